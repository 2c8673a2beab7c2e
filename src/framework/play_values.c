/* What play knows of each move: the values a game fills (cg_play_values),
 * remoteness over a state graph, the one API that gets them for any game
 * (cg_play_move_values) and the computer's choice by level. No game is
 * named here. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "framework/game_internal.h"
#include "framework/play_internal.h"

void cg_play_values_free(cg_play_values *values) {
    cg_strlist_free(&values->names);
    cg_strlist_free(&values->why);
    free(values->moves);
    free(values->components);
    *values = (cg_play_values)CG_PLAY_VALUES_INIT;
}

void cg_play_values_clear(cg_play_values *values) {
    cg_strlist_clear(&values->names);
    cg_strlist_clear(&values->why);
    values->count = 0;
    values->component_count = 0;
    values->failed = false;
    values->position = (cg_play_value){CG_OUTCOME_LOSS, CG_MEASURE_UNKNOWN, 0, 0, 0, 0};
}

bool cg_play_values_failed(const cg_play_values *values) {
    return values->failed || cg_strlist_failed(&values->names) || cg_strlist_failed(&values->why);
}

cg_play_value *cg_play_values_add(cg_play_values *values, const char *move, cg_outcome outcome) {
    if (cg_play_values_failed(values)) {
        return NULL;
    }
    cg_play_value *grown =
        cg_grow(values->moves, &values->capacity, values->count + 1, sizeof *grown);
    if (grown == NULL) {
        values->failed = true;
        return NULL;
    }
    values->moves = grown;
    cg_strlist_addf(&values->names, "%s", move);
    cg_strlist_addf(&values->why, "%s", "");
    cg_play_value *value = &values->moves[values->count++];
    *value = (cg_play_value){outcome, CG_MEASURE_UNKNOWN, 0, 0, 0, 0};
    return value;
}

void cg_play_value_grundy(cg_play_value *value, const cg_play_values *values) {
    if (value == NULL) {
        return;
    }
    value->measure = CG_MEASURE_GRUNDY;
    value->amount = 0;
    value->first_component = values->component_count;
    value->component_count = 0;
    value->components_omitted = 0;
}

void cg_play_values_component(cg_play_values *values, cg_play_value *value, cg_nimber part) {
    if (value == NULL || cg_play_values_failed(values)) {
        return;
    }
    value->amount ^= part;
    if (value->component_count == CG_PLAY_MAX_COMPONENTS) {
        value->components_omitted++;
        return;
    }
    cg_nimber *grown = cg_grow(values->components, &values->component_capacity,
                               values->component_count + 1, sizeof *grown);
    if (grown == NULL) {
        values->failed = true;
        return;
    }
    values->components = grown;
    values->components[values->component_count++] = part;
    value->component_count++;
}

void cg_play_values_why(cg_play_values *values, const char *format, ...) {
    if (cg_play_values_failed(values) || values->count == 0) {
        return;
    }
    /* The reason of the last move is the list's last string: replace it. */
    cg_strlist *why = &values->why;
    why->text.len = why->offsets[--why->count];
    va_list args;
    va_start(args, format);
    cg_buf formatted = CG_BUF_INIT;
    cg_buf_vprintf(&formatted, format, args);
    va_end(args);
    cg_strlist_addf(why, "%s", formatted.data != NULL ? formatted.data : "");
    values->failed |= cg_buf_failed(&formatted);
    cg_buf_free(&formatted);
}

/* ---- remoteness ----------------------------------------------------------- */

#define MAX_REMOTENESS 63

typedef struct remoteness_search {
    const cg_state_graph *graph;
    cg_memo *memo;
    uint64_t *next; /* max_moves successors per depth */
    size_t depth_limit;
} remoteness_search;

/* What the children of a position give its mover so far: the best outcome,
 * the quickest win and draw, the slowest loss. */
typedef struct children_summary {
    cg_outcome best;
    unsigned win_min, draw_min, loss_max;
} children_summary;

static void take_child(children_summary *sum, uint8_t child) {
    /* The child's outcome is its mover's: ours is the flip. */
    cg_outcome mine = cg_outcome_flip((cg_outcome)(child & 3));
    unsigned r = child >> 2;
    if (mine == CG_OUTCOME_WIN) {
        sum->best = CG_OUTCOME_WIN;
        sum->win_min = r < sum->win_min ? r : sum->win_min;
    } else if (mine == CG_OUTCOME_DRAW) {
        sum->best = sum->best == CG_OUTCOME_WIN ? sum->best : CG_OUTCOME_DRAW;
        sum->draw_min = r < sum->draw_min ? r : sum->draw_min;
    } else {
        sum->loss_max = r > sum->loss_max ? r : sum->loss_max;
    }
}

/* The position's remoteness from its children's summary (0 at the end). */
static unsigned remoteness_of(const children_summary *sum, size_t count) {
    return count == 0                     ? 0
           : sum->best == CG_OUTCOME_WIN  ? sum->win_min + 1
           : sum->best == CG_OUTCOME_DRAW ? sum->draw_min + 1
                                          : sum->loss_max + 1;
}

/* Depth-first, recursive: a game's length bounds the depth (at most 63
 * moves, the most a remoteness memo value holds), so the C stack is safe. */
static cg_status search(remoteness_search *s, uint64_t state, size_t depth, uint8_t *value,
                        cg_error *err) {
    if (cg_memo_get(s->memo, state, value)) {
        return CG_OK;
    }
    if (depth >= s->depth_limit) {
        return cg_error_set(err, CG_ERR_LIMIT, "a game longer than %d moves", MAX_REMOTENESS);
    }
    cg_status stopped = cg_stop_poll(s->graph->stop, err);
    if (stopped != CG_OK) {
        return stopped;
    }
    uint64_t *next = s->next + depth * s->graph->max_moves;
    size_t count = s->graph->moves(s->graph->context, state, next);
    children_summary sum = {CG_OUTCOME_LOSS, MAX_REMOTENESS + 1, MAX_REMOTENESS + 1, 0};
    if (count == 0) {
        sum.best = s->graph->terminal_value(s->graph->context, state);
        sum.win_min = sum.draw_min = 0;
    }
    for (size_t i = 0; i < count; i++) {
        uint8_t child;
        cg_status st = search(s, next[i], depth + 1, &child, err);
        if (st != CG_OK) {
            return st;
        }
        take_child(&sum, child);
    }
    unsigned r = remoteness_of(&sum, count);
    if (r > MAX_REMOTENESS) {
        return cg_error_set(err, CG_ERR_LIMIT, "a game longer than %d moves", MAX_REMOTENESS);
    }
    *value = (uint8_t)((unsigned)sum.best | r << 2);
    return cg_memo_put(s->memo, state, *value, err);
}

cg_status cg_play_remoteness(const cg_state_graph *graph, cg_memo *memo, uint64_t start,
                             cg_outcome *outcome, unsigned *remoteness, cg_error *err) {
    if (graph == NULL || memo == NULL || outcome == NULL || remoteness == NULL ||
        graph->max_moves == 0) {
        return cg_error_set(err, CG_ERR_INTERNAL, "cg_play_remoteness: missing argument");
    }
    remoteness_search s = {graph, memo, NULL, MAX_REMOTENESS + 1};
    size_t cells;
    if (!cg_size_mul(graph->max_moves, s.depth_limit + 1, &cells) ||
        (s.next = malloc(cells * sizeof *s.next)) == NULL) {
        return cg_error_nomem(err, "computing remoteness");
    }
    uint8_t value = 0;
    cg_status st = search(&s, start, 0, &value, err);
    free(s.next);
    if (st == CG_OK) {
        *outcome = (cg_outcome)(value & 3);
        *remoteness = value >> 2;
    }
    return st;
}

/* ---- what every move is worth ---------------------------------------- */

static const char *const level_names[] = {"perfect", "strong", "casual"};

const char *cg_play_level_name(cg_play_level level) {
    return (unsigned)level < 3 ? level_names[level] : "perfect";
}

bool cg_play_level_parse(const char *name, cg_play_level *level) {
    for (int i = 0; i < 3; i++) {
        if (name != NULL && strcmp(name, level_names[i]) == 0) {
            *level = (cg_play_level)i;
            return true;
        }
    }
    return false;
}

/* Without a measure: each move's outcome from the winning and drawing lists. */
static cg_status outcomes_only(const cg_play_rules *rules, void *state, cg_play_values *values,
                               cg_error *err) {
    cg_strlist legal = CG_STRLIST_INIT, winning = CG_STRLIST_INIT, drawing = CG_STRLIST_INIT;
    cg_status st = cg_play_list(rules->legal_moves, state, &legal, err);
    if (st == CG_OK) {
        st = cg_play_list(rules->winning_moves, state, &winning, err);
    }
    if (st == CG_OK) {
        st = cg_play_list(rules->drawing_moves, state, &drawing, err);
    }
    cg_play_values_clear(values);
    values->position.outcome = winning.count > 0   ? CG_OUTCOME_WIN
                               : drawing.count > 0 ? CG_OUTCOME_DRAW
                                                   : CG_OUTCOME_LOSS;
    if (legal.count == 0 && rules->end != NULL && rules->end(state) == CG_PLAY_NOBODY_WON) {
        values->position.outcome = CG_OUTCOME_DRAW;
    }
    for (size_t i = 0; st == CG_OK && i < legal.count; i++) {
        const char *move = cg_strlist_at(&legal, i);
        cg_play_values_add(values, move,
                           cg_strlist_contains(&winning, move)   ? CG_OUTCOME_WIN
                           : cg_strlist_contains(&drawing, move) ? CG_OUTCOME_DRAW
                                                                 : CG_OUTCOME_LOSS);
    }
    cg_strlist_free(&legal);
    cg_strlist_free(&winning);
    cg_strlist_free(&drawing);
    return st == CG_OK && cg_play_values_failed(values) ? cg_error_nomem(err, "listing move values")
                                                        : st;
}

cg_status cg_play_move_values(const cg_play_rules *rules, void *state, cg_play_values *values,
                              cg_error *err) {
    if (rules == NULL || state == NULL || values == NULL) {
        return cg_error_set(err, CG_ERR_INTERNAL, "cg_play_move_values: missing argument");
    }
    cg_play_values_clear(values);
    if (rules->move_values == NULL) {
        return outcomes_only(rules, state, values, err);
    }
    cg_status st = rules->move_values(state, values, err);
    if (st == CG_OK && cg_play_values_failed(values)) {
        st = cg_error_nomem(err, "listing move values");
    }
    if (st == CG_ERR_LIMIT) {
        /* The measure does not fit in the budget: say so rather than guess.
         * (Memory that runs out is not retried: it ends the game.) */
        return outcomes_only(rules, state, values, err);
    }
    return st;
}

/* ---- choosing the computer's move ------------------------------------- */

/* Outcomes in the order of preference: a loss, a draw, a win. */
static int rank(cg_outcome outcome) {
    return (int)outcome - (int)CG_OUTCOME_LOSS;
}

/* Draw one of the moves for which wanted(i) holds, uniformly. */
typedef bool (*move_filter)(const cg_play_values *values, size_t i, const void *context);

static size_t pick(const cg_play_values *values, move_filter wanted, const void *context,
                   cg_rng *rng) {
    size_t count = 0;
    for (size_t i = 0; i < values->count; i++) {
        count += wanted(values, i, context);
    }
    size_t k = count > 1 ? (size_t)cg_rng_below(rng, count) : 0;
    for (size_t i = 0; i < values->count; i++) {
        if (wanted(values, i, context) && k-- == 0) {
            return i;
        }
    }
    return 0;
}

typedef struct target {
    int rank;
    bool by_measure; /* also require the measure below */
    bool known;      /* the move's measure is known */
    uint64_t remoteness;
    size_t replies;
    const size_t *replies_of;
} target;

static bool any_move(const cg_play_values *values, size_t i, const void *context) {
    (void)values, (void)i, (void)context;
    return true;
}

static bool of_rank(const cg_play_values *values, size_t i, const void *context) {
    const target *t = context;
    const cg_play_value *v = &values->moves[i];
    if (rank(v->outcome) != t->rank) {
        return false;
    }
    if (!t->by_measure) {
        return true;
    }
    if (t->known && v->measure == CG_MEASURE_UNKNOWN) {
        return false;
    }
    if (v->measure == CG_MEASURE_REMOTENESS && v->amount != t->remoteness) {
        return false;
    }
    return t->replies_of == NULL || t->replies_of[i] == t->replies;
}

/* The rank of the best outcome among the moves. */
static int best_rank(const cg_play_values *values) {
    int best = 0;
    for (size_t i = 0; i < values->count; i++) {
        int r = rank(values->moves[i].outcome);
        best = r > best ? r : best;
    }
    return best;
}

/* Among the known moves of t's rank: whether any is known (t->known) and
 * the best remoteness (t->remoteness); false when none has one. */
static bool best_remoteness(const cg_play_values *values, target *t) {
    bool remoteness = false;
    for (size_t i = 0; i < values->count; i++) {
        const cg_play_value *v = &values->moves[i];
        if (rank(v->outcome) != t->rank || v->measure == CG_MEASURE_UNKNOWN) {
            continue;
        }
        t->known = true; /* a move of unknown value only when nothing else is left */
        if (v->measure == CG_MEASURE_REMOTENESS) {
            /* the winner hurries, the loser delays (draws: hurry too) */
            bool better = !remoteness ||
                          (t->rank == 0 ? v->amount > t->remoteness : v->amount < t->remoteness);
            t->remoteness = better ? v->amount : t->remoteness;
            remoteness = true;
        }
    }
    return remoteness;
}

/* Losing without a remoteness: leave the fewest winning replies. */
static void fewest_replies(const cg_play_values *values, const size_t *replies, target *t) {
    for (size_t i = 0; i < values->count; i++) {
        bool candidate = t->known ? values->moves[i].measure != CG_MEASURE_UNKNOWN : true;
        if (candidate && replies[i] < t->replies) {
            t->replies = replies[i];
        }
    }
    t->replies_of = t->replies != SIZE_MAX ? replies : NULL;
}

/* Perfect play: the best outcome; among its moves the best measure. */
static size_t choose_perfect(const cg_play_values *values, cg_rng *rng, const size_t *replies) {
    target t = {best_rank(values), true, false, 0, SIZE_MAX, NULL};
    bool remoteness = best_remoteness(values, &t);
    if (t.rank == 0 && !remoteness && replies != NULL) {
        fewest_replies(values, replies, &t);
    }
    return pick(values, of_rank, &t, rng);
}

size_t cg_play_choose(const cg_play_values *values, cg_play_level level, cg_rng *rng,
                      const size_t *replies) {
    if (values == NULL || rng == NULL || values->count == 0) {
        return 0;
    }
    if (level == CG_LEVEL_CASUAL && cg_rng_below(rng, 3) == 0) {
        return pick(values, any_move, NULL, rng);
    }
    if (level == CG_LEVEL_STRONG && cg_rng_below(rng, 2) == 0) {
        target t = {best_rank(values), false, false, 0, SIZE_MAX, NULL};
        return pick(values, of_rank, &t, rng);
    }
    return choose_perfect(values, rng, replies);
}
