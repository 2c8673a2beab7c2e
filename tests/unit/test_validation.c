/* Every per-game solve function and the runner refuse what they are given
 * when it breaks the rules, not only the syntax: a NULL argument is
 * CG_ERR_USAGE naming it, a position the game cannot hold (a Treblecross
 * board with XXX, a deal with a tile twice, edges that are no tree, an
 * unreachable Number Game position, a PATH cell that is not W, B or U) is
 * CG_ERR_INPUT saying why, and a valid position still solves. The scanner
 * and the play loop refuse NULL arguments too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "framework/cgsolve_internal.h"
#include "games/domino_internal.h"
#include "games/gamecs_internal.h"
#include "games/numbergame_internal.h"
#include "games/path_internal.h"
#include "games/treblecross_internal.h"

/* st is the status expected, with a message holding needle. */
static void expect(cg_status st, cg_status wanted, const cg_error *err, const char *needle) {
    if (st != wanted || strstr(err->message, needle) == NULL) {
        fail_msg("status %d (wanted %d), message '%s' (wanted '%s' in it)", (int)st, (int)wanted,
                 err->message, needle);
    }
}

static void treblecross_refuses_finished_and_foreign_boards(void **state) {
    (void)state;
    cg_treblecross_solver solver;
    cg_treblecross_init(&solver, NULL);
    cg_error err;
    expect(cg_treblecross_solve(NULL, "...", 3, &err), CG_ERR_USAGE, &err, "solver");
    expect(cg_treblecross_solve(&solver, NULL, 3, &err), CG_ERR_USAGE, &err, "board");
    /* the case: three X in a row is a game already over */
    expect(cg_treblecross_solve(&solver, "..XXX..", 7, &err), CG_ERR_INPUT, &err,
           "cell 2 (from 0): the board already holds XXX");
    expect(cg_treblecross_solve(&solver, "..o..", 5, &err), CG_ERR_INPUT, &err, "cell 2");
    expect(cg_treblecross_solve(&solver, "..", 2, &err), CG_ERR_INPUT, &err, "at least 3 cells");
    expect(cg_treblecross_load_table(&solver, NULL, &err), CG_ERR_USAGE, &err, "path");
    expect(cg_treblecross_load_table(NULL, "t.cp", &err), CG_ERR_USAGE, &err, "solver");
    assert_int_equal(cg_treblecross_solve(&solver, "..X.X..", 7, &err), CG_OK);
    assert_true(solver.result.winning && solver.result.immediate);
    cg_treblecross_free(&solver);
}

static cg_domino_deal deal_of(int n, const uint8_t (*red)[2], const uint8_t (*green)[2]) {
    cg_domino_deal deal;
    memset(&deal, 0, sizeof deal);
    deal.n = n;
    memcpy(deal.tiles[0], red, (size_t)n * 2);
    memcpy(deal.tiles[1], green, (size_t)n * 2);
    return deal;
}

static void domino_refuses_impossible_deals(void **state) {
    (void)state;
    cg_domino_solver solver;
    cg_domino_init(&solver, NULL);
    cg_error err;
    const uint8_t red[2][2] = {{6, 6}, {1, 2}}, green[2][2] = {{3, 4}, {2, 5}};
    const uint8_t twice[2][2] = {{6, 6}, {2, 1}}, no_double[2][2] = {{0, 1}, {1, 2}};
    const uint8_t seven[2][2] = {{7, 6}, {1, 2}};
    cg_domino_deal good = deal_of(2, red, green);
    expect(cg_domino_solve(NULL, &good, false, false, &err), CG_ERR_USAGE, &err, "solver");
    expect(cg_domino_solve(&solver, NULL, false, false, &err), CG_ERR_USAGE, &err, "deal");
    cg_domino_deal bad = deal_of(2, red, twice);
    expect(cg_domino_solve(&solver, &bad, false, false, &err), CG_ERR_INPUT, &err, "dealt twice");
    bad = deal_of(2, no_double, green);
    expect(cg_domino_solve(&solver, &bad, false, false, &err), CG_ERR_INPUT, &err, "double");
    bad = deal_of(2, seven, green);
    expect(cg_domino_solve(&solver, &bad, false, false, &err), CG_ERR_INPUT, &err, "0 to 6");
    bad = good;
    bad.n = 15;
    expect(cg_domino_solve(&solver, &bad, false, false, &err), CG_ERR_INPUT, &err, "1 to 14");
    assert_int_equal(cg_domino_solve(&solver, &good, false, false, &err), CG_OK);
    cg_domino_free(&solver);
}

static void gamecs_refuses_what_is_not_a_tree(void **state) {
    (void)state;
    cg_gamecs_solver solver;
    cg_gamecs_init(&solver, NULL);
    cg_error err;
    uint32_t u[] = {0, 1}, v[] = {1, 2};
    uint64_t w[] = {1, 2};
    expect(cg_gamecs_solve(NULL, 3, u, v, w, true, &err), CG_ERR_USAGE, &err, "solver");
    expect(cg_gamecs_solve(&solver, 3, u, NULL, w, false, &err), CG_ERR_USAGE, &err, "edge");
    expect(cg_gamecs_solve(&solver, 0, u, v, w, true, &err), CG_ERR_INPUT, &err, "1 to");
    uint32_t far[] = {1, 3};
    expect(cg_gamecs_solve(&solver, 3, u, far, w, true, &err), CG_ERR_INPUT, &err, "edge 2");
    uint64_t painted[] = {1, 0};
    expect(cg_gamecs_solve(&solver, 3, u, v, painted, false, &err), CG_ERR_INPUT, &err, "edge 2");
    /* a cycle 1-2-1 and node 0 left out: no tree, with or without moves */
    uint32_t cu[] = {1, 2}, cv[] = {2, 1};
    for (int moves = 0; moves < 2; moves++) {
        cg_status st = cg_gamecs_solve(&solver, 3, cu, cv, w, moves != 0, &err);
        assert_int_equal(st, CG_ERR_INPUT);
    }
    assert_int_equal(cg_gamecs_solve(&solver, 3, u, v, w, true, &err), CG_OK);
    cg_gamecs_free(&solver);
}

static void numbergame_refuses_unreachable_positions(void **state) {
    (void)state;
    cg_numbergame game;
    cg_error err;
    assert_int_equal(cg_numbergame_init(&game, 9, NULL, &err), CG_OK);
    bool wins;
    uint64_t winning;
    uint64_t full = cg_numbergame_full(9);
    expect(cg_numbergame_wins(NULL, full, &wins, &err), CG_ERR_USAGE, &err, "game");
    expect(cg_numbergame_wins(&game, full, NULL, &err), CG_ERR_USAGE, &err, "answer");
    expect(cg_numbergame_winning_moves(&game, full, NULL, &err), CG_ERR_USAGE, &err, "answer");
    /* 10 is past M = 9 */
    expect(cg_numbergame_wins(&game, full | cg_numbergame_bit(10), &wins, &err), CG_ERR_INPUT, &err,
           "outside 2..9");
    /* 2 forbidden, 4 = 2 + 2 still available: no play reaches it */
    uint64_t unreachable = full & ~cg_numbergame_bit(2);
    expect(cg_numbergame_wins(&game, unreachable, &wins, &err), CG_ERR_INPUT, &err,
           "2 and 2 are forbidden but 4 is available");
    expect(cg_numbergame_winning_moves(&game, unreachable, &winning, &err), CG_ERR_INPUT, &err,
           "unreachable");
    assert_int_equal(cg_numbergame_winning_moves(&game, full, &winning, &err), CG_OK);
    assert_int_equal(cg_numbergame_wins(&game, full, &wins, &err), CG_OK);
    assert_true(wins == (winning != 0));
    cg_numbergame_free(&game);
}

static void path_refuses_foreign_cells(void **state) {
    (void)state;
    cg_path_solver solver;
    cg_path_init(&solver, NULL);
    cg_error err;
    expect(cg_path_solve(NULL, "WBUU", 2, false, &err), CG_ERR_USAGE, &err, "solver");
    expect(cg_path_solve(&solver, NULL, 2, false, &err), CG_ERR_USAGE, &err, "board");
    expect(cg_path_solve(&solver, "WBxU", 2, false, &err), CG_ERR_INPUT, &err,
           "cell 2 (from 0) is not W, B or U");
    expect(cg_path_solve(&solver, "", 0, false, &err), CG_ERR_LIMIT, &err, "side 0");
    bool found;
    expect(cg_path_pairing("WBxU", 2, 'W', &found, NULL, NULL, &err), CG_ERR_INPUT, &err, "cell 2");
    expect(cg_path_pairing("WBUU", 2, 'X', &found, NULL, NULL, &err), CG_ERR_USAGE, &err,
           "missing argument");
    cg_path_search search;
    cg_path_search_init(&search, NULL);
    expect(cg_path_search_set(&search, "WBxU", 2, CG_PATH_WHITE, &err), CG_ERR_USAGE, &err,
           "cell 2");
    cg_path_search_free(&search);
    assert_int_equal(cg_path_solve(&solver, "WWBU", 2, false, &err), CG_OK);
    assert_int_equal(solver.result.verdict, CG_PATH_WHITE_CONNECTED);
    cg_path_free(&solver);
}

static void runner_refuses_missing_arguments(void **state) {
    (void)state;
    cg_options options;
    cg_options_init(&options);
    cg_scanner *in = NULL;
    cg_error err;
    assert_int_equal(cg_scanner_open_memory(&in, "1\n...\n", 6, "<test>", &err), CG_OK);
    const cg_game *game = cg_find_game("treblecross");
    expect(cg_run(NULL, in, &options, stdout, NULL, &err), CG_ERR_USAGE, &err, "game");
    expect(cg_run(game, NULL, &options, stdout, NULL, &err), CG_ERR_USAGE, &err, "input");
    expect(cg_run(game, in, NULL, stdout, NULL, &err), CG_ERR_USAGE, &err, "options");
    expect(cg_run(game, in, &options, NULL, NULL, &err), CG_ERR_USAGE, &err, "output");
    expect(cg_run_each(game, in, &options, NULL, NULL, &err), CG_ERR_USAGE, &err, "callback");
    cg_scanner_close(in);
}

static void scanner_and_play_refuse_missing_arguments(void **state) {
    (void)state;
    cg_scanner *in = NULL;
    cg_error err;
    expect(cg_scanner_open_memory(NULL, "1", 1, "<test>", &err), CG_ERR_USAGE, &err, "scanner");
    expect(cg_scanner_open_memory(&in, NULL, 1, "<test>", &err), CG_ERR_USAGE, &err, "data");
    expect(cg_scanner_open_stream(&in, NULL, "<test>", &err), CG_ERR_USAGE, &err, "stream");
    assert_null(in);
    /* no bytes at all is the empty input */
    assert_int_equal(cg_scanner_open_memory(&in, NULL, 0, "<test>", &err), CG_OK);
    cg_options options;
    cg_options_init(&options);
    const cg_game *game = cg_find_game("treblecross");
    expect(cg_play(NULL, NULL, in, &options, false, stdout, &err), CG_ERR_USAGE, &err, "game");
    expect(cg_play(game, NULL, NULL, &options, false, stdout, &err), CG_ERR_USAGE, &err,
           "commands");
    expect(cg_play(game, NULL, in, NULL, false, stdout, &err), CG_ERR_USAGE, &err, "options");
    expect(cg_play(game, NULL, in, &options, false, NULL, &err), CG_ERR_USAGE, &err, "output");
    cg_scanner_close(in);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(treblecross_refuses_finished_and_foreign_boards),
        cmocka_unit_test(domino_refuses_impossible_deals),
        cmocka_unit_test(gamecs_refuses_what_is_not_a_tree),
        cmocka_unit_test(numbergame_refuses_unreachable_positions),
        cmocka_unit_test(path_refuses_foreign_cells),
        cmocka_unit_test(runner_refuses_missing_arguments),
        cmocka_unit_test(scanner_and_play_refuse_missing_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
