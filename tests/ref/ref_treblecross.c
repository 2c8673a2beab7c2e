#include "ref_treblecross.h"

#include <stdint.h>
#include <stdlib.h>

static bool triple_at(uint32_t filled, size_t len, size_t i) {
    /* Does cell i belong to three filled cells in a row? */
    for (size_t start = i >= 2 ? i - 2 : 0; start <= i && start + 2 < len; start++) {
        if ((filled >> start & 7u) == 7u) {
            return true;
        }
    }
    return false;
}

/* memo[mask]: 0 unknown, 1 loss for the player to move, 2 win. */
static bool wins(uint32_t filled, size_t len, uint8_t *memo) {
    if (memo[filled] != 0) {
        return memo[filled] == 2;
    }
    bool result = false;
    for (size_t i = 0; i < len && !result; i++) {
        if (filled >> i & 1u) {
            continue;
        }
        uint32_t next = filled | (uint32_t)1 << i;
        result = triple_at(next, len, i) || !wins(next, len, memo);
    }
    memo[filled] = result ? 2 : 1;
    return result;
}

bool ref_treblecross_game_tree(const char *board, size_t len, bool *win, bool *ok) {
    uint8_t *memo = calloc((size_t)1 << len, 1);
    *ok = memo != NULL;
    if (memo == NULL) {
        return false;
    }
    uint32_t filled = 0;
    for (size_t i = 0; i < len; i++) {
        if (board[i] == 'X') {
            filled |= (uint32_t)1 << i;
        }
    }
    bool any = false;
    for (size_t i = 0; i < len; i++) {
        win[i] = false;
        if (filled >> i & 1u) {
            continue;
        }
        uint32_t next = filled | (uint32_t)1 << i;
        win[i] = triple_at(next, len, i) || !wins(next, len, memo);
        any = any || win[i];
    }
    free(memo);
    return any;
}

/* Nim-sum of the free stretches of a board with no immediate win. */
static unsigned long long stretch_sum(const char *board, size_t len,
                                      const unsigned long long *grundy) {
    unsigned long long sum = 0;
    size_t run = 0;
    for (size_t i = 0; i <= len; i++) {
        bool free_cell = i < len && board[i] == '.';
        for (size_t j = i >= 2 ? i - 2 : 0; free_cell && j <= i + 2 && j < len; j++) {
            if (board[j] == 'X') {
                free_cell = false;
            }
        }
        if (free_cell) {
            run++;
        } else {
            sum ^= grundy[run + 2];
            run = 0;
        }
    }
    return sum;
}

bool ref_treblecross_rescan(const char *board, size_t len, const unsigned long long *grundy,
                            bool *win) {
    char *copy = malloc(len);
    if (copy == NULL) {
        return false;
    }
    bool immediate = false;
    for (size_t i = 0; i < len; i++) {
        win[i] = false;
        if (board[i] != '.') {
            continue;
        }
        bool l2 = i >= 2 && board[i - 2] == 'X', l1 = i >= 1 && board[i - 1] == 'X';
        bool r1 = i + 1 < len && board[i + 1] == 'X', r2 = i + 2 < len && board[i + 2] == 'X';
        win[i] = (l2 && l1) || (l1 && r1) || (r1 && r2);
        immediate = immediate || win[i];
    }
    bool any = immediate;
    for (size_t i = 0; i < len && !immediate; i++) {
        if (board[i] != '.') {
            continue;
        }
        bool near = false;
        for (size_t j = i >= 2 ? i - 2 : 0; j <= i + 2 && j < len; j++) {
            near = near || board[j] == 'X';
        }
        if (near) {
            continue; /* the opponent completes a triple at once */
        }
        for (size_t j = 0; j < len; j++) {
            copy[j] = board[j];
        }
        copy[i] = 'X';
        win[i] = stretch_sum(copy, len, grundy) == 0;
        any = any || win[i];
    }
    free(copy);
    return any;
}
