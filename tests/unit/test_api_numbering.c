/* The numbering convention of the public interface (cgsolve.h, "Numbering"):
 * everything it reads and writes counts from 1, as the command line does.
 * Treblecross cell 1 is the leftmost in the judge's answer, in the JSON
 * analysis and as a move of a play session, where 0 and one past the last
 * cell are refused; an octal game's heap 1 is the first heap given. Only
 * cgsolve.h is included: this is what a library user sees. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cgsolve/cgsolve.h"

static void contains(const cg_text *text, const char *needle) {
    assert_non_null(text->data);
    if (strstr(text->data, needle) == NULL) {
        fail_msg("expected %s in:\n%s", needle, text->data);
    }
}

/* ".XX": the only winning move is the leftmost cell, which completes three. */
static void answers_count_cells_from_1(void **state) {
    (void)state;
    static const char input[] = "1\n.XX\n";
    cg_call call = {NULL, 0, NULL, true, NULL, NULL};
    cg_solve_result result;
    cg_api_error err;
    assert_int_equal(cg_solve_text("treblecross", input, strlen(input), &call, &result, &err),
                     CG_OK);
    assert_string_equal(result.judge.data, "WINNING\n1\n");
    contains(&result.json, "\"winning_moves\":[{\"cell\":1,");
    contains(&result.json, "\"stretches\":[]");
    cg_solve_result_free(&result);

    /* A stretch's ends count from 1 as well: in "X....", cells 2 and 3 are
     * next to the X (a move there hands over three in a row), so the free
     * stretch is cells 4 to 5. */
    static const char stretch[] = "1\nX....\n";
    assert_int_equal(cg_solve_text("treblecross", stretch, strlen(stretch), &call, &result, &err),
                     CG_OK);
    contains(&result.json, "\"stretches\":[{\"from\":4,\"to\":5,");
    cg_solve_result_free(&result);
}

/* Send line and return the events it brought (the caller frees them). */
static cg_text send(cg_session *session, const char *line) {
    cg_api_error err;
    cg_text events;
    assert_int_equal(cg_session_send(session, line, &err), CG_OK);
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    return events;
}

static void session_moves_count_cells_from_1(void **state) {
    (void)state;
    cg_session *session;
    cg_api_error err;
    assert_int_equal(cg_session_open(&session, "treblecross", ".XX", 3, NULL, &err), CG_OK);
    cg_text events;
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    contains(&events, "\"legal_moves\":[\"1\"]");
    cg_text_free(&events);
    const char *outside[] = {"0", "4"};
    for (size_t i = 0; i < 2; i++) {
        events = send(session, outside[i]);
        contains(&events, "\"event\":\"error\"");
        contains(&events, "from 1 to 3");
        cg_text_free(&events);
    }
    events = send(session, "1");
    contains(&events, "\"event\":\"move\",\"by\":\"you\",\"move\":\"1\"");
    contains(&events, "\"event\":\"over\",\"winner\":\"you\"");
    contains(&events, "\"cells\":\"XXX\"");
    cg_text_free(&events);
    cg_session_close(session);
}

/* Kayles (0.77) on heaps 3 and 4: "1:2" takes 2 from the heap of 3, leaving
 * heaps 1 and 4 (Grundy values 1 and 1, a win); taken from the heap of 4 it
 * would leave 3 and 2 (values 3 and 2). */
static void session_heaps_count_from_1(void **state) {
    (void)state;
    cg_session *session;
    cg_api_error err;
    static const char start[] = "0.77 3 4";
    assert_int_equal(cg_session_open(&session, "grundy", start, strlen(start), NULL, &err), CG_OK);
    cg_text events;
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    contains(&events, "\"board\":\"  0.77 heaps:  1:[3]  2:[4]\\n\"");
    contains(&events, "{\"move\":\"1:2\",\"outcome\":\"win\",\"measure\":\"grundy\",\"grundy\":0,"
                      "\"components\":[1,1],");
    contains(&events, "{\"move\":\"2:2\",\"outcome\":\"loss\",\"measure\":\"grundy\",\"grundy\":1,"
                      "\"components\":[3,2],");
    cg_text_free(&events);
    const char *outside[] = {"0:1", "3:1"};
    for (size_t i = 0; i < 2; i++) {
        events = send(session, outside[i]);
        contains(&events, "\"event\":\"error\"");
        cg_text_free(&events);
    }
    events = send(session, "1:2");
    contains(&events, "\"event\":\"move\",\"by\":\"you\",\"move\":\"1:2\"");
    cg_text_free(&events);
    cg_session_close(session);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(answers_count_cells_from_1),
        cmocka_unit_test(session_moves_count_cells_from_1),
        cmocka_unit_test(session_heaps_count_from_1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
