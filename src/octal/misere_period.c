/* The periodicity test of misère quotients (see misere_period_internal.h). */
#include "octal/misere_period_internal.h"

/* The most heaps one move leaves: 3 with a digit bit 8, 2 with bit 4, else 1. */
static size_t most_parts(const cg_octal_code *code) {
    size_t parts = 1;
    for (size_t k = 0; k <= code->last; k++) {
        if (code->digit[k] & 8) {
            return 3;
        }
        if (code->digit[k] & 4) {
            parts = 2;
        }
    }
    return parts;
}

bool cg_misere_quotient_period(const cg_misere_quotient *q, const cg_octal_code *code,
                               size_t *preperiod, size_t *period) {
    if (q == NULL || code == NULL || q->heap_element == NULL || cg_octal_unequal(code)) {
        return false;
    }
    size_t n = q->heaps, parts = most_parts(code);
    for (size_t p = 1; p <= n; p++) {
        /* the least n0: one past the last m - p whose element differs from m's */
        size_t n0 = 0;
        for (size_t m = n; m >= p && n0 == 0; m--) {
            if (q->heap_element[m] != q->heap_element[m - p]) {
                n0 = m - p + 1;
            }
        }
        if (n + 1 >= code->last + parts * (n0 + p + 1)) {
            *preperiod = n0;
            *period = p;
            return true;
        }
    }
    return false;
}

size_t cg_misere_quotient_fold(const cg_misere_quotient *q, size_t preperiod, size_t period,
                               size_t h) {
    if (h <= q->heaps || period == 0) {
        return h;
    }
    return preperiod + (h - preperiod) % period; /* <= preperiod + period - 1 <= heaps */
}
