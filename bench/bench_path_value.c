/* PATH perfect play: the value search on random positions with 12, 20, 30
 * and 40 empty cells (boards up to 10x10, stones half White and half
 * Black, no chain yet, White to move): per position the proof-number search
 * (the solver), the alpha-beta search it replaced (cg_path_search.alpha_beta,
 * with its own shorter limit) and, at 12, the plain negamax of tests/ref;
 * median and worst CPU time per position, the wall-clock time beside it (the
 * machine is shared), where the search spends its work (positions, table
 * hits, prunes by kind) and the ratios.
 * Usage: bench_path_value [POSITIONS per size (10)] [SECONDS of CPU at most
 * per position (10)] [SEED (601)] [SECONDS for alpha-beta (2)]. A position
 * not settled in time is counted, not timed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "games/path_internal.h"
#include "ref_path_value.h"
#include "ref_rng.h"

static double cpu_now(void) {
    return (double)clock() / CLOCKS_PER_SEC;
}

typedef struct deadline {
    double at; /* CPU seconds */
} deadline;

static bool past(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)what;
    (void)done;
    (void)total;
    return cpu_now() > ((deadline *)context)->at;
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

/* One solver's run over the positions of one size. */
typedef struct run {
    cg_path_search search;
    deadline stop;
    double limit;
    double *cpu, *wall; /* per position; a negative time: not settled */
    int outcomes[4];
} run;

static void run_init(run *r, cg_budget *budget, bool alpha_beta, double limit, int positions) {
    memset(r, 0, sizeof *r);
    cg_path_search_init(&r->search, budget);
    r->search.alpha_beta = alpha_beta;
    r->search.hook = past;
    r->search.hook_context = &r->stop;
    r->limit = limit;
    r->cpu = calloc((size_t)positions, sizeof *r->cpu);
    r->wall = calloc((size_t)positions, sizeof *r->wall);
}

static void run_free(run *r) {
    cg_path_search_free(&r->search);
    free(r->cpu);
    free(r->wall);
}

static int run_one(run *r, int p, const char *cells, size_t n) {
    cg_path_value v;
    cg_error err;
    double c0 = cpu_now(), w0 = bench_now();
    r->stop.at = c0 + r->limit;
    cg_status st = cg_path_search_set(&r->search, cells, n, CG_PATH_WHITE, &err);
    if (st == CG_OK) {
        st = cg_path_search_value(&r->search, &v, &err);
    }
    r->cpu[p] = st == CG_OK ? cpu_now() - c0 : -1;
    r->wall[p] = st == CG_OK ? bench_now() - w0 : -1;
    if (st != CG_OK) {
        return -1;
    }
    r->outcomes[v.outcome]++;
    return (int)v.outcome;
}

/* Median and worst of the settled times; returns how many settled. */
static int summary(const double *times, int count, double *median, double *worst) {
    double *sorted = malloc((size_t)count * sizeof *sorted);
    int settled = 0;
    for (int p = 0; p < count && sorted != NULL; p++) {
        if (times[p] >= 0) {
            sorted[settled++] = times[p];
        }
    }
    if (sorted != NULL) {
        qsort(sorted, (size_t)settled, sizeof *sorted, compare);
    }
    *median = settled > 0 ? sorted[settled / 2] : 0.0;
    *worst = settled > 0 ? sorted[settled - 1] : 0.0;
    free(sorted);
    return settled;
}

static void print_run(const char *name, const run *r, int positions) {
    double med, worst, wmed, wworst;
    int settled = summary(r->cpu, positions, &med, &worst);
    summary(r->wall, positions, &wmed, &wworst);
    printf("   %-11s %2d of %d settled (win %d, draw %d, loss %d): CPU median %.4f s, worst "
           "%.4f s; wall median %.4f s, worst %.4f s\n",
           name, settled, positions, r->outcomes[CG_OUTCOME_WIN], r->outcomes[CG_OUTCOME_DRAW],
           r->outcomes[CG_OUTCOME_LOSS], med, worst, wmed, wworst);
    const cg_path_stats *t = &r->search.total;
    printf("      positions %llu, table hits %llu (cuts %llu), immediate wins %llu, double threats "
           "%llu, forced blocks %llu, no crossing %llu, pairing cuts %llu (walls) + %llu "
           "(matching), beta "
           "cuts %llu, dead cells left out %llu\n",
           (unsigned long long)t->nodes, (unsigned long long)t->table_hits,
           (unsigned long long)t->table_cuts, (unsigned long long)t->immediate_wins,
           (unsigned long long)t->double_threats, (unsigned long long)t->forced_blocks,
           (unsigned long long)t->no_crossing, (unsigned long long)t->pairing_cuts,
           (unsigned long long)t->matching_cuts, (unsigned long long)t->beta_cuts,
           (unsigned long long)t->dead_cells);
}

int main(int argc, char **argv) {
    int positions = argc > 1 ? atoi(argv[1]) : 10;
    double limit = argc > 2 ? atof(argv[2]) : 10.0;
    unsigned long seed = argc > 3 ? strtoul(argv[3], NULL, 10) : 601;
    double ab_limit = argc > 4 ? atof(argv[4]) : 2.0;
    if (positions < 1 || positions > 1000 || limit <= 0 || ab_limit <= 0) {
        fprintf(stderr, "usage: bench_path_value [POSITIONS 1..1000] [SECONDS] [SEED] "
                        "[SECONDS for alpha-beta]\n");
        return 2;
    }
    static const size_t sizes[] = {12, 20, 30, 40};
    ref_rng rng = {seed};
    cg_budget budget = cg_budget_make((size_t)1 << 30);
    printf("seed %lu, %d positions per size, stop at %.1f s of CPU (alpha-beta %.1f s)\n", seed,
           positions, limit, ab_limit);
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        run pn, ab;
        run_init(&pn, &budget, false, limit, positions);
        run_init(&ab, &budget, true, ab_limit, positions);
        if (pn.cpu == NULL || pn.wall == NULL || ab.cpu == NULL || ab.wall == NULL) {
            return 1;
        }
        int agree = 0, compared = 0, worst_p = -1;
        double reference = 0, both_pn = 0, both_ab = 0;
        char worst_cells[100];
        size_t worst_n = 0;
        for (int p = 0; p < positions; p++) {
            char cells[100];
            size_t n;
            random_position(&rng, sizes[s], cells, &n);
            int v = run_one(&pn, p, cells, n);
            int w = run_one(&ab, p, cells, n);
            if (worst_p < 0 || (pn.cpu[worst_p] >= 0 && (v < 0 || pn.cpu[p] > pn.cpu[worst_p]))) {
                worst_p = p;
                worst_n = n;
                memcpy(worst_cells, cells, n * n);
            }
            if (v >= 0 && w >= 0) {
                both_pn += pn.cpu[p];
                both_ab += ab.cpu[p];
                if (v != w) {
                    printf("   DISAGREE with alpha-beta: %zux%zu %.*s\n", n, n, (int)(n * n),
                           cells);
                }
            }
            if (v >= 0 && sizes[s] <= 13) {
                double r0 = cpu_now();
                int expected = ref_path_value(cells, n, true);
                reference += cpu_now() - r0;
                compared++;
                agree += expected == v;
            }
            if (v < 0) {
                printf("   not settled: %zux%zu %.*s\n", n, n, (int)(n * n), cells);
            }
            fprintf(stderr, "\r%zu empty: %d of %d", sizes[s], p + 1, positions);
        }
        fprintf(stderr, "\n");
        printf("%2zu empty:\n", sizes[s]);
        print_run("df-pn", &pn, positions);
        print_run("alpha-beta", &ab, positions);
        printf("   the slowest for df-pn: %zux%zu %.*s\n", worst_n, worst_n,
               (int)(worst_n * worst_n), worst_cells);
        if (both_pn > 0) {
            printf(
                "   on the positions both settled: df-pn %.4f s, alpha-beta %.4f s of CPU in all, "
                "ratio %.1fx\n",
                both_pn, both_ab, both_ab / both_pn);
        }
        if (compared > 0) {
            double fast = 0;
            for (int p = 0; p < positions; p++) {
                fast += pn.cpu[p] > 0 ? pn.cpu[p] : 0;
            }
            printf("   reference negamax %.4f s per position, df-pn %.5f s, ratio %.0fx, %s\n",
                   reference / compared, fast / compared, fast > 0 ? reference / fast : 0.0,
                   agree == compared ? "agree" : "DISAGREE");
        } else {
            printf("   reference negamax: out of reach (3^%zu positions)\n", sizes[s]);
        }
        fflush(stdout);
        run_free(&pn);
        run_free(&ab);
    }
    return 0;
}
