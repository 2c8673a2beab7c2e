/* Generic searches over a game's positions encoded as 64-bit states.
 *
 * A game describes its position graph with callbacks; the searches own the
 * memo tables and the explicit stacks (no recursion, any depth). The graph
 * must be acyclic, as it is for every game whose moves use something up. */
#ifndef CGSOLVE_STATE_GRAPH_H
#define CGSOLVE_STATE_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/memo_internal.h"
#include "core/status_internal.h"
#include "core/stop_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The value of a position for the player to move. */
typedef enum cg_outcome { CG_OUTCOME_LOSS = 1, CG_OUTCOME_DRAW = 2, CG_OUTCOME_WIN = 3 } cg_outcome;

/* The outcome for the other player. */
static inline cg_outcome cg_outcome_flip(cg_outcome outcome) {
    return (cg_outcome)(4 - (int)outcome);
}

typedef struct cg_state_graph {
    void *context;
    size_t max_moves; /* bound on the successors of any state */
    /* A state with no successors (moves() returns 0) is terminal; its value
     * for the player to move. */
    cg_outcome (*terminal_value)(void *context, uint64_t state);
    /* Write the successors of state into next (room for max_moves); the
     * player to move changes with every move. Returns their number. */
    size_t (*moves)(void *context, uint64_t state, uint64_t *next);
    /* Reachability only: bitmask of goals the state itself fulfils. */
    unsigned (*goals)(void *context, uint64_t state);
    /* Reachability only, optional: a superset of the goals among `wanted`
     * that some state reachable from this one may fulfil. Returning fewer
     * loses answers; returning more only costs time. */
    unsigned (*possible_goals)(void *context, uint64_t state, unsigned wanted);
    /* Optional: polled at every state a search enters; a stop ends the
     * search with CG_ERR_STOPPED, its memo keeping the settled states. */
    cg_stop *stop;
} cg_state_graph;

/* Negamax with memo: the exact outcome of start for the player to move,
 * under perfect play by both (a win is preferred to a draw to a loss). States
 * are keys of memo (below CG_MEMO_KEY_LIMIT); values stay in memo between
 * calls on the same graph. */
cg_status cg_negamax(const cg_state_graph *graph, cg_memo *memo, uint64_t start,
                     cg_outcome *outcome, cg_error *err);

/* A path of states, start first, for witnesses. */
typedef struct cg_state_path {
    uint64_t *states;
    size_t length;
    size_t capacity;
} cg_state_path;

void cg_state_path_free(cg_state_path *path);

/* Depth-first reachability: which goals of `wanted` some play sequence from
 * start reaches (*found), stopping as soon as all are found. For each goal
 * bit g found, witness[g] (when witness is not NULL; an array of
 * goal_count paths) receives the sequence of states leading to it. visited
 * receives every state entered; pass an empty table per query. */
cg_status cg_reach(const cg_state_graph *graph, cg_memo *visited, uint64_t start, unsigned wanted,
                   unsigned *found, cg_state_path *witness, size_t goal_count, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
