/* What the value of every move costs, per game: cg_play_move_values (the
 * `values` command and every JSON position) against listing the winning and
 * drawing moves alone (what `hint` did before), on the positions of seeded
 * random games from the games' random starts and usual starts, as the tests
 * play them, and on a few large positions. Each position is timed in a
 * fresh state replayed to it, so a memo filled by earlier positions does
 * not flatter the numbers; prints the mean and the worst per position and
 * the ratio. Usage: bench_play_values [GAMES-PER-START]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "framework/cgsolve_internal.h"

#define MAX_PLIES 128

typedef struct tally {
    unsigned long positions, moves;
    double values_time, outcomes_time, values_worst, outcomes_worst;
} tally;

static const cg_game *find(const char *name) {
    const cg_game *game = cg_find_game(name);
    return game != NULL ? game : cg_find_play_only_game(name);
}

/* A fresh state at the start, then the moves of history. */
static void *open_at(const cg_game *game, const cg_play_start *start, const cg_options *options,
                     cg_budget *budget, char history[][32], size_t plies) {
    void *state = calloc(1, game->play->state_size);
    cg_error err;
    if (state == NULL || cg_play_open(game, state, start, options, budget, &err) != CG_OK) {
        fprintf(stderr, "bench_play_values: %s: cannot start\n", game->name);
        exit(1);
    }
    for (size_t i = 0; i < plies; i++) {
        game->play->play(state, history[i], &err);
    }
    return state;
}

static void close_at(const cg_game *game, void *state) {
    game->play->close(state);
    free(state);
}

/* Time both ways at the position after history. */
static size_t time_position(const cg_game *game, const cg_play_start *start,
                            const cg_options *options, char history[][32], size_t plies,
                            cg_play_values *values, tally *t) {
    cg_budget budget = cg_budget_make(cg_options_memory(options, game->default_memory));
    cg_error err;
    void *state = open_at(game, start, options, &budget, history, plies);
    double began = bench_now();
    cg_status st = cg_play_move_values(game->play, state, values, &err);
    double took = bench_now() - began;
    close_at(game, state);
    if (st != CG_OK) {
        fprintf(stderr, "bench_play_values: %s: %s\n", game->name, err.message);
        exit(1);
    }
    state = open_at(game, start, options, &budget, history, plies);
    cg_strlist moves = CG_STRLIST_INIT;
    began = bench_now();
    cg_play_list(game->play->winning_moves, state, &moves, &err);
    cg_play_list(game->play->drawing_moves, state, &moves, &err);
    double plain = bench_now() - began;
    cg_strlist_free(&moves);
    close_at(game, state);
    t->positions++;
    t->moves += values->count;
    t->values_time += took;
    t->outcomes_time += plain;
    t->values_worst = took > t->values_worst ? took : t->values_worst;
    t->outcomes_worst = plain > t->outcomes_worst ? plain : t->outcomes_worst;
    return values->count;
}

/* Seeded random games from a start, every position timed. */
static void play_games(const cg_game *game, const cg_play_start *start, cg_options *options,
                       int games, cg_rng *rng, tally *t) {
    char history[MAX_PLIES][32];
    cg_play_values values = CG_PLAY_VALUES_INIT;
    for (int g = 0; g < games; g++) {
        size_t plies = 0;
        while (plies < MAX_PLIES &&
               time_position(game, start, options, history, plies, &values, t) > 0) {
            const char *move = cg_strlist_at(&values.names, cg_rng_below(rng, values.count));
            snprintf(history[plies++], sizeof history[0], "%s", move);
        }
    }
    cg_play_values_free(&values);
}

static void report(const char *what, const tally *t) {
    double per_values = t->values_time / (double)t->positions * 1e6;
    double per_outcomes = t->outcomes_time / (double)t->positions * 1e6;
    printf("%-34s %6lu %7lu %10.1f %10.1f %7.2f %10.1f %10.1f\n", what, t->positions, t->moves,
           per_values, per_outcomes, per_values / (per_outcomes > 0 ? per_outcomes : 1e-9),
           t->values_worst * 1e6, t->outcomes_worst * 1e6);
}

int main(int argc, char **argv) {
    int games = argc > 1 ? atoi(argv[1]) : 4;
    cg_rng rng = cg_rng_make(20261201);
    printf("%-34s %6s %7s %10s %10s %7s %10s %10s\n", "positions", "count", "moves", "values us",
           "hint us", "ratio", "worst v", "worst h");
    static const char *const names[] = {"treblecross", "gamecs", "grundy", "numbergame", "domino"};
    for (size_t k = 0; k < 5; k++) {
        const cg_game *game = find(names[k]);
        tally t = {0};
        for (uint64_t seed = 1; seed <= 20; seed++) {
            cg_options options;
            cg_options_init(&options);
            options.random_start = true;
            options.seed = seed;
            play_games(game, NULL, &options, games, &rng, &t);
        }
        cg_options options;
        cg_options_init(&options);
        play_games(game, NULL, &options, games, &rng, &t);
        char what[64];
        snprintf(what, sizeof what, "%s (tests' starts)", names[k]);
        report(what, &t);
    }
    /* Large positions: the first position only. */
    static const struct {
        const char *game, *label;
        int64_t max;
    } large[] = {{"treblecross", "treblecross, 5,000 empty cells", 0},
                 {"gamecs", "gamecs, a 5,000-node chain", 0},
                 {"gamecs", "gamecs, a 5,000-node star", 0},
                 {"grundy", "0.77 on heaps 1000 2000 3000", 0},
                 {"numbergame", "numbergame 2..20, the full set", 20},
                 {"domino", "domino, the usual 7-tile deal", 0}};
    cg_buf text = CG_BUF_INIT;
    for (size_t k = 0; k < sizeof large / sizeof large[0]; k++) {
        cg_buf_clear(&text);
        const char *label = large[k].label;
        if (strstr(label, "treblecross") != NULL) {
            cg_buf_repeat(&text, '.', 5000);
        } else if (strstr(label, "chain") != NULL || strstr(label, "star") != NULL) {
            bool chain = strstr(label, "chain") != NULL;
            cg_buf_puts(&text, "5000\n");
            for (int v = 1; v < 5000; v++) {
                cg_buf_printf(&text, "%d %d %d\n", chain ? v - 1 : 0, v, 1 + v % 3);
            }
        } else if (strstr(label, "0.77") != NULL) {
            cg_buf_puts(&text, "0.77 1000 2000 3000");
        }
        cg_play_start start = {text.data, text.len, label};
        cg_options options;
        cg_options_init(&options);
        options.max_number = large[k].max;
        tally t = {0};
        cg_play_values values = CG_PLAY_VALUES_INIT;
        time_position(find(large[k].game), text.len > 0 ? &start : NULL, &options, NULL, 0, &values,
                      &t);
        cg_play_values_free(&values);
        report(label, &t);
    }
    cg_buf_free(&text);
    return 0;
}
