/* Game of CS benchmark: the judge's largest input (500 trees of 1,000 nodes,
 * weights up to 10^9, about 8 MB), solved by cgsolve's runner (block reads,
 * hand-parsed integers, iterative solver) and by a reference written the way
 * the published solution is (scanf per number, adjacency lists, recursive
 * depth-first search), in the same process on the same file. Outputs must
 * match. Then a deep tree: a chain of `chain` nodes (default 10^6) with random
 * node numbers, listed edge by edge along the chain and again in shuffled
 * order, solved from its file by the runner (per-byte speed beside the
 * judge file's) and in memory by the peeling solver against the oriented
 * breadth-first one (outputs must agree).
 * Usage: bench_gamecs [trees [nodes [chain]]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "framework/cgsolve_internal.h"
#include "games/gamecs_internal.h"
#include "ref_rng.h"

/* ---- the published style: scanf and recursion ------------------------- */

typedef struct ref_tree {
    int n;
    int *head, *next, *to;
    long long *w;
} ref_tree;

static long long ref_value(const ref_tree *t, int v, int parent) {
    long long c = 0;
    for (int e = t->head[v]; e >= 0; e = t->next[e]) {
        int u = t->to[e];
        if (u == parent) {
            continue;
        }
        long long sub = ref_value(t, u, v);
        long long w = t->w[e];
        c ^= w == 1 ? sub + 1 : (w % 2 == 0 ? sub : (sub ^ 1));
    }
    return c;
}

static void ref_solve(FILE *in, FILE *out) {
    int cases;
    if (scanf("%d", &cases) != 1) {
        return;
    }
    (void)in;
    for (int k = 1; k <= cases; k++) {
        ref_tree t;
        if (scanf("%d", &t.n) != 1) {
            return;
        }
        t.head = malloc((size_t)t.n * sizeof *t.head);
        t.next = malloc((size_t)(2 * t.n) * sizeof *t.next);
        t.to = malloc((size_t)(2 * t.n) * sizeof *t.to);
        t.w = malloc((size_t)(2 * t.n) * sizeof *t.w);
        memset(t.head, -1, (size_t)t.n * sizeof *t.head);
        for (int i = 0, e = 0; i + 1 < t.n; i++) {
            int a, b;
            long long w;
            if (scanf("%d %d %lld", &a, &b, &w) != 3) {
                return;
            }
            t.to[e] = b, t.w[e] = w, t.next[e] = t.head[a], t.head[a] = e++;
            t.to[e] = a, t.w[e] = w, t.next[e] = t.head[b], t.head[b] = e++;
        }
        fprintf(out, "Case %d: %s\n", k, ref_value(&t, 0, -1) != 0 ? "Emily" : "Jolly");
        free(t.head);
        free(t.next);
        free(t.to);
        free(t.w);
    }
}

/* Solve a file with the runner; seconds, and *size its bytes. */
static double run_file(const char *path, long *size, char **output, size_t *output_len,
                       cg_status *st) {
    FILE *out = open_memstream(output, output_len);
    FILE *in = fopen(path, "rb");
    fseek(in, 0, SEEK_END);
    *size = ftell(in);
    rewind(in);
    double t0 = bench_now();
    cg_scanner *scanner;
    cg_options options;
    cg_options_init(&options);
    cg_scanner_open_stream(&scanner, in, path, NULL);
    *st = cg_run(cg_find_game("gamecs"), scanner, &options, out, NULL, NULL);
    cg_scanner_close(scanner);
    double seconds = bench_now() - t0;
    fclose(in);
    fclose(out);
    return seconds;
}

/* A chain of n nodes with random numbers (0 stays an end, the root), its
 * edges along the chain or shuffled; written to path and kept in u, v, w. */
static void make_chain(size_t n, bool shuffled, const char *path, uint32_t *u, uint32_t *v,
                       uint64_t *w) {
    ref_rng rng = {601 + shuffled};
    uint32_t *label = malloc(n * sizeof *label);
    for (size_t i = 0; i < n; i++) {
        label[i] = (uint32_t)i;
    }
    cg_rng_shuffle(&rng, label + 1, n - 1, sizeof *label); /* 0 stays the root */
    for (size_t i = 0; i + 1 < n; i++) {
        u[i] = label[i];
        v[i] = label[i + 1];
        w[i] = 1 + ref_rng_below(&rng, 1000000000);
    }
    for (size_t i = n - 2; shuffled && i > 0; i--) {
        size_t j = (size_t)ref_rng_below(&rng, i + 1);
        uint32_t tu = u[i], tv = v[i];
        uint64_t tw = w[i];
        u[i] = u[j], v[i] = v[j], w[i] = w[j];
        u[j] = tu, v[j] = tv, w[j] = tw;
    }
    FILE *f = fopen(path, "w");
    fprintf(f, "1\n%zu\n", n);
    for (size_t i = 0; i + 1 < n; i++) {
        fprintf(f, "%u %u %llu\n", u[i], v[i], (unsigned long long)w[i]);
    }
    fclose(f);
    free(label);
}

static bool bench_chain(size_t n, bool shuffled, double judge_ns_per_byte) {
    uint32_t *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
    uint64_t *w = malloc(n * sizeof *w);
    const char *path = "gamecs-chain.in";
    make_chain(n, shuffled, path, u, v, w);
    long size;
    char *output = NULL;
    size_t output_len = 0;
    cg_status st;
    double file_seconds = run_file(path, &size, &output, &output_len, &st);
    cg_gamecs_solver solver;
    cg_gamecs_init(&solver, NULL);
    double t0 = bench_now();
    bool ok = cg_gamecs_solve(&solver, n, u, v, w, false, NULL) == CG_OK;
    double peeling = bench_now() - t0;
    cg_nimber by_peeling = solver.result.value;
    t0 = bench_now();
    ok = ok && cg_gamecs_solve(&solver, n, u, v, w, true, NULL) == CG_OK;
    double oriented = bench_now() - t0;
    bool agree = ok && st == CG_OK && by_peeling == solver.result.value &&
                 strstr(output, by_peeling != 0 ? "Emily" : "Jolly") != NULL;
    printf("gamecs: chain of %zu nodes, random numbers, edges %s (%.1f MB): file %.3f s "
           "(%.1f ns/byte, judge file %.1f ns/byte, ratio %.2fx); in memory: peeling %.3f s, "
           "oriented BFS %.3f s, ratio %.2fx, %s\n",
           n, shuffled ? "shuffled" : "along the chain", (double)size / 1e6, file_seconds,
           file_seconds * 1e9 / (double)size, judge_ns_per_byte,
           file_seconds * 1e9 / (double)size / judge_ns_per_byte, peeling, oriented,
           oriented / peeling, agree ? "outputs agree" : "OUTPUTS DIFFER");
    cg_gamecs_free(&solver);
    free(output);
    free(u);
    free(v);
    free(w);
    remove(path);
    return agree;
}

int main(int argc, char **argv) {
    int trees = argc > 1 ? atoi(argv[1]) : 500;
    int nodes = argc > 2 ? atoi(argv[2]) : 1000;
    size_t chain = argc > 3 ? (size_t)atoll(argv[3]) : 1000000;
    const char *path = "gamecs-bench.in";
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        return 1;
    }
    ref_rng rng = {12033};
    fprintf(f, "%d\n", trees);
    for (int t = 0; t < trees; t++) {
        fprintf(f, "%d\n", nodes);
        for (int v = 1; v < nodes; v++) {
            int parent = (int)ref_rng_below(&rng, (uint64_t)v);
            fprintf(f, "%d %d %llu\n", parent, v,
                    (unsigned long long)(1 + ref_rng_below(&rng, 1000000000)));
        }
    }
    long size = ftell(f);
    fclose(f);

    char *fast_out = NULL, *ref_out = NULL;
    size_t fast_len = 0, ref_len = 0;
    FILE *out = open_memstream(&fast_out, &fast_len);
    FILE *in = fopen(path, "rb");
    double t0 = bench_now();
    cg_scanner *scanner;
    cg_options options;
    cg_options_init(&options);
    cg_scanner_open_stream(&scanner, in, path, NULL);
    cg_status st = cg_run(cg_find_game("gamecs"), scanner, &options, out, NULL, NULL);
    cg_scanner_close(scanner);
    double fast = bench_now() - t0;
    fclose(in);
    fclose(out);

    out = open_memstream(&ref_out, &ref_len);
    if (freopen(path, "rb", stdin) == NULL) {
        return 1;
    }
    t0 = bench_now();
    ref_solve(stdin, out);
    double slow = bench_now() - t0;
    fclose(out);
    bool agree = st == CG_OK && fast_len == ref_len && memcmp(fast_out, ref_out, fast_len) == 0;
    printf("gamecs: %d trees of %d nodes (%.1f MB): cgsolve %.3f s, scanf+recursion %.3f s, "
           "ratio %.2fx, %s\n",
           trees, nodes, (double)size / 1e6, fast, slow, slow / fast,
           agree ? "outputs agree" : "OUTPUTS DIFFER");
    free(fast_out);
    free(ref_out);
    remove(path);
    double judge_ns_per_byte = fast * 1e9 / (double)size;
    agree = bench_chain(chain, false, judge_ns_per_byte) && agree;
    agree = bench_chain(chain, true, judge_ns_per_byte) && agree;
    return agree ? 0 : 1;
}
