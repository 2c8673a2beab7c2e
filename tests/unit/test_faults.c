/* Faults the library must survive (issue 20): a report whose storage failed
 * is never rendered (its offsets point at nothing), and a value no table
 * can index is refused instead of doubling a bound past zero for ever. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/report_internal.h"
#include "octal/octal_engine_internal.h"

/* The strings' first allocation failed: the key stored has no bytes. */
static void failed_report_is_not_rendered(void **state) {
    (void)state;
    cg_report r;
    cg_report_init(&r);
    cg_buf_fail(&r.strings); /* as if its first append ran out of memory */
    cg_report_string(&r, "key", "value");
    cg_report_int(&r, "number", 7);
    assert_true(cg_report_failed(&r));
    cg_buf json = CG_BUF_INIT, text = CG_BUF_INIT, envelope = CG_BUF_INIT;
    cg_report_render_json(&r, &json);
    cg_report_render_text(&r, 2, &text);
    cg_report_write_envelope(&envelope, "game", NULL, 1, "answer", 6, &r);
    assert_true(cg_buf_failed(&json));
    assert_true(cg_buf_failed(&text));
    assert_true(cg_buf_failed(&envelope));
    assert_int_equal(json.len + text.len + envelope.len, 0);
    cg_buf_free(&json);
    cg_buf_free(&text);
    cg_buf_free(&envelope);
    cg_report_free(&r);
}

/* A report that failed stays failed: later additions change nothing. */
static void failure_is_sticky(void **state) {
    (void)state;
    cg_report r;
    cg_report_init(&r);
    cg_report_close(&r); /* unbalanced: a failure */
    cg_report_int(&r, "after", 1);
    assert_true(cg_report_failed(&r));
    assert_int_equal(r.count, 1); /* the root alone */
    cg_report_free(&r);
}

/* Values a damaged checkpoint could hold: from 2^30 on no table of
 * nim-sums (below twice the bound) fits 32 bits. */
static void huge_value_is_refused(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.007", &code, NULL), CG_OK);
    static const uint32_t values[][2] = {{0, 0x80000000u}, {0, 0xffffffffu}, {0, 1u << 30}};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        cg_octal_engine e;
        cg_octal_engine_init(&e, &code, CG_ENGINE_NAIVE, NULL);
        cg_error err;
        assert_int_equal(cg_octal_engine_restore(&e, values[i], 2, &err), CG_ERR_LIMIT);
        assert_non_null(strstr(err.message, "beyond the engine's tables"));
        cg_octal_engine_free(&e);
    }
    cg_octal_engine e;
    cg_octal_engine_init(&e, &code, CG_ENGINE_NAIVE, NULL);
    const uint32_t fits[] = {0, 1000};
    assert_int_equal(cg_octal_engine_restore(&e, fits, 2, NULL), CG_OK);
    assert_int_equal(e.bound, 1024);
    cg_octal_engine_free(&e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(failed_report_is_not_rendered),
        cmocka_unit_test(failure_is_sticky),
        cmocka_unit_test(huge_value_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
