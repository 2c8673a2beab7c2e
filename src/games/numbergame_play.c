/* Playing the number game against the solver. */
#include <stdlib.h>

#include "cgsolve/games/numbergame.h"

typedef struct play_state {
    cg_numbergame game;
    uint64_t position;
} play_state;

static uint64_t bit_of(int x) {
    return (uint64_t)1 << (x - 2);
}

static cg_status start(void *state, cg_scanner *position, const cg_options *options,
                       cg_error *err) {
    play_state *s = state;
    int max = options->max_number != 0 ? (int)options->max_number : CG_NUMBERGAME_DEFAULT_MAX;
    cg_status st = cg_numbergame_init(&s->game, max, options->memory_limit, err);
    if (st != CG_OK) {
        return st;
    }
    if (position != NULL) {
        return cg_numbergame_read_position(position, max, &s->position, err);
    }
    s->position = cg_numbergame_full(max);
    return CG_OK;
}

static void show(void *state, cg_buf *out) {
    const play_state *s = state;
    cg_buf_puts(out, "  Available:");
    for (int x = 2; x <= s->game.max; x++) {
        if (s->position & bit_of(x)) {
            cg_buf_printf(out, " %d", x);
        }
    }
    cg_buf_puts(out, s->position == 0 ? " none\n" : "\n");
}

static bool over(void *state) {
    return ((play_state *)state)->position == 0;
}

static cg_status play(void *state, const cg_token *move, cg_buf *said, cg_error *err) {
    play_state *s = state;
    char *end;
    long x = strtol(move->text, &end, 10);
    if (*end != '\0' || x < 2 || x > s->game.max || !(s->position & bit_of((int)x))) {
        return cg_error_set(err, CG_ERR_INPUT, "%s is not an available number", move->text);
    }
    s->position = cg_numbergame_after(s->game.max, s->position, (int)x);
    cg_buf_printf(said, "You choose %ld.\n", x);
    return CG_OK;
}

/* The smallest winning number; without one, the largest available, which
 * forbids the fewest others and so keeps the game long. */
static cg_status respond(void *state, cg_buf *said, cg_error *err) {
    play_state *s = state;
    uint64_t winning;
    cg_status st = cg_numbergame_winning_moves(&s->game, s->position, &winning, err);
    if (st != CG_OK) {
        return st;
    }
    uint64_t choices = winning != 0 ? winning : s->position;
    int x = winning != 0 ? 2 + __builtin_ctzll(choices) : 65 - __builtin_clzll(choices);
    s->position = cg_numbergame_after(s->game.max, s->position, x);
    cg_buf_printf(said, "I choose %d (%s).\n", x,
                  winning != 0 ? "it leaves you a losing position"
                               : "no move wins against perfect play");
    return CG_OK;
}

static cg_status hint(void *state, cg_buf *said, cg_error *err) {
    play_state *s = state;
    uint64_t winning;
    cg_status st = cg_numbergame_winning_moves(&s->game, s->position, &winning, err);
    if (st != CG_OK) {
        return st;
    }
    if (winning == 0) {
        cg_buf_puts(said, "No move wins against perfect play.\n");
        return CG_OK;
    }
    cg_buf_puts(said, "Winning moves:");
    for (int x = 2; x <= s->game.max; x++) {
        if (winning & bit_of(x)) {
            cg_buf_printf(said, " %d", x);
        }
    }
    cg_buf_putc(said, '\n');
    return CG_OK;
}

static void close_play(void *state) {
    cg_numbergame_free(&((play_state *)state)->game);
}

const cg_play_game cg_play_numbergame = {
    .name = "numbergame",
    .move_help = "an available number",
    .state_size = sizeof(play_state),
    .start = start,
    .show = show,
    .over = over,
    .play = play,
    .respond = respond,
    .hint = hint,
    .close = close_play,
};
