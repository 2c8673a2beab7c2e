/* Game of CS test data: random trees of a chosen shape (random, chain,
 * star, caterpillar, binary) with node numbers shuffled and edges listed in
 * any order and direction; hard ones (weights of every parity class and
 * near 2^63, deep chains); boundary ones; and shrinking by a leaf or a
 * lighter weight. */
#include <stdio.h>
#include <stdlib.h>

#include "core/union_find_internal.h"
#include "core/validate_internal.h"
#include "framework/testdata_internal.h"
#include "games/gamecs_internal.h"

/* UVa 12033's stated limits: gen and stress stay inside them by default,
 * validate checks them. */
#define JUDGE_CASES 500
#define JUDGE_NODES 1000
#define JUDGE_WEIGHT 1000000000
#define PROBLEM "UVa 12033"

const char cg_gamecs_judge_limits[] =
    "UVa 12033: T <= 500 trees; 2 <= n <= 1000 nodes; 0 <= u, v < n, u != v;\n"
    "1 <= w <= 10^9; the n - 1 edges form a tree. Layout: T on a line, then\n"
    "per tree n on a line and one 'u v w' line per edge.\n";

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
    uint64_t big = options->max_weight != 0 ? options->max_weight
                   : options->beyond_limits ? UINT64_C(9223372036854775807)
                                            : JUDGE_WEIGHT;
    uint64_t picks[] = {1, 2, 3, 4, 5, big, big - 1, big > 2 ? big - 2 : 1};
    return picks[cg_rng_below(rng, 8)];
}

cg_status cg_gamecs_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                  cg_buf *out, cg_error *err) {
    cg_status st =
        index > 0 ? CG_OK
                  : cg_gen_within(options, "--cases", options->cases, JUDGE_CASES, PROBLEM, err);
    if (st == CG_OK) {
        st = cg_gen_within(options, "--nodes", (uint64_t)options->nodes, JUDGE_NODES, PROBLEM, err);
    }
    if (st == CG_OK) {
        st =
            cg_gen_within(options, "--max-weight", options->max_weight, JUDGE_WEIGHT, PROBLEM, err);
    }
    if (st != CG_OK) {
        return st;
    }
    uint64_t n = options->nodes > 0 ? (uint64_t)options->nodes : 2 + cg_rng_below(rng, 11);
    uint64_t largest = options->beyond_limits ? 100000 : JUDGE_NODES;
    int shape = (int)options->shape;
    bool hard = options->hard;
    if (options->edge) {
        n = options->nodes > 0 ? n : (index % 3 == 2 ? largest : 2);
        shape = index % 3 == 2 ? CHAIN : shape;
        hard = true;
    } else if (hard && index % 3 == 2 && options->shape == RANDOM) {
        shape = CHAIN;
        n = options->nodes > 0 ? n : largest / 2 + cg_rng_below(rng, largest / 2 + 1);
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
    {.name = "nodes",
     .short_name = 'd',
     .arg = CG_ARG_INT,
     .arg_name = "N",
     .help = "nodes per tree (default 2..12)",
     CG_OPTION_FIELD(nodes),
     .min = 2,
     .max = 4294967294LL},
    {.name = "max-weight",
     .short_name = 'W',
     .arg = CG_ARG_INT,
     .arg_name = "W",
     .help = "largest edge weight, up to 2^63-1 (default 10)",
     CG_OPTION_FIELD(max_weight),
     .min = 1,
     .max = INT64_MAX},
    {.name = "shape",
     .short_name = 'P',
     .arg = CG_ARG_CHOICE,
     .arg_name = "SHAPE",
     .help = "random (default), chain, star, caterpillar or binary",
     CG_OPTION_FIELD(shape),
     .choices = "random|chain|star|caterpillar|binary"},
    {.name = NULL},
};

/* The judge's input exactly: T, then each tree's n and its n - 1 edges,
 * one a line, in range, forming a tree. */
cg_status cg_gamecs_validate_input(cg_validator *v) {
    uint64_t trees, n, u, w, x;
    cg_status st = cg_expect_int(v, 1, JUDGE_CASES, "the number of trees T", &trees);
    if (st == CG_OK) {
        st = cg_expect_eol(v);
    }
    cg_union_find uf;
    cg_union_find_init(&uf, NULL);
    for (uint64_t t = 0; st == CG_OK && t < trees; t++) {
        st = cg_expect_int(v, 2, JUDGE_NODES, "the number of nodes n", &n);
        if (st == CG_OK && (st = cg_expect_eol(v)) == CG_OK) {
            st = cg_union_find_reset(&uf, (size_t)n, v->err);
        }
        for (uint64_t e = 0; st == CG_OK && e + 1 < n; e++) {
            uint64_t line = v->line;
            if ((st = cg_expect_int(v, 0, n - 1, "u", &u)) != CG_OK ||
                (st = cg_expect_space(v)) != CG_OK) {
                break;
            }
            uint64_t column = v->column;
            if ((st = cg_expect_int(v, 0, n - 1, "v", &x)) != CG_OK ||
                (st = cg_expect_space(v)) != CG_OK ||
                (st = cg_expect_int(v, 1, JUDGE_WEIGHT, "the weight w", &w)) != CG_OK ||
                (st = cg_expect_eol(v)) != CG_OK) {
                break;
            }
            if (u == x) {
                st = cg_validation_error(v, line, column, "an edge from node %llu to itself",
                                         (unsigned long long)u);
            } else if (!cg_union_find_join(&uf, (uint32_t)u, (uint32_t)x)) {
                st = cg_validation_error(v, line, column,
                                         "the edge %llu %llu closes a cycle: not a tree",
                                         (unsigned long long)u, (unsigned long long)x);
            }
        }
    }
    cg_union_find_free(&uf);
    return st == CG_OK ? cg_expect_eof(v) : st;
}
