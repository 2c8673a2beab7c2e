/* Deal generators for the domino benchmark: uniform random deals, and hard
 * deals found by hill climbing on the number of positions the solver has to
 * explore (tiles swapped between the hands and the boneyard). */
#ifndef CGSOLVE_BENCH_DOMINO_DEALS_H
#define CGSOLVE_BENCH_DOMINO_DEALS_H

#include "games/domino_internal.h"
#include "ref_rng.h"

/* Starting from random deals, keep the single-tile changes that make the
 * solver explore more positions, for `steps` steps; returns the best found. */
void bench_hard_deal(ref_rng *rng, int n, int steps, cg_domino_solver *solver,
                     cg_domino_deal *deal);

/* Print a deal in the judge's input format (one line). */
void bench_print_deal(FILE *out, const cg_domino_deal *deal);

#endif
