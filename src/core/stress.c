/* Stress testing: generated inputs until a program fails, then shrinking
 * the failing input while it keeps failing the same way. */
#include <stdlib.h>
#include <string.h>

#include "core/cgsolve_internal.h"
#include "core/clock_internal.h"
#include "core/testdata_internal.h"

#define MAX_SHRINK_TRIES 5000 /* program runs spent shrinking, at most */

const cg_option_spec cg_stress_options[] = {
    {.name = "time-limit",
     .short_name = 't',
     .arg = CG_ARG_SECONDS,
     .arg_name = "SEC",
     .help = "time limit per run of the program",
     CG_OPTION_FIELD(time_limit),
     .def = 2000},
    {.name = "runs",
     .short_name = 'R',
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "stop after N inputs pass",
     CG_OPTION_FIELD(runs),
     .min = 1,
     .max = INT64_MAX},
    {.name = "seconds",
     .short_name = 'T',
     .arg = CG_ARG_SECONDS,
     .arg_name = "SEC",
     .help = "stop after this long",
     CG_OPTION_FIELD(seconds)},
    {.name = "save",
     .short_name = 'S',
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "write the minimal failing input to FILE",
     CG_OPTION_FIELD(save)},
    {.name = "against",
     .arg = CG_ARG_TEXT,
     .arg_name = "COMMAND",
     .help = "compare with a reference program (words split at spaces)",
     CG_OPTION_FIELD(against)},
    {.name = "shrink-seconds",
     .arg = CG_ARG_SECONDS,
     .arg_name = "SEC",
     .help = "stop shrinking after this long (default 60)",
     CG_OPTION_FIELD(shrink_seconds)},
    {.name = NULL},
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
    cg_buf_free(&r->program_stderr);
    cg_buf_free(&r->reference_given);
    cg_stress_result_init(r);
}

/* How a run failed; NONE when it passed. With a reference program, the
 * reference's failure times REFERENCE is added. */
typedef enum failure { NONE, WRONG_ANSWER, PRESENTATION, CRASH, TIME_OUT, REFERENCE = 8 } failure;

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
    cg_program_runner reference; /* or NULL */
    void *reference_context;
    cg_buf reference_output, reference_how;
} stress;

/* Run one program (run with context) on s->input into output and how,
 * and judge it: *kind and *summary say how it failed. */
static cg_status run_and_judge(stress *s, cg_program_runner run, void *context, cg_buf *output,
                               cg_buf *how_buf, failure *kind, cg_buf *summary,
                               cg_check_result *check, cg_error *err) {
    cg_buf_clear(output);
    cg_buf_clear(how_buf);
    *kind = NONE;
    cg_run_outcome outcome;
    cg_status st = run(context, s->input.data, s->input.len, output, &outcome, how_buf, err);
    if (st != CG_OK) {
        return st;
    }
    /* how: one line, then what the program wrote on stderr, if anything */
    const char *how = how_buf->data != NULL ? how_buf->data : "";
    const char *line_end = strchr(how, '\n');
    int first_line = (int)(line_end != NULL ? (size_t)(line_end - how) : strlen(how));
    if (outcome == CG_RUN_CRASHED) {
        *kind = CRASH;
        cg_buf_printf(summary, "crash: %.*s", first_line, how);
    } else if (outcome == CG_RUN_TIMED_OUT) {
        *kind = TIME_OUT;
        cg_buf_printf(summary, "time-out: %.*s", first_line, how);
    } else {
        cg_scanner *in = NULL;
        cg_check_result_free(check);
        st = cg_scanner_open_memory(&in, s->input.data, s->input.len, "<generated>", err);
        if (st == CG_OK) {
            st = cg_check(s->game, in, output->data != NULL ? output->data : "", output->len,
                          s->options, check, err);
        }
        cg_scanner_close(in);
        if (st == CG_OK && check->verdict != CG_ACCEPTED) {
            *kind = check->verdict == CG_WRONG_ANSWER ? WRONG_ANSWER : PRESENTATION;
            cg_buf_append(summary, check->summary.data != NULL ? check->summary.data : "",
                          check->summary.len);
        }
    }
    return st;
}

/* Run the program (and the reference, if any) on cases and judge them;
 * *kind is the program's failure plus REFERENCE times the reference's, so
 * "failing the same way" covers both; *summary describes it. A failure to
 * allocate is an error, never a verdict. */
static cg_status attempt(stress *s, const cg_strlist *cases, failure *kind, cg_buf *summary,
                         cg_check_result *check, cg_error *err) {
    cg_buf_clear(&s->input);
    cg_buf_clear(summary);
    *kind = NONE;
    cg_write_judge_input(s->game, cases, &s->input);
    if (cg_buf_failed(&s->input) || cg_strlist_failed(cases)) {
        return cg_error_nomem(err, "writing an input");
    }
    failure mine = NONE, theirs = NONE;
    cg_buf own = CG_BUF_INIT, other = CG_BUF_INIT;
    cg_status st =
        run_and_judge(s, s->run, s->run_context, &s->output, &s->how, &mine, &own, check, err);
    if (st == CG_OK && s->reference != NULL) {
        st = run_and_judge(s, s->reference, s->reference_context, &s->reference_output,
                           &s->reference_how, &theirs, &other, check, err);
    }
    if (st == CG_OK && s->reference == NULL) {
        cg_buf_append(summary, own.data != NULL ? own.data : "", own.len);
    } else if (st == CG_OK && mine != NONE && theirs != NONE) {
        cg_buf_printf(summary, "both are wrong: the program: %s; the reference: %s", own.data,
                      other.data);
    } else if (st == CG_OK && mine != NONE) {
        cg_buf_printf(summary, "the program is wrong (the reference is right): %s", own.data);
    } else if (st == CG_OK && theirs != NONE) {
        cg_buf_printf(summary, "the reference is wrong (the program is right): %s", other.data);
    }
    *kind = (failure)(mine + REFERENCE * theirs);
    bool failed = cg_buf_failed(&own) || cg_buf_failed(&other) || cg_buf_failed(summary);
    cg_buf_free(&own);
    cg_buf_free(&other);
    return st == CG_OK && failed ? cg_error_nomem(err, "judging a run") : st;
}

/* Keep the run just made as the smallest failure so far: its input, the
 * program's output and the verdict. */
static cg_status keep_failure(stress *s, const cg_buf *summary, cg_error *err) {
    cg_stress_result *r = s->result;
    cg_buf_clear(&r->input);
    cg_buf_clear(&r->given);
    cg_buf_clear(&r->failure);
    cg_buf_clear(&r->program_stderr);
    const char *line_end = s->how.data != NULL ? strchr(s->how.data, '\n') : NULL;
    if (line_end != NULL) {
        cg_buf_puts(&r->program_stderr, line_end + 1);
    }
    cg_buf_append(&r->input, s->input.data, s->input.len);
    cg_buf_append(&r->given, s->output.data != NULL ? s->output.data : "", s->output.len);
    cg_buf_clear(&r->reference_given);
    if (s->reference != NULL) {
        cg_buf_append(&r->reference_given,
                      s->reference_output.data != NULL ? s->reference_output.data : "",
                      s->reference_output.len);
    }
    cg_buf_append(&r->failure, summary->data, summary->len);
    return cg_buf_failed(&r->input) || cg_buf_failed(&r->given) || cg_buf_failed(&r->failure) ||
                   cg_buf_failed(&r->program_stderr) || cg_buf_failed(&r->reference_given)
               ? cg_error_nomem(err, "keeping the failing input")
               : CG_OK;
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

typedef struct shrinker {
    stress *s;
    failure kind;
    cg_strlist *cases, trial, variants;
    cg_buf summary;
    cg_check_result *check;
    size_t tries;
    double deadline; /* cg_seconds() at which shrinking stops */
} shrinker;

static bool stop(shrinker *k) {
    return k->tries >= MAX_SHRINK_TRIES || cg_seconds() >= k->deadline ||
           (k->s->should_stop != NULL && k->s->should_stop(k->s->progress_context));
}

/* Try trial in place of the cases: *better when it fails the same way (it
 * is then the cases, and kept). */
static cg_status try_trial(shrinker *k, bool *better, cg_error *err) {
    failure kind = NONE;
    k->tries++;
    cg_status st = attempt(k->s, &k->trial, &kind, &k->summary, k->check, err);
    *better = st == CG_OK && kind == k->kind;
    if (*better) {
        swap(k->cases, &k->trial);
        k->s->result->shrink_steps++;
        st = keep_failure(k->s, &k->summary, err);
        if (k->s->progress != NULL) {
            k->s->progress(k->s->progress_context, k->s->result->runs, k->s->result->passed, true,
                           k->s->result->input.len);
        }
    }
    return st;
}

/* Fewer cases: each one alone, then each one left out. */
static cg_status fewer_cases(shrinker *k, bool *changed, cg_error *err) {
    cg_status st = CG_OK;
    bool better;
    for (size_t i = 0; st == CG_OK && k->cases->count > 1 && i < k->cases->count && !stop(k); i++) {
        cg_strlist_clear(&k->trial);
        cg_strlist_addf(&k->trial, "%s", cg_strlist_at(k->cases, i));
        st = try_trial(k, &better, err);
        *changed |= better;
    }
    for (size_t i = 0; st == CG_OK && k->cases->count > 1 && i < k->cases->count && !stop(k);) {
        copy_except(k->cases, i, NULL, &k->trial);
        st = try_trial(k, &better, err);
        *changed |= better;
        i += !better;
    }
    return st;
}

/* Smaller cases: each case's valid variants, the first that fails kept. */
static cg_status smaller_cases(shrinker *k, bool *changed, cg_error *err) {
    cg_status st = CG_OK;
    for (size_t i = 0; st == CG_OK && i < k->cases->count && !stop(k); i++) {
        bool better = false;
        cg_strlist_clear(&k->variants);
        const char *text = cg_strlist_at(k->cases, i);
        k->s->game->shrink_case(text, strlen(text), &k->variants);
        for (size_t v = 0; st == CG_OK && !better && v < k->variants.count && !stop(k); v++) {
            const char *variant = cg_strlist_at(&k->variants, v);
            if (cg_case_valid(k->s->game, variant, k->s->options)) {
                copy_except(k->cases, i, variant, &k->trial);
                st = try_trial(k, &better, err);
            }
        }
        *changed |= better;
        i -= better; /* the smaller case may shrink further */
    }
    return st;
}

/* Every reduction, again after each success, until none applies (a
 * fixpoint) or the shrinking's time or tries are spent. */
static cg_status shrink(stress *s, cg_strlist *cases, failure kind, cg_check_result *check,
                        cg_error *err) {
    shrinker k = {s, kind, cases, CG_STRLIST_INIT, CG_STRLIST_INIT, CG_BUF_INIT, check, 0, 0};
    double seconds =
        s->options->shrink_seconds > 0 ? s->options->shrink_seconds : CG_DEFAULT_SHRINK_SECONDS;
    k.deadline = cg_seconds() + seconds;
    cg_status st = CG_OK;
    bool changed = true;
    while (st == CG_OK && changed && !stop(&k)) {
        changed = false;
        st = fewer_cases(&k, &changed, err);
        if (st == CG_OK && s->game->shrink_case != NULL) {
            st = smaller_cases(&k, &changed, err);
        }
    }
    s->result->shrink_complete = st == CG_OK && !changed;
    cg_strlist_free(&k.trial);
    cg_strlist_free(&k.variants);
    cg_buf_free(&k.summary);
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
    return cg_buf_failed(&s->result->expected) || cg_buf_failed(&s->result->explanation)
               ? cg_error_nomem(err, "writing the answers")
               : CG_OK;
}

/* The final report beside the kept failure: the expected answers and why
 * they hold (the program is not run again). */
static cg_status describe(stress *s, failure kind, cg_error *err) {
    cg_stress_result *r = s->result;
    failure mine = (failure)(kind % REFERENCE);
    r->outcome = mine == CRASH      ? CG_RUN_CRASHED
                 : mine == TIME_OUT ? CG_RUN_TIMED_OUT
                                    : CG_RUN_FINISHED;
    cg_scanner *in = NULL;
    cg_options explain = *s->options;
    explain.output = CG_OUTPUT_EXPLAIN;
    explain.color = false;
    cg_status st = cg_scanner_open_memory(&in, r->input.data, r->input.len, "<input>", err);
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
    return cg_stress_against(game, options, run, run_context, NULL, NULL, should_stop, progress,
                             progress_context, result, err);
}

cg_status cg_stress_against(const cg_game *game, const cg_options *options, cg_program_runner run,
                            void *run_context, cg_program_runner reference, void *reference_context,
                            bool (*should_stop)(void *context), cg_stress_progress progress,
                            void *progress_context, cg_stress_result *result, cg_error *err) {
    if (game == NULL || options == NULL || run == NULL || result == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_stress: a NULL argument");
    }
    stress s;
    memset(&s, 0, sizeof s);
    s.reference = reference;
    s.reference_context = reference_context;
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
            st = keep_failure(&s, &summary, err);
            if (st == CG_OK) {
                st = shrink(&s, &cases, kind, &check, err);
            }
            if (st == CG_ERR_STOPPED) { /* interrupted while shrinking: the smallest so far */
                result->stopped = true;
                st = CG_OK;
            }
            if (st == CG_OK) {
                st = describe(&s, kind, err);
            }
            break;
        }
        if (st == CG_ERR_STOPPED) { /* interrupted while a program ran: what passed stands */
            result->runs--;
            result->stopped = true;
            st = CG_OK;
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
    cg_buf_free(&s.reference_output);
    cg_buf_free(&s.reference_how);
    return st;
}
