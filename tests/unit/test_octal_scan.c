/* The sparse engine's vectorised common scans (octal_scan_internal.h) against loops
 * written here: on random values, random extents and random targets or
 * sets (found in any lane, in the tail, or not at all), the vectorised
 * scans, the plain ones and the definition give the same splits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "octal/octal_scan_internal.h"
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

/* One random case: g[0..VALUES) below a random power of two up to 2^16
 * (few distinct values: matches come early; many: late or never), a rest
 * and the splits from <= a < to of it to scan. Returns the power. */
static uint64_t random_case(ref_rng *rng, uint16_t *g, size_t *rest, size_t *from, size_t *to) {
    uint64_t spread = (uint64_t)1 << ref_rng_below(rng, 17);
    for (size_t i = 0; i < VALUES; i++) {
        g[i] = (uint16_t)ref_rng_below(rng, spread);
    }
    *rest = 2 + (size_t)ref_rng_below(rng, VALUES - 2);
    size_t end = *rest / 2 + 1;
    *from = 1 + (size_t)ref_rng_below(rng, end);
    *to = *from + (size_t)ref_rng_below(rng, end - *from + 1);
    return spread;
}

static void random_scans(void **state) {
    (void)state;
    ref_rng rng = {2611};
    static uint16_t g[VALUES];
    for (int round = 0; round < 20000; round++) {
        size_t rest, from, to;
        uint64_t spread = random_case(&rng, g, &rest, &from, &to);
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

/* The set scan by the definition: each split in turn, its nim-sum taken out
 * of the set when in it. */
static size_t collect_by_definition(const uint16_t *g, size_t rest, size_t *from, size_t to,
                                    uint8_t *set, size_t bytes, size_t *found, size_t want) {
    size_t n = 0;
    for (size_t a = *from; a < to; a++) {
        unsigned v = (unsigned)(g[a] ^ g[rest - a]);
        if (v < 8 * bytes && (set[v / 8] & (1u << (v % 8))) != 0) {
            set[v / 8] = (uint8_t)(set[v / 8] & ~(1u << (v % 8)));
            found[n++] = a;
            if (n == want) {
                *from = a + 1;
                return n;
            }
        }
    }
    *from = to;
    return n;
}

/* Random values (below 2^16 too, whose bytes saturate), sets of every size
 * and density, a want that stops the scan early or not, and the splits
 * recorded or only counted: each kind of
 * scan this processor runs (plain, AVX2, AVX-512) and the definition find
 * the same splits, stop at the same place and leave the same set. The
 * values are copied to a block of exactly rest + 1 of them, so that a read
 * past them is caught under AddressSanitizer. */
static void random_set_scans(void **state) {
    (void)state;
    ref_rng rng = {1201};
    static uint16_t g[VALUES];
    size_t kinds_run = 0, until_empty = 0;
    for (int round = 0; round < 20000; round++) {
        size_t rest, from, to;
        random_case(&rng, g, &rest, &from, &to);
        uint16_t *exact = malloc((rest + 1) * sizeof *exact);
        assert_non_null(exact);
        memcpy(exact, g, (rest + 1) * sizeof *exact);
        size_t bytes = (size_t)ref_rng_below(&rng, CG_OCTAL_SET_BYTES + 1);
        uint8_t start[CG_OCTAL_SET_BYTES] = {0}, expected[CG_OCTAL_SET_BYTES];
        unsigned density = (unsigned)ref_rng_below(&rng, 9); /* of 8 bits, on average */
        for (size_t i = 0; i < bytes; i++) {
            for (unsigned b = 0; b < 8; b++) {
                if (ref_rng_below(&rng, 8) < density) {
                    start[i] = (uint8_t)(start[i] | (1u << b));
                }
            }
        }
        memcpy(expected, start, sizeof start);
        /* found holds 64; counted only, every value of a set may be wanted,
         * and in a quarter of the rounds exactly every value (the scan
         * then runs until the set is empty, as the engine's do) */
        size_t want = 1 + (size_t)ref_rng_below(&rng, round % 2 == 0 ? 64 : CG_OCTAL_SET_VALUES);
        size_t in_set = 0;
        for (size_t i = 0; i < bytes; i++) {
            in_set += (size_t)__builtin_popcount(start[i]);
        }
        if (round % 4 == 1 && in_set > 0) {
            want = in_set;
            until_empty++;
        }
        static size_t by_definition[CG_OCTAL_SET_VALUES];
        size_t found[64], at = from, end = from;
        size_t n = collect_by_definition(g, rest, &end, to, expected, bytes, by_definition, want);
        /* every other round, the splits are only counted (found NULL) */
        size_t *record = round % 2 == 0 ? found : NULL;
        for (int k = 0; k <= CG_OCTAL_SCAN_KINDS; k++) {
            /* each kind, then the dispatcher's choice */
            if (k < CG_OCTAL_SCAN_KINDS && !cg_octal_scan_supports((cg_octal_scan_kind)k)) {
                continue;
            }
            uint8_t set[CG_OCTAL_SET_BYTES];
            memcpy(set, start, sizeof set);
            at = from;
            size_t got = k == CG_OCTAL_SCAN_KINDS
                             ? cg_octal_collect_16(exact, rest, &at, to, set, bytes, record, want)
                             : cg_octal_collect_16_by((cg_octal_scan_kind)k, exact, rest, &at, to,
                                                      set, bytes, record, want);
            if (got != n || at != end ||
                (record != NULL && memcmp(found, by_definition, n * sizeof(size_t)) != 0) ||
                memcmp(set, expected, sizeof set) != 0) {
                fail_msg("rest %zu, splits %zu..%zu, %zu set bytes, want %zu: %s found %zu "
                         "stopping at %zu, the definition %zu stopping at %zu",
                         rest, from, to, bytes, want,
                         k == CG_OCTAL_SCAN_KINDS ? "the best"
                                                  : cg_octal_scan_name((cg_octal_scan_kind)k),
                         got, at, n, end);
            }
            kinds_run += round == 0;
        }
        free(exact);
    }
    /* plain and the dispatcher at least; on x86-64 with AVX2, that too */
    assert_true(kinds_run >= 2);
    assert_true(until_empty > 1000);
    assert_int_equal(kinds_run, 1 + (size_t)cg_octal_scan_supports(CG_OCTAL_SCAN_AVX2) +
                                    (size_t)cg_octal_scan_supports(CG_OCTAL_SCAN_AVX512) + 1);
}

/* A set of one value (its last, 0x7ff for the largest set), found in every
 * lane of a 32- or 64-split round and in the tail, for every number of the
 * set's pieces (AVX2) or registers (AVX-512), by each kind of scan. */
static void set_every_lane(void **state) {
    (void)state;
    static uint16_t g[VALUES];
    for (size_t i = 0; i < VALUES; i++) {
        g[i] = (uint16_t)(0x4000 | (i & 0xff)); /* nim-sums below 256: never 0x7ff */
    }
    size_t rest = 1001;
    for (size_t from = 1; from < 66; from++) {
        for (size_t a = from; a < from + 134 && a <= rest / 2; a++) {
            uint16_t saved = g[a];
            g[a] = (uint16_t)(0x7ff ^ g[rest - a]); /* the only split whose nim-sum is 0x7ff */
            /* each number of pieces, at its first and last byte */
            static const size_t sizes[] = {1, 16, 17, 32, 33, 64, 65, 128, 129, 256};
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                size_t bytes = sizes[s];
                uint8_t set[CG_OCTAL_SET_BYTES] = {0};
                size_t value = 8 * bytes - 1 < 0x7ff ? 8 * bytes - 1 : 0x7ff, found[1];
                g[a] = (uint16_t)(value ^ g[rest - a]);
                set[value / 8] = (uint8_t)(1u << (value % 8));
                for (int k = 0; k < CG_OCTAL_SCAN_KINDS; k++) {
                    if (!cg_octal_scan_supports((cg_octal_scan_kind)k)) {
                        continue;
                    }
                    set[value / 8] = (uint8_t)(1u << (value % 8));
                    size_t at = from;
                    size_t n = cg_octal_collect_16_by((cg_octal_scan_kind)k, g, rest, &at,
                                                      rest / 2 + 1, set, bytes, found, 1);
                    if (n != 1 || found[0] != a || at != a + 1 || set[value / 8] != 0) {
                        fail_msg("%s: value %zu at split %zu from %zu (%zu set bytes): found %zu "
                                 "at %zu",
                                 cg_octal_scan_name((cg_octal_scan_kind)k), value, a, from, bytes,
                                 n, n ? found[0] : 0);
                    }
                }
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
    uint8_t set[CG_OCTAL_SET_BYTES] = {1};
    size_t found[1], at = 1;
    assert_int_equal(cg_octal_collect_16(NULL, 40, &at, 20, set, 1, found, 1), 0);
    assert_int_equal(at, 20);
    at = 1;
    assert_int_equal(cg_octal_collect_16(g, 40, &at, 20, NULL, 1, found, 1), 0);
    assert_int_equal(cg_octal_collect_16(g, 40, NULL, 20, set, 1, found, 1), 0);
    at = 1;
    assert_int_equal(cg_octal_collect_16(g, 40, &at, 20, set, CG_OCTAL_SET_BYTES + 1, found, 1), 0);
    at = 1;
    assert_int_equal(cg_octal_collect_16(g, 40, &at, 20, set, 1, found, 0), 0);
    at = 1;
    /* every nim-sum is 0, in the set: the first split, then the set is empty */
    assert_int_equal(cg_octal_collect_16(g, 40, &at, 20, set, 1, found, 1), 1);
    assert_int_equal(found[0], 1);
    assert_int_equal(at, 2);
    assert_int_equal(set[0], 0);
    assert_int_equal(cg_octal_collect_16(g, 40, &at, 20, set, 1, found, 1), 0);
    assert_int_equal(at, 20);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_scans),     cmocka_unit_test(every_lane),
        cmocka_unit_test(random_set_scans), cmocka_unit_test(set_every_lane),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
