/* Domino's play part: the deal is open (both hands shown), the highest
 * double opens automatically, and you play the side that moves after it
 * (or the other with --first computer). A move lays a tile: "a-b", or
 * "a-b:e" when it fits both open ends and e names the end it goes on;
 * "pass" when nothing fits. Perfect play is the --optimal negamax: a win is
 * preferred to a draw (a blocked game, won by nobody) to a loss. */
#include <stdlib.h>
#include <string.h>

#include "core/rng_internal.h"
#include "games/domino_internal.h"

#define USUAL_HAND 7

typedef struct play_state {
    cg_domino_deal deal;
    cg_domino_rules rules;
    cg_state_graph graph;
    cg_memo memo;
    cg_memo values; /* outcome | remoteness << 2, by position */
    cg_stop stop;   /* the session's stop, polled by every search of graph */
    uint64_t position;
    uint64_t opening; /* the position after the opening double */
    cg_domino_player human;
    bool ready;
    /* The line on the table, grown at both ends from the opening double:
     * tiles[CG_DOMINO_TILES - 1] is the double, those before it were laid
     * to the left, those after to the right; each as (near, far) numbers. */
    uint8_t line[2 * CG_DOMINO_TILES][2];
    int first, last; /* the line is line[first..last] */
    int left, right; /* the numbers showing at its two ends */
} play_state;

static const char *const colour[2] = {"Red", "Green"};

static cg_status set_up(play_state *s, const cg_options *options, cg_budget *budget) {
    s->position = cg_domino_graph(&s->deal, &s->rules, &s->graph);
    s->stop = cg_stop_make(options, "domino positions");
    s->graph.stop = &s->stop;
    int opened = cg_domino_look(&s->rules, s->position).end_low;
    s->first = s->last = CG_DOMINO_TILES - 1;
    s->line[s->first][0] = s->line[s->first][1] = (uint8_t)opened;
    s->left = s->right = opened;
    cg_memo_init(&s->memo, budget);
    cg_memo_init(&s->values, budget);
    s->opening = s->position;
    s->ready = true;
    cg_domino_player first = cg_domino_look(&s->rules, s->position).mover;
    s->human = options->computer_first ? (cg_domino_player)(1 - first) : first;
    return CG_OK;
}

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    play_state *s = state;
    if (position == NULL) {
        cg_rng rng = cg_rng_make(742);
        cg_domino_random_deal(&s->deal, USUAL_HAND, &rng);
    } else {
        cg_status st = cg_domino_read_deal(position, &s->deal, err);
        if (st == CG_END) {
            return cg_error_set(err, CG_ERR_INPUT, "%s: expected a deal, found none",
                                cg_scanner_name(position));
        }
        if (st != CG_OK) {
            return st;
        }
    }
    return set_up(s, options, budget);
}

static cg_status start_random(void *state, uint64_t seed, const cg_options *options,
                              cg_budget *budget, cg_error *err) {
    (void)err;
    play_state *s = state;
    cg_rng rng = cg_rng_make(seed);
    cg_domino_random_deal(&s->deal, 3 + (int)cg_rng_below(&rng, 5), &rng);
    return set_up(s, options, budget);
}

static void show_hand(const play_state *s, cg_domino_player p, uint32_t hand, cg_buf *out) {
    cg_buf_printf(out, "  %s (%s):", colour[p], p == s->human ? "you" : "me");
    for (uint32_t rest = hand; rest != 0; rest &= rest - 1) {
        int a, b;
        cg_domino_tile(&s->rules, __builtin_ctz(rest), &a, &b);
        cg_buf_printf(out, " %d-%d", a, b);
    }
    cg_buf_puts(out, hand == 0 ? " (empty)\n" : "\n");
}

/* The tiles of hand that fit end value e. */
static void show_fits(const play_state *s, uint32_t hand, int e, cg_buf *out) {
    cg_buf_printf(out, " %d:", e);
    bool any = false;
    for (uint32_t rest = hand; rest != 0; rest &= rest - 1) {
        int a, b;
        cg_domino_tile(&s->rules, __builtin_ctz(rest), &a, &b);
        if (a == e || b == e) {
            cg_buf_printf(out, " %d-%d", a, b);
            any = true;
        }
    }
    cg_buf_puts(out, any ? "" : " none");
}

static bool game_over(const play_state *s) {
    uint64_t next[2 * CG_DOMINO_MAX_HAND + 1];
    return s->graph.moves(s->graph.context, s->position, next) == 0;
}

static void show(void *state, size_t columns, cg_buf *out) {
    (void)columns; /* the core folds the hands at their spaces */
    const play_state *s = state;
    cg_domino_view v = cg_domino_look(&s->rules, s->position);
    show_hand(s, CG_DOMINO_RED, v.hand[0], out);
    show_hand(s, CG_DOMINO_GREEN, v.hand[1], out);
    cg_buf_puts(out, "  Line:");
    for (int i = s->first; i <= s->last; i++) {
        cg_buf_printf(out, " %d-%d", s->line[i][0], s->line[i][1]);
    }
    if (game_over(s)) {
        cg_buf_printf(out, "\n  Open ends: %d and %d.\n", s->left, s->right);
        return;
    }
    cg_buf_printf(out, "\n  Open ends: %d and %d. %s to move; tiles that fit", s->left, s->right,
                  colour[v.mover]);
    show_fits(s, v.hand[v.mover], s->left, out);
    if (s->right != s->left) {
        cg_buf_putc(out, ';');
        show_fits(s, v.hand[v.mover], s->right, out);
    }
    cg_buf_puts(out, ".\n");
}

/* Lay move m on the line: at the end showing the number it was laid against. */
static void extend_line(play_state *s, const cg_domino_move *m) {
    if (m->pass) {
        return;
    }
    if (s->left == m->a) {
        s->first--;
        s->line[s->first][0] = m->b;
        s->line[s->first][1] = m->a;
        s->left = m->b;
    } else {
        s->last++;
        s->line[s->last][0] = m->a;
        s->line[s->last][1] = m->b;
        s->right = m->b;
    }
}

/* A move as it is typed; `twice` when the same tile may go on either end. */
static void write_move(const cg_domino_move *m, bool twice, cg_strlist *moves) {
    int a = m->a < m->b ? m->a : m->b, b = m->a < m->b ? m->b : m->a;
    if (m->pass) {
        cg_strlist_addf(moves, "pass");
    } else if (twice) {
        cg_strlist_addf(moves, "%d-%d:%d", a, b, m->a);
    } else {
        cg_strlist_addf(moves, "%d-%d", a, b);
    }
}

typedef enum which { ALL, WINNING, DRAWING } which;

static cg_status list(play_state *s, which wanted, cg_strlist *moves, cg_error *err) {
    uint64_t next[2 * CG_DOMINO_MAX_HAND + 1];
    size_t count = s->graph.moves(s->graph.context, s->position, next);
    cg_domino_move m[2 * CG_DOMINO_MAX_HAND + 1];
    for (size_t i = 0; i < count; i++) {
        m[i] = cg_domino_step(&s->rules, s->position, next[i]);
    }
    for (size_t i = 0; i < count; i++) {
        bool twice = false;
        for (size_t j = 0; j < count; j++) {
            twice |=
                j != i && !m[i].pass && !m[j].pass &&
                ((m[i].a == m[j].b && m[i].b == m[j].a) || (m[i].a == m[j].a && m[i].b == m[j].b));
        }
        if (wanted != ALL) {
            cg_outcome after;
            cg_status st = cg_negamax(&s->graph, &s->memo, next[i], &after, err);
            if (st != CG_OK) {
                return st;
            }
            /* after is the outcome for the player then to move. */
            if ((wanted == WINNING && after != CG_OUTCOME_LOSS) ||
                (wanted == DRAWING && after != CG_OUTCOME_DRAW)) {
                continue;
            }
        }
        write_move(&m[i], twice, moves);
    }
    return CG_OK;
}

static cg_status legal_moves(void *state, cg_strlist *moves, cg_error *err) {
    return list(state, ALL, moves, err);
}

static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    return list(state, WINNING, moves, err);
}

static cg_status drawing_moves(void *state, cg_strlist *moves, cg_error *err) {
    return list(state, DRAWING, moves, err);
}

/* The index of move among the typed legal moves, also when its tile is
 * written the other way round ("5-3" for "3-5"); -1 when it is none. */
static int find_move(const cg_strlist *typed, const char *move) {
    char reversed[8] = "";
    if (strlen(move) >= 3 && move[1] == '-') {
        snprintf(reversed, sizeof reversed, "%c-%c%s", move[2], move[0], move + 3);
    }
    for (size_t i = 0; i < typed->count; i++) {
        const char *legal = cg_strlist_at(typed, i);
        if (strcmp(legal, move) == 0 || (reversed[0] != '\0' && strcmp(legal, reversed) == 0)) {
            return (int)i;
        }
    }
    return -1;
}

static cg_status play(void *state, const char *move, cg_error *err) {
    play_state *s = state;
    uint64_t next[2 * CG_DOMINO_MAX_HAND + 1];
    size_t count = s->graph.moves(s->graph.context, s->position, next);
    cg_strlist typed = CG_STRLIST_INIT;
    cg_status st = legal_moves(state, &typed, err);
    if (st == CG_OK && cg_strlist_failed(&typed)) {
        st = cg_error_nomem(err, "listing the legal moves");
    }
    int found = st == CG_OK ? find_move(&typed, move) : -1;
    if (found >= 0) {
        cg_domino_move m = cg_domino_step(&s->rules, s->position, next[found]);
        extend_line(s, &m);
        s->position = next[found];
    } else if (st == CG_OK) {
        cg_domino_view v = cg_domino_look(&s->rules, s->position);
        st = count == 1 && strcmp(cg_strlist_at(&typed, 0), "pass") == 0
                 ? cg_error_set(err, CG_ERR_INPUT, "nothing of yours fits %d or %d: type pass",
                                v.end_low, v.end_high)
                 : cg_error_set(err, CG_ERR_INPUT,
                                "'%s' is not a tile of yours that fits an open end (%d or %d); "
                                "type it as a-b, or a-b:e for the end e",
                                move, v.end_low, v.end_high);
    }
    cg_strlist_free(&typed);
    return st;
}

/* No legal move: somebody emptied their hand (the last mover), or two
 * passes blocked the game. */
static cg_play_end end(void *state) {
    const play_state *s = state;
    cg_domino_view v = cg_domino_look(&s->rules, s->position);
    return v.hand[0] == 0 || v.hand[1] == 0 ? CG_PLAY_LAST_MOVER_WON : CG_PLAY_NOBODY_WON;
}

/* ---- values: remoteness, and what a move keeps back ---------------------- */

static void write_keeps(const play_state *s, uint64_t after, cg_domino_player mover,
                        const cg_domino_move *m, cg_buf *out) {
    uint32_t hand = cg_domino_look(&s->rules, after).hand[mover];
    if (m->pass) {
        cg_buf_puts(out, "nothing fits: a pass");
        return;
    }
    if (hand == 0) {
        cg_buf_puts(out, "it empties the hand");
        return;
    }
    cg_buf_puts(out, "it keeps back");
    for (uint32_t rest = hand; rest != 0; rest &= rest - 1) {
        int a, b;
        cg_domino_tile(&s->rules, __builtin_ctz(rest), &a, &b);
        cg_buf_printf(out, " %d-%d", a, b);
    }
}

static cg_status move_values(void *state, cg_play_values *values, cg_error *err) {
    play_state *s = state;
    unsigned r;
    cg_status st =
        cg_play_remoteness(&s->graph, &s->values, s->position, &values->position.outcome, &r, err);
    values->position.measure = CG_MEASURE_REMOTENESS;
    values->position.amount = r;
    cg_strlist typed = CG_STRLIST_INIT;
    if (st == CG_OK) {
        st = list(s, ALL, &typed, err);
    }
    if (st == CG_OK && cg_strlist_failed(&typed)) {
        st = cg_error_nomem(err, "listing moves");
    }
    uint64_t next[2 * CG_DOMINO_MAX_HAND + 1];
    size_t count = s->graph.moves(s->graph.context, s->position, next);
    cg_domino_player mover = cg_domino_look(&s->rules, s->position).mover;
    for (size_t i = 0; st == CG_OK && i < count && i < typed.count; i++) {
        cg_outcome outcome;
        st = cg_play_remoteness(&s->graph, &s->values, next[i], &outcome, &r, err);
        cg_play_value *v = st == CG_OK ? cg_play_values_add(values, cg_strlist_at(&typed, i),
                                                            cg_outcome_flip(outcome))
                                       : NULL;
        if (v == NULL) {
            break;
        }
        v->measure = CG_MEASURE_REMOTENESS;
        v->amount = r;
        cg_domino_move m = cg_domino_step(&s->rules, s->position, next[i]);
        cg_buf why = CG_BUF_INIT;
        write_keeps(s, next[i], mover, &m, &why);
        cg_play_values_why(values, "%s", why.data != NULL ? why.data : "");
        values->failed |= cg_buf_failed(&why);
        cg_buf_free(&why);
    }
    cg_strlist_free(&typed);
    if (st == CG_ERR_LIMIT) {
        /* Release what did not fit, for the outcomes that follow. A stop
         * needs no release here: cg_play takes the command back by
         * replaying, which closes this state, its tables with it. */
        cg_budget *budget = s->values.budget;
        cg_memo_free(&s->values);
        cg_memo_init(&s->values, budget);
    }
    return st;
}

static void tiles(cg_report *report, const char *key, const play_state *s, uint32_t hand) {
    cg_report_open_list(report, key);
    for (uint32_t rest = hand; rest != 0; rest &= rest - 1) {
        int a, b;
        cg_domino_tile(&s->rules, __builtin_ctz(rest), &a, &b);
        cg_report_open_list(report, NULL);
        cg_report_int(report, NULL, a);
        cg_report_int(report, NULL, b);
        cg_report_close(report);
    }
    cg_report_close(report);
}

static void describe(void *state, cg_report *report) {
    const play_state *s = state;
    static const char *const names[2] = {"red", "green"};
    cg_domino_view v = cg_domino_look(&s->rules, s->position);
    cg_report_string(report, "you", names[s->human]);
    cg_report_string(report, "to_move", names[v.mover]);
    cg_report_open_object(report, "hands");
    tiles(report, "red", s, v.hand[0]);
    tiles(report, "green", s, v.hand[1]);
    cg_report_close(report);
    cg_report_open_list(report, "line");
    for (int i = s->first; i <= s->last; i++) {
        cg_report_open_list(report, NULL);
        cg_report_int(report, NULL, s->line[i][0]);
        cg_report_int(report, NULL, s->line[i][1]);
        cg_report_close(report);
    }
    cg_report_close(report);
    cg_report_open_list(report, "open_ends");
    cg_report_int(report, NULL, s->left);
    cg_report_int(report, NULL, s->right);
    cg_report_close(report);
}

/* The judge's input holds deals only: the start can be written, a game
 * under way cannot. */
static cg_status write_position(void *state, cg_buf *out, cg_error *err) {
    const play_state *s = state;
    if (s->position != s->opening) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "only the deal can be saved: the judge's input has no line on the "
                            "table (type new, then save)");
    }
    cg_buf_printf(out, "%d", s->deal.n);
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < s->deal.n; i++) {
            cg_buf_printf(out, " %d %d", s->deal.tiles[p][i][0], s->deal.tiles[p][i][1]);
        }
    }
    cg_buf_puts(out, "\n0\n");
    return CG_OK;
}

static void close_play(void *state) {
    play_state *s = state;
    if (s->ready) {
        cg_memo_free(&s->memo);
        cg_memo_free(&s->values);
    }
}

const cg_play_rules cg_domino_play = {
    .intro = "Domino: both hands are open. The highest double opens by itself; "
             "then we lay a tile matching an open end, passing only when nothing "
             "fits. Whoever empties their hand first wins; two passes in a row "
             "block the game and nobody wins.\n",
    .move_word = "tile",
    .move_help = "a tile such as 3-5, 3-5:3 for the end 3, or pass",
    .state_size = sizeof(play_state),
    .start = start,
    .start_random = start_random,
    .show = show,
    .legal_moves = legal_moves,
    .winning_moves = winning_moves,
    .drawing_moves = drawing_moves,
    .play = play,
    .end = end,
    .close = close_play,
    .move_values = move_values,
    .describe = describe,
    .write_position = write_position,
};
