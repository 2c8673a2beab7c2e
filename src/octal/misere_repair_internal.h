/* A misère quotient candidate repaired where its proof fails, for when
 * neither cheap extension of the quotient below holds
 * (misere_extend_internal.h) and before any outcome search.
 *
 * The candidate starts as Q x <g>: Q the proven quotient of heaps <= n - 1,
 * g heap n as a new cyclic generator. Each round proves it
 * (misere_proof_internal.h); a failure names a sum W whose element, or one
 * of its options' elements, is wrong. The heaps of W are then freed, one to
 * three at a time: each becomes a new cyclic generator over the submonoid
 * the other heaps generate in the candidate (the candidate's product with
 * <g_h | g_h^(i + p) = g_h^i>, i and p guessed from the powers of the
 * heap's element and of its options' elements), every element's P-ness
 * (or G-, when Q is a value quotient: the mex of its options') is marked
 * again by the rule of play on its least sum (tokens), and
 * indistinguishable elements are merged (the minimal automaton). A freed
 * heap splits the identifications the candidate made through it, which is
 * what a wrong sum of W needs.
 *
 * Only a proven candidate is taken, so a wrong guess costs time, never a
 * wrong answer; a proven minimal candidate is the quotient itself (the
 * minimal automaton of the P-positions is unique). Past a limit below the
 * repair gives up and the caller's learner decides. */
#ifndef CGSOLVE_MISERE_REPAIR_H
#define CGSOLVE_MISERE_REPAIR_H

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

#define CG_REPAIR_MAX_ROUNDS 64       /* proofs of repaired candidates per heap */
#define CG_REPAIR_MAX_GROWTH 32       /* a candidate's order at most 32 x the order below */
#define CG_REPAIR_MAX_ELEMENTS 262144 /* elements of a product before merging at most */
#define CG_REPAIR_MAX_FREED 3         /* heaps freed in one round at most */

/* The minimal automaton of the table times[s * stride + h] (count states,
 * state 0 the empty sum) with labels is_p (the P-portion, or any label such
 * as a value): Moore's refinement by label and successors. *classes; when
 * it is at most max_classes, *merged (classes x stride, class 0 the empty
 * sum's) and *merged_p (each class's label), their
 * *merged_bytes counted in budget (the caller's to give back with them);
 * else both NULL. Scratch is counted in budget and given back. */
cg_status cg_quotient_merge(cg_budget *budget, size_t count, size_t stride, const uint32_t *times,
                            const uint8_t *is_p, size_t max_classes, size_t *classes,
                            uint32_t **merged, uint8_t **merged_p, size_t *merged_bytes,
                            cg_error *err);

/* The quotient of heaps <= below->heaps + 1 by repairing Q x <heap n>:
 * *found and q (zeroed first) when a candidate of at most max_order
 * elements is proven, the proofs within max_states states together
 * (*states, may be NULL: those walked). Every array is counted in budget.
 * CG_OK without *found past a limit of the repair's; CG_ERR_LIMIT past
 * the memory budget or the states; CG_ERR_NOMEM when an allocation fails. */
cg_status cg_misere_quotient_repair(const cg_octal_code *code, cg_budget *budget,
                                    const cg_misere_quotient *below, size_t max_order,
                                    uint64_t max_states, uint64_t *states, cg_misere_quotient *q,
                                    bool *found, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
