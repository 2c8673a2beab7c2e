/* Differential test for domino: the pruned depth-first search against plain
 * recursion over every play sequence, on seeded random deals of every hand
 * size the recursion finishes quickly (n = 1..8), against breadth-first search
 * without pruning for n = 9..10, plus the published solution's
 * failure case; every winning line is replayed by the independent referee,
 * and --optimal is compared with plain minimax. */
#include <stdio.h>
#include <string.h>

#include "games/domino_internal.h"
#include "ref_domino.h"
#include "ref_rng.h"

#define DEALS 4000

static bool check(cg_domino_solver *solver, const cg_domino_deal *deal, bool optimal) {
    bool expected[2];
    ref_domino_can_win(deal, expected);
    if (cg_domino_solve(solver, deal, true, optimal, NULL) != CG_OK) {
        return false;
    }
    for (int p = 0; p < 2; p++) {
        if (solver->result.can_win[p] != expected[p]) {
            return false;
        }
        const char *why;
        if (expected[p] && !ref_domino_referee(deal, &solver->result.line[p], p, &why)) {
            fprintf(stderr, "referee: %s\n", why);
            return false;
        }
    }
    if (optimal) {
        int who = ref_domino_optimal(deal);
        cg_outcome want = who == 0 ? CG_OUTCOME_WIN : who == 1 ? CG_OUTCOME_LOSS : CG_OUTCOME_DRAW;
        if (solver->result.optimal != want) {
            return false;
        }
    }
    return true;
}

int main(void) {
    cg_domino_solver solver;
    cg_domino_init(&solver, NULL);
    unsigned passed = 0, failed = 0;
    unsigned answers[4] = {0};
    /* The published solution's counterexample: both players can win. */
    cg_domino_deal trap = {2, {{{2, 5}, {5, 4}}, {{5, 5}, {2, 6}}}};
    if (check(&solver, &trap, true) && solver.result.can_win[0] && solver.result.can_win[1]) {
        passed++;
    } else {
        fprintf(stderr, "the trap deal 2 2 5 5 4 5 5 2 6 is wrong\n");
        failed++;
    }
    ref_rng rng = {742};
    for (unsigned t = 0; t < DEALS; t++) {
        int n = 1 + (int)(t % 8);
        cg_domino_deal deal;
        ref_domino_random_deal(&rng, n, &deal);
        if (check(&solver, &deal, n <= 5)) {
            passed++;
            answers[solver.result.can_win[0] * 2 + solver.result.can_win[1]]++;
        } else {
            fprintf(stderr, "disagreement on a deal with n = %d:", n);
            for (int i = 0; i < 2 * n; i++) {
                fprintf(stderr, " %d %d", deal.tiles[i / n][i % n][0], deal.tiles[i / n][i % n][1]);
            }
            fprintf(stderr, "\n");
            failed++;
        }
    }
    /* Larger hands: against breadth-first search without pruning. */
    for (unsigned t = 0; t < 60; t++) {
        int n = 9 + (int)(t % 2);
        cg_domino_deal deal;
        ref_domino_random_deal(&rng, n, &deal);
        size_t states;
        unsigned expected = ref_domino_bfs(&deal, &states);
        bool ok = cg_domino_solve(&solver, &deal, false, false, NULL) == CG_OK &&
                  expected ==
                      ((solver.result.can_win[0] ? 1u : 0u) | (solver.result.can_win[1] ? 2u : 0u));
        if (ok) {
            passed++;
        } else {
            fprintf(stderr, "breadth-first search disagrees on a deal with n = %d\n", n);
            failed++;
        }
    }
    printf("answers seen: none %u, only Green %u, only Red %u, both %u\n", answers[0], answers[1],
           answers[2], answers[3]);
    for (int a = 0; a < 4; a++) {
        failed += answers[a] < 20; /* every answer must be exercised */
    }
    cg_domino_free(&solver);
    printf("diff_domino: %u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
