/* Test plans: a file of generator lines, one a test, as testlib's generator
 * scripts are used. Each line holds gen's options for one judge input and
 * its seed (`--cases 5 --hard --seed 3`); '#' starts a comment to the end of
 * the line, and blank lines are ignored. A plan is written once and makes
 * the same test files, byte for byte, on every machine: `gen --plan` writes
 * a test directory from one, `package` writes one into the package it
 * makes and draws the package's tests from it. */
#ifndef CGSOLVE_PLAN_H
#define CGSOLVE_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/buf_internal.h"
#include "core/dir_internal.h"
#include "core/options_internal.h"
#include "framework/game_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The options only `gen` takes (--plan, --out). */
extern const cg_option_spec cg_gen_plan_options[];

/* One test of a plan: the options its input is drawn with. */
typedef struct cg_plan_test {
    cg_options options;   /* the base options with the line's gen options */
    uint64_t line_number; /* in the plan, from 1 */
    size_t start, len;    /* the line's options in the plan's text, comment and
                             surrounding white space left out */
} cg_plan_test;

typedef struct cg_plan {
    cg_buf name; /* what names the plan in messages */
    cg_buf text; /* the plan as written (the file's bytes) */
    char *words; /* a copy of text cut into words: the text options point here */
    cg_plan_test *tests;
    size_t count;
} cg_plan;

#define CG_PLAN_INIT                                                                               \
    { CG_BUF_INIT, CG_BUF_INIT, NULL, NULL, 0 }

void cg_plan_free(cg_plan *plan);

/* Read the plan text[0..len) (name names it in messages) for game: each
 * line's options are those of cg_gen_common_options and game->gen_options
 * (`--name VALUE`, `--name=VALUE`, `-x VALUE`), applied to base with every
 * generator option first reset to its default. Every line must give
 * --seed. CG_ERR_INPUT "NAME:LINE:COLUMN: ..." saying what was expected for
 * a bad line (an unknown option, a missing or bad value, a line without a
 * seed, a plan without a test), CG_ERR_NOMEM. */
cg_status cg_plan_parse(const cg_game *game, const cg_options *base, const char *text, size_t len,
                        const char *name, cg_plan *plan, cg_error *err);

/* The same for the file at path, read whole (at most 1 MiB). */
cg_status cg_plan_read(const cg_game *game, const cg_options *base, const char *path, cg_plan *plan,
                       cg_error *err);

/* Where a plan's tests go in a cg_file_tree: DIR/NUMBER SUFFIX, numbers
 * from first, with at least two digits (more when the last test needs
 * them). */
typedef struct cg_test_names {
    const char *dir;           /* the tests' folder in the tree ("": its top) */
    uint64_t first;            /* the first test's number */
    uint64_t last;             /* the last number any test of the set has */
    const char *input_suffix;  /* ".in" (Kattis), "" (Polygon) */
    const char *answer_suffix; /* ".ans" (Kattis), ".a" (Polygon) */
} cg_test_names;

/* The list of files `gen --plan` keeps in its directory (cg_file_tree_write). */
#define CG_PLAN_MANIFEST ".cgsolve-tests"

/* The name of test number in names into out[CG_PATH_SIZE] (answer: the
 * answer file's, else the input's). */
cg_status cg_test_path(const cg_test_names *names, uint64_t number, bool answer, char *out,
                       cg_error *err);

/* cgsolve's answer to the judge input data[0..len) (name names it in
 * messages): game's judge output, as `cgsolve GAME < input` writes it,
 * solved under options' memory, appended to answer. The answer's bytes are
 * reserved in budget (may be NULL), and stay reserved on success: the
 * caller gives them back (as many as answer grew) when it frees answer. */
cg_status cg_solve_input(const cg_game *game, const cg_options *options, const char *data,
                         size_t len, const char *name, cg_budget *budget, cg_buf *answer,
                         cg_error *err);

/* Every test of plan added to tree: test k (from 0) is number
 * names->first + k, its input drawn as `cgsolve gen` draws it with the
 * test's options, its answer cgsolve's (game's judge output, as `cgsolve
 * GAME < input` writes it). A generator's refusal is CG_ERR_INPUT named by
 * the plan's line; the errors of solving and of cg_file_tree_add. */
cg_status cg_plan_add_tests(const cg_game *game, const cg_plan *plan, const cg_test_names *names,
                            cg_file_tree *tree, cg_error *err);

/* `gen --plan`: every test of plan drawn and solved first (their bytes
 * counted in base's --memory), then written into dir as NN.in and NN.ans
 * by cg_file_tree_write with the list CG_PLAN_MANIFEST: the tests an
 * earlier plan wrote there that this one does not are removed, files of
 * other names stay. A failure before the writing leaves dir as it was. */
cg_status cg_plan_write_tests(const cg_game *game, const cg_options *base, const cg_plan *plan,
                              const char *dir, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
