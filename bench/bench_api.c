/* The one-call API's costs, measured against the simple way in the same run.
 *
 * 1. A play session (cg_session_*: cg_play on its own thread, one command
 *    at a time) against replaying (what web/wasm_api.c does: cg_play run
 *    again from the start with every command typed so far), on a
 *    Treblecross board of N cells, K moves (each after a "hint", playing
 *    its first winning move); the events must agree.
 * 2. cg_solve_text against cg_run into a memory stream (the command line's
 *    path) on the same judge input: the wrapping's overhead.
 * Usage: bench_api [CELLS [MOVES]]   (default 2000 40) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "framework/cgsolve_internal.h"

static char *board_of(size_t cells) {
    char *text = malloc(cells + 4);
    memcpy(text, "1\n", 2);
    memset(text + 2, '.', cells);
    memcpy(text + 2 + cells, "\n", 2);
    return text;
}

/* The middle one of the last legal moves listed in events (far from the
 * X already played, so the game lasts). */
static void middle_move(const char *events, char *move, size_t cap) {
    const char *at = NULL;
    for (const char *p = events; (p = strstr(p, "\"legal_moves\":[")) != NULL; p++) {
        at = p + strlen("\"legal_moves\":[");
    }
    size_t count = 0;
    for (const char *p = at; p != NULL && *p != ']'; p++) {
        count += *p == ',';
    }
    for (size_t skip = (count + 1) / 2; at != NULL && skip > 0; at++) {
        skip -= *at == ',';
    }
    at = at != NULL ? at + 1 : ""; /* past the opening quote */
    size_t n = strcspn(at, "\"");
    snprintf(move, cap, "%.*s", (int)(n < cap ? n : cap - 1), at);
}

/* Ask for a hint; its first winning move, or "" (its events are dropped:
 * the replay writes them again, and the comparison skips hints). */
static void winning_move(cg_session *session, char *move, size_t cap) {
    cg_api_error err;
    cg_text hint;
    move[0] = '\0';
    if (cg_session_send(session, "hint", &err) != CG_OK ||
        cg_session_read(session, &hint, &err) != CG_OK || hint.data == NULL) {
        return;
    }
    const char *at = strstr(hint.data, "\"winning_moves\":[\"");
    if (at != NULL) {
        at += strlen("\"winning_moves\":[\"");
        size_t n = strcspn(at, "\"");
        snprintf(move, cap, "%.*s", (int)(n < cap ? n : cap - 1), at);
    }
    cg_text_free(&hint);
}

/* Every line of text that is not a hint event, in place. */
static void drop_hints(char *text) {
    char *w = text;
    for (char *line = text; *line != '\0';) {
        size_t n = strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n');
        if (strstr(line, "\"event\":\"hint\"") == NULL ||
            strstr(line, "\"event\":\"hint\"") > line + n) {
            memmove(w, line, n);
            w += n;
        }
        line += n;
    }
    *w = '\0';
}

/* cg_play from the start over commands; its events. */
static char *replay(const cg_game *game, const char *position, const char *commands) {
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cg_scanner *typed = NULL;
    cg_scanner_open_memory(&typed, commands, strlen(commands), "<moves>", NULL);
    cg_options options;
    cg_options_init(&options);
    options.output = CG_OUTPUT_JSON;
    cg_play_start start = {position, strlen(position), "<position>"};
    cg_error err;
    cg_play(game, &start, typed, &options, false, out, &err);
    cg_scanner_close(typed);
    fclose(out);
    return text;
}

static void bench_session(size_t cells, int moves) {
    char *position = board_of(cells);
    cg_session *session;
    cg_api_error err;
    double t0 = bench_now();
    if (cg_session_open(&session, "treblecross", position, strlen(position), NULL, &err) != CG_OK) {
        fprintf(stderr, "%s\n", err.message);
        exit(1);
    }
    size_t cap = 1 << 20, len = 0, commands_len = 0;
    char *events = calloc(cap, 1), *commands = calloc(cap, 1);
    int made = 0;
    for (; made < moves && !cg_session_over(session); made++) {
        cg_text got;
        cg_session_read(session, &got, &err);
        if (len + got.len + 1 > cap) {
            break;
        }
        memcpy(events + len, got.data, got.len);
        len += got.len;
        events[len] = '\0';
        cg_text_free(&got);
        char move[32];
        winning_move(session, move, sizeof move);
        if (move[0] == '\0') {
            middle_move(events, move, sizeof move);
        }
        commands_len +=
            (size_t)snprintf(commands + commands_len, cap - commands_len, "hint\n%s\n", move);
        if (cg_session_send(session, move, &err) != CG_OK) {
            fprintf(stderr, "%s: %s\n", move, err.message);
        }
    }
    cg_text rest;
    cg_session_read(session, &rest, &err);
    memcpy(events + len, rest.data != NULL ? rest.data : "", rest.len);
    len += rest.len;
    events[len] = '\0';
    cg_text_free(&rest);
    double session_seconds = bench_now() - t0;
    cg_session_close(session);

    /* Replaying: the game again from the start after each command. */
    const cg_game *game = cg_find_game("treblecross");
    t0 = bench_now();
    char *last = NULL;
    for (size_t at = 0, typed = 0; typed <= 2 * (size_t)made; typed++) {
        char saved = commands[at];
        commands[at] = '\0';
        free(last);
        last = replay(game, position, commands);
        commands[at] = saved;
        at += strcspn(commands + at, "\n") + (commands[at] != '\0');
    }
    double replay_seconds = bench_now() - t0;
    /* the replay of every command ends with "abandoned" (its input ends) */
    drop_hints(last);
    bool agree = strncmp(last, events, len) == 0;
    printf(
        "play treblecross, %zu cells, %d moves: session %.3f s, replay %.3f s, ratio %.1fx, %s\n",
        cells, made, session_seconds, replay_seconds, replay_seconds / session_seconds,
        agree ? "events agree" : "EVENTS DIFFER");
    free(last);
    free(events);
    free(commands);
    free(position);
}

static void bench_solve(int repeats) {
    static const char input[] = "5\n..........\nX...X\n...X...X....X........X..X.......\n"
                                "..................................................\n"
                                ".X..........X.......X.............................X...\n";
    const cg_game *game = cg_find_game("treblecross");
    double t0 = bench_now();
    size_t bytes = 0;
    for (int i = 0; i < repeats; i++) {
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        cg_scanner *scanner;
        cg_scanner_open_memory(&scanner, input, sizeof input - 1, "<input>", NULL);
        cg_options options;
        cg_options_init(&options);
        cg_error err;
        cg_run(game, scanner, &options, out, NULL, &err);
        cg_scanner_close(scanner);
        fclose(out);
        bytes += len;
        free(text);
    }
    double run_seconds = bench_now() - t0;
    t0 = bench_now();
    size_t api_bytes = 0;
    for (int i = 0; i < repeats; i++) {
        cg_solve_result result;
        cg_api_error err;
        cg_solve_text("treblecross", input, sizeof input - 1, NULL, &result, &err);
        api_bytes += result.judge.len;
        cg_solve_result_free(&result);
    }
    double api_seconds = bench_now() - t0;
    printf("solve 5 boards x %d: cg_solve_text %.3f s, cg_run to memory %.3f s, ratio %.2fx, %s\n",
           repeats, api_seconds, run_seconds, api_seconds / run_seconds,
           bytes == api_bytes ? "outputs agree" : "OUTPUTS DIFFER");
}

int main(int argc, char **argv) {
    size_t cells = argc > 1 ? (size_t)atol(argv[1]) : 2000;
    int moves = argc > 2 ? atoi(argv[2]) : 40;
    bench_session(cells, moves);
    bench_solve(2000);
    return 0;
}
