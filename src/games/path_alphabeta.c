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

/* Negamax alpha-beta: if the score lies in (alpha, beta) it is returned;
 * if it is <= alpha, a value v <= alpha with score <= v; if >= beta, a
 * value v >= beta with score >= v. With wdl, scores are signs. Depth: one
 * call per empty cell at most. */
int cg_path_alpha_beta(cg_path_frame *f, int alpha, int beta, bool wdl) {
    if (++f->stats.nodes >= f->next_check) {
        f->next_check = f->stats.nodes + CHECK_EVERY;
        if (cg_path_check_limits(f)) {
            return 0;
        }
    }
    int me = f->to_move, op = 1 - me;
    uint64_t empty = f->all & ~(f->stones[0] | f->stones[1]);
    int e = popcount(empty);
    if (cg_path_wins_of(f, me, empty) != 0) {
        f->stats.immediate_wins++;
        return wdl ? 1 : e;
    }
    uint64_t threats = cg_path_wins_of(f, op, empty);
    if (popcount(threats) >= 2) {
        f->stats.double_threats++;
        return wdl ? -1 : -(e - 1);
    }
    int lo = -e, hi = e;
    uint64_t live_me = cg_path_useful_of(f, me, empty), live_op = cg_path_useful_of(f, op, empty);
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
        first = hit->move == 0xFF ? -1 : cg_path_unpermute_move(f, k.sym, hit->move);
        if (lo >= beta || hi <= alpha || lo == hi) {
            f->stats.table_cuts++;
            return lo >= beta ? lo : hi;
        }
    }
    /* the cut costs a search of the board's corners: only where it ends
     * the search here (a bound of 0 meeting the window) */
    if (hi > 0 && alpha >= 0 && cg_path_paired(f, me, live_me)) {
        hi = 0;
    }
    if (lo < 0 && beta <= 0 && cg_path_paired(f, op, live_op)) {
        lo = 0;
    }
    if (lo >= beta || hi <= alpha || lo == hi) {
        cg_path_store(f, &k, wdl && lo < 0 ? -NO_BOUND : lo, wdl && hi > 0 ? NO_BOUND : hi, first,
                      e);
        return lo >= beta ? lo : hi;
    }
    int moves[CG_PATH_MAX_EMPTY], count;
    if (threats != 0) {
        f->stats.forced_blocks++;
        moves[0] = lowest(threats);
        count = 1;
    } else {
        uint64_t cands = live_me | live_op;
        count = cg_path_order_moves(f, cands, live_me & live_op, first, moves);
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
        int v = -cg_path_alpha_beta(f, -b, -a, wdl);
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
    cg_path_store(f, &k, lower, upper, best_move, e);
    if (best < lo) {
        best = lo;
    }
    return best > hi ? hi : best;
}
