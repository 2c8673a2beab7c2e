/* The quotient of heaps up to n from the proven quotient Q of heaps up to
 * n - 1 without any outcome search, for the two common cases (Plambeck and
 * Siegel's "conservative extension" and a new cyclic generator, as in
 * Siegel's MisereSolver):
 *
 *  - heap n acts as an element x of Q: Q itself, heap n read as x;
 *  - heap n brings a new generator g with g^(i + p) = g^i: Q x <g>, each
 *    element's P-ness read off its least sum (tokens) by the rule of play,
 *    then merged by indistinguishability (the minimal automaton).
 *
 * Each candidate is proven (misere_proof_internal.h) before it is taken,
 * so a wrong guess costs time, never a wrong answer; when none is proven
 * the caller learns the quotient by outcomes (misere_quotient_internal.h). */
#ifndef CGSOLVE_MISERE_EXTEND_H
#define CGSOLVE_MISERE_EXTEND_H

#include <stdbool.h>
#include <stdint.h>

#include "core/status_internal.h"
#include "octal/misere_internal.h"
#include "octal/misere_quotient_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *found and q (the quotient of heaps <= below->heaps + 1) when a candidate
 * of at most max_order elements is proven, the proofs of all candidates
 * within max_states states together. The arrays are counted in the
 * solver's budget; a candidate past it, or past the states, is not found
 * (CG_OK), so the caller's learner decides. */
cg_status cg_misere_quotient_try_extend(cg_misere_solver *solver, const cg_misere_quotient *below,
                                        size_t max_order, uint64_t max_states,
                                        cg_misere_quotient *q, bool *found, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
