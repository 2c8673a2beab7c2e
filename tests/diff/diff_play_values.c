/* Differential test of play's move values (cg_play_move_values) for every
 * playable game: seeded random games are played through the library's play
 * part while a reference keeps its own copy of the position; at every
 * position, each legal move is replayed on the reference's copy and the
 * position it leaves is solved there, independently:
 * - Treblecross: the outcome by plain game-tree search (ref_treblecross),
 *   the Grundy value and each free stretch's by mex over the safe moves;
 * - Game of CS: the Grundy value and the root's subtrees' by mex over the
 *   paint left (ref_play_values), never by the edge formula;
 * - octal heaps: each heap's value from the definition (ref_octal);
 * - the number game and domino: outcome and remoteness by the definition
 *   over states written from the rules (ref_play_values).
 * The position's own value and its legal moves are compared too. Prints
 * "play values: N positions, M moves, F failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "framework/cgsolve_internal.h"
#include "games/domino_internal.h"
#include "games/octal_play_internal.h"
#include "octal/octal_internal.h"
#include "ref_domino.h"
#include "ref_numbergame.h"
#include "ref_octal.h"
#include "ref_play_values.h"
#include "ref_rng.h"
#include "ref_treblecross.h"

static unsigned long positions, moves_checked, failed;

static void expect(bool ok, const char *game, const char *what, const char *move) {
    if (!ok && failed++ < 20) {
        printf("FAIL %s: %s (move %s)\n", game, what, move != NULL ? move : "-");
    }
}

/* A game of the library in play, from a start written as a position file. */
typedef struct session {
    const cg_game *game;
    cg_options options;
    cg_budget budget;
    void *state;
    cg_play_values values;
} session;

static bool open_session(session *s, const char *name, const char *position, int64_t max) {
    memset(s, 0, sizeof *s);
    s->game = cg_find_game(name) != NULL ? cg_find_game(name) : cg_find_play_only_game(name);
    cg_options_init(&s->options);
    s->options.max_number = max;
    s->budget = cg_budget_make((size_t)256 << 20);
    s->values = (cg_play_values)CG_PLAY_VALUES_INIT;
    s->state = calloc(1, s->game->play->state_size);
    cg_play_start start = {position, strlen(position), "<start>"};
    cg_error err;
    if (s->state == NULL ||
        cg_play_open(s->game, s->state, &start, &s->options, &s->budget, &err) != CG_OK) {
        expect(false, name, "the start opens", position);
        free(s->state);
        return false;
    }
    return true;
}

static void close_session(session *s) {
    s->game->play->close(s->state);
    free(s->state);
    cg_play_values_free(&s->values);
}

/* The values of the position now; false (counted) when they fail. */
static bool values_now(session *s) {
    cg_error err;
    bool ok = cg_play_move_values(s->game->play, s->state, &s->values, &err) == CG_OK;
    expect(ok, s->game->name, "move values computed", NULL);
    positions++;
    return ok;
}

static void play(session *s, const char *move) {
    cg_error err;
    expect(s->game->play->play(s->state, move, &err) == CG_OK, s->game->name, "a listed move plays",
           move);
}

static const char *name_of(const session *s, size_t i) {
    return cg_strlist_at(&s->values.names, i);
}

static const cg_nimber *components(const session *s, const cg_play_value *v) {
    return s->values.components + v->first_component;
}

/* ---- Treblecross ---------------------------------------------------------- */

static bool has_triple(const char *board) {
    return strstr(board, "XXX") != NULL;
}

/* The free stretches of board (cells at distance >= 3 from every X), each
 * solved alone as a board of that many empty cells. */
static size_t stretch_values(const char *board, size_t len, unsigned *out) {
    size_t count = 0, run = 0;
    for (size_t i = 0; i <= len; i++) {
        bool free_cell = i < len && board[i] == '.';
        for (size_t j = 0; j < len && free_cell; j++) {
            free_cell = board[j] != 'X' || (i > j ? i - j : j - i) >= 3;
        }
        if (free_cell) {
            run++;
        } else if (run > 0) {
            char empty[32];
            memset(empty, '.', run);
            out[count++] = ref_treblecross_safe_grundy(empty, run);
            run = 0;
        }
    }
    return count;
}

/* An X completes three somewhere: the position's mover wins at once. */
static bool can_complete(const char *board, size_t len) {
    char copy[32];
    memcpy(copy, board, len + 1);
    for (size_t i = 0; i < len; i++) {
        if (copy[i] == '.') {
            copy[i] = 'X';
            bool done = has_triple(copy);
            copy[i] = '.';
            if (done) {
                return true;
            }
        }
    }
    return false;
}

static void check_grundy_parts(const session *s, const cg_play_value *v, const char *board,
                               size_t len, const char *move) {
    unsigned parts[32];
    size_t count = stretch_values(board, len, parts);
    bool same = v->component_count == count && v->components_omitted == 0;
    unsigned sum = 0;
    for (size_t k = 0; k < count; k++) {
        same &= same && components(s, v)[k] == parts[k];
        sum ^= parts[k];
    }
    expect(same, "treblecross", "the components are the free stretches' values", move);
    expect(v->amount == sum && sum == ref_treblecross_safe_grundy(board, len), "treblecross",
           "the Grundy value is the safe game's", move);
}

static void treblecross_position(session *s, const char *board, size_t len) {
    bool win[REF_TREBLECROSS_MAX_CELLS], ok = true;
    bool wins = ref_treblecross_game_tree(board, len, win, &ok);
    const cg_play_value *here = &s->values.position;
    expect(here->outcome == (wins ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS), "treblecross",
           "the position's outcome", board);
    if (here->measure == CG_MEASURE_GRUNDY) {
        check_grundy_parts(s, here, board, len, board);
    } else {
        expect(can_complete(board, len), "treblecross", "unknown only beside a triple", board);
    }
    size_t empty = 0;
    for (size_t i = 0; i < len; i++) {
        empty += board[i] == '.';
    }
    expect(s->values.count == empty, "treblecross", "every empty cell is a move", board);
    for (size_t i = 0; i < s->values.count; i++) {
        const cg_play_value *v = &s->values.moves[i];
        char after[32];
        memcpy(after, board, len + 1);
        size_t cell = (size_t)atoi(name_of(s, i));
        expect(cell >= 1 && cell <= len && after[cell - 1] == '.', "treblecross", "a free cell",
               name_of(s, i));
        after[cell - 1] = 'X';
        moves_checked++;
        if (has_triple(after)) {
            expect(v->outcome == CG_OUTCOME_WIN && v->measure == CG_MEASURE_GRUNDY &&
                       v->amount == 0,
                   "treblecross", "completing three wins", name_of(s, i));
            continue;
        }
        bool opponent = ref_treblecross_game_tree(after, len, win, &ok);
        expect(v->outcome == (opponent ? CG_OUTCOME_LOSS : CG_OUTCOME_WIN), "treblecross",
               "a move's outcome is the game tree's", name_of(s, i));
        if (v->measure == CG_MEASURE_GRUNDY) {
            check_grundy_parts(s, v, after, len, name_of(s, i));
        } else {
            expect(can_complete(after, len), "treblecross", "unknown only beside a triple",
                   name_of(s, i));
        }
    }
}

static void treblecross_games(ref_rng *rng) {
    for (int game = 0; game < 300; game++) {
        size_t len = 3 + (size_t)ref_rng_below(rng, 14);
        char board[32];
        do {
            for (size_t i = 0; i < len; i++) {
                board[i] = ref_rng_below(rng, 6) == 0 ? 'X' : '.';
            }
            board[len] = '\0';
        } while (has_triple(board) || strchr(board, '.') == NULL);
        char text[40];
        snprintf(text, sizeof text, "%s\n", board);
        session s;
        if (!open_session(&s, "treblecross", text, 0)) {
            continue;
        }
        while (!has_triple(board) && strchr(board, '.') != NULL && values_now(&s)) {
            treblecross_position(&s, board, len);
            const char *move = name_of(&s, (size_t)ref_rng_below(rng, s.values.count));
            board[atoi(move) - 1] = 'X';
            play(&s, move);
        }
        close_session(&s);
    }
}

/* ---- Game of CS ------------------------------------------------------------- */

typedef struct tree {
    size_t n;
    size_t parent[8];
    unsigned weight[8];
    bool flipped[8]; /* edge v was written "v parent" */
} tree;

static int by_value(const void *a, const void *b) {
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

/* A move's value is checked as the position it leaves, for its mover's
 * opponent (outcome flipped by the caller). */

/* The root's subtrees' values (edge included), without the zeros, sorted:
 * the library lists the subtrees still in play, ordered its own way. */
static size_t root_parts(const tree *t, unsigned *out) {
    size_t count = 0;
    for (size_t v = 1; v < t->n; v++) {
        unsigned g = t->parent[v] == 0 ? ref_gamecs_grundy(t->n, t->parent, t->weight, v) : 0;
        if (g != 0) {
            out[count++] = g;
        }
    }
    qsort(out, count, sizeof *out, by_value);
    return count;
}

static void check_tree_value(const session *s, const cg_play_value *v, const tree *t,
                             const char *move) {
    unsigned g = ref_gamecs_grundy(t->n, t->parent, t->weight, 0);
    expect(v->outcome == (g != 0 ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS), "gamecs", "the outcome",
           move);
    expect(v->measure == CG_MEASURE_GRUNDY && v->amount == g, "gamecs",
           "the Grundy value is the mex search's", move);
    unsigned want[8], got[40];
    size_t count = root_parts(t, want), k = 0;
    for (size_t i = 0; i < v->component_count; i++) {
        if (components(s, v)[i] != 0) {
            got[k++] = (unsigned)components(s, v)[i];
        }
    }
    qsort(got, k, sizeof *got, by_value);
    expect(k == count && memcmp(got, want, k * sizeof *got) == 0, "gamecs",
           "the components are the root's subtrees", move);
}

static bool paintable(const tree *t, size_t v) {
    for (size_t x = v; x != 0; x = t->parent[x]) {
        if (t->weight[x] == 0) {
            return false;
        }
    }
    return true;
}

static void gamecs_games(ref_rng *rng) {
    for (int game = 0; game < 300; game++) {
        tree t = {2 + (size_t)ref_rng_below(rng, 6), {0}, {0}, {false}};
        char text[256];
        int at = snprintf(text, sizeof text, "%zu\n", t.n);
        for (size_t v = 1; v < t.n; v++) {
            t.parent[v] = (size_t)ref_rng_below(rng, v);
            t.weight[v] = 1 + (unsigned)ref_rng_below(rng, 3);
            t.flipped[v] = ref_rng_below(rng, 2) == 0;
            at += snprintf(text + at, sizeof text - (size_t)at, "%zu %zu %u\n",
                           t.flipped[v] ? v : t.parent[v], t.flipped[v] ? t.parent[v] : v,
                           t.weight[v]);
        }
        session s;
        if (!open_session(&s, "gamecs", text, 0)) {
            continue;
        }
        while (values_now(&s) && s.values.count > 0) {
            check_tree_value(&s, &s.values.position, &t, NULL);
            size_t legal = 0;
            for (size_t v = 1; v < t.n; v++) {
                legal += paintable(&t, v);
            }
            expect(legal == s.values.count, "gamecs", "the paintable edges are the moves", NULL);
            for (size_t i = 0; i < s.values.count; i++) {
                unsigned a, b;
                sscanf(name_of(&s, i), "%u-%u", &a, &b);
                size_t v = t.parent[a] == b && a != 0 ? a : b;
                tree after = t;
                after.weight[v]--;
                moves_checked++;
                const cg_play_value *value = &s.values.moves[i];
                unsigned g = ref_gamecs_grundy(after.n, after.parent, after.weight, 0);
                expect(value->outcome == (g == 0 ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS), "gamecs",
                       "a move's outcome", name_of(&s, i));
                cg_play_value as_position = *value;
                as_position.outcome = g != 0 ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
                check_tree_value(&s, &as_position, &after, name_of(&s, i));
            }
            size_t pick = (size_t)ref_rng_below(rng, s.values.count);
            unsigned a, b;
            sscanf(name_of(&s, pick), "%u-%u", &a, &b);
            t.weight[t.parent[a] == b && a != 0 ? a : b]--;
            play(&s, name_of(&s, pick));
        }
        close_session(&s);
    }
}

/* ---- octal heaps ------------------------------------------------------------ */

/* The heaps after a move "H:K" (K taken from heap H, the rest left as one
 * heap or none) or "H:K:A" (the rest split into A and the remainder); ""
 * is no move. */
static size_t heaps_after(const size_t *heaps, size_t count, const char *move, size_t *after) {
    size_t h = 0, take = 0, part = 0, n = 0;
    int fields = sscanf(move, "%zu:%zu:%zu", &h, &take, &part);
    for (size_t i = 0; i < count; i++) {
        size_t rest = heaps[i] - (i + 1 == h ? take : 0);
        if (i + 1 == h && fields == 3) {
            after[n++] = part;
            after[n++] = rest - part;
        } else if (rest > 0) {
            after[n++] = rest;
        }
    }
    return n;
}

static void octal_games(ref_rng *rng) {
    static const char *const codes[] = {"0.77", "0.07", "4.07", "0.137", "0.6", "0.007", "0.51"};
    for (int game = 0; game < 350; game++) {
        const char *code_text = codes[game % 7];
        cg_octal_code code;
        cg_octal_parse(code_text, &code, NULL);
        uint32_t g[41];
        ref_octal_values(&code, 40, g);
        size_t heaps[64], count = 1 + (size_t)ref_rng_below(rng, 3);
        char text[128];
        int at = snprintf(text, sizeof text, "%s", code_text);
        for (size_t i = 0; i < count; i++) {
            heaps[i] = 1 + (size_t)ref_rng_below(rng, 12);
            at += snprintf(text + at, sizeof text - (size_t)at, " %zu", heaps[i]);
        }
        session s;
        if (!open_session(&s, "grundy", text, 0)) {
            continue;
        }
        while (values_now(&s) && s.values.count > 0) {
            for (size_t m = 0; m <= s.values.count; m++) {
                /* m == count: the position itself, else move m's heaps */
                size_t after[64];
                const cg_play_value *v =
                    m < s.values.count ? &s.values.moves[m] : &s.values.position;
                size_t n =
                    heaps_after(heaps, count, m < s.values.count ? name_of(&s, m) : "", after);
                unsigned sum = 0;
                bool same = v->measure == CG_MEASURE_GRUNDY && v->component_count == n;
                for (size_t i = 0; i < n; i++) {
                    same &= same && components(&s, v)[i] == g[after[i]];
                    sum ^= g[after[i]];
                }
                const char *move = m < s.values.count ? name_of(&s, m) : "(position)";
                moves_checked += m < s.values.count;
                expect(same && v->amount == sum, code_text, "the heaps' values", move);
                cg_outcome outcome =
                    (sum == 0) == (m < s.values.count) ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS;
                expect(v->outcome == outcome, code_text, "the outcome", move);
            }
            size_t pick = (size_t)ref_rng_below(rng, s.values.count);
            size_t next[64];
            count = heaps_after(heaps, count, name_of(&s, pick), next);
            memcpy(heaps, next, count * sizeof *heaps);
            play(&s, name_of(&s, pick));
        }
        close_session(&s);
    }
}

/* ---- remoteness: the number game and domino ------------------------------------ */

static void check_remoteness(const cg_play_value *v, ref_value want, bool move, const char *game,
                             const char *name) {
    int outcome = move ? 4 - want.outcome : want.outcome; /* a move's is the mover's */
    expect((int)v->outcome == outcome, game, "the outcome", name);
    expect(v->measure == CG_MEASURE_REMOTENESS && v->amount == want.remoteness, game,
           "the remoteness is the definition's", name);
    if (v->amount != want.remoteness && failed <= 20) {
        printf("  remoteness %llu, the definition's %u\n", (unsigned long long)v->amount,
               want.remoteness);
    }
}

/* "5 removes 5, 7 = 2 + 5, 9 = 2 + 7": exactly the numbers the choice
 * makes unavailable, each a sum of two unavailable ones. */
static void check_removed(int max, const bool *available, const bool *after, int x,
                          const char *why) {
    char expected[16];
    snprintf(expected, sizeof expected, "%d removes", x);
    bool ok = strncmp(why, expected, strlen(expected)) == 0;
    bool listed[17] = {false};
    for (const char *p = why + strlen(expected); ok && *p != '\0';) {
        int y, a, b, used = 0;
        if (sscanf(p, " %d = %d + %d%n", &y, &a, &b, &used) == 3 && used > 0) {
            ok = y <= max && a + b == y && a >= 2 && b >= 2 && !after[a] && !after[b];
        } else if (sscanf(p, " %d%n", &y, &used) == 1 && used > 0) {
            ok = y == x;
        } else {
            ok = false;
            break;
        }
        if (ok) {
            listed[y] = true;
        }
        p += used;
        p += *p == ',';
    }
    for (int y = 2; ok && y <= max; y++) {
        ok = listed[y] == (available[y] && !after[y]);
    }
    expect(ok, "numbergame", "the numbers a choice removes", why);
}

static void numbergame_games(ref_rng *rng) {
    for (int game = 0; game < 300; game++) {
        int max = 6 + (int)ref_rng_below(rng, 9);
        bool available[17] = {false};
        for (int x = 2; x <= max; x++) {
            available[x] = true;
        }
        for (uint64_t k = ref_rng_below(rng, 3); k > 0; k--) {
            int x = 2 + (int)ref_rng_below(rng, (uint64_t)max - 1);
            if (available[x]) {
                bool after[17];
                ref_numbergame_after(max, available, x, after);
                memcpy(available, after, sizeof available);
            }
        }
        char text[128];
        int count = 0, at;
        for (int x = 2; x <= max; x++) {
            count += available[x];
        }
        at = snprintf(text, sizeof text, "%d", count);
        for (int x = 2; x <= max; x++) {
            if (available[x]) {
                at += snprintf(text + at, sizeof text - (size_t)at, " %d", x);
            }
        }
        session s;
        if (count == 0 || !open_session(&s, "numbergame", text, max)) {
            continue;
        }
        while (values_now(&s) && s.values.count > 0) {
            check_remoteness(&s.values.position, ref_numbergame_value(max, available), false,
                             "numbergame", "(position)");
            int legal = 0;
            for (int x = 2; x <= max; x++) {
                legal += available[x];
            }
            expect((size_t)legal == s.values.count, "numbergame", "the available numbers", NULL);
            for (size_t i = 0; i < s.values.count; i++) {
                int x = atoi(name_of(&s, i));
                bool after[17];
                ref_numbergame_after(max, available, x, after);
                moves_checked++;
                check_remoteness(&s.values.moves[i], ref_numbergame_value(max, after), true,
                                 "numbergame", name_of(&s, i));
                check_removed(max, available, after, x, cg_strlist_at(&s.values.why, i));
            }
            int x = atoi(name_of(&s, (size_t)ref_rng_below(rng, s.values.count)));
            bool after[17];
            ref_numbergame_after(max, available, x, after);
            memcpy(available, after, sizeof available);
            char move[8];
            snprintf(move, sizeof move, "%d", x);
            play(&s, move);
        }
        close_session(&s);
    }
}

static int by_text(const void *a, const void *b) {
    return strcmp((const char *)a, (const char *)b);
}

static void domino_games(ref_rng *rng) {
    for (int game = 0; game < 400; game++) {
        cg_domino_deal deal;
        ref_domino_random_deal(rng, 1 + (int)ref_rng_below(rng, 4), &deal);
        int tiles[2][14][2];
        char text[256];
        int at = snprintf(text, sizeof text, "%d", deal.n);
        for (int p = 0; p < 2; p++) {
            for (int i = 0; i < deal.n; i++) {
                tiles[p][i][0] = deal.tiles[p][i][0];
                tiles[p][i][1] = deal.tiles[p][i][1];
                at += snprintf(text + at, sizeof text - (size_t)at, " %d %d", tiles[p][i][0],
                               tiles[p][i][1]);
            }
        }
        ref_domino d;
        ref_domino_start(&d, deal.n, (const int(*)[14][2])tiles);
        session s;
        if (!open_session(&s, "domino", text, 0)) {
            continue;
        }
        while (values_now(&s) && s.values.count > 0) {
            check_remoteness(&s.values.position, ref_domino_value(&d), false, "domino",
                             "(position)");
            char legal[32][8], listed[32][8];
            size_t count = ref_domino_moves(&d, legal);
            bool same = count == s.values.count;
            for (size_t i = 0; same && i < count; i++) {
                snprintf(listed[i], sizeof listed[i], "%s", name_of(&s, i));
            }
            if (same) {
                qsort(legal, count, sizeof legal[0], by_text);
                qsort(listed, count, sizeof listed[0], by_text);
                for (size_t i = 0; i < count; i++) {
                    same &= strcmp(legal[i], listed[i]) == 0;
                }
            }
            expect(same, "domino", "the rules' moves are the listed moves", text);
            for (size_t i = 0; same && i < s.values.count; i++) {
                ref_domino child = d;
                expect(ref_domino_play(&child, name_of(&s, i)), "domino", "the rules allow it",
                       name_of(&s, i));
                moves_checked++;
                check_remoteness(&s.values.moves[i], ref_domino_value(&child), true, "domino",
                                 name_of(&s, i));
            }
            const char *move = name_of(&s, (size_t)ref_rng_below(rng, s.values.count));
            ref_domino_play(&d, move);
            play(&s, move);
            if (!same) {
                break;
            }
        }
        close_session(&s);
    }
}

int main(void) {
    ref_rng rng = cg_rng_make(20261201);
    static const struct {
        const char *name;
        void (*games)(ref_rng *);
    } games[] = {{"treblecross", treblecross_games},
                 {"gamecs", gamecs_games},
                 {"grundy", octal_games},
                 {"numbergame", numbergame_games},
                 {"domino", domino_games}};
    bool enough = true;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        unsigned long before = positions, moves_before = moves_checked;
        games[i].games(&rng);
        printf("%s: %lu positions, %lu moves\n", games[i].name, positions - before,
               moves_checked - moves_before);
        enough &= positions - before >= 300;
    }
    printf("play values: %lu positions, %lu moves, %lu failed\n", positions, moves_checked, failed);
    return failed == 0 && enough ? 0 : 1;
}
