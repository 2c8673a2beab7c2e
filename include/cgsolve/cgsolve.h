/* cgsolve: exact solvers for two-player combinatorial games.
 *
 * The umbrella header: the game registry, the runner that reads a judge
 * input and writes the answers in the chosen output mode, and the play loop.
 * Individual solvers are usable directly through the headers in
 * cgsolve/games/. */
#ifndef CGSOLVE_CGSOLVE_H
#define CGSOLVE_CGSOLVE_H

#include <stdint.h>
#include <stdio.h>

#include "cgsolve/game.h"
#include "cgsolve/options.h"
#include "cgsolve/play.h"
#include "cgsolve/scanner.h"
#include "cgsolve/status.h"
#include "cgsolve/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the library, CGSOLVE_VERSION of the build ("0.2.0"). */
const char *cg_version(void);

/* Solve every case of one input and write the answers to out as each case is
 * solved, so answers before a bad case are already written when an error is
 * returned. The stream is flushed before returning. Memory for the run's
 * tables and explanations is bounded by options->memory_limit (or the game's
 * own default when the option was not given).
 *
 * *answered (may be NULL) counts the answers already written to out, by
 * earlier inputs, and is updated: the judge's separator goes between answers
 * across inputs too. Case numbers start from 1 in each input. */
cg_status cg_run(const cg_game *game, cg_scanner *in, const cg_options *options, FILE *out,
                 uint64_t *answered, cg_error *err);

/* Called for each solved case: its number, the judge's answer for it
 * (separators excluded) and, unless options->output is CG_OUTPUT_JUDGE, its
 * analysis. A status other than CG_OK stops the run with it. */
typedef cg_status (*cg_case_callback)(void *context, uint64_t number, const char *answer,
                                      size_t len, const cg_report *analysis, cg_error *err);

/* Solve every case of one input like cg_run, handing each case to
 * each_case instead of writing it. */
cg_status cg_run_each(const cg_game *game, cg_scanner *in, const cg_options *options,
                      cg_case_callback each_case, void *context, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
