#include "cgsolve/games/numbergame.h"

#include "cgsolve/state_graph.h"

#include <stdlib.h>
#include <string.h>

static uint64_t bit_of(int x) {
    return (uint64_t)1 << (x - 2);
}

uint64_t cg_numbergame_full(int max) {
    return max >= 65 ? UINT64_MAX : (((uint64_t)1 << (max - 1)) - 1);
}

cg_status cg_numbergame_init(cg_numbergame *game, int max, size_t memory_limit, cg_error *err) {
    memset(game, 0, sizeof *game);
    if (max < 2 || max > CG_NUMBERGAME_MAX_MAX) {
        return cg_error_set(err, CG_ERR_USAGE, "the largest number must be 2..%d, not %d",
                            CG_NUMBERGAME_MAX_MAX, max);
    }
    game->max = max;
    cg_memo_init(&game->memo, memory_limit);
    return CG_OK;
}

void cg_numbergame_free(cg_numbergame *game) {
    cg_memo_free(&game->memo);
}

/* y becomes forbidden iff it is already, or y = x, or y - x is forbidden
 * after the move: every element s + kx (k >= 1) of the new semigroup has
 * s + (k-1)x in it or zero. Ascending y sees y - x settled first. */
uint64_t cg_numbergame_after(int max, uint64_t available, int x) {
    uint64_t left = available & ~bit_of(x);
    for (int y = x + 2; y <= max; y++) {
        if ((left & bit_of(y)) && !(left & bit_of(y - x))) {
            left &= ~bit_of(y);
        }
    }
    return left;
}

bool cg_numbergame_reachable(int max, uint64_t available, int *a, int *b) {
    for (int x = 2; x <= max; x++) {
        for (int y = x; x + y <= max; y++) {
            if (!(available & bit_of(x)) && !(available & bit_of(y)) &&
                (available & bit_of(x + y))) {
                *a = x;
                *b = y;
                return false;
            }
        }
    }
    return true;
}

static size_t numbergame_moves(void *context, uint64_t state, uint64_t *next) {
    const cg_numbergame *game = context;
    size_t k = 0;
    for (uint64_t todo = state; todo != 0; todo &= todo - 1) {
        next[k++] = cg_numbergame_after(game->max, state, 2 + __builtin_ctzll(todo));
    }
    return k;
}

static cg_outcome numbergame_terminal(void *context, uint64_t state) {
    (void)context;
    (void)state;
    return CG_OUTCOME_LOSS; /* nothing left to choose */
}

cg_status cg_numbergame_wins(cg_numbergame *game, uint64_t available, bool *wins, cg_error *err) {
    cg_state_graph graph = {game, (size_t)game->max, numbergame_terminal, numbergame_moves, NULL,
                            NULL};
    cg_outcome outcome;
    cg_status st = cg_negamax(&graph, &game->memo, available, &outcome, err);
    *wins = outcome == CG_OUTCOME_WIN;
    return st;
}

/* ---- the cgsolve game interface ---------------------------------------- */

typedef struct run_state {
    cg_numbergame game;
    int64_t remaining;
    uint64_t position;
    uint64_t winning;    /* winning moves, as a mask */
    uint64_t child_wins; /* for each available move: the position it leaves is a win */
} run_state;

static cg_status open_run(void **out, cg_scanner *in, const cg_options *options, cg_error *err) {
    run_state *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return cg_error_nomem(err, "starting numbergame");
    }
    *out = s;
    int max = options->max_number != 0 ? (int)options->max_number : CG_NUMBERGAME_DEFAULT_MAX;
    cg_status st = cg_numbergame_init(&s->game, max, options->memory_limit, err);
    if (st != CG_OK) {
        return st;
    }
    return cg_scan_int(in, "the number of scenarios (a non-negative integer)", 0, INT64_MAX,
                       &s->remaining, NULL, err);
}

static cg_status read_case(void *state, cg_scanner *in, cg_error *err) {
    run_state *s = state;
    if (s->remaining == 0) {
        return CG_END;
    }
    int max = s->game.max;
    int64_t count;
    char what[64];
    snprintf(what, sizeof what, "the count of available numbers (0..%d)", max - 1);
    cg_status st = cg_scan_int(in, what, 0, max - 1, &count, NULL, err);
    if (st != CG_OK) {
        return st;
    }
    snprintf(what, sizeof what, "an available number (2..%d)", max);
    uint64_t position = 0;
    cg_token tok;
    for (int64_t i = 0; i < count; i++) {
        int64_t x;
        if ((st = cg_scan_int(in, what, 2, max, &x, &tok, err)) != CG_OK) {
            return st;
        }
        if (position & bit_of((int)x)) {
            return cg_scan_error_at(in, &tok, 0, err, "%lld is listed twice", (long long)x);
        }
        position |= bit_of((int)x);
    }
    int a, b;
    if (!cg_numbergame_reachable(max, position, &a, &b)) {
        /* Blame the last number read: the set is only wrong as a whole. */
        char why[64];
        if (a == b) {
            snprintf(why, sizeof why, "%d is forbidden", a);
        } else {
            snprintf(why, sizeof why, "%d and %d are forbidden", a, b);
        }
        return cg_scan_error_at(in, &tok, 0, err,
                                "unreachable position: %d is available but %d + %d = %d and %s",
                                a + b, a, b, a + b, why);
    }
    s->position = position;
    s->remaining--;
    return CG_OK;
}

static cg_status solve_case(void *state, cg_error *err) {
    run_state *s = state;
    s->winning = 0;
    s->child_wins = 0;
    for (int x = 2; x <= s->game.max; x++) {
        if (!(s->position & bit_of(x))) {
            continue;
        }
        bool child_wins;
        uint64_t child = cg_numbergame_after(s->game.max, s->position, x);
        cg_status st = cg_numbergame_wins(&s->game, child, &child_wins, err);
        if (st != CG_OK) {
            return st;
        }
        if (child_wins) {
            s->child_wins |= bit_of(x);
        } else {
            s->winning |= bit_of(x);
        }
    }
    return CG_OK;
}

static void write_answer(void *state, uint64_t number, cg_buf *out) {
    const run_state *s = state;
    cg_buf_printf(out, "Scenario #%llu:\n", (unsigned long long)number);
    if (s->winning == 0) {
        cg_buf_puts(out, "There is no winning move.\n\n");
        return;
    }
    cg_buf_puts(out, "The winning moves are:");
    for (int x = 2; x <= s->game.max; x++) {
        if (s->winning & bit_of(x)) {
            cg_buf_printf(out, " %d", x);
        }
    }
    cg_buf_puts(out, ".\n\n");
}

static void report_numbers(cg_report *report, const char *key, int max, uint64_t position) {
    cg_report_open_list(report, key);
    for (int x = 2; x <= max; x++) {
        if (position & bit_of(x)) {
            cg_report_int(report, NULL, x);
        }
    }
    cg_report_close(report);
}

static void explain_case(void *state, cg_report *report) {
    const run_state *s = state;
    int max = s->game.max;
    cg_report_int(report, "max", max);
    report_numbers(report, "available", max, s->position);
    cg_report_bool(report, "winning", s->winning != 0);
    cg_report_open_list(report, "moves");
    for (int x = 2; x <= max; x++) {
        if (!(s->position & bit_of(x))) {
            continue;
        }
        uint64_t child = cg_numbergame_after(max, s->position, x);
        cg_report_open_object(report, NULL);
        cg_report_int(report, "choose", x);
        cg_report_string(report, "outcome", (s->winning & bit_of(x)) ? "wins" : "loses");
        report_numbers(report, "leaves", max, child);
        cg_report_close(report);
    }
    cg_report_close(report);
    cg_report_int(report, "positions_in_table", (int64_t)s->game.memo.count);
}

static void close_run(void *state) {
    run_state *s = state;
    if (s == NULL) {
        return;
    }
    cg_numbergame_free(&s->game);
    free(s);
}

const cg_game cg_game_numbergame = {
    .name = "numbergame",
    .summary = "UVa 1558 Number game: bounded Sylver coinage, every winning move",
    .input_help = "Input: the number of scenarios, then per scenario a count a and the a\n"
                  "available numbers (2..M, default M = 20). The forbidden numbers must be\n"
                  "closed under addition (a position reachable by play).\n"
                  "Output per scenario: 'Scenario #i:', then 'The winning moves are: w1 w2.'\n"
                  "or 'There is no winning move.', then a blank line.\n"
                  "--max M plays on 2..M (M <= 56); --explain gives every move's outcome.\n",
    .extra_options = CG_GAME_OPTION_MAX,
    .case_separator = "",
    .open = open_run,
    .read_case = read_case,
    .solve_case = solve_case,
    .write_answer = write_answer,
    .explain_case = explain_case,
    .close = close_run,
};
