#include "domino_deals.h"

#include <stdio.h>

static void all_tiles(int tiles[28][2]) {
    int k = 0;
    for (int a = 0; a < 7; a++) {
        for (int b = a; b < 7; b++) {
            tiles[k][0] = a;
            tiles[k][1] = b;
            k++;
        }
    }
}

static bool valid(const cg_domino_deal *deal) {
    const char *reason;
    int first, second;
    return cg_domino_valid(deal, &reason, &first, &second);
}

void bench_random_deal(ref_rng *rng, int n, cg_domino_deal *deal) {
    int tiles[28][2];
    do {
        all_tiles(tiles);
        for (int i = 0; i < 2 * n; i++) {
            int j = i + (int)ref_rng_below(rng, (uint64_t)(28 - i));
            int a = tiles[i][0], b = tiles[i][1];
            tiles[i][0] = tiles[j][0];
            tiles[i][1] = tiles[j][1];
            tiles[j][0] = a;
            tiles[j][1] = b;
        }
        deal->n = n;
        for (int i = 0; i < 2 * n; i++) {
            deal->tiles[i / n][i % n][0] = (uint8_t)tiles[i][0];
            deal->tiles[i / n][i % n][1] = (uint8_t)tiles[i][1];
        }
    } while (!valid(deal));
}

static uint64_t cost(cg_domino_solver *solver, const cg_domino_deal *deal) {
    if (cg_domino_solve(solver, deal, false, false, NULL) != CG_OK) {
        return 0;
    }
    return solver->result.states_visited[0] + solver->result.states_visited[1];
}

/* Replace one dealt tile by an undealt one, or swap tiles between hands. */
static void mutate(ref_rng *rng, cg_domino_deal *deal) {
    int n = deal->n;
    int p = (int)ref_rng_below(rng, 2), i = (int)ref_rng_below(rng, (uint64_t)n);
    if (ref_rng_below(rng, 2) == 0) {
        int q = 1 - p, j = (int)ref_rng_below(rng, (uint64_t)n);
        uint8_t a = deal->tiles[p][i][0], b = deal->tiles[p][i][1];
        deal->tiles[p][i][0] = deal->tiles[q][j][0];
        deal->tiles[p][i][1] = deal->tiles[q][j][1];
        deal->tiles[q][j][0] = a;
        deal->tiles[q][j][1] = b;
        return;
    }
    deal->tiles[p][i][0] = (uint8_t)ref_rng_below(rng, 7);
    deal->tiles[p][i][1] = (uint8_t)ref_rng_below(rng, 7);
}

void bench_hard_deal(ref_rng *rng, int n, int steps, cg_domino_solver *solver,
                     cg_domino_deal *deal) {
    bench_random_deal(rng, n, deal);
    uint64_t best = cost(solver, deal);
    for (int s = 0; s < steps; s++) {
        cg_domino_deal trial = *deal;
        mutate(rng, &trial);
        if (!valid(&trial)) {
            continue;
        }
        uint64_t c = cost(solver, &trial);
        if (c >= best) {
            best = c;
            *deal = trial;
        }
    }
}

void bench_print_deal(FILE *out, const cg_domino_deal *deal) {
    fprintf(out, "%d", deal->n);
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < deal->n; i++) {
            fprintf(out, " %d %d", deal->tiles[p][i][0], deal->tiles[p][i][1]);
        }
    }
    fputc('\n', out);
}
