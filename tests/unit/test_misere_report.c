/* cg_write_misere stopped: the partial analysis it writes, and a failed
 * write of it reported as the write error, never as a stop (a front end
 * would take the truncated text for the partial result). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "framework/option_tables_internal.h"
#include "octal/misere_report_internal.h"

/* Told after every heap: stop once 20 are done. */
static bool stop_at_twenty(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)context;
    (void)what;
    (void)total;
    return done >= 20;
}

static cg_options stopped_json_options(void) {
    cg_options options;
    cg_options_init(&options);
    options.misere = true;
    options.upto = 3000;
    options.output = CG_OUTPUT_JSON;
    options.progress_hook = stop_at_twenty;
    return options;
}

/* cg_write_misere of code into memory: its status, *text (the caller
 * frees it) and *len. */
static cg_status write_to_memory(const char *code, const cg_options *options, char **text,
                                 size_t *len, cg_error *err) {
    *text = NULL;
    *len = 0;
    FILE *out = open_memstream(text, len);
    assert_non_null(out);
    cg_error_clear(err);
    cg_status st = cg_write_misere(code, NULL, 0, options, out, err);
    assert_int_equal(fclose(out), 0);
    return st;
}

static void stopped_writes_the_heaps_done(void **state) {
    (void)state;
    cg_options options = stopped_json_options();
    char *text;
    size_t len;
    cg_error err;
    assert_int_equal(write_to_memory("0.77", &options, &text, &len, &err), CG_ERR_STOPPED);
    assert_string_equal(err.message, "interrupted"); /* the stop's message */
    assert_non_null(strstr(text, "\"upto\":3000,\"computed\":"));
    assert_int_equal(text[len - 1], '\n'); /* the whole line */
    free(text);
}

/* /dev/full takes no byte: the analysis of a stopped run cannot be written. */
static void stopped_and_unwritten_is_a_write_error(void **state) {
    (void)state;
    FILE *out = fopen("/dev/full", "w");
    if (out == NULL) {
        skip();
    }
    cg_options options = stopped_json_options();
    cg_error err;
    cg_error_clear(&err);
    assert_int_equal(cg_write_misere("0.77", NULL, 0, &options, out, &err), CG_ERR_IO);
    assert_non_null(strstr(err.message, "write error"));
    fclose(out);
}

/* The analysis counts in --memory: 3,001 heaps of misère Nim need no
 * search, but their analysis does not fit in 1 MiB, which is refused over
 * budget before anything is written; 16 MiB hold it. */
static void analysis_within_the_budget(void **state) {
    (void)state;
    cg_options options = stopped_json_options();
    options.progress_hook = NULL;
    options.memory_limit = (size_t)1 << 20;
    char *text;
    size_t len;
    cg_error err;
    assert_int_equal(write_to_memory("0.333", &options, &text, &len, &err), CG_ERR_LIMIT);
    assert_true(err.over_budget);
    assert_non_null(strstr(err.message, "misère analysis outgrows"));
    assert_int_equal(len, 0);
    free(text);
    options.memory_limit = (size_t)16 << 20;
    assert_int_equal(write_to_memory("0.333", &options, &text, &len, &err), CG_OK);
    assert_non_null(strstr(text, "\"upto\":3000,\"computed\":3001"));
    free(text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stopped_writes_the_heaps_done),
        cmocka_unit_test(stopped_and_unwritten_is_a_write_error),
        cmocka_unit_test(analysis_within_the_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
