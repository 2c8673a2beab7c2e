/* The number game's play part: a move chooses an available number. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng_internal.h"
#include "games/numbergame_internal.h"

typedef struct play_state {
    cg_numbergame game;
    uint64_t position;
    uint64_t chosen; /* the numbers chosen in play (bit x - 2 for x) */
    cg_memo values;  /* outcome | remoteness << 2, by position */
    cg_stop stop;    /* the session's stop, polled by every search */
    bool ready;
} play_state;

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    play_state *s = state;
    int max = options->max_number != 0 ? (int)options->max_number : CG_NUMBERGAME_DEFAULT_MAX;
    cg_status st = cg_numbergame_init(&s->game, max, budget, err);
    if (st != CG_OK) {
        return st;
    }
    cg_memo_init(&s->values, budget);
    s->stop = cg_stop_make(options, "Number Game positions");
    s->game.stop = &s->stop;
    s->ready = true;
    if (position != NULL) {
        return cg_numbergame_read_position(position, max, &s->position, err);
    }
    s->position = cg_numbergame_full(max);
    return CG_OK;
}

/* A random reachable position: the numbers left after one to three random
 * choices from the full set. */
static cg_status start_random(void *state, uint64_t seed, const cg_options *options,
                              cg_budget *budget, cg_error *err) {
    play_state *s = state;
    cg_status st = start(state, NULL, options, budget, err);
    cg_rng rng = cg_rng_make(seed);
    for (uint64_t k = 1 + cg_rng_below(&rng, 3); st == CG_OK && k > 0 && s->position != 0; k--) {
        int count = __builtin_popcountll(s->position);
        int pick = (int)cg_rng_below(&rng, (uint64_t)count);
        CG_NUMBERGAME_FOR_EACH(x, s->position) {
            if (pick-- == 0) {
                s->position = cg_numbergame_after(s->game.max, s->position, x);
                break;
            }
        }
    }
    return st;
}

static void show(void *state, size_t columns, cg_buf *out) {
    (void)columns; /* the core folds the numbers at their spaces */
    const play_state *s = state;
    cg_buf_puts(out, "  Available:");
    CG_NUMBERGAME_FOR_EACH(x, s->position) {
        cg_buf_printf(out, " %d", x);
    }
    cg_buf_puts(out, s->position == 0 ? " none\n" : "\n");
}

static cg_status legal_moves(void *state, cg_strlist *moves, cg_error *err) {
    (void)err;
    const play_state *s = state;
    CG_NUMBERGAME_FOR_EACH(x, s->position) {
        cg_strlist_addf(moves, "%d", x);
    }
    return CG_OK;
}

static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    play_state *s = state;
    uint64_t winning;
    cg_status st = cg_numbergame_winning_moves(&s->game, s->position, &winning, err);
    if (st == CG_OK) {
        CG_NUMBERGAME_FOR_EACH(x, winning) {
            cg_strlist_addf(moves, "%d", x);
        }
    }
    return st;
}

static cg_status play(void *state, const char *move, cg_error *err) {
    play_state *s = state;
    char *end;
    long x = strtol(move, &end, 10);
    if (*end != '\0' || end == move || x < 2 || x > s->game.max ||
        !(s->position & cg_numbergame_bit((int)x))) {
        return cg_error_set(err, CG_ERR_INPUT, "%s is not an available number", move);
    }
    s->position = cg_numbergame_after(s->game.max, s->position, (int)x);
    s->chosen |= cg_numbergame_bit((int)x);
    return CG_OK;
}

/* Without a winning move: the largest available number, which forbids the
 * fewest others and so keeps the game long. */
static cg_status losing_choice(void *state, cg_buf *move, cg_error *err) {
    (void)err;
    const play_state *s = state;
    cg_buf_printf(move, "%d", 65 - __builtin_clzll(s->position));
    return CG_OK;
}

/* ---- values: remoteness, and what a choice removes ---------------------- */

static size_t graph_moves(void *context, uint64_t state, uint64_t *next) {
    const play_state *s = context;
    size_t k = 0;
    CG_NUMBERGAME_FOR_EACH(x, state) {
        next[k++] = cg_numbergame_after(s->game.max, state, x);
    }
    return k;
}

static cg_outcome graph_terminal(void *context, uint64_t state) {
    (void)context, (void)state;
    return CG_OUTCOME_LOSS; /* nothing left to choose */
}

/* Why y is unavailable in forbidden (a mask of 2..max): "7 = 2 + 5" (the
 * smallest first part; prefix false: "2 + 5"), or "chosen" when it was
 * chosen or is no sum of two forbidden numbers. */
static void write_reason(const play_state *s, uint64_t forbidden, int y, bool prefix, cg_buf *out) {
    for (int a = 2; 2 * a <= y && !(s->chosen & cg_numbergame_bit(y)); a++) {
        if (y - a >= 2 && (forbidden & cg_numbergame_bit(a)) &&
            (forbidden & cg_numbergame_bit(y - a))) {
            if (prefix) {
                cg_buf_printf(out, "%d = ", y);
            }
            cg_buf_printf(out, "%d + %d", a, y - a);
            return;
        }
    }
    cg_buf_puts(out, "chosen");
}

static cg_status move_values(void *state, cg_play_values *values, cg_error *err) {
    play_state *s = state;
    cg_state_graph graph = {s,       (size_t)s->game.max, graph_terminal, graph_moves, NULL, NULL,
                            &s->stop};
    unsigned r;
    cg_status st =
        cg_play_remoteness(&graph, &s->values, s->position, &values->position.outcome, &r, err);
    values->position.measure = CG_MEASURE_REMOTENESS;
    values->position.amount = r;
    uint64_t full = cg_numbergame_full(s->game.max);
    CG_NUMBERGAME_FOR_EACH(x, s->position) {
        if (st != CG_OK) {
            break;
        }
        uint64_t after = cg_numbergame_after(s->game.max, s->position, x);
        cg_outcome outcome;
        st = cg_play_remoteness(&graph, &s->values, after, &outcome, &r, err);
        if (st != CG_OK) {
            break;
        }
        char name[8];
        snprintf(name, sizeof name, "%d", x);
        cg_play_value *v = cg_play_values_add(values, name, cg_outcome_flip(outcome));
        if (v == NULL) {
            break;
        }
        v->measure = CG_MEASURE_REMOTENESS;
        v->amount = r;
        /* "5 removes 5, 7 = 2 + 5, 9 = 2 + 7" */
        cg_buf why = CG_BUF_INIT;
        cg_buf_printf(&why, "%d removes", x);
        uint64_t removed = s->position & ~after;
        const char *comma = "";
        CG_NUMBERGAME_FOR_EACH(y, removed) {
            cg_buf_printf(&why, "%s %d", comma, y);
            if (y != x) {
                cg_buf_puts(&why, " = ");
                write_reason(s, full & ~after, y, false, &why);
            }
            comma = ",";
        }
        cg_play_values_why(values, "%s", why.data != NULL ? why.data : "");
        values->failed |= cg_buf_failed(&why);
        cg_buf_free(&why);
    }
    if (st == CG_ERR_LIMIT) {
        /* Release what did not fit, for the outcomes that follow. A stop
         * needs no release here: cg_play takes the command back by
         * replaying, which closes this state, its tables with it. */
        cg_memo_free(&s->values);
        cg_memo_init(&s->values, s->game.memo.budget);
    }
    return st;
}

static void describe(void *state, cg_report *report) {
    const play_state *s = state;
    cg_report_int(report, "max", s->game.max);
    cg_report_open_list(report, "available");
    CG_NUMBERGAME_FOR_EACH(x, s->position) {
        cg_report_int(report, NULL, x);
    }
    cg_report_close(report);
    cg_report_open_list(report, "removed");
    uint64_t forbidden = cg_numbergame_full(s->game.max) & ~s->position;
    CG_NUMBERGAME_FOR_EACH(y, forbidden) {
        cg_report_open_object(report, NULL);
        cg_report_int(report, "number", y);
        cg_buf reason = CG_BUF_INIT;
        write_reason(s, forbidden, y, true, &reason);
        cg_report_string_n(report, "reason", reason.data != NULL ? reason.data : "", reason.len);
        report->failed |= cg_buf_failed(&reason);
        cg_buf_free(&reason);
        cg_report_close(report);
    }
    cg_report_close(report);
}

/* The judge's format: the count of available numbers, then the numbers. */
static cg_status write_position(void *state, cg_buf *out, cg_error *err) {
    (void)err;
    const play_state *s = state;
    cg_buf_printf(out, "%d", __builtin_popcountll(s->position));
    CG_NUMBERGAME_FOR_EACH(x, s->position) {
        cg_buf_printf(out, " %d", x);
    }
    cg_buf_putc(out, '\n');
    return CG_OK;
}

static void close_play(void *state) {
    play_state *s = state;
    if (s->ready) {
        cg_memo_free(&s->values);
    }
    cg_numbergame_free(&s->game);
}

const cg_play_rules cg_numbergame_play = {
    .intro = "The number game: we take turns choosing an available number; a "
             "chosen number and every sum of chosen numbers become unavailable. "
             "Whoever has no number left to choose loses.\n",
    .move_word = "number",
    .move_help = "an available number",
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
