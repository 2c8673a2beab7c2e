/* Conformance of every playable game's play part, in the spirit of
 * OpenSpiel's random playouts. For each game with a cg_play_rules and a few
 * start positions, seeded random games are played through the interface
 * alone, and at every position:
 *   - the winning moves are legal moves;
 *   - a move wins exactly when the position it leads to has no winning move
 *     (replayed from the start in a fresh state, so positions are consistent
 *     however they are reached): the hint is the game's true solution;
 *   - an illegal move is refused with CG_ERR_INPUT and changes nothing.
 * Then the computer's choice (cg_play_choose) is checked to be perfect: from
 * a position with a winning move it never loses against random moves, and
 * from one without, every random reply that wins is recognised as such. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cgsolve/cgsolve.h"
#include "ref_rng.h"

#define MAX_PLIES 128

/* A game in progress: the rules, a state, and the moves made from start. */
typedef struct session {
    const cg_play_rules *rules;
    const char *start; /* one case in the judge's format, or NULL */
    cg_options options;
    cg_budget budget;
    void *state;
    char history[MAX_PLIES][24];
    size_t plies;
} session;

static void open_state(session *s) {
    s->state = calloc(1, s->rules->state_size);
    assert_non_null(s->state);
    s->budget = cg_budget_make((size_t)256 << 20);
    cg_scanner *position = NULL;
    if (s->start != NULL) {
        assert_int_equal(
            cg_scanner_open_memory(&position, s->start, strlen(s->start), "<start>", NULL), CG_OK);
    }
    cg_error err;
    assert_int_equal(s->rules->start(s->state, position, &s->options, &s->budget, &err), CG_OK);
    cg_scanner_close(position);
}

static void close_state(session *s) {
    s->rules->close(s->state);
    free(s->state);
    s->state = NULL;
    assert_int_equal(s->budget.used, 0); /* every table gave its bytes back */
}

static void moves_of(session *s, bool winning, cg_strlist *out) {
    cg_strlist_clear(out);
    cg_error err;
    cg_status st = winning ? s->rules->winning_moves(s->state, out, &err)
                           : s->rules->legal_moves(s->state, out, &err);
    assert_int_equal(st, CG_OK);
    assert_false(cg_strlist_failed(out));
}

static void play(session *s, const char *move) {
    cg_error err;
    assert_int_equal(s->rules->play(s->state, move, &err), CG_OK);
    assert_true(s->plies < MAX_PLIES);
    snprintf(s->history[s->plies++], sizeof s->history[0], "%s", move);
}

/* Whether the position after history + move has a winning move, replayed in
 * a fresh state. */
static bool child_has_winning_move(const session *s, const char *move) {
    session child = *s;
    open_state(&child);
    cg_error err;
    for (size_t i = 0; i < s->plies; i++) {
        assert_int_equal(child.rules->play(child.state, s->history[i], &err), CG_OK);
    }
    assert_int_equal(child.rules->play(child.state, move, &err), CG_OK);
    cg_strlist winning = CG_STRLIST_INIT;
    moves_of(&child, true, &winning);
    bool has = winning.count > 0;
    cg_strlist_free(&winning);
    close_state(&child);
    return has;
}

/* Every check of one position. */
static void check_position(session *s) {
    cg_strlist legal = CG_STRLIST_INIT, winning = CG_STRLIST_INIT, again = CG_STRLIST_INIT;
    moves_of(s, false, &legal);
    moves_of(s, true, &winning);
    for (size_t i = 0; i < winning.count; i++) {
        assert_true(cg_strlist_contains(&legal, cg_strlist_at(&winning, i)));
    }
    for (size_t i = 0; i < legal.count; i++) {
        const char *move = cg_strlist_at(&legal, i);
        bool wins = !child_has_winning_move(s, move);
        assert_int_equal(wins, cg_strlist_contains(&winning, move));
    }
    static const char *const illegal[] = {"", "zz", "-1", "0", "99999999999999999999", "1x"};
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        if (cg_strlist_contains(&legal, illegal[i])) {
            continue;
        }
        cg_error err;
        assert_int_equal(s->rules->play(s->state, illegal[i], &err), CG_ERR_INPUT);
        assert_true(err.message[0] != '\0');
    }
    moves_of(s, false, &again); /* nothing changed */
    assert_int_equal(again.count, legal.count);
    cg_strlist_free(&legal);
    cg_strlist_free(&winning);
    cg_strlist_free(&again);
}

static void random_playouts(session *s, int games, ref_rng *rng) {
    cg_strlist legal = CG_STRLIST_INIT;
    for (int g = 0; g < games; g++) {
        open_state(s);
        s->plies = 0;
        for (;;) {
            check_position(s);
            moves_of(s, false, &legal);
            if (legal.count == 0) {
                break;
            }
            play(s, cg_strlist_at(&legal, ref_rng_below(rng, legal.count)));
        }
        close_state(s);
    }
    cg_strlist_free(&legal);
}

/* The computer, to move in a position with a winning move (the start, or
 * the start after one random move), wins every game against random replies. */
static void computer_is_perfect(session *s, int games, ref_rng *rng) {
    cg_strlist scratch = CG_STRLIST_INIT, legal = CG_STRLIST_INIT;
    cg_buf move = CG_BUF_INIT;
    int played = 0;
    for (int g = 0; g < games; g++) {
        open_state(s);
        s->plies = 0;
        moves_of(s, false, &legal);
        if (g % 2 == 1 && legal.count > 0) {
            play(s, cg_strlist_at(&legal, ref_rng_below(rng, legal.count)));
        }
        bool wins;
        cg_error err;
        assert_int_equal(cg_play_choose(s->rules, s->state, &move, &wins, &scratch, &err), CG_OK);
        if (wins) {
            played++;
            bool computer_to_move = true;
            for (;;) {
                moves_of(s, false, &legal);
                if (legal.count == 0) {
                    break;
                }
                if (computer_to_move) {
                    assert_int_equal(
                        cg_play_choose(s->rules, s->state, &move, &wins, &scratch, &err), CG_OK);
                    assert_true(wins); /* a won position stays won */
                    play(s, move.data);
                } else {
                    play(s, cg_strlist_at(&legal, ref_rng_below(rng, legal.count)));
                }
                computer_to_move = !computer_to_move;
            }
            assert_false(computer_to_move); /* the random player is the one left without a move */
        }
        close_state(s);
    }
    cg_strlist_free(&scratch);
    cg_strlist_free(&legal);
    cg_buf_free(&move);
    if (games > 0) {
        assert_true(played > 0); /* the starts include won positions */
    }
}

typedef struct start {
    const char *game;
    const char *position; /* NULL: the game's usual start */
    int64_t max_number;
    int playouts;
    int perfect_games;
} start;

static const start starts[] = {
    {"treblecross", ".......", 0, 40, 20},   {"treblecross", "..........", 0, 30, 20},
    {"treblecross", "X...X....", 0, 30, 20}, {"treblecross", NULL, 0, 3, 0},
    {"numbergame", NULL, 9, 40, 20},         {"numbergame", "3 2 3 5", 0, 20, 10},
    {"numbergame", NULL, 12, 10, 10},
};

static void every_playable_game_conforms(void **state) {
    (void)state;
    ref_rng rng = {20261130};
    int playable = 0;
    for (const cg_game *const *game = cg_games(); *game != NULL; game++) {
        if ((*game)->play == NULL) {
            continue;
        }
        playable++;
        int covered = 0;
        for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
            if (strcmp(starts[i].game, (*game)->name) != 0) {
                continue;
            }
            session s;
            memset(&s, 0, sizeof s);
            s.rules = (*game)->play;
            s.start = starts[i].position;
            cg_options_init(&s.options);
            s.options.max_number = starts[i].max_number;
            random_playouts(&s, starts[i].playouts, &rng);
            computer_is_perfect(&s, starts[i].perfect_games, &rng);
            covered++;
        }
        assert_true(covered > 0); /* every playable game has starts here */
    }
    assert_true(playable >= 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_playable_game_conforms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
