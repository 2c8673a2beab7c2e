#include "core/budget_internal.h"

#include <stdlib.h>
#include <string.h>

cg_budget cg_budget_make(size_t limit) {
    cg_budget budget = {limit, 0, 0};
    return budget;
}

cg_status cg_budget_take(cg_budget *budget, size_t count, size_t item_size, const char *what,
                         cg_error *err) {
    size_t bytes;
    if (!cg_size_mul(count, item_size, &bytes)) {
        return cg_error_set(err, CG_ERR_LIMIT, "%s needs %zu x %zu bytes, more than memory holds",
                            what, count, item_size);
    }
    if (budget == NULL) {
        return CG_OK;
    }
    if (bytes > budget->limit - budget->used) {
        cg_error_set(err, CG_ERR_LIMIT,
                     "%s needs %zu bytes more, beyond the memory limit of %zu bytes (%zu in use)",
                     what, bytes, budget->limit, budget->used);
        if (err != NULL) {
            err->over_budget = true;
        }
        return CG_ERR_LIMIT;
    }
    budget->used += bytes;
    if (budget->used > budget->peak) {
        budget->peak = budget->used;
    }
    return CG_OK;
}

void cg_budget_give(cg_budget *budget, size_t count, size_t item_size) {
    if (budget != NULL) {
        size_t bytes = count * item_size; /* was reserved, so it does not overflow */
        budget->used -= bytes < budget->used ? bytes : budget->used;
    }
}

cg_status cg_budget_resize(cg_budget *budget, void *items, size_t old_count, size_t new_count,
                           size_t item_size, const char *what, cg_error *err) {
    void *old;
    memcpy(&old, items, sizeof old);
    cg_status st = cg_budget_take(budget, new_count, item_size, what, err);
    if (st != CG_OK) {
        return st;
    }
    void *grown = new_count == 0 ? NULL : realloc(old, new_count * item_size);
    if (grown == NULL && new_count != 0) {
        cg_budget_give(budget, new_count, item_size);
        /* what names the table ("the Grundy table"), not an action */
        return cg_error_set(err, CG_ERR_NOMEM, "out of memory for %s", what);
    }
    if (new_count == 0) {
        free(old);
    }
    cg_budget_give(budget, old_count, item_size);
    memcpy(items, &grown, sizeof grown);
    return CG_OK;
}
