/* Generated judge inputs: the common options, drawing the cases, writing
 * them as one input, and checking one case's validity. */
#include <stdlib.h>
#include <string.h>

#include "framework/cgsolve_internal.h"
#include "framework/testdata_internal.h"

#define DEFAULT_CASES 10

const cg_option_spec cg_gen_common_options[] = {
    {.name = "cases",
     .short_name = 'N',
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "cases per input (default 10)",
     CG_OPTION_FIELD(cases),
     .min = 1,
     .max = 1000000},
    {.name = "seed",
     .short_name = 's',
     .arg = CG_ARG_INT,
     .arg_name = "S",
     .help = "the seed: the same input on every machine",
     CG_OPTION_FIELD(seed),
     .def = 1,
     .min = 0,
     .max = INT64_MAX},
    {.name = "hard",
     .short_name = 'H',
     .arg = CG_ARG_NONE,
     .help = "cases that break common wrong solutions",
     CG_OPTION_FIELD(hard)},
    {.name = "edge",
     .short_name = 'E',
     .arg = CG_ARG_NONE,
     .help = "boundary cases: smallest and largest",
     CG_OPTION_FIELD(edge)},
    {.name = "beyond-limits",
     .arg = CG_ARG_NONE,
     .help = "sizes past the problem's stated limits (said on stderr)",
     CG_OPTION_FIELD(beyond_limits)},
    {.name = NULL},
};

cg_status cg_gen_within(const cg_options *options, const char *what, uint64_t value, uint64_t limit,
                        const char *problem, cg_error *err) {
    if (value <= limit || options->beyond_limits) {
        return CG_OK;
    }
    return cg_error_set(err, CG_ERR_USAGE,
                        "%s %llu is beyond %s's limit of %llu; add --beyond-limits to ask for it",
                        what, (unsigned long long)value, problem, (unsigned long long)limit);
}

/* One case drawn into text, whose storage must fit in budget (the caller
 * holds one case at a time). */
static cg_status draw_case(const cg_game *game, const cg_options *options, cg_rng *rng, uint64_t k,
                           cg_buf *text, const cg_budget *budget, cg_error *err) {
    cg_buf_clear(text);
    cg_status st = game->generate_case(options, rng, k, text, err);
    if (st == CG_OK && cg_buf_failed(text)) {
        st = cg_error_nomem(err, "generating a case");
    }
    if (st == CG_OK && budget != NULL && text->cap > budget->limit) {
        st = cg_error_set(err, CG_ERR_LIMIT,
                          "case %llu needs %zu bytes, beyond the memory limit of %zu bytes",
                          (unsigned long long)k + 1, text->cap, budget->limit);
        if (err != NULL) {
            err->over_budget = true;
        }
    }
    return st;
}

cg_status cg_generate_cases(const cg_game *game, const cg_options *options, cg_strlist *cases,
                            cg_error *err) {
    if (game->generate_case == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "%s has no generator", game->name);
    }
    cg_rng rng = cg_rng_make(options->seed);
    uint64_t count = options->cases != 0 ? options->cases : DEFAULT_CASES;
    cg_buf text = CG_BUF_INIT;
    cg_status st = CG_OK;
    for (uint64_t k = 0; st == CG_OK && k < count; k++) {
        st = draw_case(game, options, &rng, k, &text, NULL, err);
        if (st == CG_OK) {
            cg_strlist_addf(cases, "%s", text.data != NULL ? text.data : "");
        }
    }
    cg_buf_free(&text);
    return st == CG_OK && cg_strlist_failed(cases) ? cg_error_nomem(err, "generating cases") : st;
}

cg_status cg_generate_input(const cg_game *game, const cg_options *options, cg_case_sink sink,
                            void *context, cg_error *err) {
    if (game == NULL || options == NULL || sink == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_generate_input: a NULL argument");
    }
    if (game->generate_case == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "%s has no generator", game->name);
    }
    cg_rng rng = cg_rng_make(options->seed);
    uint64_t count = options->cases != 0 ? options->cases : DEFAULT_CASES;
    cg_budget budget = cg_budget_make(cg_options_memory(options, 0));
    cg_buf text = CG_BUF_INIT;
    cg_status st = CG_OK;
    cg_buf head = CG_BUF_INIT;
    for (uint64_t k = 0; st == CG_OK && k < count; k++) {
        st = draw_case(game, options, &rng, k, &text, &budget, err);
        if (st == CG_OK && k == 0 && game->case_count != NULL) {
            /* the count after the first case: a size refused writes nothing */
            cg_buf_printf(&head, "%llu\n", (unsigned long long)count);
            st = cg_buf_failed(&head) ? cg_error_nomem(err, "generating a case")
                                      : sink(context, head.data, head.len, err);
        }
        if (st == CG_OK) {
            cg_buf_putc(&text, '\n');
            st = cg_buf_failed(&text) ? cg_error_nomem(err, "generating a case")
                                      : sink(context, text.data, text.len, err);
        }
    }
    cg_buf_free(&head);
    if (st == CG_OK && game->case_count == NULL) {
        st = sink(context, "0\n", 2, err);
    }
    cg_buf_free(&text);
    return st;
}

void cg_write_judge_input(const cg_game *game, const cg_strlist *cases, cg_buf *out) {
    if (game->case_count != NULL) {
        cg_buf_printf(out, "%zu\n", cases->count);
    }
    for (size_t i = 0; i < cases->count; i++) {
        cg_buf_puts(out, cg_strlist_at(cases, i));
        cg_buf_putc(out, '\n');
    }
    if (game->case_count == NULL) {
        cg_buf_puts(out, "0\n");
    }
}

static cg_status count_case(void *context, uint64_t number, const char *answer, size_t len,
                            const cg_report *analysis, cg_error *err) {
    (void)number, (void)answer, (void)len, (void)analysis, (void)err;
    (*(uint64_t *)context)++;
    return CG_OK;
}

bool cg_case_valid(const cg_game *game, const char *text, const cg_options *options) {
    cg_strlist one = CG_STRLIST_INIT;
    cg_strlist_addf(&one, "%s", text);
    cg_buf input = CG_BUF_INIT;
    cg_write_judge_input(game, &one, &input);
    cg_scanner *in = NULL;
    uint64_t cases = 0;
    cg_options judge = *options;
    judge.output = CG_OUTPUT_JUDGE;
    bool at_end = false;
    bool valid = !cg_strlist_failed(&one) && !cg_buf_failed(&input) &&
                 cg_scanner_open_memory(&in, input.data, input.len, "<case>", NULL) == CG_OK &&
                 cg_run_each(game, in, &judge, count_case, &cases, NULL) == CG_OK && cases == 1 &&
                 cg_scan_at_end(in, &at_end, NULL) == CG_OK && at_end; /* nothing left over */
    cg_scanner_close(in);
    cg_buf_free(&input);
    cg_strlist_free(&one);
    return valid;
}
