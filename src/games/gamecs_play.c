/* Game of CS's play part: the tree is shown as its edges with the units
 * left to paint. A move paints one unit of an edge "u-v" that still has one
 * and is joined to the root 0 through edges not fully painted. Perfect play
 * from Grundy values: the winning moves are the solver's winning first moves
 * of the tree still in play. */
#include <stdlib.h>
#include <string.h>

#include "cgsolve/games/gamecs.h"
#include "cgsolve/rng.h"

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
    cg_gamecs_init(&s->solver, budget);
    s->ready = true;
    if (!s->u || !s->v || !s->w || !s->live || !s->label || !s->edge_of || !s->tu || !s->tv ||
        !s->tw) {
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

static cg_status check_tree(play_state *s, cg_error *err) {
    cg_status st = cg_gamecs_solve(&s->solver, s->n, s->u, s->v, s->w, false, err);
    mark_live(s);
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

static void show(void *state, cg_buf *out) {
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

/* Solve the tree still in play (live nodes, unpainted edges, the root
 * numbered 0) and list its winning first moves by their edges. */
static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    play_state *s = state;
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
    if (count < 2) {
        return CG_OK;
    }
    cg_status st = cg_gamecs_solve(&s->solver, count, s->tu, s->tv, s->tw, true, err);
    if (st != CG_OK) {
        return st;
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
}

const cg_play_rules cg_gamecs_play = {
    .intro = "Game of CS: a tree rooted at 0 whose edges hold units of paint. We take\n"
             "turns painting one unit of an edge still joined to the root through\n"
             "edges not fully painted. Whoever cannot paint loses.\n",
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
};
