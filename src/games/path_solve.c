/* The PATH under perfect play (see path.h): the sign of a value by two
 * proof-number searches (can the side to move win? can the opponent?),
 * exact remoteness by alpha-beta over the empty cells.
 *
 * A position is kept relative to a frame, the position the search was set
 * up on: its empty cells are numbered 0..E-1 (E <= 64) and a position of the
 * frame is two masks, the White and the Black stones put on them. The fixed
 * stones are folded into each colour's adjacency: two empty cells touching
 * the same fixed White group are neighbours for White, and a cell touching a
 * White group that reaches the left side touches the left side. Floods are
 * then bit operations on 64-bit masks.
 *
 * Scores are for the side to move: 0 a draw, a win e - r + 1 and a loss
 * -(e - r + 1) for a game ending after r more moves from a position with e
 * empty cells (the empty cells left when it ends, plus one): the winner
 * hurries, the loser delays, and negation alone carries a score up the tree.
 * The alpha-beta value search (wdl, kept for comparison) only needs the
 * sign: it runs with scores in {-1, 0, 1}, which its table entries store as
 * the bounds they prove. Both searches play only cells on some simple
 * crossing of either side (useful_of). */
#include <stdlib.h>
#include <string.h>

#include "core/clock_internal.h"
#include "core/grid_internal.h"
#include "games/path_internal.h"

#define NO_BOUND 127      /* a table bound that says nothing */
#define WALLS_MAX_SIDE 32 /* above this the pairing cut runs at the frame only */
#define CHECK_EVERY 4096  /* positions between looks at the clock and the limits */
#define MIN_TABLE_BITS 10
#define MAX_TABLE_BITS 23

typedef struct tt_entry {
    uint64_t white, black; /* the exact position, canonical orientation; 0, 0 = empty slot */
    int8_t lower, upper;   /* bounds on the score */
    uint8_t move;          /* a best move (canonical orientation), or 0xFF */
    uint8_t empty;         /* empty cells: the bigger, the more work stored */
    uint8_t generation;
    uint8_t unused[3];
} tt_entry;

/* The proof-number search's entries: the question "can attacker win?" */
typedef struct pn_entry {
    uint64_t white, black; /* canonical orientation; 0, 0 = empty slot */
    uint32_t pn, dn;       /* proof and disproof numbers: 0 proves, 0 disproves */
    uint32_t work;         /* positions searched below it: the bigger, the more kept */
    uint8_t attacker;
    uint8_t generation;
    uint8_t unused[2];
} pn_entry;

typedef struct wall_scratch {
    uint8_t *seen;    /* per state */
    uint32_t *queue;  /* states */
    uint32_t *from;   /* per state: the state it was reached from */
    uint8_t *in_pair; /* per cell, for the final check */
    size_t states;
} wall_scratch;

struct cg_path_frame {
    size_t n;
    char *board; /* the current position, n * n */
    size_t held; /* bytes of the frame's arrays in the budget */
    int empty;   /* E */
    uint32_t cell_of[CG_PATH_MAX_EMPTY];
    uint64_t adj[2][CG_PATH_MAX_EMPTY]; /* per colour */
    uint64_t side[2][2];                /* per colour: cells touching its first, second side */
    uint64_t all;
    uint64_t stones[2];
    int to_move;     /* 0 White, 1 Black */
    int over;        /* -1 not over; 0 or 1 a fixed chain of that colour; 2 full */
    bool walls;      /* the pairing cut at every position */
    bool alpha_beta; /* the value's sign by alpha-beta (cg_path_search.alpha_beta) */
    bool matching;   /* the matching cut where no wall is found */
    wall_scratch scratch;
    /* symmetry: the mirror images keeping the frame, identity first */
    int sym_count;
    uint8_t perm[4][CG_PATH_MAX_EMPTY];
    uint64_t zobrist[2][CG_PATH_MAX_EMPTY];
    uint64_t hash[4];
    /* the table */
    tt_entry *table;
    pn_entry *pn_table; /* in the same allocation, as many entries */
    size_t table_bits;
    size_t table_held;
    uint8_t generation;
    /* the call under way */
    cg_path_stats stats;
    uint64_t max_nodes, next_check;
    double started, next_report;
    cg_progress_hook hook;
    void *hook_context;
    uint64_t root_done, root_total;
    int root_empty; /* empty cells of the position a call starts from */
    cg_status stopped;
    cg_error *err;
};

static const char stone_of[2] = {'W', 'B'};

static int popcount(uint64_t x) {
    return __builtin_popcountll(x);
}

static int lowest(uint64_t x) {
    return __builtin_ctzll(x);
}

static int sign(int v) {
    return (v > 0) - (v < 0);
}

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

static char cell_at(const char *board, size_t n, bool transposed, size_t r, size_t c) {
    return transposed ? board[c * n + r] : board[r * n + c];
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

static bool wall_found(const char *board, size_t n, char attacker, wall_scratch *w, uint32_t *pairs,
                       size_t *pair_count) {
    if (n < 2 || w->seen == NULL) {
        return false;
    }
    bool transposed = attacker == 'B';
    char defender = attacker == 'W' ? 'B' : 'W';
    size_t width = n - 1; /* corners per row */
    memset(w->seen, 0, w->states);
    size_t head = 0, tail = 0;
    for (size_t k = 1; k < n; k++) {
        uint32_t s = (uint32_t)((k - 1) * 8); /* row 0, "entered going down", no pair */
        w->seen[s] = 1;
        w->from[s] = s;
        w->queue[tail++] = s;
    }
    static const int reverse[4] = {1, 0, 3, 2};
    uint32_t goal = UINT32_MAX;
    while (head < tail && goal == UINT32_MAX) {
        uint32_t s = w->queue[head++];
        size_t i, k;
        corner_of(s, width, &i, &k);
        int in_dir = (int)(s % 8) / 2, in_pair = (int)(s % 2);
        bool started = w->from[s] == s;
        for (int d = 0; d < 4; d++) {
            if (!started && d == reverse[in_dir]) {
                continue;
            }
            if ((d == 1 && i == 0) || (d == 0 && i == n) || (d >= 2 && (i == 0 || i == n)) ||
                (d == 2 && k + 1 > n - 1) || (d == 3 && k - 1 < 1)) {
                continue;
            }
            size_t x, y;
            step_cells(n, transposed, i, k, d, &x, &y);
            int kind = step_kind(board, x, y, defender);
            if (kind == 0 || (kind == 2 && in_pair && d != in_dir && !started)) {
                continue;
            }
            size_t ni = d == 0 ? i + 1 : d == 1 ? i - 1 : i;
            size_t nk = d == 2 ? k + 1 : d == 3 ? k - 1 : k;
            uint32_t t = (uint32_t)((ni * width + (nk - 1)) * 8 + (size_t)d * 2 + (kind == 2));
            if (w->seen[t]) {
                continue;
            }
            w->seen[t] = 1;
            w->from[t] = s;
            w->queue[tail++] = t;
            if (ni == n) {
                goal = t;
                break;
            }
        }
    }
    (void)cell_at;
    if (goal == UINT32_MAX) {
        return false;
    }
    /* Walk back; no cell may be in two pairs (only turns are checked above). */
    size_t count = 0;
    bool disjoint = true;
    for (uint32_t s = goal; w->from[s] != s; s = w->from[s]) {
        if (s % 2 == 0) {
            continue;
        }
        uint32_t p = w->from[s];
        size_t i, k;
        corner_of(p, width, &i, &k);
        size_t x, y;
        step_cells(n, transposed, i, k, (int)(s % 8) / 2, &x, &y);
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
            uint32_t p = w->from[s];
            size_t i, k;
            corner_of(p, width, &i, &k);
            size_t x, y;
            step_cells(n, transposed, i, k, (int)(s % 8) / 2, &x, &y);
            w->in_pair[x] = w->in_pair[y] = 0;
        }
    }
    if (pair_count != NULL) {
        *pair_count = disjoint ? count : 0;
    }
    return disjoint;
}

static void scratch_free(wall_scratch *w) {
    free(w->seen);
    free(w->queue);
    free(w->from);
    free(w->in_pair);
    w->seen = w->in_pair = NULL; /* field by field: the analyzer follows these */
    w->queue = w->from = NULL;
    w->states = 0;
}

static cg_status scratch_make(wall_scratch *w, size_t n, cg_error *err) {
    memset(w, 0, sizeof *w);
    w->states = wall_states(n);
    size_t states = w->states == 0 ? 1 : w->states;
    w->seen = malloc(states);
    w->queue = malloc(states * sizeof *w->queue);
    w->from = malloc(states * sizeof *w->from);
    w->in_pair = calloc(n * n + 1, 1);
    if (w->seen == NULL || w->queue == NULL || w->from == NULL || w->in_pair == NULL) {
        scratch_free(w);
        return cg_error_nomem(err, "the pairing cut's search");
    }
    return CG_OK;
}

static size_t scratch_bytes(size_t n) {
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
    cg_status st = scratch_make(&w, n, err);
    if (st != CG_OK) {
        return st;
    }
    *found = wall_found(cells, n, attacker, &w, pairs, pair_count);
    if (!*found && pair_count != NULL) {
        *pair_count = 0;
    }
    scratch_free(&w);
    return CG_OK;
}

/* ---- the frame ---------------------------------------------------------- */

static uint64_t bit(int i) {
    return (uint64_t)1 << (i & 63); /* i is a cell's index, 0..63 */
}

static uint64_t flood(const uint64_t *adj, uint64_t seed, uint64_t allowed) {
    uint64_t reach = seed & allowed, frontier = reach;
    while (frontier != 0) {
        int i = lowest(frontier);
        frontier &= frontier - 1;
        uint64_t next = adj[i] & allowed & ~reach;
        reach |= next;
        frontier |= next;
    }
    return reach;
}

static uint64_t around(const uint64_t *adj, uint64_t set) {
    uint64_t out = 0;
    for (; set != 0; set &= set - 1) {
        out |= adj[lowest(set)];
    }
    return out;
}

/* Empty cells where a stone of colour c completes its chain. */
static uint64_t wins_of(const cg_path_frame *f, int c, uint64_t empty) {
    uint64_t mine = f->stones[c];
    uint64_t a = flood(f->adj[c], f->side[c][0], mine);
    uint64_t b = flood(f->adj[c], f->side[c][1], mine);
    return empty & (f->side[c][0] | around(f->adj[c], a)) & (f->side[c][1] | around(f->adj[c], b));
}

/* Empty cells on some simple crossing of colour c: the cells a stone of
 * either colour can still matter on for c's chain. The open cells (empty or
 * c's) with a source joined to c's first side and a sink to its second, and
 * an edge source-sink: a cell lies on a simple source-sink path iff it lies
 * in the block (biconnected component) of that edge. One depth-first search
 * from the source, the sink its first child; a child q of p stays in the
 * block iff its subtree reaches above p (low[q] < order[p]). Cells on no
 * simple crossing stay so as stones are added (the open cells only shrink). */
static uint64_t useful_of(const cg_path_frame *f, int c, uint64_t empty) {
    uint64_t open = f->stones[c] | empty;
    uint64_t near0 = f->side[c][0] & open, near1 = f->side[c][1] & open;
    if (near0 == 0 || near1 == 0) {
        return 0;
    }
    enum { SOURCE = 0, SINK = 1 }; /* discovery orders; cells get 2.. */
    uint8_t order[CG_PATH_MAX_EMPTY], low[CG_PATH_MAX_EMPTY], parent[CG_PATH_MAX_EMPTY];
    uint8_t by_order[CG_PATH_MAX_EMPTY + 2];
    uint64_t left[CG_PATH_MAX_EMPTY]; /* neighbours not yet looked at */
    uint64_t seen = 0;
    int stack[CG_PATH_MAX_EMPTY], top = 0, next = 2;
    uint64_t sink_left = near1;
    /* the sink's children one after another; each grows a subtree */
    while (sink_left != 0) {
        int root = lowest(sink_left);
        sink_left &= sink_left - 1;
        if (seen & bit(root)) {
            continue;
        }
        seen |= bit(root);
        order[root] = low[root] = (uint8_t)next;
        by_order[next++] = (uint8_t)root;
        parent[root] = 0xFF; /* the sink */
        low[root] = (near0 & bit(root)) ? SOURCE : low[root];
        left[root] = f->adj[c][root] & open;
        stack[top++] = root;
        while (top > 0) {
            int v = stack[top - 1];
            if (left[v] != 0) {
                int w = lowest(left[v]);
                left[v] &= left[v] - 1;
                if (seen & bit(w)) {
                    low[v] = order[w] < low[v] && w != parent[v] ? order[w] : low[v];
                    continue;
                }
                seen |= bit(w);
                order[w] = (uint8_t)next;
                by_order[next++] = (uint8_t)w;
                parent[w] = (uint8_t)v;
                low[w] = (near0 & bit(w)) ? SOURCE : (near1 & bit(w)) ? SINK : order[w];
                left[w] = f->adj[c][w] & open;
                stack[top++] = w;
                continue;
            }
            top--;
            if (top > 0) {
                int p = stack[top - 1];
                low[p] = low[v] < low[p] ? low[v] : low[p];
            }
        }
    }
    uint64_t in_block = 0;
    for (int k = 2; k < next; k++) {
        int q = by_order[k];
        int p = parent[q];
        bool keep = p == 0xFF ? low[q] < SINK : (in_block & bit(p)) && low[q] < order[p];
        in_block |= keep ? bit(q) : 0;
    }
    return in_block & empty;
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
static bool paired(cg_path_frame *f, int c, uint64_t useful) {
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

/* Groups of fixed stones: label them, then fold them into the adjacency. */
static cg_status build_graph(cg_path_frame *f, cg_budget *budget, cg_error *err) {
    size_t n = f->n, count = n * n;
    size_t bytes = count * (sizeof(uint32_t) * 2) + count;
    cg_status st = cg_budget_take(budget, bytes, 1, "the board's groups", err);
    if (st != CG_OK) {
        return st;
    }
    uint32_t *group = malloc((count + 1) * sizeof *group);
    uint32_t *queue = malloc((count + 1) * sizeof *queue);
    int8_t *index = malloc(count + 1);
    if (group == NULL || queue == NULL || index == NULL) {
        free(group);
        free(queue);
        free(index);
        cg_budget_give(budget, bytes, 1);
        return cg_error_nomem(err, "the board's groups");
    }
    memset(index, -1, count);
    for (int i = 0; i < f->empty; i++) {
        index[f->cell_of[i]] = (int8_t)i;
    }
    for (size_t c = 0; c <= count; c++) { /* every cell a neighbour can name, and the spare */
        group[c] = UINT32_MAX;
    }
    memset(f->adj, 0, sizeof f->adj);
    memset(f->side, 0, sizeof f->side);
    f->over = -1;
    for (size_t start = 0; start < count; start++) {
        char stone = f->board[start];
        if (stone == 'U' || group[start] != UINT32_MAX) {
            continue;
        }
        int c = stone == 'W' ? 0 : 1;
        bool side0 = false, side1 = false;
        uint64_t touching = 0;
        size_t head = 0, tail = 0;
        group[start] = (uint32_t)start;
        queue[tail++] = (uint32_t)start;
        while (head < tail) {
            size_t x = queue[head++], r = x / n, col = x % n;
            side0 |= c == 0 ? col == 0 : r == 0;
            side1 |= c == 0 ? col == n - 1 : r == n - 1;
            size_t next[4], k = cg_grid_neighbours(n, x, next);
            for (size_t j = 0; j < k; j++) {
                size_t y = next[j];
                if (f->board[y] == 'U') {
                    touching |= bit(index[y]);
                } else if (f->board[y] == stone && group[y] == UINT32_MAX) {
                    group[y] = (uint32_t)start;
                    queue[tail++] = (uint32_t)y;
                }
            }
        }
        if (side0 && side1 && (f->over < 0 || c == 0)) {
            f->over = c; /* when both hold a chain, White's counts (the judge's order) */
        }
        for (uint64_t t = touching; t != 0; t &= t - 1) {
            f->adj[c][lowest(t)] |= touching;
        }
        f->side[c][0] |= side0 ? touching : 0;
        f->side[c][1] |= side1 ? touching : 0;
    }
    for (int i = 0; i < f->empty; i++) {
        size_t x = f->cell_of[i], r = x / n, col = x % n;
        uint64_t near = 0;
        if (col > 0 && index[x - 1] >= 0) {
            near |= bit(index[x - 1]);
        }
        if (col + 1 < n && index[x + 1] >= 0) {
            near |= bit(index[x + 1]);
        }
        if (r > 0 && index[x - n] >= 0) {
            near |= bit(index[x - n]);
        }
        if (r + 1 < n && index[x + n] >= 0) {
            near |= bit(index[x + n]);
        }
        for (int c = 0; c < 2; c++) {
            f->adj[c][i] = (f->adj[c][i] | near) & ~bit(i);
        }
        f->side[0][0] |= col == 0 ? bit(i) : 0;
        f->side[0][1] |= col == n - 1 ? bit(i) : 0;
        f->side[1][0] |= r == 0 ? bit(i) : 0;
        f->side[1][1] |= r == n - 1 ? bit(i) : 0;
    }
    free(group);
    free(queue);
    free(index);
    cg_budget_give(budget, bytes, 1);
    return CG_OK;
}

/* The mirror images (left-right, top-bottom, both) that map the board onto
 * itself keep both players' goals: their positions share table entries. */
static void find_symmetries(cg_path_frame *f) {
    size_t n = f->n;
    f->sym_count = 1;
    for (int i = 0; i < f->empty; i++) {
        f->perm[0][i] = (uint8_t)i;
    }
    for (int t = 1; t <= 3; t++) {
        bool flip_col = t & 1, flip_row = t & 2, same = true;
        for (size_t x = 0; x < n * n && same; x++) {
            size_t r = x / n, c = x % n;
            size_t y = (flip_row ? n - 1 - r : r) * n + (flip_col ? n - 1 - c : c);
            same = f->board[x] == f->board[y];
        }
        if (!same) {
            continue;
        }
        uint8_t *perm = f->perm[f->sym_count++];
        for (int i = 0; i < f->empty; i++) {
            size_t x = f->cell_of[i], r = x / n, c = x % n;
            size_t y = (flip_row ? n - 1 - r : r) * n + (flip_col ? n - 1 - c : c);
            for (int j = 0; j < f->empty; j++) {
                if (f->cell_of[j] == y) {
                    perm[i] = (uint8_t)j;
                }
            }
        }
    }
    cg_rng rng = cg_rng_make(0x601);
    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < CG_PATH_MAX_EMPTY; i++) {
            f->zobrist[c][i] = cg_rng_next(&rng);
        }
    }
    memset(f->hash, 0, sizeof f->hash);
}

static void frame_free(cg_path_frame *f, cg_budget *budget) {
    if (f == NULL) {
        return;
    }
    free(f->board);
    scratch_free(&f->scratch);
    free(f->table);
    cg_budget_give(budget, f->table_held, 1);
    cg_budget_give(budget, f->held, 1);
    free(f);
}

void cg_path_search_init(cg_path_search *search, cg_budget *budget) {
    memset(search, 0, sizeof *search);
    search->budget = budget;
}

void cg_path_search_free(cg_path_search *search) {
    if (search == NULL) {
        return;
    }
    frame_free(search->frame, search->budget);
    search->frame = NULL;
}

static size_t table_bytes(size_t bits) {
    return ((size_t)1 << bits) * (sizeof(tt_entry) + sizeof(pn_entry));
}

/* A table for E empty cells: 2^E entries within the limits. */
static cg_status size_table(cg_path_search *s, cg_path_frame *f, cg_error *err) {
    size_t want = (size_t)f->empty;
    want = want < MIN_TABLE_BITS ? MIN_TABLE_BITS : want > MAX_TABLE_BITS ? MAX_TABLE_BITS : want;
    size_t limit = s->table_limit;
    if (limit == 0) {
        limit = s->budget == NULL ? (size_t)1 << 30 : (s->budget->limit - s->budget->used) / 2;
    }
    while (want > MIN_TABLE_BITS && table_bytes(want) > limit) {
        want--;
    }
    if (f->table != NULL && f->table_bits >= want) {
        return CG_OK;
    }
    free(f->table);
    f->table = NULL;
    cg_budget_give(s->budget, f->table_held, 1);
    f->table_held = 0;
    f->table_bits = 0;
    cg_status st = cg_budget_take(s->budget, table_bytes(want), 1, "the search's table", err);
    if (st != CG_OK) {
        return st;
    }
    f->table = calloc(1, table_bytes(want));
    f->pn_table = f->table == NULL ? NULL : (pn_entry *)(void *)(f->table + ((size_t)1 << want));
    if (f->table == NULL) {
        cg_budget_give(s->budget, table_bytes(want), 1);
        return cg_error_nomem(err, "the search's table");
    }
    f->table_held = table_bytes(want);
    f->table_bits = want;
    f->generation = 1;
    return CG_OK;
}

cg_status cg_path_search_set(cg_path_search *s, const char *cells, size_t n, cg_path_colour to_move,
                             cg_error *err) {
    size_t count;
    if (s == NULL || cells == NULL || (to_move != CG_PATH_WHITE && to_move != CG_PATH_BLACK)) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_search_set: missing argument");
    }
    if (n == 0 || !cg_size_mul(n, n, &count) || count >= UINT32_MAX / 16) {
        return cg_error_set(err, CG_ERR_LIMIT, "a board of side %zu is too large", n);
    }
    size_t empty = 0;
    for (size_t c = 0; c < count; c++) {
        if (cells[c] != 'W' && cells[c] != 'B' && cells[c] != 'U') {
            return cg_error_set(err, CG_ERR_USAGE, "cell %zu is '%c', not W, B or U", c, cells[c]);
        }
        empty += cells[c] == 'U';
    }
    cg_path_frame *f = s->frame;
    if (f != NULL && f->n != n) {
        /* keep the table, renew the rest */
        free(f->board);
        scratch_free(&f->scratch);
        cg_budget_give(s->budget, f->held, 1);
        f->held = 0;
        f->board = NULL;
    }
    if (f == NULL) {
        cg_status st = cg_budget_take(s->budget, sizeof *f, 1, "the search's frame", err);
        if (st != CG_OK) {
            return st;
        }
        f = calloc(1, sizeof *f);
        if (f == NULL) {
            cg_budget_give(s->budget, sizeof *f, 1);
            return cg_error_nomem(err, "the search's frame");
        }
        s->frame = f;
        cg_budget_give(s->budget, sizeof *f, 1);
    }
    if (f->board == NULL) {
        size_t bytes = count + 1 + scratch_bytes(n); /* + 1: never a 0-byte malloc */
        cg_status st = cg_budget_take(s->budget, bytes, 1, "the search's board", err);
        if (st != CG_OK) {
            return st;
        }
        f->held = bytes;
        f->board = malloc(count + 1);
        if (f->board == NULL || (st = scratch_make(&f->scratch, n, err)) != CG_OK) {
            return f->board == NULL ? cg_error_nomem(err, "the search's board") : st;
        }
    }
    f->n = n;
    memcpy(f->board, cells, count);
    f->stones[0] = f->stones[1] = 0;
    f->to_move = to_move == CG_PATH_WHITE ? 0 : 1;
    f->empty = empty > CG_PATH_MAX_EMPTY ? -1 : (int)empty;
    f->walls = n <= WALLS_MAX_SIDE;
    /* generation 0 marks never-used slots: after 255 the table is wiped */
    f->generation = f->generation == UINT8_MAX ? 1 : (uint8_t)(f->generation + 1);
    if (f->generation == 1 && f->table != NULL) {
        memset(f->table, 0, table_bytes(f->table_bits));
    }
    f->over = -1;
    if (f->empty < 0) {
        f->all = 0;
        f->sym_count = 1;
        /* beyond the search: only the checks that read the board */
        cg_path_solver judge;
        cg_path_init(&judge, s->budget);
        cg_status st = cg_path_solve(&judge, cells, n, false, err);
        if (st == CG_OK) {
            f->over = judge.result.verdict == CG_PATH_WHITE_CONNECTED   ? 0
                      : judge.result.verdict == CG_PATH_BLACK_CONNECTED ? 1
                                                                        : -1;
        }
        cg_path_free(&judge);
        return st;
    }
    size_t k = 0;
    for (size_t c = 0; c < count; c++) {
        if (cells[c] == 'U') {
            f->cell_of[k++] = (uint32_t)c;
        }
    }
    f->all = f->empty == 64 ? ~(uint64_t)0 : bit(f->empty) - 1;
    cg_status st = build_graph(f, s->budget, err);
    if (st != CG_OK) {
        return st;
    }
    if (f->over < 0 && f->empty == 0) {
        f->over = 2;
    }
    find_symmetries(f);
    return size_table(s, f, err);
}

/* ---- the search --------------------------------------------------------- */

static void make(cg_path_frame *f, int i) {
    int c = f->to_move;
    f->stones[c] |= bit(i);
    f->board[f->cell_of[i]] = stone_of[c];
    for (int t = 0; t < f->sym_count; t++) {
        f->hash[t] ^= f->zobrist[c][f->perm[t][i]];
    }
    f->to_move = 1 - c;
}

static void unmake(cg_path_frame *f, int i) {
    int c = 1 - f->to_move;
    f->stones[c] &= ~bit(i);
    f->board[f->cell_of[i]] = 'U';
    for (int t = 0; t < f->sym_count; t++) {
        f->hash[t] ^= f->zobrist[c][f->perm[t][i]];
    }
    f->to_move = c;
}

static uint64_t permute(uint64_t set, const uint8_t *perm) {
    uint64_t out = 0;
    for (; set != 0; set &= set - 1) {
        out |= bit(perm[lowest(set)]);
    }
    return out;
}

typedef struct key {
    uint64_t white, black, hash;
    int sym;
} key;

static key key_of(const cg_path_frame *f) {
    int best = 0;
    for (int t = 1; t < f->sym_count; t++) {
        best = f->hash[t] < f->hash[best] ? t : best;
    }
    key k = {f->stones[0], f->stones[1], f->hash[best], best};
    if (best != 0) {
        k.white = permute(k.white, f->perm[best]);
        k.black = permute(k.black, f->perm[best]);
    }
    /* never (0, 0): that marks an empty slot; the frame itself is never stored */
    return k;
}

static tt_entry *probe(cg_path_frame *f, const key *k) {
    if (k->white == 0 && k->black == 0) {
        return NULL; /* the frame itself is never stored */
    }
    size_t mask = ((size_t)1 << f->table_bits) - 2; /* buckets of two */
    tt_entry *bucket = &f->table[(size_t)(k->hash ^ k->hash >> 29) & mask];
    for (int j = 0; j < 2; j++) {
        tt_entry *e = &bucket[j];
        if (e->generation == f->generation && e->white == k->white && e->black == k->black) {
            return e;
        }
    }
    return NULL;
}

static void store(cg_path_frame *f, const key *k, int lower, int upper, int move, int empty) {
    if (k->white == 0 && k->black == 0) {
        return;
    }
    size_t mask = ((size_t)1 << f->table_bits) - 2;
    tt_entry *bucket = &f->table[(size_t)(k->hash ^ k->hash >> 29) & mask];
    tt_entry *e = NULL;
    for (int j = 0; j < 2 && e == NULL; j++) {
        if (bucket[j].generation == f->generation && bucket[j].white == k->white &&
            bucket[j].black == k->black) {
            e = &bucket[j];
            lower = lower > e->lower ? lower : e->lower;
            upper = upper < e->upper ? upper : e->upper;
        }
    }
    if (e == NULL) { /* the first slot keeps the most work, the second takes the rest */
        tt_entry *deep = &bucket[0];
        e = deep->generation != f->generation || empty >= deep->empty ? deep : &bucket[1];
        if (e == deep && deep->generation == f->generation) {
            bucket[1] = *deep;
        }
    }
    e->white = k->white;
    e->black = k->black;
    e->lower = (int8_t)lower;
    e->upper = (int8_t)upper;
    e->move = move < 0 ? 0xFF : (uint8_t)(k->sym == 0 ? move : f->perm[k->sym][move]);
    e->empty = (uint8_t)empty;
    e->generation = f->generation;
}

/* The table's move back in the frame's orientation. */
static int unpermute_move(const cg_path_frame *f, int sym, int move) {
    if (sym == 0) {
        return move;
    }
    for (int i = 0; i < f->empty; i++) {
        if (f->perm[sym][i] == move) {
            return i;
        }
    }
    return -1;
}

static bool check_limits(cg_path_frame *f) {
    if (f->max_nodes != 0 && f->stats.nodes > f->max_nodes) {
        f->stopped =
            cg_error_set(f->err, CG_ERR_LIMIT, "stopped after %llu positions, the most allowed",
                         (unsigned long long)f->max_nodes);
        return true;
    }
    double now = cg_seconds();
    if (f->hook != NULL && now >= f->next_report) {
        f->next_report = now + 0.5;
        if (f->hook(f->hook_context, "first moves settled", f->root_done, f->root_total)) {
            f->stopped = cg_error_set(f->err, CG_ERR_STOPPED, "stopped after %llu positions",
                                      (unsigned long long)f->stats.nodes);
            return true;
        }
    }
    return false;
}

/* Empty cells from which colour c needs k + 1 stones to join its first
 * (side 0) or second side: layer[k]. Returns the number of layers. */
static int layers_of(const cg_path_frame *f, int c, int side, uint64_t empty, uint64_t *layer) {
    uint64_t mine = f->stones[c];
    uint64_t reach = flood(f->adj[c], f->side[c][side], mine);
    uint64_t near = f->side[c][side] | around(f->adj[c], reach);
    int k = 0;
    for (;;) { /* each cell joins reach once, its neighbours join near once */
        uint64_t next = near & empty & ~reach;
        if (next == 0 || k == CG_PATH_MAX_EMPTY) {
            return k;
        }
        layer[k++] = next;
        uint64_t grown = flood(f->adj[c], next, next | (mine & ~reach));
        reach |= grown;
        near |= around(f->adj[c], grown);
    }
}

/* Empty cells (of empty) on a shortest completion of colour c's chain. */
static uint64_t shortest_of(const cg_path_frame *f, int c, uint64_t empty) {
    uint64_t a[CG_PATH_MAX_EMPTY], b[CG_PATH_MAX_EMPTY];
    int ka = layers_of(f, c, 0, empty, a), kb = layers_of(f, c, 1, empty, b);
    for (int total = 0; total < ka + kb; total++) {
        uint64_t on = 0;
        for (int i = 0; i <= total && i < ka; i++) {
            if (total - i < kb) {
                on |= a[i] & b[total - i];
            }
        }
        if (on != 0) {
            return on;
        }
    }
    return 0;
}

/* Order moves: the table's first, then cells on both sides' shortest
 * completions, on one, on both sides' crossings, next to more stones,
 * nearer the centre. */
static int order_moves(const cg_path_frame *f, uint64_t cands, uint64_t both, int first,
                       int *moves) {
    int count = 0, keys[CG_PATH_MAX_EMPTY];
    size_t n = f->n;
    uint64_t empty = f->all & ~(f->stones[0] | f->stones[1]);
    uint64_t short_me = shortest_of(f, f->to_move, empty);
    uint64_t short_op = shortest_of(f, 1 - f->to_move, empty);
    for (uint64_t c = cands; c != 0; c &= c - 1) {
        int i = lowest(c);
        size_t x = f->cell_of[i], r = x / n, col = x % n;
        int dr = (int)(2 * r) - (int)(n - 1), dc = (int)(2 * col) - (int)(n - 1);
        int central = (int)(2 * n) - abs(dr) - abs(dc);
        int rank =
            (int)((short_me >> i & 1) + (short_op >> i & 1)) * 16384 + (int)(both >> i & 1) * 4096 +
            (popcount(f->adj[0][i] & f->stones[0]) + popcount(f->adj[1][i] & f->stones[1])) * 256 +
            central;
        if (i == first) {
            rank = 1 << 20;
        }
        int j = count++;
        while (j > 0 && keys[j - 1] < rank) {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        keys[j] = rank;
        moves[j] = i;
    }
    return count;
}

/* Negamax alpha-beta: if the score lies in (alpha, beta) it is returned;
 * if it is <= alpha, a value v <= alpha with score <= v; if >= beta, a
 * value v >= beta with score >= v. With wdl, scores are signs. Depth: one
 * call per empty cell at most. */
static int search(cg_path_frame *f, int alpha, int beta, bool wdl) {
    if (++f->stats.nodes >= f->next_check) {
        f->next_check = f->stats.nodes + CHECK_EVERY;
        if (check_limits(f)) {
            return 0;
        }
    }
    int me = f->to_move, op = 1 - me;
    uint64_t empty = f->all & ~(f->stones[0] | f->stones[1]);
    int e = popcount(empty);
    if (wins_of(f, me, empty) != 0) {
        f->stats.immediate_wins++;
        return wdl ? 1 : e;
    }
    uint64_t threats = wins_of(f, op, empty);
    if (popcount(threats) >= 2) {
        f->stats.double_threats++;
        return wdl ? -1 : -(e - 1);
    }
    int lo = -e, hi = e;
    uint64_t live_me = useful_of(f, me, empty), live_op = useful_of(f, op, empty);
    if (live_me == 0) {
        f->stats.no_crossing++;
        hi = 0;
    }
    if (live_op == 0) {
        f->stats.no_crossing++;
        lo = 0;
    }
    if (lo == hi) {
        return 0;
    }
    if (wdl) {
        lo = sign(lo);
        hi = sign(hi);
    }
    if (lo >= beta || hi <= alpha) {
        return lo >= beta ? lo : hi;
    }
    key k = key_of(f);
    int first = -1;
    const tt_entry *hit = probe(f, &k);
    if (hit != NULL) {
        f->stats.table_hits++;
        int tl = (int)hit->lower, tu = (int)hit->upper; /* scores, small signed integers */
        if (wdl) {
            tl = sign(tl);
            tu = sign(tu);
        }
        lo = tl > lo ? tl : lo;
        hi = tu < hi ? tu : hi;
        first = hit->move == 0xFF ? -1 : unpermute_move(f, k.sym, hit->move);
        if (lo >= beta || hi <= alpha || lo == hi) {
            f->stats.table_cuts++;
            return lo >= beta ? lo : hi;
        }
    }
    /* the cut costs a search of the board's corners: only where it ends
     * the search here (a bound of 0 meeting the window) */
    if (hi > 0 && alpha >= 0 && paired(f, me, live_me)) {
        hi = 0;
    }
    if (lo < 0 && beta <= 0 && paired(f, op, live_op)) {
        lo = 0;
    }
    if (lo >= beta || hi <= alpha || lo == hi) {
        store(f, &k, wdl && lo < 0 ? -NO_BOUND : lo, wdl && hi > 0 ? NO_BOUND : hi, first, e);
        return lo >= beta ? lo : hi;
    }
    int moves[CG_PATH_MAX_EMPTY], count;
    if (threats != 0) {
        f->stats.forced_blocks++;
        moves[0] = lowest(threats);
        count = 1;
    } else {
        uint64_t cands = live_me | live_op;
        count = order_moves(f, cands, live_me & live_op, first, moves);
        uint64_t dead = empty & ~cands;
        f->stats.dead_cells += (uint64_t)popcount(dead);
        if (!wdl && dead != 0) {
            moves[count++] = lowest(dead); /* all dead cells are alike */
        }
    }
    int a = alpha > lo ? alpha : lo, b = beta < hi ? beta : hi;
    int best = -NO_BOUND, best_move = moves[0];
    if (e == f->root_empty) {
        f->root_total = (uint64_t)count;
        f->root_done = 0;
    }
    for (int j = 0; j < count; j++) {
        make(f, moves[j]);
        int v = -search(f, -b, -a, wdl);
        unmake(f, moves[j]);
        if (f->stopped != CG_OK) {
            return 0;
        }
        f->root_done += e == f->root_empty;
        if (v > best) {
            best = v;
            best_move = moves[j];
            if (v > a) {
                a = v;
                if (a >= b) {
                    f->stats.beta_cuts++;
                    break;
                }
            }
        }
    }
    int lower = lo, upper = hi;
    if (best >= b) {
        lower = best > lower ? best : lower;
    } else if (best <= (alpha > lo ? alpha : lo)) {
        upper = best < upper ? best : upper;
    } else {
        lower = upper = best;
    }
    if (lower > upper) { /* cannot happen with sound bounds; keep the proven one */
        lower = upper = lo > best ? lo : best;
    }
    if (wdl) { /* a sign proves no more than this */
        lower = lower < 0 ? -NO_BOUND : lower;
        upper = upper > 0 ? NO_BOUND : upper;
    }
    store(f, &k, lower, upper, best_move, e);
    if (best < lo) {
        best = lo;
    }
    return best > hi ? hi : best;
}

static uint64_t empty_cells(const cg_path_frame *f) {
    return f->all & ~(f->stones[0] | f->stones[1]);
}

/* ---- the proof-number search ---------------------------------------------
 *
 * The sign of a value is two boolean questions: can the side to move win?
 * if not, can the opponent? Each is settled by depth-first proof-number
 * search (df-pn): at the attacker's turns one move must win (an OR node),
 * at the defender's every move must (AND). A position's proof number is how
 * many more positions at least must be proved to prove it, its disproof
 * number likewise; the search always goes down the move that is cheapest to
 * settle (fewest proofs at OR nodes, fewest disproofs at AND nodes) until
 * its numbers pass the thresholds it was given, so a draw is disproved along
 * the defender's easiest defences, where alpha-beta would refute every
 * defence it tries first in full. The pairing cut and a crossing gone end
 * the attacker's hopes at once, at every position. Positions are stored by
 * their canonical stones and attacker, the numbers as last seen. */

#define PN_INF 0x3FFFFFFFu /* proved, or disproved: no sum of these overflows */

static uint32_t pn_add(uint32_t a, uint32_t b) {
    uint32_t s = a + b;
    return s > PN_INF ? PN_INF : s;
}

static pn_entry *pn_bucket(const cg_path_frame *f, const key *k, int attacker) {
    size_t mask = ((size_t)1 << f->table_bits) - 2; /* buckets of two */
    uint64_t h = k->hash ^ (attacker ? 0x9E3779B97F4A7C15u : 0);
    return &f->pn_table[(size_t)(h ^ h >> 31) & mask];
}

static pn_entry *pn_slot(cg_path_frame *f, const key *k, int attacker, bool for_store,
                         uint32_t work) {
    if (k->white == 0 && k->black == 0) {
        return NULL; /* the frame itself: its numbers live in the caller */
    }
    pn_entry *bucket = pn_bucket(f, k, attacker);
    for (int j = 0; j < 2; j++) {
        pn_entry *e = &bucket[j];
        if (e->generation == f->generation && e->white == k->white && e->black == k->black &&
            e->attacker == attacker) {
            return e;
        }
    }
    if (!for_store) {
        return NULL;
    }
    /* the first slot keeps the most work, the second takes the rest */
    pn_entry *big = &bucket[0];
    if (big->generation != f->generation || work >= big->work) {
        if (big->generation == f->generation) {
            bucket[1] = *big;
        }
        return big;
    }
    return &bucket[1];
}

static void pn_store(cg_path_frame *f, const key *k, int attacker, uint32_t pn, uint32_t dn,
                     uint32_t work) {
    pn_entry *e = pn_slot(f, k, attacker, true, work);
    if (e == NULL) {
        return;
    }
    e->white = k->white;
    e->black = k->black;
    e->pn = pn;
    e->dn = dn;
    e->work = work;
    e->attacker = (uint8_t)attacker;
    e->generation = f->generation;
}

/* The numbers stored for k, else (1, 1). */
static void pn_look(cg_path_frame *f, const key *k, int attacker, uint32_t *pn, uint32_t *dn) {
    const pn_entry *e = pn_slot(f, k, attacker, false, 0);
    *pn = e == NULL ? 1 : e->pn;
    *dn = e == NULL ? 1 : e->dn;
}

/* Settles the current position at once when it can: its numbers into pn,
 * dn and true; else its moves into moves, *count. known: the position was
 * expanded before (so is no leaf): its moves only. */
static bool pn_leaf(cg_path_frame *f, int attacker, bool known, uint32_t *pn, uint32_t *dn,
                    int *moves, int *count) {
    int me = f->to_move, op = 1 - me;
    bool attacking = me == attacker;
    uint64_t empty = empty_cells(f);
    uint32_t win_pn = attacking ? 0 : PN_INF, win_dn = attacking ? PN_INF : 0;
    if (!known && wins_of(f, me, empty) != 0) { /* the side to move wins */
        f->stats.immediate_wins++;
        *pn = win_pn;
        *dn = win_dn;
        return true;
    }
    uint64_t threats = wins_of(f, op, empty);
    if (!known && popcount(threats) >= 2) { /* the side to move loses */
        f->stats.double_threats++;
        *pn = win_dn;
        *dn = win_pn;
        return true;
    }
    uint64_t useful_att = useful_of(f, attacker, empty);
    if (!known && useful_att == 0) {
        f->stats.no_crossing++;
        *pn = PN_INF;
        *dn = 0;
        return true;
    }
    if (!known && paired(f, attacker, useful_att)) {
        *pn = PN_INF;
        *dn = 0;
        return true;
    }
    if (threats != 0) {
        f->stats.forced_blocks++;
        moves[0] = lowest(threats);
        *count = 1;
        return false;
    }
    uint64_t useful_def = useful_of(f, 1 - attacker, empty);
    uint64_t useful_me = attacking ? useful_att : useful_def;
    uint64_t useful_op = attacking ? useful_def : useful_att;
    f->stats.dead_cells += (uint64_t)popcount(empty & ~(useful_me | useful_op));
    *count = order_moves(f, useful_me | useful_op, useful_me & useful_op, -1, moves);
    return false;
}

static void pn_search(cg_path_frame *f, int attacker, uint32_t th_pn, uint32_t th_dn,
                      uint32_t *out_pn, uint32_t *out_dn) {
    if (++f->stats.nodes >= f->next_check) {
        f->next_check = f->stats.nodes + CHECK_EVERY;
        if (check_limits(f)) {
            *out_pn = *out_dn = 1;
            return;
        }
    }
    uint64_t start = f->stats.nodes;
    key k = key_of(f);
    const pn_entry *hit = pn_slot(f, &k, attacker, false, 0);
    if (hit != NULL) {
        f->stats.table_hits++;
        if (hit->pn >= th_pn || hit->dn >= th_dn) {
            f->stats.table_cuts++;
            *out_pn = hit->pn;
            *out_dn = hit->dn;
            return;
        }
    }
    int moves[CG_PATH_MAX_EMPTY], count = 0;
    uint32_t pn, dn;
    /* a position in the table is no leaf: only its moves are wanted */
    if (pn_leaf(f, attacker, hit != NULL, &pn, &dn, moves, &count)) {
        pn_store(f, &k, attacker, pn, dn, 1);
        *out_pn = pn;
        *out_dn = dn;
        return;
    }
    bool or_node = f->to_move == attacker;
    /* each move's numbers, seen from this node's kind: "mine" the number
     * that is minimised here (pn at OR nodes), "theirs" the one summed */
    uint32_t mine[CG_PATH_MAX_EMPTY], theirs[CG_PATH_MAX_EMPTY];
    key child[CG_PATH_MAX_EMPTY];
    for (int j = 0; j < count; j++) { /* the keys first, their buckets fetched meanwhile */
        make(f, moves[j]);
        child[j] = key_of(f);
        unmake(f, moves[j]);
        __builtin_prefetch(pn_bucket(f, &child[j], attacker));
    }
    for (int j = 0; j < count; j++) {
        uint32_t cp, cd;
        pn_look(f, &child[j], attacker, &cp, &cd);
        mine[j] = or_node ? cp : cd;
        theirs[j] = or_node ? cd : cp;
    }
    uint32_t th_mine = or_node ? th_pn : th_dn, th_theirs = or_node ? th_dn : th_pn;
    uint32_t m, t;
    for (;;) {
        int best = 0;
        uint32_t second = PN_INF;
        m = PN_INF;
        t = 0;
        for (int j = 0; j < count; j++) {
            t = pn_add(t, theirs[j]);
            if (mine[j] < m) {
                second = m;
                m = mine[j];
                best = j;
            } else if (mine[j] < second) {
                second = mine[j];
            }
        }
        if (count == 0 || m >= th_mine || t >= th_theirs || f->stopped != CG_OK) {
            break;
        }
        /* the best move's thresholds: until it passes the second best (by a
         * quarter more, so as not to switch back and forth), and what the
         * others leave of this node's summed threshold */
        uint32_t grow = second + second / 4 + 1;
        uint32_t child_mine = th_mine < grow ? th_mine : grow;
        /* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult): best < count */
        uint32_t child_theirs = th_theirs - t + theirs[best];
        make(f, moves[best]);
        uint32_t cp, cd;
        if (or_node) {
            pn_search(f, attacker, child_mine, child_theirs, &cp, &cd);
        } else {
            pn_search(f, attacker, child_theirs, child_mine, &cp, &cd);
        }
        unmake(f, moves[best]);
        mine[best] = or_node ? cp : cd;
        theirs[best] = or_node ? cd : cp;
    }
    pn = or_node ? m : t;
    dn = or_node ? t : m;
    if (f->stopped == CG_OK) {
        uint64_t work = f->stats.nodes - start;
        pn_store(f, &k, attacker, pn, dn, work > UINT32_MAX ? UINT32_MAX : (uint32_t)work);
    }
    *out_pn = pn;
    *out_dn = dn;
}

/* Whether attacker wins from the current position (false also when stopped). */
static bool pn_wins(cg_path_frame *f, int attacker) {
    uint32_t pn = 1, dn = 1;
    while (pn != 0 && dn != 0 && f->stopped == CG_OK) {
        pn_search(f, attacker, PN_INF, PN_INF, &pn, &dn);
    }
    return pn == 0 && f->stopped == CG_OK;
}

/* ---- calls -------------------------------------------------------------- */

/* The sign of the value: two proof-number searches (can the side to move
 * win? if not, can the opponent?), or one alpha-beta search over the three
 * values when asked for (the solver before the proof-number search). */
static int wdl_value(cg_path_frame *f) {
    if (f->alpha_beta) {
        return search(f, -1, 1, true);
    }
    if (pn_wins(f, f->to_move)) {
        return 1;
    }
    return f->stopped == CG_OK && pn_wins(f, 1 - f->to_move) ? -1 : 0;
}

static void begin(cg_path_search *s, cg_path_frame *f, cg_error *err) {
    memset(&f->stats, 0, sizeof f->stats);
    f->max_nodes = s->max_nodes;
    f->next_check = CHECK_EVERY;
    f->started = cg_seconds();
    f->next_report = f->started + 0.5;
    f->hook = s->hook;
    f->hook_context = s->hook_context;
    f->stopped = CG_OK;
    f->err = err;
    f->root_done = f->root_total = 0;
    f->root_empty = popcount(empty_cells(f));
    f->alpha_beta = s->alpha_beta;
    f->matching = !s->no_matching;
}

static void end(cg_path_search *s, cg_path_frame *f) {
    cg_path_stats *t = &s->total;
    const cg_path_stats *c = &f->stats;
    t->nodes += c->nodes;
    t->table_hits += c->table_hits;
    t->table_cuts += c->table_cuts;
    t->immediate_wins += c->immediate_wins;
    t->double_threats += c->double_threats;
    t->forced_blocks += c->forced_blocks;
    t->no_crossing += c->no_crossing;
    t->pairing_cuts += c->pairing_cuts;
    t->matching_cuts += c->matching_cuts;
    t->beta_cuts += c->beta_cuts;
    t->dead_cells += c->dead_cells;
}

/* The moves worth trying for the side to move, best first: its winning
 * cells when it has any, the one block when the opponent has one threat. */
static int node_moves(cg_path_frame *f, int *moves) {
    int me = f->to_move;
    uint64_t empty = empty_cells(f);
    uint64_t wins = wins_of(f, me, empty), threats = wins_of(f, 1 - me, empty);
    if (wins != 0 || threats != 0) {
        int count = 0;
        for (uint64_t w = wins != 0 ? wins : threats; w != 0; w &= w - 1) {
            moves[count++] = lowest(w);
        }
        return count;
    }
    uint64_t live_me = useful_of(f, me, empty), live_op = useful_of(f, 1 - me, empty);
    int count = order_moves(f, live_me | live_op, live_me & live_op, -1, moves);
    if (count == 0 && empty != 0) {
        moves[count++] = lowest(empty);
    }
    return count;
}

/* The sign of the score of the position after move i (for its mover). */
static int child_sign(cg_path_frame *f, int i) {
    int me = f->to_move;
    if (wins_of(f, me, empty_cells(f)) & bit(i)) {
        return -1; /* the child's mover has lost */
    }
    make(f, i);
    int v = wdl_value(f);
    unmake(f, i);
    return v;
}

/* The exact score of the current position (see the top of the file). */
static int exact_score(cg_path_frame *f) {
    int e = popcount(empty_cells(f));
    int v = wdl_value(f);
    if (v == 0 || f->stopped != CG_OK) {
        return 0;
    }
    int lo = v > 0 ? 1 : -e, hi = v > 0 ? e : -1;
    while (lo < hi && f->stopped == CG_OK) {
        int mid = lo + (hi - lo + 1) / 2;
        if (search(f, mid - 1, mid, false) >= mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

static cg_outcome outcome_of_sign(int v) {
    return v > 0 ? CG_OUTCOME_WIN : v < 0 ? CG_OUTCOME_LOSS : CG_OUTCOME_DRAW;
}

static cg_status over_value(const cg_path_frame *f, cg_path_value *value) {
    value->reason = CG_PATH_BY_OVER;
    value->outcome = f->over == 2            ? CG_OUTCOME_DRAW
                     : f->over == f->to_move ? CG_OUTCOME_WIN
                                             : CG_OUTCOME_LOSS;
    return CG_OK;
}

/* Too many empty cells for the search: only a pairing cut for both sides
 * (or no crossing left) settles it. */
static cg_status board_only_value(cg_path_frame *f, cg_path_value *value, cg_error *err) {
    bool white = false, black = false;
    cg_status st = cg_path_pairing(f->board, f->n, 'W', &white, NULL, NULL, err);
    if (st == CG_OK) {
        st = cg_path_pairing(f->board, f->n, 'B', &black, NULL, NULL, err);
    }
    if (st != CG_OK) {
        return st;
    }
    if (!white || !black) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "the position has %zu empty cells: the exact search handles at most "
                            "%d unless a pairing holds both sides to a draw",
                            value->empty, CG_PATH_MAX_EMPTY);
    }
    value->outcome = CG_OUTCOME_DRAW;
    value->reason = CG_PATH_BY_PAIRING;
    for (size_t c = 0; c < f->n * f->n; c++) {
        if (f->board[c] == 'U') {
            value->best_move = c; /* every move keeps both pairings: all draw */
            break;
        }
    }
    return CG_OK;
}

/* A winning line: the winner keeps winning, the loser blocks what it must
 * (else takes its first move in search order). */
static void winning_line(cg_path_frame *f, cg_path_value *value) {
    int played[CG_PATH_MAX_EMPTY], count = 0, winner = f->to_move;
    while (f->stopped == CG_OK && count < f->empty) {
        int moves[CG_PATH_MAX_EMPTY];
        int me = f->to_move, k = node_moves(f, moves), pick = -1;
        if (k == 0) {
            break;
        }
        bool finishing = me == winner && (wins_of(f, me, empty_cells(f)) & bit(moves[0]));
        if (me != winner || finishing) {
            pick = moves[0];
        } else {
            for (int j = 0; j < k && pick < 0 && f->stopped == CG_OK; j++) {
                pick = child_sign(f, moves[j]) < 0 ? moves[j] : -1;
            }
        }
        if (pick < 0) {
            break;
        }
        value->line[value->line_length++] = f->cell_of[pick];
        make(f, pick);
        played[count++] = pick;
        if (finishing) {
            break;
        }
    }
    while (count > 0) {
        unmake(f, played[--count]);
    }
}

cg_status cg_path_search_value(cg_path_search *s, cg_path_value *value, cg_error *err) {
    if (s == NULL || value == NULL || s->frame == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_search_value: no position set");
    }
    cg_path_frame *f = s->frame;
    memset(value, 0, sizeof *value);
    value->to_move = f->to_move == 0 ? CG_PATH_WHITE : CG_PATH_BLACK;
    value->best_move = SIZE_MAX;
    if (f->empty < 0) {
        for (size_t c = 0; c < f->n * f->n; c++) {
            value->empty += f->board[c] == 'U';
        }
        return f->over >= 0 ? over_value(f, value) : board_only_value(f, value, err);
    }
    value->empty = (size_t)popcount(empty_cells(f));
    if (f->over >= 0) {
        return over_value(f, value);
    }
    begin(s, f, err);
    uint64_t empty = empty_cells(f);
    int me = f->to_move;
    uint64_t wins = wins_of(f, me, empty), threats = wins_of(f, 1 - me, empty);
    int v;
    if (wins != 0) {
        v = 1;
        value->reason = CG_PATH_BY_IMMEDIATE_WIN;
    } else if (popcount(threats) >= 2) {
        v = -1;
        value->reason = CG_PATH_BY_DOUBLE_THREAT;
    } else if (paired(f, me, useful_of(f, me, empty)) &&
               paired(f, 1 - me, useful_of(f, 1 - me, empty))) {
        v = 0; /* the search would find it too; the reason is worth telling */
        value->reason = CG_PATH_BY_PAIRING;
    } else {
        v = wdl_value(f);
        /* settled where it starts: each side without a crossing or walled */
        value->reason =
            f->stats.nodes == (f->alpha_beta ? 1U : 2U) ? CG_PATH_BY_PAIRING : CG_PATH_BY_SEARCH;
    }
    int moves[CG_PATH_MAX_EMPTY];
    int k = node_moves(f, moves);
    for (int j = 0; j < k && value->best_move == SIZE_MAX && f->stopped == CG_OK; j++) {
        if (v < 0 || wins != 0 || -child_sign(f, moves[j]) == v) {
            value->best_move = f->cell_of[moves[j]];
        }
    }
    if (v > 0 && f->stopped == CG_OK) {
        winning_line(f, value);
    }
    value->outcome = outcome_of_sign(v);
    value->stats = f->stats;
    end(s, f);
    return f->stopped;
}

cg_status cg_path_search_moves(cg_path_search *s, bool remoteness, cg_path_move_value *moves,
                               size_t *count, cg_error *err) {
    if (s == NULL || moves == NULL || count == NULL || s->frame == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_search_moves: no position set");
    }
    cg_path_frame *f = s->frame;
    *count = 0;
    if (f->over >= 0) {
        return CG_OK;
    }
    if (f->empty < 0) {
        return cg_error_set(
            err, CG_ERR_LIMIT,
            "the position has more than %d empty cells, too many to value each move",
            CG_PATH_MAX_EMPTY);
    }
    begin(s, f, err);
    uint64_t empty = empty_cells(f);
    uint64_t wins = wins_of(f, f->to_move, empty);
    for (uint64_t rest = empty; rest != 0 && f->stopped == CG_OK; rest &= rest - 1) {
        int i = lowest(rest);
        cg_path_move_value *m = &moves[(*count)++];
        m->cell = f->cell_of[i];
        m->remoteness = 0;
        if (wins & bit(i)) {
            m->outcome = CG_OUTCOME_WIN;
            m->remoteness = 1;
            continue;
        }
        make(f, i);
        if (remoteness) {
            int score = exact_score(f), e = popcount(empty) - 1;
            m->outcome = cg_outcome_flip(outcome_of_sign(score));
            m->remoteness = 1 + (unsigned)(score == 0 ? e : e + 1 - abs(score));
        } else {
            m->outcome = cg_outcome_flip(outcome_of_sign(wdl_value(f)));
        }
        unmake(f, i);
    }
    end(s, f);
    return f->stopped;
}

cg_status cg_path_search_play(cg_path_search *s, size_t cell, cg_error *err) {
    if (s == NULL || s->frame == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_search_play: no position set");
    }
    cg_path_frame *f = s->frame;
    if (f->empty < 0) {
        return cg_error_set(err, CG_ERR_LIMIT, "too many empty cells to play");
    }
    if (f->over >= 0) {
        return cg_error_set(err, CG_ERR_INPUT, "the game is over");
    }
    int i = -1;
    for (int j = 0; j < f->empty && i < 0; j++) {
        i = f->cell_of[j] == cell ? j : -1;
    }
    if (i < 0 || !(empty_cells(f) & bit(i))) {
        return cg_error_set(err, CG_ERR_INPUT, "that cell is not empty");
    }
    int me = f->to_move;
    bool wins = wins_of(f, me, empty_cells(f)) & bit(i);
    make(f, i);
    f->over = wins ? me : empty_cells(f) == 0 ? 2 : -1;
    return CG_OK;
}

const char *cg_path_search_cells(const cg_path_search *s, size_t *n, cg_path_colour *to_move) {
    if (s == NULL || s->frame == NULL) {
        return NULL;
    }
    if (n != NULL) {
        *n = s->frame->n;
    }
    if (to_move != NULL) {
        *to_move = s->frame->to_move == 0 ? CG_PATH_WHITE : CG_PATH_BLACK;
    }
    return s->frame->board;
}

/* A search on a board for a look at one prune (nothing is searched):
 * CG_ERR_LIMIT past CG_PATH_MAX_EMPTY empty cells. Free s in every case. */
static cg_status board_frame(cg_path_search *s, const char *cells, size_t n,
                             const cg_path_frame **f, cg_error *err) {
    cg_path_search_init(s, NULL);
    s->table_limit = 1; /* the smallest table */
    cg_status st = cg_path_search_set(s, cells, n, CG_PATH_WHITE, err);
    *f = s->frame;
    if (st == CG_OK && (*f == NULL || (*f)->empty < 0)) {
        cg_error_set(err, CG_ERR_LIMIT, "more than %d empty cells", CG_PATH_MAX_EMPTY);
        return CG_ERR_LIMIT;
    }
    return st;
}

cg_status cg_path_useful(const char *cells, size_t n, char colour, uint8_t *useful, cg_error *err) {
    if (cells == NULL || useful == NULL || (colour != 'W' && colour != 'B')) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_useful: missing argument");
    }
    cg_path_search s;
    const cg_path_frame *f;
    cg_status st = board_frame(&s, cells, n, &f, err);
    if (st == CG_OK && f != NULL) {
        uint64_t on = useful_of(f, colour == 'W' ? 0 : 1, empty_cells(f));
        memset(useful, 0, n * n);
        for (int i = 0; i < f->empty; i++) {
            useful[f->cell_of[i]] = (uint8_t)(on >> i & 1);
        }
    }
    cg_path_search_free(&s);
    return st;
}

cg_status cg_path_matching_pairing(const char *cells, size_t n, char attacker, bool *found,
                                   uint32_t *pairs, size_t *pair_count, cg_error *err) {
    if (cells == NULL || found == NULL || (attacker != 'W' && attacker != 'B')) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_path_matching_pairing: missing argument");
    }
    *found = false;
    cg_path_search s;
    const cg_path_frame *f;
    cg_status st = board_frame(&s, cells, n, &f, err);
    if (st == CG_OK && f != NULL) {
        int c = attacker == 'W' ? 0 : 1, cut[2 * CG_PATH_CUT_MAX_SETS], count = 0;
        uint64_t empty = empty_cells(f), useful = useful_of(f, c, empty);
        cg_path_crossings g = {f->adj[c], f->side[c][0], f->side[c][1], useful | f->stones[c],
                               useful};
        *found = f->over < 0 && cg_path_matching_cut(&g, cut, &count);
        for (int i = 0; *found && pairs != NULL && i < 2 * count; i++) {
            pairs[i] = f->cell_of[cut[i]];
        }
        if (pair_count != NULL) {
            *pair_count = *found ? (size_t)count : 0;
        }
    }
    cg_path_search_free(&s);
    return st;
}
