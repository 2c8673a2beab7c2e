/* Stress testing: generated inputs until a program fails, then shrinking
 * the failing input while it keeps failing the same way. */
#include <stdlib.h>
#include <string.h>

#include "core/clock_internal.h"
#include "core/job_pool_internal.h"
#include "framework/cgsolve_internal.h"
#include "framework/testdata_internal.h"

#define MAX_SHRINK_TRIES 5000 /* program runs spent shrinking, at most */

const cg_option_spec cg_stress_options[] = {
    {.name = "time-limit",
     .short_name = 't',
     .arg = CG_ARG_SECONDS,
     .arg_name = "SEC",
     .help = "time limit per run of the program",
     CG_OPTION_FIELD(time_limit),
     .def = 2000},
    {.name = "program-memory",
     .arg = CG_ARG_SIZE,
     .arg_name = "SIZE",
     .help = "address space of each run of the program (no limit)",
     CG_OPTION_FIELD(program_memory)},
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
    {.name = "verbose",
     .short_name = 'v',
     .arg = CG_ARG_NONE,
     .help = "list each shrinking step",
     CG_OPTION_FIELD(verbose)},
    {.name = "jobs",
     .short_name = 'j',
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "run N programs at once, same results as one (default 1)",
     CG_OPTION_FIELD(jobs),
     .def = 1,
     .min = 1,
     .max = CG_STRESS_MAX_JOBS},
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
    cg_buf_free(&r->steps);
    cg_stress_result_init(r);
}

/* How a run failed; NONE when it passed. With a reference program, the
 * reference's failure times REFERENCE is added. */
typedef enum failure { NONE, WRONG_ANSWER, PRESENTATION, CRASH, TIME_OUT, REFERENCE = 8 } failure;

/* One input and what the program (and the reference) made of it. */
typedef struct run_slot {
    cg_buf input;
    cg_buf output, how;
    cg_buf reference_output, reference_how;
    cg_run_outcome outcome, reference_outcome;
    cg_strlist cases; /* the input's cases */
    cg_status status; /* of running them (not of judging) */
    cg_error err;
} run_slot;

typedef struct stress {
    const cg_game *game;
    const cg_options *options;
    const cg_stress_programs *programs;
    bool (*should_stop)(void *); /* called with progress_context */
    cg_stress_progress progress;
    void *progress_context;
    cg_stress_result *result;
    run_slot serial; /* the runs made one at a time (shrinking, -j 1) */
} stress;

static void slot_free(run_slot *r) {
    cg_strlist_free(&r->cases);
    cg_buf_free(&r->input);
    cg_buf_free(&r->output);
    cg_buf_free(&r->how);
    cg_buf_free(&r->reference_output);
    cg_buf_free(&r->reference_how);
}

/* Run the program, then the reference (if any), on r->input in the
 * contexts of worker number worker. */
static void run_slot_now(const stress *s, run_slot *r, unsigned worker) {
    const cg_stress_programs *p = s->programs;
    cg_buf_clear(&r->output);
    cg_buf_clear(&r->how);
    cg_buf_clear(&r->reference_output);
    cg_buf_clear(&r->reference_how);
    r->outcome = r->reference_outcome = CG_RUN_FINISHED;
    r->status = p->run(p->contexts[worker], r->input.data, r->input.len, &r->output, &r->outcome,
                       &r->how, &r->err);
    if (r->status == CG_OK && p->reference != NULL) {
        r->status =
            p->reference(p->reference_contexts[worker], r->input.data, r->input.len,
                         &r->reference_output, &r->reference_outcome, &r->reference_how, &r->err);
    }
}

/* Judge one program's run on input (its output, how and outcome): *kind and
 * *summary say how it failed. */
static cg_status judge_run(const stress *s, const cg_buf *input, const cg_buf *output,
                           const cg_buf *how_buf, cg_run_outcome outcome, failure *kind,
                           cg_buf *summary, cg_check_result *check, cg_error *err) {
    *kind = NONE;
    /* how: one line, then what the program wrote on stderr, if anything */
    const char *how = how_buf->data != NULL ? how_buf->data : "";
    const char *line_end = strchr(how, '\n');
    int first_line = (int)(line_end != NULL ? (size_t)(line_end - how) : strlen(how));
    cg_status st = CG_OK;
    if (outcome == CG_RUN_CRASHED) {
        *kind = CRASH;
        cg_buf_printf(summary, "crash: %.*s", first_line, how);
    } else if (outcome == CG_RUN_TIMED_OUT) {
        *kind = TIME_OUT;
        cg_buf_printf(summary, "time-out: %.*s", first_line, how);
    } else {
        cg_scanner *in = NULL;
        cg_check_result_free(check);
        st = cg_scanner_open_memory(&in, input->data, input->len, "<generated>", err);
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

/* Judge the runs of r: *kind is the program's failure plus REFERENCE times
 * the reference's, so "failing the same way" covers both; *summary
 * describes it. A failure to allocate is an error, never a verdict. */
static cg_status judge(const stress *s, const run_slot *r, failure *kind, cg_buf *summary,
                       cg_check_result *check, cg_error *err) {
    cg_buf_clear(summary);
    *kind = NONE;
    if (r->status != CG_OK) {
        *err = r->err;
        return r->status;
    }
    bool against = s->programs->reference != NULL;
    failure mine = NONE, theirs = NONE;
    cg_buf own = CG_BUF_INIT, other = CG_BUF_INIT;
    cg_status st =
        judge_run(s, &r->input, &r->output, &r->how, r->outcome, &mine, &own, check, err);
    if (st == CG_OK && against) {
        st = judge_run(s, &r->input, &r->reference_output, &r->reference_how, r->reference_outcome,
                       &theirs, &other, check, err);
    }
    if (st == CG_OK && !against) {
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

/* The judge input of cases in r->input. */
static cg_status write_input(const stress *s, const cg_strlist *cases, run_slot *r, cg_error *err) {
    cg_buf_clear(&r->input);
    cg_write_judge_input(s->game, cases, &r->input);
    return cg_buf_failed(&r->input) || cg_strlist_failed(cases)
               ? cg_error_nomem(err, "writing an input")
               : CG_OK;
}

/* Run the program (and the reference, if any) on cases, here and now, and
 * judge them (see judge). */
static cg_status attempt(stress *s, const cg_strlist *cases, failure *kind, cg_buf *summary,
                         cg_check_result *check, cg_error *err) {
    *kind = NONE;
    cg_status st = write_input(s, cases, &s->serial, err);
    if (st != CG_OK) {
        return st;
    }
    run_slot_now(s, &s->serial, 0);
    return judge(s, &s->serial, kind, summary, check, err);
}

/* Keep the run r as the smallest failure so far: its input, the program's
 * output and the verdict. */
static cg_status keep_failure(stress *s, const run_slot *run, const cg_buf *summary,
                              cg_error *err) {
    cg_stress_result *r = s->result;
    cg_buf_clear(&r->input);
    cg_buf_clear(&r->given);
    cg_buf_clear(&r->failure);
    cg_buf_clear(&r->program_stderr);
    const char *line_end = run->how.data != NULL ? strchr(run->how.data, '\n') : NULL;
    if (line_end != NULL) {
        cg_buf_puts(&r->program_stderr, line_end + 1);
    }
    cg_buf_append(&r->input, run->input.data, run->input.len);
    cg_buf_append(&r->given, run->output.data != NULL ? run->output.data : "", run->output.len);
    cg_buf_clear(&r->reference_given);
    if (s->programs->reference != NULL) {
        cg_buf_append(&r->reference_given,
                      run->reference_output.data != NULL ? run->reference_output.data : "",
                      run->reference_output.len);
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
    double deadline;  /* cg_seconds() at which shrinking stops */
    const char *pass; /* "greedy" or "final", for the steps' log */
} shrinker;

static bool stop(shrinker *k) {
    return k->tries >= MAX_SHRINK_TRIES || cg_seconds() >= k->deadline ||
           (k->s->should_stop != NULL && k->s->should_stop(k->s->progress_context));
}

/* The size of cases in the game's own terms: how many cases and the sum of
 * the game's measure of each (0 when the game has none). */
static void measure(const cg_game *game, const cg_strlist *cases, uint64_t *count, uint64_t *size) {
    *count = cases->count;
    *size = 0;
    for (size_t i = 0; game->case_size != NULL && i < cases->count; i++) {
        const char *text = cg_strlist_at(cases, i);
        *size += game->case_size(text, strlen(text));
    }
}

/* One line of the steps' log: the pass, what was done and the size now. */
static void log_step(shrinker *k, const char *what, size_t index) {
    cg_stress_result *r = k->s->result;
    measure(k->s->game, k->cases, &r->input_cases, &r->input_size);
    cg_buf_printf(&r->steps, "%llu. %s pass: case %zu %s: %llu case%s",
                  (unsigned long long)r->shrink_steps, k->pass, index + 1, what,
                  (unsigned long long)r->input_cases, r->input_cases == 1 ? "" : "s");
    if (k->s->game->case_size != NULL) {
        cg_buf_printf(&r->steps, ", %llu %s", (unsigned long long)r->input_size,
                      k->s->game->size_unit[r->input_size != 1]);
    }
    cg_buf_printf(&r->steps, " (%zu bytes)\n", r->input.len);
}

/* Try trial in place of the cases: *better when it fails the same way (it
 * is then the cases, and kept, and logged as what was done to case index). */
static cg_status try_trial(shrinker *k, const char *what, size_t index, bool *better,
                           cg_error *err) {
    failure kind = NONE;
    k->tries++;
    cg_status st = attempt(k->s, &k->trial, &kind, &k->summary, k->check, err);
    *better = st == CG_OK && kind == k->kind;
    if (*better) {
        swap(k->cases, &k->trial);
        k->s->result->shrink_steps++;
        st = keep_failure(k->s, &k->s->serial, &k->summary, err);
        log_step(k, what, index);
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
        st = try_trial(k, "kept alone", i, &better, err);
        *changed |= better;
    }
    for (size_t i = 0; st == CG_OK && k->cases->count > 1 && i < k->cases->count && !stop(k);) {
        copy_except(k->cases, i, NULL, &k->trial);
        st = try_trial(k, "left out", i, &better, err);
        *changed |= better;
        i += !better;
    }
    return st;
}

/* Case i's valid variants in turn, each one that fails kept: after a
 * success the smaller case's variants are listed and the sweep goes on
 * from the same place in that list (once through, not from the start). */
static cg_status smaller_case(shrinker *k, size_t i, bool *changed, cg_error *err) {
    cg_status st = CG_OK;
    cg_strlist_clear(&k->variants);
    const char *text = cg_strlist_at(k->cases, i);
    k->s->game->shrink_case(text, strlen(text), &k->variants);
    for (size_t v = 0; st == CG_OK && v < k->variants.count && !stop(k);) {
        const char *variant = cg_strlist_at(&k->variants, v);
        bool better = false;
        if (cg_case_valid(k->s->game, variant, k->s->options)) {
            copy_except(k->cases, i, variant, &k->trial);
            st = try_trial(k, "reduced", i, &better, err);
        }
        if (better) { /* the list is the smaller case's now: on from v */
            *changed = true;
            cg_strlist_clear(&k->variants);
            text = cg_strlist_at(k->cases, i);
            k->s->game->shrink_case(text, strlen(text), &k->variants);
        } else {
            v++;
        }
    }
    return st;
}

/* One sweep over every single reduction: each case kept alone or left out,
 * then each case's variants. *changed when one of them still failed. */
static cg_status sweep(shrinker *k, bool *changed, cg_error *err) {
    *changed = false;
    cg_status st = fewer_cases(k, changed, err);
    for (size_t i = 0;
         st == CG_OK && k->s->game->shrink_case != NULL && i < k->cases->count && !stop(k); i++) {
        st = smaller_case(k, i, changed, err);
    }
    return st;
}

/* A greedy sweep takes each reduction that still fails as it comes; the
 * final pass then sweeps again and again until one whole sweep finds no
 * single reduction that still fails: the input is then 1-minimal, whatever
 * the seed and the order the reductions came in. Bounded by the shrinking's
 * time and tries (the result then says it stopped early). */
static cg_status shrink(stress *s, cg_strlist *cases, failure kind, cg_check_result *check,
                        cg_error *err) {
    shrinker k = {s,     kind, cases, CG_STRLIST_INIT, CG_STRLIST_INIT, CG_BUF_INIT,
                  check, 0,    0,     "greedy"};
    double seconds =
        s->options->shrink_seconds > 0 ? s->options->shrink_seconds : CG_DEFAULT_SHRINK_SECONDS;
    k.deadline = cg_seconds() + seconds;
    bool changed = false;
    cg_status st = sweep(&k, &changed, err);
    k.pass = "final";
    changed = true;
    while (st == CG_OK && changed && !stop(&k)) {
        st = sweep(&k, &changed, err);
    }
    s->result->shrink_complete = st == CG_OK && !changed && !stop(&k);
    measure(s->game, cases, &s->result->input_cases, &s->result->input_size);
    cg_strlist_free(&k.trial);
    cg_strlist_free(&k.variants);
    cg_buf_free(&k.summary);
    return st == CG_OK && cg_buf_failed(&s->result->steps)
               ? cg_error_nomem(err, "logging the shrinking's steps")
               : st;
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

/* Draw the cases of run number i (seed options->seed + i) into r. */
static cg_status draw(const stress *s, uint64_t i, run_slot *r, cg_error *err) {
    cg_options drawn = *s->options;
    drawn.seed = s->options->seed + i;
    cg_strlist_clear(&r->cases);
    cg_status st = cg_generate_cases(s->game, &drawn, &r->cases, err);
    return st == CG_OK ? write_input(s, &r->cases, r, err) : st;
}

/* Count the run r of seed number i, drawn with status st: passed, failed
 * (*failed_as its failure, kept), interrupted or an error. *done when the
 * seeds end here. */
static cg_status settle(stress *s, uint64_t i, run_slot *r, cg_status st, failure *failed_as,
                        bool *done, cg_buf *summary, cg_check_result *check, cg_error *err) {
    cg_stress_result *result = s->result;
    failure kind = NONE;
    if (st == CG_OK) {
        st = judge(s, r, &kind, summary, check, err);
    }
    result->runs++;
    *done = true;
    if (st == CG_OK && kind != NONE) {
        result->failed = true;
        result->seed = s->options->seed + i;
        *failed_as = kind;
        return keep_failure(s, r, summary, err);
    }
    if (st == CG_ERR_STOPPED) { /* interrupted while a program ran: what passed stands */
        result->runs--;
        result->stopped = true;
        return CG_OK;
    }
    if (st != CG_OK) {
        return st;
    }
    result->passed++;
    if (s->progress != NULL) {
        s->progress(s->progress_context, result->runs, result->passed, false, 0);
    }
    *done = false;
    return CG_OK;
}

/* No more seeds: options->runs of them done, or should_stop. */
static bool seeds_end(const stress *s, uint64_t i) {
    return (s->options->runs != 0 && i >= s->options->runs) ||
           (s->should_stop != NULL && s->should_stop(s->progress_context));
}

/* The seeds one after another until one fails (*failed_as) or they end. */
static cg_status serial_seeds(stress *s, failure *failed_as, cg_buf *summary,
                              cg_check_result *check, cg_error *err) {
    cg_status st = CG_OK;
    bool done = false;
    for (uint64_t i = 0; st == CG_OK && !done && !seeds_end(s, i); i++) {
        st = draw(s, i, &s->serial, err);
        if (st == CG_OK) {
            run_slot_now(s, &s->serial, 0);
        }
        st = settle(s, i, &s->serial, st, failed_as, &done, summary, check, err);
    }
    return st;
}

/* ---- several runs at once ------------------------------------------------ */

typedef struct parallel {
    stress *s;
    run_slot *slots;  /* run i in slots[i % window] */
    bool *queued;     /* the slot's run was queued (not a failure to draw) */
    cg_status *drawn; /* the status of drawing the slot's input */
    size_t window;    /* runs drawn ahead of the one judged next */
} parallel;

static void work(void *context, unsigned worker, size_t job) {
    parallel *p = context;
    run_slot_now(p->s, &p->slots[job], worker);
}

/* Cancel (on) or re-arm the runs of worker w. */
static void set_cancel(const cg_stress_programs *programs, unsigned worker, bool on) {
    programs->cancel(programs->contexts[worker], on);
    if (programs->reference != NULL) {
        programs->cancel(programs->reference_contexts[worker], on);
    }
}

static void cancel_worker(void *context, unsigned worker) {
    const parallel *p = context;
    set_cancel(p->s->programs, worker, true);
}

/* Draws the runs from *issued up to the window ahead of run i and queues
 * those drawn whole; *drawing turns false when the seeds end. */
static void draw_ahead(parallel *p, cg_job_pool *pool, uint64_t i, uint64_t *issued,
                       bool *drawing) {
    while (*drawing && *issued < i + p->window) {
        *drawing = !seeds_end(p->s, *issued);
        size_t k = (size_t)(*issued % p->window);
        if (*drawing) {
            p->drawn[k] = draw(p->s, *issued, &p->slots[k], &p->slots[k].err);
            p->queued[k] = p->drawn[k] == CG_OK;
            if (p->queued[k]) {
                cg_job_pool_submit(pool, k);
            }
            (*issued)++;
        }
    }
}

/* Stops the pool (cancelling the runs still going when the programs can be
 * cancelled, then re-arming them) and frees the slots. */
static void parallel_stop(parallel *p, cg_job_pool *pool, unsigned jobs) {
    bool cancels = p->s->programs->cancel != NULL;
    cg_job_pool_stop(pool, cancels ? cancel_worker : NULL, p);
    for (unsigned w = 0; pool != NULL && cancels && w < jobs; w++) {
        set_cancel(p->s->programs, w, false);
    }
    for (size_t k = 0; p->slots != NULL && k < p->window; k++) {
        slot_free(&p->slots[k]);
    }
    free(p->slots);
    free(p->queued);
    free(p->drawn);
}

/* The seeds run jobs at once, judged in seed order as serial_seeds judges
 * them: the runs drawn ahead of the one judged next are thrown away when it
 * fails, so a later seed that fails sooner never wins. The failing run's
 * cases are moved to s->serial for shrinking. *threads false: no thread
 * could start (nothing was run). */
static cg_status parallel_seeds(stress *s, unsigned jobs, failure *failed_as, cg_buf *summary,
                                cg_check_result *check, bool *threads, cg_error *err) {
    parallel p = {s, NULL, NULL, NULL, 2 * (size_t)jobs};
    p.slots = calloc(p.window, sizeof *p.slots);
    p.queued = calloc(p.window, sizeof *p.queued);
    p.drawn = calloc(p.window, sizeof *p.drawn);
    cg_job_pool *pool = p.slots != NULL && p.queued != NULL && p.drawn != NULL
                            ? cg_job_pool_start(jobs, p.window, work, &p)
                            : NULL;
    *threads = pool != NULL;
    cg_status st = CG_OK;
    bool done = false, drawing = true;
    uint64_t issued = 0;
    for (uint64_t i = 0; pool != NULL && st == CG_OK && !done; i++) {
        draw_ahead(&p, pool, i, &issued, &drawing);
        if (i == issued) {
            break;
        }
        size_t k = (size_t)(i % p.window);
        if (p.queued[k]) {
            cg_job_pool_wait(pool, k);
        } else {
            *err = p.slots[k].err;
        }
        st = settle(s, i, &p.slots[k], p.drawn[k], failed_as, &done, summary, check, err);
        if (s->result->failed) {
            swap(&s->serial.cases, &p.slots[k].cases);
        }
    }
    parallel_stop(&p, pool, jobs);
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
    if (options == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_stress: a NULL argument");
    }
    void *contexts[] = {run_context}, *reference_contexts[] = {reference_context};
    cg_stress_programs programs = {run, contexts, reference, reference_contexts, NULL};
    cg_options one = *options;
    one.jobs = 1;
    return cg_stress_jobs(game, &one, &programs, should_stop, progress, progress_context, result,
                          err);
}

cg_status cg_stress_jobs(const cg_game *game, const cg_options *options,
                         const cg_stress_programs *programs, bool (*should_stop)(void *context),
                         cg_stress_progress progress, void *progress_context,
                         cg_stress_result *result, cg_error *err) {
    if (game == NULL || options == NULL || programs == NULL || programs->run == NULL ||
        programs->contexts == NULL ||
        (programs->reference != NULL && programs->reference_contexts == NULL) || result == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_stress: a NULL argument");
    }
    if (options->jobs < 0 || options->jobs > CG_STRESS_MAX_JOBS) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_stress: %lld jobs, not 1 to %d",
                            (long long)options->jobs, CG_STRESS_MAX_JOBS);
    }
    stress s;
    memset(&s, 0, sizeof s);
    s.game = game;
    s.options = options;
    s.programs = programs;
    s.should_stop = should_stop;
    s.progress = progress;
    s.progress_context = progress_context;
    s.result = result;
    cg_check_result check;
    cg_check_result_init(&check);
    cg_buf summary = CG_BUF_INIT;
    failure kind = NONE;
    bool threads = false;
    cg_status st = CG_OK;
    if (options->jobs > 1) {
        st = parallel_seeds(&s, (unsigned)options->jobs, &kind, &summary, &check, &threads, err);
    }
    if (!threads) {
        st = serial_seeds(&s, &kind, &summary, &check, err);
    }
    if (st == CG_OK && result->failed) {
        st = shrink(&s, &s.serial.cases, kind, &check, err);
        if (st == CG_ERR_STOPPED) { /* interrupted while shrinking: the smallest so far */
            result->stopped = true;
            st = CG_OK;
        }
        if (st == CG_OK) {
            st = describe(&s, kind, err);
        }
    }
    cg_buf_free(&summary);
    cg_check_result_free(&check);
    slot_free(&s.serial);
    return st;
}
