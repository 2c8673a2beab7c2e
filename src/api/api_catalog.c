/* What the library offers, through the one-call API (cgsolve.h): every game
 * and every command's options, written from the registry and the option
 * declarations as one JSON object, so a binding or a page lists them
 * without reaching into the library's tables. */
#include <string.h>

#include "api/api_internal.h"
#include "framework/option_tables_internal.h"

static const char *const kinds[] = {
    [CG_ARG_NONE] = "flag",     [CG_ARG_INT] = "int",         [CG_ARG_SIZE] = "size",
    [CG_ARG_CHOICE] = "choice", [CG_ARG_SECONDS] = "seconds", [CG_ARG_TEXT] = "text",
};

/* A string, or null for NULL. */
static void string_or_null(cg_report *report, const char *key, const char *text) {
    if (text != NULL) {
        cg_report_string(report, key, text);
    } else {
        cg_report_null(report, key);
    }
}

/* The words of "a|b|c" as a list. */
static void choices(cg_report *report, const char *words) {
    cg_report_open_list(report, "choices");
    for (const char *at = words; at != NULL && *at != '\0';) {
        const char *bar = strchr(at, '|');
        size_t len = bar != NULL ? (size_t)(bar - at) : strlen(at);
        cg_report_string_n(report, NULL, at, len);
        at = bar != NULL ? bar + 1 : NULL;
    }
    cg_report_close(report);
}

static void option(cg_report *report, const cg_option_spec *spec) {
    cg_report_open_object(report, NULL);
    cg_report_string(report, "name", spec->name);
    char text[64];
    if (spec->short_name != 0) {
        text[0] = spec->short_name;
        cg_report_string_n(report, "short", text, 1);
    } else {
        cg_report_null(report, "short");
    }
    cg_report_string(report, "kind", kinds[spec->arg]);
    string_or_null(report, "arg", spec->arg_name);
    cg_report_string(report, "help", spec->help != NULL ? spec->help : "");
    string_or_null(report, "default", cg_option_default(spec, text, sizeof text) ? text : NULL);
    if (spec->arg == CG_ARG_INT) {
        cg_report_int(report, "min", spec->min);
        cg_report_int(report, "max", spec->max);
    }
    if (spec->arg == CG_ARG_CHOICE) {
        choices(report, spec->choices);
    }
    cg_report_close(report);
}

/* Every option of the NULL-name ended tables[0..count) (none: an empty
 * list) as the list key. */
static void option_list(cg_report *report, const char *key, const cg_option_spec *const *tables,
                        size_t count) {
    cg_report_open_list(report, key);
    for (size_t t = 0; t < count && tables[t] != NULL; t++) {
        for (const cg_option_spec *spec = tables[t]; spec->name != NULL; spec++) {
            option(report, spec);
        }
    }
    cg_report_close(report);
}

static void options(cg_report *report, const char *key, const cg_option_spec *table) {
    option_list(report, key, &table, 1);
}

static void game(cg_report *report, const cg_game *g, bool solvable) {
    cg_report_open_object(report, NULL);
    cg_report_string(report, "name", g->name);
    cg_report_string(report, "summary", g->summary != NULL ? g->summary : "");
    cg_report_string(report, "input_help", g->input_help != NULL ? g->input_help : "");
    cg_report_bool(report, "solvable", solvable);
    cg_report_bool(report, "playable", g->play != NULL);
    cg_report_bool(report, "misere", g->play != NULL && g->play->misere_intro != NULL);
    cg_report_bool(report, "generates", g->generate_case != NULL);
    cg_report_bool(report, "position_from_arguments", g->play_from_arguments);
    string_or_null(report, "play_refusal", g->play != NULL ? NULL : g->play_refusal);
    string_or_null(report, "judge_limits", g->judge_limits);
    options(report, "options", g->options);
    options(report, "gen_options", g->generate_case != NULL ? g->gen_options : NULL);
    cg_report_close(report);
}

cg_status cg_catalog(cg_text *json, cg_api_error *err) {
    if (json == NULL) {
        return api_usage(err, "cg_catalog: json is NULL");
    }
    json->data = NULL;
    json->len = 0;
    cg_report report;
    cg_report_init(&report);
    cg_report_string(&report, "schema", "cgsolve/1");
    cg_report_string(&report, "version", cg_version());
    cg_report_open_list(&report, "games");
    const cg_game *const *lists[] = {cg_games(), cg_play_only_games()};
    for (size_t l = 0; l < 2; l++) {
        for (const cg_game *const *g = lists[l]; *g != NULL; g++) {
            game(&report, *g, l == 0);
        }
    }
    cg_report_close(&report);
    cg_report_open_list(&report, "commands");
    for (const cg_command_options *c = cg_command_options_list; c->name != NULL; c++) {
        cg_report_open_object(&report, NULL);
        cg_report_string(&report, "name", c->name);
        option_list(&report, "options", c->tables, CG_COMMAND_TABLES);
        cg_report_close(&report);
    }
    cg_report_close(&report);
    cg_buf out = CG_BUF_INIT;
    cg_report_render_json(&report, &out);
    cg_buf_putc(&out, '\n');
    bool failed = cg_report_failed(&report) || cg_buf_failed(&out);
    cg_report_free(&report);
    if (failed) {
        cg_buf_free(&out);
        cg_error e;
        cg_error_nomem(&e, "writing the catalog");
        api_fail(err, &e);
        return CG_ERR_NOMEM;
    }
    api_take(&out, json);
    return CG_OK;
}
