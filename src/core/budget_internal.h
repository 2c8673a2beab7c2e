/* Memory budgets: the ceiling on what one run allocates for its tables.
 *
 * A cg_budget counts the bytes a run's tables hold. A table reserves bytes
 * before it allocates them and returns them after it frees them, so when a
 * table grows, the old and the new block are both counted while both exist:
 * the budget bounds the peak, growth included. A NULL budget is unlimited. */
#ifndef CGSOLVE_BUDGET_H
#define CGSOLVE_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_budget {
    size_t limit; /* bytes */
    size_t used;  /* bytes held now */
    size_t peak;  /* most bytes held at once */
} cg_budget;

/* A budget of limit bytes, nothing used. */
cg_budget cg_budget_make(size_t limit);

/* *out = a * b; false on overflow. */
static inline bool cg_size_mul(size_t a, size_t b, size_t *out) {
    if (a != 0 && b > (size_t)-1 / a) {
        return false;
    }
    *out = a * b;
    return true;
}

/* Reserve count items of item_size bytes (budget may be NULL). CG_ERR_LIMIT
 * with a message naming what and the sizes when they do not fit. */
cg_status cg_budget_take(cg_budget *budget, size_t count, size_t item_size, const char *what,
                         cg_error *err);

/* Return count items of item_size bytes reserved earlier. */
void cg_budget_give(cg_budget *budget, size_t count, size_t item_size);

/* Resize the array *items from old_count to new_count items of item_size
 * bytes, accounted in budget: both blocks are reserved while realloc may
 * hold both. On failure *items is unchanged and still the caller's. */
cg_status cg_budget_resize(cg_budget *budget, void *items, size_t old_count, size_t new_count,
                           size_t item_size, const char *what, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
