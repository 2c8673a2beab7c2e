/* Differential test: the O(N^2) PATH solver against the naive O(N^4)
 * place-and-flood-fill solver on seeded random boards, N = 1..8, with
 * densities from nearly empty to nearly full; every winning chain the solver
 * reports is checked to be a real side-to-side chain. */
#include <stdbool.h>
#include <stdio.h>

#include "games/path_internal.h"
#include "ref_path.h"
#include "ref_rng.h"

#define BOARDS 20000

/* The chain joins the right sides through 4-adjacent cells of the winner's
 * colour (the winning cell counting as one). */
static bool chain_valid(const cg_path_result *r, const char *cells, size_t n) {
    if (r->verdict == CG_PATH_NONE) {
        return r->chain_length == 0;
    }
    bool white = r->verdict == CG_PATH_WHITE_CONNECTED || r->verdict == CG_PATH_WHITE_IN_ONE;
    char colour = white ? 'W' : 'B';
    for (size_t i = 0; i < r->chain_length; i++) {
        size_t c = r->chain[i];
        if (cells[c] != colour && c != r->winning_cell) {
            return false;
        }
        if (i > 0) {
            size_t p = r->chain[i - 1];
            size_t dr = p / n > c / n ? p / n - c / n : c / n - p / n;
            size_t dc = p % n > c % n ? p % n - c % n : c % n - p % n;
            if (dr + dc != 1) {
                return false;
            }
        }
    }
    size_t first = r->chain[0], last = r->chain[r->chain_length - 1];
    return white ? first % n == 0 && last % n == n - 1 : first / n == 0 && last / n == n - 1;
}

int main(void) {
    ref_rng rng = {601};
    cg_path_solver solver;
    cg_path_init(&solver, NULL);
    unsigned passed = 0, failed = 0;
    unsigned seen[5] = {0};
    char cells[64];
    for (unsigned t = 0; t < BOARDS; t++) {
        size_t n = 1 + (size_t)ref_rng_below(&rng, 8);
        unsigned empty = (unsigned)ref_rng_below(&rng, 101); /* percent of U */
        unsigned white = (unsigned)ref_rng_below(&rng, 101); /* percent of stones that are W */
        for (size_t c = 0; c < n * n; c++) {
            if (ref_rng_below(&rng, 100) < empty) {
                cells[c] = 'U';
            } else {
                cells[c] = ref_rng_below(&rng, 100) < white ? 'W' : 'B';
            }
        }
        int expected = ref_path_verdict(cells, n);
        if (expected >= 0) {
            seen[expected]++;
        }
        bool agree = cg_path_solve(&solver, cells, n, true, NULL) == CG_OK &&
                     (int)solver.result.verdict == expected &&
                     chain_valid(&solver.result, cells, n);
        if (agree) {
            passed++;
        } else {
            fprintf(stderr, "disagreement on a %zux%zu board: %.*s (expected %d, got %d)\n", n, n,
                    (int)(n * n), cells, expected, (int)solver.result.verdict);
            failed++;
        }
    }
    cg_path_free(&solver);
    printf("verdicts seen: white path %u, black path %u, white in one %u, black in one %u, "
           "none %u\n",
           seen[0], seen[1], seen[2], seen[3], seen[4]);
    /* Every verdict must have been exercised for the comparison to mean much. */
    for (int v = 0; v < 5; v++) {
        failed += seen[v] < 100;
    }
    printf("diff_path: %u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
