/* Misère outcomes of sums of heaps up to n, read from the proven quotient
 * of heaps up to n - 1 wherever the sum has no heap n: a search over the
 * sums that keep a heap of n only. The exhaustive search (misere_internal.h)
 * goes on through every split of heap n and every position below it; here
 * each of those is one walk through the quotient's table. The quotient
 * builder asks its questions here when it has the quotient below.
 *
 * The answers are exact: the quotient below is proven (every sum of heaps
 * up to n - 1 is read from it), and a sum with a heap of n is a P-position
 * exactly when it has a move and none of its options is one. */
#ifndef CGSOLVE_MISERE_ABOVE_H
#define CGSOLVE_MISERE_ABOVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/status_internal.h"
#include "octal/misere_internal.h"
#include "octal/misere_quotient_internal.h"
#include "octal/misere_table_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_misere_above cg_misere_above;

/* A search for heaps up to below->heaps + 1 (below proven, kept by the
 * caller while the search lives), its table counted in the solver's budget;
 * the solver's limit of positions per question and its progress hook
 * apply. */
cg_status cg_misere_above_new(cg_misere_solver *solver, const cg_misere_quotient *below,
                              cg_misere_above **out, cg_error *err);
void cg_misere_above_free(cg_misere_above *above);

/* Whether the sum heaps[0..count-1] (each <= below->heaps + 1) is a
 * P-position (its value is 0 when below holds values). CG_ERR_LIMIT past
 * the positions or the budget, CG_ERR_STOPPED when the hook asks. */
cg_status cg_misere_above_is_p(cg_misere_above *above, const size_t *heaps, size_t count, bool *p,
                               cg_error *err);

/* G- of the sum heaps[0..count-1], as cg_misere_above_is_p, when below
 * holds its elements' values (a value quotient); the options' values are
 * read from it where no heap of the new size is left. */
cg_status cg_misere_above_value(cg_misere_above *above, const size_t *heaps, size_t count,
                                uint32_t *value, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
