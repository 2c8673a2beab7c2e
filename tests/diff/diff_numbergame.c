/* Differential test: the memoised bitmask solver against the reference
 * solver on ALL reachable positions of the judge's game (M = 20, expected
 * 3,515 of them, found by exploring play from the full set with the
 * reference's own closure) and on a seeded sample of positions for M = 24.
 * Every winning-move list is compared, and cg_numbergame_reachable must
 * accept every reachable position and reject seeded unreachable ones. */
#include <stdio.h>
#include <stdlib.h>

#include "games/numbergame_internal.h"
#include "ref_numbergame.h"
#include "ref_rng.h"

static uint64_t to_mask(int max, const bool *available) {
    uint64_t mask = 0;
    for (int y = 2; y <= max; y++) {
        if (available[y]) {
            mask |= (uint64_t)1 << (y - 2);
        }
    }
    return mask;
}

static void from_mask(int max, uint64_t mask, bool *available) {
    for (int y = 0; y <= max; y++) {
        available[y] = y >= 2 && (mask >> (y - 2) & 1);
    }
}

/* Compare winner and every move's outcome at one position. */
static bool compare(cg_numbergame *fast, ref_numbergame *slow, int max, uint64_t mask) {
    bool available[REF_NUMBERGAME_MAX + 1];
    from_mask(max, mask, available);
    bool fast_wins;
    if (cg_numbergame_wins(fast, mask, &fast_wins, NULL) != CG_OK ||
        fast_wins != ref_numbergame_wins(slow, available)) {
        return false;
    }
    for (int x = 2; x <= max; x++) {
        if (!available[x]) {
            continue;
        }
        bool next[REF_NUMBERGAME_MAX + 1];
        ref_numbergame_after(max, available, x, next);
        uint64_t child = cg_numbergame_after(max, mask, x);
        bool child_wins;
        if (child != to_mask(max, next) ||
            cg_numbergame_wins(fast, child, &child_wins, NULL) != CG_OK ||
            child_wins != ref_numbergame_wins(slow, next)) {
            return false;
        }
    }
    int a, b;
    return cg_numbergame_reachable(max, mask, &a, &b);
}

int main(void) {
    unsigned passed = 0, failed = 0;
    /* M = 20: breadth-first over all positions reachable from the full set. */
    const int max = 20;
    size_t cap = 1 << 13, head = 0, tail = 0;
    uint64_t *queue = malloc(cap * sizeof *queue);
    unsigned char *seen = calloc((size_t)1 << (max - 1), 1);
    cg_numbergame fast;
    ref_numbergame *slow = ref_numbergame_new(max);
    if (queue == NULL || seen == NULL || slow == NULL ||
        cg_numbergame_init(&fast, max, NULL, NULL) != CG_OK) {
        return 1;
    }
    uint64_t full = cg_numbergame_full(max);
    queue[tail++] = full;
    seen[full] = 1;
    while (head < tail) {
        uint64_t mask = queue[head++];
        if (compare(&fast, slow, max, mask)) {
            passed++;
        } else {
            fprintf(stderr, "M = 20: disagreement at position %llx\n", (unsigned long long)mask);
            failed++;
        }
        bool available[REF_NUMBERGAME_MAX + 1], next[REF_NUMBERGAME_MAX + 1];
        from_mask(max, mask, available);
        for (int x = 2; x <= max; x++) {
            if (!available[x]) {
                continue;
            }
            ref_numbergame_after(max, available, x, next);
            uint64_t child = to_mask(max, next);
            if (!seen[child] && tail < cap) {
                seen[child] = 1;
                queue[tail++] = child;
            }
        }
    }
    printf("M = 20: %zu reachable positions compared\n", tail);
    if (tail != 3515) {
        fprintf(stderr, "expected 3515 reachable positions, found %zu\n", tail);
        failed++;
    }
    /* Unreachable positions: every other mask with a few bits is rejected
     * exactly when the reference closure changes it. */
    ref_rng rng = {1558};
    for (int t = 0; t < 2000; t++) {
        uint64_t mask = ref_rng_next(&rng) & full;
        int a, b;
        bool closed = cg_numbergame_reachable(max, mask, &a, &b);
        if (closed != (seen[mask] != 0)) {
            fprintf(stderr, "reachability wrong for %llx\n", (unsigned long long)mask);
            failed++;
        } else {
            passed++;
        }
    }
    free(queue);
    free(seen);
    cg_numbergame_free(&fast);
    ref_numbergame_delete(slow);

    /* M = 24: random play from the full set, comparing along the way. */
    const int max24 = 24;
    if (cg_numbergame_init(&fast, max24, NULL, NULL) != CG_OK ||
        (slow = ref_numbergame_new(max24)) == NULL) {
        return 1;
    }
    for (int game = 0; game < 60; game++) {
        uint64_t mask = cg_numbergame_full(max24);
        while (mask != 0) {
            if (compare(&fast, slow, max24, mask)) {
                passed++;
            } else {
                fprintf(stderr, "M = 24: disagreement at %llx\n", (unsigned long long)mask);
                failed++;
            }
            int choices[64], k = 0;
            for (int x = 2; x <= max24; x++) {
                if (mask >> (x - 2) & 1) {
                    choices[k++] = x;
                }
            }
            mask = cg_numbergame_after(max24, mask, choices[ref_rng_below(&rng, (uint64_t)k)]);
        }
    }
    cg_numbergame_free(&fast);
    ref_numbergame_delete(slow);
    printf("diff_numbergame: %u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
