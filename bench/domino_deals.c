#include "domino_deals.h"

#include "ref_domino.h"

#include <stdio.h>

static bool valid(const cg_domino_deal *deal) {
    const char *reason;
    int first, second;
    return cg_domino_valid(deal, &reason, &first, &second);
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
    ref_domino_random_deal(rng, n, deal);
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
