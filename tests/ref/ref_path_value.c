/* Deliberately simple: a chain test by flood fill from one side, negamax
 * over every empty cell, a memo in an open-addressing table of whole
 * boards. Nothing here is shared with the library. */
#include "ref_path_value.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 64

typedef struct entry {
    uint64_t white, black; /* the stones as cell masks */
    uint8_t used, mover, outcome;
    uint8_t remoteness;
} entry;

struct ref_path_memo {
    entry *slots;
    size_t capacity, count;
    bool remoteness; /* else a win ends the look at a position's moves */
};
typedef struct ref_path_memo memo;

/* Whether colour has a 4-connected chain between its sides. */
static bool has_chain(const char *b, size_t n, char colour) {
    int stack[MAX_CELLS], top = 0;
    bool seen[MAX_CELLS] = {false};
    for (size_t i = 0; i < n; i++) {
        size_t c = colour == 'W' ? i * n : i;
        if (b[c] == colour) {
            seen[c] = true;
            stack[top++] = (int)c;
        }
    }
    while (top > 0) {
        size_t c = (size_t)stack[--top], r = c / n, col = c % n;
        if ((colour == 'W' && col == n - 1) || (colour == 'B' && r == n - 1)) {
            return true;
        }
        size_t next[4];
        int k = 0;
        if (col > 0) {
            next[k++] = c - 1;
        }
        if (col + 1 < n) {
            next[k++] = c + 1;
        }
        if (r > 0) {
            next[k++] = c - n;
        }
        if (r + 1 < n) {
            next[k++] = c + n;
        }
        for (int j = 0; j < k; j++) {
            if (b[next[j]] == colour && !seen[next[j]]) {
                seen[next[j]] = true;
                stack[top++] = (int)next[j];
            }
        }
    }
    return false;
}

static size_t hash_of(uint64_t white, uint64_t black, uint8_t mover) {
    uint64_t h = white * 0x9E3779B97F4A7C15u ^ black * 0xC2B2AE3D27D4EB4Fu ^ mover;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9u;
    return (size_t)(h ^ (h >> 29));
}

static entry *find(memo *m, const char *b, size_t n, char colour, bool *fresh) {
    if ((m->count + 1) * 2 > m->capacity) {
        size_t capacity = m->capacity == 0 ? 1024 : m->capacity * 2;
        entry *slots = calloc(capacity, sizeof *slots);
        if (slots == NULL) {
            return NULL;
        }
        for (size_t i = 0; i < m->capacity; i++) {
            const entry *e = &m->slots[i];
            if (e->used) {
                size_t j = hash_of(e->white, e->black, e->mover) & (capacity - 1);
                while (slots[j].used) {
                    j = (j + 1) & (capacity - 1);
                }
                slots[j] = *e;
            }
        }
        free(m->slots);
        m->slots = slots;
        m->capacity = capacity;
    }
    uint64_t white = 0, black = 0;
    for (size_t c = 0; c < n * n; c++) {
        white |= (uint64_t)(b[c] == 'W') << c;
        black |= (uint64_t)(b[c] == 'B') << c;
    }
    uint8_t mover = colour == 'W';
    size_t j = hash_of(white, black, mover) & (m->capacity - 1);
    while (m->slots[j].used) {
        const entry *e = &m->slots[j];
        if (e->white == white && e->black == black && e->mover == mover) {
            *fresh = false;
            return &m->slots[j];
        }
        j = (j + 1) & (m->capacity - 1);
    }
    *fresh = true;
    m->slots[j].white = white;
    m->slots[j].black = black;
    m->slots[j].mover = mover;
    return &m->slots[j];
}

/* Outcome for the side to move (colour) when no chain is on the board yet. */
static int negamax(memo *m, char *b, size_t n, char colour, unsigned *remoteness) {
    bool fresh;
    entry *e = find(m, b, n, colour, &fresh);
    if (e == NULL) {
        return 0;
    }
    if (!fresh) {
        *remoteness = e->remoteness;
        return e->outcome;
    }
    char other = colour == 'W' ? 'B' : 'W';
    int best = 0;
    unsigned win_min = ~0u, draw_min = ~0u, loss_max = 0;
    for (size_t c = 0; c < n * n; c++) {
        if (b[c] != 'U') {
            continue;
        }
        b[c] = colour;
        int child;
        unsigned r = 0;
        if (has_chain(b, n, colour)) {
            child = 1; /* the opponent has lost, at once */
        } else {
            child = negamax(m, b, n, other, &r);
        }
        b[c] = 'U';
        if (child == 0) {
            return 0;
        }
        int mine = 4 - child;
        if (mine == 3 && !m->remoteness) {
            best = 3;
            win_min = 0; /* not asked for */
            break;
        }
        best = mine > best ? mine : best;
        if (mine == 3 && r + 1 < win_min) {
            win_min = r + 1;
        } else if (mine == 2 && r + 1 < draw_min) {
            draw_min = r + 1;
        } else if (mine == 1 && r + 1 > loss_max) {
            loss_max = r + 1;
        }
    }
    if (best == 0) { /* full board, no chain */
        best = 2;
        draw_min = 0;
    }
    /* find() may have moved the table while the children were searched */
    e = find(m, b, n, colour, &fresh);
    if (e == NULL) {
        return 0;
    }
    e->used = 1;
    e->outcome = (uint8_t)best;
    *remoteness = best == 3 ? win_min : best == 2 ? draw_min : loss_max;
    e->remoteness = (uint8_t)*remoteness;
    m->count++;
    return best;
}

ref_path_memo *ref_path_open(bool remoteness) {
    memo *m = calloc(1, sizeof(memo));
    if (m != NULL) {
        m->remoteness = remoteness;
    }
    return m;
}

void ref_path_close(ref_path_memo *m) {
    if (m != NULL) {
        free(m->slots);
        free(m);
    }
}

bool ref_path_chain(const char *cells, size_t n) {
    return n > 0 && n * n <= MAX_CELLS && (has_chain(cells, n, 'W') || has_chain(cells, n, 'B'));
}

int ref_path_query(ref_path_memo *m, const char *cells, size_t n, bool white_to_move,
                   unsigned *remoteness) {
    if (m == NULL || n == 0 || n * n > MAX_CELLS || ref_path_chain(cells, n)) {
        return 0;
    }
    char b[MAX_CELLS];
    memcpy(b, cells, n * n);
    return negamax(m, b, n, white_to_move ? 'W' : 'B', remoteness);
}

int ref_path_value_remoteness(const char *cells, size_t n, bool white_to_move,
                              unsigned *remoteness) {
    memo *m = ref_path_open(true);
    int v = ref_path_query(m, cells, n, white_to_move, remoteness);
    ref_path_close(m);
    return v;
}

int ref_path_value(const char *cells, size_t n, bool white_to_move) {
    unsigned remoteness;
    memo *m = ref_path_open(false);
    int v = ref_path_query(m, cells, n, white_to_move, &remoteness);
    ref_path_close(m);
    return v;
}
