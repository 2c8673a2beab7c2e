/* The rules issue 26 added to octal codes: codes that only split (4, 4.0,
 * 8, c.) and the '!' of CGSuite's notation (the heaps a split leaves differ
 * in size: 4!.0 is Grundy's game). Parsing, the canonical form, the errors,
 * Grundy's game against its published values and against a direct
 * recursion over unequal splits, and no period claimed for a '!' code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "octal/octal_engine_internal.h"
#include "octal/octal_internal.h"

static void canonical(const char *text, const char *expected) {
    cg_octal_code code;
    cg_error err;
    if (cg_octal_parse(text, &code, &err) != CG_OK) {
        fail_msg("'%s' refused: %s", text, err.message);
    }
    char out[CG_OCTAL_NAME_SIZE];
    cg_octal_format(&code, out, sizeof out);
    assert_string_equal(out, expected);
    cg_octal_code again;
    assert_int_equal(cg_octal_parse(out, &again, NULL), CG_OK);
    assert_memory_equal(again.digit, code.digit, sizeof code.digit);
    assert_int_equal(again.last, code.last);
}

static void refused(const char *text, const char *message) {
    cg_octal_code code;
    cg_error err;
    assert_int_equal(cg_octal_parse(text, &code, &err), CG_ERR_INPUT);
    assert_string_equal(err.message, message);
}

static void splitting_codes_parse(void **state) {
    (void)state;
    canonical("4", "4.0");
    canonical("4.", "4.0");
    canonical("4.0", "4.0");
    canonical("4.000", "4.0");
    canonical("8", "8.0");
    canonical("C.", "c.0");
    canonical("4!", "4!.0");
    canonical("4!.0", "4!.0");
    canonical("0.4!", "0.4!");
    canonical("4!.07!5", "4!.07!5");
    canonical("0.c!", "0.c!");
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("4!.0", &code, NULL), CG_OK);
    assert_int_equal(code.digit[0], 4 | CG_OCTAL_UNEQUAL);
    assert_int_equal(code.last, 0);
    assert_true(cg_octal_unequal(&code));
    assert_int_equal(cg_octal_parse("4.07", &code, NULL), CG_OK);
    assert_false(cg_octal_unequal(&code));
    /* the longest canonical form fits CG_OCTAL_NAME_SIZE */
    char longest[CG_OCTAL_NAME_SIZE] = "4!.";
    memset(longest + 3, '4', CG_OCTAL_MAX_DIGITS);
    longest[3 + CG_OCTAL_MAX_DIGITS] = '\0';
    canonical(longest, longest);
}

static void bad_codes_refused(void **state) {
    (void)state;
    refused("0", "invalid octal game code '0': no digit allows a move");
    refused("0.0", "invalid octal game code '0.0': no digit allows a move");
    refused("0!.7", "invalid octal game code '0!.7': '!' at position 2 follows a digit that does "
                    "not split a heap (only 4-7 and c-f take '!')");
    refused("0.3!", "invalid octal game code '0.3!': '!' at position 4 follows a digit that does "
                    "not split a heap (only 4-7 and c-f take '!')");
    refused("0.4!!", "invalid octal game code '0.4!!': '!' at position 5 is not a digit (0-7, or "
                     "8-f to allow leaving three heaps)");
    refused("4x", "invalid octal game code '4x': expected '.' at position 2");
    refused("!.4", "invalid octal game code '!.4': the digit before the point must be 0, 4, 8 or "
                   "c, found '!'");
    /* 64 digits with a '!' each: 128 characters after the point */
    char many[2 + 2 * CG_OCTAL_MAX_DIGITS + 1] = "0.";
    for (size_t i = 0; i < CG_OCTAL_MAX_DIGITS; i++) {
        many[2 + 2 * i] = '4';
        many[3 + 2 * i] = '!';
    }
    many[2 + 2 * CG_OCTAL_MAX_DIGITS] = '\0';
    cg_octal_code code;
    cg_error err;
    assert_int_equal(cg_octal_parse(many, &code, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.message, "more than 64 characters after the point"));
}

/* G(n) of Grundy's game by its rule alone, memoised recursion: the mex of
 * G(a) ^ G(n - a) over 1 <= a < n - a. */
enum { DIRECT = 1200 };
static int direct_memo[DIRECT + 1];

static int grundy_game(int n) {
    if (direct_memo[n] >= 0) {
        return direct_memo[n];
    }
    unsigned char seen[64] = {0};
    for (int a = 1; 2 * a < n; a++) {
        seen[grundy_game(a) ^ grundy_game(n - a)] = 1;
    }
    int g = 0;
    while (seen[g]) {
        g++;
    }
    return direct_memo[n] = g;
}

static uint64_t engine_value(const void *engine, size_t n) {
    return cg_octal_engine_at(engine, n);
}

static void grundys_game(void **state) {
    (void)state;
    /* OEIS A002188, G(0..40), the published values of Grundy's game */
    static const uint32_t published[] = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3,
                                         2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4,
                                         1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1};
    memset(direct_memo, -1, sizeof direct_memo);
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("4!.0", &code, NULL), CG_OK);
    static const cg_engine_method methods[] = {CG_ENGINE_NAIVE, CG_ENGINE_SPARSE, CG_ENGINE_AUTO};
    for (size_t m = 0; m < 3; m++) {
        cg_octal_engine engine;
        cg_octal_engine_init(&engine, &code, methods[m], NULL);
        assert_int_equal(cg_octal_engine_extend(&engine, DIRECT, NULL), CG_OK);
        for (size_t n = 0; n < sizeof published / sizeof published[0]; n++) {
            assert_int_equal(cg_octal_engine_at(&engine, n), published[n]);
        }
        for (int n = 0; n <= DIRECT; n++) {
            if ((int)cg_octal_engine_at(&engine, (size_t)n) != grundy_game(n)) {
                fail_msg("method %zu: G(%d) = %u, the rule gives %d", m, n,
                         cg_octal_engine_at(&engine, (size_t)n), grundy_game(n));
            }
        }
        if (methods[m] == CG_ENGINE_SPARSE) {
            assert_true(engine.mask != 0); /* the rare/common way did run */
        }
        /* no period claimed for a '!' code */
        size_t pre = 7;
        assert_int_equal(cg_octal_find_period_in(&engine, engine_value, engine.count, &code, &pre),
                         0);
        assert_int_equal(pre, 0);
        cg_octal_engine_free(&engine);
    }
}

/* 4 (= 4.0): G(0) = G(1) = 0, then 1 and 0 alternate (an even heap splits
 * into two odd ones or two even ones, an odd heap into one of each). The
 * period 2 from heap 1 is proven. */
static void splitting_alone(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("4", &code, NULL), CG_OK);
    cg_octal_engine engine;
    cg_octal_engine_init(&engine, &code, CG_ENGINE_AUTO, NULL);
    assert_int_equal(cg_octal_engine_extend(&engine, 200, NULL), CG_OK);
    cg_nimber values[201];
    for (size_t n = 0; n <= 200; n++) {
        values[n] = cg_octal_engine_at(&engine, n);
        assert_int_equal(values[n], n >= 2 && n % 2 == 0 ? 1 : 0);
    }
    size_t pre;
    assert_int_equal(cg_octal_find_period(values, 201, &code, &pre), 2);
    assert_int_equal(pre, 1);
    cg_octal_engine_free(&engine);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(splitting_codes_parse),
        cmocka_unit_test(bad_codes_refused),
        cmocka_unit_test(grundys_game),
        cmocka_unit_test(splitting_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
