#include "core/grow_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget_internal.h"

void *cg_resize(void *items, size_t count, size_t item_size) {
    size_t bytes;
    if (count == 0 || !cg_size_mul(count, item_size, &bytes)) {
        return NULL;
    }
    return realloc(items, bytes);
}

/* The doubled capacity (from 16) that holds needed items, or 0 on overflow. */
static size_t doubled_capacity(size_t capacity, size_t needed) {
    size_t cap = capacity < 16 ? 16 : capacity;
    while (cap < needed) {
        if (cap > (size_t)-1 / 2) {
            return 0;
        }
        cap *= 2;
    }
    return cap;
}

void *cg_grow(void *items, size_t *capacity, size_t needed, size_t item_size) {
    if (needed <= *capacity && items != NULL) {
        return items;
    }
    size_t cap = doubled_capacity(*capacity, needed);
    if (cap == 0) {
        return NULL;
    }
    void *grown = cg_resize(items, cap, item_size);
    if (grown != NULL) {
        *capacity = cap;
    }
    return grown;
}

cg_status cg_append(void *items, size_t *count, size_t *capacity, const void *item,
                    size_t item_size, const char *what, cg_error *err) {
    void *old;
    memcpy(&old, items, sizeof old);
    char *grown = cg_grow(old, capacity, *count + 1, item_size);
    if (grown == NULL) {
        return cg_error_nomem(err, what);
    }
    memcpy(grown + *count * item_size, item, item_size);
    (*count)++;
    memcpy(items, &grown, sizeof grown);
    return CG_OK;
}

cg_status cg_grow_within(cg_budget *budget, void *items, size_t *capacity, size_t needed,
                         size_t item_size, const char *what, cg_error *err) {
    if (needed <= *capacity) {
        return CG_OK;
    }
    size_t cap = doubled_capacity(*capacity, needed);
    if (cap == 0) {
        return cg_error_set(err, CG_ERR_LIMIT, "%s cannot hold %zu items", what, needed);
    }
    cg_status st = cg_budget_resize(budget, items, *capacity, cap, item_size, what, err);
    if (st == CG_OK) {
        *capacity = cap;
    }
    return st;
}

cg_status cg_resize_arrays(cg_budget *budget, size_t *held, const cg_array *arrays, size_t count,
                           size_t units, const char *what, cg_error *err) {
    size_t total = 0;
    for (size_t i = 0; i < count; i++) {
        size_t items, bytes;
        if (!cg_size_mul(units, arrays[i].per_unit, &items) || items > SIZE_MAX - arrays[i].extra ||
            !cg_size_mul(items + arrays[i].extra, arrays[i].item_size, &bytes) ||
            bytes > SIZE_MAX - total) {
            return cg_error_set(err, CG_ERR_LIMIT, "%s of %zu items is too large", what, units);
        }
        total += bytes;
    }
    cg_status st = cg_budget_take(budget, total, 1, what, err);
    if (st != CG_OK) {
        return st;
    }
    for (size_t i = 0; i < count; i++) {
        void *old;
        memcpy(&old, arrays[i].items, sizeof old);
        size_t items = units * arrays[i].per_unit + arrays[i].extra;
        void *grown = realloc(old, items > 0 ? items * arrays[i].item_size : 1);
        if (grown == NULL) {
            *held += total;
            return cg_error_set(err, CG_ERR_NOMEM, "out of memory for %s", what);
        }
        memcpy(arrays[i].items, &grown, sizeof grown);
    }
    cg_budget_give(budget, *held, 1);
    *held = total;
    return CG_OK;
}
