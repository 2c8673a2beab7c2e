/* Playing Treblecross against the solver. */
#include <stdlib.h>
#include <string.h>

#include "cgsolve/games/treblecross.h"

#define DEFAULT_LENGTH 24

typedef struct play_state {
    cg_treblecross_solver solver;
    char *board;
    size_t len;
    size_t capacity;
} play_state;

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_error *err) {
    play_state *s = state;
    cg_treblecross_init(&s->solver, options->memory_limit);
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

/* The board over a ruler of cell numbers (last digit). */
static void show(void *state, cg_buf *out) {
    const play_state *s = state;
    cg_buf_puts(out, "  ");
    cg_buf_append(out, s->board, s->len);
    cg_buf_puts(out, "\n  ");
    for (size_t i = 1; i <= s->len; i++) {
        cg_buf_putc(out, (char)('0' + i % 10));
    }
    cg_buf_putc(out, '\n');
}

static bool over(void *state) {
    const play_state *s = state;
    return strstr(s->board, "XXX") != NULL;
}

static cg_status play(void *state, const cg_token *move, cg_buf *said, cg_error *err) {
    play_state *s = state;
    char *end;
    unsigned long long cell = strtoull(move->text, &end, 10);
    if (*end != '\0' || cell < 1 || cell > s->len) {
        return cg_error_set(err, CG_ERR_INPUT, "expected a cell number from 1 to %zu", s->len);
    }
    if (s->board[cell - 1] != '.') {
        return cg_error_set(err, CG_ERR_INPUT, "cell %llu already holds an X", cell);
    }
    s->board[cell - 1] = 'X';
    cg_buf_printf(said, "You play cell %llu.\n", cell);
    return CG_OK;
}

/* A winning cell when there is one; otherwise a cell at distance >= 3 from
 * every X, which at least hands the opponent no immediate win; otherwise any
 * empty cell. */
static cg_status respond(void *state, cg_buf *said, cg_error *err) {
    play_state *s = state;
    cg_status st = cg_treblecross_solve(&s->solver, s->board, s->len, err);
    if (st != CG_OK) {
        return st;
    }
    const cg_treblecross_result *r = &s->solver.result;
    size_t cell = SIZE_MAX;
    const char *why;
    if (r->winning) {
        cell = r->moves[0];
        why = r->immediate ? "three in a row" : "it leaves you a losing position";
    } else if (r->stretch_count > 0) {
        cell = r->stretches[0].start;
        why = "no move wins against perfect play; this one gives nothing away at once";
    } else {
        cell = (size_t)(strchr(s->board, '.') - s->board);
        why = "every move lets you complete three in a row";
    }
    s->board[cell] = 'X';
    cg_buf_printf(said, "I play cell %zu (%s).\n", cell + 1, why);
    return CG_OK;
}

static cg_status hint(void *state, cg_buf *said, cg_error *err) {
    play_state *s = state;
    cg_status st = cg_treblecross_solve(&s->solver, s->board, s->len, err);
    if (st != CG_OK) {
        return st;
    }
    const cg_treblecross_result *r = &s->solver.result;
    if (!r->winning) {
        cg_buf_puts(said, "No move wins against perfect play.\n");
        return CG_OK;
    }
    cg_buf_puts(said, "Winning cells:");
    for (size_t i = 0; i < r->move_count; i++) {
        cg_buf_printf(said, " %zu", r->moves[i] + 1);
    }
    cg_buf_putc(said, '\n');
    return CG_OK;
}

static void close_play(void *state) {
    play_state *s = state;
    cg_treblecross_free(&s->solver);
    free(s->board);
}

const cg_play_game cg_play_treblecross = {
    .name = "treblecross",
    .move_help = "a cell number",
    .state_size = sizeof(play_state),
    .start = start,
    .show = show,
    .over = over,
    .play = play,
    .respond = respond,
    .hint = hint,
    .close = close_play,
};
