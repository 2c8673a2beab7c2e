#include "cgsolve/budget.h"

cg_status cg_budget_check(size_t count, size_t item_size, size_t limit, const char *what,
                          cg_error *err) {
    size_t bytes;
    if (!cg_size_mul(count, item_size, &bytes) || bytes > limit) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "%s needs %zu x %zu bytes, more than the memory limit of %zu bytes "
                            "(raise it with --memory)",
                            what, count, item_size, limit);
    }
    return CG_OK;
}
