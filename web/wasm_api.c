/* The library's face in the browser: a few calls the page's Web Worker makes
 * through WebAssembly. Each takes strings and returns one JSON object (a
 * string the caller frees with cgw_free), built with the library's own
 * report model, so the page runs exactly the code the command line runs:
 *
 *   cgw_solve(game, input, optimal, max)   {"ok","judge","error"}
 *       judge: the judge's output byte for byte; error: the message of a
 *       bad input ("<input>:L:C: ..."), "" if none
 *   cgw_explain(game, input, optimal, max) {"ok","json","error"}
 *       the --json lines (a second call, so the judge's output shows first)
 *   cgw_play(game, position, commands, first_computer, random, seed, level)
 *       the `cgsolve play --json` events for the commands typed so far
 *       (one per line), {"ok","events","error"}; position is a position
 *       file's text ("" for the usual start; for grundy: "CODE HEAP...");
 *       random != 0 draws a random start; seed: that start's and the
 *       computer's choices' (as play --seed); level: perfect, strong, casual
 *   cgw_grundy(code, upto)                 {"ok","json","values","error"}
 *       json: the --json line; values: G(0..upto), one a line
 *   cgw_games()                            the games, and which are playable */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgsolve/cgsolve.h"
#include "cgsolve/grundy_table.h"
#include "cgsolve/play.h"

/* Everything written to a memory stream, as a NUL-terminated string. */
typedef struct capture {
    FILE *stream;
    char *text;
    size_t len;
} capture;

static void capture_open(capture *c) {
    c->text = NULL;
    c->len = 0;
    c->stream = open_memstream(&c->text, &c->len);
}

static void capture_close(capture *c) {
    if (c->stream != NULL) {
        fclose(c->stream);
    }
}

/* {"ok": ..., key: value, ..., "error": ...} as a malloc'd string. */
static char *answer(bool ok, const char *const *keys, const char *const *values, size_t count,
                    const char *error) {
    cg_report report;
    cg_report_init(&report);
    cg_report_bool(&report, "ok", ok);
    for (size_t i = 0; i < count; i++) {
        cg_report_string(&report, keys[i], values[i] != NULL ? values[i] : "");
    }
    cg_report_string(&report, "error", error != NULL ? error : "");
    cg_buf out = CG_BUF_INIT;
    cg_report_render_json(&report, &out);
    cg_report_free(&report);
    return out.data; /* the caller frees it */
}

static cg_status run(const cg_game *game, const char *input, const cg_options *options, FILE *out,
                     cg_error *err) {
    cg_scanner *scanner = NULL;
    cg_status st = cg_scanner_open_memory(&scanner, input, strlen(input), "<input>", err);
    if (st == CG_OK) {
        st = cg_run(game, scanner, options, out, NULL, err);
    }
    cg_scanner_close(scanner);
    return st;
}

/* One run of a judge input in the given output format, as an answer whose
 * `key` holds what it wrote. */
static char *solve_as(const char *name, const char *input, int optimal, int max,
                      cg_output_mode output, const char *key) {
    const cg_game *game = cg_find_game(name);
    if (game == NULL || input == NULL) {
        return answer(false, NULL, NULL, 0, "unknown game");
    }
    cg_options options;
    cg_options_init(&options);
    options.optimal = optimal != 0;
    options.max_number = max;
    options.memory_limit = (size_t)512 << 20;
    options.output = output;
    capture written;
    capture_open(&written);
    cg_error err;
    cg_error_clear(&err);
    cg_status st = run(game, input, &options, written.stream, &err);
    capture_close(&written);
    const char *const keys[] = {key};
    const char *values[] = {written.text};
    char *result = answer(st == CG_OK, keys, values, 1, st == CG_OK ? "" : err.message);
    free(written.text);
    return result;
}

char *cgw_solve(const char *name, const char *input, int optimal, int max) {
    return solve_as(name, input, optimal, max, CG_OUTPUT_JUDGE, "judge");
}

char *cgw_explain(const char *name, const char *input, int optimal, int max) {
    return solve_as(name, input, optimal, max, CG_OUTPUT_JSON, "json");
}

char *cgw_play(const char *name, const char *position, const char *commands, int computer_first,
               int random_start, int seed, const char *level) {
    const cg_game *game = cg_find_game(name);
    game = game != NULL ? game : cg_find_play_only_game(name);
    if (game == NULL || game->play == NULL) {
        return answer(false, NULL, NULL, 0, "this game cannot be played");
    }
    cg_play_level chosen = CG_LEVEL_PERFECT;
    if (level != NULL && level[0] != '\0' && !cg_play_level_parse(level, &chosen)) {
        return answer(false, NULL, NULL, 0, "the level is perfect, strong or casual");
    }
    cg_options options;
    cg_options_init(&options);
    options.output = CG_OUTPUT_JSON;
    options.computer_first = computer_first != 0;
    options.random_start = random_start != 0;
    options.seed = (uint64_t)seed;
    options.level = (int)chosen;
    options.memory_limit = (size_t)256 << 20;
    cg_play_start start = {position, strlen(position), "<position>"};
    capture events;
    capture_open(&events);
    cg_scanner *typed = NULL;
    cg_error err;
    cg_error_clear(&err);
    cg_status st = cg_scanner_open_memory(&typed, commands, strlen(commands), "<moves>", &err);
    if (st == CG_OK) {
        st = cg_play(game, position[0] != '\0' ? &start : NULL, typed, &options, false,
                     events.stream, &err);
    }
    cg_scanner_close(typed);
    capture_close(&events);
    static const char *const keys[] = {"events"};
    const char *values[] = {events.text};
    char *result = answer(st == CG_OK, keys, values, 1, st == CG_OK ? "" : err.message);
    free(events.text);
    return result;
}

char *cgw_grundy(const char *code, int upto) {
    cg_options options;
    cg_options_init(&options);
    options.output = CG_OUTPUT_JSON;
    options.upto = upto > 0 ? (uint64_t)upto : 0;
    options.until_period = true; /* the values after a proven period follow from it */
    options.memory_limit = (size_t)512 << 20;
    capture json, values;
    capture_open(&json);
    capture_open(&values);
    cg_grundy_hooks hooks = {NULL, NULL, values.stream, NULL};
    cg_error err;
    cg_error_clear(&err);
    cg_status st = cg_write_grundy_table(code, &options, json.stream, &hooks, &err);
    capture_close(&json);
    capture_close(&values);
    static const char *const keys[] = {"json", "values"};
    const char *texts[] = {json.text, values.text};
    char *result = answer(st == CG_OK, keys, texts, 2, st == CG_OK ? "" : err.message);
    free(json.text);
    free(values.text);
    return result;
}

char *cgw_games(void) {
    cg_report report;
    cg_report_init(&report);
    cg_report_string(&report, "version", cg_version());
    cg_report_open_list(&report, "games");
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        cg_report_open_object(&report, NULL);
        cg_report_string(&report, "name", (*game)->name);
        cg_report_string(&report, "summary", (*game)->summary);
        cg_report_bool(&report, "playable", (*game)->play != NULL);
        cg_report_close(&report);
    }
    cg_report_close(&report);
    cg_buf out = CG_BUF_INIT;
    cg_report_render_json(&report, &out);
    cg_report_free(&report);
    return out.data;
}

void cgw_free(char *text) {
    free(text);
}
