/* Conformance of every playable game's play part, in the spirit of
 * OpenSpiel's random playouts, and proof that the opponent is perfect.
 *
 * For each game with a play part, from fixed starts (position files, with
 * and without a case count) and seeded random starts:
 *   - random games through the interface alone check, at every position,
 *     that the winning (and drawing) moves are legal, that a move wins
 *     exactly when the position it leads to is lost for the opponent and
 *     draws exactly when that one is drawn (replayed from the start in a
 *     fresh state, so positions are consistent however they are reached),
 *     and that an illegal move is refused and changes nothing;
 *   - the start's value agrees with a deliberately simple reference solver
 *     (tests/ref/, or the brute force below for octal games);
 *   - the computer (cg_play_choose) never loses a won or drawn position
 *     against random moves, hundreds of games per game;
 *   - a player who always takes one of the hint's moves from a won position
 *     wins against the computer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "framework/cgsolve_internal.h"
#include "games/domino_internal.h"
#include "games/octal_play_internal.h"
#include "octal/octal_internal.h"
#include "ref_domino.h"
#include "ref_gamecs.h"
#include "ref_numbergame.h"
#include "ref_path_value.h"
#include "ref_rng.h"
#include "ref_treblecross.h"

#define MAX_PLIES 256

/* A game in progress: the rules, a state, and the moves made from start. */
typedef struct session {
    const cg_game *game;
    const cg_play_rules *rules;
    cg_play_start start;
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
    cg_error err;
    cg_status st = cg_play_open(s->game, s->state, &s->start, &s->options, &s->budget, &err);
    if (st != CG_OK) {
        fail_msg("%s: %s", s->game->name, err.message);
    }
}

static void close_state(session *s) {
    s->rules->close(s->state);
    free(s->state);
    s->state = NULL;
    assert_int_equal(s->budget.used, 0); /* every table gave its bytes back */
}

typedef cg_status (*lister)(void *state, cg_strlist *moves, cg_error *err);

static void moves_of(session *s, lister list, cg_strlist *out) {
    cg_strlist_clear(out);
    cg_error err;
    if (list != NULL) {
        assert_int_equal(list(s->state, out, &err), CG_OK);
    }
    assert_false(cg_strlist_failed(out));
}

static void play(session *s, const char *move) {
    cg_error err;
    if (s->rules->play(s->state, move, &err) != CG_OK) {
        fail_msg("%s: move %s refused: %s", s->game->name, move, err.message);
    }
    assert_true(s->plies < MAX_PLIES);
    snprintf(s->history[s->plies++], sizeof s->history[0], "%s", move);
}

/* The value of the current position for the player to move, from the play
 * part's own lists: lost when nothing wins or draws (or the game ended with
 * the last mover winning), drawn when nothing wins but something draws (or
 * the game ended with nobody winning). */
static cg_outcome value_here(session *s) {
    cg_strlist list = CG_STRLIST_INIT;
    moves_of(s, s->rules->legal_moves, &list);
    cg_outcome value;
    if (list.count == 0) {
        value = s->rules->end != NULL && s->rules->end(s->state) == CG_PLAY_NOBODY_WON
                    ? CG_OUTCOME_DRAW
                    : CG_OUTCOME_LOSS;
    } else {
        moves_of(s, s->rules->winning_moves, &list);
        value = CG_OUTCOME_WIN;
        if (list.count == 0) {
            moves_of(s, s->rules->drawing_moves, &list);
            value = list.count > 0 ? CG_OUTCOME_DRAW : CG_OUTCOME_LOSS;
        }
    }
    cg_strlist_free(&list);
    return value;
}

/* The value of the position after history + move, replayed in a fresh
 * state; *measured (when not NULL) receives that position's own value from
 * cg_play_move_values. */
static cg_outcome child_value(const session *s, const char *move, cg_play_value *measured) {
    session child = *s;
    open_state(&child);
    cg_error err;
    for (size_t i = 0; i < s->plies; i++) {
        assert_int_equal(child.rules->play(child.state, s->history[i], &err), CG_OK);
    }
    assert_int_equal(child.rules->play(child.state, move, &err), CG_OK);
    cg_outcome value = value_here(&child);
    if (measured != NULL) {
        cg_play_values values = CG_PLAY_VALUES_INIT;
        assert_int_equal(cg_play_move_values(child.rules, child.state, &values, &err), CG_OK);
        *measured = values.position;
        cg_play_values_free(&values);
    }
    close_state(&child);
    return value;
}

/* Move values agree with the lists and with the positions they lead to:
 * the outcome is the flip of the child's, a Grundy value is 0 exactly for
 * a winning move and is its components' nim-sum, and a remoteness is the
 * child's own (an unknown measure promises nothing more). */
static void check_move_values(session *s, const cg_strlist *legal) {
    cg_play_values values = CG_PLAY_VALUES_INIT;
    cg_error err;
    assert_int_equal(cg_play_move_values(s->rules, s->state, &values, &err), CG_OK);
    assert_int_equal(values.count, legal->count);
    for (size_t i = 0; i < values.count; i++) {
        const char *move = cg_strlist_at(&values.names, i);
        assert_string_equal(move, cg_strlist_at(legal, i));
        const cg_play_value *v = &values.moves[i];
        cg_play_value child;
        cg_outcome after = child_value(s, move, &child);
        if (v->outcome != cg_outcome_flip(after)) {
            fail_msg("%s: move %s after %zu plies: its value's outcome disagrees", s->game->name,
                     move, s->plies);
        }
        if (v->measure == CG_MEASURE_GRUNDY) {
            cg_nimber sum = 0;
            for (size_t k = 0; k < v->component_count; k++) {
                sum ^= values.components[v->first_component + k];
            }
            assert_true(v->components_omitted > 0 || sum == v->amount);
            assert_true((v->amount == 0) == (v->outcome == CG_OUTCOME_WIN));
            assert_true(child.measure != CG_MEASURE_GRUNDY || child.amount == v->amount);
        } else if (v->measure == CG_MEASURE_REMOTENESS) {
            assert_int_equal(child.measure, CG_MEASURE_REMOTENESS);
            assert_int_equal(child.amount, v->amount);
        }
    }
    cg_play_values_free(&values);
}

/* Every check of one position. */
static void check_position(session *s) {
    cg_strlist legal = CG_STRLIST_INIT, winning = CG_STRLIST_INIT, drawing = CG_STRLIST_INIT,
               again = CG_STRLIST_INIT;
    moves_of(s, s->rules->legal_moves, &legal);
    moves_of(s, s->rules->winning_moves, &winning);
    moves_of(s, s->rules->drawing_moves, &drawing);
    for (size_t i = 0; i < legal.count; i++) {
        const char *move = cg_strlist_at(&legal, i);
        cg_outcome after = child_value(s, move, NULL);
        if ((after == CG_OUTCOME_LOSS) != cg_strlist_contains(&winning, move)) {
            fail_msg("%s: move %s after %zu plies: winning list disagrees", s->game->name, move,
                     s->plies);
        }
        if (s->rules->drawing_moves != NULL &&
            (after == CG_OUTCOME_DRAW) != cg_strlist_contains(&drawing, move)) {
            fail_msg("%s: move %s after %zu plies: drawing list disagrees", s->game->name, move,
                     s->plies);
        }
    }
    for (size_t i = 0; i < winning.count; i++) {
        assert_true(cg_strlist_contains(&legal, cg_strlist_at(&winning, i)));
    }
    check_move_values(s, &legal);
    static const char *const illegal[] = {"",   "zz",  "-1",  "0", "99999999999999999999",
                                          "1x", "9-9", "1:99"};
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        if (cg_strlist_contains(&legal, illegal[i])) {
            continue;
        }
        cg_error err;
        assert_int_equal(s->rules->play(s->state, illegal[i], &err), CG_ERR_INPUT);
        assert_true(err.message[0] != '\0');
    }
    moves_of(s, s->rules->legal_moves, &again); /* nothing changed */
    assert_int_equal(again.count, legal.count);
    cg_strlist_free(&legal);
    cg_strlist_free(&winning);
    cg_strlist_free(&drawing);
    cg_strlist_free(&again);
}

static void random_playouts(session *s, int games, ref_rng *rng) {
    cg_strlist legal = CG_STRLIST_INIT;
    for (int g = 0; g < games; g++) {
        open_state(s);
        s->plies = 0;
        for (;;) {
            check_position(s);
            moves_of(s, s->rules->legal_moves, &legal);
            if (legal.count == 0) {
                break;
            }
            play(s, cg_strlist_at(&legal, ref_rng_below(rng, legal.count)));
        }
        close_state(s);
    }
    cg_strlist_free(&legal);
}

/* Play one game from the current position: `perfect` moves by
 * cg_play_choose, the other side (`follower`) randomly, or, when hints is
 * true, by a random move from the winning list. Returns the outcome for the
 * side that moved first here. */
static cg_outcome duel(session *s, bool first_is_computer, bool hints, ref_rng *rng,
                       cg_play_level level) {
    cg_strlist legal = CG_STRLIST_INIT, scratch = CG_STRLIST_INIT;
    cg_play_values values = CG_PLAY_VALUES_INIT;
    cg_rng choices = cg_rng_make(ref_rng_below(rng, 1u << 30));
    bool first_to_move = true;
    for (;;) {
        moves_of(s, s->rules->legal_moves, &legal);
        if (legal.count == 0) {
            break;
        }
        bool computer = first_to_move == first_is_computer;
        if (computer) {
            cg_error err;
            assert_int_equal(cg_play_move_values(s->rules, s->state, &values, &err), CG_OK);
            assert_int_equal(values.count, legal.count);
            play(s, cg_strlist_at(&values.names, cg_play_choose(&values, level, &choices, NULL)));
        } else if (hints) {
            moves_of(s, s->rules->winning_moves, &scratch);
            assert_true(scratch.count > 0); /* a won position stays won */
            play(s, cg_strlist_at(&scratch, ref_rng_below(rng, scratch.count)));
        } else {
            play(s, cg_strlist_at(&legal, ref_rng_below(rng, legal.count)));
        }
        first_to_move = !first_to_move;
    }
    cg_outcome result = CG_OUTCOME_DRAW;
    if (s->rules->end == NULL || s->rules->end(s->state) == CG_PLAY_LAST_MOVER_WON) {
        /* the side to move now has lost */
        result = first_to_move ? CG_OUTCOME_LOSS : CG_OUTCOME_WIN;
    }
    cg_strlist_free(&legal);
    cg_strlist_free(&scratch);
    cg_play_values_free(&values);
    return result;
}

/* The computer never loses what it can hold; hint moves always win. */
static void opponent_is_perfect(session *s, int games, ref_rng *rng, int *won_starts) {
    cg_strlist legal = CG_STRLIST_INIT;
    for (int g = 0; g < games; g++) {
        open_state(s);
        s->plies = 0;
        moves_of(s, s->rules->legal_moves, &legal);
        if (g % 2 == 1 && legal.count > 0) { /* also positions after one random move */
            play(s, cg_strlist_at(&legal, ref_rng_below(rng, legal.count)));
        }
        cg_outcome value = value_here(s);
        bool hints = g % 4 >= 2;
        /* perfect and strong both promise never to lose a won or drawn position */
        cg_play_level level = g % 3 == 2 ? CG_LEVEL_STRONG : CG_LEVEL_PERFECT;
        if (value == CG_OUTCOME_WIN) {
            (*won_starts)++;
            cg_outcome got = duel(s, !hints, hints, rng, level);
            if (got != CG_OUTCOME_WIN) {
                fail_msg("%s: a won position was not won (%s, %s, game %d)", s->game->name,
                         hints ? "hint moves" : "computer", cg_play_level_name(level), g);
            }
        } else if (value == CG_OUTCOME_DRAW) {
            assert_true(duel(s, true, false, rng, level) != CG_OUTCOME_LOSS);
        }
        close_state(s);
    }
    cg_strlist_free(&legal);
}

/* ---- references for the starts' values --------------------------------- */

/* Octal games by brute force: win or loss of a multiset of heaps (counts of
 * each size up to 15 in 4-bit fields), memoised in a small hash table. */
enum { OCTAL_TABLE = 1 << 16 };
static uint64_t octal_keys[OCTAL_TABLE];
static uint8_t octal_values[OCTAL_TABLE];

static bool octal_wins(const cg_octal_code *code, uint64_t heaps) {
    uint64_t key = heaps + 1;
    size_t slot = (size_t)(key * 0x9E3779B97F4A7C15u >> 48);
    while (octal_keys[slot] != 0 && octal_keys[slot] != key) {
        slot = (slot + 1) % OCTAL_TABLE;
    }
    if (octal_keys[slot] == key) {
        return octal_values[slot];
    }
    bool wins = false;
    for (unsigned n = 1; n <= 15 && !wins; n++) {
        if (((heaps >> (4 * n)) & 15) == 0) {
            continue;
        }
        uint64_t without = heaps - ((uint64_t)1 << (4 * n));
        for (unsigned k = 0; k <= code->last && k <= n && !wins; k++) {
            unsigned d = code->digit[k], rest = n - k;
            if (k > 0 && (d & 1) && rest == 0) {
                wins = !octal_wins(code, without);
            }
            if (!wins && k > 0 && (d & 2) && rest > 0) {
                wins = !octal_wins(code, without + ((uint64_t)1 << (4 * rest)));
            }
            for (unsigned a = 1; !wins && (d & 4) && rest >= 2 && a <= rest / 2; a++) {
                wins = !octal_wins(code, without + ((uint64_t)1 << (4 * a)) +
                                             ((uint64_t)1 << (4 * (rest - a))));
            }
        }
    }
    assert_int_equal(octal_keys[slot], 0);
    octal_keys[slot] = key;
    octal_values[slot] = wins;
    return wins;
}

static cg_outcome ref_octal(const char *position) {
    char code_text[32];
    int used = 0;
    assert_int_equal(sscanf(position, "%31s%n", code_text, &used), 1);
    cg_octal_code code;
    assert_int_equal(cg_octal_parse(code_text, &code, NULL), CG_OK);
    memset(octal_keys, 0, sizeof octal_keys);
    uint64_t heaps = 0;
    unsigned size;
    int more;
    for (const char *p = position + used; sscanf(p, "%u%n", &size, &more) == 1; p += more) {
        heaps += (uint64_t)1 << (4 * size);
    }
    return octal_wins(&code, heaps) ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
}

static cg_outcome ref_board(const char *position) {
    bool win[REF_TREBLECROSS_MAX_CELLS], ok = true;
    char board[64];
    assert_int_equal(sscanf(position, "%63s", board), 1);
    bool wins = ref_treblecross_game_tree(board, strlen(board), win, &ok);
    assert_true(ok);
    return wins ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
}

static cg_outcome ref_numbers(const char *position) {
    int count, x, used;
    bool available[21] = {false};
    assert_int_equal(sscanf(position, "%d%n", &count, &used), 1);
    for (const char *p = position + used; count-- > 0; p += used) {
        assert_int_equal(sscanf(p, "%d%n", &x, &used), 1);
        available[x] = true;
    }
    ref_numbergame *game = ref_numbergame_new(20);
    bool wins = ref_numbergame_wins(game, available);
    ref_numbergame_delete(game);
    return wins ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
}

/* A tree given as "n  p1 w1  p2 w2 ..." with node v's parent p_v < v. */
static cg_outcome ref_tree(const char *position) {
    size_t parent[REF_GAMECS_MAX_NODES];
    unsigned weight[REF_GAMECS_MAX_NODES];
    bool win[REF_GAMECS_MAX_NODES], ok = true;
    int n, used, a, b, w;
    assert_int_equal(sscanf(position, "%d%n", &n, &used), 1);
    const char *p = position + used;
    for (int i = 1; i < n; i++, p += used) {
        assert_int_equal(sscanf(p, "%d %d %d%n", &a, &b, &w, &used), 3);
        parent[b] = (size_t)a;
        weight[b] = (unsigned)w;
    }
    bool wins = ref_gamecs_first_player_wins((size_t)n, parent, weight, win, &ok);
    assert_true(ok);
    return wins ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
}

/* Domino: plain minimax of the whole deal; the play part's start is after
 * the automatic opening, so the player to move is the opener's opponent. */
static cg_outcome ref_deal(const char *position) {
    cg_domino_deal deal;
    int values[1 + 4 * CG_DOMINO_MAX_HAND], used, count = 0;
    for (const char *p = position;
         count < 1 + 4 * CG_DOMINO_MAX_HAND && sscanf(p, "%d%n", &values[count], &used) == 1;
         p += used) {
        count++;
    }
    deal.n = values[0];
    for (int i = 0; i < 2 * deal.n; i++) {
        deal.tiles[i / deal.n][i % deal.n][0] = (uint8_t)values[1 + 2 * i];
        deal.tiles[i / deal.n][i % deal.n][1] = (uint8_t)values[2 + 2 * i];
    }
    cg_domino_rules rules;
    cg_state_graph graph;
    uint64_t start = cg_domino_graph(&deal, &rules, &graph);
    int mover = (int)cg_domino_look(&rules, start).mover;
    int winner = ref_domino_optimal(&deal);
    return winner < 0 ? CG_OUTCOME_DRAW : winner == mover ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
}

static cg_outcome ref_path_start(const char *position) {
    int n, used;
    char cells[64], row[16];
    assert_int_equal(sscanf(position, "%d%n", &n, &used), 1);
    assert_true(n >= 1 && n <= 8);
    for (int r = 0; r < n; r++) {
        int more;
        assert_int_equal(sscanf(position + used, "%15s%n", row, &more), 1);
        used += more;
        memcpy(cells + r * n, row, (size_t)n);
    }
    int v = ref_path_value(cells, (size_t)n, true);
    assert_int_not_equal(v, 0);
    return (cg_outcome)v;
}

typedef struct start {
    const char *game;
    const char *position; /* file contents; NULL: the usual start */
    uint64_t case_number;
    int64_t max_number;
    cg_outcome (*reference)(const char *position); /* the bare case's value, or NULL */
    int playouts;
} start;

static const start starts[] = {
    {"treblecross", ".......\n", 1, 0, ref_board, 30},
    {"treblecross", "..........", 1, 0, ref_board, 20},
    {"treblecross", "X...X....\n", 1, 0, ref_board, 20},
    {"treblecross", "...X......X.....", 1, 0, ref_board, 10},
    {"treblecross", "2\n.....\n........\n", 2, 0, NULL, 10},
    {"treblecross", NULL, 1, 0, NULL, 2},
    {"numbergame", "3 2 3 5", 1, 0, ref_numbers, 20},
    {"numbergame", "6 2 3 5 7 9 11", 1, 0, ref_numbers, 20},
    {"numbergame", "2\n2 2 3\n3 2 3 5\n", 2, 0, NULL, 10},
    {"numbergame", NULL, 1, 9, NULL, 20},
    {"path", "3\nUWU\nUUU\nBUU\n", 1, 0, ref_path_start, 20},
    {"path", "3\nUUU\nUUU\nUUU\n", 1, 0, ref_path_start, 20},
    {"path", "4\nUUWU\nUBUU\nUUBW\nUUUU\n", 1, 0, ref_path_start, 10},
    {"path", "3\nWUU\nUBU\nUUU\n2\nUU\nUU\n0\n", 2, 0, NULL, 10},
    {"path", NULL, 1, 0, NULL, 2},
    {"gamecs", "5 0 1 1 0 2 2 2 3 3 2 4 1", 1, 0, ref_tree, 20},
    {"gamecs", "7 0 1 2 0 2 1 1 3 3 1 4 1 2 5 2 5 6 1", 1, 0, ref_tree, 10},
    {"gamecs", "1\n4\n0 1 3\n1 2 2\n1 3 1\n", 1, 0, NULL, 10},
    {"gamecs", NULL, 1, 0, NULL, 5},
    {"domino", "2 2 5 5 4 5 5 2 6\n", 1, 0, ref_deal, 20},
    {"domino", "3 6 6 1 2 3 4 5 5 0 1 2 2\n0\n", 1, 0, ref_deal, 10},
    {"domino", "4 6 6 1 2 3 4 0 5 5 5 0 1 2 2 1 3", 1, 0, ref_deal, 10},
    {"domino", "1 1 1 2 2\n2 2 5 5 4 5 5 2 6\n0\n", 2, 0, NULL, 5},
    {"grundy", "0.77 3 4 5", 1, 0, ref_octal, 5},
    {"grundy", "0.07 6 7", 1, 0, ref_octal, 5},
    {"grundy", "4.07 5 3", 1, 0, ref_octal, 5},
    {"grundy", "0.137 4 6", 1, 0, ref_octal, 5},
    {"grundy", "0.6 2 3 4", 1, 0, ref_octal, 5},
};

static const cg_game *find(const char *name) {
    const cg_game *game = cg_find_game(name);
    return game != NULL ? game : cg_find_play_only_game(name);
}

static void set_up(session *s, const cg_game *game, const start *st) {
    memset(s, 0, sizeof *s);
    s->game = game;
    s->rules = game->play;
    s->start = (cg_play_start){st->position, st->position ? strlen(st->position) : 0, "<start>"};
    cg_options_init(&s->options);
    s->options.case_number = st->case_number;
    s->options.max_number = st->max_number;
}

static void fixed_starts(void **state) {
    (void)state;
    ref_rng rng = {20261130};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        const cg_game *game = find(starts[i].game);
        assert_non_null(game);
        assert_non_null(game->play);
        session s;
        set_up(&s, game, &starts[i]);
        if (starts[i].reference != NULL) {
            open_state(&s);
            cg_outcome expected = starts[i].reference(starts[i].position);
            if (value_here(&s) != expected) {
                fail_msg("%s %s: the start's value disagrees with the reference", starts[i].game,
                         starts[i].position);
            }
            close_state(&s);
        }
        random_playouts(&s, starts[i].playouts, &rng);
        int won = 0;
        opponent_is_perfect(&s, 8, &rng, &won);
    }
}

/* Every playable game: random starts, and hundreds of games against the
 * computer; every playable game has fixed starts above. */
static void every_playable_game(void **state) {
    (void)state;
    ref_rng rng = {742};
    const cg_game *games[16];
    size_t count = 0;
    for (const cg_game *const *g = cg_games(); *g != NULL; g++) {
        if ((*g)->play != NULL) {
            games[count++] = *g;
        }
    }
    for (const cg_game *const *g = cg_play_only_games(); *g != NULL; g++) {
        games[count++] = *g;
    }
    assert_true(count >= 5);
    for (size_t k = 0; k < count; k++) {
        bool covered = false;
        for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
            covered |= strcmp(starts[i].game, games[k]->name) == 0;
        }
        if (!covered) {
            fail_msg("%s has no fixed start in this test", games[k]->name);
        }
        int won = 0;
        for (uint64_t seed = 1; seed <= 25; seed++) {
            session s;
            start random = {games[k]->name, NULL, 1, 0, NULL, 0};
            set_up(&s, games[k], &random);
            s.options.random_start = true;
            s.options.seed = seed;
            random_playouts(&s, seed <= 3 ? 1 : 0, &rng);
            opponent_is_perfect(&s, 12, &rng, &won);
        }
        if (won < 50) {
            fail_msg("%s: only %d games from won positions", games[k]->name, won);
        }
    }
}

/* Each level's promise on made-up values: perfect takes only the best
 * outcome (the fastest win; when losing, the slowest loss, else the fewest
 * winning replies) and is reproducible from its seed; strong never gives up
 * the best outcome; casual takes a random legal move about one time in
 * three. */
static void levels_keep_their_promises(void **state) {
    (void)state;
    cg_play_values values = CG_PLAY_VALUES_INIT;
    static const struct {
        cg_outcome outcome;
        uint64_t remoteness;
    } moves[] = {{CG_OUTCOME_LOSS, 3}, {CG_OUTCOME_WIN, 5}, {CG_OUTCOME_WIN, 2},
                 {CG_OUTCOME_DRAW, 1}, {CG_OUTCOME_WIN, 2}, {CG_OUTCOME_LOSS, 9}};
    for (size_t i = 0; i < 6; i++) {
        cg_play_value *v = cg_play_values_add(&values, "m", moves[i].outcome);
        v->measure = CG_MEASURE_REMOTENESS;
        v->amount = moves[i].remoteness;
    }
    enum { DRAWS = 6000 };
    cg_rng rng = cg_rng_make(5);
    size_t count[3][6] = {{0}};
    for (int k = 0; k < DRAWS; k++) {
        for (int level = 0; level < 3; level++) {
            count[level][cg_play_choose(&values, (cg_play_level)level, &rng, NULL)]++;
        }
    }
    /* perfect: the fastest wins (moves 2 and 4), at random between them */
    assert_int_equal(count[0][2] + count[0][4], DRAWS);
    assert_true(count[0][2] > DRAWS / 3 && count[0][4] > DRAWS / 3);
    /* strong: wins only, the slower one (move 1) too */
    assert_int_equal(count[1][1] + count[1][2] + count[1][4], DRAWS);
    assert_true(count[1][1] > DRAWS / 10);
    /* casual: a random move one time in three: each bad move about 1/18 */
    for (size_t bad = 0; bad < 6; bad += bad == 0 ? 3 : 2) {
        assert_true(count[2][bad] > DRAWS / 18 * 7 / 10 && count[2][bad] < DRAWS / 18 * 13 / 10);
    }
    /* the same seed, the same choices */
    cg_rng a = cg_rng_make(9), b = cg_rng_make(9);
    for (int k = 0; k < 100; k++) {
        assert_int_equal(cg_play_choose(&values, CG_LEVEL_CASUAL, &a, NULL),
                         cg_play_choose(&values, CG_LEVEL_CASUAL, &b, NULL));
    }
    /* losing: the longest remoteness; without one, the fewest winning
     * replies, and a move of unknown value only when nothing else is left */
    cg_play_values_clear(&values);
    for (uint64_t r = 1; r <= 3; r++) {
        cg_play_value *v = cg_play_values_add(&values, "m", CG_OUTCOME_LOSS);
        v->measure = CG_MEASURE_REMOTENESS;
        v->amount = r == 2 ? 8 : r;
    }
    assert_int_equal(cg_play_choose(&values, CG_LEVEL_PERFECT, &rng, NULL), 1);
    cg_play_values_clear(&values);
    for (int i = 0; i < 4; i++) {
        cg_play_value *v = cg_play_values_add(&values, "m", CG_OUTCOME_LOSS);
        cg_play_value_grundy(v, &values);
        cg_play_values_component(&values, v, 1);
        v->measure = i == 0 ? CG_MEASURE_UNKNOWN : CG_MEASURE_GRUNDY;
    }
    const size_t replies[] = {0, 3, 1, 2};
    assert_int_equal(cg_play_choose(&values, CG_LEVEL_PERFECT, &rng, replies), 2);
    cg_play_values_free(&values);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_starts),
        cmocka_unit_test(every_playable_game),
        cmocka_unit_test(levels_keep_their_promises),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
