/* PATH benchmark: the O(N^2) solver against the naive place-and-flood-fill
 * reference (O(N^4)) on adversarial 80x80 boards — a long white snake with
 * two gaps, so no colour wins in one move and the reference must flood the
 * whole snake for every empty cell — then the fast solver alone on boards far
 * past the judge's size. Usage: bench_path [largest_side] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "games/path_internal.h"
#include "ref_path.h"
#include "ref_rng.h"

/* Even columns are full white walls, joined at alternating ends through the
 * odd columns into one snake from the left edge; the two links nearest the
 * right edge are left out, so the snake covers most of the board and no
 * single stone wins. Everything else is U. */
static void snake(char *cells, size_t n) {
    memset(cells, 'U', n * n);
    for (size_t c = 0; c < n; c += 2) {
        for (size_t r = 0; r < n; r++) {
            cells[r * n + c] = 'W';
        }
        if (c + 1 < n && c / 2 + 3 != n / 2 && c / 2 + 4 != n / 2) {
            size_t link = (c / 2) % 2 == 0 ? 0 : n - 1;
            cells[link * n + c + 1] = 'W';
        }
    }
}

static void random_board(ref_rng *rng, char *cells, size_t n) {
    static const char colours[] = "WBU";
    for (size_t i = 0; i < n * n; i++) {
        cells[i] = colours[ref_rng_below(rng, 3)];
    }
}

int main(int argc, char **argv) {
    size_t largest = argc > 1 ? strtoull(argv[1], NULL, 10) : 2000;
    cg_path_solver solver;
    cg_path_init(&solver, NULL);
    const size_t n = 80;
    const int boards = 5;
    char *cells = malloc(n * n);
    snake(cells, n);
    double t0 = bench_now();
    for (int i = 0; i < boards; i++) {
        cg_path_solve(&solver, cells, n, false, NULL);
    }
    double fast = (bench_now() - t0) / boards;
    cg_path_verdict verdict = solver.result.verdict;
    t0 = bench_now();
    int expected = 0;
    for (int i = 0; i < boards; i++) {
        expected = ref_path_verdict(cells, n);
    }
    double slow = (bench_now() - t0) / boards;
    printf("80x80 snake board (%s): fast %.4f ms, naive O(N^4) %.2f ms, ratio %.0fx, %s\n",
           cg_path_verdict_text(verdict), fast * 1e3, slow * 1e3, slow / fast,
           (int)verdict == expected ? "agree" : "DISAGREE");
    free(cells);

    ref_rng rng = {601};
    for (size_t side = 1000; side <= largest; side *= 10) {
        cells = malloc(side * side);
        if (cells == NULL) {
            break;
        }
        random_board(&rng, cells, side);
        t0 = bench_now();
        cg_status st = cg_path_solve(&solver, cells, side, false, NULL);
        double random_time = bench_now() - t0;
        snake(cells, side);
        t0 = bench_now();
        st |= cg_path_solve(&solver, cells, side, true, NULL);
        double snake_time = bench_now() - t0;
        printf("%zux%zu: random board %.3f s, snake board with winning chain %.3f s%s\n", side,
               side, random_time, snake_time, st == CG_OK ? "" : " (FAILED)");
        free(cells);
    }
    cg_path_free(&solver);
    return 0;
}
