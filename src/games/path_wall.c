/* The PATH's pairing cut on the board: a wall of pairs the attacker cannot
 * cross (the search's prune, at every position of frames up to
 * WALLS_MAX_SIDE), and where none holds the matching cut of path_cut.c. */
#include <stdlib.h>
#include <string.h>

#include "games/path_solve_internal.h"

/* ---- the pairing cut on the board ---------------------------------------
 *
 * For White (Black: the board transposed): a wall is a path on the corners
 * between cells from the top edge to the bottom edge, never on the left or
 * right edge, so it has the left column on one side and the right column on
 * the other. Every White crossing steps over the wall between two cells
 * somewhere. The wall may step only between two cells holding a Black stone
 * (one is enough) or two empty cells, which become a pair; where it turns,
 * its two steps share a cell, which must not end up in two pairs. Black
 * answering each White stone on a pair with its partner keeps White off
 * every step of the wall, so White never crosses. */

/* Corner (i, k): i in 0..n, k in 1..n-1; a state is a corner, the direction
 * it was entered by (0 down, 1 up, 2 right, 3 left) and whether that step
 * crossed a pair. */
static size_t wall_states(size_t n) {
    return n < 2 ? 0 : (n + 1) * (n - 1) * 8;
}

/* The two cells a step crosses, in board coordinates (row-major index). */
static void step_cells(size_t n, bool transposed, size_t i, size_t k, int dir, size_t *x,
                       size_t *y) {
    size_t r1, c1, r2, c2;
    switch (dir) {
    case 0: /* down from (i, k): cells (i, k-1) and (i, k) */
        r1 = r2 = i;
        c1 = k - 1;
        c2 = k;
        break;
    case 1: /* up from (i, k): cells (i-1, k-1) and (i-1, k) */
        r1 = r2 = i - 1;
        c1 = k - 1;
        c2 = k;
        break;
    case 2: /* right from (i, k): cells (i-1, k) and (i, k) */
        r1 = i - 1;
        r2 = i;
        c1 = c2 = k;
        break;
    default: /* left from (i, k): cells (i-1, k-1) and (i, k-1) */
        r1 = i - 1;
        r2 = i;
        c1 = c2 = k - 1;
        break;
    }
    *x = transposed ? c1 * n + r1 : r1 * n + c1;
    *y = transposed ? c2 * n + r2 : r2 * n + c2;
}

/* 0 blocked, 1 free (a defending stone), 2 a pair of empty cells. */
static int step_kind(const char *board, size_t x, size_t y, char defender) {
    if (board[x] == defender || board[y] == defender) {
        return 1;
    }
    return board[x] == 'U' && board[y] == 'U' ? 2 : 0;
}

/* The corner of state s (width >= 1 corners per row). */
static void corner_of(uint32_t s, size_t width, size_t *i, size_t *k) {
    size_t corner = s / 8;
    *i = corner / width;     /* NOLINT(clang-analyzer-core.DivideZero): width >= 1 */
    *k = corner % width + 1; /* NOLINT(clang-analyzer-core.DivideZero): width >= 1 */
}

/* One wall search: the board seen from the attacker, and the scratch. */
typedef struct wall_walk {
    const char *board;
    size_t n, width; /* width: corners per row, n - 1 */
    bool transposed; /* Black's walls: the board transposed */
    char defender;
    wall_scratch *w;
} wall_walk;

/* Whether corner (i, k) has a corner next to it in direction d (a wall
 * never runs along the top or bottom edge, nor onto the side columns). */
static bool step_inside(size_t n, size_t i, size_t k, int d) {
    if (d == 0) {
        return i != n;
    }
    if (d == 1) {
        return i != 0;
    }
    if (i == 0 || i == n) {
        return false;
    }
    return d == 2 ? k + 1 <= n - 1 : k - 1 >= 1;
}

/* The states one step from s not seen yet, queued at *tail; the first that
 * reaches the bottom edge, else UINT32_MAX. */
static uint32_t wall_expand(const wall_walk *ww, uint32_t s, size_t *tail) {
    static const int reverse[4] = {1, 0, 3, 2};
    wall_scratch *w = ww->w;
    size_t n = ww->n, i, k;
    corner_of(s, ww->width, &i, &k);
    int in_dir = (int)(s % 8) / 2, in_pair = (int)(s % 2);
    bool started = w->from[s] == s;
    for (int d = 0; d < 4; d++) {
        if ((!started && d == reverse[in_dir]) || !step_inside(n, i, k, d)) {
            continue;
        }
        size_t x, y;
        step_cells(n, ww->transposed, i, k, d, &x, &y);
        int kind = step_kind(ww->board, x, y, ww->defender);
        /* a turn between two pairs would share a cell between them */
        if (kind == 0 || (kind == 2 && in_pair && d != in_dir && !started)) {
            continue;
        }
        size_t ni = d == 0 ? i + 1 : d == 1 ? i - 1 : i;
        size_t nk = d == 2 ? k + 1 : d == 3 ? k - 1 : k;
        uint32_t t = (uint32_t)((ni * ww->width + (nk - 1)) * 8 + (size_t)d * 2 + (kind == 2));
        if (w->seen[t]) {
            continue;
        }
        w->seen[t] = 1;
        w->from[t] = s;
        w->queue[(*tail)++] = t;
        if (ni == n) {
            return t;
        }
    }
    return UINT32_MAX;
}

/* Breadth first from the top edge's corners: the state that reaches the
 * bottom edge, else UINT32_MAX. */
static uint32_t wall_reach(const wall_walk *ww) {
    wall_scratch *w = ww->w;
    memset(w->seen, 0, w->states);
    size_t head = 0, tail = 0;
    for (size_t k = 1; k < ww->n; k++) {
        uint32_t s = (uint32_t)((k - 1) * 8); /* row 0, "entered going down", no pair */
        w->seen[s] = 1;
        w->from[s] = s;
        w->queue[tail++] = s;
    }
    uint32_t goal = UINT32_MAX;
    while (head < tail && goal == UINT32_MAX) {
        goal = wall_expand(ww, w->queue[head++], &tail);
    }
    return goal;
}

/* The two cells of the pair crossed by the step into state s. */
static void pair_cells(const wall_walk *ww, uint32_t s, size_t *x, size_t *y) {
    size_t i, k;
    corner_of(ww->w->from[s], ww->width, &i, &k);
    step_cells(ww->n, ww->transposed, i, k, (int)(s % 8) / 2, x, y);
}

/* The wall's pairs from goal back to the top: whether no cell is in two
 * (only turns are checked on the way), the pairs into pairs (may be NULL). */
static bool wall_pairs(const wall_walk *ww, uint32_t goal, uint32_t *pairs, size_t *pair_count) {
    wall_scratch *w = ww->w;
    size_t count = 0;
    bool disjoint = true;
    for (uint32_t s = goal; w->from[s] != s; s = w->from[s]) {
        if (s % 2 == 0) {
            continue;
        }
        size_t x, y;
        pair_cells(ww, s, &x, &y);
        if (w->in_pair[x] || w->in_pair[y]) {
            disjoint = false;
        }
        w->in_pair[x] = w->in_pair[y] = 1;
        if (pairs != NULL) {
            pairs[2 * count] = (uint32_t)x;
            pairs[2 * count + 1] = (uint32_t)y;
        }
        count++;
    }
    for (uint32_t s = goal; w->from[s] != s; s = w->from[s]) { /* clear the marks */
        if (s % 2 == 1) {
            size_t x, y;
            pair_cells(ww, s, &x, &y);
            w->in_pair[x] = w->in_pair[y] = 0;
        }
    }
    if (pair_count != NULL) {
        *pair_count = disjoint ? count : 0;
    }
    return disjoint;
}

static bool wall_found(const char *board, size_t n, char attacker, wall_scratch *w, uint32_t *pairs,
                       size_t *pair_count) {
    if (n < 2 || w->seen == NULL) {
        return false;
    }
    wall_walk ww = {board, n, n - 1, attacker == 'B', attacker == 'W' ? 'B' : 'W', w};
    uint32_t goal = wall_reach(&ww);
    return goal != UINT32_MAX && wall_pairs(&ww, goal, pairs, pair_count);
}

void cg_path_scratch_free(wall_scratch *w) {
    free(w->seen);
    free(w->queue);
    free(w->from);
    free(w->in_pair);
    w->seen = w->in_pair = NULL; /* field by field: the analyzer follows these */
    w->queue = w->from = NULL;
    w->states = 0;
}

cg_status cg_path_scratch_make(wall_scratch *w, size_t n, cg_error *err) {
    memset(w, 0, sizeof *w);
    w->states = wall_states(n);
    size_t states = w->states == 0 ? 1 : w->states;
    w->seen = malloc(states);
    w->queue = malloc(states * sizeof *w->queue);
    w->from = malloc(states * sizeof *w->from);
    w->in_pair = calloc(n * n + 1, 1);
    if (w->seen == NULL || w->queue == NULL || w->from == NULL || w->in_pair == NULL) {
        cg_path_scratch_free(w);
        return cg_error_nomem(err, "the pairing cut's search");
    }
    return CG_OK;
}

size_t cg_path_scratch_bytes(size_t n) {
    return wall_states(n) * (1 + 2 * sizeof(uint32_t)) + n * n + 16;
}

cg_status cg_path_pairing(const char *cells, size_t n, char attacker, bool *found, uint32_t *pairs,
                          size_t *pair_count, cg_error *err) {
    size_t count;
    if (cells == NULL || found == NULL || (attacker != 'W' && attacker != 'B')) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_pairing: missing argument");
    }
    if (n == 0 || !cg_size_mul(n, n, &count) || count >= UINT32_MAX / 8 || n > 4096) {
        return cg_error_set(err, CG_ERR_LIMIT, "a board of side %zu is too large", n);
    }
    for (size_t c = 0; c < count; c++) {
        if (cells[c] != 'W' && cells[c] != 'B' && cells[c] != 'U') {
            return cg_error_set(err, CG_ERR_INPUT,
                                "cg_path_pairing: cell %zu (from 0) is not W, B or U", c);
        }
    }
    wall_scratch w;
    cg_status st = cg_path_scratch_make(&w, n, err);
    if (st != CG_OK) {
        return st;
    }
    *found = wall_found(cells, n, attacker, &w, pairs, pair_count);
    if (!*found && pair_count != NULL) {
        *pair_count = 0;
    }
    cg_path_scratch_free(&w);
    return CG_OK;
}

static bool walled(cg_path_frame *f, int c) {
    return wall_found(f->board, f->n, stone_of[c], &f->scratch, NULL, NULL);
}

/* The matching cut for colour c (path_cut.c) on its cells that matter. */
static bool matched(const cg_path_frame *f, int c, uint64_t useful) {
    cg_path_crossings g = {f->adj[c], f->side[c][0], f->side[c][1], useful | f->stones[c], useful};
    return cg_path_matching_cut(&g, NULL, NULL);
}

/* Colour c held to a draw by a pairing: a wall, else the matching cut
 * (useful: c's cells on a simple crossing), each fire counted. */
bool cg_path_paired(cg_path_frame *f, int c, uint64_t useful) {
    if (f->walls && walled(f, c)) {
        f->stats.pairing_cuts++;
        return true;
    }
    if (f->matching && matched(f, c, useful)) {
        f->stats.matching_cuts++;
        return true;
    }
    return false;
}
