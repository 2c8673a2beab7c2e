/* Disjoint sets over 0..n-1 (union by size, path halving): near-constant
 * time per operation and no recursion. */
#ifndef CGSOLVE_UNION_FIND_H
#define CGSOLVE_UNION_FIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_union_find {
    uint32_t *parent;
    uint32_t *size;
    size_t count;
    size_t capacity;
    cg_budget *budget; /* where its arrays are counted; NULL: unlimited */
    size_t held;       /* bytes held in budget */
} cg_union_find;

/* An empty structure counted in budget (NULL: unlimited). */
void cg_union_find_init(cg_union_find *uf, cg_budget *budget);
void cg_union_find_free(cg_union_find *uf);
/* Make n singleton sets (n < 2^32), reusing storage when possible. */
cg_status cg_union_find_reset(cg_union_find *uf, size_t n, cg_error *err);
uint32_t cg_union_find_root(cg_union_find *uf, uint32_t x);
/* Join the sets of a and b; false when they were already one set. */
bool cg_union_find_join(cg_union_find *uf, uint32_t a, uint32_t b);

#ifdef __cplusplus
}
#endif

#endif
