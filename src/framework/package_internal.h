/* Problem packages: a directory a judge system imports, made from one
 * game's samples, a test plan (plan_internal.h) and cgsolve's own
 * validator and checker, in the layout of Kattis's problem package format
 * (the legacy version), DOMjudge's import of it, or a Polygon package. */
#ifndef CGSOLVE_PACKAGE_H
#define CGSOLVE_PACKAGE_H

#include <stddef.h>

#include "core/options_internal.h"
#include "framework/game_internal.h"
#include "framework/plan_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What `package` knows of one game's problem beyond the game itself. */
typedef struct cg_problem {
    const char *game;          /* the game's name */
    const char *title;         /* the problem's title, e.g. "Treblecross" */
    const char *sample_input;  /* the statement's sample input, byte for byte */
    const char *sample_answer; /* and its output, byte for byte */
    const char *plan;          /* the default test plan (small, random, maximal, hard) */
} cg_problem;

/* The problem of the game called name, or NULL (src/games/problems.c). */
const cg_problem *cg_find_problem(const char *name);

/* The layouts, in the order of --system's choices. */
typedef enum cg_package_format {
    CG_PACKAGE_KATTIS,
    CG_PACKAGE_DOMJUDGE,
    CG_PACKAGE_POLYGON,
} cg_package_format;

/* The options only `package` takes (--system, --plan, --time-limit,
 * --judge-memory). */
extern const cg_option_spec cg_package_options[];

/* The list of files `package` keeps in the package (cg_file_tree_write). */
#define CG_PACKAGE_MANIFEST ".cgsolve-package"

/* Write the package of game's problem into dir (made when missing; its
 * parent must exist) in options->package_format: the samples, the tests of
 * plan (whose text is written into the package too) with cgsolve's
 * answers, the validator and checker scripts (which call an installed
 * `cgsolve`), the limits (options->time_limit, options->judge_memory) and
 * the metadata file. Every file is made first (counted in options'
 * --memory), then written by cg_file_tree_write with the list
 * CG_PACKAGE_MANIFEST: the files an earlier package wrote there that this
 * one does not (another layout's, a longer plan's tests) are removed, and a
 * failure before the writing leaves dir as it was. CG_ERR_USAGE for a
 * layout out of range, CG_ERR_IO for a file or directory that cannot be
 * written, CG_ERR_INTERNAL when cgsolve's answer to the sample is not the
 * statement's; the errors of cg_plan_add_tests. */
cg_status cg_write_package(const cg_game *game, const cg_problem *problem, const cg_plan *plan,
                           const cg_options *options, const char *dir, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
