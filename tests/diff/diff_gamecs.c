/* Differential test: the Grundy solver for Game of CS against exhaustive
 * game search, on seeded random trees (n <= 8, weights <= 3), in random
 * labelling and edge orientation; also weights w and w + 2 (w >= 2) must
 * behave alike, as the edge rule says. */
#include <stdbool.h>
#include <stdio.h>

#include "games/gamecs_internal.h"
#include "ref_gamecs.h"
#include "ref_rng.h"

#define TREES 6000

int main(void) {
    ref_rng rng = {12033};
    cg_gamecs_solver solver;
    cg_gamecs_init(&solver, NULL);
    unsigned passed = 0, failed = 0;
    for (unsigned t = 0; t < TREES; t++) {
        size_t n = 2 + (size_t)ref_rng_below(&rng, REF_GAMECS_MAX_NODES - 1);
        size_t parent[REF_GAMECS_MAX_NODES];
        unsigned weight[REF_GAMECS_MAX_NODES];
        bool win[REF_GAMECS_MAX_NODES];
        /* label[v]: the library's name for reference node v (0 stays the root). */
        uint32_t label[REF_GAMECS_MAX_NODES];
        for (size_t v = 0; v < n; v++) {
            label[v] = (uint32_t)v;
        }
        cg_rng_shuffle(&rng, label + 1, n - 1, sizeof *label);
        uint32_t eu[REF_GAMECS_MAX_NODES], ev[REF_GAMECS_MAX_NODES];
        uint64_t ew[REF_GAMECS_MAX_NODES];
        for (size_t v = 1; v < n; v++) {
            parent[v] = (size_t)ref_rng_below(&rng, v);
            weight[v] = 1 + (unsigned)ref_rng_below(&rng, REF_GAMECS_MAX_WEIGHT);
            bool flip = ref_rng_below(&rng, 2) != 0;
            eu[v - 1] = label[flip ? v : parent[v]];
            ev[v - 1] = label[flip ? parent[v] : v];
            ew[v - 1] = weight[v];
        }
        bool ok;
        bool wins = ref_gamecs_first_player_wins(n, parent, weight, win, &ok);
        bool agree = ok && cg_gamecs_solve(&solver, n, eu, ev, ew, true, NULL) == CG_OK &&
                     (solver.result.value != 0) == wins;
        /* The winning moves: node label[v] for every reference edge v that wins. */
        size_t k = 0;
        for (size_t v = 1; agree && v < n; v++) {
            if (!win[v]) {
                continue;
            }
            bool listed = false;
            for (size_t i = 0; i < solver.result.winning_count; i++) {
                listed = listed || solver.result.winning[i] == label[v];
            }
            agree = listed;
            k++;
        }
        agree = agree && k == solver.result.winning_count;
        /* w -> w + 2 for every edge of weight >= 2 keeps the value. */
        cg_nimber value = solver.result.value;
        for (size_t i = 0; i + 1 < n; i++) {
            ew[i] += ew[i] >= 2 ? 2 + 2 * ref_rng_below(&rng, 1000000) : 0;
        }
        agree = agree && cg_gamecs_solve(&solver, n, eu, ev, ew, false, NULL) == CG_OK &&
                solver.result.value == value;
        if (agree) {
            passed++;
        } else {
            fprintf(stderr, "disagreement on tree %u (n = %zu)\n", t, n);
            failed++;
        }
    }
    cg_gamecs_free(&solver);
    printf("diff_gamecs: %u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
