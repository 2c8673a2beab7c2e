/* Number game benchmark: the bitmask negamax against the reference solver
 * (sets as flag arrays, closure recomputed from scratch, string-keyed memo)
 * on the full position for M = 20, 24, 27 and 30, then the fast solver alone
 * up to M = 40. Usage: bench_numbergame [largest_M] */
#include <stdio.h>
#include <stdlib.h>

#include "bench_clock.h"
#include "games/numbergame_internal.h"
#include "ref_numbergame.h"

/* Winning moves from the full set of 2..max as a mask, by the fast solver. */
static uint64_t fast_winning(int max, size_t *positions, double *seconds) {
    cg_numbergame game;
    cg_numbergame_init(&game, max, NULL, NULL);
    double t0 = bench_now();
    uint64_t full = cg_numbergame_full(max), winning = 0;
    for (int x = 2; x <= max; x++) {
        bool child_wins = true;
        cg_numbergame_wins(&game, cg_numbergame_after(max, full, x), &child_wins, NULL);
        winning |= child_wins ? 0 : (uint64_t)1 << (x - 2);
    }
    *seconds = bench_now() - t0;
    *positions = game.memo.count;
    cg_numbergame_free(&game);
    return winning;
}

static uint64_t ref_winning(int max, double *seconds) {
    ref_numbergame *game = ref_numbergame_new(max);
    bool full[REF_NUMBERGAME_MAX + 1], next[REF_NUMBERGAME_MAX + 1];
    for (int y = 0; y <= max; y++) {
        full[y] = y >= 2;
    }
    double t0 = bench_now();
    uint64_t winning = 0;
    for (int x = 2; x <= max; x++) {
        ref_numbergame_after(max, full, x, next);
        winning |= ref_numbergame_wins(game, next) ? 0 : (uint64_t)1 << (x - 2);
    }
    *seconds = bench_now() - t0;
    ref_numbergame_delete(game);
    return winning;
}

int main(int argc, char **argv) {
    int largest = argc > 1 ? atoi(argv[1]) : 40;
    static const int compared[] = {20, 24, 27, 30};
    for (size_t i = 0; i < sizeof compared / sizeof compared[0]; i++) {
        int max = compared[i];
        double fast, slow;
        size_t positions;
        uint64_t a = fast_winning(max, &positions, &fast);
        uint64_t b = ref_winning(max, &slow);
        printf("M = %2d full set: fast %8.4f s (%zu positions), reference %8.4f s, ratio %5.1fx, "
               "%s\n",
               max, fast, positions, slow, slow / fast, a == b ? "agree" : "DISAGREE");
    }
    for (int max = 34; max <= largest; max += 3) {
        double fast;
        size_t positions;
        fast_winning(max, &positions, &fast);
        printf("M = %2d full set: fast %8.4f s (%zu positions)\n", max, fast, positions);
    }
    return 0;
}
