/* Treblecross's play part: a row of cells, a move puts an X on an empty one. */
#include <stdlib.h>
#include <string.h>

#include "core/rng_internal.h"
#include "games/treblecross_internal.h"

#define DEFAULT_LENGTH 24

typedef struct play_state {
    cg_treblecross_solver solver;
    char *board;
    size_t len;
    size_t capacity;
} play_state;

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    play_state *s = state;
    cg_treblecross_init(&s->solver, budget);
    /* the session's stop: a board of hundreds of thousands of cells takes seconds */
    cg_octal_engine_set_progress(&s->solver.grundy, options->progress_hook,
                                 options->progress_context);
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
    play_state *s = state;
    cg_treblecross_init(&s->solver, budget);
    /* the session's stop: a board of hundreds of thousands of cells takes seconds */
    cg_octal_engine_set_progress(&s->solver.grundy, options->progress_hook,
                                 options->progress_context);
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

/* Cells from..to (1-based) over a ruler of cell numbers: at every tenth
 * cell the number of tens, its last digit above the cell, on a line above
 * the units, so cell 23 reads as 2 over 3 and cell 120 as 12 over 0. */
static void show_row(const play_state *s, size_t from, size_t to, cg_buf *out) {
    cg_buf_puts(out, "  ");
    cg_buf_append(out, s->board + from - 1, to - from + 1);
    if (s->len >= 10) {
        cg_buf tens = CG_BUF_INIT;
        for (size_t i = from; i <= to; i++) {
            cg_buf_putc(&tens, ' ');
        }
        for (size_t i = from; i <= to && tens.data != NULL; i++) {
            char digits[24];
            int n = i % 10 == 0 ? snprintf(digits, sizeof digits, "%zu", i / 10) : 0;
            size_t at = i - from; /* the tens' last digit goes above cell i */
            for (int k = n - 1; k >= 0 && at + 1 >= (size_t)(n - k); k--) {
                tens.data[at - (size_t)(n - 1 - k)] = digits[k];
            }
        }
        cg_buf_puts(out, "\n  ");
        cg_buf_append(out, tens.data != NULL ? tens.data : "", tens.len);
        if (cg_buf_failed(&tens)) {
            cg_buf_fail(out);
        }
        cg_buf_free(&tens);
    }
    cg_buf_puts(out, "\n  ");
    for (size_t i = from; i <= to; i++) {
        cg_buf_putc(out, (char)('0' + i % 10));
    }
    cg_buf_putc(out, '\n');
}

/* A board longer than the line goes in rows of whole tens, each with its
 * ruler, a blank line between rows. */
static void show(void *state, size_t columns, cg_buf *out) {
    const play_state *s = state;
    size_t row = columns < 12 ? s->len : (columns - 2) / 10 * 10; /* 0: no bound */
    row = row == 0 || row > s->len ? s->len : row;
    for (size_t from = 1; from <= s->len; from += row) {
        size_t to = from + row - 1 < s->len ? from + row - 1 : s->len;
        if (from > 1) {
            cg_buf_putc(out, '\n');
        }
        show_row(s, from, to, out);
    }
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

/* A move next to an X (within two cells) lets the opponent complete three. */
static const char *const hands_a_triple = "it lets the opponent complete three in a row";

/* The position's value, and each move's: the free stretches it leaves, each
 * a heap of 0.007 (see treblecross_internal.h), or, next to an X, a loss at once. */
/* The value of the move at cell i when some move completes a triple: a win
 * for those that do (the game over: 0), a loss for every other. */
static void add_immediate_move(const cg_treblecross_result *r, size_t i, const char *name,
                               cg_play_values *values) {
    bool completes = false;
    for (size_t k = 0; k < r->move_count; k++) {
        completes |= r->moves[k] == i;
    }
    cg_play_value *v =
        cg_play_values_add(values, name, completes ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS);
    if (completes) {
        cg_play_value_grundy(v, values);
    }
    cg_play_values_why(values, "%s", completes ? "it completes three in a row" : hands_a_triple);
}

/* The free stretch holding cell i, or stretch_count when none does (a move
 * there hands the opponent a triple). */
static size_t stretch_holding(const cg_treblecross_result *r, size_t i) {
    size_t in = r->stretch_count;
    for (size_t k = 0; k < r->stretch_count; k++) {
        const cg_treblecross_stretch *t = &r->stretches[k];
        in = i >= t->start && i < t->start + t->length ? k : in;
    }
    return in;
}

/* The move at cell i of stretch in: the stretches it leaves in its place,
 * every other one as it is; it wins when their values add to 0. */
static void add_move_in_stretch(const play_state *s, size_t i, size_t in, const char *name,
                                cg_play_values *values) {
    const cg_treblecross_result *r = &s->solver.result;
    cg_play_value *v = cg_play_values_add(values, name, CG_OUTCOME_LOSS);
    cg_play_value_grundy(v, values);
    for (size_t k = 0; k < r->stretch_count; k++) {
        const cg_treblecross_stretch *t = &r->stretches[k];
        if (k != in) {
            cg_play_values_component(values, v, t->grundy);
            continue;
        }
        cg_treblecross_split split = cg_treblecross_split_at(t->length, i - t->start + 1);
        if (split.left > 0) {
            cg_play_values_component(values, v,
                                     cg_treblecross_stretch_value(&s->solver, split.left));
        }
        if (split.right > 0) {
            cg_play_values_component(values, v,
                                     cg_treblecross_stretch_value(&s->solver, split.right));
        }
    }
    if (v != NULL) {
        v->outcome = v->amount == 0 ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
    }
}

static cg_status move_values(void *state, cg_play_values *values, cg_error *err) {
    play_state *s = state;
    if (over(s)) {
        return CG_OK;
    }
    cg_status st = cg_treblecross_solve(&s->solver, s->board, s->len, err);
    if (st != CG_OK) {
        return st;
    }
    const cg_treblecross_result *r = &s->solver.result;
    values->position.outcome = r->winning ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
    if (!r->immediate) {
        cg_play_value_grundy(&values->position, values);
        for (size_t k = 0; k < r->stretch_count; k++) {
            cg_play_values_component(values, &values->position, r->stretches[k].grundy);
        }
    }
    for (size_t i = 0; i < s->len; i++) {
        if (s->board[i] != '.') {
            continue;
        }
        char name[24];
        snprintf(name, sizeof name, "%zu", i + 1);
        if (r->immediate) {
            add_immediate_move(r, i, name, values);
            continue;
        }
        size_t in = stretch_holding(r, i);
        if (in == r->stretch_count) {
            cg_play_values_add(values, name, CG_OUTCOME_LOSS);
            cg_play_values_why(values, "%s", hands_a_triple);
        } else {
            add_move_in_stretch(s, i, in, name, values);
        }
    }
    return CG_OK;
}

static void describe(void *state, cg_report *report) {
    const play_state *s = state;
    cg_report_string_n(report, "cells", s->board, s->len);
}

static cg_status write_position(void *state, cg_buf *out, cg_error *err) {
    (void)err;
    const play_state *s = state;
    cg_buf_append(out, s->board, s->len);
    cg_buf_putc(out, '\n');
    return CG_OK;
}

static void close_play(void *state) {
    play_state *s = state;
    cg_treblecross_free(&s->solver);
    free(s->board);
}

const cg_play_rules cg_treblecross_play = {
    .intro = "Treblecross: we take turns putting an X on an empty cell; whoever "
             "first makes three X in a row wins.\n",
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
    .move_values = move_values,
    .describe = describe,
    .write_position = write_position,
};
