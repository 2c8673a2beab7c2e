#include "games/gamecs_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/budget_internal.h"
#include "core/grow_internal.h"
#include "core/union_find_internal.h"

#define EXPLAIN_MAX_SUBTREES 10000
#define NO_NEED UINT64_MAX /* no move inside this subtree can win */
#define NO_PARENT UINT32_MAX

void cg_gamecs_init(cg_gamecs_solver *solver, cg_budget *budget) {
    memset(solver, 0, sizeof *solver);
    solver->budget = budget;
}

void cg_gamecs_free(cg_gamecs_solver *solver) {
    cg_gamecs_result *r = &solver->result;
    free(r->parent);
    free(r->weight);
    free(r->children);
    free(r->order);
    free(r->winning);
    free(solver->row_start);
    free(solver->neighbour);
    free(solver->neighbour_weight);
    free(solver->need);
    free(solver->links);
    free(solver->label);
    free(solver->ends);
    cg_budget_give(solver->budget, solver->held, 1);
    cg_budget_give(solver->budget, solver->links_held, 1);
    cg_budget *budget = solver->budget;
    memset(solver, 0, sizeof *solver);
    solver->budget = budget;
}

/* The arrays of the peeling solver. */
static cg_status reserve_links(cg_gamecs_solver *s, size_t n, cg_error *err) {
    if (n <= s->links_capacity) {
        return CG_OK;
    }
    const cg_array arrays[] = {
        {&s->links, sizeof *s->links, 1, 0},
        {&s->label, sizeof *s->label, 1, 0},
        {&s->ends, sizeof *s->ends, 2, 0},
    };
    cg_status st = cg_resize_arrays(s->budget, &s->links_held, arrays, 3, n, "a tree", err);
    if (st == CG_OK) {
        s->links_capacity = n;
    }
    return st;
}

/* The arrays of the oriented solver. */
static cg_status reserve(cg_gamecs_solver *s, size_t n, cg_error *err) {
    if (n <= s->capacity) {
        return CG_OK;
    }
    cg_gamecs_result *r = &s->result;
    const cg_array arrays[] = {
        {&r->parent, sizeof *r->parent, 1, 0},
        {&r->weight, sizeof *r->weight, 1, 0},
        {&r->children, sizeof *r->children, 1, 0},
        {&r->order, sizeof *r->order, 1, 0},
        {&r->winning, sizeof *r->winning, 1, 0},
        {&s->need, sizeof *s->need, 1, 0},
        {&s->row_start, sizeof *s->row_start, 1, 1},
        {&s->neighbour, sizeof *s->neighbour, 2, 0},
        {&s->neighbour_weight, sizeof *s->neighbour_weight, 2, 0},
    };
    cg_status st = cg_resize_arrays(s->budget, &s->held, arrays, sizeof arrays / sizeof *arrays, n,
                                    "a tree", err);
    if (st == CG_OK) {
        s->capacity = n;
    }
    return st;
}

/* Compressed adjacency rows of the undirected edges. */
static void build_rows(cg_gamecs_solver *s, size_t n, const uint32_t *u, const uint32_t *v,
                       const uint64_t *w) {
    uint32_t *start = s->row_start;
    memset(start, 0, (n + 1) * sizeof *start);
    for (size_t i = 0; i + 1 < n; i++) {
        start[u[i] + 1]++;
        start[v[i] + 1]++;
    }
    for (size_t k = 0; k < n; k++) {
        start[k + 1] += start[k];
    }
    /* Fill using order[] as per-node cursors (it is rebuilt by the BFS). */
    uint32_t *cursor = s->result.order;
    memcpy(cursor, start, n * sizeof *cursor);
    for (size_t i = 0; i + 1 < n; i++) {
        s->neighbour[cursor[u[i]]] = v[i];
        s->neighbour_weight[cursor[u[i]]++] = w[i];
        s->neighbour[cursor[v[i]]] = u[i];
        s->neighbour_weight[cursor[v[i]]++] = w[i];
    }
}

/* Orient the tree from the root: parent, weight and breadth-first order. */
static size_t orient(cg_gamecs_solver *s, size_t n) {
    cg_gamecs_result *r = &s->result;
    for (size_t k = 0; k < n; k++) {
        r->parent[k] = NO_PARENT;
    }
    r->parent[0] = 0;
    r->weight[0] = 0;
    r->order[0] = 0;
    size_t head = 0, tail = 1;
    while (head < tail) {
        uint32_t x = r->order[head++];
        for (uint32_t e = s->row_start[x]; e < s->row_start[x + 1]; e++) {
            uint32_t y = s->neighbour[e];
            if (r->parent[y] == NO_PARENT) {
                r->parent[y] = x;
                r->weight[y] = s->neighbour_weight[e];
                r->order[tail++] = y;
            }
        }
    }
    return tail;
}

/* The C' a subtree must take so that an edge of weight w above it is worth
 * target, or NO_NEED when no C' does (f(1, c) = c + 1 is never 0). */
static cg_nimber inverse_edge_value(uint64_t w, cg_nimber target) {
    if (w == 1) {
        return target >= 1 ? target - 1 : NO_NEED;
    }
    return (w % 2 == 0) ? target : (target ^ 1);
}

static int compare_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* need[v] is the value children[v] must take for the whole tree to become 0
 * when the move is made inside v's subtree. A move changes exactly one term,
 * f(w, children[v]) in children[parent], and f(w, .) is invertible, so need
 * propagates top-down in one pass. */
static void find_winning_moves(cg_gamecs_solver *s) {
    cg_gamecs_result *r = &s->result;
    r->winning_count = 0;
    if (r->value == 0) {
        return;
    }
    s->need[0] = 0;
    for (size_t i = 1; i < r->n; i++) {
        uint32_t v = r->order[i], p = r->parent[v];
        if (s->need[p] == NO_NEED) {
            s->need[v] = NO_NEED;
            continue;
        }
        uint64_t w = r->weight[v];
        cg_nimber term = cg_gamecs_edge_value(w, r->children[v]);
        cg_nimber target = s->need[p] ^ r->children[p] ^ term;
        if (cg_gamecs_edge_value(w - 1, r->children[v]) == target) {
            r->winning[r->winning_count++] = v;
        }
        s->need[v] = inverse_edge_value(w, target);
    }
    qsort(r->winning, r->winning_count, sizeof *r->winning, compare_u32);
}

/* Renumber the nodes in their order of first appearance in the edge list
 * (ends[2i], ends[2i + 1] are edge i's). The lookups of later edges are
 * issued ahead, so their cache misses overlap. Returns the root's number, or
 * UINT32_MAX when no edge touches node 0. */
static uint32_t renumber(cg_gamecs_solver *s, size_t n, const uint32_t *u, const uint32_t *v) {
    enum { AHEAD = 16 };
    uint32_t *label = s->label;
    memset(label, 0xff, n * sizeof *label);
    uint32_t next = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        if (i + AHEAD + 1 < n) {
            __builtin_prefetch(&label[u[i + AHEAD]], 1);
            __builtin_prefetch(&label[v[i + AHEAD]], 1);
        }
        if (label[u[i]] == UINT32_MAX) {
            label[u[i]] = next++;
        }
        if (label[v[i]] == UINT32_MAX) {
            label[v[i]] = next++;
        }
        s->ends[2 * i] = label[u[i]];
        s->ends[2 * i + 1] = label[v[i]];
    }
    return label[0];
}

/* Remove leaf x (degree 1, not the root) into its only neighbour, which it
 * names through the XORs; return that neighbour. */
static uint32_t peel(cg_gamecs_links *links, uint32_t x) {
    uint32_t p = links[x].neighbours;
    uint64_t w = links[x].weights;
    links[p].children ^= cg_gamecs_edge_value(w, links[x].children);
    links[p].degree--;
    links[p].neighbours ^= x;
    links[p].weights ^= w;
    links[x].degree = 0;
    return p;
}

/* The value by peeling leaves towards the root. With n - 1 edges, the graph
 * is a tree exactly when every node but the root is peeled: nodes on a cycle
 * never become leaves. Scanning the nodes in order and following each newly
 * made leaf below the scan point at once (as when building a Pruefer code)
 * needs no queue. */
static cg_status solve_by_peeling(cg_gamecs_solver *s, size_t n, const uint32_t *u,
                                  const uint32_t *v, const uint64_t *w, cg_error *err) {
    uint32_t root = renumber(s, n, u, v);
    if (root == UINT32_MAX) {
        return cg_error_set(err, CG_ERR_INPUT, "the edges do not connect every node");
    }
    cg_gamecs_links *links = s->links;
    memset(links, 0, n * sizeof *links);
    const uint32_t *ends = s->ends;
    for (size_t i = 0; i + 1 < n; i++) {
        uint32_t a = ends[2 * i], b = ends[2 * i + 1];
        links[a].degree++;
        links[a].neighbours ^= b;
        links[a].weights ^= w[i];
        links[b].degree++;
        links[b].neighbours ^= a;
        links[b].weights ^= w[i];
    }
    size_t peeled = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t x = i;
        while (x != root && x <= i && links[x].degree == 1) {
            x = peel(links, x);
            peeled++;
        }
    }
    if (peeled != n - 1) {
        return cg_error_set(err, CG_ERR_INPUT, "the edges do not connect every node");
    }
    s->result.value = links[root].children;
    return CG_OK;
}

cg_status cg_gamecs_solve(cg_gamecs_solver *s, size_t n, const uint32_t *u, const uint32_t *v,
                          const uint64_t *w, bool find_moves, cg_error *err) {
    if (s == NULL || (n > 1 && (u == NULL || v == NULL || w == NULL))) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_gamecs_solve: NULL %s",
                            s == NULL ? "solver" : "edge list");
    }
    if (n < 1 || n >= UINT32_MAX) {
        return cg_error_set(err, CG_ERR_INPUT, "a tree needs 1 to %u nodes, found %zu",
                            UINT32_MAX - 1, n);
    }
    /* The budget is checked before any edge is read. */
    cg_status st = find_moves ? reserve(s, n, err) : reserve_links(s, n, err);
    if (st != CG_OK) {
        return st;
    }
    cg_gamecs_result *r = &s->result;
    for (size_t i = 0; i + 1 < n; i++) {
        if (u[i] >= n || v[i] >= n || w[i] == 0) {
            return cg_error_set(err, CG_ERR_INPUT, "edge %zu is not a valid edge", i + 1);
        }
    }
    r->winning_count = 0;
    if (!find_moves) {
        r->n = 0; /* the oriented fields are not set */
        st = solve_by_peeling(s, n, u, v, w, err);
        r->n = st == CG_OK ? n : 0;
        return st;
    }
    r->n = n;
    build_rows(s, n, u, v, w);
    if (orient(s, n) != n) {
        return cg_error_set(err, CG_ERR_INPUT, "the edges do not connect every node");
    }
    for (size_t k = 0; k < n; k++) {
        r->children[k] = 0;
    }
    /* Leaves first: each node's value is final before its parent reads it. */
    for (size_t i = n; i-- > 1;) {
        uint32_t x = r->order[i];
        r->children[r->parent[x]] ^= cg_gamecs_edge_value(r->weight[x], r->children[x]);
    }
    r->value = r->children[0];
    find_winning_moves(s);
    return CG_OK;
}

/* ---- the cgsolve game interface ---------------------------------------- */

typedef struct edge_place {
    uint64_t line, column;
} edge_place;

typedef struct run_state {
    cg_gamecs_solver solver;
    cg_union_find components;
    bool explain;
    size_t n;
    uint32_t *u, *v;
    uint64_t *w;
    edge_place *where; /* where each edge starts in the input, for messages */
    size_t edge_capacity;
    cg_budget *budget;
    size_t edges_held; /* bytes of u, v, w and where in budget */
} run_state;

static cg_status open_run(void *state, const cg_options *options, cg_budget *budget,
                          cg_error *err) {
    (void)err; /* cannot fail */
    run_state *s = state;
    s->budget = budget;
    cg_gamecs_init(&s->solver, budget);
    cg_union_find_init(&s->components, budget);
    s->explain = options->output != CG_OUTPUT_JUDGE;
    return CG_OK;
}

static cg_status reserve_edges(run_state *s, size_t n, cg_error *err) {
    if (n <= s->edge_capacity) {
        return CG_OK;
    }
    const cg_array arrays[] = {
        {&s->u, sizeof *s->u, 1, 0},
        {&s->v, sizeof *s->v, 1, 0},
        {&s->w, sizeof *s->w, 1, 0},
        {&s->where, sizeof *s->where, 1, 0},
    };
    cg_status st = cg_resize_arrays(s->budget, &s->edges_held, arrays, 4, n, "the edge list", err);
    if (st == CG_OK) {
        s->edge_capacity = n;
    }
    return st;
}

static cg_status read_edge(run_state *s, cg_scanner *in, size_t i, cg_error *err) {
    int64_t a, b, weight;
    int64_t last = (int64_t)s->n - 1;
    cg_token at;
    cg_status st = cg_scan_int(in, "a node index (edge start)", 0, last, &a, &at, err);
    if (st != CG_OK) {
        return st;
    }
    if ((st = cg_scan_int(in, "a node index (edge end)", 0, last, &b, NULL, err)) != CG_OK) {
        return st;
    }
    st = cg_scan_int(in, "an edge weight", 1, INT64_MAX, &weight, NULL, err);
    if (st != CG_OK) {
        return st;
    }
    if (a == b) {
        return cg_scan_error_at(in, &at, 0, err, "edge %lld-%lld is a self-loop", (long long)a,
                                (long long)b);
    }
    s->u[i] = (uint32_t)a;
    s->v[i] = (uint32_t)b;
    s->w[i] = (uint64_t)weight;
    s->where[i].line = at.line;
    s->where[i].column = at.column;
    return CG_OK;
}

/* The edges are not a tree: name the first edge that closes a cycle (with
 * n - 1 edges, a graph that is not a tree has one). */
static cg_status not_a_tree(run_state *s, cg_scanner *in, cg_error *err) {
    cg_status st = cg_union_find_reset(&s->components, s->n, err);
    for (size_t i = 0; st == CG_OK && i + 1 < s->n; i++) {
        if (!cg_union_find_join(&s->components, s->u[i], s->v[i])) {
            unsigned a = s->u[i], b = s->v[i];
            cg_token at = {NULL, 0, s->where[i].line, s->where[i].column};
            return cg_scan_error_at(in, &at, 0, err,
                                    "edge %u-%u closes a cycle (or repeats an edge): %u and %u "
                                    "are already connected, so the edges are not a tree",
                                    a, b, a, b);
        }
    }
    return st == CG_OK ? cg_error_set(err, CG_ERR_INTERNAL, "a non-tree without a cycle") : st;
}

static cg_status read_case(void *state, cg_scanner *in, cg_error *err) {
    run_state *s = state;
    int64_t n;
    cg_status st = cg_scan_int(in, "the number of nodes", 2, UINT32_MAX - 1, &n, NULL, err);
    if (st != CG_OK) {
        return st;
    }
    s->n = (size_t)n;
    if ((st = reserve_edges(s, s->n, err)) != CG_OK) {
        return st;
    }
    for (size_t i = 0; i + 1 < s->n; i++) {
        if ((st = read_edge(s, in, i, err)) != CG_OK) {
            return st;
        }
    }
    /* Solving checks the shape (n - 1 edges form a tree iff they connect
     * every node); only a failure needs the slower search for its place. */
    st = cg_gamecs_solve(&s->solver, s->n, s->u, s->v, s->w, s->explain, err);
    return st == CG_ERR_INPUT ? not_a_tree(s, in, err) : st;
}

static cg_status solve_case(void *state, cg_error *err) {
    (void)state; /* solved while reading, which validates the tree */
    (void)err;
    return CG_OK;
}

static void write_answer(void *state, uint64_t number, cg_buf *out) {
    const run_state *s = state;
    cg_buf_printf(out, "Case %llu: %s\n", (unsigned long long)number,
                  s->solver.result.value != 0 ? "Emily" : "Jolly");
}

static void explain_case(void *state, cg_report *report) {
    const cg_gamecs_result *r = &((const run_state *)state)->solver.result;
    cg_report_int(report, "nodes", (int64_t)r->n);
    cg_report_int(report, "grundy", (int64_t)r->value);
    cg_report_string(report, "winner", r->value != 0 ? "first" : "second");
    /* Explanations are for reading: huge trees list their first subtrees. */
    size_t shown = r->n < EXPLAIN_MAX_SUBTREES ? r->n : EXPLAIN_MAX_SUBTREES;
    cg_report_open_list(report, "subtrees");
    for (size_t i = 0; i < shown; i++) {
        uint32_t x = r->order[i];
        cg_report_open_object(report, NULL);
        cg_report_int(report, "node", x);
        cg_report_int(report, "parent", x == 0 ? -1 : (int64_t)r->parent[x]);
        /* weights reach 2^63 - 1: strings, so no reader loses precision */
        cg_report_printf(report, "weight", "%llu", (unsigned long long)r->weight[x]);
        cg_report_int(report, "children_xor", (int64_t)r->children[x]);
        cg_report_int(report, "with_edge",
                      x == 0 ? (int64_t)r->children[0]
                             : (int64_t)cg_gamecs_edge_value(r->weight[x], r->children[x]));
        cg_report_close(report);
    }
    cg_report_close(report);
    cg_report_int(report, "subtrees_omitted", (int64_t)(r->n - shown));
    cg_report_open_list(report, "winning_moves");
    for (size_t i = 0; i < r->winning_count; i++) {
        uint32_t x = r->winning[i];
        cg_report_open_object(report, NULL);
        cg_report_open_list(report, "edge");
        cg_report_int(report, NULL, r->parent[x]);
        cg_report_int(report, NULL, x);
        cg_report_close(report);
        cg_report_printf(report, "weight_after", "%llu", (unsigned long long)(r->weight[x] - 1));
        cg_report_close(report);
    }
    cg_report_close(report);
}

static void close_run(void *state) {
    run_state *s = state;
    cg_gamecs_free(&s->solver);
    cg_union_find_free(&s->components);
    free(s->u);
    free(s->v);
    free(s->w);
    free(s->where);
    cg_budget_give(s->budget, s->edges_held, 1);
}

const cg_game cg_game_gamecs = {
    .name = "gamecs",
    .summary = "UVa 12033 Game of CS: edge painting on a weighted tree (Grundy values)",
    .input_help = "Input: a count T, then T trees: n (number of nodes, >= 2), then n-1 edges\n"
                  "'u v w' (nodes 0..n-1, weight 1 <= w < 2^63) forming a tree rooted at 0.\n"
                  "Output per tree: 'Case x: Emily' when the first player wins, else\n"
                  "'Case x: Jolly'. Explanations add every subtree's value and Emily's winning\n"
                  "first moves.\n",
    .case_count = "the number of test cases (a non-negative integer)",
    .case_separator = "",
    .state_size = sizeof(run_state),
    .open = open_run,
    .read_case = read_case,
    .solve_case = solve_case,
    .write_answer = write_answer,
    .explain_case = explain_case,
    .close = close_run,
    .gen_options = cg_gamecs_gen_options,
    .generate_case = cg_gamecs_generate_case,
    .shrink_case = cg_gamecs_shrink_case,
    .case_size = cg_gamecs_case_size,
    .size_unit = {"node", "nodes"},
    .judge_limits = cg_gamecs_judge_limits,
    .validate_input = cg_gamecs_validate_input,
    .play = &cg_gamecs_play,
};
