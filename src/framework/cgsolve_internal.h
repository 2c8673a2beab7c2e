/* The library's side of cgsolve.h: the public API plus what the front ends
 * built in this tree (the CLI, the web page, the Python extension, the
 * tests) wire by hand: the game registry, the options, the scanner, the
 * runner, play and the contest tools. None of it is installed or exported. */
#ifndef CGSOLVE_CGSOLVE_INTERNAL_H
#define CGSOLVE_CGSOLVE_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "cgsolve/cgsolve.h"
#include "core/options_internal.h"
#include "core/scanner_internal.h"
#include "core/status_internal.h"
#include "framework/game_internal.h"
#include "framework/option_tables_internal.h"
#include "framework/play_internal.h"
#include "framework/testdata_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* play's own options (first, case, random, seed), NULL-name ended. */
extern const cg_option_spec cg_play_options[];

#ifdef __cplusplus
}
#endif

#endif
