/* The number game's play part: a move chooses an available number. */
#include <stdlib.h>

#include "cgsolve/games/numbergame.h"
#include "cgsolve/rng.h"

typedef struct play_state {
    cg_numbergame game;
    uint64_t position;
} play_state;

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err) {
    play_state *s = state;
    int max = options->max_number != 0 ? (int)options->max_number : CG_NUMBERGAME_DEFAULT_MAX;
    cg_status st = cg_numbergame_init(&s->game, max, budget, err);
    if (st != CG_OK) {
        return st;
    }
    if (position != NULL) {
        return cg_numbergame_read_position(position, max, &s->position, err);
    }
    s->position = cg_numbergame_full(max);
    return CG_OK;
}

/* A random reachable position: the numbers left after one to three random
 * choices from the full set. */
static cg_status start_random(void *state, uint64_t seed, const cg_options *options,
                              cg_budget *budget, cg_error *err) {
    play_state *s = state;
    cg_status st = start(state, NULL, options, budget, err);
    cg_rng rng = cg_rng_make(seed);
    for (uint64_t k = 1 + cg_rng_below(&rng, 3); st == CG_OK && k > 0 && s->position != 0; k--) {
        int count = __builtin_popcountll(s->position);
        int pick = (int)cg_rng_below(&rng, (uint64_t)count);
        CG_NUMBERGAME_FOR_EACH(x, s->position) {
            if (pick-- == 0) {
                s->position = cg_numbergame_after(s->game.max, s->position, x);
                break;
            }
        }
    }
    return st;
}

static void show(void *state, cg_buf *out) {
    const play_state *s = state;
    cg_buf_puts(out, "  Available:");
    CG_NUMBERGAME_FOR_EACH(x, s->position) {
        cg_buf_printf(out, " %d", x);
    }
    cg_buf_puts(out, s->position == 0 ? " none\n" : "\n");
}

static cg_status legal_moves(void *state, cg_strlist *moves, cg_error *err) {
    (void)err;
    const play_state *s = state;
    CG_NUMBERGAME_FOR_EACH(x, s->position) {
        cg_strlist_addf(moves, "%d", x);
    }
    return CG_OK;
}

static cg_status winning_moves(void *state, cg_strlist *moves, cg_error *err) {
    play_state *s = state;
    uint64_t winning;
    cg_status st = cg_numbergame_winning_moves(&s->game, s->position, &winning, err);
    if (st == CG_OK) {
        CG_NUMBERGAME_FOR_EACH(x, winning) {
            cg_strlist_addf(moves, "%d", x);
        }
    }
    return st;
}

static cg_status play(void *state, const char *move, cg_error *err) {
    play_state *s = state;
    char *end;
    long x = strtol(move, &end, 10);
    if (*end != '\0' || end == move || x < 2 || x > s->game.max ||
        !(s->position & cg_numbergame_bit((int)x))) {
        return cg_error_set(err, CG_ERR_INPUT, "%s is not an available number", move);
    }
    s->position = cg_numbergame_after(s->game.max, s->position, (int)x);
    return CG_OK;
}

/* Without a winning move: the largest available number, which forbids the
 * fewest others and so keeps the game long. */
static cg_status losing_choice(void *state, cg_buf *move, cg_error *err) {
    (void)err;
    const play_state *s = state;
    cg_buf_printf(move, "%d", 65 - __builtin_clzll(s->position));
    return CG_OK;
}

static void close_play(void *state) {
    cg_numbergame_free(&((play_state *)state)->game);
}

const cg_play_rules cg_numbergame_play = {
    .intro = "The number game: we take turns choosing an available number; a chosen\n"
             "number and every sum of chosen numbers become unavailable. Whoever has\n"
             "no number left to choose loses.\n",
    .move_word = "number",
    .move_help = "an available number",
    .state_size = sizeof(play_state),
    .start = start,
    .start_random = start_random,
    .show = show,
    .legal_moves = legal_moves,
    .winning_moves = winning_moves,
    .play = play,
    .losing_choice = losing_choice,
    .close = close_play,
};
