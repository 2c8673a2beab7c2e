/* Stopping long work in play sessions, game by game: every search of the
 * play core and of the games polls the session's stop (cg_session_stop, the
 * call's progress hook) through one mechanism (core/stop_internal.h), so a
 * command whose answer takes long is stopped and taken back whole, and the
 * game goes on; an opening that takes long stops through the call's hook.
 * The positions were chosen to take about a second in a release build
 * (their times are in the comments); each test stops them within a fraction
 * of that. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cgsolve/cgsolve.h"

/* How long a command must still be thinking before the test stops it.
 * The stop reaches a search within about 0.1 s (stop_internal.h's interval), so
 * the commands stopped must think that much longer: on a machine where
 * the domino deal and the Number Game to 34 take 0.25 s, a stop at 200 ms
 * came too late in 2 of 6 runs under load. */
#define THINKING_MS 50

static char *events_of(cg_session *session) {
    cg_text events;
    cg_api_error err;
    assert_int_equal(cg_session_read(session, &events, &err), CG_OK);
    char *copy = strdup(events.data != NULL ? events.data : "");
    cg_text_free(&events);
    assert_non_null(copy);
    return copy;
}

/* The last legal move of the last position event (a big number in the
 * Number Game, which leaves the longest game), or NULL. */
static char *last_legal_move(const char *events) {
    const char *list = NULL;
    for (const char *p = events; (p = strstr(p, "\"legal_moves\":[")) != NULL; p++) {
        list = p + strlen("\"legal_moves\":[");
    }
    if (list == NULL || *list != '"') {
        return NULL;
    }
    const char *end = strchr(list, ']');
    const char *close = end - 1; /* the last move's closing quote */
    const char *open = close - 1;
    while (*open != '"') {
        open--;
    }
    return strndup(open + 1, (size_t)(close - open - 1));
}

static char *send_and_read(cg_session *session, const char *line) {
    cg_api_error err;
    assert_int_equal(cg_session_send(session, line, &err), CG_OK);
    return events_of(session);
}

/* Post line, check that it is still being answered after THINKING_MS,
 * stop it and return the events of its answer. */
static char *stop_while_thinking(cg_session *session, const char *line) {
    cg_api_error err;
    bool answered = false;
    assert_int_equal(cg_session_post(session, line, &err), CG_OK);
    assert_int_equal(cg_session_wait(session, THINKING_MS, &answered, &err), CG_OK);
    assert_false(answered); /* still thinking: the command is slow */
    cg_session_stop(session);
    assert_int_equal(cg_session_wait(session, -1, &answered, &err), CG_OK);
    assert_true(answered);
    assert_false(cg_session_over(session));
    return events_of(session);
}

/* The computer opens a game whose values take about a second (0.7 s for
 * domino's deal, 1 s for the Number Game to 34); after one move each,
 * `new` makes the computer think as long again: stopped, `new` is taken
 * back whole (the three moves are there again, the same position), and a
 * move of mine is answered. */
static void new_game_stopped_and_taken_back(const char *game, const char *position,
                                            const cg_option_value *options, size_t count) {
    cg_session *session;
    cg_api_error err;
    cg_call call = {options, count, NULL, false, NULL, NULL};
    assert_int_equal(cg_session_open(&session, game, position,
                                     position != NULL ? strlen(position) : 0, &call, &err),
                     CG_OK);
    char *opening = events_of(session);
    assert_non_null(strstr(opening, "\"by\":\"computer\""));
    char *move = last_legal_move(opening);
    assert_non_null(move);
    char *answer = send_and_read(session, move);
    assert_non_null(strstr(answer, "\"by\":\"computer\""));
    assert_null(strstr(answer, "\"event\":\"over\""));
    char *history = send_and_read(session, "history");
    assert_non_null(strstr(history, "\"event\":\"history\""));

    char *stopped = stop_while_thinking(session, "new");
    assert_non_null(strstr(stopped, "\"event\":\"stopped\",\"moves_taken_back\":0"));
    /* the position before `new` again, me to move */
    const char *board_again = strstr(stopped, "\"event\":\"position\"");
    assert_non_null(board_again);
    assert_non_null(strstr(board_again, "\"to_move\":\"you\""));
    char *history_again = send_and_read(session, "history");
    assert_string_equal(history_again, history);

    char *next = last_legal_move(stopped);
    assert_non_null(next);
    char *goes_on = send_and_read(session, next);
    assert_non_null(strstr(goes_on, "\"by\":\"you\""));
    assert_true(strstr(goes_on, "\"by\":\"computer\"") != NULL ||
                strstr(goes_on, "\"event\":\"over\"") != NULL);
    free(goes_on);
    free(next);
    free(history_again);
    free(stopped);
    free(history);
    free(answer);
    free(move);
    free(opening);
    cg_session_close(session);
}

/* A 12-tile deal (drawn at random) whose values take 0.7 s. */
static const char long_deal[] = "12 2 5 1 2 5 5 6 6 4 5 2 4 3 4 2 6 4 4 4 6 0 0 0 2 0 5 2 2 1 5 "
                                "1 3 0 3 3 3 2 3 0 6 1 1 1 4 5 6 0 1\n";

static void domino_new_game_stops(void **state) {
    (void)state;
    static const cg_option_value options[] = {{"first", "computer"}};
    new_game_stopped_and_taken_back("domino", long_deal, options, 1);
}

static void numbergame_new_game_stops(void **state) {
    (void)state;
    static const cg_option_value options[] = {{"first", "computer"}, {"max", "34"}};
    new_game_stopped_and_taken_back("numbergame", NULL, options, 2);
}

/* Misère Dawson's Kayles (0.07) on six heaps: the computer opens in
 * 0.45 s (the heaps' genus and the sums it settles); after one move each,
 * `new` thinks as long again, is stopped and taken back whole. (Kayles on
 * 12 13 15 answered 1:1 in 3 s before misère sums held nim-heaps as such;
 * it takes 0.05 s now, too fast to stop.) */
static void misere_new_game_stops(void **state) {
    (void)state;
    static const char heaps[] = "0.07 21 23 25 27 29 31";
    static const cg_option_value options[] = {{"first", "computer"}, {"misere", NULL}};
    new_game_stopped_and_taken_back("grundy", heaps, options, 2);
}

/* The call's own hook stops an opening: the Number Game to 40 takes 8 s
 * to value its start. */
static bool stop_after_a_tenth(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)what;
    (void)done;
    (void)total;
    int *calls = context;
    return ++*calls >= 2; /* the hook is asked at most every 0.1 s */
}

static void opening_stops_through_the_hook(void **state) {
    (void)state;
    static const cg_option_value options[] = {{"max", "40"}};
    int calls = 0;
    cg_call call = {options, 1, NULL, false, stop_after_a_tenth, &calls};
    cg_session *session = NULL;
    cg_api_error err;
    assert_int_equal(cg_session_open(&session, "numbergame", NULL, 0, &call, &err), CG_ERR_STOPPED);
    assert_null(session);
    assert_non_null(strstr(err.message, "stopped"));
    assert_int_equal(calls, 2);
}

/* Misère values stopped by the hook (told after every heap) once 20 heaps
 * are done: the analysis of the heaps done so far, as far as they go. */
static bool stop_at_twenty(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)context;
    (void)what;
    (void)total;
    return done >= 20;
}

static void misere_values_stopped_keep_the_heaps_done(void **state) {
    (void)state;
    cg_call call = {NULL, 0, NULL, false, stop_at_twenty, NULL};
    cg_text json;
    cg_api_error err;
    assert_int_equal(cg_misere_text("0.77", 3000, NULL, 0, &call, &json, &err), CG_ERR_STOPPED);
    assert_non_null(json.data);
    assert_non_null(strstr(json.data, "\"upto\":3000,\"computed\":"));
    long computed = strtol(strstr(json.data, "\"computed\":") + strlen("\"computed\":"), NULL, 10);
    assert_true(computed >= 20 && computed < 3000);
    char last[64];
    snprintf(last, sizeof last, "{\"heap\":%ld,", computed - 1);
    assert_non_null(strstr(json.data, last)); /* every heap done, and no more */
    snprintf(last, sizeof last, "{\"heap\":%ld,", computed);
    assert_null(strstr(json.data, last));
    /* heap 5 of misère Kayles (Winning Ways ch. 13) */
    assert_non_null(strstr(json.data, "\"heap\":5,\"normal\":4,\"misere\":1,\"genus\":\"4^146\""));
    cg_text_free(&json);
}

/* A stop asked when no command looks for it (the command finished first,
 * or never polls: Python's Ctrl-C just as the answer came) is not for the
 * next command: `new` makes the computer value the Number Game to 26 again
 * (about 0.1 s, more than the first look at the hook) and is answered. */
static void stop_left_over_does_not_stop_the_next_command(void **state) {
    (void)state;
    static const cg_option_value options[] = {{"first", "computer"}, {"max", "26"}};
    cg_call call = {options, 2, NULL, false, NULL, NULL};
    cg_session *session;
    cg_api_error err;
    assert_int_equal(cg_session_open(&session, "numbergame", NULL, 0, &call, &err), CG_OK);
    free(events_of(session));
    cg_session_stop(session); /* between two commands */
    char *history = send_and_read(session, "history");
    assert_non_null(strstr(history, "\"event\":\"history\""));
    cg_session_stop(session); /* after a command that did not look */
    char *fresh = send_and_read(session, "new");
    assert_null(strstr(fresh, "\"event\":\"stopped\""));
    assert_non_null(strstr(fresh, "\"by\":\"computer\""));
    free(fresh);
    free(history);
    cg_session_close(session);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(domino_new_game_stops),
        cmocka_unit_test(numbergame_new_game_stops),
        cmocka_unit_test(misere_new_game_stops),
        cmocka_unit_test(opening_stops_through_the_hook),
        cmocka_unit_test(misere_values_stopped_keep_the_heaps_done),
        cmocka_unit_test(stop_left_over_does_not_stop_the_next_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
