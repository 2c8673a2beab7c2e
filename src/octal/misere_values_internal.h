/* Misère values (G-) read from a proven misère quotient.
 *
 * G- of a sum is not a function of its element in general: the quotient
 * tells sums apart only by the outcomes of sums with heaps of the game, and
 * G-(X) = m exactly when X + *m is a P-position, *m not always such a sum.
 * So the values are a candidate, checked: each element's value is G- of its
 * least sum (misere_least_internal.h), the mex of its options' values read
 * in the order of tokens (1 for the empty sum), and the proof of
 * misere_proof_internal.h checks by induction over every sum of heaps
 * <= q->heaps that G- of each sum is its element's value. A candidate that
 * fails is no answer: the caller searches instead.
 *
 * Proven, a heap's genus follows from the quotient alone (with a heap that
 * is *2 in every sum, as Kayles's heap 2 is): γk = value(h · (*2)^k). */
#ifndef CGSOLVE_MISERE_VALUES_H
#define CGSOLVE_MISERE_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"
#include "octal/misere_quotient_internal.h"
#include "octal/octal_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *values (q->order entries, the caller's to free, their bytes counted in
 * budget until cg_misere_values_free) and *proven: every sum of heaps <=
 * q->heaps of code has G- = values[its element], proven within max_states
 * states (past them, or past the budget: CG_ERR_LIMIT, nothing claimed). */
cg_status cg_misere_quotient_values(const cg_misere_quotient *q, const cg_octal_code *code,
                                    cg_budget *budget, uint64_t max_states, uint32_t **values,
                                    bool *proven, cg_error *err);
void cg_misere_values_free(uint32_t *values, size_t order, cg_budget *budget);

#ifdef __cplusplus
}
#endif

#endif
