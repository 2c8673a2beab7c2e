/* Deliberately simple: the board as two bit masks (one bit a cell), a chain
 * test by flood fill from one side with shifts, negamax over every empty
 * cell, a memo in an array with one byte per position: the empty cells of
 * the first board asked about (the frame) each empty, White or Black, the
 * index their base-3 digits, and the side to move. The one shortcut: a
 * position's winning moves are looked for before any move is searched,
 * since a win in one is the best a move can give (in outcome and in
 * remoteness). Nothing here is shared with the library. */
#include "ref_path_value.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 64
#define MAX_EMPTY 16 /* the memo: 2 * 3^16 bytes, 86 MB */

/* The board's shape as masks: all its cells, its four sides. */
typedef struct shape {
    size_t n;
    uint64_t all, left, right, top, bottom;
} shape;

struct ref_path_memo {
    bool remoteness; /* else a win ends the look at a position's moves */
    shape shape;
    char frame[MAX_CELLS]; /* the board the memo is for */
    int empty;             /* its empty cells, -1 before the first board */
    uint64_t cell_of[MAX_EMPTY];
    size_t power[MAX_EMPTY];
    uint8_t *known;  /* per position: 0 unknown, else outcome | remoteness << 2 */
    size_t capacity; /* its bytes, reused by a later frame that fits */
};
typedef struct ref_path_memo memo;

static shape shape_of(size_t n) {
    shape s = {n, 0, 0, 0, 0, 0};
    for (size_t c = 0; c < n * n; c++) {
        uint64_t b = (uint64_t)1 << c;
        s.all |= b;
        s.left |= c % n == 0 ? b : 0;
        s.right |= c % n == n - 1 ? b : 0;
        s.top |= c < n ? b : 0;
        s.bottom |= c >= n * (n - 1) ? b : 0;
    }
    return s;
}

/* Whether the stones hold a 4-connected chain between White's sides
 * (left, right) or Black's (top, bottom). */
static bool has_chain(const shape *s, uint64_t stones, bool white) {
    uint64_t reach = stones & (white ? s->left : s->top), before = 0;
    while (reach != before) {
        before = reach;
        uint64_t grow =
            (reach & ~s->right) << 1 | (reach & ~s->left) >> 1 | reach << s->n | reach >> s->n;
        reach |= grow & stones;
    }
    return (reach & (white ? s->right : s->bottom)) != 0;
}

/* Outcome for the side to move when no chain is on the board yet; index:
 * the position's number in the memo without the side to move. */
static int negamax(memo *m, uint64_t white, uint64_t black, bool white_moves, size_t index,
                   unsigned *remoteness) {
    uint8_t *known = &m->known[2 * index + white_moves];
    if (*known != 0) {
        *remoteness = *known >> 2;
        return *known & 3;
    }
    const shape *s = &m->shape;
    uint64_t mine = white_moves ? white : black;
    int best = 0;
    unsigned win_min = ~0u, draw_min = ~0u, loss_max = 0;
    bool at_once = false;
    for (int i = 0; i < m->empty && !at_once; i++) {
        uint64_t cell = m->cell_of[i];
        at_once = !(cell & (white | black)) && has_chain(s, mine | cell, white_moves);
    }
    if (at_once) { /* a win in one */
        best = 3;
        win_min = 1;
    }
    for (int i = 0; i < m->empty && !at_once; i++) {
        uint64_t cell = m->cell_of[i];
        if (cell & (white | black)) {
            continue;
        }
        unsigned r = 0;
        size_t child_index = index + m->power[i] * (white_moves ? 1 : 2);
        int child = white_moves ? negamax(m, white | cell, black, false, child_index, &r)
                                : negamax(m, white, black | cell, true, child_index, &r);
        int value = 4 - child;
        best = value > best ? value : best;
        if (value == 3 && !m->remoteness) {
            win_min = 0; /* not asked for */
            break;
        }
        if (value == 3 && r + 1 < win_min) {
            win_min = r + 1;
        } else if (value == 2 && r + 1 < draw_min) {
            draw_min = r + 1;
        } else if (value == 1 && r + 1 > loss_max) {
            loss_max = r + 1;
        }
    }
    if (best == 0) { /* full board, no chain */
        best = 2;
        draw_min = 0;
    }
    *remoteness = best == 3 ? win_min : best == 2 ? draw_min : loss_max;
    *known = (uint8_t)((unsigned)best | *remoteness << 2);
    return best;
}

ref_path_memo *ref_path_open(bool remoteness) {
    memo *m = calloc(1, sizeof(memo));
    if (m != NULL) {
        m->remoteness = remoteness;
        m->empty = -1;
    }
    return m;
}

void ref_path_close(ref_path_memo *m) {
    if (m != NULL) {
        free(m->known);
        free(m);
    }
}

static void masks_of(const char *cells, size_t n, uint64_t *white, uint64_t *black) {
    *white = *black = 0;
    for (size_t c = 0; c < n * n; c++) {
        *white |= (uint64_t)(cells[c] == 'W') << c;
        *black |= (uint64_t)(cells[c] == 'B') << c;
    }
}

bool ref_path_chain(const char *cells, size_t n) {
    if (n == 0 || n * n > MAX_CELLS) {
        return false;
    }
    shape s = shape_of(n);
    uint64_t white, black;
    masks_of(cells, n, &white, &black);
    return has_chain(&s, white, true) || has_chain(&s, black, false);
}

/* Make cells the memo's frame unless it is a position of the frame (its
 * other cells as the frame's); false when it has too many empty cells or
 * memory runs out. */
static bool frame_for(memo *m, const char *cells, size_t n) {
    bool same = m->empty >= 0 && m->shape.n == n;
    for (size_t c = 0; c < n * n && same; c++) {
        same = m->frame[c] == 'U' || m->frame[c] == cells[c];
    }
    if (same) {
        return true;
    }
    /* built aside: a refused board leaves the old frame whole */
    uint64_t cell_of[MAX_EMPTY];
    size_t power[MAX_EMPTY];
    int empty = 0;
    size_t positions = 1;
    for (size_t c = 0; c < n * n; c++) {
        if (cells[c] == 'U') {
            if (empty == MAX_EMPTY) {
                return false;
            }
            cell_of[empty] = (uint64_t)1 << c;
            power[empty++] = positions;
            positions *= 3;
        }
    }
    if (2 * positions > m->capacity) {
        uint8_t *known = calloc(2 * positions, 1);
        if (known == NULL) {
            return false;
        }
        free(m->known);
        m->known = known;
        m->capacity = 2 * positions;
    } else {
        memset(m->known, 0, 2 * positions);
    }
    m->empty = empty;
    memcpy(m->cell_of, cell_of, (size_t)empty * sizeof cell_of[0]);
    memcpy(m->power, power, (size_t)empty * sizeof power[0]);
    m->shape = shape_of(n);
    memcpy(m->frame, cells, n * n);
    return true;
}

int ref_path_query(ref_path_memo *m, const char *cells, size_t n, bool white_to_move,
                   unsigned *remoteness) {
    if (m == NULL || n == 0 || n * n > MAX_CELLS || ref_path_chain(cells, n) ||
        !frame_for(m, cells, n)) {
        return 0;
    }
    uint64_t white, black;
    masks_of(cells, n, &white, &black);
    size_t index = 0;
    for (int i = 0; i < m->empty; i++) {
        index += m->power[i] * ((white & m->cell_of[i]) ? 1 : (black & m->cell_of[i]) ? 2 : 0);
    }
    return negamax(m, white, black, white_to_move, index, remoteness);
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
