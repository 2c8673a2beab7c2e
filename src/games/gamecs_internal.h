/* Game of CS (UVa 12033, LightOJ 1355): a tree rooted at 0 whose edge of
 * weight w carries w paintable units. A move paints one unit of an edge that
 * still has one and is reachable from the root through edges not fully
 * painted. Emily moves first; a player with no move loses.
 *
 * Theory: the subtree hanging from an edge of weight w, whose children's
 * values XOR to C, is worth C + 1 when w = 1 (a stalk on top of a tree, as in
 * Green Hackenbush), C when w is even and C xor 1 when w is odd and > 1 (see
 * cg_gamecs_edge_value). The root's value is the XOR over its children. */
#ifndef CGSOLVE_GAMES_GAMECS_H
#define CGSOLVE_GAMES_GAMECS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/nimber_internal.h"
#include "framework/game_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cg_game cg_game_gamecs;

/* Test data (its cg_game's gen_options, generate_case, shrink_case). */
extern const cg_option_spec cg_gamecs_gen_options[];
cg_status cg_gamecs_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                  cg_buf *out, cg_error *err);
void cg_gamecs_shrink_case(const char *text, size_t len, cg_strlist *candidates);
uint64_t cg_gamecs_case_size(const char *text, size_t len);
/* The judge's limits (for help) and a strict validator of its input. */
extern const char cg_gamecs_judge_limits[];
cg_status cg_gamecs_validate_input(struct cg_validator *v);

/* The game's play part (its cg_game's .play). */
extern const cg_play_rules cg_gamecs_play;

/* The value f(w, c) of an edge of weight w (0 = fully painted) above a
 * subtree whose children's values XOR to c. By induction on w and c:
 * - w = 0 cuts the subtree off: 0.
 * - w = 1: options are 0 (paint the edge) and f(1, c') = c' + 1 for every
 *   option c' of the subtree; those cover 0..c but never c + 1: mex c + 1.
 * - w even >= 2: options f(w-1, c) (c + 1 or c xor 1, never c) and c' for
 *   every option c': mex c.
 * - w odd >= 3: options f(w-1, c) = c and c' xor 1 for every option c',
 *   which covers every value below c xor 1 but not c xor 1 itself.
 * Checked against exhaustive search in the tests. */
static inline cg_nimber cg_gamecs_edge_value(uint64_t w, cg_nimber c) {
    if (w == 0) {
        return 0;
    }
    if (w == 1) {
        return c + 1;
    }
    return (w % 2 == 0) ? c : (c ^ 1);
}

/* A solved tree, indexed by node. */
typedef struct cg_gamecs_result {
    size_t n;
    uint32_t *parent;    /* parent of each node; parent[0] = 0 */
    uint64_t *weight;    /* weight of the edge to the parent; weight[0] = 0 */
    cg_nimber *children; /* XOR of the children's edge values (C of the node) */
    uint32_t *order;     /* nodes in breadth-first order from the root */
    cg_nimber value;     /* = children[0]: Emily wins iff non-zero */
    uint32_t *winning;   /* nodes v such that painting edge parent(v)-v wins */
    size_t winning_count;
} cg_gamecs_result;

/* One node's incident edges folded together, for solving by peeling leaves:
 * a leaf's only neighbour and edge weight are the XOR of all of them. */
typedef struct cg_gamecs_links {
    uint32_t degree;
    uint32_t neighbours; /* XOR of the neighbours' numbers */
    uint64_t weights;    /* XOR of the incident edges' weights */
    cg_nimber children;  /* XOR of the values of the children peeled so far */
} cg_gamecs_links;

typedef struct cg_gamecs_solver {
    cg_gamecs_result result;
    cg_gamecs_links *links; /* without find_moves: the peeling state */
    uint32_t *label;        /* node -> its number in order of first appearance */
    uint32_t *ends;         /* both ends of each edge, renumbered */
    size_t links_capacity;
    size_t links_held; /* bytes of links, label and ends in budget */
    cg_budget *budget; /* where its arrays are counted; NULL: unlimited */
    size_t held;       /* bytes held in budget */
    /* adjacency in compressed rows, reused between trees */
    uint32_t *row_start;
    uint32_t *neighbour;
    uint64_t *neighbour_weight;
    cg_nimber *need;
    size_t capacity;
} cg_gamecs_solver;

/* An empty solver whose arrays are counted in budget (NULL: unlimited). */
void cg_gamecs_init(cg_gamecs_solver *solver, cg_budget *budget);
void cg_gamecs_free(cg_gamecs_solver *solver);

/* Solve the tree on n nodes given by edges (u[i], v[i], w[i]), i < n - 1,
 * which must form a tree (CG_ERR_INPUT otherwise). Iterative: any depth.
 * Without find_moves, only result.value is set, by peeling leaves over
 * compact per-node records, the nodes renumbered in their order of first
 * appearance in the edge list so that trees listed edge by edge are walked
 * through nearby memory however their nodes are numbered. With find_moves, the tree is oriented
 * from the root in breadth-first order, every field of the result is set, and Emily's winning first
 * moves are listed (when any). */
cg_status cg_gamecs_solve(cg_gamecs_solver *solver, size_t n, const uint32_t *u, const uint32_t *v,
                          const uint64_t *w, bool find_moves, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
