/* Shuffling with the seeded generator: one Fisher-Yates for every array the
 * generators, the tests and the benchmarks permute. */
#include "core/rng_internal.h"

static void swap_items(unsigned char *a, unsigned char *b, size_t size) {
    for (size_t k = 0; k < size; k++) {
        unsigned char t = a[k];
        a[k] = b[k];
        b[k] = t;
    }
}

void cg_rng_shuffle(cg_rng *rng, void *items, size_t count, size_t size) {
    unsigned char *bytes = items;
    for (size_t i = count; i > 1; i--) {
        size_t j = (size_t)cg_rng_below(rng, i);
        if (j != i - 1) {
            swap_items(bytes + (i - 1) * size, bytes + j * size, size);
        }
    }
}
