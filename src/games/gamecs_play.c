/* Game of CS's play part: the tree is shown as its edges with the units
 * left to paint. A move paints one unit of an edge "u-v" that still has one
 * and is joined to the root 0 through edges not fully painted. Perfect play
 * from Grundy values: the winning moves are the solver's winning first moves
 * of the tree still in play. */
#include <stdlib.h>
#include <string.h>

#include "core/rng_internal.h"
#include "games/gamecs_internal.h"

#define MAX_PLAY_NODES 10000 /* each move re-solves the tree: keep it small */

typedef struct play_state {
    size_t n;
    uint32_t *u, *v; /* the edges as given */
    uint64_t *w;     /* units left on each */
    bool *live;      /* node joined to the root through unpainted edges */
    uint32_t *label; /* node -> number in the tree still in play */
    uint32_t *edge_of;
    uint32_t *tu, *tv; /* the tree still in play, renumbered */
    uint64_t *tw;
    uint32_t *parent_end; /* each edge's end nearer the root, in the tree as given */
    cg_gamecs_solver solver;
    bool ready;
} play_state;

static cg_status allocate(play_state *s, size_t n, cg_budget *budget, cg_error *err) {
    if (n < 2 || n > MAX_PLAY_NODES) {
        return cg_error_set(err, CG_ERR_INPUT, "a tree to play has 2 to %d nodes, not %zu",
                            MAX_PLAY_NODES, n);
    }
    s->n = n;
    s->u = calloc(n, sizeof *s->u);
    s->v = calloc(n, sizeof *s->v);
    s->w = calloc(n, sizeof *s->w);
    s->live = calloc(n, sizeof *s->live);
    s->label = calloc(n, sizeof *s->label);
    s->edge_of = calloc(n, sizeof *s->edge_of);
    s->tu = calloc(n, sizeof *s->tu);
    s->tv = calloc(n, sizeof *s->tv);
    s->tw = calloc(n, sizeof *s->tw);
    s->parent_end = calloc(n, sizeof *s->parent_end);
    cg_gamecs_init(&s->solver, budget);
    s->ready = true;
    if (!s->u || !s->v || !s->w || !s->live || !s->label || !s->edge_of || !s->tu || !s->tv ||
        !s->tw || !s->parent_end) {
        return cg_error_nomem(err, "setting up the tree");
    }
    return CG_OK;
}

/* Mark the nodes still joined to the root (a tree: repeat until stable). */
static void mark_live(play_state *s) {
    memset(s->live, 0, s->n * sizeof *s->live);
    s->live[0] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i + 1 < s->n; i++) {
            if (s->w[i] > 0 && s->live[s->u[i]] != s->live[s->v[i]]) {
                s->live[s->u[i]] = s->live[s->v[i]] = true;
                changed = true;
            }
        }
    }
}

/* Orient every edge from the root (label serves as the set of nodes
 * reached; a tree: repeat until stable). */
static void orient(play_state *s) {
    memset(s->label, 0, s->n * sizeof *s->label);
    s->label[0] = 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i + 1 < s->n; i++) {
            if (s->label[s->u[i]] != s->label[s->v[i]]) {
                s->parent_end[i] = s->label[s->u[i]] ? s->u[i] : s->v[i];
                s->label[s->u[i]] = s->label[s->v[i]] = 1;
                changed = true;
            }
        }
    }
}

static cg_status check_tree(play_state *s, cg_error *err) {
    cg_status st = cg_gamecs_solve(&s->solver, s->n, s->u, s->v, s->w, false, err);
    mark_live(s);
    if (st == CG_OK) {
        orient(s);
    }
    return st;
}

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    (void)options;
    play_state *s = state;
    if (position == NULL) {
        /* A small tree with every kind of edge: weights 1, even and odd. */
        static const uint32_t eu[] = {0, 0, 1, 1, 2, 5}, ev[] = {1, 2, 3, 4, 5, 6};
        static const uint64_t ew[] = {2, 1, 3, 1, 2, 1};
        cg_status st = allocate(s, 7, budget, err);
        for (size_t i = 0; st == CG_OK && i < 6; i++) {
            s->u[i] = eu[i], s->v[i] = ev[i], s->w[i] = ew[i];
        }
        return st == CG_OK ? check_tree(s, err) : st;
    }
    int64_t n;
    cg_status st = cg_scan_int(position, "the number of nodes", 2, MAX_PLAY_NODES, &n, NULL, err);
    if (st == CG_OK) {
        st = allocate(s, (size_t)n, budget, err);
    }
    for (int64_t i = 0; st == CG_OK && i + 1 < n; i++) {
        int64_t a, b, weight;
        if ((st = cg_scan_int(position, "a node index", 0, n - 1, &a, NULL, err)) == CG_OK &&
            (st = cg_scan_int(position, "a node index", 0, n - 1, &b, NULL, err)) == CG_OK &&
            (st = cg_scan_int(position, "an edge weight", 1, INT64_MAX, &weight, NULL, err)) ==
                CG_OK) {
            s->u[i] = (uint32_t)a, s->v[i] = (uint32_t)b, s->w[i] = (uint64_t)weight;
        }
    }
    if (st == CG_OK && check_tree(s, err) != CG_OK) {
        st = cg_error_set(err, CG_ERR_INPUT, "%s: the edges do not form a tree",
                          cg_scanner_name(position));
    }
    return st;
}

/* A random tree of 4 to 9 nodes, weights 1 to 4. */
static cg_status start_random(void *state, uint64_t seed, const cg_options *options,
                              cg_budget *budget, cg_error *err) {
    (void)options;
    play_state *s = state;
    cg_rng rng = cg_rng_make(seed);
    size_t n = 4 + (size_t)cg_rng_below(&rng, 6);
    cg_status st = allocate(s, n, budget, err);
    for (size_t i = 0; st == CG_OK && i + 1 < n; i++) {
        s->u[i] = (uint32_t)cg_rng_below(&rng, i + 1);
        s->v[i] = (uint32_t)(i + 1);
        s->w[i] = 1 + cg_rng_below(&rng, 4);
    }
    return st == CG_OK ? check_tree(s, err) : st;
}

static void show(void *state, size_t columns, cg_buf *out) {
    (void)columns; /* the core folds the edges at their spaces */
    const play_state *s = state;
    cg_buf_puts(out, "  Edges (units left to paint):");
    for (size_t i = 0; i + 1 < s->n; i++) {
        bool playable = s->w[i] > 0 && s->live[s->u[i]] && s->live[s->v[i]];
        cg_buf_printf(out, "%s %u-%u:%llu%s", i % 8 == 0 ? "\n   " : "", s->u[i], s->v[i],
                      (unsigned long long)s->w[i], playable || s->w[i] == 0 ? "" : "(cut off)");
    }
    cg_buf_putc(out, '\n');
}

static cg_status legal_moves(void *state, cg_strlist *moves, cg_error *err) {
    (void)err;
    const play_state *s = state;
    for (size_t i = 0; i + 1 < s->n; i++) {
        if (s->w[i] > 0 && s->live[s->u[i]] && s->live[s->v[i]]) {
            cg_strlist_addf(moves, "%u-%u", s->u[i], s->v[i]);
        }
    }
    return CG_OK;
}

/* Number the tree still in play (live nodes, unpainted edges, the root 0)
 * into tu, tv, tw (m edges, edge_of naming each one's edge); its nodes. */
static uint32_t tree_in_play(play_state *s, size_t *edges) {
    uint32_t count = 0;
    for (size_t x = 0; x < s->n; x++) {
        s->label[x] = s->live[x] ? count++ : UINT32_MAX;
    }
    size_t m = 0;
    for (size_t i = 0; i + 1 < s->n; i++) {
        if (s->w[i] > 0 && s->live[s->u[i]] && s->live[s->v[i]]) {
            s->tu[m] = s->label[s->u[i]], s->tv[m] = s->label[s->v[i]], s->tw[m] = s->w[i];
            s->edge_of[m++] = (uint32_t)i;
        }
    }
    *edges = m;
    return count;
}

/* Solve the tree still in play (m edges), oriented: CG_END when no edge is
 * left. */
static cg_status solve_in_play(play_state *s, size_t *m, cg_error *err) {
    uint32_t count = tree_in_play(s, m);
    return count < 2 ? CG_END : cg_gamecs_solve(&s->solver, count, s->tu, s->tv, s->tw, true, err);
}

/* Solve the tree still in play and list its winning first moves by their
 * edges. */
static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    play_state *s = state;
    size_t m;
    cg_status st = solve_in_play(s, &m, err);
    if (st != CG_OK) {
        return st == CG_END ? CG_OK : st;
    }
    /* A winning node x names the edge from its parent; list in edge order. */
    const cg_gamecs_result *r = &s->solver.result;
    for (size_t k = 0; k < m; k++) {
        for (size_t j = 0; j < r->winning_count; j++) {
            uint32_t x = r->winning[j], p = r->parent[x];
            if ((s->tu[k] == x && s->tv[k] == p) || (s->tu[k] == p && s->tv[k] == x)) {
                uint32_t i = s->edge_of[k];
                cg_strlist_addf(moves, "%u-%u", s->u[i], s->v[i]);
            }
        }
    }
    return CG_OK;
}

static cg_status play(void *state, const char *move, cg_error *err) {
    play_state *s = state;
    unsigned a, b;
    char tail;
    if (sscanf(move, "%u-%u%c", &a, &b, &tail) != 2) {
        return cg_error_set(err, CG_ERR_INPUT, "expected an edge such as 0-1");
    }
    for (size_t i = 0; i + 1 < s->n; i++) {
        if ((s->u[i] == a && s->v[i] == b) || (s->u[i] == b && s->v[i] == a)) {
            if (s->w[i] == 0) {
                return cg_error_set(err, CG_ERR_INPUT, "edge %u-%u is fully painted", a, b);
            }
            if (!s->live[s->u[i]] || !s->live[s->v[i]]) {
                return cg_error_set(err, CG_ERR_INPUT,
                                    "edge %u-%u is cut off from the root by a painted edge", a, b);
            }
            s->w[i]--;
            mark_live(s);
            return CG_OK;
        }
    }
    return cg_error_set(err, CG_ERR_INPUT, "there is no edge %u-%u", a, b);
}

/* ---- values: the root's subtrees --------------------------------------- */

static cg_nimber with_edge(const cg_gamecs_result *r, uint32_t x) {
    return cg_gamecs_edge_value(r->weight[x], r->children[x]);
}

/* The root's subtrees' values (edges included) as a value's components,
 * with the one of `changed` (a child of the root, or UINT32_MAX) replaced
 * by `value`: the first CG_PLAY_MAX_COMPONENTS in breadth-first order, the
 * rest counted, the nim-sum from the root's (O(1) beyond the first few). */
static void root_parts(const cg_gamecs_result *r, const uint32_t *kids, size_t kid_count,
                       uint32_t changed, cg_nimber value, cg_play_values *values,
                       cg_play_value *v) {
    cg_play_value_grundy(v, values);
    size_t shown = kid_count < CG_PLAY_MAX_COMPONENTS ? kid_count : CG_PLAY_MAX_COMPONENTS;
    for (size_t k = 0; k < shown; k++) {
        cg_play_values_component(values, v, kids[k] == changed ? value : with_edge(r, kids[k]));
    }
    if (v != NULL) {
        v->components_omitted = kid_count - shown;
        v->amount = changed == UINT32_MAX ? r->value : r->value ^ with_edge(r, changed) ^ value;
    }
}

/* Painting a unit of the edge above x changes the values on the way up
 * only: O(depth) per move. */
static cg_status move_values(void *state, cg_play_values *values, cg_error *err) {
    play_state *s = state;
    size_t m;
    cg_status st = solve_in_play(s, &m, err);
    if (st != CG_OK) {
        return st == CG_END ? CG_OK : st;
    }
    const cg_gamecs_result *r = &s->solver.result;
    /* the root's children, in breadth-first order (label is free here) */
    size_t kid_count = 0;
    for (size_t k = 1; k < r->n && r->parent[r->order[k]] == 0; k++) {
        s->label[kid_count++] = r->order[k];
    }
    root_parts(r, s->label, kid_count, UINT32_MAX, 0, values, &values->position);
    values->position.outcome = r->value != 0 ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
    for (size_t k = 0; k < m; k++) {
        uint32_t x = r->parent[s->tu[k]] == s->tv[k] && s->tu[k] != 0 ? s->tu[k] : s->tv[k];
        cg_nimber value = cg_gamecs_edge_value(r->weight[x] - 1, r->children[x]);
        while (r->parent[x] != 0) {
            uint32_t p = r->parent[x];
            cg_nimber children = r->children[p] ^ with_edge(r, x) ^ value;
            value = cg_gamecs_edge_value(r->weight[p], children);
            x = p;
        }
        uint32_t i = s->edge_of[k];
        char name[32];
        snprintf(name, sizeof name, "%u-%u", s->u[i], s->v[i]);
        cg_play_value *v = cg_play_values_add(values, name, CG_OUTCOME_LOSS);
        root_parts(r, s->label, kid_count, x, value, values, v);
        if (v != NULL) {
            v->outcome = v->amount == 0 ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
        }
    }
    return CG_OK;
}

/* Every edge, oriented from the root of the tree as given. */
static void describe(void *state, cg_report *report) {
    const play_state *s = state;
    cg_report_int(report, "nodes", (int64_t)s->n);
    cg_report_int(report, "root", 0);
    cg_report_open_list(report, "edges");
    for (size_t i = 0; i + 1 < s->n; i++) {
        bool down = s->parent_end[i] == s->u[i];
        cg_report_open_object(report, NULL);
        cg_report_printf(report, "edge", "%u-%u", s->u[i], s->v[i]);
        cg_report_int(report, "parent", down ? s->u[i] : s->v[i]);
        cg_report_int(report, "child", down ? s->v[i] : s->u[i]);
        cg_report_printf(report, "units_left", "%llu", (unsigned long long)s->w[i]);
        cg_report_bool(report, "playable", s->w[i] > 0 && s->live[s->u[i]] && s->live[s->v[i]]);
        cg_report_close(report);
    }
    cg_report_close(report);
}

/* The judge's format for the tree still in play, renumbered (the root 0). */
static cg_status write_position(void *state, cg_buf *out, cg_error *err) {
    play_state *s = state;
    size_t m;
    uint32_t count = tree_in_play(s, &m);
    if (count < 2) {
        return cg_error_set(err, CG_ERR_USAGE, "the game is over: no tree is left to save");
    }
    cg_buf_printf(out, "%u\n", count);
    for (size_t k = 0; k < m; k++) {
        cg_buf_printf(out, "%u %u %llu\n", s->tu[k], s->tv[k], (unsigned long long)s->tw[k]);
    }
    return CG_OK;
}

static void close_play(void *state) {
    play_state *s = state;
    if (s->ready) {
        cg_gamecs_free(&s->solver);
    }
    free(s->u);
    free(s->v);
    free(s->w);
    free(s->live);
    free(s->label);
    free(s->edge_of);
    free(s->tu);
    free(s->tv);
    free(s->tw);
    free(s->parent_end);
}

const cg_play_rules cg_gamecs_play = {
    .intro = "Game of CS: a tree rooted at 0 whose edges hold units of paint. We "
             "take turns painting one unit of an edge still joined to the root "
             "through edges not fully painted. Whoever cannot paint loses.\n",
    .move_word = "edge",
    .move_help = "an edge such as 0-1",
    .state_size = sizeof(play_state),
    .start = start,
    .start_random = start_random,
    .show = show,
    .legal_moves = legal_moves,
    .winning_moves = winning_moves,
    .play = play,
    .close = close_play,
    .move_values = move_values,
    .describe = describe,
    .write_position = write_position,
};
