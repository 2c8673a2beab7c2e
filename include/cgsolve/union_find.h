/* Disjoint sets over 0..n-1 (union by size, path halving): near-constant
 * time per operation and no recursion. */
#ifndef CGSOLVE_UNION_FIND_H
#define CGSOLVE_UNION_FIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgsolve/status.h"

typedef struct cg_union_find {
    uint32_t *parent;
    uint32_t *size;
    size_t count;
    size_t capacity;
} cg_union_find;

void cg_union_find_init(cg_union_find *uf);
void cg_union_find_free(cg_union_find *uf);
/* Make n singleton sets (n < 2^32), reusing storage when possible. */
cg_status cg_union_find_reset(cg_union_find *uf, size_t n, cg_error *err);
uint32_t cg_union_find_root(cg_union_find *uf, uint32_t x);
/* Join the sets of a and b; false when they were already one set. */
bool cg_union_find_join(cg_union_find *uf, uint32_t a, uint32_t b);

/* Bytes needed for n elements, for memory budgets. */
static inline size_t cg_union_find_bytes(size_t n) {
    return n * 2 * sizeof(uint32_t);
}

#endif
