/* The sparse engine's choice of mask, piece by piece: the Walsh-Hadamard
 * transform against its definition computed directly (a sum over every
 * value for every mask), and the best mask against a direct count of the
 * rare positions under every mask. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "octal/octal_engine_internal.h"
#include "ref_rng.h"

enum { LARGEST = 1024 };

static void transform_by_definition(void **state) {
    (void)state;
    ref_rng rng = {26};
    static int64_t values[LARGEST], fast[LARGEST];
    for (size_t count = 1; count <= LARGEST; count *= 2) {
        for (int round = 0; round < 3; round++) {
            for (size_t v = 0; v < count; v++) {
                values[v] = (int64_t)ref_rng_below(&rng, 1000) - 300;
                fast[v] = values[v];
            }
            cg_walsh_hadamard(fast, count);
            for (size_t m = 0; m < count; m++) {
                int64_t sum = 0;
                for (size_t v = 0; v < count; v++) {
                    sum += __builtin_parityll(v & m) ? -values[v] : values[v];
                }
                if (fast[m] != sum) {
                    fail_msg("size %zu, mask %zu: %lld, by the definition %lld", count, m,
                             (long long)fast[m], (long long)sum);
                }
            }
        }
    }
    /* a point mass at 5 of 8: +1 where 5 & m has an even number of bits */
    int64_t point[8] = {0, 0, 0, 0, 0, 1, 0, 0};
    cg_walsh_hadamard(point, 8);
    static const int64_t expected[8] = {1, -1, 1, -1, -1, 1, -1, 1};
    assert_memory_equal(point, expected, sizeof expected);
}

static void best_mask_counts_rare(void **state) {
    (void)state;
    ref_rng rng = {1976};
    static uint64_t histogram[256];
    static int64_t scratch[256];
    for (int round = 0; round < 200; round++) {
        uint32_t bound = 2u << ref_rng_below(&rng, 8);
        for (uint32_t v = 0; v < bound; v++) {
            /* a few values common, most absent, as in octal games */
            histogram[v] = ref_rng_below(&rng, 4) == 0 ? ref_rng_below(&rng, 50) : 0;
        }
        uint32_t best = cg_octal_best_mask(histogram, bound, scratch);
        assert_true(best >= 1 && best < bound);
        uint64_t fewest = UINT64_MAX;
        uint32_t first = 0;
        for (uint32_t m = 1; m < bound; m++) {
            uint64_t rare = 0;
            for (uint32_t v = 0; v < bound; v++) {
                rare += __builtin_parity(v & m) ? 0 : histogram[v];
            }
            if (rare < fewest) {
                fewest = rare;
                first = m;
            }
        }
        assert_int_equal(best, first);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(transform_by_definition),
        cmocka_unit_test(best_mask_counts_rare),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
