/* Misère values 0 to 3 read off a proven quotient, for the search
 * (cg_misere_set_oracle, misere_internal.h).
 *
 * G-(X) = m exactly when X + *m is a P-position. When the game has a heap
 * that is *1 in every sum and one that is *2, X + *m for m = 0..3 is a sum
 * of the game's heaps (*3 and *1 + *2 are the same game: both have the
 * options 0, *1 and *2), and a proven quotient that covers X's heaps gives
 * its outcome exactly. So a position whose G- is 0 to 3 is valued by at most
 * four walks through the quotient's table, without a search; one with G- of
 * 4 or more is left to the search, unless q is a value quotient, whose
 * every element has its G- proven with it. The search multiplies elements
 * (cg_misere_oracle_table): the table of products of two elements is made
 * from the quotient's element-plus-heap table, order x order entries. */
#ifndef CGSOLVE_MISERE_ORACLE_H
#define CGSOLVE_MISERE_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "core/status_internal.h"
#include "octal/misere_internal.h"
#include "octal/misere_quotient_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_misere_oracle {
    const cg_misere_quotient *quotient;
    size_t one, two;   /* heaps that are *1 and *2 in every sum (0: none) */
    uint32_t *product; /* product[a * order + b]: the quotient's a + b */
    uint8_t *value;    /* value[e]: G- of e's sums when known, or CG_MISERE_NO_VALUE */
    size_t held;       /* bytes of product and value in the budget */
    cg_budget *budget;
} cg_misere_oracle;

/* Set o, reading q, as solver's oracle. q is a proven quotient of the
 * solver's game (either kind: a value quotient's P-portion is used the
 * same way); q and o are kept by the caller while the solver uses them. The
 * solver's first heaps are analysed to find the nim-heaps of 1 and 2. */
cg_status cg_misere_oracle_attach(cg_misere_oracle *o, cg_misere_solver *solver,
                                  const cg_misere_quotient *q, cg_error *err);

/* Its table given back (the solver must not ask it again: set another
 * oracle or none first, or free the solver). */
void cg_misere_oracle_free(cg_misere_oracle *o);

#ifdef __cplusplus
}
#endif

#endif
