/* The PATH (UVa 601): on an N x N board of W, B and U (unfilled), White wants
 * a 4-connected chain of W joining the left and right columns, Black a chain
 * of B joining the top and bottom rows; it is White's turn.
 *
 * Solver, O(N^2): flood each colour's groups from each of its two sides. An
 * empty cell wins in one move iff it lies on or next to a group reaching one
 * side and on or next to a group reaching the other (a cell on a side counts
 * as touching that side). */
#ifndef CGSOLVE_GAMES_PATH_H
#define CGSOLVE_GAMES_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgsolve/game.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cg_game cg_game_path;

/* The judge's answers, in their order of priority. */
typedef enum cg_path_verdict {
    CG_PATH_WHITE_CONNECTED,
    CG_PATH_BLACK_CONNECTED,
    CG_PATH_WHITE_IN_ONE,
    CG_PATH_BLACK_IN_ONE,
    CG_PATH_NONE
} cg_path_verdict;

/* The judge's sentence for a verdict ("White has a winning path."). */
const char *cg_path_verdict_text(cg_path_verdict verdict);

typedef struct cg_path_result {
    cg_path_verdict verdict;
    size_t winning_cell;  /* for the one-move verdicts: first winning cell (row-major) */
    size_t winning_count; /* for the one-move verdicts: how many cells win */
    uint32_t *chain;      /* with want_chain: a shortest winning chain, side to side */
    size_t chain_length;  /* 0 for CG_PATH_NONE or without want_chain */
} cg_path_result;

typedef struct cg_path_solver {
    cg_path_result result;
    cg_budget *budget; /* where its arrays are counted; NULL: unlimited */
    size_t held;       /* bytes of marks and queue in budget */
    size_t chain_held; /* bytes of parent and result.chain in budget */
    uint8_t *marks;
    uint32_t *queue;
    uint32_t *parent;
    size_t capacity;       /* cells the arrays hold */
    size_t chain_capacity; /* cells parent and result.chain hold */
} cg_path_solver;

/* An empty solver whose arrays are counted in budget (NULL: unlimited). */
void cg_path_init(cg_path_solver *solver, cg_budget *budget);
void cg_path_free(cg_path_solver *solver);

/* Test data (its cg_game's gen_options, generate_case, shrink_case). */
extern const cg_option_spec cg_path_gen_options[];
cg_status cg_path_generate_case(const cg_options *options, cg_rng *rng, uint64_t index, cg_buf *out,
                                cg_error *err);
void cg_path_shrink_case(const char *text, size_t len, cg_strlist *candidates);
/* The judge's limits (for help) and a strict validator of its input. */
extern const char cg_path_judge_limits[];
cg_status cg_path_validate_input(struct cg_validator *v);

/* Solve a board of n * n cells, row-major, each 'W', 'B' or 'U'
 * (n * n < 2^32). With want_chain, also find a shortest winning chain. */
cg_status cg_path_solve(cg_path_solver *solver, const char *cells, size_t n, bool want_chain,
                        cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
