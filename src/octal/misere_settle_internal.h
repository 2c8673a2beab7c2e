/* Settling misère sums for front ends (`grundy --misere --sum`, `play
 * grundy --misere`): the solver's tame rule or exhaustive search, and where
 * that is past its budget and every heap is at most CG_QUOTIENT_MAX_HEAPS,
 * the proven misère quotient of heaps up to the largest, built once and
 * kept for every later sum of heaps no larger. Never a guess: a sum neither
 * settles is CG_ERR_LIMIT with both reasons. */
#ifndef CGSOLVE_MISERE_SETTLE_H
#define CGSOLVE_MISERE_SETTLE_H

#include <stdbool.h>
#include <stddef.h>

#include "cgsolve/status.h"
#include "octal/misere_internal.h"
#include "octal/misere_quotient_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The quotient's bounds: elements, verification states. */
#define CG_MISERE_SETTLE_MAX_ORDER 65535
#define CG_MISERE_SETTLE_MAX_STATES 4000000

/* A winning move found by the solver, kept until all are known. */
typedef struct cg_misere_kept_move {
    size_t heap, take, count;
    size_t parts[3];
} cg_misere_kept_move;

typedef struct cg_misere_settler {
    cg_misere_solver *solver;    /* not owned */
    cg_misere_quotient quotient; /* the last one a chain proved */
    bool has_quotient;
    /* A chain that gave up past a limit is not built again for the same
     * heaps: the heap whose quotient it could not prove (stuck_at, when
     * stuck), whether a complete one is out of reach, and why. */
    bool stuck, no_complete;
    size_t stuck_at;
    char stuck_why[CG_ERROR_MESSAGE_MAX];
    cg_budget *budget;         /* the solver's */
    cg_misere_kept_move *kept; /* counted in budget */
    size_t kept_count, kept_capacity;
    cg_status kept_status;
    cg_error *kept_err;
} cg_misere_settler;

/* How a sum was settled: the solver's method, or the quotient. */
typedef enum cg_misere_how {
    CG_SETTLED_BY_TAME_RULE,
    CG_SETTLED_BY_SEARCH,
    CG_SETTLED_BY_QUOTIENT,
} cg_misere_how;

/* A settler for solver; its quotient and kept moves are counted in the
 * solver's budget (cg_misere_budget) and given back by free. */
void cg_misere_settler_init(cg_misere_settler *settler, cg_misere_solver *solver);
void cg_misere_settler_free(cg_misere_settler *settler);

/* "tame-rule", "search", "quotient". */
const char *cg_misere_how_name(cg_misere_how how);

/* Whether the sum heaps[0..count-1] is a P-position, and how it was known. */
cg_status cg_misere_settle_is_p(cg_misere_settler *settler, const size_t *heaps, size_t count,
                                bool *p, cg_misere_how *how, cg_error *err);

/* fn for every winning move of the sum (cg_misere_winning_moves' order and
 * form); *wins counts them; *how as above. */
cg_status cg_misere_settle_moves(cg_misere_settler *settler, const size_t *heaps, size_t count,
                                 cg_misere_move_fn fn, void *context, size_t *wins,
                                 cg_misere_how *how, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
