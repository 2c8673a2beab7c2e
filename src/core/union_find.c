#include "core/union_find_internal.h"

#include "core/grow_internal.h"

#include <stdlib.h>

void cg_union_find_init(cg_union_find *uf, cg_budget *budget) {
    uf->parent = NULL;
    uf->size = NULL;
    uf->count = 0;
    uf->capacity = 0;
    uf->budget = budget;
    uf->held = 0;
}

void cg_union_find_free(cg_union_find *uf) {
    free(uf->parent);
    free(uf->size);
    cg_budget_give(uf->budget, uf->held, 1);
    cg_union_find_init(uf, uf->budget);
}

cg_status cg_union_find_reset(cg_union_find *uf, size_t n, cg_error *err) {
    if (n > UINT32_MAX) {
        return cg_error_set(err, CG_ERR_LIMIT, "too many elements for a union-find (%zu)", n);
    }
    if (n > uf->capacity) {
        const cg_array arrays[] = {
            {&uf->parent, sizeof *uf->parent, 1, 0},
            {&uf->size, sizeof *uf->size, 1, 0},
        };
        cg_status st = cg_resize_arrays(uf->budget, &uf->held, arrays, 2, n, "a union-find", err);
        if (st != CG_OK) {
            return st;
        }
        uf->capacity = n;
    }
    for (size_t i = 0; i < n; i++) {
        uf->parent[i] = (uint32_t)i;
        uf->size[i] = 1;
    }
    uf->count = n;
    return CG_OK;
}

uint32_t cg_union_find_root(cg_union_find *uf, uint32_t x) {
    while (uf->parent[x] != x) {
        uf->parent[x] = uf->parent[uf->parent[x]];
        x = uf->parent[x];
    }
    return x;
}

bool cg_union_find_join(cg_union_find *uf, uint32_t a, uint32_t b) {
    a = cg_union_find_root(uf, a);
    b = cg_union_find_root(uf, b);
    if (a == b) {
        return false;
    }
    if (uf->size[a] < uf->size[b]) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    uf->parent[b] = a;
    uf->size[a] += uf->size[b];
    return true;
}
