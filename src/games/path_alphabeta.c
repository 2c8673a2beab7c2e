/* The PATH's exact search: negamax alpha-beta over a frame's empty cells,
 * its scores the remoteness of the top of path_solve_internal.h (or signs
 * only, wdl), and the move ordering both searches use. */
#include <stdlib.h>

#include "games/path_solve_internal.h"

static int sign(int v) {
    return (v > 0) - (v < 0);
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
int cg_path_order_moves(const cg_path_frame *f, uint64_t cands, uint64_t both, int first,
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

/* One node of the search: its window, what the prunes found, its bounds
 * (lo, hi: scores it is known to lie between) and the table's key and move. */
typedef struct ab_node {
    int alpha, beta;
    bool wdl;
    int e; /* empty cells */
    uint64_t empty, threats, live_me, live_op;
    int lo, hi, first;
    key k;
} ab_node;

static bool ab_settled(const ab_node *nd) {
    return nd->lo >= nd->beta || nd->hi <= nd->alpha || nd->lo == nd->hi;
}

/* The bound that settled the node: lo at or above beta, else hi. */
static int ab_bound(const ab_node *nd) {
    return nd->lo >= nd->beta ? nd->lo : nd->hi;
}

/* The prunes before the table: an immediate win, two threats, a side with
 * no crossing left. True when they settle the node, its score in *score. */
static bool ab_prunes(cg_path_frame *f, ab_node *nd, int *score) {
    int me = f->to_move, op = 1 - me;
    nd->empty = f->all & ~(f->stones[0] | f->stones[1]);
    nd->e = popcount(nd->empty);
    if (cg_path_wins_of(f, me, nd->empty) != 0) {
        f->stats.immediate_wins++;
        *score = nd->wdl ? 1 : nd->e;
        return true;
    }
    nd->threats = cg_path_wins_of(f, op, nd->empty);
    if (popcount(nd->threats) >= 2) {
        f->stats.double_threats++;
        *score = nd->wdl ? -1 : -(nd->e - 1);
        return true;
    }
    nd->lo = -nd->e;
    nd->hi = nd->e;
    nd->live_me = cg_path_useful_of(f, me, nd->empty);
    nd->live_op = cg_path_useful_of(f, op, nd->empty);
    if (nd->live_me == 0) {
        f->stats.no_crossing++;
        nd->hi = 0;
    }
    if (nd->live_op == 0) {
        f->stats.no_crossing++;
        nd->lo = 0;
    }
    if (nd->lo == nd->hi) {
        *score = 0;
        return true;
    }
    if (nd->wdl) {
        nd->lo = sign(nd->lo);
        nd->hi = sign(nd->hi);
    }
    *score = ab_bound(nd);
    return nd->lo >= nd->beta || nd->hi <= nd->alpha;
}

/* The table's bounds and move; true when they settle the node. */
static bool ab_table(cg_path_frame *f, ab_node *nd, int *score) {
    nd->k = key_of(f);
    nd->first = -1;
    const tt_entry *hit = probe(f, &nd->k);
    if (hit == NULL) {
        return false;
    }
    f->stats.table_hits++;
    int tl = (int)hit->lower, tu = (int)hit->upper; /* scores, small signed integers */
    if (nd->wdl) {
        tl = sign(tl);
        tu = sign(tu);
    }
    nd->lo = tl > nd->lo ? tl : nd->lo;
    nd->hi = tu < nd->hi ? tu : nd->hi;
    nd->first = hit->move == 0xFF ? -1 : cg_path_unpermute_move(f, nd->k.sym, hit->move);
    if (!ab_settled(nd)) {
        return false;
    }
    f->stats.table_cuts++;
    *score = ab_bound(nd);
    return true;
}

/* The pairing cut costs a search of the board's corners: only where it
 * ends the search here (a bound of 0 meeting the window). True when the
 * node is settled, then stored. */
static bool ab_paired(cg_path_frame *f, ab_node *nd, int *score) {
    int me = f->to_move;
    if (nd->hi > 0 && nd->alpha >= 0 && cg_path_paired(f, me, nd->live_me)) {
        nd->hi = 0;
    }
    if (nd->lo < 0 && nd->beta <= 0 && cg_path_paired(f, 1 - me, nd->live_op)) {
        nd->lo = 0;
    }
    if (!ab_settled(nd)) {
        return false;
    }
    int lower = nd->wdl && nd->lo < 0 ? -NO_BOUND : nd->lo;
    int upper = nd->wdl && nd->hi > 0 ? NO_BOUND : nd->hi;
    cg_path_store(f, &nd->k, lower, upper, nd->first, nd->e);
    *score = ab_bound(nd);
    return true;
}

/* The moves to search: the block of a single threat, else the cells on a
 * crossing of either side, ordered, and for exact scores one dead cell
 * (all dead cells are alike). */
static int ab_moves(cg_path_frame *f, const ab_node *nd, int *moves) {
    if (nd->threats != 0) {
        f->stats.forced_blocks++;
        moves[0] = lowest(nd->threats);
        return 1;
    }
    uint64_t cands = nd->live_me | nd->live_op;
    int count = cg_path_order_moves(f, cands, nd->live_me & nd->live_op, nd->first, moves);
    uint64_t dead = nd->empty & ~cands;
    f->stats.dead_cells += (uint64_t)popcount(dead);
    if (!nd->wdl && dead != 0) {
        moves[count++] = lowest(dead);
    }
    return count;
}

/* The moves searched in turn within the node's window: the best score (a
 * cut stops at the first that reaches beta) and its move in *best_move. */
static int ab_children(cg_path_frame *f, const ab_node *nd, const int *moves, int count,
                       int *best_move) {
    int a = nd->alpha > nd->lo ? nd->alpha : nd->lo, b = nd->beta < nd->hi ? nd->beta : nd->hi;
    int best = -NO_BOUND;
    bool root = nd->e == f->root_empty;
    *best_move = moves[0];
    if (root) {
        f->root_total = (uint64_t)count;
        f->root_done = 0;
    }
    for (int j = 0; j < count; j++) {
        make(f, moves[j]);
        int v = -cg_path_alpha_beta(f, -b, -a, nd->wdl);
        unmake(f, moves[j]);
        if (f->stopped != CG_OK) {
            return 0;
        }
        f->root_done += root;
        if (v <= best) {
            continue;
        }
        best = v;
        *best_move = moves[j];
        a = v > a ? v : a;
        if (a >= b) {
            f->stats.beta_cuts++;
            break;
        }
    }
    return best;
}

/* Store what the best score proves; returns it within the node's bounds. */
static int ab_store(cg_path_frame *f, const ab_node *nd, int best, int best_move) {
    int lo = nd->lo, hi = nd->hi;
    int a = nd->alpha > lo ? nd->alpha : lo, b = nd->beta < hi ? nd->beta : hi;
    int lower = lo, upper = hi;
    if (best >= b) {
        lower = best > lower ? best : lower;
    } else if (best <= a) {
        upper = best < upper ? best : upper;
    } else {
        lower = upper = best;
    }
    if (lower > upper) { /* cannot happen with sound bounds; keep the proven one */
        lower = upper = lo > best ? lo : best;
    }
    if (nd->wdl) { /* a sign proves no more than this */
        lower = lower < 0 ? -NO_BOUND : lower;
        upper = upper > 0 ? NO_BOUND : upper;
    }
    cg_path_store(f, &nd->k, lower, upper, best_move, nd->e);
    if (best < lo) {
        best = lo;
    }
    return best > hi ? hi : best;
}

/* Negamax alpha-beta: if the score lies in (alpha, beta) it is returned;
 * if it is <= alpha, a value v <= alpha with score <= v; if >= beta, a
 * value v >= beta with score >= v. With wdl, scores are signs. Depth: one
 * call per empty cell at most. */
int cg_path_alpha_beta(cg_path_frame *f, int alpha, int beta, bool wdl) {
    if (count_node(f)) {
        return 0;
    }
    ab_node nd; /* each step fills the fields the next ones read */
    nd.alpha = alpha;
    nd.beta = beta;
    nd.wdl = wdl;
    int score = 0;
    if (ab_prunes(f, &nd, &score) || ab_table(f, &nd, &score) || ab_paired(f, &nd, &score)) {
        return score;
    }
    int moves[CG_PATH_MAX_EMPTY], best_move;
    int count = ab_moves(f, &nd, moves);
    int best = ab_children(f, &nd, moves, count, &best_move);
    return f->stopped != CG_OK ? 0 : ab_store(f, &nd, best, best_move);
}
