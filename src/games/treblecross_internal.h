/* Treblecross (UVa 10561): players alternately put an X on an empty cell of
 * a row; the first to make three X in a row wins.
 *
 * Solver: a move next to an X (distance <= 2) lets the opponent complete a
 * triple, so unless a triple can be completed at once, the cells at distance
 * >= 3 from every X form independent free stretches. A stretch of L cells is
 * the octal game 0.007 on a heap of L + 2: placing at position i of the
 * stretch leaves stretches of max(0, i-3) and max(0, L-i-2). */
#ifndef CGSOLVE_GAMES_TREBLECROSS_H
#define CGSOLVE_GAMES_TREBLECROSS_H

#include <stdbool.h>
#include <stddef.h>

#include "framework/game_internal.h"
#include "octal/octal_engine_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cg_game cg_game_treblecross;

/* Test data (its cg_game's gen_options, generate_case, shrink_case). */
extern const cg_option_spec cg_treblecross_gen_options[];
cg_status cg_treblecross_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                       cg_buf *out, cg_error *err);
void cg_treblecross_shrink_case(const char *text, size_t len, cg_strlist *candidates);
uint64_t cg_treblecross_case_size(const char *text, size_t len);
/* The judge's limits (for help) and a strict validator of its input. */
extern const char cg_treblecross_judge_limits[];
cg_status cg_treblecross_validate_input(struct cg_validator *v);

/* The game's play part (its cg_game's .play). */
extern const cg_play_rules cg_treblecross_play;

/* A maximal run of free cells (empty, at distance >= 3 from every X). */
typedef struct cg_treblecross_stretch {
    size_t start; /* first cell, 0-based */
    size_t length;
    cg_nimber grundy;
} cg_treblecross_stretch;

typedef struct cg_treblecross_result {
    bool winning;   /* the player to move wins */
    bool immediate; /* some move completes three in a row */
    size_t *moves;  /* winning cells, 0-based, ascending */
    size_t move_count;
    cg_treblecross_stretch *stretches; /* only when !immediate */
    size_t stretch_count;
    cg_nimber nim_sum; /* of all stretches, only when !immediate */
    size_t moves_cap;
    size_t stretches_cap;
} cg_treblecross_result;

/* A solver keeps the Grundy sequence of 0.007 between boards in the octal
 * engine, extending it only as far as the longest stretch seen. */
typedef struct cg_treblecross_solver {
    cg_octal_engine grundy;
    cg_treblecross_result result;
} cg_treblecross_solver;

/* The Grundy table is counted in budget (NULL: unlimited). */
void cg_treblecross_init(cg_treblecross_solver *solver, cg_budget *budget);

/* Share the scans of long stretches' values among threads (1, the
 * default: none). */
void cg_treblecross_set_threads(cg_treblecross_solver *solver, unsigned threads);

/* Start the Grundy table from a checkpoint of 0.007 written by `cgsolve
 * grundy 0.007 --checkpoint FILE` (values past it are still computed). A
 * missing, damaged or other game's file is an error naming it. Call before
 * solving. */
cg_status cg_treblecross_load_table(cg_treblecross_solver *solver, const char *path, cg_error *err);
void cg_treblecross_free(cg_treblecross_solver *solver);

/* Check a board: only '.' and 'X', at least 3 cells, no XXX. On failure
 * returns false with *offset the 0-based position to blame and *reason a
 * constant description. */
bool cg_treblecross_valid(const char *board, size_t len, size_t *offset, const char **reason);

/* Read one board token and validate it, with errors at the offending
 * character. *board (capacity *capacity, both the caller's) receives it,
 * NUL-terminated, and *len its length. */
cg_status cg_treblecross_read_board(cg_scanner *in, char **board, size_t *len, size_t *capacity,
                                    cg_error *err);

/* Solve a board; the answer is in solver->result until the next call. A
 * board cg_treblecross_valid refuses is CG_ERR_INPUT naming the cell. */
cg_status cg_treblecross_solve(cg_treblecross_solver *solver, const char *board, size_t len,
                               cg_error *err);

/* What an X at position (1-based) of a free stretch of length cells leaves:
 * the cells next to it and next to those are no longer free, so the free
 * stretches max(0, position - 3) to its left and max(0, length - position - 2)
 * to its right. */
typedef struct cg_treblecross_split {
    size_t left, right;
} cg_treblecross_split;
cg_treblecross_split cg_treblecross_split_at(size_t length, size_t position);

/* The Grundy value of a free stretch of length L: G_{0.007}(L + 2). The
 * sequence must already cover L + 2. */
cg_nimber cg_treblecross_stretch_value(const cg_treblecross_solver *solver, size_t length);

#ifdef __cplusplus
}
#endif

#endif
