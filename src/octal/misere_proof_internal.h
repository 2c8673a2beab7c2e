/* The proof that a candidate misère quotient of heaps <= n predicts every
 * outcome (misere_quotient_internal.h builds the candidates).
 *
 * A candidate is a commutative monoid read heap by heap (times[e][h], the
 * element of e plus heap h; element 0 the empty sum) with a P-portion. It
 * predicts every sum's outcome exactly when every sum G obeys the rule of
 * play: G's element is in the P-portion iff G has a move and none of its
 * options' elements is (then, by induction on the tokens, each prediction
 * is the outcome). Two finite checks cover every sum:
 *
 *  - P side: for every element y, heap h and option o of h, y·h and y·o are
 *    not both in the P-portion (every sum with a heap h is some Y + h).
 *  - N side: a sum G not predicted P, other than the empty one, has an
 *    option predicted P. G's element x and the set T of its options'
 *    elements follow from the heaps added one at a time: adding h gives
 *    x·h and T·h ∪ x·options(h). So the pairs (x, T) are the states of a
 *    finite automaton, and a walk over them checks every sum. A state whose
 *    T contains the T of a state already met with the same x is left out:
 *    every sum it leads to has, option for option, a superset of the options
 *    of the sum the other leads to, and the N side only asks for one option
 *    in the P-portion (the domination Siegel's MisereSolver prunes by).
 *
 * A failure names a sum where the rule does not hold: its class or one of
 * its options' classes is wrong, for the builder to split.
 *
 * With values (G- of each element), the same walk proves instead that every
 * sum's G- is its element's value, which the outcomes follow (P iff 0): the
 * empty sum's value is 1; no y·h has the value of an option y·o (the P
 * side, for every value); and every state's T holds every value below x's
 * (the N side: the mex of T's values is at least x's), which a superset of
 * T keeps, so domination prunes as before. */
#ifndef CGSOLVE_MISERE_PROOF_H
#define CGSOLVE_MISERE_PROOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"
#include "octal/octal_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_PROOF_MAX_WITNESS 64 /* heaps of a failure's sum at most */

typedef struct cg_quotient_candidate {
    const cg_octal_code *code;
    size_t heaps;          /* n: heaps 0..n */
    size_t order;          /* elements 0..order-1 */
    const uint32_t *times; /* times[e * (heaps + 1) + h] */
    const uint8_t *is_p;   /* is_p[e] */
    const uint32_t *value; /* NULL, or value[e]: G- of e's sums, proven instead */
} cg_quotient_candidate;

/* A sum where the rule of play fails, when the proof fails. */
typedef struct cg_proof_failure {
    size_t count;
    size_t heap[CG_PROOF_MAX_WITNESS];
} cg_proof_failure;

/* The breadth-first walk over the elements of a table (times[e * (heaps +
 * 1) + h], element 0 the empty sum) from element 0, heaps 1..heaps tried in
 * turn at each element: queue[0..met-1] the elements in the order met, and
 * for each element e met a least sum, e = parent[e] plus heap[e] (element 0:
 * itself and heap 0); parent[e] is UINT32_MAX for the others. parent, heap
 * and queue have room for order entries. Returns met. */
size_t cg_quotient_walk(const uint32_t *times, size_t order, size_t heaps, uint32_t *parent,
                        uint32_t *heap, uint32_t *queue);

/* Check the candidate; *proven, or *failure filled. The walk's tables are
 * counted in budget (NULL: unlimited) and given back before the return;
 * more than max_states states is CG_ERR_LIMIT. *states: states walked. */
cg_status cg_misere_prove(const cg_quotient_candidate *c, cg_budget *budget, uint64_t max_states,
                          bool *proven, cg_proof_failure *failure, uint64_t *states, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
