/* Misère play of octal games by exhaustive search, deliberately plain: a
 * position is a list of game heaps and a list of nim-heaps, both sorted and
 * written out as a text key; every position's misère Grundy value (1 with no
 * move, else the mex of its options') is found by recursion over its moves
 * read straight from the code's digits, and remembered in a chained hash map
 * of those keys. No tame rule, no early cut-off, no shared code with the
 * library beyond the parsed code: the reference misere.c is compared with. */
#ifndef CGSOLVE_REF_MISERE_H
#define CGSOLVE_REF_MISERE_H

#include <stdbool.h>
#include <stddef.h>

#include "octal/octal_internal.h"

/* Start over for code (forgets every remembered position). */
void ref_misere_begin(const cg_octal_code *code);
void ref_misere_end(void);

/* G- of the sum of game heaps[0..count-1] and nim-heaps nims[0..nim_count-1]. */
unsigned ref_misere_value(const size_t *heaps, size_t count, const size_t *nims, size_t nim_count);

/* Whether the sum of game heaps is a P-position (G- = 0). */
bool ref_misere_is_p(const size_t *heaps, size_t count);

#endif
