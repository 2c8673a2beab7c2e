#include "ref_gamecs.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct tree {
    size_t n;
    const size_t *parent;
    size_t power[REF_GAMECS_MAX_NODES]; /* 4^(v-1): digit v of a state */
} tree;

static unsigned remaining(const tree *t, size_t state, size_t v) {
    return (unsigned)(state / t->power[v] % 4);
}

/* Edge parent[v]-v can be painted: it has paint left and every edge on the
 * way up to the root still has some. */
static bool paintable(const tree *t, size_t state, size_t v) {
    for (size_t x = v; x != 0; x = t->parent[x]) {
        if (remaining(t, state, x) == 0) {
            return false;
        }
    }
    return true;
}

/* memo: 0 unknown, 1 the player to move loses, 2 wins. States only decrease,
 * so the recursion depth is at most the total weight (<= 21). */
static bool wins(const tree *t, size_t state, uint8_t *memo) {
    if (memo[state] != 0) {
        return memo[state] == 2;
    }
    bool result = false;
    for (size_t v = 1; v < t->n && !result; v++) {
        if (paintable(t, state, v)) {
            result = !wins(t, state - t->power[v], memo);
        }
    }
    memo[state] = result ? 2 : 1;
    return result;
}

bool ref_gamecs_first_player_wins(size_t n, const size_t *parent, const unsigned *weight,
                                  bool *win_edge, bool *ok) {
    *ok = false;
    if (n < 1 || n > REF_GAMECS_MAX_NODES) {
        return false;
    }
    tree t = {n, parent, {0}};
    size_t states = 1;
    size_t start = 0;
    for (size_t v = 1; v < n; v++) {
        t.power[v] = states;
        if (weight[v] < 1 || weight[v] > REF_GAMECS_MAX_WEIGHT || parent[v] >= n) {
            return false;
        }
        start += weight[v] * states;
        states *= 4;
    }
    uint8_t *memo = calloc(states, 1);
    if (memo == NULL) {
        return false;
    }
    *ok = true;
    bool any = false;
    for (size_t v = 1; v < n; v++) {
        win_edge[v] = paintable(&t, start, v) && !wins(&t, start - t.power[v], memo);
        any = any || win_edge[v];
    }
    win_edge[0] = false;
    free(memo);
    return any;
}
