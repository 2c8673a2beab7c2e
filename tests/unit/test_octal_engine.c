/* The octal engines against each other and against the plain sequence
 * (cg_grundy_seq, the definition written once more): naive and sparse give
 * the same values, bit for bit, on random codes and on the classic ones,
 * through mask changes and the widening to 32 bits; the budget holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "cgsolve/octal_engine.h"
#include "ref_rng.h"

static void agree(const char *text, size_t upto) {
    cg_octal_code code;
    assert_int_equal(cg_octal_parse(text, &code, NULL), CG_OK);
    cg_grundy_seq plain;
    cg_grundy_seq_init(&plain, &code, NULL);
    assert_int_equal(cg_grundy_seq_extend(&plain, upto, NULL), CG_OK);
    static const cg_engine_method methods[] = {CG_ENGINE_NAIVE, CG_ENGINE_SPARSE, CG_ENGINE_AUTO};
    for (size_t m = 0; m < 3; m++) {
        cg_octal_engine engine;
        cg_octal_engine_init(&engine, &code, methods[m], NULL);
        /* in steps, as a stream would ask */
        for (size_t n = 0; n <= upto; n += 1 + upto / 7) {
            assert_int_equal(cg_octal_engine_extend(&engine, n, NULL), CG_OK);
        }
        assert_int_equal(cg_octal_engine_extend(&engine, upto, NULL), CG_OK);
        for (size_t n = 0; n <= upto; n++) {
            if (cg_octal_engine_at(&engine, n) != cg_grundy_seq_at(&plain, n)) {
                fail_msg("%s, method %zu: G(%zu) = %u, the definition gives %llu", text, m, n,
                         cg_octal_engine_at(&engine, n),
                         (unsigned long long)cg_grundy_seq_at(&plain, n));
            }
        }
        cg_octal_engine_free(&engine);
    }
    cg_grundy_seq_free(&plain);
}

static void classic_codes(void **state) {
    (void)state;
    static const char *const codes[] = {"0.007", "0.77",  "0.07", "0.6",  "0.16", "0.376",
                                        "4.07",  "0.137", "0.4",  "0.51", "0.75", "0.0707"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        agree(codes[i], 6000);
    }
}

static void random_codes(void **state) {
    (void)state;
    ref_rng rng = {15};
    for (int k = 0; k < 150; k++) {
        char text[16];
        size_t len = 0;
        text[len++] = ref_rng_below(&rng, 2) ? '4' : '0';
        text[len++] = '.';
        size_t digits = 1 + (size_t)ref_rng_below(&rng, 4);
        for (size_t d = 0; d < digits; d++) {
            text[len++] = (char)('0' + ref_rng_below(&rng, 8));
        }
        text[len - 1] = (char)('1' + ref_rng_below(&rng, 7)); /* a move exists */
        text[len] = '\0';
        agree(text, 1500 + (size_t)ref_rng_below(&rng, 1500));
    }
}

/* Values that fit in 16 bits are kept in 16 bits (octal games' values stay
 * small: 0.007's are below 2^10 far out). */
static void sixteen_bits(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.007", &code, NULL), CG_OK);
    cg_budget budget = cg_budget_make((size_t)1 << 30);
    cg_octal_engine engine;
    cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, &budget);
    assert_int_equal(cg_octal_engine_extend(&engine, 20000, NULL), CG_OK);
    assert_null(engine.wide);
    assert_true(engine.held <= engine.capacity * sizeof(uint16_t));
    assert_true(cg_octal_engine_rare_count(&engine) > 0);
    cg_octal_engine_free(&engine);
}

static void budget_holds(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.007", &code, NULL), CG_OK);
    cg_budget budget = cg_budget_make(10000);
    cg_octal_engine engine;
    cg_octal_engine_init(&engine, &code, CG_ENGINE_SPARSE, &budget);
    cg_error err;
    assert_int_equal(cg_octal_engine_extend(&engine, 100000, &err), CG_ERR_LIMIT);
    assert_true(budget.peak <= budget.limit);
    cg_octal_engine_free(&engine);
    assert_int_equal(budget.used, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classic_codes),
        cmocka_unit_test(random_codes),
        cmocka_unit_test(sixteen_bits),
        cmocka_unit_test(budget_holds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
