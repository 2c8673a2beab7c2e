/* The matching cut of the PATH search (see path_internal.h and
 * docs/path-pairing.md): whether the defender can hold the attacker to a
 * draw by pairing, each of the attacker's minimal crossings given two cells
 * of its own.
 *
 * Why it is sound. Let F be a family of sets of empty cells such that every
 * chain the attacker could ever complete contains one of them, and let each
 * W in F have two cells p(W), q(W) of W, all 2|F| cells distinct. The
 * defender answers every attacker stone on p(W) with q(W) and on q(W) with
 * p(W) (if the partner is already the defender's, or there is no pair, it
 * plays anywhere; when it is to move now, likewise). The partner is always
 * empty when needed: the attacker never gets it first, since its first stone
 * on either cell is answered at once. So the attacker never holds both cells
 * of any pair, hence never all of any W, hence never a chain: it is held to
 * at most a draw, whoever moves. Stones the defender adds only remove cells
 * from the attacker's graph, and attacker stones are already in it, so the
 * family F of the current position covers every later position too.
 *
 * The family: the cell sets of the attacker's chordless crossings. A chain
 * is a set of cells (the attacker's stones and cells it will take) joining
 * its sides; a shortest source-sink path inside it is chordless (no two of
 * its cells adjacent unless consecutive), starts on the first side, meets
 * the first side only at its start and the second only at its end; so its
 * empty cells are a subset of the chain's. Enumerating every such path
 * (with a cap: past it the test gives up, never fires) gives a covering F;
 * sets that contain another are dropped (a pair in the smaller serves both).
 *
 * Distinct representatives are what make the pairs safe: two crossings
 * {a, b} and {a, c} sharing a cannot take the pairs (a, b) and (a, c); the
 * attacker plays a and threatens b and c at once. The two cells per set are
 * found as a bipartite matching (two slots per set on one side, cells on the
 * other) by augmenting paths, which reassigns a cell when a later set needs
 * it and an earlier one has another. It is sufficient, not necessary: in a
 * pairing strategy many crossings may share one pair (the empty board's
 * exponentially many crossings share the n pairs of one wall); that case is
 * the wall search's (path_solve.c). */
#include <stdbool.h>
#include <stdint.h>

#include "games/path_internal.h"

#define PATH_STEPS_MAX 512 /* path extensions tried per test, then it gives up */

static int low_bit(uint64_t x) {
    return __builtin_ctzll(x);
}

static uint64_t one(int i) {
    return (uint64_t)1 << (i & 63);
}

typedef struct enumeration {
    const cg_path_crossings *g;
    uint64_t sets[CG_PATH_CUT_MAX_SETS];
    int count;
    int most; /* sets that can have two cells each: half the empty cells */
    int steps;
    bool failed; /* a crossing of one empty cell, or a cap passed */
} enumeration;

/* Keep set unless it contains a kept one; drop the kept ones it is inside. */
static void keep(enumeration *e, uint64_t set) {
    if (__builtin_popcountll(set) < 2) {
        e->failed = true; /* one stone crosses (or the attacker has crossed) */
        return;
    }
    int j = 0;
    for (int i = 0; i < e->count; i++) {
        if ((e->sets[i] & set) == e->sets[i]) {
            return; /* a smaller one already there */
        }
        if ((e->sets[i] & set) != set) {
            e->sets[j++] = e->sets[i];
        }
    }
    e->count = j;
    if (e->count == e->most) {
        e->failed = true; /* Hall's bound */
        return;
    }
    e->sets[e->count++] = set;
}

/* Every chordless path from a source cell to a sink cell, interior off both
 * sides, depth-first with the path as a mask. */
static void enumerate(enumeration *e) {
    const cg_path_crossings *g = e->g;
    int stack[CG_PATH_MAX_EMPTY];
    uint64_t left[CG_PATH_MAX_EMPTY]; /* per depth: neighbours not yet tried */
    for (uint64_t starts = g->source & g->open; starts != 0 && !e->failed; starts &= starts - 1) {
        int s = low_bit(starts);
        if (g->sink & one(s)) {
            keep(e, one(s) & g->empty);
            continue;
        }
        int top = 0;
        uint64_t path = one(s);
        stack[top] = s;
        left[top] = g->adj[s] & g->open & ~g->source;
        top++;
        while (top > 0 && !e->failed) {
            int v = stack[top - 1];
            if (left[top - 1] == 0) {
                path &= ~one(v);
                top--;
                continue;
            }
            int w = low_bit(left[top - 1]);
            left[top - 1] &= left[top - 1] - 1;
            if ((path & one(w)) || (g->adj[w] & path) != one(v)) {
                continue; /* on the path, or a chord: a shorter path has fewer cells */
            }
            if (++e->steps > PATH_STEPS_MAX) {
                e->failed = true;
                break;
            }
            if (g->sink & one(w)) {
                keep(e, (path | one(w)) & g->empty);
                continue;
            }
            path |= one(w);
            stack[top] = w;
            left[top] = g->adj[w] & g->open & ~g->source & ~path;
            top++;
        }
    }
}

/* Augmenting path from slot: a free cell of its set, or one whose slot can
 * move to another cell. */
static bool augment(const uint64_t *sets, int slot, int8_t *slot_of_cell, uint64_t *visited) {
    for (uint64_t c = sets[slot / 2] & ~*visited; c != 0; c &= c - 1) {
        int cell = low_bit(c);
        *visited |= one(cell);
        if (slot_of_cell[cell] < 0 || augment(sets, slot_of_cell[cell], slot_of_cell, visited)) {
            slot_of_cell[cell] = (int8_t)slot;
            return true;
        }
    }
    return false;
}

bool cg_path_matching_cut(const cg_path_crossings *g, int *pairs, int *pair_count) {
    if (__builtin_popcountll(g->empty) > CG_PATH_CUT_MAX_CELLS) {
        return false;
    }
    /* at most CG_PATH_CUT_MAX_SETS, the cells being at most CG_PATH_CUT_MAX_CELLS */
    enumeration e = {.g = g, .most = __builtin_popcountll(g->empty) / 2};
    enumerate(&e);
    uint64_t cells = 0;
    for (int i = 0; i < e.count; i++) {
        cells |= e.sets[i];
    }
    /* no crossing at all is another prune's (no_crossing); Hall's bound first */
    if (e.failed || e.count == 0 || __builtin_popcountll(cells) < 2 * e.count) {
        return false;
    }
    int8_t slot_of_cell[CG_PATH_MAX_EMPTY];
    for (int c = 0; c < CG_PATH_MAX_EMPTY; c++) {
        slot_of_cell[c] = -1;
    }
    for (int slot = 0; slot < 2 * e.count; slot++) {
        uint64_t visited = 0;
        if (!augment(e.sets, slot, slot_of_cell, &visited)) {
            return false;
        }
    }
    if (pairs != NULL) {
        for (int c = 0; c < CG_PATH_MAX_EMPTY; c++) {
            if (slot_of_cell[c] >= 0) {
                pairs[slot_of_cell[c]] = c; /* slots 2i and 2i + 1: set i's pair */
            }
        }
    }
    if (pair_count != NULL) {
        *pair_count = e.count;
    }
    return true;
}
