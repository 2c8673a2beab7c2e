/* Contest tools: generating judge inputs, judging an output, and
 * stress-testing a program down to a minimal failing input.
 *
 * The library holds the logic; running the user's program is the caller's
 * (cg_stress takes it as a callback), so the library stays free of
 * processes and printing. */
#ifndef CGSOLVE_TESTDATA_H
#define CGSOLVE_TESTDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgsolve/cgsolve.h"
#include "core/buf_internal.h"
#include "core/strlist_internal.h"
#include "framework/game_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The options `gen` and `stress` take for every game (--cases, --seed,
 * --hard, --edge), NULL-name ended; each game adds its gen_options. */
extern const cg_option_spec cg_gen_common_options[];
/* The options only `stress` takes (--time-limit, --runs, --seconds, --save). */
extern const cg_option_spec cg_stress_options[];

/* Draw the cases of one judge input from options->seed (the same bytes on
 * every machine): options->cases of them (or the game's default of 10),
 * each into cases. */
cg_status cg_generate_cases(const cg_game *game, const cg_options *options, cg_strlist *cases,
                            cg_error *err);

/* For generators: CG_ERR_USAGE naming the limit when value (of what, e.g.
 * "--nodes") is above the problem's limit and options->beyond_limits is
 * not set. */
cg_status cg_gen_within(const cg_options *options, const char *what, uint64_t value, uint64_t limit,
                        const char *problem, cg_error *err);

/* Receives a judge input piece by piece (the count, then one case after
 * another with its line end, then any closing 0). An error stops the
 * generation and is returned. */
typedef cg_status (*cg_case_sink)(void *context, const char *text, size_t len, cg_error *err);

/* The same input as cg_generate_cases and cg_write_judge_input give, handed
 * to sink as it is drawn: only one case is held at a time, and its text
 * must fit in options->memory_limit (CG_ERR_LIMIT otherwise). */
cg_status cg_generate_input(const cg_game *game, const cg_options *options, cg_case_sink sink,
                            void *context, cg_error *err);

/* Write cases as one judge input: the count first, or the closing 0. */
void cg_write_judge_input(const cg_game *game, const cg_strlist *cases, cg_buf *out);

/* Whether one case's text is valid input for the game (its reader accepts
 * it whole). */
bool cg_case_valid(const cg_game *game, const char *text, const cg_options *options);

/* ---- judging an output ------------------------------------------------ */

/* The options only `check` takes (--checker). */
extern const cg_option_spec cg_check_options[];
/* testlib's --testset and --group, which Polygon and Codeforces pass to a
 * checker and a validator: `check` and `validate` accept them. */
extern const cg_option_spec cg_testlib_options[];
/* The options only `validate` takes (--validator, testlib's
 * --testOverviewLogFileName). */
extern const cg_option_spec cg_validate_options[];

typedef struct cg_check_result {
    cg_verdict verdict;
    uint64_t cases;        /* in the judge input */
    uint64_t case_number;  /* the case a wrong answer or presentation error is in */
    uint64_t line, column; /* presentation error: the first differing place in the output */
    cg_buf summary;        /* the verdict's first line, e.g. "wrong answer: case 3" */
    cg_buf expected;       /* the expected answer of that case */
    cg_buf given;          /* what the output has there */
    cg_buf explanation;    /* why the expected answer holds (YAML, indented) */
} cg_check_result;

void cg_check_result_init(cg_check_result *result);
void cg_check_result_free(cg_check_result *result);

/* Judge output (output_len bytes) as the answer to the judge input in, for
 * game. The same tokens with different white space or blank lines is a
 * presentation error naming the first differing place; otherwise the first
 * case whose tokens differ (or that is missing, or extra text) is a wrong
 * answer. Errors (CG_ERR_INPUT for a bad judge input) are the judge input's;
 * an output is never an error. */
cg_status cg_check(const cg_game *game, cg_scanner *in, const char *output, size_t output_len,
                   const cg_options *options, cg_check_result *result, cg_error *err);

/* ---- stress testing ---------------------------------------------------- */

typedef enum cg_run_outcome {
    CG_RUN_FINISHED, /* exited 0: its output is judged */
    CG_RUN_CRASHED,  /* exited non-zero or by a signal */
    CG_RUN_TIMED_OUT,
} cg_run_outcome;

/* Runs the program on input: its output (bounded by the caller) in output,
 * how it ended, and in how a short description ("exit status 3", "signal
 * 11") on its first line, optionally followed by what the program wrote on
 * its standard error (bounded). */
typedef cg_status (*cg_program_runner)(void *context, const char *input, size_t len, cg_buf *output,
                                       cg_run_outcome *outcome, cg_buf *how, cg_error *err);

/* Told of progress: runs done, inputs passed, and, while shrinking, the
 * failing input's size. May be NULL. */
typedef void (*cg_stress_progress)(void *context, uint64_t runs, uint64_t passed, bool shrinking,
                                   size_t input_bytes);

typedef struct cg_stress_result {
    bool failed;            /* a failing input was found */
    uint64_t runs, passed;  /* inputs tried and passed before it */
    uint64_t seed;          /* the seed that drew the failing input */
    cg_run_outcome outcome; /* how the program failed */
    cg_buf failure;         /* e.g. "wrong answer: case 1", "crash: signal 11", "time-out" */
    cg_buf input;           /* the minimal failing input (a judge input) */
    cg_buf expected;        /* cgsolve's output for it */
    cg_buf given;           /* the program's output for it */
    cg_buf explanation;     /* why the expected answer holds */
    uint64_t shrink_steps;  /* smaller inputs accepted while shrinking */
    bool shrink_complete;   /* 1-minimal: no single reduction fails any more (below) */
    bool stopped;           /* should_stop or the runner (CG_ERR_STOPPED) ended the run */
    cg_buf program_stderr;  /* what the program wrote on stderr in the failing run (bounded) */
    cg_buf reference_given; /* cg_stress_against: the reference's output for the input */
    /* The shrunk input's size: its cases and the sum of the game's
     * case_size over them (0 without one); steps logs each shrinking step,
     * one line each: "3. final pass: case 1 reduced: 1 case, 2 cells (9
     * bytes)". shrink_complete means 1-minimal: no single reduction of the
     * input (a case kept alone or left out, a variant of a case from the
     * game's shrink_case) still fails the same way. */
    uint64_t input_cases, input_size;
    cg_buf steps;
} cg_stress_result;

/* Seconds shrinking may take when options->shrink_seconds is 0. */
#define CG_DEFAULT_SHRINK_SECONDS 60.0

void cg_stress_result_init(cg_stress_result *result);
void cg_stress_result_free(cg_stress_result *result);

/* Run the program on inputs drawn from options->seed, options->seed + 1, ...
 * until one fails (a wrong answer, a crash or a time-out), options->runs
 * inputs pass, or should_stop (given progress_context) says so (time, an
 * interrupt; a runner returning CG_ERR_STOPPED ends it the same way, with
 * result->stopped). Then shrink the failing input: fewer cases, then
 * smaller cases, keeping every candidate valid and failing the same way,
 * in one greedy sweep and then a final pass of sweeps until one finds no
 * single reduction that still fails (1-minimal; options->shrink_seconds
 * or an interrupt may end it first, with the smallest failure so far). A
 * failure to allocate is an error, never a verdict. */
cg_status cg_stress(const cg_game *game, const cg_options *options, cg_program_runner run,
                    void *run_context, bool (*should_stop)(void *context),
                    cg_stress_progress progress, void *progress_context, cg_stress_result *result,
                    cg_error *err);

/* The same, comparing the program with a reference program of the user's
 * (a brute force), both run on every input under the same limits and both
 * judged by cgsolve: a failure is either of them wrong, and result->failure
 * says which ("the program is wrong (the reference is right): ...", "the
 * reference is wrong ...", "both are wrong: ..."); shrinking keeps both
 * failing as they did. */
cg_status cg_stress_against(const cg_game *game, const cg_options *options, cg_program_runner run,
                            void *run_context, cg_program_runner reference, void *reference_context,
                            bool (*should_stop)(void *context), cg_stress_progress progress,
                            void *progress_context, cg_stress_result *result, cg_error *err);

/* Most programs cg_stress_jobs runs at once (--jobs). */
#define CG_STRESS_MAX_JOBS 64

/* The programs of cg_stress_jobs: options->jobs runs at once (0 or 1: one
 * at a time), so one context per run at once: contexts[w] (and
 * reference_contexts[w]) serve only the runs of worker w, one after
 * another. Shrinking runs in contexts[0]. */
typedef struct cg_stress_programs {
    cg_program_runner run;
    void *const *contexts;
    cg_program_runner reference; /* or NULL: no reference program */
    void *const *reference_contexts;
    /* Optional: on true, the run in context now (or its next) is no longer
     * needed and should end soon with CG_ERR_STOPPED; on false, runs in
     * context are needed again. Called from the caller's thread. */
    void (*cancel)(void *context, bool on);
} cg_stress_programs;

/* cg_stress_against with options->jobs runs at once (the runners are then
 * called from that many threads, each with its own context): the same
 * verdict, the same minimal input and the same result as one run at a time
 * for the same seeds. The runs are judged in seed order, and the runs of
 * later seeds are thrown away (cancelled) once one fails, so a later seed
 * that fails sooner never wins; shrinking runs one candidate at a time.
 * should_stop and progress are called from the caller's thread only. Where
 * no thread can start, the runs are made one at a time. */
cg_status cg_stress_jobs(const cg_game *game, const cg_options *options,
                         const cg_stress_programs *programs, bool (*should_stop)(void *context),
                         cg_stress_progress progress, void *progress_context,
                         cg_stress_result *result, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
