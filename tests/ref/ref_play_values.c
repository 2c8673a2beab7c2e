#include "ref_play_values.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ref_value ref_combine(const ref_value *children, size_t count, int end) {
    if (count == 0) {
        return (ref_value){end, 0};
    }
    /* For the player to move: a child lost for its mover is a win here. */
    bool any_win = false, any_draw = false;
    unsigned win_min = ~0u, draw_min = ~0u, loss_max = 0;
    for (size_t i = 0; i < count; i++) {
        if (children[i].outcome == REF_LOSS) {
            any_win = true;
            win_min = children[i].remoteness < win_min ? children[i].remoteness : win_min;
        } else if (children[i].outcome == REF_DRAW) {
            any_draw = true;
            draw_min = children[i].remoteness < draw_min ? children[i].remoteness : draw_min;
        } else if (children[i].remoteness > loss_max) {
            loss_max = children[i].remoteness;
        }
    }
    if (any_win) {
        return (ref_value){REF_WIN, win_min + 1};
    }
    if (any_draw) {
        return (ref_value){REF_DRAW, draw_min + 1};
    }
    return (ref_value){REF_LOSS, loss_max + 1};
}

/* ---- the number game ------------------------------------------------------ */

/* The numbers forbidden after choosing x: every sum of one or more of the
 * forbidden numbers and x, recomputed from scratch. */
static void choose(int max, const bool *available, int x, bool *after) {
    bool forbidden[17] = {false};
    for (int y = 2; y <= max; y++) {
        forbidden[y] = !available[y] || y == x;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int a = 2; a <= max; a++) {
            for (int b = 2; a + b <= max; b++) {
                if (forbidden[a] && forbidden[b] && !forbidden[a + b]) {
                    forbidden[a + b] = changed = true;
                }
            }
        }
    }
    for (int y = 0; y <= max; y++) {
        after[y] = y >= 2 && !forbidden[y];
    }
}

/* Remembered by position (bit x - 2 for x) for the last max asked about:
 * the plain recursion revisits the same positions very often. */
static struct {
    int max;
    bool known[1 << 15];
    ref_value value[1 << 15];
} numbergame_memo;

ref_value ref_numbergame_value(int max, const bool *available) {
    unsigned key = 0;
    for (int x = 2; x <= max; x++) {
        key |= (unsigned)available[x] << (x - 2);
    }
    if (numbergame_memo.max != max) {
        memset(&numbergame_memo, 0, sizeof numbergame_memo);
        numbergame_memo.max = max;
    }
    if (numbergame_memo.known[key]) {
        return numbergame_memo.value[key];
    }
    ref_value children[16];
    size_t count = 0;
    for (int x = 2; x <= max; x++) {
        if (available[x]) {
            bool after[17];
            choose(max, available, x, after);
            children[count++] = ref_numbergame_value(max, after);
        }
    }
    numbergame_memo.known[key] = true;
    numbergame_memo.value[key] = ref_combine(children, count, REF_LOSS);
    return numbergame_memo.value[key];
}

/* ---- domino ---------------------------------------------------------------- */

void ref_domino_start(ref_domino *d, int n, const int tiles[2][14][2]) {
    memset(d, 0, sizeof *d);
    d->n = n;
    memcpy(d->hand, tiles, sizeof d->hand);
    int best = -1, holder = 0, at = 0;
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < n; i++) {
            if (tiles[p][i][0] == tiles[p][i][1] && tiles[p][i][0] > best) {
                best = tiles[p][i][0], holder = p, at = i;
            }
        }
    }
    d->hand[holder][at][0] = d->hand[holder][at][1] = -1;
    d->left = d->right = best;
    d->mover = 1 - holder;
    bool empty = true;
    for (int i = 0; i < n; i++) {
        empty &= d->hand[holder][i][0] < 0;
    }
    d->over = empty;
}

size_t ref_domino_moves(const ref_domino *d, char moves[][8]) {
    if (d->over) {
        return 0;
    }
    size_t count = 0;
    for (int i = 0; i < d->n; i++) {
        int a = d->hand[d->mover][i][0], b = d->hand[d->mover][i][1];
        if (a < 0) {
            continue;
        }
        int lo = a < b ? a : b, hi = a < b ? b : a;
        /* the end values the tile can go against, without repeats */
        int ends[2] = {d->left, d->right}, fits[2], k = 0;
        for (int e = 0; e < 2; e++) {
            if ((ends[e] == a || ends[e] == b) && (k == 0 || fits[0] != ends[e])) {
                fits[k++] = ends[e];
            }
        }
        for (int j = 0; j < k; j++) {
            /* numbers 0..6: one digit each */
            char *m = moves[count++];
            m[0] = (char)('0' + lo), m[1] = '-', m[2] = (char)('0' + hi), m[3] = '\0';
            if (k == 2) {
                m[3] = ':', m[4] = (char)('0' + fits[j]), m[5] = '\0';
            }
        }
    }
    if (count == 0) {
        snprintf(moves[count++], 8, "pass");
    }
    return count;
}

bool ref_domino_play(ref_domino *d, const char *move) {
    char legal[32][8];
    size_t count = ref_domino_moves(d, legal);
    bool found = false;
    for (size_t i = 0; i < count; i++) {
        found |= strcmp(legal[i], move) == 0;
    }
    if (!found) {
        return false;
    }
    if (strcmp(move, "pass") == 0) {
        /* Two passes in a row block the game: as cgsolve plays it, the
         * game ends at once when the player after a pass cannot lay either
         * (the second pass is not a move). */
        d->passed = true;
        d->mover = 1 - d->mover;
        ref_domino_moves(d, legal);
        d->over = strcmp(legal[0], "pass") == 0;
        return true;
    }
    int lo, hi, end = -1;
    if (sscanf(move, "%d-%d:%d", &lo, &hi, &end) < 2) {
        return false;
    }
    for (int i = 0; i < d->n; i++) {
        int *t = d->hand[d->mover][i];
        if (t[0] < 0 || !((t[0] == lo && t[1] == hi) || (t[0] == hi && t[1] == lo))) {
            continue;
        }
        int against = end >= 0 ? end : (d->left == lo || d->left == hi) ? d->left : d->right;
        int other = against == lo ? hi : lo;
        if (d->left == against) {
            d->left = other;
        } else {
            d->right = other;
        }
        t[0] = t[1] = -1;
    }
    bool empty = true;
    for (int i = 0; i < d->n; i++) {
        empty &= d->hand[d->mover][i][0] < 0;
    }
    d->over = empty;
    d->passed = false;
    d->mover = 1 - d->mover;
    return true;
}

ref_value ref_domino_value(const ref_domino *d) {
    char moves[32][8];
    size_t count = ref_domino_moves(d, moves);
    ref_value children[32];
    for (size_t i = 0; i < count; i++) {
        ref_domino child = *d;
        ref_domino_play(&child, moves[i]);
        children[i] = ref_domino_value(&child);
    }
    /* The end: an emptied hand (the mover lost) or a block (a draw). */
    return ref_combine(children, count, d->passed ? REF_DRAW : REF_LOSS);
}

/* ---- Grundy values by mex ---------------------------------------------------- */

static unsigned mex(const bool *seen, size_t size) {
    unsigned g = 0;
    while (g < size && seen[g]) {
        g++;
    }
    return g;
}

static unsigned safe_grundy(char *board, size_t len) {
    bool seen[64] = {false};
    for (size_t i = 0; i < len; i++) {
        bool safe = board[i] == '.';
        for (size_t j = 0; j < len && safe; j++) {
            size_t distance = i > j ? i - j : j - i;
            safe = board[j] != 'X' || distance >= 3;
        }
        if (safe) {
            board[i] = 'X';
            unsigned g = safe_grundy(board, len);
            board[i] = '.';
            if (g < 64) {
                seen[g] = true;
            }
        }
    }
    return mex(seen, 64);
}

unsigned ref_treblecross_safe_grundy(const char *board, size_t len) {
    char copy[32];
    if (len >= sizeof copy) {
        return ~0u;
    }
    memcpy(copy, board, len);
    return safe_grundy(copy, len);
}

/* Paint one unit of edge parent[v]-v when it and every edge above it have
 * paint left; only edges in `root`'s subtree (all when root is 0). memo
 * holds 1 + the value by the paint left, each edge a base-4 digit. */
static unsigned gamecs_grundy(size_t n, const size_t *parent, unsigned *weight, size_t root,
                              uint8_t *memo) {
    size_t key = 0;
    for (size_t v = n - 1; v >= 1; v--) {
        key = key * 4 + weight[v];
    }
    if (memo[key] != 0) {
        return memo[key] - 1u;
    }
    bool seen[64] = {false};
    for (size_t v = 1; v < n; v++) {
        bool in = root == 0;
        bool paintable = true;
        for (size_t x = v; x != 0; x = parent[x]) {
            paintable &= weight[x] > 0;
            in |= x == root;
        }
        if (in && paintable) {
            weight[v]--;
            unsigned g = gamecs_grundy(n, parent, weight, root, memo);
            weight[v]++;
            if (g < 64) {
                seen[g] = true;
            }
        }
    }
    unsigned g = mex(seen, 64);
    memo[key] = (uint8_t)(g + 1);
    return g;
}

unsigned ref_gamecs_grundy(size_t n, const size_t *parent, const unsigned *weight, size_t root) {
    unsigned copy[8];
    uint8_t *memo = calloc((size_t)1 << 14, 1); /* 4^7 paint vectors */
    if (n > 8 || n < 1 || memo == NULL) {
        free(memo);
        return ~0u;
    }
    memcpy(copy, weight, n * sizeof *copy);
    unsigned g = gamecs_grundy(n, parent, copy, root, memo);
    free(memo);
    return g;
}
