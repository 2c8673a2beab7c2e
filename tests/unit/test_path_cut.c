/* Unit tests of the PATH search's matching cut (src/games/path_cut.c) on
 * its own: boards where it must hold the attacker and no wall does, boards
 * where it must not (a naive pairing of crossings that share a cell would
 * be unsound: the attacker wins there), a board that needs an augmenting
 * path in every mirror image and colour-swapped transpose, its limits, and
 * on random boards against the plain negamax of tests/ref: wherever it
 * fires, the attacker cannot win whoever moves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/path_internal.h"
#include "ref_path_boards.h"
#include "ref_path_value.h"

static bool matching(const char *cells, size_t n, char attacker, uint32_t *pairs, size_t *count) {
    bool found = true;
    assert_int_equal(cg_path_matching_pairing(cells, n, attacker, &found, pairs, count, NULL),
                     CG_OK);
    return found;
}

static bool wall(const char *cells, size_t n, char attacker) {
    bool found = true;
    assert_int_equal(cg_path_pairing(cells, n, attacker, &found, NULL, NULL, NULL), CG_OK);
    return found;
}

/* The pairs are distinct empty cells. */
static void assert_pairs_sound(const char *cells, size_t n, const uint32_t *pairs, size_t count) {
    assert_true(count > 0);
    for (size_t i = 0; i < 2 * count; i++) {
        assert_true(pairs[i] < n * n);
        assert_int_equal(cells[pairs[i]], 'U');
        for (size_t j = 0; j < i; j++) {
            assert_int_not_equal(pairs[i], pairs[j]);
        }
    }
}

/* Whether the reference lets the attacker win, to move or not. */
static bool attacker_can_win(const char *cells, size_t n, char attacker) {
    bool white = attacker == 'W';
    return ref_path_value(cells, n, white) == CG_OUTCOME_WIN ||
           ref_path_value(cells, n, !white) == CG_OUTCOME_LOSS;
}

static void fires_where_no_wall(void **unused) {
    (void)unused;
    /* White's only crossing runs through its own stones: a W b W c; every
     * step of it meets a White stone, so no wall, but {a, b, c} gives a pair */
    static const char one_row[] = "BBBBB"
                                  "BBBBB"
                                  "UWUWU"
                                  "BBBBB"
                                  "BBBBB";
    /* two such crossings, a W b W W and W W c W d: pairs (a, b) and (c, d) */
    static const char two_rows[] = "BBBBB"
                                   "UWUWW"
                                   "BBBBB"
                                   "WWUWU"
                                   "BBBBB";
    const char *boards[] = {one_row, two_rows};
    size_t want[] = {1, 2};
    for (int b = 0; b < 2; b++) {
        uint32_t pairs[2 * CG_PATH_CUT_MAX_SETS];
        size_t count = 0;
        assert_false(wall(boards[b], 5, 'W'));
        assert_true(matching(boards[b], 5, 'W', pairs, &count));
        assert_int_equal(count, want[b]);
        assert_pairs_sound(boards[b], 5, pairs, count);
        assert_false(attacker_can_win(boards[b], 5, 'W'));
    }
}

static void must_not_fire(void **unused) {
    (void)unused;
    /* White's crossings {a, b} and {a, c} share a: the naive pairs (a, b)
     * and (a, c) would say "held", but White plays a, threatens b and c at
     * once and wins; three cells cannot give two crossings two cells each */
    static const char junction[] = "BBBB"
                                   "WUUW"
                                   "BUWW"
                                   "BBBB";
    assert_true(attacker_can_win(junction, 4, 'W'));
    assert_false(matching(junction, 4, 'W', NULL, NULL));
    /* Black's crossings in two_rows: {a, c}, {a, d}, {b, c}, {b, d} on four
     * cells; Black to move wins */
    static const char two_rows[] = "BBBBB"
                                   "UWUWW"
                                   "BBBBB"
                                   "WWUWU"
                                   "BBBBB";
    assert_true(attacker_can_win(two_rows, 5, 'B'));
    assert_false(matching(two_rows, 5, 'B', NULL, NULL));
    /* a crossing of one empty cell: a threat, never paired */
    assert_false(matching("WUW"
                          "BBB"
                          "BBB",
                          3, 'W', NULL, NULL));
    /* no crossing at all: another prune's, not a pairing */
    assert_false(matching("UBU"
                          "UBU"
                          "UBU",
                          3, 'W', NULL, NULL));
    /* the empty board: too many cells and crossings, the cut gives up (a wall holds) */
    char empty[36];
    memset(empty, 'U', sizeof empty);
    assert_false(matching(empty, 6, 'W', NULL, NULL));
    assert_true(wall(empty, 6, 'W'));
}

/* Crossings {x, y, z} and {x, y, w}: the first takes x and y unless an
 * augmenting path moves it to z; in every mirror image, and as Black on the
 * colour-swapped transpose. */
static void needs_augmenting(void **unused) {
    (void)unused;
    static const char board[] = "BBBBB"
                                "WUUUW"
                                "BBUWW"
                                "BBBBB"
                                "BBBBB";
    size_t n = 5;
    for (int image = 0; image < 8; image++) {
        char cells[25];
        bool flip_col = image & 1, flip_row = image & 2, swap = image & 4;
        for (size_t r = 0; r < n; r++) {
            for (size_t c = 0; c < n; c++) {
                size_t rr = flip_row ? n - 1 - r : r, cc = flip_col ? n - 1 - c : c;
                char x = board[rr * n + cc];
                if (swap) { /* cell (r, c) of the transpose, colours swapped */
                    x = board[cc * n + rr];
                    x = x == 'W' ? 'B' : x == 'B' ? 'W' : 'U';
                }
                cells[r * n + c] = x;
            }
        }
        uint32_t pairs[2 * CG_PATH_CUT_MAX_SETS];
        size_t count = 0;
        char attacker = swap ? 'B' : 'W';
        assert_true(matching(cells, n, attacker, pairs, &count));
        assert_int_equal(count, 2);
        assert_pairs_sound(cells, n, pairs, count);
        assert_false(attacker_can_win(cells, n, attacker));
    }
}

static void limits_and_arguments(void **unused) {
    (void)unused;
    bool found;
    assert_int_equal(cg_path_matching_pairing(NULL, 2, 'W', &found, NULL, NULL, NULL),
                     CG_ERR_USAGE);
    assert_int_equal(cg_path_matching_pairing("UUUU", 2, 'X', &found, NULL, NULL, NULL),
                     CG_ERR_USAGE);
    assert_int_equal(cg_path_matching_pairing("UUUU", 2, 'W', NULL, NULL, NULL, NULL),
                     CG_ERR_USAGE);
    char big[81];
    memset(big, 'U', sizeof big);
    assert_int_equal(cg_path_matching_pairing(big, 9, 'W', &found, NULL, NULL, NULL), CG_ERR_LIMIT);
    /* a chain already on the board: over, nothing to pair */
    assert_false(matching("WWW"
                          "UUU"
                          "UUU",
                          3, 'W', NULL, NULL));
}

/* Random boards with few empty cells and many attacker stones (crossings
 * through stones, where walls fail): wherever the cut fires, the plain
 * negamax agrees the attacker never wins; it must fire often, and often
 * where no wall does. */
static void agrees_with_negamax(void **unused) {
    (void)unused;
    ref_rng rng = {2612};
    char cells[64];
    unsigned fired = 0, beyond_walls = 0, checked = 0;
    for (int t = 0; t < 4000; t++) {
        size_t n = 2 + (size_t)ref_rng_below(&rng, 5);
        size_t empty = 2 + (size_t)ref_rng_below(&rng, n * n - 2 < 9 ? n * n - 2 : 9);
        ref_path_random_stones(&rng, cells, n, empty, 30 + (unsigned)ref_rng_below(&rng, 41));
        if (ref_path_chain(cells, n)) {
            continue;
        }
        for (int side = 0; side < 2; side++) {
            char attacker = side == 0 ? 'W' : 'B';
            uint32_t pairs[2 * CG_PATH_CUT_MAX_SETS];
            size_t count = 0;
            bool held = matching(cells, n, attacker, pairs, &count);
            checked++;
            if (!held) {
                continue;
            }
            fired++;
            beyond_walls += !wall(cells, n, attacker);
            assert_false(attacker_can_win(cells, n, attacker));
            assert_pairs_sound(cells, n, pairs, count);
        }
    }
    print_message("fired %u of %u, %u where no wall holds\n", fired, checked, beyond_walls);
    assert_true(checked > 4000);
    assert_true(fired > 300);
    assert_true(beyond_walls > 50);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fires_where_no_wall), cmocka_unit_test(must_not_fire),
        cmocka_unit_test(needs_augmenting),    cmocka_unit_test(limits_and_arguments),
        cmocka_unit_test(agrees_with_negamax),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
