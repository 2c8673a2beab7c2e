/* Each vectorised kind of the compared half's kernels (octal_compare_internal.h:
 * AVX2, AVX-512) against the plain loops, on seeded random inputs and at
 * the edges: every count of heaps from 0 to 32 (one lane, a half of 16, a
 * half and one, counts no multiple of the vector's lanes), no entries, one
 * entry, and tables of every size around multiples of 32 and 64 bytes.
 * The minima start random, so a lane past count that a kernel changes is
 * seen; the values and tables are copied to blocks of exactly the length
 * read, so a read past them is caught under AddressSanitizer. A kind this
 * processor lacks is skipped (and said so). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "octal/octal_compare_internal.h"
#include "ref_rng.h"

enum { VALUES = 2000, ENTRIES = 100, ROUNDS_PER_COUNT = 300 };

typedef uint16_t minima[CG_OCTAL_COMPARED][CG_OCTAL_CHUNK];

static const cg_octal_compare_kind vectorised[] = {CG_OCTAL_COMPARE_AVX2, CG_OCTAL_COMPARE_AVX512};
static const char *const kind_names[] = {"plain", "AVX2", "AVX-512"};

/* A random comparison's inputs: values g, a rare list of ascending
 * positions, the entries from..to compared and the heaps' values (a third
 * of them planted so that a split gives them). */
typedef struct comparison {
    uint16_t g[VALUES];
    cg_rare_position rare[ENTRIES];
    uint16_t values[CG_OCTAL_CHUNK][CG_OCTAL_COMPARED];
    size_t from, to, base, length;
} comparison;

static void random_comparison(ref_rng *rng, size_t count, comparison *c) {
    uint64_t spread = (uint64_t)1 << ref_rng_below(rng, 17);
    for (size_t i = 0; i < VALUES; i++) {
        c->g[i] = (uint16_t)ref_rng_below(rng, spread);
    }
    size_t entries = (size_t)ref_rng_below(rng, ENTRIES + 1), at = 0;
    for (size_t i = 0; i < entries; i++) {
        at += 1 + (size_t)ref_rng_below(rng, 6);
        c->rare[i] = cg_rare_position_of((uint32_t)at, (uint32_t)ref_rng_below(rng, spread));
    }
    /* a fifth of the rounds compare no entry or one */
    unsigned shape = (unsigned)ref_rng_below(rng, 10);
    c->from = entries > 0 ? (size_t)ref_rng_below(rng, entries) : 0;
    c->to = shape == 0   ? c->from
            : shape == 1 ? (c->from < entries ? c->from + 1 : c->from)
                         : c->from + (size_t)ref_rng_below(rng, entries - c->from + 1);
    /* base - at >= 0 for every entry; the reads end at base - rare[from]'s heap + count - 1 */
    c->base = at + (size_t)ref_rng_below(rng, 100);
    c->length = c->from < c->to ? c->base - cg_rare_at(c->rare[c->from]) + count : 1;
    memset(c->values, 0, sizeof c->values);
    for (size_t j = 0; j < count; j++) {
        for (unsigned v = 0; v < CG_OCTAL_COMPARED; v++) {
            c->values[j][v] = (uint16_t)ref_rng_below(rng, spread);
            if (c->from < c->to && ref_rng_below(rng, 3) == 0) {
                size_t i = c->from + (size_t)ref_rng_below(rng, c->to - c->from);
                c->values[j][v] = (uint16_t)(cg_rare_value(c->rare[i]) ^
                                             c->g[c->base + j - cg_rare_at(c->rare[i])]);
            }
        }
    }
}

/* One round: kind in two calls (as the engine compares a run of entries at
 * a time) and the plain loop in one leave the same minima in every lane. */
static void check_comparison(ref_rng *rng, cg_octal_compare_kind kind, size_t count, int round) {
    static comparison c;
    random_comparison(rng, count, &c);
    uint16_t *exact = malloc(c.length * sizeof *exact);
    assert_non_null(exact);
    memcpy(exact, c.g, c.length * sizeof *exact);
    minima fast, plain;
    for (unsigned v = 0; v < CG_OCTAL_COMPARED; v++) {
        for (size_t j = 0; j < CG_OCTAL_CHUNK; j++) {
            fast[v][j] = plain[v][j] = (uint16_t)ref_rng_below(rng, 1u << 16);
        }
    }
    const uint16_t(*values)[CG_OCTAL_COMPARED] = (const uint16_t(*)[CG_OCTAL_COMPARED])c.values;
    size_t middle = c.from + (c.to - c.from) / 2;
    cg_octal_compare_16_by(kind, exact, c.rare, c.from, middle, c.base, count, values, fast);
    cg_octal_compare_16_by(kind, exact, c.rare, middle, c.to, c.base, count, values, fast);
    cg_octal_compare_16_plain(exact, c.rare, c.from, c.to, c.base, count, values, plain);
    for (unsigned v = 0; v < CG_OCTAL_COMPARED; v++) {
        for (size_t j = 0; j < CG_OCTAL_CHUNK; j++) {
            if (fast[v][j] != plain[v][j]) {
                fail_msg("%s, round %d, %zu heaps, entries %zu..%zu: lane %zu, value %u: %u, "
                         "plain %u",
                         kind_names[kind], round, count, c.from, c.to, j, v, fast[v][j],
                         plain[v][j]);
            }
        }
    }
    free(exact);
}

/* check(kind, seed) for each vectorised kind this processor runs. */
static void for_each_kind(void (*check)(cg_octal_compare_kind, uint64_t), uint64_t seed) {
    for (size_t k = 0; k < sizeof vectorised / sizeof vectorised[0]; k++) {
        if (cg_octal_compare_supports(vectorised[k])) {
            check(vectorised[k], seed + k);
        } else {
            print_message("%s: not run here, skipped\n", kind_names[vectorised[k]]);
        }
    }
}

static void comparisons_of(cg_octal_compare_kind kind, uint64_t seed) {
    ref_rng rng = {seed};
    int round = 0;
    for (size_t count = 0; count <= CG_OCTAL_CHUNK; count++) {
        for (int r = 0; r < ROUNDS_PER_COUNT; r++) {
            check_comparison(&rng, kind, count, round++);
        }
    }
}

static void comparisons_by_kind(void **state) {
    (void)state;
    for_each_kind(comparisons_of, 4512);
}

/* A table's size: one around a multiple of 32 (the edges of a vector's
 * test), else any up to 2,100. */
static size_t table_size(ref_rng *rng) {
    if (ref_rng_below(rng, 2) == 0) {
        size_t size = 32 * (size_t)ref_rng_below(rng, 8) + (size_t)ref_rng_below(rng, 3);
        return size > 0 ? size - 1 + (size_t)ref_rng_below(rng, 2) : 0;
    }
    return (size_t)ref_rng_below(rng, 2100);
}

static void least_values_of(cg_octal_compare_kind kind, uint64_t seed) {
    ref_rng rng = {seed};
    for (int round = 0; round < 20000; round++) {
        size_t size = table_size(&rng);
        uint32_t mask = (uint32_t)ref_rng_below(&rng, 4096);
        unsigned density = (unsigned)ref_rng_below(&rng, 17);
        uint8_t *table = malloc(size > 0 ? size : 1);
        assert_non_null(table);
        for (size_t v = 0; v < size; v++) {
            table[v] = ref_rng_below(&rng, 16) < density;
        }
        uint16_t got[CG_OCTAL_COMPARED], plain[CG_OCTAL_COMPARED];
        uint64_t low = cg_octal_common_of_64(mask);
        unsigned m = cg_octal_least_common_by(kind, mask, low, table, size, got);
        unsigned p = cg_octal_least_common_plain(mask, low, table, size, plain);
        if (m != p || memcmp(got, plain, sizeof got) != 0) {
            fail_msg("%s: mask %u, %zu values, density %u/16: %u found, plain %u", kind_names[kind],
                     mask, size, density, m, p);
        }
        free(table);
    }
}

static void least_values_by_kind(void **state) {
    (void)state;
    for_each_kind(least_values_of, 4600);
}

/* The dispatch: the best kind is one this processor runs, the plain kind
 * runs everywhere, and a kind given bad arguments compares nothing. */
static void kinds_and_arguments(void **state) {
    (void)state;
    assert_true(cg_octal_compare_supports(CG_OCTAL_COMPARE_PLAIN));
    assert_true(cg_octal_compare_supports(cg_octal_compare_best()));
    assert_int_equal(cg_octal_compare_vectorised(),
                     cg_octal_compare_best() != CG_OCTAL_COMPARE_PLAIN);
    static const uint16_t g[64];
    static const cg_rare_position rare[2] = {{1, 0}, {2, 0}};
    static const uint16_t values[CG_OCTAL_CHUNK][CG_OCTAL_COMPARED];
    for (size_t k = 0; k < sizeof vectorised / sizeof vectorised[0]; k++) {
        minima least;
        memset(least, 0xff, sizeof least);
        cg_octal_compare_16_by(vectorised[k], NULL, rare, 0, 2, 10, 4, values, least);
        cg_octal_compare_16_by(vectorised[k], g, rare, 0, 2, 10, CG_OCTAL_CHUNK + 1, values, least);
        assert_int_equal(least[0][0], UINT16_MAX);
        /* every nim-sum and value 0: each heap's each value given */
        cg_octal_compare_16_by(vectorised[k], g, rare, 0, 2, 10, 17, values, least);
        assert_int_equal(least[CG_OCTAL_COMPARED - 1][16], 0);
        assert_int_equal(least[0][17], UINT16_MAX);
        uint16_t list[CG_OCTAL_COMPARED] = {7};
        assert_int_equal(cg_octal_least_common_by(vectorised[k], 1, 0, NULL, 64, list), 0);
        assert_int_equal(list[0], 0);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(comparisons_by_kind),
        cmocka_unit_test(least_values_by_kind),
        cmocka_unit_test(kinds_and_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
