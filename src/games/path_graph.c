/* The PATH frame's graph: the fixed stones folded into each colour's
 * adjacency masks, the mirror images keeping the frame, and the floods over
 * it (the winning cells, the cells on some simple crossing). */
#include <stdlib.h>
#include <string.h>

#include "core/grid_internal.h"
#include "games/path_solve_internal.h"

/* Empty cells where a stone of colour c completes its chain. */
uint64_t cg_path_wins_of(const cg_path_frame *f, int c, uint64_t empty) {
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
enum { SOURCE = 0, SINK = 1 }; /* discovery orders; cells get 2.. */

/* The depth-first search of cg_path_useful_of, over colour c's open cells. */
typedef struct block_search {
    const uint64_t *adj;
    uint64_t open, near0, near1; /* open cells, those touching the first, the second side */
    uint64_t seen;
    int next; /* the next discovery order */
    uint8_t order[CG_PATH_MAX_EMPTY], low[CG_PATH_MAX_EMPTY], parent[CG_PATH_MAX_EMPTY];
    uint8_t by_order[CG_PATH_MAX_EMPTY + 2];
    uint64_t left[CG_PATH_MAX_EMPTY]; /* neighbours not yet looked at */
} block_search;

/* Cell w found from v (0xFF: the sink); its low is SOURCE on the first
 * side, SINK on sink (the second side's cells, none for the sink's own
 * children), else its order. seen and next are the search's, in registers. */
static inline void block_discover(block_search *b, int w, int v, uint64_t sink, uint64_t *seen,
                                  int *next) {
    *seen |= bit(w);
    b->order[w] = (uint8_t)*next;
    b->by_order[(*next)++] = (uint8_t)w;
    b->parent[w] = (uint8_t)v;
    b->low[w] = (b->near0 & bit(w)) ? SOURCE : (sink & bit(w)) ? SINK : b->order[w];
    b->left[w] = b->adj[w] & b->open;
}

/* The subtree of one of the sink's children, root, with an explicit stack. */
static void block_subtree(block_search *b, int root) {
    uint64_t seen = b->seen;
    int next = b->next, stack[CG_PATH_MAX_EMPTY], top = 0;
    block_discover(b, root, 0xFF, 0, &seen, &next);
    stack[top++] = root;
    while (top > 0) {
        int v = stack[top - 1];
        if (b->left[v] == 0) {
            top--;
            if (top > 0) {
                int p = stack[top - 1];
                b->low[p] = b->low[v] < b->low[p] ? b->low[v] : b->low[p];
            }
            continue;
        }
        int w = lowest(b->left[v]);
        b->left[v] &= b->left[v] - 1;
        if (seen & bit(w)) {
            b->low[v] = b->order[w] < b->low[v] && w != b->parent[v] ? b->order[w] : b->low[v];
            continue;
        }
        block_discover(b, w, v, b->near1, &seen, &next);
        stack[top++] = w;
    }
    b->seen = seen;
    b->next = next;
}

uint64_t cg_path_useful_of(const cg_path_frame *f, int c, uint64_t empty) {
    uint64_t open = f->stones[c] | empty;
    uint64_t near0 = f->side[c][0] & open, near1 = f->side[c][1] & open;
    if (near0 == 0 || near1 == 0) {
        return 0;
    }
    block_search b;
    b.adj = f->adj[c];
    b.open = open;
    b.near0 = near0;
    b.near1 = near1;
    b.seen = 0;
    b.next = 2;
    /* the sink's children one after another; each grows a subtree */
    for (uint64_t sink_left = near1; sink_left != 0; sink_left &= sink_left - 1) {
        int root = lowest(sink_left);
        if (!(b.seen & bit(root))) {
            block_subtree(&b, root);
        }
    }
    uint64_t in_block = 0;
    for (int k = 2; k < b.next; k++) {
        int q = b.by_order[k];
        int p = b.parent[q];
        bool keep = p == 0xFF ? b.low[q] < SINK : (in_block & bit(p)) && b.low[q] < b.order[p];
        in_block |= keep ? bit(q) : 0;
    }
    return in_block & empty;
}

/* The scratch of building the graph: per cell its group (the first cell
 * found, UINT32_MAX for none yet) and its index among the empty cells (-1
 * for a stone), and the flood's queue. */
typedef struct graph_work {
    uint32_t *group, *queue;
    int8_t *index;
} graph_work;

/* Flood the group of fixed stones at start; its empty neighbours become
 * neighbours of each other for its colour, and touch the sides it does. */
static void fold_group(cg_path_frame *f, const graph_work *g, size_t start) {
    size_t n = f->n;
    char stone = f->board[start];
    int c = stone == 'W' ? 0 : 1;
    bool side0 = false, side1 = false;
    uint64_t touching = 0;
    size_t head = 0, tail = 0;
    g->group[start] = (uint32_t)start;
    g->queue[tail++] = (uint32_t)start;
    while (head < tail) {
        size_t x = g->queue[head++], r = x / n, col = x % n;
        side0 |= c == 0 ? col == 0 : r == 0;
        side1 |= c == 0 ? col == n - 1 : r == n - 1;
        size_t next[4], k = cg_grid_neighbours(n, x, next);
        for (size_t j = 0; j < k; j++) {
            size_t y = next[j];
            if (f->board[y] == 'U') {
                touching |= bit(g->index[y]);
            } else if (f->board[y] == stone && g->group[y] == UINT32_MAX) {
                g->group[y] = (uint32_t)start;
                g->queue[tail++] = (uint32_t)y;
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

/* The empty cells next to cell x on the board. */
static uint64_t empty_next_to(size_t n, const int8_t *index, size_t x) {
    size_t r = x / n, col = x % n;
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
    return near;
}

/* The empty cells' own neighbours (for both colours) and sides. */
static void fold_empty(cg_path_frame *f, const int8_t *index) {
    size_t n = f->n;
    for (int i = 0; i < f->empty; i++) {
        size_t x = f->cell_of[i], r = x / n, col = x % n;
        uint64_t near = empty_next_to(n, index, x);
        for (int c = 0; c < 2; c++) {
            f->adj[c][i] = (f->adj[c][i] | near) & ~bit(i);
        }
        f->side[0][0] |= col == 0 ? bit(i) : 0;
        f->side[0][1] |= col == n - 1 ? bit(i) : 0;
        f->side[1][0] |= r == 0 ? bit(i) : 0;
        f->side[1][1] |= r == n - 1 ? bit(i) : 0;
    }
}

static void graph_work_free(graph_work *g) {
    free(g->group);
    free(g->queue);
    free(g->index);
}

/* Groups of fixed stones: label them, then fold them into the adjacency. */
cg_status cg_path_build_graph(cg_path_frame *f, cg_budget *budget, cg_error *err) {
    size_t count = f->n * f->n;
    size_t bytes = count * (sizeof(uint32_t) * 2) + count;
    cg_status st = cg_budget_take(budget, bytes, 1, "the board's groups", err);
    if (st != CG_OK) {
        return st;
    }
    graph_work g = {malloc((count + 1) * sizeof *g.group), malloc((count + 1) * sizeof *g.queue),
                    malloc(count + 1)};
    if (g.group == NULL || g.queue == NULL || g.index == NULL) {
        graph_work_free(&g);
        cg_budget_give(budget, bytes, 1);
        return cg_error_nomem(err, "the board's groups");
    }
    memset(g.index, -1, count);
    for (int i = 0; i < f->empty; i++) {
        g.index[f->cell_of[i]] = (int8_t)i;
    }
    for (size_t c = 0; c <= count; c++) { /* every cell a neighbour can name, and the spare */
        g.group[c] = UINT32_MAX;
    }
    memset(f->adj, 0, sizeof f->adj);
    memset(f->side, 0, sizeof f->side);
    f->over = -1;
    for (size_t start = 0; start < count; start++) {
        if (f->board[start] != 'U' && g.group[start] == UINT32_MAX) {
            fold_group(f, &g, start);
        }
    }
    fold_empty(f, g.index);
    graph_work_free(&g);
    cg_budget_give(budget, bytes, 1);
    return CG_OK;
}

/* Cell x's image under mirror image t: bit 0 flips the columns, bit 1 the
 * rows. */
static size_t mirrored(size_t n, int t, size_t x) {
    size_t r = x / n, c = x % n;
    return ((t & 2) ? n - 1 - r : r) * n + ((t & 1) ? n - 1 - c : c);
}

static bool board_keeps(const cg_path_frame *f, int t) {
    for (size_t x = 0; x < f->n * f->n; x++) {
        if (f->board[x] != f->board[mirrored(f->n, t, x)]) {
            return false;
        }
    }
    return true;
}

/* The empty cells' numbers under mirror image t into perm. */
static void mirror_perm(const cg_path_frame *f, int t, uint8_t *perm) {
    for (int i = 0; i < f->empty; i++) {
        size_t y = mirrored(f->n, t, f->cell_of[i]);
        for (int j = 0; j < f->empty; j++) {
            if (f->cell_of[j] == y) {
                perm[i] = (uint8_t)j;
            }
        }
    }
}

/* The mirror images (left-right, top-bottom, both) that map the board onto
 * itself keep both players' goals: their positions share table entries. */
void cg_path_find_symmetries(cg_path_frame *f) {
    f->sym_count = 1;
    for (int i = 0; i < f->empty; i++) {
        f->perm[0][i] = (uint8_t)i;
    }
    for (int t = 1; t <= 3; t++) {
        if (board_keeps(f, t)) {
            mirror_perm(f, t, f->perm[f->sym_count++]);
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
