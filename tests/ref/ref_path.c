#include "ref_path.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Does a 4-connected chain of `colour` join the two sides? White: column 0
 * to column n-1; Black: row 0 to row n-1. Depth-first with an explicit stack. */
static bool joined(const char *cells, size_t n, char colour, bool *seen, size_t *stack) {
    bool white = colour == 'W';
    memset(seen, 0, n * n * sizeof *seen);
    size_t top = 0;
    for (size_t i = 0; i < n; i++) {
        size_t c = white ? i * n : i;
        if (cells[c] == colour) {
            seen[c] = true;
            stack[top++] = c;
        }
    }
    while (top > 0) {
        size_t c = stack[--top];
        size_t row = c / n, col = c % n;
        if ((white && col == n - 1) || (!white && row == n - 1)) {
            return true;
        }
        long dr[4] = {0, 0, -1, 1}, dc[4] = {-1, 1, 0, 0};
        for (int k = 0; k < 4; k++) {
            long r2 = (long)row + dr[k], c2 = (long)col + dc[k];
            if (r2 < 0 || c2 < 0 || r2 >= (long)n || c2 >= (long)n) {
                continue;
            }
            size_t d = (size_t)r2 * n + (size_t)c2;
            if (cells[d] == colour && !seen[d]) {
                seen[d] = true;
                stack[top++] = d;
            }
        }
    }
    return false;
}

static bool wins_in_one(char *cells, size_t n, char colour, bool *seen, size_t *stack) {
    for (size_t c = 0; c < n * n; c++) {
        if (cells[c] != 'U') {
            continue;
        }
        cells[c] = colour;
        bool won = joined(cells, n, colour, seen, stack);
        cells[c] = 'U';
        if (won) {
            return true;
        }
    }
    return false;
}

int ref_path_verdict(const char *cells, size_t n) {
    char *copy = malloc(n * n);
    bool *seen = malloc(n * n * sizeof *seen);
    size_t *stack = malloc(n * n * sizeof *stack);
    int verdict = -1;
    if (copy != NULL && seen != NULL && stack != NULL) {
        memcpy(copy, cells, n * n);
        if (joined(copy, n, 'W', seen, stack)) {
            verdict = 0;
        } else if (joined(copy, n, 'B', seen, stack)) {
            verdict = 1;
        } else if (wins_in_one(copy, n, 'W', seen, stack)) {
            verdict = 2;
        } else if (wins_in_one(copy, n, 'B', seen, stack)) {
            verdict = 3;
        } else {
            verdict = 4;
        }
    }
    free(copy);
    free(seen);
    free(stack);
    return verdict;
}
