/* The presentation of a proven misère quotient (misere_quotient_internal.h
 * says what it is): the generators are the heaps whose element is not a
 * product of earlier generators, less any the others generate; each
 * element's normal form is its least word in graded lexicographic order;
 * the relations are the words that are not normal forms but whose
 * divisors all are, each equal to its normal form. */
#ifndef CGSOLVE_MISERE_PRESENTATION_H
#define CGSOLVE_MISERE_PRESENTATION_H

#include "core/status_internal.h"
#include "octal/misere_quotient_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* q's generators, generator_heap, normal forms and relations, from its
 * proven, renumbered table (times, heap_element), all counted in
 * q->budget: the normal forms in q->held, the relations in their own room
 * (q->relation_room). An error past the budget or out of memory. */
cg_status cg_misere_quotient_present(cg_misere_quotient *q, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
