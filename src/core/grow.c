#include "cgsolve/grow.h"

#include <stdlib.h>

#include "cgsolve/budget.h"

void *cg_resize(void *items, size_t count, size_t item_size) {
    size_t bytes;
    if (count == 0 || !cg_size_mul(count, item_size, &bytes)) {
        return NULL;
    }
    return realloc(items, bytes);
}

void *cg_grow(void *items, size_t *capacity, size_t needed, size_t item_size) {
    if (needed <= *capacity && items != NULL) {
        return items;
    }
    size_t cap = *capacity < 16 ? 16 : *capacity;
    while (cap < needed) {
        if (cap > (size_t)-1 / 2) {
            return NULL;
        }
        cap *= 2;
    }
    void *grown = cg_resize(items, cap, item_size);
    if (grown != NULL) {
        *capacity = cap;
    }
    return grown;
}
