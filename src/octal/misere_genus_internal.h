/* Heaps' misère values and genus from the proven quotient, not by search.
 *
 * The search values a heap through sums of its options, which grow without
 * bound where heaps are wild (Kayles past heap 40 doubles its time every
 * three heaps). The quotient of heaps <= N (misere_quotient_internal.h) is
 * built from far fewer searches, most of its steps proven without any;
 * once its elements' values are proven (misere_values_internal.h), each
 * heap n <= N is read off it: γk = value(n · (*2)^k), with a heap the
 * solver finds to be *2 in every sum standing for the genus's nim-heaps of
 * 2. Nothing is guessed: where the quotient is past its bounds or its
 * values are not proven, no heap is adopted and the search does the rest.
 *
 * A complete quotient (misere_period_internal.h) gives every heap, not
 * only those <= N: heap m > N has the element and the option elements of
 * m - p, so by induction on the tokens every sum's G- is the value of its
 * element, as the periodicity theorem argues for outcomes (the rule the
 * values obey, the mex, reads only those elements). */
#ifndef CGSOLVE_MISERE_GENUS_H
#define CGSOLVE_MISERE_GENUS_H

#include <stddef.h>

#include "core/status_internal.h"
#include "octal/misere_internal.h"
#include "octal/misere_oracle_internal.h"
#include "octal/misere_quotient_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_GENUS_MAX_ORDER 1024      /* a quotient's elements at most */
#define CG_GENUS_MAX_STATES 4000000u /* states of one proof at most */
#define CG_GENUS_NIM_HEAPS 16        /* heaps looked at for one that is *2 */
/* Positions one question of the quotient's chain may search: 0.07's chain
 * reaches heap 33 as with 2,000,000, and gives up at heap 34 after 1 s
 * instead of 8 s. */
#define CG_GENUS_CHAIN_POSITIONS 200000u

/* What the search keeps of the quotient for the heaps not read off it:
 * the proven quotient, whose P-portion gives every sum's G- of 0 to 3 at
 * once (misere_oracle_internal.h), so the search expands only the sums of
 * G- 4 or more (Kayles to heap 70: half the positions, 14.3 s -> 9.7 s). */
typedef struct cg_misere_genus_aid {
    cg_misere_quotient quotient; /* order 0: none */
    cg_misere_oracle oracle;
} cg_misere_genus_aid;

/* Analyse heaps cg_misere_count(solver)..N, N <= upto the largest that the
 * proven quotient of heaps <= N and its proven values reach (upto when the
 * quotient is complete; none when they are not found). CG_ERR_STOPPED when the solver's progress
 * hook asks; the heaps adopted before stay. A quotient or a proof past its bounds, the solver's
 * positions or the memory budget is no error: fewer heaps are adopted.
 * aid (zeroed by the call) keeps the quotient as the solver's oracle for
 * the search of the heaps after N; free it with cg_misere_genus_aid_free
 * once the search is done. */
cg_status cg_misere_genus_from_quotient(cg_misere_solver *solver, size_t upto,
                                        cg_misere_genus_aid *aid, cg_error *err);

/* aid's quotient and oracle given back, the solver told to ask no oracle. */
void cg_misere_genus_aid_free(cg_misere_solver *solver, cg_misere_genus_aid *aid);

#ifdef __cplusplus
}
#endif

#endif
