/* Each element's least sum in a misère quotient, and its options.
 *
 * Every element e of a quotient table (times[e * (heaps + 1) + h], element
 * 0 the empty sum) reached from the empty sum has a sum of fewest tokens
 * (Dijkstra over the heaps' actions, a heap of h weighing h). An option of
 * e's least sum has fewer tokens, so its element is met earlier in that
 * order: a rule of play read over the least sums (the outcome when heap n
 * joins, misere_extend_internal.h; the misère value, misere_values_internal.h)
 * can be evaluated element by element in it, each option already known. */
#ifndef CGSOLVE_MISERE_LEAST_H
#define CGSOLVE_MISERE_LEAST_H

#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"
#include "octal/misere_quotient_internal.h"
#include "octal/octal_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_least_sums {
    const cg_misere_quotient *q;
    /* e's least sum: e = parent[e] plus heap_of[e]; both 0 for element 0
     * and for an element no sum reaches */
    uint32_t *parent, *heap_of;
    uint32_t *by_tokens; /* the elements by tokens: [0, reached) */
    size_t reached;
    /* the elements of the options of e's least sum, each option once a
     * heap size: option_element[option_first[e] .. option_first[e + 1]) */
    uint32_t *option_first, *option_element;
    size_t option_count, option_capacity;
    cg_budget *budget;
    size_t held; /* bytes of parent, heap_of, by_tokens and option_first */
} cg_least_sums;

/* The least sums of q's elements over heaps 1..q->heaps, and their options
 * by code's rules; every array counted in budget (NULL: unlimited), given
 * back by cg_least_sums_free, which is safe after a failure. */
cg_status cg_least_sums_find(cg_least_sums *l, const cg_misere_quotient *q,
                             const cg_octal_code *code, cg_budget *budget, cg_error *err);
void cg_least_sums_free(cg_least_sums *l);

/* Whether a sum reaches element e. */
bool cg_least_sums_reach(const cg_least_sums *l, uint32_t e);

/* Element e times element y, through y's least sum. */
uint32_t cg_least_sums_times(const cg_least_sums *l, uint32_t e, uint32_t y);

#ifdef __cplusplus
}
#endif

#endif
