/* Unit tests of PATH perfect play: the pairing cut on its own (boards where
 * it must hold a side to a draw and boards where it must not), the cut
 * checked against the plain negamax of tests/ref on random boards, every
 * opening of the empty 3x3 and 4x4 boards, and the limits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/path_internal.h"
#include "ref_path_value.h"
#include "ref_rng.h"

static bool pairing(const char *cells, size_t n, char attacker, uint32_t *pairs, size_t *count) {
    bool found = false;
    assert_int_equal(cg_path_pairing(cells, n, attacker, &found, pairs, count, NULL), CG_OK);
    return found;
}

static void empty_board_pairs(void **unused) {
    (void)unused;
    char cells[100];
    uint32_t pairs[100];
    for (size_t n = 2; n <= 10; n++) {
        memset(cells, 'U', n * n);
        for (int side = 0; side < 2; side++) {
            size_t count = 0;
            assert_true(pairing(cells, n, side == 0 ? 'W' : 'B', pairs, &count));
            assert_int_equal(count, n); /* one pair per row (White) or column (Black) */
            for (size_t i = 0; i < count; i++) {
                uint32_t a = pairs[2 * i], b = pairs[2 * i + 1];
                /* White's pairs lie side by side in a row, Black's one above the other */
                if (side == 0) {
                    assert_int_equal(a / n, b / n);
                    assert_int_equal(a % n + 1 == b % n || b % n + 1 == a % n, 1);
                } else {
                    assert_int_equal(a % n, b % n);
                    assert_int_equal(a / n + 1 == b / n || b / n + 1 == a / n, 1);
                }
            }
        }
    }
    assert_false(pairing("U", 1, 'W', NULL, NULL)); /* one cell: the first stone crosses */
}

static void cut_must_fire(void **unused) {
    (void)unused;
    /* White holds column 0, but columns 1 and 2 are empty: pairs across them */
    assert_true(pairing("WUU"
                        "WUU"
                        "WUU",
                        3, 'W', NULL, NULL));
    /* the wall turns at Black stones: rows 0-1 cut at column 2/3, row 2 at 0/1 */
    assert_true(pairing("UWUUU"
                        "WWUUW"
                        "UBBBU"
                        "UUWWW"
                        "UUWUW",
                        5, 'W', NULL, NULL));
    /* no crossing at all for Black: a White row blocks it */
    assert_true(pairing("UUU"
                        "WWW"
                        "UUU",
                        3, 'B', NULL, NULL));
}

static void cut_must_not_fire(void **unused) {
    (void)unused;
    /* White holds the middle column: every step between columns meets a W */
    assert_false(pairing("UWU"
                         "UWU"
                         "UWU",
                         3, 'W', NULL, NULL));
    /* one cell of row 1 is White, its neighbour empty: White's W U step is open */
    assert_false(pairing("UU"
                         "WU",
                         2, 'W', NULL, NULL));
    /* White already crosses */
    assert_false(pairing("WWW"
                         "UUU"
                         "UUU",
                         3, 'W', NULL, NULL));
    /* Black holds the middle column's top two cells: each wall meets B B or B U */
    assert_false(pairing("UBU"
                         "UBU"
                         "UUU",
                         3, 'B', NULL, NULL));
}

/* Wherever the cut holds a side to a draw, the plain negamax agrees: that
 * side never wins, whoever moves. */
static void cut_agrees_with_negamax(void **unused) {
    (void)unused;
    ref_rng rng = {2024};
    char cells[64];
    unsigned fired = 0, checked = 0;
    for (int t = 0; t < 3000; t++) {
        size_t n = 2 + (size_t)ref_rng_below(&rng, 5);
        size_t empty = 1 + (size_t)ref_rng_below(&rng, n * n < 9 ? n * n : 9);
        memset(cells, 'U', n * n);
        for (size_t k = 0; k < n * n - empty; k++) {
            size_t c;
            do {
                c = (size_t)ref_rng_below(&rng, n * n);
            } while (cells[c] != 'U');
            cells[c] = ref_rng_below(&rng, 2) ? 'W' : 'B';
        }
        if (ref_path_chain(cells, n)) {
            continue;
        }
        for (int side = 0; side < 2; side++) {
            char attacker = side == 0 ? 'W' : 'B';
            bool held = pairing(cells, n, attacker, NULL, NULL);
            fired += held;
            checked++;
            if (held) {
                /* attacker to move: not a win; the defender to move: not a loss */
                assert_int_not_equal(ref_path_value(cells, n, side == 0), CG_OUTCOME_WIN);
                assert_int_not_equal(ref_path_value(cells, n, side != 0), CG_OUTCOME_LOSS);
            }
        }
    }
    assert_true(fired > 200);
    assert_true(fired < checked);
}

static cg_outcome value_of(cg_path_search *s, const char *cells, size_t n, cg_path_colour mover) {
    cg_path_value v;
    cg_error err;
    assert_int_equal(cg_path_search_set(s, cells, n, mover, &err), CG_OK);
    assert_int_equal(cg_path_search_value(s, &v, &err), CG_OK);
    return v.outcome;
}

/* Every opening of the empty 3x3 and 4x4 boards is a draw, for either
 * colour opening; the empty boards themselves too. */
static void openings_draw(void **unused) {
    (void)unused;
    cg_path_search s;
    cg_path_search_init(&s, NULL);
    char cells[16];
    for (size_t n = 3; n <= 4; n++) {
        memset(cells, 'U', n * n);
        assert_int_equal(value_of(&s, cells, n, CG_PATH_WHITE), CG_OUTCOME_DRAW);
        assert_int_equal(value_of(&s, cells, n, CG_PATH_BLACK), CG_OUTCOME_DRAW);
        for (size_t c = 0; c < n * n; c++) {
            cells[c] = 'W';
            assert_int_equal(value_of(&s, cells, n, CG_PATH_BLACK), CG_OUTCOME_DRAW);
            if (n == 3) {
                assert_int_equal(ref_path_value(cells, n, false), CG_OUTCOME_DRAW);
            }
            cells[c] = 'B';
            assert_int_equal(value_of(&s, cells, n, CG_PATH_WHITE), CG_OUTCOME_DRAW);
            cells[c] = 'U';
        }
    }
    cg_path_search_free(&s);
}

static void limits_and_arguments(void **unused) {
    (void)unused;
    cg_path_search s;
    cg_path_search_init(&s, NULL);
    cg_error err;
    cg_path_value v;
    assert_int_equal(cg_path_search_value(&s, &v, &err), CG_ERR_USAGE);
    assert_int_equal(cg_path_search_set(&s, "UUUX", 2, CG_PATH_WHITE, &err), CG_ERR_USAGE);
    /* a 9x9 board with 81 empty cells is beyond the search, but the pairing settles it */
    char cells[81];
    memset(cells, 'U', sizeof cells);
    assert_int_equal(value_of(&s, cells, 9, CG_PATH_WHITE), CG_OUTCOME_DRAW);
    /* ... not so once White holds most of a row and more than 64 cells are empty */
    for (size_t c = 0; c < 8; c++) {
        cells[4 * 9 + c] = 'W';
    }
    assert_int_equal(cg_path_search_set(&s, cells, 9, CG_PATH_WHITE, &err), CG_OK);
    assert_int_equal(cg_path_search_value(&s, &v, &err), CG_ERR_LIMIT);
    /* a node limit stops the search cleanly */
    const char *mid = "UUUUUU"
                      "UUWUUU"
                      "UUUBUU"
                      "UUWUUU"
                      "UUUBUU"
                      "UUUUUU";
    s.max_nodes = 10;
    assert_int_equal(cg_path_search_set(&s, mid, 6, CG_PATH_WHITE, &err), CG_OK);
    cg_status st = cg_path_search_value(&s, &v, &err);
    assert_true(st == CG_OK || st == CG_ERR_LIMIT);
    /* a budget too small for the table is refused with a message */
    cg_budget tiny = cg_budget_make(1000);
    cg_path_search small;
    cg_path_search_init(&small, &tiny);
    assert_int_equal(cg_path_search_set(&small, mid, 6, CG_PATH_WHITE, &err), CG_ERR_LIMIT);
    assert_true(err.over_budget);
    cg_path_search_free(&small);
    assert_int_equal(tiny.used, 0);
    cg_path_search_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_board_pairs), cmocka_unit_test(cut_must_fire),
        cmocka_unit_test(cut_must_not_fire), cmocka_unit_test(cut_agrees_with_negamax),
        cmocka_unit_test(openings_draw),     cmocka_unit_test(limits_and_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
