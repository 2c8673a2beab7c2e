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

/* The first case checks --cases against the judge's limit, every case the
 * sizes. */
static cg_status within_limits(const cg_options *options, uint64_t index, cg_error *err) {
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
    return st;
}

/* What case index is: its size, its shape and whether its weights are hard. */
typedef struct tree_kind {
    uint64_t n;
    int shape;
    bool hard;
} tree_kind;

static tree_kind kind_of_case(const cg_options *options, cg_rng *rng, uint64_t index) {
    tree_kind kind = {
        .n = options->nodes > 0 ? (uint64_t)options->nodes : 2 + cg_rng_below(rng, 11),
        .shape = (int)options->shape,
        .hard = options->hard,
    };
    uint64_t largest = options->beyond_limits ? 100000 : JUDGE_NODES;
    if (options->edge) {
        kind.n = options->nodes > 0 ? kind.n : (index % 3 == 2 ? largest : 2);
        kind.shape = index % 3 == 2 ? CHAIN : kind.shape;
        kind.hard = true;
    } else if (kind.hard && index % 3 == 2 && options->shape == RANDOM) {
        kind.shape = CHAIN;
        kind.n = options->nodes > 0 ? kind.n : largest / 2 + cg_rng_below(rng, largest / 2 + 1);
    }
    return kind;
}

/* A random tree of that kind: node numbers shuffled (the root keeps 0), the
 * edges in a random order and direction. */
static cg_status write_tree(const cg_options *options, tree_kind kind, cg_rng *rng, cg_buf *out,
                            cg_error *err) {
    uint64_t n = kind.n;
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
        parent[v] = parent_of(kind.shape, v, n, rng);
    }
    cg_buf_printf(out, "%llu", (unsigned long long)n);
    for (uint64_t i = 0; i + 1 < n; i++) {
        uint64_t v = order[i], a = label[parent[v]], b = label[v];
        bool flip = cg_rng_below(rng, 2) == 1;
        cg_buf_printf(out, "\n%llu %llu %llu", (unsigned long long)(flip ? b : a),
                      (unsigned long long)(flip ? a : b),
                      (unsigned long long)weight(options, kind.hard, rng));
    }
    free(parent);
    free(label);
    free(order);
    return CG_OK;
}

cg_status cg_gamecs_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                  cg_buf *out, cg_error *err) {
    cg_status st = within_limits(options, index, err);
    if (st != CG_OK) {
        return st;
    }
    return write_tree(options, kind_of_case(options, rng, index), rng, out, err);
}

/* A tree read back for shrinking: n nodes, edge i from u[i] to v[i] of
 * weight w[i]; from the root 0, each edge's lower end (child[i]) and each
 * node's interval [enter, leave) of its subtree's nodes in a depth-first
 * order. */
typedef struct read_tree {
    unsigned long long n, *u, *v, *w, *child;
    size_t *enter, *leave, *stack, *next;
} read_tree;

/* The n - 1 edges after text's n, every end below n; false when they are
 * not there or memory ran out. */
static bool read_edges(const char *text, read_tree *tree) {
    unsigned long long n = tree->n;
    bool ok = tree->u != NULL && tree->v != NULL && tree->w != NULL && tree->child != NULL &&
              tree->enter != NULL && tree->leave != NULL && tree->stack != NULL &&
              tree->next != NULL;
    int used = 0;
    for (unsigned long long i = 0; ok && i + 1 < n; i++, text += used) {
        ok = sscanf(text, "%llu %llu %llu%n", &tree->u[i], &tree->v[i], &tree->w[i], &used) == 3 &&
             tree->u[i] < n && tree->v[i] < n;
    }
    return ok;
}

/* The subtrees from the root: enter and leave by an explicit depth-first
 * search (a scan of the edges per step: the trees shrunk are small); false
 * when the edges do not form a tree. */
static bool order_tree(read_tree *tree) {
    size_t n = (size_t)tree->n, top = 0, clock = 0;
    for (size_t x = 0; x < n; x++) {
        tree->enter[x] = SIZE_MAX;
        tree->next[x] = 0;
    }
    tree->stack[top++] = 0;
    tree->enter[0] = clock++;
    while (top > 0) {
        size_t x = tree->stack[top - 1], i = tree->next[x];
        while (i + 1 < n && tree->u[i] != x && tree->v[i] != x) {
            i++;
        }
        tree->next[x] = i + 1;
        if (i + 1 >= n) {
            tree->leave[x] = clock;
            top--;
            continue;
        }
        size_t y = (size_t)(tree->u[i] == x ? tree->v[i] : tree->u[i]);
        if (tree->enter[y] == SIZE_MAX) {
            tree->enter[y] = clock++;
            tree->child[i] = y;
            tree->stack[top++] = y;
        }
    }
    return clock == n;
}

static bool below(const read_tree *tree, size_t x, size_t top) {
    return tree->enter[top] <= tree->enter[x] && tree->enter[x] < tree->leave[top];
}

/* The tree of the nodes kept (keep, a test of a node) with merged[x]
 * standing for x, root as the new node 0, the others numbered in their
 * order: each edge whose two ends are kept and apart, weight w[i] (or
 * weight for edge lighter). */
typedef struct reduced {
    const read_tree *tree;
    size_t cut;     /* the edge whose child subtree or side goes, or is contracted */
    int how;        /* DROP, KEEP or CONTRACT */
    size_t lighter; /* the edge given weight (n: none) */
    unsigned long long weight;
} reduced;

enum { DROP, KEEP, CONTRACT, LIGHTER };

static size_t end_of(const reduced *r, size_t x) {
    const read_tree *t = r->tree;
    size_t c = (size_t)t->child[r->cut];
    size_t p = (size_t)(t->u[r->cut] == c ? t->v[r->cut] : t->u[r->cut]);
    return r->how == CONTRACT && x == c ? p : x;
}

static bool kept(const reduced *r, size_t x) {
    const read_tree *t = r->tree;
    size_t c = (size_t)t->child[r->cut];
    if (r->how == DROP) {
        return !below(t, x, c);
    }
    if (r->how == KEEP) {
        return below(t, x, c);
    }
    return r->how != CONTRACT || x != c;
}

static void add_reduced(const reduced *r, cg_strlist *candidates) {
    const read_tree *t = r->tree;
    size_t n = (size_t)t->n, root = r->how == KEEP ? (size_t)t->child[r->cut] : 0, count = 0;
    size_t *label = t->next; /* reused: the new numbers */
    for (size_t x = 0; x < n; x++) {
        label[x] = kept(r, x) && x != root ? ++count : 0;
    }
    cg_buf smaller = CG_BUF_INIT;
    cg_buf_printf(&smaller, "%zu", count + 1);
    for (size_t i = 0; i + 1 < n; i++) {
        size_t a = end_of(r, (size_t)t->u[i]), b = end_of(r, (size_t)t->v[i]);
        if (a != b && kept(r, a) && kept(r, b)) {
            cg_buf_printf(&smaller, "\n%zu %zu %llu", label[a], label[b],
                          i == r->lighter ? r->weight : t->w[i]);
        }
    }
    cg_strlist_addf(candidates, "%s", smaller.data != NULL ? smaller.data : "");
    cg_buf_free(&smaller);
}

/* Edge e's weight lowered to 1, 2, 3 (which stand for every parity class
 * the rule tells apart), half, or by 2 or 1: each lower value once. */
static void add_lighter_edges(const read_tree *tree, size_t e, cg_strlist *candidates) {
    unsigned long long w = tree->w[e];
    unsigned long long lighter[] = {1, 2, 3, w / 2, w - 2, w - 1};
    reduced r = {tree, e, LIGHTER, e, 0};
    for (int k = 0; k < 6; k++) {
        bool again = false;
        for (int j = 0; j < k; j++) {
            again |= lighter[j] == lighter[k];
        }
        if (!again && lighter[k] > 0 && lighter[k] < w) {
            r.weight = lighter[k];
            add_reduced(&r, candidates);
        }
    }
}

/* Smaller trees, every single reduction: each edge's lower subtree cut off
 * (a leaf or more), the tree cut down to that subtree (rooted at its top),
 * the edge contracted (its two ends one node), or its weight lowered. */
void cg_gamecs_shrink_case(const char *text, size_t len, cg_strlist *candidates) {
    (void)len;
    unsigned long long n;
    int used;
    if (sscanf(text, "%llu%n", &n, &used) != 1 || n < 2 || n > 5000) {
        return;
    }
    read_tree tree = {.n = n,
                      .u = malloc(n * sizeof *tree.u),
                      .v = malloc(n * sizeof *tree.v),
                      .w = malloc(n * sizeof *tree.w),
                      .child = malloc(n * sizeof *tree.child),
                      .enter = malloc(n * sizeof *tree.enter),
                      .leave = malloc(n * sizeof *tree.leave),
                      .stack = malloc(n * sizeof *tree.stack),
                      .next = malloc(n * sizeof *tree.next)};
    if (read_edges(text + used, &tree) && order_tree(&tree)) {
        for (int how = DROP; n > 2 && how <= CONTRACT; how++) {
            for (size_t e = 0; e + 1 < n; e++) {
                reduced r = {&tree, e, how, (size_t)n, 0};
                bool leaf = tree.leave[tree.child[e]] == tree.enter[tree.child[e]] + 1;
                if (how != KEEP || !leaf) {
                    add_reduced(&r, candidates);
                }
            }
        }
        for (size_t e = 0; e + 1 < n; e++) {
            add_lighter_edges(&tree, e, candidates);
        }
    }
    free(tree.u);
    free(tree.v);
    free(tree.w);
    free(tree.child);
    free(tree.enter);
    free(tree.leave);
    free(tree.stack);
    free(tree.next);
}

/* A tree's size: its nodes. */
uint64_t cg_gamecs_case_size(const char *text, size_t len) {
    (void)len;
    unsigned long long n = 0;
    return sscanf(text, "%llu", &n) == 1 ? (uint64_t)n : 0;
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
