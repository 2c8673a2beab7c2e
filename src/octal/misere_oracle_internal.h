/* Misère values read off proven quotients, for the search
 * (cg_misere_set_oracle, misere_internal.h): 0 to 3 off a quotient's
 * P-portion, any value off a quotient whose values are proven.
 *
 * G-(X) = m exactly when X + *m is a P-position. When the game has a heap
 * that is *1 in every sum and one that is *2, X + *m for m = 0..3 is a sum
 * of the game's heaps (*3 and *1 + *2 are the same game: both have the
 * options 0, *1 and *2), and a proven quotient that covers X's heaps gives
 * its outcome exactly. So a position whose G- is 0 to 3 is valued by at most
 * four walks through the quotient's table, without a search; one with G- of
 * 4 or more is left to the search, unless q is a value quotient, whose
 * every element has its G- proven with it, or a valued layer covers its
 * heaps (cg_misere_oracle_attach_valued). The search multiplies elements
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
    const cg_misere_quotient *valued; /* NULL, or a quotient of fewer heaps with proven values */
    uint32_t layer;  /* an element is a * layer + b: a of quotient, b of valued (layer - 1: none) */
    size_t one, two; /* heaps that are *1 and *2 in every sum (0: none) */
    uint16_t *product; /* product[x * order + y]: x + y, order = quotient's order x layer */
    uint8_t *value;    /* value[x]: G- of x's sums when known, or CG_MISERE_NO_VALUE */
    size_t held;       /* bytes of product and value in the budget */
    cg_budget *budget;
} cg_misere_oracle;

/* Set o, reading q, as solver's oracle. q is a proven quotient of the
 * solver's game (either kind: a value quotient's P-portion is used the
 * same way); q and o are kept by the caller while the solver uses them. The
 * solver's first heaps are analysed to find the nim-heaps of 1 and 2. */
cg_status cg_misere_oracle_attach(cg_misere_oracle *o, cg_misere_solver *solver,
                                  const cg_misere_quotient *q, cg_error *err);

/* The same, with a second quotient, valued, of heaps up to valued->heaps
 * (fewer than q's) whose sums' G- are values[their element], proven
 * (misere_values_internal.h): a sum whose heaps valued covers gets its G-
 * from there, any G-; the others as from q alone. Each element is a pair
 * of the two quotients' elements; when there would be more than 2,048
 * pairs, valued is left out. Kayles's values are proven to heap 19 only
 * (its quotient goes on to heap 169): valued by that layer too, its genus
 * to heap 100 searches 4.9 million positions, not 6.5 million. */
cg_status cg_misere_oracle_attach_valued(cg_misere_oracle *o, cg_misere_solver *solver,
                                         const cg_misere_quotient *q,
                                         const cg_misere_quotient *valued, const uint32_t *values,
                                         cg_error *err);

/* Its table given back (the solver must not ask it again: set another
 * oracle or none first, or free the solver). */
void cg_misere_oracle_free(cg_misere_oracle *o);

#ifdef __cplusplus
}
#endif

#endif
