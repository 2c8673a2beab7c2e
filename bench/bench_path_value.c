/* PATH perfect play: the value search on random positions with 12, 20, 30
 * and 40 empty cells (boards up to 10x10, stones half White and half
 * Black, no chain yet, White to move), median and worst time per position,
 * where the search spends its work (positions, table hits, prunes by kind),
 * and the plain negamax of tests/ref beside it where that can finish (12).
 * Usage: bench_path_value [POSITIONS per size (10)] [SECONDS at most per
 * position (60)]. A position not settled in time is counted, not timed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "games/path_internal.h"
#include "ref_path_value.h"
#include "ref_rng.h"

typedef struct deadline {
    double at;
} deadline;

static bool past(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)what;
    (void)done;
    (void)total;
    return bench_now() > ((deadline *)context)->at;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void random_position(ref_rng *rng, size_t empty, char *cells, size_t *side) {
    size_t smallest = 1, largest = empty <= 13 ? 8 : 10; /* the reference takes 64 cells */
    while (smallest * smallest < empty + 2) {
        smallest++;
    }
    do {
        size_t n = smallest + (size_t)ref_rng_below(rng, largest + 1 - smallest);
        *side = n;
        memset(cells, 'U', n * n);
        for (size_t k = 0; k < n * n - empty; k++) {
            size_t c;
            do {
                c = (size_t)ref_rng_below(rng, n * n);
            } while (cells[c] != 'U');
            cells[c] = k % 2 == 0 ? 'W' : 'B';
        }
    } while (ref_path_chain(cells, *side));
}

int main(int argc, char **argv) {
    int positions = argc > 1 ? atoi(argv[1]) : 10;
    double limit = argc > 2 ? atof(argv[2]) : 60.0;
    if (positions < 1 || positions > 1000 || limit <= 0) {
        fprintf(stderr, "usage: bench_path_value [POSITIONS 1..1000] [SECONDS]\n");
        return 2;
    }
    static const size_t sizes[] = {12, 20, 30, 40};
    ref_rng rng = {601};
    double *times = malloc((size_t)positions * sizeof *times);
    if (times == NULL) {
        return 1;
    }
    cg_budget budget = cg_budget_make((size_t)1 << 30);
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        cg_path_search search;
        cg_path_search_init(&search, &budget);
        deadline d;
        search.hook = past;
        search.hook_context = &d;
        int settled = 0, outcomes[4] = {0}, agree = 0, compared = 0;
        double reference = 0, fast_compared = 0;
        for (int p = 0; p < positions; p++) {
            char cells[100];
            size_t n;
            random_position(&rng, sizes[s], cells, &n);
            cg_path_value v;
            cg_error err;
            double start = bench_now();
            d.at = start + limit;
            cg_status st = cg_path_search_set(&search, cells, n, CG_PATH_WHITE, &err);
            if (st == CG_OK) {
                st = cg_path_search_value(&search, &v, &err);
            }
            double took = bench_now() - start;
            if (st != CG_OK) {
                printf("  %zux%zu %.*s: %s\n", n, n, (int)(n * n), cells, err.message);
                continue;
            }
            times[settled++] = took;
            outcomes[v.outcome]++;
            if (sizes[s] <= 13) {
                double r0 = bench_now();
                int expected = ref_path_value(cells, n, true);
                reference += bench_now() - r0;
                fast_compared += took;
                compared++;
                agree += expected == (int)v.outcome;
            }
        }
        qsort(times, (size_t)settled, sizeof *times, compare);
        const cg_path_stats *t = &search.total;
        printf("%2zu empty: %d of %d settled (win %d, draw %d, loss %d), median %.4f s, worst %.4f "
               "s\n",
               sizes[s], settled, positions, outcomes[CG_OUTCOME_WIN], outcomes[CG_OUTCOME_DRAW],
               outcomes[CG_OUTCOME_LOSS], settled > 0 ? times[settled / 2] : 0.0,
               settled > 0 ? times[settled - 1] : 0.0);
        printf("   positions %llu, table hits %llu (cuts %llu), immediate wins %llu, double "
               "threats %llu, forced blocks %llu, no crossing %llu, pairing cuts %llu, beta cuts "
               "%llu\n",
               (unsigned long long)t->nodes, (unsigned long long)t->table_hits,
               (unsigned long long)t->table_cuts, (unsigned long long)t->immediate_wins,
               (unsigned long long)t->double_threats, (unsigned long long)t->forced_blocks,
               (unsigned long long)t->no_crossing, (unsigned long long)t->pairing_cuts,
               (unsigned long long)t->beta_cuts);
        if (compared > 0) {
            printf("   reference negamax %.4f s per position, search %.5f s, ratio %.0fx, %s\n",
                   reference / compared, fast_compared / compared,
                   fast_compared > 0 ? reference / fast_compared : 0.0,
                   agree == compared ? "agree" : "DISAGREE");
        } else {
            printf("   reference negamax: out of reach (3^%zu positions)\n", sizes[s]);
        }
        fflush(stdout);
        cg_path_search_free(&search);
    }
    free(times);
    return 0;
}
