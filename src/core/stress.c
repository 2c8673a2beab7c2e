/* Stress testing: generated inputs until a program fails, then shrinking
 * the failing input while it keeps failing the same way. */
#include <stdlib.h>
#include <string.h>

#include "cgsolve/cgsolve.h"
#include "cgsolve/testdata.h"

#define MAX_SHRINK_TRIES 5000 /* program runs spent shrinking, at most */

const cg_option_spec cg_stress_options[] = {
    {CG_OPTION_TIME_LIMIT, "time-limit", 't', CG_ARG_SECONDS, "SEC",
     "time limit per run of the program (default 2)", 0, 0, NULL},
    {CG_OPTION_RUNS, "runs", 'R', CG_ARG_INT, "N", "stop after N inputs pass", 1, INT64_MAX, NULL},
    {CG_OPTION_SECONDS, "seconds", 'T', CG_ARG_SECONDS, "SEC", "stop after this long", 0, 0, NULL},
    {CG_OPTION_SAVE, "save", 'S', CG_ARG_TEXT, "FILE", "write the minimal failing input to FILE", 0,
     0, NULL},
    {CG_OPTION_COUNT, NULL, 0, CG_ARG_NONE, NULL, NULL, 0, 0, NULL},
};

void cg_stress_result_init(cg_stress_result *r) {
    memset(r, 0, sizeof *r);
}

void cg_stress_result_free(cg_stress_result *r) {
    cg_buf_free(&r->failure);
    cg_buf_free(&r->input);
    cg_buf_free(&r->expected);
    cg_buf_free(&r->given);
    cg_buf_free(&r->explanation);
    cg_stress_result_init(r);
}

/* How a run failed; NONE when it passed. */
typedef enum failure { NONE, WRONG_ANSWER, PRESENTATION, CRASH, TIME_OUT } failure;

typedef struct stress {
    const cg_game *game;
    const cg_options *options;
    cg_program_runner run;
    void *run_context;
    bool (*should_stop)(void *); /* called with progress_context */
    cg_stress_progress progress;
    void *progress_context;
    cg_stress_result *result;
    cg_buf input, output, how;
} stress;

/* Run the program on cases and judge it; *summary describes a failure. */
static cg_status attempt(stress *s, const cg_strlist *cases, failure *kind, cg_buf *summary,
                         cg_check_result *check, cg_error *err) {
    cg_buf_clear(&s->input);
    cg_buf_clear(&s->output);
    cg_buf_clear(&s->how);
    cg_write_judge_input(s->game, cases, &s->input);
    if (cg_buf_failed(&s->input)) {
        return cg_error_nomem(err, "writing an input");
    }
    cg_run_outcome outcome;
    cg_status st =
        s->run(s->run_context, s->input.data, s->input.len, &s->output, &outcome, &s->how, err);
    if (st != CG_OK) {
        return st;
    }
    cg_buf_clear(summary);
    *kind = NONE;
    if (outcome == CG_RUN_CRASHED) {
        *kind = CRASH;
        cg_buf_printf(summary, "crash: %s", s->how.data != NULL ? s->how.data : "");
        return CG_OK;
    }
    if (outcome == CG_RUN_TIMED_OUT) {
        *kind = TIME_OUT;
        cg_buf_printf(summary, "time-out: %s", s->how.data != NULL ? s->how.data : "");
        return CG_OK;
    }
    cg_scanner *in = NULL;
    cg_check_result_free(check);
    st = cg_scanner_open_memory(&in, s->input.data, s->input.len, "<generated>", err);
    if (st == CG_OK) {
        st = cg_check(s->game, in, s->output.data != NULL ? s->output.data : "", s->output.len,
                      s->options, check, err);
    }
    cg_scanner_close(in);
    if (st == CG_OK && check->verdict != CG_ACCEPTED) {
        *kind = check->verdict == CG_WRONG_ANSWER ? WRONG_ANSWER : PRESENTATION;
        cg_buf_puts(summary, check->summary.data);
    }
    return st;
}

/* Whether cases still fail as `wanted` does. */
static cg_status still_fails(stress *s, const cg_strlist *cases, failure wanted, bool *fails,
                             cg_check_result *check, cg_error *err) {
    failure kind = NONE;
    cg_buf summary = CG_BUF_INIT;
    cg_status st = attempt(s, cases, &kind, &summary, check, err);
    *fails = st == CG_OK && kind == wanted;
    cg_buf_free(&summary);
    return st;
}

static void copy_except(const cg_strlist *from, size_t skip, const char *replace, cg_strlist *to) {
    cg_strlist_clear(to);
    for (size_t i = 0; i < from->count; i++) {
        if (i != skip || replace != NULL) {
            cg_strlist_addf(to, "%s", i == skip ? replace : cg_strlist_at(from, i));
        }
    }
}

static void swap(cg_strlist *a, cg_strlist *b) {
    cg_strlist t = *a;
    *a = *b;
    *b = t;
}

static bool stop(stress *s, size_t tries) {
    return tries >= MAX_SHRINK_TRIES ||
           (s->should_stop != NULL && s->should_stop(s->progress_context));
}

/* Fewer cases, then smaller ones, while the input fails as `kind`. */
static cg_status shrink(stress *s, cg_strlist *cases, failure kind, cg_check_result *check,
                        cg_error *err) {
    cg_strlist trial = CG_STRLIST_INIT, variants = CG_STRLIST_INIT;
    cg_status st = CG_OK;
    size_t tries = 0;
    bool fails;
    /* One case alone, then one case fewer at a time. */
    for (size_t i = 0; st == CG_OK && cases->count > 1 && i < cases->count && !stop(s, tries);
         i++) {
        cg_strlist_clear(&trial);
        cg_strlist_addf(&trial, "%s", cg_strlist_at(cases, i));
        if ((st = still_fails(s, &trial, kind, &fails, check, err)) == CG_OK && fails) {
            swap(cases, &trial);
            s->result->shrink_steps++;
        }
        tries++;
    }
    for (size_t i = 0; st == CG_OK && cases->count > 1 && i < cases->count && !stop(s, tries);) {
        copy_except(cases, i, NULL, &trial);
        if ((st = still_fails(s, &trial, kind, &fails, check, err)) == CG_OK && fails) {
            swap(cases, &trial);
            s->result->shrink_steps++;
        } else {
            i++;
        }
        tries++;
    }
    /* Smaller cases: the first valid variant that still fails, again. */
    bool smaller = s->game->shrink_case != NULL;
    while (st == CG_OK && smaller && !stop(s, tries)) {
        smaller = false;
        for (size_t i = 0; st == CG_OK && !smaller && i < cases->count && !stop(s, tries); i++) {
            cg_strlist_clear(&variants);
            const char *text = cg_strlist_at(cases, i);
            s->game->shrink_case(text, strlen(text), &variants);
            for (size_t v = 0; st == CG_OK && !smaller && v < variants.count && !stop(s, tries);
                 v++) {
                const char *variant = cg_strlist_at(&variants, v);
                if (!cg_case_valid(s->game, variant, s->options)) {
                    continue;
                }
                copy_except(cases, i, variant, &trial);
                st = still_fails(s, &trial, kind, &fails, check, err);
                tries++;
                if (st == CG_OK && fails) {
                    swap(cases, &trial);
                    s->result->shrink_steps++;
                    smaller = true;
                }
            }
        }
        if (s->progress != NULL) {
            cg_buf_clear(&s->input);
            cg_write_judge_input(s->game, cases, &s->input);
            s->progress(s->progress_context, s->result->runs, s->result->passed, true,
                        s->input.len);
        }
    }
    cg_strlist_free(&trial);
    cg_strlist_free(&variants);
    return st;
}

static cg_status expect(void *context, uint64_t number, const char *answer, size_t len,
                        const cg_report *analysis, cg_error *err) {
    stress *s = context;
    if (number > 1) {
        cg_buf_puts(&s->result->expected, s->game->case_separator);
    }
    cg_buf_append(&s->result->expected, answer, len);
    cg_buf_printf(&s->result->explanation, "case %llu:\n", (unsigned long long)number);
    cg_report_render_text(analysis, 2, &s->result->explanation);
    return cg_buf_failed(&s->result->expected) ? cg_error_nomem(err, "writing the answers") : CG_OK;
}

/* The final report: the minimal input, both outputs, the explanation. */
static cg_status describe(stress *s, const cg_strlist *cases, failure kind, cg_check_result *check,
                          cg_error *err) {
    cg_stress_result *r = s->result;
    cg_status st = attempt(s, cases, &kind, &r->failure, check, err);
    if (st != CG_OK) {
        return st;
    }
    r->outcome = kind == CRASH      ? CG_RUN_CRASHED
                 : kind == TIME_OUT ? CG_RUN_TIMED_OUT
                                    : CG_RUN_FINISHED;
    cg_buf_append(&r->input, s->input.data, s->input.len);
    cg_buf_append(&r->given, s->output.data != NULL ? s->output.data : "", s->output.len);
    cg_scanner *in = NULL;
    cg_options explain = *s->options;
    explain.output = CG_OUTPUT_EXPLAIN;
    explain.color = false;
    st = cg_scanner_open_memory(&in, r->input.data, r->input.len, "<input>", err);
    if (st == CG_OK) {
        st = cg_run_each(s->game, in, &explain, expect, s, err);
    }
    cg_scanner_close(in);
    return st;
}

cg_status cg_stress(const cg_game *game, const cg_options *options, cg_program_runner run,
                    void *run_context, bool (*should_stop)(void *context),
                    cg_stress_progress progress, void *progress_context, cg_stress_result *result,
                    cg_error *err) {
    stress s;
    memset(&s, 0, sizeof s);
    s.game = game;
    s.options = options;
    s.run = run;
    s.run_context = run_context;
    s.should_stop = should_stop;
    s.progress = progress;
    s.progress_context = progress_context;
    s.result = result;
    cg_strlist cases = CG_STRLIST_INIT;
    cg_check_result check;
    cg_check_result_init(&check);
    cg_buf summary = CG_BUF_INIT;
    cg_status st = CG_OK;
    for (uint64_t i = 0; st == CG_OK; i++) {
        if ((options->runs != 0 && i >= options->runs) ||
            (should_stop != NULL && should_stop(progress_context))) {
            break;
        }
        cg_options drawn = *options;
        drawn.seed = options->seed + i;
        cg_strlist_clear(&cases);
        failure kind = NONE;
        st = cg_generate_cases(game, &drawn, &cases, err);
        if (st == CG_OK) {
            st = attempt(&s, &cases, &kind, &summary, &check, err);
        }
        result->runs++;
        if (st == CG_OK && kind != NONE) {
            result->failed = true;
            result->seed = drawn.seed;
            st = shrink(&s, &cases, kind, &check, err);
            if (st == CG_OK) {
                st = describe(&s, &cases, kind, &check, err);
            }
            break;
        }
        result->passed += st == CG_OK;
        if (progress != NULL) {
            progress(progress_context, result->runs, result->passed, false, 0);
        }
    }
    cg_buf_free(&summary);
    cg_check_result_free(&check);
    cg_strlist_free(&cases);
    cg_buf_free(&s.input);
    cg_buf_free(&s.output);
    cg_buf_free(&s.how);
    return st;
}
