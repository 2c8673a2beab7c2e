#include "core/state_graph_internal.h"

#include "core/grow_internal.h"

#include <stdlib.h>
#include <string.h>

/* One level of an explicit depth-first stack: a state and its successors,
 * which live in a shared array at moves_at. */
typedef struct frame {
    uint64_t state;
    size_t moves_at;
    size_t move_count;
    size_t next_move;
    cg_outcome best; /* negamax: best value found so far for the mover */
} frame;

typedef struct stack {
    frame *frames;
    size_t depth;
    size_t frame_capacity;
    uint64_t *moves;
    size_t move_capacity;
} stack;

static void stack_free(stack *s) {
    free(s->frames);
    free(s->moves);
}

/* Push state, generating its successors. */
static cg_status push(stack *s, const cg_state_graph *g, uint64_t state, cg_error *err) {
    cg_status st = cg_stop_poll(g->stop, err);
    if (st != CG_OK) {
        return st;
    }
    frame *frames = cg_grow(s->frames, &s->frame_capacity, s->depth + 1, sizeof *frames);
    if (frames == NULL) {
        return cg_error_nomem(err, "growing the search stack");
    }
    s->frames = frames;
    size_t at =
        s->depth == 0 ? 0 : s->frames[s->depth - 1].moves_at + s->frames[s->depth - 1].move_count;
    uint64_t *moves = cg_grow(s->moves, &s->move_capacity, at + g->max_moves + 1, sizeof *moves);
    if (moves == NULL) {
        return cg_error_nomem(err, "growing the search stack");
    }
    s->moves = moves;
    frame *f = &s->frames[s->depth++];
    f->state = state;
    f->moves_at = at;
    f->move_count = g->moves(g->context, state, s->moves + at);
    f->next_move = 0;
    f->best = CG_OUTCOME_LOSS;
    return CG_OK;
}

cg_status cg_negamax(const cg_state_graph *g, cg_memo *memo, uint64_t start, cg_outcome *outcome,
                     cg_error *err) {
    uint8_t known;
    if (cg_memo_get(memo, start, &known)) {
        *outcome = (cg_outcome)known;
        return CG_OK;
    }
    stack s = {0};
    cg_status st = push(&s, g, start, err);
    while (st == CG_OK && s.depth > 0) {
        frame *f = &s.frames[s.depth - 1];
        bool done = false;
        if (f->move_count == 0) {
            f->best = g->terminal_value(g->context, f->state);
            done = true;
        } else if (f->next_move == f->move_count || f->best == CG_OUTCOME_WIN) {
            done = true; /* a win cannot be improved on */
        } else {
            uint64_t child = s.moves[f->moves_at + f->next_move];
            if (cg_memo_get(memo, child, &known)) {
                cg_outcome mine = cg_outcome_flip((cg_outcome)known);
                if (mine > f->best) {
                    f->best = mine;
                }
                f->next_move++;
            } else {
                st = push(&s, g, child, err);
            }
        }
        if (done) {
            st = cg_memo_put(memo, f->state, (uint8_t)f->best, err);
            s.depth--;
        }
    }
    stack_free(&s);
    if (st == CG_OK) {
        cg_memo_get(memo, start, &known);
        *outcome = (cg_outcome)known;
    }
    return st;
}

void cg_state_path_free(cg_state_path *path) {
    free(path->states);
    path->states = NULL;
    path->length = path->capacity = 0;
}

/* Copy the states on the stack into path. */
static cg_status record(const stack *s, cg_state_path *path, cg_error *err) {
    uint64_t *grown = cg_grow(path->states, &path->capacity, s->depth, sizeof *grown);
    if (grown == NULL) {
        return cg_error_nomem(err, "recording a winning line");
    }
    path->states = grown;
    for (size_t i = 0; i < s->depth; i++) {
        path->states[i] = s->frames[i].state;
    }
    path->length = s->depth;
    return CG_OK;
}

/* Entering a state: note the goals it fulfils. */
static cg_status reach_enter(const cg_state_graph *g, const stack *s, unsigned *wanted,
                             unsigned *found, cg_state_path *witness, size_t goal_count,
                             cg_error *err) {
    unsigned hits = g->goals(g->context, s->frames[s->depth - 1].state) & *wanted;
    for (size_t k = 0; hits != 0 && k < goal_count; k++) {
        if ((hits >> k & 1u) && witness != NULL) {
            cg_status st = record(s, &witness[k], err);
            if (st != CG_OK) {
                return st;
            }
        }
    }
    *found |= hits;
    *wanted &= ~hits;
    return CG_OK;
}

cg_status cg_reach(const cg_state_graph *g, cg_memo *visited, uint64_t start, unsigned wanted,
                   unsigned *found, cg_state_path *witness, size_t goal_count, cg_error *err) {
    *found = 0;
    stack s = {0};
    bool fresh;
    cg_status st = cg_memo_insert(visited, start, 1, &fresh, err);
    if (st == CG_OK) {
        st = push(&s, g, start, err);
    }
    if (st == CG_OK) {
        st = reach_enter(g, &s, &wanted, found, witness, goal_count, err);
    }
    while (st == CG_OK && s.depth > 0 && wanted != 0) {
        frame *f = &s.frames[s.depth - 1];
        if (f->next_move == f->move_count) {
            s.depth--; /* fully explored for every goal still wanted */
            continue;
        }
        uint64_t child = s.moves[f->moves_at + f->next_move++];
        /* The graph is acyclic, so a state entered once (finished or still on
         * the stack) never needs entering again. A pruned state stays marked
         * too: the test is computed once per state, not once per path. */
        if ((st = cg_memo_insert(visited, child, 1, &fresh, err)) != CG_OK || !fresh) {
            continue;
        }
        if (g->possible_goals != NULL &&
            (g->possible_goals(g->context, child, wanted) & wanted) == 0) {
            continue;
        }
        st = push(&s, g, child, err);
        if (st == CG_OK) {
            /* The children will be looked up next: hide the cache misses. */
            const frame *top = &s.frames[s.depth - 1];
            for (size_t i = 0; i < top->move_count; i++) {
                cg_memo_prefetch(visited, s.moves[top->moves_at + i]);
            }
            st = reach_enter(g, &s, &wanted, found, witness, goal_count, err);
        }
    }
    stack_free(&s);
    return st;
}
