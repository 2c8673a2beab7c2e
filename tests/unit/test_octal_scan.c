/* The sparse engine's vectorised common scan (octal_scan.h) against a loop
 * written here: on random values, random extents and random targets (found
 * in any lane of the sixteen, in the tail, or not at all), the vectorised
 * scan, the plain one and the definition give the same split. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/octal_scan_internal.h"
#include "ref_rng.h"

enum { VALUES = 4096 };

static size_t first_by_definition(const uint16_t *g, size_t rest, size_t from, size_t to,
                                  const uint16_t *targets, size_t count) {
    for (size_t a = from; a < to; a++) {
        for (size_t t = 0; t < count; t++) {
            if ((g[a] ^ g[rest - a]) == targets[t]) {
                return a;
            }
        }
    }
    return to;
}

static void check(const uint16_t *g, size_t rest, size_t from, size_t to, const uint16_t *targets,
                  size_t count) {
    size_t want = first_by_definition(g, rest, from, to, targets, count);
    size_t fast = cg_octal_first_target_16(g, rest, from, to, targets, count);
    size_t plain = cg_octal_first_target_16_plain(g, rest, from, to, targets, count);
    if (fast != want || plain != want) {
        fail_msg("rest %zu, splits %zu..%zu, %zu targets: vectorised %zu, plain %zu, "
                 "by the definition %zu",
                 rest, from, to, count, fast, plain, want);
    }
}

static void random_scans(void **state) {
    (void)state;
    ref_rng rng = {2611};
    static uint16_t g[VALUES];
    for (int round = 0; round < 20000; round++) {
        /* few distinct values: matches come early; many: late or never */
        uint64_t spread = (uint64_t)1 << ref_rng_below(&rng, 17);
        for (size_t i = 0; i < VALUES; i++) {
            g[i] = (uint16_t)ref_rng_below(&rng, spread);
        }
        size_t rest = 2 + (size_t)ref_rng_below(&rng, VALUES - 2);
        size_t end = rest / 2 + 1;
        size_t from = 1 + (size_t)ref_rng_below(&rng, end);
        size_t to = from + (size_t)ref_rng_below(&rng, end - from + 1);
        uint16_t targets[CG_OCTAL_SCAN_TARGETS];
        size_t count = 1 + (size_t)ref_rng_below(&rng, CG_OCTAL_SCAN_TARGETS);
        for (size_t t = 0; t < count; t++) {
            targets[t] = (uint16_t)ref_rng_below(&rng, 2 * spread);
        }
        check(g, rest, from, to, targets, count);
    }
}

/* One split's nim-sum is the only target: it must be found in every lane
 * of a 32-split round, of a 16-split one and of the plain tail. */
static void every_lane(void **state) {
    (void)state;
    static uint16_t g[VALUES];
    for (size_t i = 0; i < VALUES; i++) {
        g[i] = (uint16_t)(i & 0xff);
    }
    size_t rest = 1001;
    for (size_t from = 1; from < 40; from++) {
        for (size_t a = from; a < from + 90 && a <= rest / 2; a++) {
            uint16_t saved = g[a];
            g[a] = 0x8000; /* no other split reaches a nim-sum with the top bit */
            uint16_t target = (uint16_t)(0x8000 ^ g[rest - a]);
            for (size_t to = a; to <= a + 40 && to <= rest / 2 + 1; to++) {
                check(g, rest, from, to, &target, 1);
                size_t want = to > a ? a : to;
                assert_int_equal(cg_octal_first_target_16(g, rest, from, to, &target, 1), want);
            }
            g[a] = saved;
        }
    }
}

static void bad_arguments(void **state) {
    (void)state;
    static const uint16_t g[64];
    static const uint16_t targets[CG_OCTAL_SCAN_TARGETS + 1];
    assert_int_equal(cg_octal_first_target_16(NULL, 40, 1, 20, targets, 1), 20);
    assert_int_equal(cg_octal_first_target_16(g, 40, 1, 20, NULL, 1), 20);
    assert_int_equal(cg_octal_first_target_16(g, 40, 1, 20, targets, 0), 20);
    assert_int_equal(cg_octal_first_target_16(g, 40, 1, 20, targets, CG_OCTAL_SCAN_TARGETS + 1),
                     20);
    /* every nim-sum is 0 here: the first split is the answer */
    assert_int_equal(cg_octal_first_target_16(g, 40, 1, 20, targets, 1), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_scans),
        cmocka_unit_test(every_lane),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
