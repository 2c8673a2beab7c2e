#include "core/grid_internal.h"

#define NO_CELL UINT32_MAX

/* The analyser loses track of n != 0 through the flood fills' writes to
 * cells it cannot tell from grid->n, hence the NOLINTs below. */
bool cg_grid_on_side(const cg_grid *grid, size_t index, cg_grid_side side) {
    size_t n = grid->n;
    if (n == 0) {
        return false;
    }
    switch (side) {
    case CG_SIDE_LEFT:
        return index % n == 0; /* NOLINT(clang-analyzer-core.DivideZero) */
    case CG_SIDE_RIGHT:
        return index % n == n - 1; /* NOLINT(clang-analyzer-core.DivideZero) */
    case CG_SIDE_TOP:
        return index < n;
    case CG_SIDE_BOTTOM:
        return index >= n * (n - 1);
    }
    return false;
}

size_t cg_grid_neighbours(size_t n, size_t index, size_t out[4]) {
    if (n == 0) {
        return 0;
    }
    size_t row = index / n, col = index % n, k = 0; /* NOLINT(clang-analyzer-core.DivideZero) */
    if (col > 0) {
        out[k++] = index - 1;
    }
    if (col + 1 < n) {
        out[k++] = index + 1;
    }
    if (row > 0) {
        out[k++] = index - n;
    }
    if (row + 1 < n) {
        out[k++] = index + n;
    }
    return k;
}

/* The i-th cell of a side, for seeding. */
static size_t side_cell(size_t n, cg_grid_side side, size_t i) {
    switch (side) {
    case CG_SIDE_LEFT:
        return i * n;
    case CG_SIDE_RIGHT:
        return i * n + n - 1;
    case CG_SIDE_TOP:
        return i;
    case CG_SIDE_BOTTOM:
        break;
    }
    return n * (n - 1) + i;
}

void cg_grid_flood(const cg_grid *grid, char colour, cg_grid_side side, uint8_t *marks, uint8_t bit,
                   uint32_t *queue) {
    size_t n = grid->n, head = 0, tail = 0;
    for (size_t i = 0; i < n; i++) {
        size_t c = side_cell(n, side, i);
        if (grid->cells[c] == colour && !(marks[c] & bit)) {
            marks[c] |= bit;
            queue[tail++] = (uint32_t)c;
        }
    }
    while (head < tail) {
        size_t next[4];
        size_t k = cg_grid_neighbours(n, queue[head++], next);
        for (size_t j = 0; j < k; j++) {
            if (grid->cells[next[j]] == colour && !(marks[next[j]] & bit)) {
                marks[next[j]] |= bit;
                queue[tail++] = (uint32_t)next[j];
            }
        }
    }
}

bool cg_grid_touches(const cg_grid *grid, const uint8_t *marks, uint8_t bit, size_t index,
                     cg_grid_side side) {
    if (cg_grid_on_side(grid, index, side)) {
        return true;
    }
    size_t next[4];
    size_t k = cg_grid_neighbours(grid->n, index, next);
    for (size_t j = 0; j < k; j++) {
        if (marks[next[j]] & bit) {
            return true;
        }
    }
    return false;
}

size_t cg_grid_shortest_chain(const cg_grid *grid, char colour, size_t extra, cg_grid_side from,
                              cg_grid_side to, uint32_t *parent, uint32_t *queue, uint32_t *path) {
    size_t n = grid->n, cells = n * n, head = 0, tail = 0;
    for (size_t c = 0; c < cells; c++) {
        parent[c] = NO_CELL;
    }
    for (size_t i = 0; i < n; i++) {
        size_t c = side_cell(n, from, i);
        if (grid->cells[c] == colour || c == extra) {
            parent[c] = (uint32_t)c; /* a root points to itself */
            queue[tail++] = (uint32_t)c;
        }
    }
    while (head < tail) {
        size_t c = queue[head++];
        if (cg_grid_on_side(grid, c, to)) {
            size_t length = 0;
            for (size_t x = c;; x = parent[x]) {
                path[length++] = (uint32_t)x;
                if (parent[x] == x) {
                    break;
                }
            }
            for (size_t i = 0; i < length / 2; i++) { /* from `from` to `to` */
                uint32_t t = path[i];
                path[i] = path[length - 1 - i];
                path[length - 1 - i] = t;
            }
            return length;
        }
        size_t next[4];
        size_t k = cg_grid_neighbours(n, c, next);
        for (size_t j = 0; j < k; j++) {
            size_t y = next[j];
            if ((grid->cells[y] == colour || y == extra) && parent[y] == NO_CELL) {
                parent[y] = (uint32_t)c;
                queue[tail++] = (uint32_t)y;
            }
        }
    }
    return 0;
}
