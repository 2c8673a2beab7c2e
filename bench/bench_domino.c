/* Domino benchmark: the pruned depth-first search (cgsolve) against
 *  - plain recursion over every play sequence (the test suite's reference),
 *    for hands of up to 8 tiles, and
 *  - breadth-first search over all reachable positions without pruning,
 *    stopping once both players' wins are found (the published method, with
 *    its bug fixed), on the same rules and state encoding,
 * on random deals (n = 5..14) and hard deals from the hill-climbing
 * generator (n = 9..14). The BFS runs on the first bfs_per_n deals of each
 * row only; its ratio compares the same deals.
 * Usage: bench_domino [random_per_n [hard_per_n [bfs_per_n]]] */
#include <stdio.h>
#include <stdlib.h>

#include "bench_clock.h"
#include "domino_deals.h"
#include "ref_domino.h"

typedef struct totals {
    double fast, bfs, bfs_fast, recursion, worst_fast;
    size_t bfs_states;
    int deals, bfs_deals, disagree;
} totals;

static void measure(cg_domino_solver *solver, const cg_domino_deal *deal, bool with_bfs,
                    bool with_recursion, totals *t) {
    double t0 = bench_now();
    cg_domino_solve(solver, deal, false, false, NULL);
    double fast = bench_now() - t0;
    unsigned mine = (solver->result.can_win[0] ? 1u : 0u) | (solver->result.can_win[1] ? 2u : 0u);
    t->fast += fast;
    t->worst_fast = fast > t->worst_fast ? fast : t->worst_fast;
    if (with_bfs) {
        size_t states = 0;
        t0 = bench_now();
        unsigned other = ref_domino_bfs(deal, &states);
        t->bfs += bench_now() - t0;
        t->bfs_fast += fast;
        t->bfs_deals++;
        t->bfs_states = states > t->bfs_states ? states : t->bfs_states;
        t->disagree += other != mine;
    }
    if (with_recursion) {
        bool can[2];
        t0 = bench_now();
        ref_domino_can_win(deal, can);
        t->recursion += bench_now() - t0;
        t->disagree += ((can[0] ? 1u : 0u) | (can[1] ? 2u : 0u)) != mine;
    }
    t->deals++;
}

static void report(const char *kind, int n, const totals *t, bool with_recursion) {
    printf("%-6s n=%2d %3d deals: fast %8.3f ms/deal (worst %7.3f ms)  bfs on %2d: %9.2f ms/deal "
           "(up to %9zu positions) ratio %8.1fx",
           kind, n, t->deals, t->fast * 1e3 / t->deals, t->worst_fast * 1e3, t->bfs_deals,
           t->bfs * 1e3 / t->bfs_deals, t->bfs_states, t->bfs / t->bfs_fast);
    if (with_recursion) {
        printf("  recursion %8.2f ms/deal ratio %7.1fx", t->recursion * 1e3 / t->deals,
               t->recursion / t->fast);
    }
    printf("  %s\n", t->disagree == 0 ? "agree" : "DISAGREE");
}

int main(int argc, char **argv) {
    int per_n = argc > 1 ? atoi(argv[1]) : 20;
    int hard_per_n = argc > 2 ? atoi(argv[2]) : 2;
    int bfs_per_n = argc > 3 ? atoi(argv[3]) : 3; /* BFS takes seconds per deal at n = 14 */
    ref_rng rng = {742};
    cg_domino_solver solver;
    cg_domino_init(&solver, NULL);
    for (int n = 5; n <= 14; n++) {
        totals t = {0};
        for (int i = 0; i < per_n; i++) {
            cg_domino_deal deal;
            ref_domino_random_deal(&rng, n, &deal);
            measure(&solver, &deal, i < bfs_per_n, n <= 8, &t);
        }
        report("random", n, &t, n <= 8);
        fflush(stdout);
    }
    for (int n = 9; n <= 14; n++) {
        totals t = {0};
        for (int i = 0; i < hard_per_n; i++) {
            cg_domino_deal deal;
            bench_hard_deal(&rng, n, 300, &solver, &deal);
            measure(&solver, &deal, i < bfs_per_n, false, &t);
        }
        report("hard", n, &t, false);
        fflush(stdout);
    }
    cg_domino_free(&solver);
    return 0;
}
