/* Running a program with a time limit (for `cgsolve stress`). */
#ifndef CGSOLVE_CLI_PROCESS_H
#define CGSOLVE_CLI_PROCESS_H

#include <stdatomic.h>

#include "framework/testdata_internal.h"

typedef struct program {
    char **argv;         /* NULL-terminated; argv[0] is looked up in PATH */
    double time_limit;   /* seconds from start to exit */
    size_t output_limit; /* bytes of output kept; more is a failed run */
    size_t memory_limit; /* its address space (RLIMIT_AS), bytes; 0: none */
    atomic_bool cancel;  /* set from another thread: end the run as if interrupted */
} program;

/* Once, before the first run: standard descriptors 0..2 opened on
 * /dev/null where closed, SIGPIPE ignored here (reset in each child), and
 * this process made a subreaper for the programs' orphans where possible. */
void cli_prepare_running(void);

/* A cg_program_runner: run the program (a `program *` context) on input.
 * A program that cannot be started is CG_ERR_USAGE (not found, not
 * executable) or CG_ERR_IO; an interrupt (or p->cancel) while it runs is
 * CG_ERR_STOPPED. Whatever the run's end, nothing of its process group is
 * left after it. Several threads may run programs at once, each with its
 * own context: a run's end kills and reaps only what is its own. */
cg_status cli_run_program(void *context, const char *input, size_t len, cg_buf *output,
                          cg_run_outcome *outcome, cg_buf *how, cg_error *err);

/* A cancel for cg_stress_programs: sets or clears the program's cancel. */
void cli_cancel_program(void *context, bool on);

#endif
