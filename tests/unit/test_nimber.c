/* Unit tests of the growable mex set, nim-sums and the octal engine. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/nimber_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/octal_engine_internal.h"
#include "octal/octal_internal.h"
#include "ref_rng.h"

static void mex_of_small_sets(void **state) {
    (void)state;
    cg_mex_set set;
    cg_mex_init(&set);
    assert_int_equal(cg_mex_value(&set), 0);
    assert_int_equal(cg_mex_add(&set, 1), CG_OK);
    assert_int_equal(cg_mex_value(&set), 0);
    assert_int_equal(cg_mex_add(&set, 0), CG_OK);
    assert_int_equal(cg_mex_add(&set, 3), CG_OK);
    assert_int_equal(cg_mex_value(&set), 2);
    cg_mex_clear(&set);
    assert_int_equal(cg_mex_value(&set), 0);
    assert_false(cg_mex_contains(&set, 3));
    cg_mex_free(&set);
}

/* The stack set for small values: mex across its words, values past its
 * size not held, and the full set's mex its size. */
static void small_set_mex(void **state) {
    (void)state;
    cg_small_set set = {{0}};
    assert_int_equal(cg_small_set_mex(&set), 0);
    for (unsigned v = 0; v < 130; v++) {
        cg_small_set_add(&set, v == 70 ? 200 : v);
    }
    assert_int_equal(cg_small_set_mex(&set), 70);
    assert_true(cg_small_set_has(&set, 200));
    assert_false(cg_small_set_has(&set, 130));
    cg_small_set_add(&set, 1000);
    assert_false(cg_small_set_has(&set, 1000));
    for (unsigned v = 0; v < CG_SMALL_SET_SIZE; v++) {
        cg_small_set_add(&set, v);
    }
    assert_int_equal(cg_small_set_mex(&set), CG_SMALL_SET_SIZE);
}

static uint32_t array_at(const void *sequence, size_t i) {
    return ((const uint32_t *)sequence)[i];
}

/* The mex of a sequence, against the definition, below and past the small
 * set's size: values in scrambled order, duplicates, one left out, large
 * values that cannot be the mex. */
static void mex_of_sequences(void **state) {
    (void)state;
    enum { COUNT = 700 };
    static uint32_t values[COUNT];
    assert_int_equal(cg_mex_of(values, 0, array_at), 0);
    for (uint32_t missing = 0; missing <= 600; missing += 37) {
        size_t count = 0;
        for (uint32_t v = 0; v < 650; v++) {
            uint32_t x = (v * 389u) % 650u; /* 389 is prime to 650: every value once */
            if (x != missing) {
                values[count++] = x;
            }
            if (v % 100 == 0 && count < COUNT) {
                values[count++] = 100000u + v; /* far above: never the mex */
            }
        }
        assert_int_equal(cg_mex_of(values, count, array_at), missing);
    }
    for (uint32_t v = 0; v < 300; v++) {
        values[v] = 299u - v;
    }
    assert_int_equal(cg_mex_of(values, 300, array_at), 300); /* all present */
    values[0] = 256;                                         /* 299 gone, 256 twice */
    assert_int_equal(cg_mex_of(values, 300, array_at), 299);
}

static void mex_beyond_64_bits(void **state) {
    (void)state;
    /* Values past any machine word: the set must grow, never wrap. */
    cg_mex_set set;
    cg_mex_init(&set);
    for (cg_nimber v = 0; v < 1000; v++) {
        assert_int_equal(cg_mex_add(&set, v), CG_OK);
    }
    assert_int_equal(cg_mex_value(&set), 1000);
    assert_int_equal(cg_mex_add(&set, 100000), CG_OK);
    assert_true(cg_mex_contains(&set, 100000));
    assert_false(cg_mex_contains(&set, 64 + 1000));
    assert_int_equal(cg_mex_value(&set), 1000);
    cg_mex_clear(&set);
    assert_false(cg_mex_contains(&set, 100000));
    assert_int_equal(cg_mex_value(&set), 0);
    /* Reserving keeps what is in the set and allows unchecked adds. */
    assert_int_equal(cg_mex_add(&set, 0), CG_OK);
    assert_int_equal(cg_mex_reserve(&set, 4096), CG_OK);
    assert_true(cg_mex_contains(&set, 0));
    cg_mex_add_fast(&set, 1);
    cg_mex_add_fast(&set, 4095);
    assert_int_equal(cg_mex_value(&set), 2);
    assert_true(cg_mex_contains(&set, 4095));
    cg_mex_clear(&set);
    assert_false(cg_mex_contains(&set, 4095));
    set.limit = 2;
    assert_int_equal(cg_mex_add(&set, 128), CG_ERR_LIMIT);
    assert_int_equal(cg_mex_reserve(&set, 129), CG_ERR_LIMIT);
    cg_mex_free(&set);
}

static void nim_sums(void **state) {
    (void)state;
    cg_nimber heaps[] = {3, 5, 6};
    assert_int_equal(cg_nim_sum(heaps, 3), 0);
    assert_int_equal(cg_nim_sum(heaps, 2), 6);
    assert_int_equal(cg_nim_add(7, 7), 0);
}

/* G(0..upto) of code_text by the library's engine, as nimbers (the period
 * finder's input). */
typedef struct sequence_values {
    cg_octal_code code;
    cg_nimber values[1024];
    size_t count;
} sequence_values;

static void sequence(const char *code_text, size_t upto, sequence_values *seq) {
    assert_true(upto < sizeof seq->values / sizeof seq->values[0]);
    assert_int_equal(cg_octal_parse(code_text, &seq->code, NULL), CG_OK);
    cg_octal_engine engine;
    cg_octal_engine_init(&engine, &seq->code, CG_ENGINE_AUTO, NULL);
    assert_int_equal(cg_octal_engine_extend(&engine, upto, NULL), CG_OK);
    for (size_t n = 0; n <= upto; n++) {
        seq->values[n] = cg_octal_engine_at(&engine, n);
    }
    seq->count = upto + 1;
    cg_octal_engine_free(&engine);
}

static void kayles(void **state) {
    (void)state;
    static const cg_nimber expected[] = {1, 2, 3, 1, 4, 3, 2, 1, 4, 2,
                                         6, 4, 1, 2, 7, 1, 4, 3, 2, 1};
    static sequence_values seq;
    sequence("0.77", 400, &seq);
    assert_int_equal(seq.values[0], 0);
    for (size_t n = 1; n <= 20; n++) {
        assert_int_equal(seq.values[n], expected[n - 1]);
    }
    size_t pre = 0;
    assert_int_equal(cg_octal_find_period(seq.values, seq.count, &seq.code, &pre), 12);
    assert_int_equal(pre, 71);
    /* Too few values to prove it: no period claimed. */
    assert_int_equal(cg_octal_find_period(seq.values, 100, &seq.code, &pre), 0);
}

static void dawsons_kayles(void **state) {
    (void)state;
    static sequence_values seq;
    sequence("0.07", 400, &seq);
    static const cg_nimber first[] = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2};
    for (size_t n = 0; n < sizeof first / sizeof first[0]; n++) {
        assert_int_equal(seq.values[n], first[n]);
    }
    size_t pre = 0;
    assert_int_equal(cg_octal_find_period(seq.values, seq.count, &seq.code, &pre), 34);
    assert_int_equal(pre, 53);
}

static void treblecross_code(void **state) {
    (void)state;
    /* 0.007: G(0..2) = 0, then the spec's g(n) = G(n + 2): 1 1 1 2 2 ... */
    static sequence_values seq;
    sequence("0.007", 12, &seq);
    static const cg_nimber expected[] = {0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1};
    for (size_t n = 0; n <= 12; n++) {
        assert_int_equal(seq.values[n], expected[n]);
    }
}

static void extend_is_incremental(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.137", &code, NULL), CG_OK);
    cg_octal_engine a, b;
    cg_octal_engine_init(&a, &code, CG_ENGINE_NAIVE, NULL);
    cg_octal_engine_init(&b, &code, CG_ENGINE_NAIVE, NULL);
    assert_int_equal(cg_octal_engine_extend(&a, 50, NULL), CG_OK);
    assert_int_equal(cg_octal_engine_extend(&b, 10, NULL), CG_OK);
    assert_int_equal(cg_octal_engine_extend(&b, 30, NULL), CG_OK);
    assert_int_equal(cg_octal_engine_extend(&b, 50, NULL), CG_OK);
    assert_int_equal(b.count, 51);
    assert_memory_equal(a.narrow, b.narrow, 51 * sizeof *a.narrow);
    cg_octal_engine_free(&a);
    cg_octal_engine_free(&b);
    /* The values are reserved 1024 at a time, then doubled: a budget of
     * 4000 bytes holds the first block of 16-bit values (2048 bytes) and the
     * tables indexed by value (1216 bytes: values stay below 16), not the
     * doubling to 2048 (6144 bytes at the peak), so G(1500) is refused and
     * G(0..1023) kept. */
    cg_budget budget = cg_budget_make(4000);
    cg_octal_engine_init(&b, &code, CG_ENGINE_NAIVE, &budget);
    assert_int_equal(cg_octal_engine_extend(&b, 1023, NULL), CG_OK);
    cg_error err;
    assert_int_equal(cg_octal_engine_extend(&b, 1500, &err), CG_ERR_LIMIT);
    assert_true(err.over_budget);
    assert_int_equal(b.count, 1024);
    assert_true(budget.peak <= budget.limit);
    cg_octal_engine_free(&b);
    assert_int_equal(budget.used, 0);
}

static void split_without_removal(void **state) {
    (void)state;
    /* 4.01: split a heap into two non-empty heaps, or take a heap of exactly
     * two. Worked out by hand below. */
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("4.", &code, NULL), CG_OK); /* 4.0: splits alone */
    assert_int_equal(code.last, 0);
    static sequence_values seq;
    sequence("4.01", 4, &seq);
    assert_int_equal(seq.values[1], 0);
    assert_int_equal(seq.values[2], 1); /* options: 1+1 -> 0, take 2 -> 0 */
    assert_int_equal(seq.values[3], 0); /* options: 1+2 -> 1 */
    assert_int_equal(seq.values[4], 1); /* options: 1+3 -> 0, 2+2 -> 0 */
}

static void parse_and_format(void **state) {
    (void)state;
    cg_octal_code code;
    char text[80];
    cg_error err;
    assert_int_equal(cg_octal_parse("0.007", &code, &err), CG_OK);
    assert_int_equal(code.last, 3);
    cg_octal_format(&code, text, sizeof text);
    assert_string_equal(text, "0.007");
    assert_int_equal(cg_octal_parse(".77", &code, &err), CG_OK);
    cg_octal_format(&code, text, sizeof text);
    assert_string_equal(text, "0.77");
    assert_int_equal(cg_octal_parse("0.0g", &code, &err), CG_ERR_INPUT);
    assert_string_equal(err.message,
                        "invalid octal game code '0.0g': 'g' at position 4 is not a digit (0-7, "
                        "or 8-f to allow leaving three heaps)");
    /* hexadecimal digits round-trip, in lower case */
    assert_int_equal(cg_octal_parse("4.0C8", &code, &err), CG_OK);
    cg_octal_format(&code, text, sizeof text);
    assert_string_equal(text, "4.0c8");
    assert_int_equal(code.digit[2], 12);
    assert_int_equal(cg_octal_parse("0.000", &code, &err), CG_ERR_INPUT);
    assert_int_equal(cg_octal_parse("1.07", &code, &err), CG_ERR_INPUT);
    assert_int_equal(cg_octal_parse("0,07", &code, &err), CG_ERR_INPUT);
    assert_int_equal(cg_octal_parse("", &code, &err), CG_ERR_INPUT);
}

/* Regression: a period from heap 0 needs one more value than the general
 * bound. 0.4 has G(0..2) = 0 0 0 but G(3) = 1: no period of 1 may be
 * claimed from G(0..2), and the claims made on longer prefixes hold. */
static void period_from_zero_is_sound(void **state) {
    (void)state;
    static sequence_values seq;
    sequence("0.4", 2, &seq);
    size_t pre;
    assert_int_equal(cg_octal_find_period(seq.values, seq.count, &seq.code, &pre), 0);
    static const char *const codes[] = {"0.4", "0.40", "0.04", "4.1", "0.7", "0.16", "4.07", "0.6"};
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        static sequence_values full;
        sequence(codes[c], 600, &full);
        for (size_t count = 1; count <= 300; count++) {
            size_t p = cg_octal_find_period(full.values, count, &full.code, &pre);
            for (size_t n = pre; p > 0 && n + p < full.count; n++) {
                if (full.values[n + p] != full.values[n]) {
                    fail_msg("%s: period %zu from %zu claimed on %zu values, broken at %zu",
                             codes[c], p, pre, count, n);
                }
            }
        }
    }
}

static void checksum_is_stable(void **state) {
    (void)state;
    cg_nimber a[] = {0, 1, 2};
    cg_nimber b[] = {0, 12};
    /* "0,1,2" and "0,12" differ although the digits are the same. */
    assert_true(cg_grundy_checksum(a, 3) != cg_grundy_checksum(b, 2));
    /* FNV-1a 64 of the text "0,1,2", and of nothing (the offset basis). */
    assert_true(cg_grundy_checksum(a, 3) == 0x1c2c3ac2c828864aULL);
    assert_true(cg_grundy_checksum(a, 0) == 0xcbf29ce484222325ULL);
}

/* The period finder's shortcuts (walks of a period's multiples started at
 * its start, and the exceptions to a nearly periodic stretch) against the
 * plain search written once more: every p in turn, walked back from the end.
 * The sequences are made nearly periodic: a pattern of period q from s on,
 * and before s the same pattern with exceptions, as 0.376's preperiod is. */
static size_t plain_period(const cg_nimber *g, size_t count, size_t last, size_t *pre) {
    for (size_t p = 1; 2 * p + last <= count; p++) {
        size_t n = count - p;
        while (n > 0 && g[n - 1 + p] == g[n - 1]) {
            n--;
        }
        if (2 * n + p + last + p + (n == 0) <= count) {
            *pre = n;
            return p;
        }
    }
    *pre = 0;
    return 0;
}

static void period_shortcuts_agree(void **state) {
    (void)state;
    enum { LENGTH = 6000 };
    static cg_nimber g[LENGTH];
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.376", &code, NULL), CG_OK);
    ref_rng rng = {1558};
    for (int trial = 0; trial < 300; trial++) {
        size_t q = 1 + (size_t)ref_rng_below(&rng, 12);
        size_t s = (size_t)ref_rng_below(&rng, LENGTH);
        unsigned gap = 2 + (unsigned)ref_rng_below(&rng, 2000); /* one exception in gap */
        cg_nimber pattern[12];
        for (size_t j = 0; j < q; j++) {
            pattern[j] = ref_rng_below(&rng, 4);
        }
        for (size_t i = 0; i < LENGTH; i++) {
            g[i] = pattern[i % q];
            if (i < s && ref_rng_below(&rng, gap) == 0) {
                g[i] ^= 1 + ref_rng_below(&rng, 3);
            }
        }
        for (size_t count = LENGTH / 2; count <= LENGTH; count += LENGTH / 4) {
            size_t pre = 0, plain_pre = 0;
            size_t p = cg_octal_find_period(g, count, &code, &pre);
            size_t plain = plain_period(g, count, code.last, &plain_pre);
            if (p != plain || pre != plain_pre) {
                fail_msg("trial %d (q %zu, s %zu, count %zu): period %zu from %zu, the plain "
                         "search %zu from %zu",
                         trial, q, s, count, p, pre, plain, plain_pre);
            }
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mex_of_small_sets),
        cmocka_unit_test(mex_beyond_64_bits),
        cmocka_unit_test(small_set_mex),
        cmocka_unit_test(mex_of_sequences),
        cmocka_unit_test(nim_sums),
        cmocka_unit_test(kayles),
        cmocka_unit_test(dawsons_kayles),
        cmocka_unit_test(treblecross_code),
        cmocka_unit_test(extend_is_incremental),
        cmocka_unit_test(split_without_removal),
        cmocka_unit_test(parse_and_format),
        cmocka_unit_test(period_from_zero_is_sound),
        cmocka_unit_test(period_shortcuts_agree),
        cmocka_unit_test(checksum_is_stable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
