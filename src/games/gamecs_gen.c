/* Game of CS test data: random trees of a chosen shape (random, chain,
 * star, caterpillar, binary) with node numbers shuffled and edges listed in
 * any order and direction; hard ones (weights of every parity class and
 * near 2^63, deep chains); boundary ones; and shrinking by a leaf or a
 * lighter weight. */
#include <stdio.h>
#include <stdlib.h>

#include "cgsolve/games/gamecs.h"

enum { RANDOM, CHAIN, STAR, CATERPILLAR, BINARY };

static uint64_t parent_of(int shape, uint64_t v, uint64_t n, cg_rng *rng) {
    switch (shape) {
    case CHAIN:
        return v - 1;
    case STAR:
        return 0;
    case CATERPILLAR: /* a spine of half the nodes, legs on it */
        return v <= n / 2 ? v - 1 : cg_rng_below(rng, n / 2 + 1);
    case BINARY:
        return (v - 1) / 2;
    default:
        return cg_rng_below(rng, v);
    }
}

static uint64_t weight(const cg_options *options, bool hard, cg_rng *rng) {
    uint64_t max = options->max_weight != 0 ? options->max_weight : 10;
    if (!hard) {
        return 1 + cg_rng_below(rng, max);
    }
    /* every class the rule tells apart: 1, even, odd above 1, and huge */
    uint64_t big = options->max_weight != 0 ? options->max_weight : UINT64_C(9223372036854775807);
    uint64_t picks[] = {1, 2, 3, 4, 5, big, big - 1, big > 2 ? big - 2 : 1};
    return picks[cg_rng_below(rng, 8)];
}

cg_status cg_gamecs_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                  cg_buf *out, cg_error *err) {
    uint64_t n = options->nodes > 0 ? (uint64_t)options->nodes : 2 + cg_rng_below(rng, 11);
    int shape = (int)options->shape;
    bool hard = options->hard;
    if (options->edge) {
        n = options->nodes > 0 ? n : (index % 3 == 2 ? 100000 : 2);
        shape = index % 3 == 2 ? CHAIN : shape;
        hard = true;
    } else if (hard && index % 3 == 2 && options->shape == RANDOM) {
        shape = CHAIN;
        n = options->nodes > 0 ? n : 1000 + cg_rng_below(rng, 1000);
    }
    uint64_t *label = malloc(n * sizeof *label);
    uint64_t *order = malloc((n - 1) * sizeof *order);
    if (label == NULL || order == NULL) {
        free(label);
        free(order);
        return cg_error_nomem(err, "generating a tree");
    }
    for (uint64_t v = 0; v < n; v++) {
        label[v] = v;
    }
    for (uint64_t i = 0; i + 1 < n; i++) {
        order[i] = i + 1; /* edge i joins node i + 1 to its parent */
    }
    cg_rng_shuffle(rng, label + 1, n - 1, sizeof *label); /* every number but the root's */
    cg_rng_shuffle(rng, order, n - 1, sizeof *order);     /* and the order of the edges */
    /* parents drawn in node order, so each edge's parent is known */
    uint64_t *parent = malloc(n * sizeof *parent);
    if (parent == NULL) {
        free(label);
        free(order);
        return cg_error_nomem(err, "generating a tree");
    }
    for (uint64_t v = 1; v < n; v++) {
        parent[v] = parent_of(shape, v, n, rng);
    }
    cg_buf_printf(out, "%llu", (unsigned long long)n);
    for (uint64_t i = 0; i + 1 < n; i++) {
        uint64_t v = order[i], a = label[parent[v]], b = label[v];
        bool flip = cg_rng_below(rng, 2) == 1;
        cg_buf_printf(out, "\n%llu %llu %llu", (unsigned long long)(flip ? b : a),
                      (unsigned long long)(flip ? a : b),
                      (unsigned long long)weight(options, hard, rng));
    }
    free(parent);
    free(label);
    free(order);
    return CG_OK;
}

/* Smaller trees: a leaf fewer (the last node renumbered into its place),
 * or an edge's weight brought down to 1, 2 or half. */
void cg_gamecs_shrink_case(const char *text, size_t len, cg_strlist *candidates) {
    (void)len;
    unsigned long long n;
    int used;
    if (sscanf(text, "%llu%n", &n, &used) != 1 || n < 2 || n > 5000) {
        return;
    }
    unsigned long long *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v),
                       *w = malloc(n * sizeof *w);
    unsigned *degree = calloc(n, sizeof *degree);
    const char *p = text + used;
    bool ok = u != NULL && v != NULL && w != NULL && degree != NULL;
    for (unsigned long long i = 0; ok && i + 1 < n; i++, p += used) {
        ok = sscanf(p, "%llu %llu %llu%n", &u[i], &v[i], &w[i], &used) == 3 && u[i] < n && v[i] < n;
        if (ok) {
            degree[u[i]]++;
            degree[v[i]]++;
        }
    }
    for (unsigned long long x = 1; ok && n > 2 && x < n; x++) {
        if (degree[x] != 1) {
            continue;
        }
        cg_buf tree = CG_BUF_INIT;
        cg_buf_printf(&tree, "%llu", n - 1);
        for (unsigned long long i = 0; i + 1 < n; i++) {
            if (u[i] == x || v[i] == x) {
                continue;
            }
            unsigned long long a = u[i] == n - 1 ? x : u[i], b = v[i] == n - 1 ? x : v[i];
            cg_buf_printf(&tree, "\n%llu %llu %llu", a, b, w[i]);
        }
        cg_strlist_addf(candidates, "%s", tree.data);
        cg_buf_free(&tree);
    }
    for (unsigned long long e = 0; ok && e + 1 < n; e++) {
        /* 1, 2 and 3 stand for every parity class; w - 2 keeps w's */
        unsigned long long lighter[] = {1, 2, 3, w[e] / 2, w[e] - 2};
        for (int k = 0; k < 5; k++) {
            if (lighter[k] == 0 || lighter[k] >= w[e] || w[e] < 2) {
                continue;
            }
            cg_buf tree = CG_BUF_INIT;
            cg_buf_printf(&tree, "%llu", n);
            for (unsigned long long i = 0; i + 1 < n; i++) {
                cg_buf_printf(&tree, "\n%llu %llu %llu", u[i], v[i], i == e ? lighter[k] : w[i]);
            }
            cg_strlist_addf(candidates, "%s", tree.data);
            cg_buf_free(&tree);
        }
    }
    free(u);
    free(v);
    free(w);
    free(degree);
}

const cg_option_spec cg_gamecs_gen_options[] = {
    {CG_OPTION_NODES, "nodes", 'd', CG_ARG_INT, "N", "nodes per tree (default 2..12)", 2,
     4294967294LL, NULL},
    {CG_OPTION_MAX_WEIGHT, "max-weight", 'W', CG_ARG_INT, "W",
     "largest edge weight, up to 2^63-1 (default 10)", 1, INT64_MAX, NULL},
    {CG_OPTION_SHAPE, "shape", 'P', CG_ARG_CHOICE, "SHAPE",
     "random (default), chain, star, caterpillar or binary", 0, 0,
     "random|chain|star|caterpillar|binary"},
    {CG_OPTION_COUNT, NULL, 0, CG_ARG_NONE, NULL, NULL, 0, 0, NULL},
};
