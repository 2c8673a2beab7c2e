/* The one-call API of cgsolve.h from C: a judge input solved from a string,
 * a bad input's place, a Grundy sequence as an array, and a few commands of
 * a game against the perfect opponent.
 * Build: cc oneshot.c $(pkg-config --cflags --libs cgsolve) */
#include <stdio.h>
#include <string.h>

#include <cgsolve/cgsolve.h>

static int fail(const char *what, const cg_api_error *err) {
    fprintf(stderr, "%s: %s (%s, line %llu, column %llu)\n", what, err->message,
            cg_status_name(err->status), (unsigned long long)err->line,
            (unsigned long long)err->column);
    return 1;
}

/* Send one command line and print the events it brought. */
static int command(cg_session *session, const char *line) {
    cg_api_error err;
    cg_text events;
    if (cg_session_send(session, line, &err) != CG_OK ||
        cg_session_read(session, &events, &err) != CG_OK) {
        return fail(line, &err);
    }
    printf("> %s\n%s", line, events.data != NULL ? events.data : "");
    cg_text_free(&events);
    return 0;
}

int main(void) {
    /* A judge input, its judge output and its --json lines. */
    static const char input[] = "2\n..........\nX...X\n";
    cg_option_value options[] = {{"memory", "64M"}};
    cg_call call = {options, 1, "boards.txt", true, NULL, NULL};
    cg_solve_result solved;
    cg_api_error err;
    if (cg_solve_text("treblecross", input, strlen(input), &call, &solved, &err) != CG_OK) {
        return fail("solve", &err);
    }
    printf("judge:\n%sjson: %llu lines, %zu bytes\n", solved.judge.data,
           (unsigned long long)solved.cases, solved.json.len);
    cg_solve_result_free(&solved);

    /* A bad input: the status, the message and its place. */
    static const char bad[] = "1\n..O..\n";
    cg_status st = cg_solve_text("treblecross", bad, strlen(bad), NULL, &solved, &err);
    printf("bad input: %s at line %llu, column %llu: %s\n", cg_status_name(st),
           (unsigned long long)err.line, (unsigned long long)err.column, err.message);
    cg_solve_result_free(&solved);

    /* Treblecross is the octal game 0.007. */
    cg_grundy_result grundy;
    if (cg_grundy_values("0.007", 12, NULL, &grundy, &err) != CG_OK) {
        return fail("grundy", &err);
    }
    printf("G(0..12) of 0.007:");
    for (size_t n = 0; n < grundy.count; n++) {
        printf(" %u", (unsigned)grundy.values[n]);
    }
    printf("\nanalysis: %s", grundy.json.data);
    cg_grundy_result_free(&grundy);

    /* Kayles (0.77) on heaps of 3 and 4: a hint, a winning move (take 2 from
     * heap 1) and the computer's answer, an illegal move. */
    cg_session *session;
    static const char heaps[] = "0.77 3 4";
    if (cg_session_open(&session, "grundy", heaps, strlen(heaps), NULL, &err) != CG_OK) {
        return fail("play", &err);
    }
    cg_text events;
    if (cg_session_read(session, &events, &err) != CG_OK) {
        return fail("play", &err);
    }
    printf("%s", events.data);
    cg_text_free(&events);
    int rc = command(session, "hint") || command(session, "1:2") || command(session, "banana");
    printf("over: %s\n", cg_session_over(session) ? "yes" : "no");
    cg_session_close(session);
    return rc;
}
