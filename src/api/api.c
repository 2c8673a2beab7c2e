/* The one-call API (cgsolve.h): a judge input solved and a Grundy sequence
 * computed from strings, with options as the command line spells them. The
 * work is the runner's and the Grundy table's; this file only wires them to
 * memory and turns their failures into cg_api_error. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "octal/grundy_table_internal.h"

/* ---- what the API's files share --------------------------------------- */

void cg_text_free(cg_text *text) {
    if (text != NULL) {
        free(text->data);
        text->data = NULL;
        text->len = 0;
    }
}

void api_take(cg_buf *buf, cg_text *text) {
    text->data = buf->data;
    text->len = buf->data != NULL ? buf->len : 0;
    *buf = (cg_buf)CG_BUF_INIT;
}

cg_status api_usage(cg_api_error *out, const char *format, ...) {
    if (out != NULL) {
        va_list args;
        va_start(args, format);
        vsnprintf(out->message, sizeof out->message, format, args);
        va_end(args);
        out->status = CG_ERR_USAGE;
        out->line = out->column = 0;
    }
    return CG_ERR_USAGE;
}

void api_fail(cg_api_error *out, const cg_error *err) {
    if (out == NULL) {
        return;
    }
    out->status = err->status;
    out->line = err->line;
    out->column = err->column;
    snprintf(out->message, sizeof out->message, "%s", err->message);
}

/* The spec called name (long: "memory", short: a single letter). */
static const cg_option_spec *find_spec(const api_accepts *accepts, const char *name) {
    for (size_t t = 0; t < API_TABLES; t++) {
        const cg_option_spec *spec = cg_option_find(accepts->tables[t], name);
        if (spec != NULL) {
            return cg_option_choice(accepts->refused, spec->name) >= 0 ? NULL : spec;
        }
    }
    return NULL;
}

cg_status api_options(cg_options *options, const cg_call *call, const api_accepts *accepts,
                      cg_error *err) {
    cg_options_init(options);
    if (call == NULL) {
        return CG_OK;
    }
    if (call->options == NULL && call->option_count > 0) {
        return cg_error_set(err, CG_ERR_USAGE, "%zu options given as NULL", call->option_count);
    }
    for (size_t i = 0; i < call->option_count; i++) {
        const cg_option_value *given = &call->options[i];
        if (given->name == NULL) {
            return cg_error_set(err, CG_ERR_USAGE, "option %zu has no name", i + 1);
        }
        const char *name = given->name;
        name += name[0] == '-' ? (name[1] == '-' ? 2 : 1) : 0;
        const cg_option_spec *spec = find_spec(accepts, name);
        if (spec == NULL) {
            return cg_error_set(err, CG_ERR_USAGE, "%s takes no option '%s'", accepts->command,
                                given->name);
        }
        cg_status st = cg_option_apply(options, spec, given->value, err);
        if (st != CG_OK) {
            return st;
        }
    }
    options->progress_hook = call->progress;
    options->progress_context = call->progress_context;
    return CG_OK;
}

/* ---- solving a judge input -------------------------------------------- */

/* The output modes are the call's to choose. */
static const char output_options[] = "explain|format|json";

typedef struct solve_sink {
    const cg_game *game;
    const char *file;
    bool json;
    cg_buf judge, lines;
    uint64_t cases;
} solve_sink;

/* Each case as cg_run writes it: the separator between answers, and in
 * JSON the common envelope. */
static cg_status collect(void *context, uint64_t number, const char *answer, size_t len,
                         const cg_report *analysis, cg_error *err) {
    solve_sink *s = context;
    if (s->cases > 0 && s->game->case_separator != NULL) {
        cg_buf_puts(&s->judge, s->game->case_separator);
    }
    cg_buf_append(&s->judge, answer, len);
    if (s->json) {
        cg_report_write_envelope(&s->lines, s->game->name, s->file, number, answer, len, analysis);
    }
    if (cg_buf_failed(&s->judge) || cg_buf_failed(&s->lines)) {
        return cg_error_nomem(err, "collecting the answers");
    }
    s->cases++;
    return CG_OK;
}

cg_status cg_solve_text(const char *game_name, const char *input, size_t len, const cg_call *call,
                        cg_solve_result *result, cg_api_error *err) {
    if (result == NULL) {
        return api_usage(err, "cg_solve_text: result is NULL");
    }
    memset(result, 0, sizeof *result);
    if (game_name == NULL || (input == NULL && len > 0)) {
        return api_usage(err, "cg_solve_text: %s is NULL", game_name == NULL ? "game" : "input");
    }
    const cg_game *game = cg_find_game(game_name);
    if (game == NULL) {
        return api_usage(err, "unknown game '%s'", game_name);
    }
    const char *name = call != NULL && call->name != NULL ? call->name : "<input>";
    const api_accepts accepts = {
        {cg_common_options, game->options, NULL}, output_options, game->name};
    cg_options options;
    cg_error e;
    cg_error_clear(&e);
    cg_status st = api_options(&options, call, &accepts, &e);
    solve_sink sink = {game, name, call != NULL && call->json, CG_BUF_INIT, CG_BUF_INIT, 0};
    options.output = sink.json ? CG_OUTPUT_JSON : CG_OUTPUT_JUDGE;
    cg_scanner *scanner = NULL;
    if (st == CG_OK) {
        st = cg_scanner_open_memory(&scanner, input != NULL ? input : "", len, name, &e);
    }
    if (st == CG_OK) {
        st = cg_run_each(game, scanner, &options, collect, &sink, &e);
    }
    cg_scanner_close(scanner);
    api_take(&sink.judge, &result->judge);
    api_take(&sink.lines, &result->json);
    result->cases = sink.cases;
    if (st != CG_OK) {
        api_fail(err, &e);
    }
    return st;
}

void cg_solve_result_free(cg_solve_result *result) {
    if (result != NULL) {
        cg_text_free(&result->judge);
        cg_text_free(&result->json);
        result->cases = 0;
    }
}

/* ---- Grundy values ------------------------------------------------------ */

/* upto is the call's argument, the values come back in the result and the
 * output is the analysis line. */
static const char grundy_refused[] = "upto|values-out|explain|format|json|color";

typedef struct grundy_watch {
    const cg_call *call;
    bool stopped;
} grundy_watch;

static bool grundy_progress(void *context, size_t known, size_t wanted, size_t rare) {
    (void)rare;
    grundy_watch *w = context;
    if (w->call == NULL || w->call->progress == NULL) {
        return false;
    }
    w->stopped = w->call->progress(w->call->progress_context, "grundy values", known, wanted);
    return w->stopped;
}

/* The table as 32-bit values in result->values (taking it when it is). */
static cg_status widen_table(cg_grundy_result *result, cg_error *err) {
    if (result->table == NULL || result->width == sizeof *result->values) {
        result->values = result->table;
        result->table = NULL;
        result->width = 0;
        return CG_OK;
    }
    result->values = malloc(result->count * sizeof *result->values);
    if (result->values == NULL) {
        return cg_error_nomem(err, "holding the values");
    }
    const uint16_t *narrow = result->table;
    for (size_t n = 0; n < result->count; n++) {
        result->values[n] = narrow[n];
    }
    free(result->table);
    result->table = NULL;
    result->width = 0;
    return CG_OK;
}

static cg_status grundy_run(const char *code, uint64_t upto, const cg_call *call, bool widen,
                            cg_grundy_result *result, cg_api_error *err) {
    if (result == NULL) {
        return api_usage(err, "cg_grundy_values: result is NULL");
    }
    memset(result, 0, sizeof *result);
    const api_accepts accepts = {
        {cg_common_options, cg_grundy_options, NULL}, grundy_refused, "grundy"};
    cg_options options;
    cg_error e;
    cg_error_clear(&e);
    cg_status st = api_options(&options, call, &accepts, &e);
    if (st != CG_OK) {
        api_fail(err, &e);
        return st;
    }
    if (code == NULL && options.resume == NULL) {
        return api_usage(err, "cg_grundy_values: code is NULL and no checkpoint is resumed");
    }
    options.upto = upto;
    options.output = CG_OUTPUT_JSON;
    char *analysis = NULL;
    size_t analysis_len = 0;
    FILE *out = open_memstream(&analysis, &analysis_len);
    grundy_watch watch = {call, false};
    cg_grundy_taken taken = {NULL, 0, 0};
    if (out == NULL) {
        st = cg_error_nomem(&e, "opening the analysis");
    } else {
        cg_grundy_hooks hooks = {grundy_progress, &watch, NULL, &taken};
        st = cg_write_grundy_table(code, &options, out, &hooks, &e);
    }
    if (out != NULL && fclose(out) != 0 && st == CG_OK) {
        st = cg_error_set(&e, CG_ERR_NOMEM, "writing the analysis: %s", strerror(errno));
    }
    result->table = taken.values;
    result->count = taken.count;
    result->width = taken.width;
    cg_status held = widen ? widen_table(result, &e) : CG_OK;
    if (st == CG_END || (st == CG_OK && watch.stopped)) {
        st = cg_error_set(&e, CG_ERR_STOPPED, "stopped with %zu values computed", result->count);
    } else if (st == CG_OK && held == CG_OK) {
        result->json.data = analysis;
        result->json.len = analysis_len;
        analysis = NULL;
    }
    st = st == CG_OK ? held : st;
    free(analysis);
    if (st != CG_OK) {
        api_fail(err, &e);
    }
    return st;
}

cg_status cg_grundy_values(const char *code, uint64_t upto, const cg_call *call,
                           cg_grundy_result *result, cg_api_error *err) {
    return grundy_run(code, upto, call, true, result, err);
}

cg_status cg_grundy_values_table(const char *code, uint64_t upto, const cg_call *call,
                                 cg_grundy_result *result, cg_api_error *err) {
    return grundy_run(code, upto, call, false, result, err);
}

void cg_grundy_result_free(cg_grundy_result *result) {
    if (result != NULL) {
        free(result->values);
        free(result->table);
        result->values = NULL;
        result->table = NULL;
        result->count = result->width = 0;
        cg_text_free(&result->json);
    }
}
