/* Running a program with a time limit (for `cgsolve stress`). */
#ifndef CGSOLVE_CLI_PROCESS_H
#define CGSOLVE_CLI_PROCESS_H

#include "cgsolve/testdata.h"

typedef struct program {
    char **argv; /* NULL-terminated; argv[0] is looked up in PATH */
    double time_limit;
} program;

/* A cg_program_runner: run the program (a `program *` context) on input. */
cg_status cli_run_program(void *context, const char *input, size_t len, cg_buf *output,
                          cg_run_outcome *outcome, cg_buf *how, cg_error *err);

#endif
