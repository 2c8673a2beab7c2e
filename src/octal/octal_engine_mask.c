/* The mask of the sparse engine (octal_engine_internal.h): the one under which the
 * fewest positions are rare, by a Walsh-Hadamard transform of the value
 * histogram. */
#include "octal/octal_engine_internal.h"

void cg_walsh_hadamard(int64_t *values, size_t count) {
    for (size_t len = 1; len < count; len *= 2) {
        for (size_t i = 0; i < count; i += 2 * len) {
            for (size_t j = i; j < i + len; j++) {
                int64_t a = values[j], b = values[j + len];
                values[j] = a + b;
                values[j + len] = a - b;
            }
        }
    }
}

uint32_t cg_octal_best_mask(const uint64_t *histogram, uint32_t bound, int64_t *transform) {
    for (uint32_t v = 0; v < bound; v++) {
        transform[v] = (int64_t)histogram[v];
    }
    cg_walsh_hadamard(transform, bound);
    /* transform[m] = (positions whose value is rare under m) - (common) */
    uint32_t best = 0;
    for (uint32_t m = 1; m < bound; m++) {
        if (best == 0 || transform[m] < transform[best]) {
            best = m;
        }
    }
    return best;
}
