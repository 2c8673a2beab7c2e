/* Treblecross's play part: a row of cells, a move puts an X on an empty one. */
#include <stdlib.h>
#include <string.h>

#include "cgsolve/games/treblecross.h"
#include "cgsolve/rng.h"

#define DEFAULT_LENGTH 24

typedef struct play_state {
    cg_treblecross_solver solver;
    char *board;
    size_t len;
    size_t capacity;
} play_state;

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    (void)options;
    play_state *s = state;
    cg_treblecross_init(&s->solver, budget);
    if (position != NULL) {
        return cg_treblecross_read_board(position, &s->board, &s->len, &s->capacity, err);
    }
    s->board = malloc(DEFAULT_LENGTH + 1);
    if (s->board == NULL) {
        return cg_error_nomem(err, "starting treblecross");
    }
    memset(s->board, '.', DEFAULT_LENGTH);
    s->board[DEFAULT_LENGTH] = '\0';
    s->len = DEFAULT_LENGTH;
    s->capacity = DEFAULT_LENGTH + 1;
    return CG_OK;
}

/* A random board of 10 to 40 cells with a few X, no two within two cells
 * (so no move completes a triple at once and the game is not decided). */
static cg_status start_random(void *state, uint64_t seed, const cg_options *options,
                              cg_budget *budget, cg_error *err) {
    (void)options;
    play_state *s = state;
    cg_treblecross_init(&s->solver, budget);
    cg_rng rng = cg_rng_make(seed);
    s->len = 10 + (size_t)cg_rng_below(&rng, 31);
    s->capacity = s->len + 1;
    s->board = malloc(s->capacity);
    if (s->board == NULL) {
        return cg_error_nomem(err, "starting treblecross");
    }
    memset(s->board, '.', s->len);
    s->board[s->len] = '\0';
    for (size_t tries = cg_rng_below(&rng, 4); tries > 0; tries--) {
        size_t cell = (size_t)cg_rng_below(&rng, s->len);
        bool alone = true;
        for (size_t d = 0; d <= 2; d++) {
            alone &= (cell < d || s->board[cell - d] == '.') &&
                     (cell + d >= s->len || s->board[cell + d] == '.');
        }
        s->board[cell] = alone ? 'X' : '.';
    }
    return CG_OK;
}

/* The board over a ruler of cell numbers: tens on a line above the units
 * (shown at every tenth cell), so cell 23 reads as 2 over 3. */
static void show(void *state, cg_buf *out) {
    const play_state *s = state;
    cg_buf_puts(out, "  ");
    cg_buf_append(out, s->board, s->len);
    if (s->len >= 10) {
        cg_buf_puts(out, "\n  ");
        for (size_t i = 1; i <= s->len; i++) {
            cg_buf_putc(out, i % 10 == 0 ? (char)('0' + i / 10 % 10) : ' ');
        }
    }
    cg_buf_puts(out, "\n  ");
    for (size_t i = 1; i <= s->len; i++) {
        cg_buf_putc(out, (char)('0' + i % 10));
    }
    cg_buf_putc(out, '\n');
}

static bool over(const play_state *s) {
    return strstr(s->board, "XXX") != NULL;
}

static cg_status legal_moves(void *state, cg_strlist *moves, cg_error *err) {
    (void)err;
    const play_state *s = state;
    for (size_t i = 0; i < s->len && !over(s); i++) {
        if (s->board[i] == '.') {
            cg_strlist_addf(moves, "%zu", i + 1);
        }
    }
    return CG_OK;
}

static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    play_state *s = state;
    if (over(s)) {
        return CG_OK;
    }
    cg_status st = cg_treblecross_solve(&s->solver, s->board, s->len, err);
    const cg_treblecross_result *r = &s->solver.result;
    for (size_t i = 0; st == CG_OK && r->winning && i < r->move_count; i++) {
        cg_strlist_addf(moves, "%zu", r->moves[i] + 1);
    }
    return st;
}

static cg_status play(void *state, const char *move, cg_error *err) {
    play_state *s = state;
    char *end;
    unsigned long long cell = strtoull(move, &end, 10);
    if (*end != '\0' || move[0] == '-' || move[0] == '+' || cell < 1 || cell > s->len) {
        return cg_error_set(err, CG_ERR_INPUT, "expected a cell number from 1 to %zu", s->len);
    }
    if (over(s)) {
        return cg_error_set(err, CG_ERR_INPUT, "the game is over");
    }
    if (s->board[cell - 1] != '.') {
        return cg_error_set(err, CG_ERR_INPUT, "cell %llu already holds an X", cell);
    }
    s->board[cell - 1] = 'X';
    return CG_OK;
}

/* Without a winning move: a cell at distance >= 3 from every X, which hands
 * the opponent no immediate win; otherwise any empty cell. */
static cg_status losing_choice(void *state, cg_buf *move, cg_error *err) {
    play_state *s = state;
    cg_status st = cg_treblecross_solve(&s->solver, s->board, s->len, err);
    if (st != CG_OK) {
        return st;
    }
    const cg_treblecross_result *r = &s->solver.result;
    size_t cell =
        r->stretch_count > 0 ? r->stretches[0].start : (size_t)(strchr(s->board, '.') - s->board);
    cg_buf_printf(move, "%zu", cell + 1);
    return CG_OK;
}

static void close_play(void *state) {
    play_state *s = state;
    cg_treblecross_free(&s->solver);
    free(s->board);
}

const cg_play_rules cg_treblecross_play = {
    .intro = "Treblecross: we take turns putting an X on an empty cell; whoever first\n"
             "makes three X in a row wins.\n",
    .move_word = "cell",
    .move_help = "a cell number",
    .state_size = sizeof(play_state),
    .start = start,
    .start_random = start_random,
    .show = show,
    .legal_moves = legal_moves,
    .winning_moves = winning_moves,
    .play = play,
    .losing_choice = losing_choice,
    .close = close_play,
};
