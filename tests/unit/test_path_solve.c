/* Unit tests of PATH perfect play: the pairing cut on its own (boards where
 * it must hold a side to a draw and boards where it must not), the cut
 * checked against the plain negamax of tests/ref on random boards; the
 * dead-cell test on its own (cells it must and must not drop) and against
 * every simple path of small random boards; every opening of the empty 3x3
 * and 4x4 boards, the limits; and that the search uses the matching cut. */
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
        ref_path_random_stones(&rng, cells, n, empty, 50);
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

static bool useful_cell(const char *cells, size_t n, char colour, size_t r, size_t c) {
    uint8_t useful[64];
    assert_int_equal(cg_path_useful(cells, n, colour, useful, NULL), CG_OK);
    return useful[r * n + c] != 0;
}

static void dead_cells_dropped(void **unused) {
    (void)unused;
    /* a dead end below row 1: no White crossing uses (2,1) or (3,1), every
     * Black one does; a stone there is a pass for White's chain */
    const char *pocket = "BBBB"
                         "UUUU"
                         "BUBB"
                         "BUBB";
    assert_false(useful_cell(pocket, 4, 'W', 2, 1));
    assert_false(useful_cell(pocket, 4, 'W', 3, 1));
    assert_true(useful_cell(pocket, 4, 'W', 1, 1));
    assert_true(useful_cell(pocket, 4, 'B', 2, 1));
    assert_true(useful_cell(pocket, 4, 'B', 3, 1));
    /* a loop hanging from the crossing by one cell: both floods reach it
     * (the old test kept it), no simple crossing does */
    const char *loop = "BBBBB"
                       "UUUUU"
                       "BBUBB"
                       "BUUUB"
                       "BUUUB";
    for (size_t r = 3; r < 5; r++) {
        for (size_t c = 1; c < 4; c++) {
            assert_false(useful_cell(loop, 5, 'W', r, c));
        }
    }
    assert_false(useful_cell(loop, 5, 'W', 2, 2));
    /* a cycle through (1,2), a cell of the crossing: its other cells lie on
     * no simple crossing (one would pass (1,2) twice) */
    const char *ring = "BBUUB"
                       "UUUUB"
                       "BBUBB"
                       "BBUUU"
                       "BBBBB";
    assert_false(useful_cell(ring, 5, 'W', 0, 2));
    assert_false(useful_cell(ring, 5, 'W', 0, 3));
    assert_false(useful_cell(ring, 5, 'W', 1, 3));
    assert_true(useful_cell(ring, 5, 'W', 1, 2));
    /* a side with no crossing at all: nothing is useful to it */
    assert_false(useful_cell("UUU"
                             "WWW"
                             "UUU",
                             3, 'B', 0, 0));
}

static void live_cells_kept(void **unused) {
    (void)unused;
    /* a detour: (2,0) and (2,1) lie on the crossing (2,0) (2,1) (1,1) ... */
    const char *detour = "BBBB"
                         "UUUU"
                         "UUBB"
                         "BBBB";
    assert_true(useful_cell(detour, 4, 'W', 2, 0));
    assert_true(useful_cell(detour, 4, 'W', 2, 1));
    /* a cell joined to the crossing through a White group's other side */
    const char *group = "BBBBB"
                        "UUWUU"
                        "BBWBB"
                        "BUWUB"
                        "BBBBB";
    assert_true(useful_cell(group, 5, 'W', 1, 1));
    /* every empty cell of the empty board */
    char empty[25];
    memset(empty, 'U', sizeof empty);
    for (size_t c = 0; c < 25; c++) {
        assert_true(useful_cell(empty, 5, c % 2 ? 'W' : 'B', c / 5, c % 5));
    }
}

/* Marks the empty cells of every simple path of White's open cells from
 * the left column to the right one, extending path (cells[0..length)). */
static void simple_paths(const char *cells, size_t n, size_t *path, size_t length, uint64_t on,
                         uint8_t *marked) {
    size_t x = path[length - 1], r = x / n, c = x % n;
    if (c == n - 1) {
        for (size_t i = 0; i < length; i++) {
            marked[path[i]] |= cells[path[i]] == 'U';
        }
    }
    size_t next[4], k = 0;
    if (c > 0) {
        next[k++] = x - 1;
    }
    if (c + 1 < n) {
        next[k++] = x + 1;
    }
    if (r > 0) {
        next[k++] = x - n;
    }
    if (r + 1 < n) {
        next[k++] = x + n;
    }
    for (size_t j = 0; j < k; j++) {
        size_t y = next[j];
        if (cells[y] != 'B' && !(on >> y & 1)) {
            path[length] = y;
            simple_paths(cells, n, path, length + 1, on | (uint64_t)1 << y, marked);
        }
    }
}

/* On random boards up to 5x5 every empty cell on some simple White crossing
 * is kept; with no White stone (nothing folded) exactly those are kept. */
static void useful_agrees_with_paths(void **unused) {
    (void)unused;
    ref_rng rng = {601};
    char cells[25];
    unsigned dropped = 0, exact = 0;
    for (int t = 0; t < 2000; t++) {
        size_t n = 2 + (size_t)ref_rng_below(&rng, 4);
        bool no_white = ref_rng_below(&rng, 2) == 0;
        for (size_t c = 0; c < n * n; c++) {
            unsigned roll = (unsigned)ref_rng_below(&rng, 10);
            cells[c] = roll < 5 ? 'U' : roll < 7 && !no_white ? 'W' : 'B';
        }
        if (ref_path_chain(cells, n)) {
            continue;
        }
        uint8_t marked[25] = {0}, useful[25];
        size_t path[25];
        for (size_t r = 0; r < n; r++) {
            if (cells[r * n] != 'B') {
                path[0] = r * n;
                simple_paths(cells, n, path, 1, (uint64_t)1 << (r * n), marked);
            }
        }
        assert_int_equal(cg_path_useful(cells, n, 'W', useful, NULL), CG_OK);
        for (size_t c = 0; c < n * n; c++) {
            if (marked[c]) {
                assert_int_equal(useful[c], 1); /* never drops a cell a crossing needs */
            }
            if (no_white) {
                assert_int_equal(useful[c], marked[c]);
            }
            dropped += cells[c] == 'U' && !useful[c];
        }
        exact += no_white;
    }
    assert_true(dropped > 500); /* it fires */
    assert_true(exact > 500);
}

static cg_outcome value_of(cg_path_search *s, const char *cells, size_t n, cg_path_colour mover) {
    cg_path_value v;
    cg_error err;
    assert_int_equal(cg_path_search_set(s, cells, n, mover, &err), CG_OK);
    assert_int_equal(cg_path_search_value(s, &v, &err), CG_OK);
    return v.outcome;
}

/* The board under one of the four maps that turn rows into columns (the
 * transpose, the other diagonal's, the two quarter turns), colours swapped:
 * White's left-right chains become Black's top-bottom ones. */
static void swap_image(const char *cells, size_t n, int map, char *out) {
    for (size_t r = 0; r < n; r++) {
        for (size_t c = 0; c < n; c++) {
            size_t rr = map & 1 ? n - 1 - c : c, cc = map & 2 ? n - 1 - r : r;
            char x = cells[r * n + c];
            out[rr * n + cc] = x == 'W' ? 'B' : x == 'B' ? 'W' : 'U';
        }
    }
}

static int solver_value(cg_path_search *s, const char *cells, size_t n, bool white) {
    cg_path_value v;
    assert_int_equal(cg_path_search_set(s, cells, n, white ? CG_PATH_WHITE : CG_PATH_BLACK, NULL),
                     CG_OK);
    assert_int_equal(cg_path_search_value(s, &v, NULL), CG_OK);
    return (int)v.outcome;
}

/* The colour-swap symmetry: a position with one side to move and its
 * colour-swapped transpose (each of the four maps) with the other side to
 * move have the same value, by the plain negamax and by the solver. */
static void colour_swap_mirrors(void **unused) {
    (void)unused;
    ref_rng rng = {1601};
    char cells[64], image[64];
    unsigned compared = 0, decided = 0;
    cg_path_search search;
    cg_path_search_init(&search, NULL);
    for (int t = 0; t < 400; t++) {
        size_t n = 1 + (size_t)ref_rng_below(&rng, 6);
        size_t empty = 1 + (size_t)ref_rng_below(&rng, n * n < 9 ? n * n : 9);
        ref_path_random_stones(&rng, cells, n, empty, 50);
        if (ref_path_chain(cells, n)) {
            continue;
        }
        bool white = ref_rng_below(&rng, 2) == 0;
        int want = ref_path_value(cells, n, white);
        assert_int_equal(solver_value(&search, cells, n, white), want);
        for (int map = 0; map < 4; map++) {
            swap_image(cells, n, map, image);
            assert_int_equal(ref_path_value(image, n, !white), want);
            assert_int_equal(solver_value(&search, image, n, !white), want);
            compared++;
        }
        decided += want != CG_OUTCOME_DRAW;
    }
    cg_path_search_free(&search);
    assert_true(compared > 1000);
    assert_true(decided > 50);
}

/* The search itself uses the matching cut: on this board neither side is
 * held at the root (the value comes from the search), yet positions inside
 * are cut by matching, for either side to move; with no_matching none are,
 * and the value is the same (the plain negamax's). */
static void matching_cut_in_search(void **unused) {
    (void)unused;
    static const char cells[] = "UBWU"
                                "BUWU"
                                "UBBB"
                                "UWUU";
    for (int side = 0; side < 2; side++) {
        cg_path_colour mover = side == 0 ? CG_PATH_WHITE : CG_PATH_BLACK;
        uint64_t cuts[2];
        for (int off = 0; off < 2; off++) {
            cg_path_search s;
            cg_path_search_init(&s, NULL);
            s.no_matching = off == 1;
            cg_path_value v;
            assert_int_equal(cg_path_search_set(&s, cells, 4, mover, NULL), CG_OK);
            assert_int_equal(cg_path_search_value(&s, &v, NULL), CG_OK);
            assert_int_equal(v.reason, CG_PATH_BY_SEARCH);
            assert_int_equal(v.outcome, ref_path_value(cells, 4, side == 0));
            cuts[off] = v.stats.matching_cuts;
            cg_path_search_free(&s);
        }
        assert_true(cuts[0] > 0);
        assert_int_equal(cuts[1], 0);
    }
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
    uint8_t useful[81];
    assert_int_equal(cg_path_useful("UUUX", 2, 'W', useful, &err), CG_ERR_USAGE);
    assert_int_equal(cg_path_useful("UUUU", 2, 'X', useful, &err), CG_ERR_USAGE);
    assert_int_equal(cg_path_useful(cells, 9, 'W', useful, &err), CG_ERR_LIMIT);
    cg_path_search_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_board_pairs),      cmocka_unit_test(cut_must_fire),
        cmocka_unit_test(cut_must_not_fire),      cmocka_unit_test(cut_agrees_with_negamax),
        cmocka_unit_test(openings_draw),          cmocka_unit_test(colour_swap_mirrors),
        cmocka_unit_test(limits_and_arguments),   cmocka_unit_test(dead_cells_dropped),
        cmocka_unit_test(live_cells_kept),        cmocka_unit_test(useful_agrees_with_paths),
        cmocka_unit_test(matching_cut_in_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
