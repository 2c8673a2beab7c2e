/* Growable arrays: one reallocation policy for every list the library
 * builds (moves, stretches, stacks, per-node tables). */
#ifndef CGSOLVE_GROW_H
#define CGSOLVE_GROW_H

#include <stddef.h>

/* The block `items` (holding *capacity items of item_size bytes), grown by
 * doubling (from 16) to hold at least needed >= 1 items; *capacity is
 * updated. NULL on failure, with items untouched and still the caller's. */
void *cg_grow(void *items, size_t *capacity, size_t needed, size_t item_size);

/* `items` reallocated to exactly count >= 1 items, with the size computed
 * without overflow; NULL on failure, items untouched. */
void *cg_resize(void *items, size_t count, size_t item_size);

#endif
