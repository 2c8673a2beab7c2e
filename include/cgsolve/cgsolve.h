/* cgsolve: exact solvers for two-player combinatorial games.
 *
 * The umbrella header: the game registry and the runner that reads a judge
 * input and writes the answers in the chosen output mode. Individual solvers
 * are usable directly through the headers in cgsolve/games/. */
#ifndef CGSOLVE_CGSOLVE_H
#define CGSOLVE_CGSOLVE_H

#include <stdio.h>

#include "cgsolve/game.h"
#include "cgsolve/scanner.h"
#include "cgsolve/status.h"

#define CGSOLVE_VERSION "0.1.0"

/* The registered games, in the order `cgsolve list` shows them, NULL-terminated. */
const cg_game *const *cg_games(void);

/* The game registered under name, or NULL. */
const cg_game *cg_find_game(const char *name);

/* Solve every case of one input and write the answers to out as each case is
 * solved, so answers before a bad case are already written when an error is
 * returned. The stream is flushed before returning. */
cg_status cg_run(const cg_game *game, cg_scanner *in, const cg_options *options, FILE *out,
                 cg_error *err);

#endif
