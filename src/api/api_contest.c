/* The contest tools through the one-call API (cgsolve.h): gen and check
 * from strings, with the command line's options. */
#include <string.h>

#include "api/api_internal.h"

/* The game named, which must have a generator (gen) or not. */
static const cg_game *find_game(const char *name, bool gen, cg_api_error *err) {
    if (name == NULL) {
        api_usage(err, "the game is NULL");
        return NULL;
    }
    const cg_game *game = cg_find_game(name);
    if (game == NULL) {
        api_usage(err, "unknown game '%s'", name);
    } else if (gen && game->generate_case == NULL) {
        api_usage(err, "%s has no generator", name);
        game = NULL;
    }
    return game;
}

cg_status cg_gen_text(const char *name, const cg_call *call, cg_text *input, cg_api_error *err) {
    if (input == NULL) {
        return api_usage(err, "cg_gen_text: input is NULL");
    }
    input->data = NULL;
    input->len = 0;
    const cg_game *game = find_game(name, true, err);
    if (game == NULL) {
        return CG_ERR_USAGE;
    }
    const api_accepts accepts = {{cg_gen_common_options, game->gen_options, NULL}, NULL, "gen"};
    cg_options options;
    cg_error e;
    cg_error_clear(&e);
    cg_strlist cases = CG_STRLIST_INIT;
    cg_buf text = CG_BUF_INIT;
    cg_status st = api_options(&options, call, &accepts, &e);
    if (st == CG_OK) {
        st = cg_generate_cases(game, &options, &cases, &e);
    }
    if (st == CG_OK) {
        cg_write_judge_input(game, &cases, &text);
        st = cg_buf_failed(&text) ? cg_error_nomem(&e, "writing the input") : CG_OK;
    }
    cg_strlist_free(&cases);
    if (st == CG_OK) {
        api_take(&text, input);
    } else {
        cg_buf_free(&text);
        api_fail(err, &e);
    }
    return st;
}

static const char check_refused[] = "explain|format|json|color";

cg_status cg_check_text(const char *name, const char *input, size_t input_len, const char *output,
                        size_t output_len, const cg_call *call, cg_check_outcome *outcome,
                        cg_api_error *err) {
    if (outcome == NULL) {
        return api_usage(err, "cg_check_text: outcome is NULL");
    }
    memset(outcome, 0, sizeof *outcome);
    if ((input == NULL && input_len > 0) || (output == NULL && output_len > 0)) {
        return api_usage(err, "cg_check_text: %s is NULL", input == NULL ? "input" : "output");
    }
    const cg_game *game = find_game(name, false, err);
    if (game == NULL) {
        return CG_ERR_USAGE;
    }
    const char *file = call != NULL && call->name != NULL ? call->name : "<input>";
    const api_accepts accepts = {{cg_common_options, game->options, NULL}, check_refused, "check"};
    cg_options options;
    cg_error e;
    cg_error_clear(&e);
    cg_check_result result;
    cg_check_result_init(&result);
    cg_scanner *scanner = NULL;
    cg_status st = api_options(&options, call, &accepts, &e);
    if (st == CG_OK) {
        st = cg_scanner_open_memory(&scanner, input != NULL ? input : "", input_len, file, &e);
    }
    if (st == CG_OK) {
        st = cg_check(game, scanner, output != NULL ? output : "", output_len, &options, &result,
                      &e);
    }
    cg_scanner_close(scanner);
    if (st == CG_OK) {
        outcome->verdict = result.verdict;
        outcome->cases = result.cases;
        outcome->case_number = result.case_number;
        outcome->line = result.line;
        outcome->column = result.column;
        api_take(&result.summary, &outcome->summary);
        api_take(&result.expected, &outcome->expected);
        api_take(&result.given, &outcome->given);
        api_take(&result.explanation, &outcome->explanation);
    } else {
        api_fail(err, &e);
    }
    cg_check_result_free(&result);
    return st;
}

void cg_check_outcome_free(cg_check_outcome *outcome) {
    if (outcome != NULL) {
        cg_text_free(&outcome->summary);
        cg_text_free(&outcome->expected);
        cg_text_free(&outcome->given);
        cg_text_free(&outcome->explanation);
    }
}
