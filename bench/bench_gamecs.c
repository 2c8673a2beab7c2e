/* Game of CS benchmark: the judge's largest input (500 trees of 1,000 nodes,
 * weights up to 10^9, about 8 MB), solved by cgsolve's runner (block reads,
 * hand-parsed integers, iterative solver) and by a reference written the way
 * the published solution is (scanf per number, adjacency lists, recursive
 * depth-first search), in the same process on the same file. Outputs must
 * match. Usage: bench_gamecs [trees [nodes]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "cgsolve/cgsolve.h"
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

int main(int argc, char **argv) {
    int trees = argc > 1 ? atoi(argv[1]) : 500;
    int nodes = argc > 2 ? atoi(argv[2]) : 1000;
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
    return agree ? 0 : 1;
}
