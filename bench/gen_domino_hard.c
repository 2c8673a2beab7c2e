/* Write hard domino deals in the judge's format: for each n in 9..14,
 * `count` deals found by hill climbing (see domino_deals.h).
 * Usage: gen_domino_hard [count [steps [seed]]] > deals.in */
#include <stdio.h>
#include <stdlib.h>

#include "domino_deals.h"

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 4;
    int steps = argc > 2 ? atoi(argv[2]) : 300;
    ref_rng rng = {argc > 3 ? strtoull(argv[3], NULL, 10) : 742};
    cg_domino_solver solver;
    cg_domino_init(&solver, NULL);
    for (int n = 9; n <= 14; n++) {
        for (int k = 0; k < count; k++) {
            cg_domino_deal deal;
            bench_hard_deal(&rng, n, steps, &solver, &deal);
            bench_print_deal(stdout, &deal);
            fflush(stdout);
        }
    }
    puts("0");
    cg_domino_free(&solver);
    return 0;
}
