/* Differential test of misère play (`play grundy CODE HEAP... --misere`):
 * seeded games of misère Nim (0.3333), Kayles (0.77), Dawson's Kayles
 * (0.07) and Treblecross (0.007) on 1 to 4 heaps of at most 24 tokens in
 * all, played through the library's play part with options.misere. At every
 * position the test lists the legal moves itself from the code's digits,
 * with the heaps each leaves, and the plain recursive reference
 * (ref_misere) says which sums are P-positions:
 * - the legal moves are the library's, in its order;
 * - each move's outcome is a win exactly when the reference finds the sum it
 *   leaves a P-position, and where the library gives G- (tame sums) it is
 *   the reference's;
 * - the position's outcome (a win for the player to move iff it is an
 *   N-position; with no move left, a win: misère);
 * - the computer's choice (cg_play_choose at level perfect, what play's
 *   computer does) is a winning move whenever one exists.
 * The game goes on by the computer's choice and a random move in turn.
 * Last, games of 0.75 with a search budget of 20 positions a question, so
 * that its wild sums are settled by the proven quotient the play part keeps.
 * Prints "play misere: N positions, M moves, C choices, F failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgsolve/cgsolve.h"
#include "framework/option_tables_internal.h"
#include "framework/play_internal.h"
#include "octal/octal_internal.h"
#include "ref_misere.h"
#include "ref_rng.h"

#define GAMES_PER_CODE 150
#define MAX_TOKENS 24
#define MAX_MOVES 256

static unsigned long positions, moves_checked, choices, by_quotient, failed;

static void expect(bool ok, const char *code, const char *what, const char *move) {
    if (!ok && failed++ < 20) {
        printf("FAIL %s: %s (move %s)\n", code, what, move != NULL ? move : "-");
    }
}

/* A legal move as the test finds it: its name and the heaps it leaves. */
typedef struct ref_move {
    char name[64];
    size_t heaps[MAX_TOKENS + 1];
    size_t count;
} ref_move;

/* Every move of the code on heaps, in the order heap, take, first part. */
static size_t ref_moves(const cg_octal_code *code, const size_t *heaps, size_t count,
                        ref_move *out) {
    size_t n = 0;
    for (size_t h = 0; h < count; h++) {
        for (size_t k = 1; k <= code->last && k <= heaps[h]; k++) {
            unsigned d = code->digit[k];
            size_t rest = heaps[h] - k;
            bool one_or_none = (rest == 0 && (d & 1)) || (rest > 0 && (d & 2));
            for (size_t a = 0; a <= rest / 2; a++) {
                bool split = a > 0 && (d & 4) && rest - a >= a;
                if (a == 0 ? !one_or_none : !split) {
                    continue;
                }
                ref_move *m = &out[n++];
                m->count = 0;
                for (size_t i = 0; i < count; i++) {
                    if (i != h) {
                        m->heaps[m->count++] = heaps[i];
                    } else if (a == 0 && rest > 0) {
                        m->heaps[m->count++] = rest;
                    } else if (a > 0) {
                        m->heaps[m->count++] = a;
                        m->heaps[m->count++] = rest - a;
                    }
                }
                if (a == 0) {
                    snprintf(m->name, sizeof m->name, "%zu:%zu", h + 1, k);
                } else {
                    snprintf(m->name, sizeof m->name, "%zu:%zu:%zu", h + 1, k, a);
                }
            }
        }
    }
    return n;
}

/* One game of code_text; search_limit (0: the default) bounds the library's
 * search per question, so that past it the quotient settles the sums;
 * heaps of at most max_heap tokens. */
static void one_game(const char *code_text, uint64_t search_limit, size_t max_heap, ref_rng *rng) {
    cg_octal_code code;
    cg_octal_parse(code_text, &code, NULL);
    size_t heaps[MAX_TOKENS + 1], count = 1 + (size_t)ref_rng_below(rng, 4), tokens = 0;
    char text[160];
    int at = snprintf(text, sizeof text, "%s", code_text);
    for (size_t i = 0; i < count; i++) {
        size_t most = MAX_TOKENS / count < max_heap ? MAX_TOKENS / count : max_heap;
        heaps[i] = 1 + (size_t)ref_rng_below(rng, most);
        tokens += heaps[i];
        at += snprintf(text + at, sizeof text - (size_t)at, " %zu", heaps[i]);
    }
    (void)tokens;
    const cg_game *game = cg_find_play_only_game("grundy");
    cg_options options;
    cg_options_init(&options);
    options.misere = true;
    options.positions = search_limit;
    cg_budget budget = cg_budget_make((size_t)256 << 20);
    void *state = calloc(1, game->play->state_size);
    cg_play_start start = {text, strlen(text), "<start>"};
    cg_error err;
    if (state == NULL || cg_play_open(game, state, &start, &options, &budget, &err) != CG_OK) {
        expect(false, code_text, "the start opens", text);
        free(state);
        return;
    }
    cg_play_values values = CG_PLAY_VALUES_INIT;
    static ref_move moves[MAX_MOVES];
    for (bool computer = ref_rng_below(rng, 2) == 0;; computer = !computer) {
        bool ok = cg_play_move_values(game->play, state, &values, &err) == CG_OK;
        expect(ok, code_text, "move values computed", text);
        if (!ok) {
            break;
        }
        positions++;
        size_t n = ref_moves(&code, heaps, count, moves);
        expect(n == values.count, code_text, "as many legal moves as the reference", text);
        bool any_win = false;
        for (size_t i = 0; i < n && n == values.count; i++) {
            const cg_play_value *v = &values.moves[i];
            const char *name = cg_strlist_at(&values.names, i);
            expect(strcmp(name, moves[i].name) == 0, code_text, "the reference's move", name);
            bool p = ref_misere_is_p(moves[i].heaps, moves[i].count);
            any_win |= p;
            expect(v->outcome == (p ? CG_OUTCOME_WIN : CG_OUTCOME_LOSS), code_text,
                   "the outcome is the reference's", name);
            if (v->measure == CG_MEASURE_MISERE) {
                expect(v->amount == ref_misere_value(moves[i].heaps, moves[i].count, NULL, 0),
                       code_text, "G- is the reference's", name);
            }
            moves_checked++;
            by_quotient += strstr(cg_strlist_at(&values.why, i), "by quotient") != NULL;
        }
        bool position_p = ref_misere_is_p(heaps, count);
        expect(values.position.outcome == (position_p ? CG_OUTCOME_LOSS : CG_OUTCOME_WIN),
               code_text, "the position's outcome is the reference's", text);
        /* (with no move left the player to move has won: an N-position) */
        expect(any_win == (!position_p && n > 0), code_text, "an N-position has a winning move",
               text);
        if (values.count == 0 || n != values.count) {
            break; /* the end: the player to move has won (checked above: an N-position) */
        }
        size_t chosen = cg_play_choose(&values, CG_LEVEL_PERFECT, rng, NULL);
        choices++;
        if (any_win) {
            expect(ref_misere_is_p(moves[chosen].heaps, moves[chosen].count), code_text,
                   "the computer chose a winning move", moves[chosen].name);
        }
        size_t next = computer ? chosen : (size_t)ref_rng_below(rng, n);
        expect(game->play->play(state, moves[next].name, &err) == CG_OK, code_text,
               "a listed move plays", moves[next].name);
        count = moves[next].count;
        memcpy(heaps, moves[next].heaps, count * sizeof *heaps);
    }
    cg_play_values_free(&values);
    game->play->close(state);
    free(state);
}

int main(void) {
    static const char *const codes[] = {"0.3333", "0.77", "0.07", "0.007"};
    ref_rng rng = cg_rng_make(27);
    for (size_t c = 0; c < 4; c++) {
        cg_octal_code code;
        cg_octal_parse(codes[c], &code, NULL);
        ref_misere_begin(&code);
        for (int g = 0; g < GAMES_PER_CODE; g++) {
            one_game(codes[c], 0, MAX_TOKENS, &rng);
        }
        ref_misere_end();
    }
    /* 0.75 (quotient of heaps <= 7: order 8) with a search of 20 positions
     * a question: its wild sums are settled by the kept quotient. */
    cg_octal_code code;
    cg_octal_parse("0.75", &code, NULL);
    ref_misere_begin(&code);
    for (int g = 0; g < GAMES_PER_CODE / 3; g++) {
        one_game("0.75", 20, 7, &rng);
    }
    ref_misere_end();
    printf("play misere: %lu positions, %lu moves (%lu by a quotient), %lu choices, %lu failed\n",
           positions, moves_checked, by_quotient, choices, failed);
    return failed == 0 && positions > 1000 && by_quotient > 100 ? 0 : 1;
}
