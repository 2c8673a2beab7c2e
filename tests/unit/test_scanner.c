/* Unit tests of the token scanner: tokens, positions, integers, errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/scanner_internal.h"

static cg_scanner *open_text(const char *text) {
    cg_scanner *s = NULL;
    assert_int_equal(cg_scanner_open_memory(&s, text, strlen(text), "<t>", NULL), CG_OK);
    return s;
}

static void tokens_and_positions(void **state) {
    (void)state;
    cg_scanner *s = open_text("  ab\r\n\n\tcd  e\n");
    cg_token t;
    cg_error err;
    assert_int_equal(cg_scan_token(s, "x", &t, &err), CG_OK);
    assert_string_equal(t.text, "ab");
    assert_int_equal(t.line, 1);
    assert_int_equal(t.column, 3);
    assert_int_equal(cg_scan_token(s, "x", &t, &err), CG_OK);
    assert_string_equal(t.text, "cd");
    assert_int_equal(t.line, 3);
    assert_int_equal(t.column, 2);
    assert_int_equal(cg_scan_token(s, "x", &t, &err), CG_OK);
    assert_string_equal(t.text, "e");
    assert_int_equal(t.column, 6);
    bool end = false;
    assert_int_equal(cg_scan_at_end(s, &end, &err), CG_OK);
    assert_true(end);
    assert_int_equal(cg_scan_token(s, "a board", &t, &err), CG_ERR_INPUT);
    assert_string_equal(err.message, "<t>:4:1: expected a board, found end of input");
    cg_scanner_close(s);
}

static void bom_is_skipped(void **state) {
    (void)state;
    cg_scanner *s = open_text("\xEF\xBB\xBF"
                              "42");
    int64_t v = 0;
    assert_int_equal(cg_scan_int(s, "n", 0, 100, &v, NULL, NULL), CG_OK);
    assert_int_equal(v, 42);
    cg_scanner_close(s);
}

static void nul_byte_is_an_error(void **state) {
    (void)state;
    static const char text[] = {'1', ' ', '2', '\0', '3'};
    cg_scanner *s = NULL;
    assert_int_equal(cg_scanner_open_memory(&s, text, sizeof text, "<t>", NULL), CG_OK);
    cg_token t;
    cg_error err;
    assert_int_equal(cg_scan_token(s, "x", &t, &err), CG_OK);
    assert_int_equal(cg_scan_token(s, "x", &t, &err), CG_ERR_INPUT);
    assert_string_equal(err.message, "<t>:1:4: unexpected NUL byte");
    cg_scanner_close(s);
}

static void integers_with_overflow_checks(void **state) {
    (void)state;
    cg_scanner *s = open_text("9223372036854775807 -9223372036854775808 9223372036854775808 "
                              "12x -5 +7 - 00012");
    int64_t v;
    cg_error err;
    assert_int_equal(cg_scan_int(s, "n", INT64_MIN, INT64_MAX, &v, NULL, &err), CG_OK);
    assert_true(v == INT64_MAX);
    assert_int_equal(cg_scan_int(s, "n", INT64_MIN, INT64_MAX, &v, NULL, &err), CG_OK);
    assert_true(v == INT64_MIN);
    assert_int_equal(cg_scan_int(s, "n", INT64_MIN, INT64_MAX, &v, NULL, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.message, "out of range"));
    assert_int_equal(cg_scan_int(s, "a count", 0, 10, &v, NULL, &err), CG_ERR_INPUT);
    assert_string_equal(err.message, "<t>:1:62: expected a count, found '12x'");
    assert_int_equal(cg_scan_int(s, "a count", 0, 10, &v, NULL, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.message, "'-5' is out of range (expected 0..10)"));
    assert_int_equal(cg_scan_int(s, "n", 0, 10, &v, NULL, &err), CG_OK);
    assert_int_equal(v, 7);
    assert_int_equal(cg_scan_int(s, "n", 0, 10, &v, NULL, &err), CG_ERR_INPUT);
    assert_int_equal(cg_scan_int(s, "n", 0, 100, &v, NULL, &err), CG_OK);
    assert_int_equal(v, 12);
    cg_scanner_close(s);
}

static void token_limit(void **state) {
    (void)state;
    cg_scanner *s = open_text("abcdef abc");
    cg_scanner_set_token_limit(s, 4);
    cg_token t;
    cg_error err;
    assert_int_equal(cg_scan_token(s, "x", &t, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.message, "limit of 4 bytes"));
    cg_scanner_close(s);
}

static void stream_blocks_and_long_tokens(void **state) {
    (void)state;
    /* A token spanning several 64 KiB read blocks, from a real stream. */
    FILE *f = tmpfile();
    assert_non_null(f);
    for (int i = 0; i < 200000; i++) {
        fputc('.', f);
    }
    fputs("\n7\n", f);
    rewind(f);
    cg_scanner *s = NULL;
    assert_int_equal(cg_scanner_open_stream(&s, f, "<f>", NULL), CG_OK);
    cg_token t;
    assert_int_equal(cg_scan_token(s, "x", &t, NULL), CG_OK);
    assert_int_equal(t.len, 200000);
    int64_t v;
    cg_token where;
    assert_int_equal(cg_scan_int(s, "n", 0, 9, &v, &where, NULL), CG_OK);
    assert_int_equal(v, 7);
    assert_int_equal(where.line, 2);
    cg_scanner_close(s);
    fclose(f);
}

static void describe_helpers(void **state) {
    (void)state;
    char b[16];
    cg_describe_byte('Y', b);
    assert_string_equal(b, "'Y'");
    cg_describe_byte(1, b);
    assert_string_equal(b, "byte 0x01");
    char long_text[100];
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[99] = '\0';
    cg_token t = {long_text, 99, 1, 1};
    char d[48];
    cg_describe_token(&t, d);
    assert_int_equal(strlen(d), 37);
    assert_non_null(strstr(d, "'..."));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tokens_and_positions), cmocka_unit_test(bom_is_skipped),
        cmocka_unit_test(nul_byte_is_an_error), cmocka_unit_test(integers_with_overflow_checks),
        cmocka_unit_test(token_limit),          cmocka_unit_test(stream_blocks_and_long_tokens),
        cmocka_unit_test(describe_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
