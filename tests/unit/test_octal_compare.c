/* The compared half's kernels (octal_compare_internal.h) against the definitions
 * written here: a heap's least common values, found 64 at a time, are the
 * definition's; on random values, rare lists, heaps' values (some planted
 * so that a split gives them) and counts of heaps, the vectorised
 * comparison and the plain one leave the same minima, and a minimum is zero
 * exactly where some split gives the value. The values are copied to a
 * block of exactly the length read, so that a read past them is caught
 * under AddressSanitizer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "octal/octal_compare_internal.h"
#include "ref_rng.h"

enum { VALUES = 3000, ENTRIES = 200 };

typedef uint16_t minima[CG_OCTAL_COMPARED][CG_OCTAL_CHUNK];

/* Whether some entry from <= i < to gives heap j's value
 * v: the definition the minima must agree with. */
static bool given(const uint16_t *g, const cg_rare_position *rare, size_t from, size_t to,
                  size_t base, size_t j, uint16_t v) {
    for (size_t i = from; i < to; i++) {
        if ((uint16_t)(cg_rare_value(rare[i]) ^ g[base + j - cg_rare_at(rare[i])]) == v) {
            return true;
        }
    }
    return false;
}

static void random_comparisons(void **state) {
    (void)state;
    ref_rng rng = {2612};
    static uint16_t g[VALUES];
    static cg_rare_position rare[ENTRIES];
    size_t planted = 0, seen_given = 0;
    for (int round = 0; round < 4000; round++) {
        uint64_t spread = (uint64_t)1 << ref_rng_below(&rng, 17);
        for (size_t i = 0; i < VALUES; i++) {
            g[i] = (uint16_t)ref_rng_below(&rng, spread);
        }
        /* ascending positions from 1, values below the spread */
        size_t entries = 1 + (size_t)ref_rng_below(&rng, ENTRIES), at = 0;
        for (size_t i = 0; i < entries; i++) {
            at += 1 + (size_t)ref_rng_below(&rng, 6);
            rare[i] = cg_rare_position_of((uint32_t)at, (uint32_t)ref_rng_below(&rng, spread));
        }
        size_t count = 1 + (size_t)ref_rng_below(&rng, CG_OCTAL_CHUNK);
        size_t from = (size_t)ref_rng_below(&rng, entries);
        size_t to = from + (size_t)ref_rng_below(&rng, entries - from + 1);
        /* base - at + j >= 0 for every entry and lane; reads end at base - rare[from]'s heap +
         * count - 1 */
        size_t base = cg_rare_at(rare[entries - 1]) + (size_t)ref_rng_below(&rng, 100);
        size_t length = base - cg_rare_at(rare[from]) + count;
        uint16_t(*values)[CG_OCTAL_COMPARED] = calloc(CG_OCTAL_CHUNK, sizeof *values);
        assert_non_null(values);
        for (size_t j = 0; j < count; j++) {
            for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
                values[j][c] = (uint16_t)ref_rng_below(&rng, spread);
                if (from < to && ref_rng_below(&rng, 3) == 0) { /* one a split gives */
                    size_t i = from + (size_t)ref_rng_below(&rng, to - from);
                    values[j][c] =
                        (uint16_t)(cg_rare_value(rare[i]) ^ g[base + j - cg_rare_at(rare[i])]);
                    planted++;
                }
            }
        }
        uint16_t *exact = malloc(length * sizeof *exact);
        assert_non_null(exact);
        memcpy(exact, g, length * sizeof *exact);
        minima fast, plain;
        memset(fast, 0xff, sizeof fast);
        memset(plain, 0xff, sizeof plain);
        /* in two calls, as the engine compares a run of entries at a time */
        size_t middle = from + (to - from) / 2;
        cg_octal_compare_16(exact, rare, from, middle, base, count,
                            (const uint16_t(*)[CG_OCTAL_COMPARED])values, fast);
        cg_octal_compare_16(exact, rare, middle, to, base, count,
                            (const uint16_t(*)[CG_OCTAL_COMPARED])values, fast);
        cg_octal_compare_16_plain(exact, rare, from, to, base, count,
                                  (const uint16_t(*)[CG_OCTAL_COMPARED])values, plain);
        for (size_t j = 0; j < count; j++) {
            for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
                bool gives = given(g, rare, from, to, base, j, values[j][c]);
                seen_given += gives;
                if (fast[c][j] != plain[c][j] || (plain[c][j] == 0) != gives) {
                    fail_msg("round %d, heap %zu, value %u (entries %zu..%zu, %zu heaps): "
                             "vectorised %u, plain %u, given %d",
                             round, j, values[j][c], from, to, count, fast[c][j], plain[c][j],
                             gives);
                }
            }
        }
        for (size_t j = count; j < CG_OCTAL_CHUNK; j++) { /* lanes past count untouched */
            for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
                assert_int_equal(fast[c][j], UINT16_MAX);
            }
        }
        free(exact);
        free(values);
    }
    assert_true(planted > 1000 && seen_given >= planted / 2);
}

/* The least common values by the definition: v below size, an odd
 * number of bits in v & mask, table[v] zero, in order, at most
 * CG_OCTAL_COMPARED. */
static unsigned least_by_definition(uint32_t mask, const uint8_t *table, size_t size,
                                    uint16_t *values) {
    unsigned count = 0;
    memset(values, 0, CG_OCTAL_COMPARED * sizeof *values);
    for (size_t v = 0; v < size && count < CG_OCTAL_COMPARED; v++) {
        if ((__builtin_popcount((unsigned)(v & mask)) & 1) && table[v] == 0) {
            values[count++] = (uint16_t)v;
        }
    }
    return count;
}

/* Random tables of marks (0 or 1, of every density, sizes not multiples of
 * 64 too) and masks: the least common values found 64 at a time, with
 * AVX-512 where it runs and without, are the definition's. The table is
 * a block of exactly size bytes, so that a read past it is caught under
 * AddressSanitizer. */
static void random_least_values(void **state) {
    (void)state;
    ref_rng rng = {2605};
    size_t short_lists = 0;
    for (int round = 0; round < 20000; round++) {
        size_t size = (size_t)ref_rng_below(&rng, 2100);
        uint32_t mask = (uint32_t)ref_rng_below(&rng, 4096);
        unsigned density = (unsigned)ref_rng_below(&rng, 17); /* of 16 marked, on average */
        uint8_t *table = malloc(size > 0 ? size : 1);
        assert_non_null(table);
        for (size_t v = 0; v < size; v++) {
            table[v] = ref_rng_below(&rng, 16) < density;
        }
        uint16_t expected[CG_OCTAL_COMPARED], got[CG_OCTAL_COMPARED], plain[CG_OCTAL_COMPARED];
        unsigned n = least_by_definition(mask, table, size, expected);
        uint64_t low = cg_octal_common_of_64(mask);
        unsigned m = cg_octal_least_common(mask, low, table, size, got);
        unsigned p = cg_octal_least_common_plain(mask, low, table, size, plain);
        if (m != n || p != n || memcmp(got, expected, sizeof got) != 0 ||
            memcmp(plain, expected, sizeof plain) != 0) {
            fail_msg("mask %u, %zu values, density %u/16: %u and %u found, the definition %u", mask,
                     size, density, m, p, n);
        }
        short_lists += n < CG_OCTAL_COMPARED;
        free(table);
    }
    assert_true(short_lists > 1000 && short_lists < 19000); /* full lists and short ones */
}

static void bad_arguments(void **state) {
    (void)state;
    static const uint16_t g[64];
    static const cg_rare_position rare[2] = {{1, 0}, {2, 0}};
    static const uint16_t values[CG_OCTAL_CHUNK][CG_OCTAL_COMPARED];
    minima least;
    memset(least, 0xff, sizeof least);
    /* nothing is compared: the minima stay */
    cg_octal_compare_16(NULL, rare, 0, 2, 10, 4, values, least);
    cg_octal_compare_16(g, NULL, 0, 2, 10, 4, values, least);
    cg_octal_compare_16(g, rare, 0, 2, 10, 4, NULL, least);
    cg_octal_compare_16(g, rare, 0, 2, 10, CG_OCTAL_CHUNK + 1, values, least);
    cg_octal_compare_16(g, rare, 0, 2, 10, 4, values, NULL);
    for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
        assert_int_equal(least[c][0], UINT16_MAX);
    }
    /* every value and nim-sum is 0: every heap's every value is given */
    cg_octal_compare_16(g, rare, 0, 2, 10, 4, values, least);
    assert_int_equal(least[0][0], 0);
    assert_int_equal(least[CG_OCTAL_COMPARED - 1][3], 0);
    assert_int_equal(least[0][4], UINT16_MAX);
    /* no table: no values, the list zeroed */
    uint16_t list[CG_OCTAL_COMPARED] = {7};
    assert_int_equal(cg_octal_least_common(1, cg_octal_common_of_64(1), NULL, 64, list), 0);
    assert_int_equal(list[0], 0);
    assert_int_equal(cg_octal_least_common_plain(1, 0, NULL, 64, NULL), 0);
    /* mask 1: the odd values are common */
    assert_int_equal(cg_octal_common_of_64(1), UINT64_C(0xaaaaaaaaaaaaaaaa));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_comparisons),
        cmocka_unit_test(random_least_values),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
