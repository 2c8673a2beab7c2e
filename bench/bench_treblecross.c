/* Treblecross benchmark: the O(n) scorer against the rescanning reference
 * (O(n^2) per board) on a judge-size file and on long boards, and the 0.007
 * Grundy table computed by the library against a literal transcription of
 * the spec's recurrence. Usage: bench_treblecross [grundy_upto] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "games/treblecross_internal.h"
#include "ref_rng.h"
#include "ref_treblecross.h"

/* One X per `spacing` cells on average, never three in a row. */
static void random_board(ref_rng *rng, char *board, size_t len, unsigned spacing) {
    for (size_t i = 0; i < len; i++) {
        bool two_before = i >= 2 && board[i - 1] == 'X' && board[i - 2] == 'X';
        board[i] = !two_before && ref_rng_below(rng, spacing) == 0 ? 'X' : '.';
    }
}

/* Time both solvers on `count` boards of length lo..hi; check they agree. */
static void compare(const char *label, ref_rng *rng, int count, size_t lo, size_t hi,
                    unsigned spacing, cg_treblecross_solver *solver) {
    char *board = malloc(hi + 1);
    bool *win = malloc(hi * sizeof *win);
    unsigned long long *g = malloc((hi + 3) * sizeof *g);
    char **boards = malloc((size_t)count * sizeof *boards);
    size_t *lens = malloc((size_t)count * sizeof *lens);
    for (int b = 0; b < count; b++) {
        lens[b] = lo + (size_t)ref_rng_below(rng, hi - lo + 1);
        boards[b] = malloc(lens[b]);
        random_board(rng, boards[b], lens[b], spacing);
    }
    cg_octal_engine_extend(&solver->grundy, hi + 2, NULL);
    for (size_t n = 0; n <= hi + 2; n++) {
        g[n] = cg_octal_engine_at(&solver->grundy, n);
    }
    double t0 = bench_now();
    size_t moves = 0;
    for (int b = 0; b < count; b++) {
        cg_treblecross_solve(solver, boards[b], lens[b], NULL);
        moves += solver->result.move_count;
    }
    double fast = bench_now() - t0;
    t0 = bench_now();
    size_t ref_moves = 0;
    for (int b = 0; b < count; b++) {
        ref_treblecross_rescan(boards[b], lens[b], g, win);
        for (size_t i = 0; i < lens[b]; i++) {
            ref_moves += win[i];
        }
    }
    double slow = bench_now() - t0;
    printf("%-34s fast %9.3f ms  rescan %10.3f ms  ratio %7.1fx  %s\n", label, fast * 1e3,
           slow * 1e3, slow / fast, moves == ref_moves ? "agree" : "DISAGREE");
    for (int b = 0; b < count; b++) {
        free(boards[b]);
    }
    free(boards);
    free(lens);
    free(board);
    free(win);
    free(g);
}

/* The spec's recurrence, transcribed: g(n) = mex over i of
 * g(max(0, i-3)) xor g(max(0, n-i-2)), with a plain array of flags. */
static void reference_grundy(size_t upto, unsigned *g) {
    unsigned char *seen = calloc(upto + 2, 1);
    g[0] = 0;
    for (size_t n = 1; n <= upto; n++) {
        memset(seen, 0, upto + 2);
        for (size_t i = 1; i <= n; i++) {
            size_t l = i > 3 ? i - 3 : 0, r = n > i + 2 ? n - i - 2 : 0;
            unsigned v = g[l] ^ g[r];
            if (v <= upto) {
                seen[v] = 1;
            }
        }
        unsigned m = 0;
        while (seen[m]) {
            m++;
        }
        g[n] = m;
    }
    free(seen);
}

int main(int argc, char **argv) {
    size_t upto = argc > 1 ? strtoull(argv[1], NULL, 10) : (size_t)1 << 17;
    ref_rng rng = {10561};
    cg_treblecross_solver solver;
    cg_treblecross_init(&solver, NULL);
    compare("judge file: 99 boards of 150-200", &rng, 99, 150, 200, 12, &solver);
    compare("10 boards of 2,000-5,000, sparse X", &rng, 10, 2000, 5000, 400, &solver);
    compare("1 empty board of 20,000", &rng, 1, 20000, 20000, 1u << 30, &solver);

    /* Grundy table: a fresh library sequence against the transcription. */
    cg_octal_code code;
    cg_octal_parse("0.007", &code, NULL);
    cg_octal_engine seq;
    cg_octal_engine_init(&seq, &code, CG_ENGINE_AUTO, NULL);
    double t0 = bench_now();
    cg_octal_engine_extend(&seq, upto + 2, NULL);
    double fast = bench_now() - t0;
    unsigned *g = malloc((upto + 1) * sizeof *g);
    t0 = bench_now();
    reference_grundy(upto, g);
    double slow = bench_now() - t0;
    bool agree = true;
    for (size_t n = 0; n <= upto; n++) {
        agree = agree && g[n] == cg_octal_engine_at(&seq, n + 2);
    }
    printf("Grundy 0.007 up to %-15zu library %9.3f s  reference %8.3f s  ratio %7.2fx  %s\n", upto,
           fast, slow, slow / fast, agree ? "agree" : "DISAGREE");
    free(g);
    cg_octal_engine_free(&seq);
    cg_treblecross_free(&solver);
    return 0;
}
