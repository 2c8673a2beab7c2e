/* Growable arrays: one reallocation policy for every list the library
 * builds (moves, stretches, stacks, per-node tables), with and without a
 * memory budget. */
#ifndef CGSOLVE_GROW_H
#define CGSOLVE_GROW_H

#include <stddef.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The block `items` (holding *capacity items of item_size bytes), grown by
 * doubling (from 16) to hold at least needed >= 1 items; *capacity is
 * updated. NULL on failure, with items untouched and still the caller's. */
void *cg_grow(void *items, size_t *capacity, size_t needed, size_t item_size);

/* `items` reallocated to exactly count >= 1 items, with the size computed
 * without overflow; NULL on failure, items untouched. */
void *cg_resize(void *items, size_t count, size_t item_size);

/* Append one item (item_size bytes at item) to the array *items holding
 * *count of *capacity items, growing it as cg_grow does. CG_ERR_NOMEM with
 * a message naming what; the array is then unchanged. */
cg_status cg_append(void *items, size_t *count, size_t *capacity, const void *item,
                    size_t item_size, const char *what, cg_error *err);

/* cg_grow for a table counted in budget (NULL: unlimited): *items (holding
 * *capacity items) grows by doubling to at least needed items, both blocks
 * reserved while realloc may hold both. CG_ERR_LIMIT or CG_ERR_NOMEM with a
 * message naming what; *items and *capacity are then unchanged. */
cg_status cg_grow_within(cg_budget *budget, void *items, size_t *capacity, size_t needed,
                         size_t item_size, const char *what, cg_error *err);

/* One of several arrays that grow together, each holding per_unit * units +
 * extra items of item_size bytes (e.g. n + 1 row starts for n nodes). */
typedef struct cg_array {
    void *items; /* the address of the array's pointer */
    size_t item_size;
    size_t per_unit;
    size_t extra;
} cg_array;

/* Resize every array to hold `units` units, counted in budget. *held is the
 * bytes the arrays hold in budget now and is updated (give it back with
 * cg_budget_give(budget, *held, 1) after freeing them). When an allocation
 * fails midway, the arrays already resized keep their new size and *held
 * counts both sizes, so the budget never under-counts. */
cg_status cg_resize_arrays(cg_budget *budget, size_t *held, const cg_array *arrays, size_t count,
                           size_t units, const char *what, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
