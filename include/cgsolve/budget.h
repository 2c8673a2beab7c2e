/* Memory budgets: every table a solver allocates is sized with overflow-
 * checked arithmetic and checked against the run's --memory limit first, so
 * a too-large input gets a clear error instead of an abort. */
#ifndef CGSOLVE_BUDGET_H
#define CGSOLVE_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

#include "cgsolve/status.h"

/* *out = a * b; false on overflow. */
static inline bool cg_size_mul(size_t a, size_t b, size_t *out) {
    if (a != 0 && b > (size_t)-1 / a) {
        return false;
    }
    *out = a * b;
    return true;
}

/* CG_OK when count items of item_size bytes fit in limit bytes; otherwise
 * CG_ERR_LIMIT with a message naming what and the sizes. */
cg_status cg_budget_check(size_t count, size_t item_size, size_t limit, const char *what,
                          cg_error *err);

#endif
