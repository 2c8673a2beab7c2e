/* The drivers of `gen --plan` and `package` (package.c). */
#ifndef CGSOLVE_CLI_PACKAGE_H
#define CGSOLVE_CLI_PACKAGE_H

#include "cli.h"

/* gen --plan FILE --out DIR: the plan's tests, NN.in with NN.ans. */
int cli_run_gen_plan(cli *c);

/* package GAME DIR --system SYSTEM: a problem package. */
int cli_run_package(cli *c);

#endif
