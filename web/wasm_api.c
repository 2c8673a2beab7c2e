/* The library's face in the browser: a few calls the page's Web Worker makes
 * through WebAssembly. Each takes strings and returns one JSON object (a
 * string the caller frees with cgw_free), built with the library's own
 * report model, so the page runs exactly the code the command line runs:
 *
 *   cgw_solve(game, input, options)    {"ok","judge","error"}
 *       judge: the judge's output byte for byte; error: the message of a
 *       bad input ("<input>:L:C: ..."), "" if none
 *   cgw_explain(game, input, options)  {"ok","json","error"}
 *       the --json lines (a second call, so the judge's output shows first)
 *   cgw_play(game, position, commands, options)
 *       the `cgsolve play --json` events for the commands typed so far
 *       (one per line), {"ok","events","error"}; position is a position
 *       file's text ("" for the usual start; for grundy: "CODE HEAP...")
 *   cgw_grundy(code, upto)             {"ok","json","values","error"}
 *       json: the --json line; values: G(0..upto), one a line
 *   cgw_grundy_misere(code, upto)      {"ok","json","error"}
 *       json: `grundy CODE --misere --upto N --json` (misère values, genus,
 *       tameness of heaps 0..upto)
 *   cgw_games()                        cg_catalog's JSON: the version,
 *       every game (which are solved, which played: "grundy" too) and each
 *       one's own options from their declarations (name, kind, help,
 *       default, bounds, choices) for the page to draw its controls from;
 *       the page leaves out what it cannot give (file names, threads)
 *
 * options are the command line's, one a line: "max=12", "optimal",
 * "level=strong" (a flag alone, any other option NAME=VALUE). They become
 * the one-call API's cg_option_value entries and go through api_options,
 * which finds each by its name in the tables the call accepts (the common
 * options, the game's, play's) and sets it through its declaration, as for
 * cg_call: an option the page does not know needs no code here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "framework/cgsolve_internal.h"
#include "framework/play_internal.h"
#include "octal/grundy_table_internal.h"

/* The calls the worker makes (exported by scripts/build-web.sh). */
char *cgw_solve(const char *name, const char *input, const char *options);
char *cgw_explain(const char *name, const char *input, const char *options);
char *cgw_play(const char *name, const char *position, const char *commands, const char *options);
char *cgw_grundy(const char *code, int upto);
char *cgw_grundy_misere(const char *code, int upto);
char *cgw_games(void);
void cgw_free(char *text);

/* Everything written to a memory stream, as a NUL-terminated string;
 * failed when the stream could not be opened or grown. */
typedef struct capture {
    FILE *stream;
    char *text;
    size_t len;
    bool failed;
} capture;

static void capture_open(capture *c) {
    c->text = NULL;
    c->len = 0;
    c->stream = open_memstream(&c->text, &c->len);
    c->failed = c->stream == NULL;
}

static void capture_close(capture *c) {
    if (c->stream != NULL && fclose(c->stream) != 0) {
        c->failed = true;
    }
}

/* The report rendered as a malloc'd JSON string, or NULL when memory ran out
 * (the page then says the module gave no answer). Frees the report. */
static char *rendered(cg_report *report) {
    cg_buf out = CG_BUF_INIT;
    cg_report_render_json(report, &out);
    bool failed = cg_buf_failed(&out) || cg_report_failed(report);
    cg_report_free(report);
    if (failed) {
        cg_buf_free(&out);
        return NULL;
    }
    return out.data; /* the caller frees it */
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
    return rendered(&report);
}

/* The page's options: the lines of text ("name=value" or "name", one a
 * line) as the one-call API's cg_option_value entries, after memory=budget
 * (the page's own default, which a line may override), set by api_options
 * as cg_call's are: the options are found by their names in one place. The
 * entries point into text, which the caller keeps (and may not share: the
 * lines are cut at '=' and '\n'). */
static cg_status page_options(cg_options *options, const api_accepts *accepts, const char *budget,
                              char *text, cg_error *err) {
    size_t lines = 2;
    for (const char *at = text; *at != '\0'; at++) {
        lines += *at == '\n';
    }
    cg_option_value *given = calloc(lines, sizeof *given);
    if (given == NULL) {
        return cg_error_nomem(err, "the options");
    }
    size_t count = 0;
    given[count++] = (cg_option_value){"memory", budget};
    for (char *line = text; line != NULL && *line != '\0';) {
        char *next = strchr(line, '\n');
        if (next != NULL) {
            *next++ = '\0';
        }
        if (*line != '\0') {
            char *value = strchr(line, '=');
            if (value != NULL) {
                *value++ = '\0';
            }
            given[count++] = (cg_option_value){line, value};
        }
        line = next;
    }
    const cg_call call = {given, count, NULL, false, NULL, NULL};
    cg_status st = api_options(options, &call, accepts, err);
    free(given);
    return st;
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
static char *solve_as(const char *name, const char *input, const char *given, cg_output_mode output,
                      const char *key) {
    const cg_game *game = cg_find_game(name);
    if (game == NULL || input == NULL) {
        return answer(false, NULL, NULL, 0, "unknown game");
    }
    cg_options options;
    const api_accepts accepts = {{cg_common_options, game->options, NULL}, NULL, game->name};
    char *text = strdup(given != NULL ? given : "");
    cg_error err;
    cg_error_clear(&err);
    cg_status st = text != NULL ? page_options(&options, &accepts, "512M", text, &err)
                                : cg_error_nomem(&err, "the options");
    options.output = output; /* the call's, whatever the options said */
    capture written;
    capture_open(&written);
    if (st == CG_OK) {
        st = written.failed ? cg_error_nomem(&err, "capturing the answers")
                            : run(game, input, &options, written.stream, &err);
    }
    capture_close(&written);
    st = st == CG_OK && written.failed ? cg_error_nomem(&err, "capturing the answers") : st;
    free(text);
    const char *const keys[] = {key};
    const char *values[] = {written.text};
    char *result = answer(st == CG_OK, keys, values, 1, st == CG_OK ? "" : err.message);
    free(written.text);
    return result;
}

char *cgw_solve(const char *name, const char *input, const char *options) {
    return solve_as(name, input, options, CG_OUTPUT_JUDGE, "judge");
}

char *cgw_explain(const char *name, const char *input, const char *options) {
    return solve_as(name, input, options, CG_OUTPUT_JSON, "json");
}

char *cgw_play(const char *name, const char *position, const char *commands, const char *given) {
    const cg_game *game = cg_find_game(name);
    game = game != NULL ? game : cg_find_play_only_game(name);
    if (game == NULL || game->play == NULL) {
        return answer(false, NULL, NULL, 0, "this game cannot be played");
    }
    if (position == NULL || commands == NULL) {
        return answer(false, NULL, NULL, 0, "no position or no commands");
    }
    cg_options options;
    const api_accepts accepts = {{cg_common_options, game->options, cg_play_options}, NULL, "play"};
    char *text = strdup(given != NULL ? given : "");
    cg_error err;
    cg_error_clear(&err);
    cg_status st = text != NULL ? page_options(&options, &accepts, "256M", text, &err)
                                : cg_error_nomem(&err, "the options");
    options.output = CG_OUTPUT_JSON;
    cg_play_start start = {position, strlen(position), "<position>"};
    capture events;
    capture_open(&events);
    cg_scanner *typed = NULL;
    if (st == CG_OK) {
        st = events.failed
                 ? cg_error_nomem(&err, "capturing the events")
                 : cg_scanner_open_memory(&typed, commands, strlen(commands), "<moves>", &err);
    }
    if (st == CG_OK) {
        st = cg_play(game, position[0] != '\0' ? &start : NULL, typed, &options, false,
                     events.stream, &err);
    }
    cg_scanner_close(typed);
    capture_close(&events);
    free(text);
    st = st == CG_OK && events.failed ? cg_error_nomem(&err, "capturing the events") : st;
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
    cg_status st = json.failed || values.failed
                       ? cg_error_nomem(&err, "capturing the values")
                       : cg_write_grundy_table(code, &options, json.stream, &hooks, &err);
    capture_close(&json);
    capture_close(&values);
    st = st == CG_OK && (json.failed || values.failed)
             ? cg_error_nomem(&err, "capturing the values")
             : st;
    static const char *const keys[] = {"json", "values"};
    const char *texts[] = {json.text, values.text};
    char *result = answer(st == CG_OK, keys, texts, 2, st == CG_OK ? "" : err.message);
    free(json.text);
    free(values.text);
    return result;
}

char *cgw_grundy_misere(const char *code, int upto) {
    /* the one-call API's misère analysis, as the Python package calls it */
    const cg_option_value memory = {"memory", "512M"};
    const cg_call call = {.options = &memory, .option_count = 1};
    cg_text json = {NULL, 0};
    cg_api_error err;
    cg_status st = cg_misere_text(code, (uint64_t)(int64_t)upto, NULL, 0, &call, &json, &err);
    const char *const keys[] = {"json"};
    const char *values[] = {json.data};
    char *result = answer(st == CG_OK, keys, values, 1, st == CG_OK ? "" : err.message);
    cg_text_free(&json);
    return result;
}

char *cgw_games(void) {
    /* the one-call API's catalog, as the Python package reads it */
    cg_text json = {NULL, 0};
    cg_api_error err;
    return cg_catalog(&json, &err) == CG_OK ? json.data : NULL; /* the caller frees it */
}

void cgw_free(char *text) {
    free(text);
}
