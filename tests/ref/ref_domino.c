#include "ref_domino.h"

#include <stdlib.h>

typedef struct table {
    int tiles[2][CG_DOMINO_MAX_HAND][2];
    bool used[2][CG_DOMINO_MAX_HAND];
    int left[2];
    int end[2];
} table;

/* The opener and the index of the highest double. */
static void find_opening(const cg_domino_deal *deal, int *player, int *index) {
    int best = -1;
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < deal->n; i++) {
            int a = deal->tiles[p][i][0];
            if (a == deal->tiles[p][i][1] && a > best) {
                best = a;
                *player = p;
                *index = i;
            }
        }
    }
}

static void setup(const cg_domino_deal *deal, table *t, int *mover) {
    for (int p = 0; p < 2; p++) {
        t->left[p] = deal->n;
        for (int i = 0; i < deal->n; i++) {
            t->tiles[p][i][0] = deal->tiles[p][i][0];
            t->tiles[p][i][1] = deal->tiles[p][i][1];
            t->used[p][i] = false;
        }
    }
    int opener = 0, index = 0;
    find_opening(deal, &opener, &index);
    t->used[opener][index] = true;
    t->left[opener]--;
    t->end[0] = t->end[1] = deal->tiles[opener][index][0];
    *mover = 1 - opener;
}

static bool can_lay(const table *t, int n, int p) {
    for (int i = 0; i < n; i++) {
        if (!t->used[p][i]) {
            for (int e = 0; e < 2; e++) {
                if (t->tiles[p][i][0] == t->end[e] || t->tiles[p][i][1] == t->end[e]) {
                    return true;
                }
            }
        }
    }
    return false;
}

/* Explore every continuation; set found[p] when player p can win. Depth is
 * bounded by the number of tiles plus passes (< 60). */
static void explore(table *t, int n, int mover, bool passed, bool found[2]) {
    if (t->left[0] == 0 || t->left[1] == 0) {
        found[t->left[0] == 0 ? 0 : 1] = true;
        return;
    }
    bool laid = false;
    for (int i = 0; i < n; i++) {
        if (t->used[mover][i]) {
            continue;
        }
        for (int e = 0; e < 2; e++) {
            if (e == 1 && t->end[0] == t->end[1]) {
                break; /* equal ends: one move, not two */
            }
            for (int side = 0; side < 2; side++) {
                if (side == 1 && t->tiles[mover][i][0] == t->tiles[mover][i][1]) {
                    break;
                }
                if (t->tiles[mover][i][side] != t->end[e]) {
                    continue;
                }
                laid = true;
                int saved = t->end[e];
                t->end[e] = t->tiles[mover][i][1 - side];
                t->used[mover][i] = true;
                t->left[mover]--;
                explore(t, n, 1 - mover, false, found);
                t->left[mover]++;
                t->used[mover][i] = false;
                t->end[e] = saved;
            }
        }
    }
    if (!laid && !passed) {
        explore(t, n, 1 - mover, true, found);
    }
}

void ref_domino_can_win(const cg_domino_deal *deal, bool can_win[2]) {
    table t;
    int mover;
    setup(deal, &t, &mover);
    can_win[0] = can_win[1] = false;
    explore(&t, deal->n, mover, false, can_win);
}

/* Minimax value for Red: 1 Red wins, 0 blocked, -1 Green wins. */
static int minimax(table *t, int n, int mover, bool passed) {
    if (t->left[0] == 0) {
        return 1;
    }
    if (t->left[1] == 0) {
        return -1;
    }
    int best = mover == 0 ? -2 : 2;
    bool laid = false;
    for (int i = 0; i < n; i++) {
        if (t->used[mover][i]) {
            continue;
        }
        for (int e = 0; e < 2; e++) {
            if (e == 1 && t->end[0] == t->end[1]) {
                break;
            }
            for (int side = 0; side < 2; side++) {
                if (t->tiles[mover][i][side] != t->end[e]) {
                    continue;
                }
                laid = true;
                int saved = t->end[e];
                t->end[e] = t->tiles[mover][i][1 - side];
                t->used[mover][i] = true;
                t->left[mover]--;
                int v = minimax(t, n, 1 - mover, false);
                t->left[mover]++;
                t->used[mover][i] = false;
                t->end[e] = saved;
                best = mover == 0 ? (v > best ? v : best) : (v < best ? v : best);
            }
        }
    }
    if (!laid) {
        return passed ? 0 : minimax(t, n, 1 - mover, true);
    }
    return best;
}

int ref_domino_optimal(const cg_domino_deal *deal) {
    table t;
    int mover;
    setup(deal, &t, &mover);
    int v = minimax(&t, deal->n, mover, false);
    return v == 1 ? 0 : v == -1 ? 1 : -1;
}

bool ref_domino_referee(const cg_domino_deal *deal, const cg_domino_line *line, int winner,
                        const char **why) {
    table t;
    int mover;
    setup(deal, &t, &mover);
    int opener = 1 - mover;
    if (line->length == 0 || !line->moves[0].opening || (int)line->moves[0].player != opener ||
        line->moves[0].a != t.end[0] || line->moves[0].b != t.end[0]) {
        *why = "the line does not start with the highest double laid by its holder";
        return false;
    }
    bool passed = false;
    for (size_t k = 1; k < line->length; k++) {
        const cg_domino_move *m = &line->moves[k];
        if (t.left[0] == 0 || t.left[1] == 0) {
            *why = "the line goes on after somebody emptied their hand";
            return false;
        }
        if ((int)m->player != mover) {
            *why = "a move by the wrong player";
            return false;
        }
        if (m->pass) {
            if (can_lay(&t, deal->n, mover)) {
                *why = "a pass although a tile fits";
                return false;
            }
            if (passed) {
                *why = "play goes on after two passes";
                return false;
            }
            passed = true;
            mover = 1 - mover;
            continue;
        }
        int found = -1;
        for (int i = 0; i < deal->n && found < 0; i++) {
            int a = t.tiles[mover][i][0], b = t.tiles[mover][i][1];
            if (!t.used[mover][i] && ((a == m->a && b == m->b) || (a == m->b && b == m->a))) {
                found = i;
            }
        }
        if (found < 0) {
            *why = "a tile the player does not hold";
            return false;
        }
        int e = t.end[0] == m->a ? 0 : t.end[1] == m->a ? 1 : -1;
        if (e < 0) {
            *why = "a tile laid against an end that does not match";
            return false;
        }
        t.end[e] = m->b;
        t.used[mover][found] = true;
        t.left[mover]--;
        passed = false;
        mover = 1 - mover;
    }
    if (t.left[winner] != 0) {
        *why = "the claimed winner still holds tiles at the end of the line";
        return false;
    }
    return true;
}

void ref_domino_random_deal(ref_rng *rng, int n, cg_domino_deal *deal) {
    const char *reason;
    int first, second;
    do {
        int tiles[28][2], k = 0;
        for (int a = 0; a < 7; a++) {
            for (int b = a; b < 7; b++) {
                tiles[k][0] = a;
                tiles[k][1] = b;
                k++;
            }
        }
        for (int i = 0; i < 2 * n; i++) { /* partial Fisher-Yates */
            int j = i + (int)ref_rng_below(rng, (uint64_t)(28 - i));
            int a = tiles[i][0], b = tiles[i][1];
            tiles[i][0] = tiles[j][0];
            tiles[i][1] = tiles[j][1];
            tiles[j][0] = a;
            tiles[j][1] = b;
        }
        deal->n = n;
        for (int i = 0; i < 2 * n; i++) {
            int flip = (int)ref_rng_below(rng, 2);
            deal->tiles[i / n][i % n][0] = (uint8_t)tiles[i][flip];
            deal->tiles[i / n][i % n][1] = (uint8_t)tiles[i][1 - flip];
        }
    } while (!cg_domino_valid(deal, &reason, &first, &second));
}

unsigned ref_domino_bfs(const cg_domino_deal *deal, size_t *states) {
    cg_domino_rules rules;
    cg_state_graph g;
    uint64_t start = cg_domino_graph(deal, &rules, &g);
    cg_memo seen;
    cg_memo_init(&seen, NULL); /* the reference has no budget */
    size_t cap = 1 << 16, head = 0, tail = 0;
    uint64_t *queue = malloc(cap * sizeof *queue);
    bool fresh;
    cg_memo_insert(&seen, start, 1, &fresh, NULL);
    queue[tail++] = start;
    unsigned found = 0;
    uint64_t next[64];
    while (head < tail && found != 3u) {
        uint64_t s = queue[head++];
        found |= g.goals(g.context, s);
        size_t k = g.moves(g.context, s, next);
        for (size_t i = 0; i < k; i++) {
            if (cg_memo_insert(&seen, next[i], 1, &fresh, NULL) != CG_OK) {
                found = ~0u;
                break;
            }
            if (!fresh) {
                continue;
            }
            if (tail == cap) {
                cap *= 2;
                uint64_t *grown = realloc(queue, cap * sizeof *queue);
                if (grown == NULL) {
                    free(queue);
                    cg_memo_free(&seen);
                    return ~0u;
                }
                queue = grown;
            }
            queue[tail++] = next[i];
        }
    }
    *states = tail;
    free(queue);
    cg_memo_free(&seen);
    return found;
}
