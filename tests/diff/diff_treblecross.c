/* Differential test: the Sprague–Grundy Treblecross solver against a plain
 * game-tree search and against a rescanning solver, on seeded random boards.
 * Prints "N passed, M failed" and exits non-zero on any disagreement. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/treblecross_internal.h"
#include "ref_rng.h"
#include "ref_treblecross.h"

#define GAME_TREE_BOARDS 6000
#define RESCAN_BOARDS 2000

static bool random_board(ref_rng *rng, char *board, size_t len) {
    unsigned density = (unsigned)ref_rng_below(rng, 5); /* 0%..40% X */
    for (size_t i = 0; i < len; i++) {
        board[i] = ref_rng_below(rng, 10) < density * 2 ? 'X' : '.';
    }
    board[len] = '\0';
    size_t offset;
    const char *reason;
    return cg_treblecross_valid(board, len, &offset, &reason);
}

/* Compare the fast answer with a reference vector of winning cells. */
static bool agrees(const cg_treblecross_result *r, bool winning, const bool *win, size_t len) {
    if (r->winning != winning) {
        return false;
    }
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (win[i]) {
            if (k >= r->move_count || r->moves[k] != i) {
                return false;
            }
            k++;
        }
    }
    return k == r->move_count;
}

int main(void) {
    ref_rng rng = {20261130};
    cg_treblecross_solver solver;
    cg_treblecross_init(&solver, NULL);
    char board[512];
    bool win[512];
    unsigned passed = 0, failed = 0;
    for (unsigned t = 0; t < GAME_TREE_BOARDS;) {
        size_t len = 3 + (size_t)ref_rng_below(&rng, REF_TREBLECROSS_MAX_CELLS - 5);
        if (!random_board(&rng, board, len)) {
            continue;
        }
        t++;
        bool ok;
        bool winning = ref_treblecross_game_tree(board, len, win, &ok);
        if (!ok || cg_treblecross_solve(&solver, board, len, NULL) != CG_OK ||
            !agrees(&solver.result, winning, win, len)) {
            fprintf(stderr, "game tree disagrees on %s\n", board);
            failed++;
        } else {
            passed++;
        }
    }
    /* Longer boards: the rescanning solver recomputes every nim-sum. */
    cg_error err;
    if (cg_octal_engine_extend(&solver.grundy, 512, &err) != CG_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    unsigned long long grundy[520];
    for (size_t n = 0; n < 515; n++) {
        grundy[n] = cg_octal_engine_at(&solver.grundy, n);
    }
    for (unsigned t = 0; t < RESCAN_BOARDS;) {
        size_t len = 3 + (size_t)ref_rng_below(&rng, 300);
        if (!random_board(&rng, board, len)) {
            continue;
        }
        t++;
        bool winning = ref_treblecross_rescan(board, len, grundy, win);
        if (cg_treblecross_solve(&solver, board, len, NULL) != CG_OK ||
            !agrees(&solver.result, winning, win, len)) {
            fprintf(stderr, "rescan disagrees on %s\n", board);
            failed++;
        } else {
            passed++;
        }
    }
    cg_treblecross_free(&solver);
    printf("diff_treblecross: %u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
