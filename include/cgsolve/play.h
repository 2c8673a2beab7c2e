/* Playing a game against a perfect opponent.
 *
 * A playable game supplies its rules for one position at a time (cg_play_game)
 * and the core runs the conversation (cg_play): it shows the position, reads
 * the human's moves as tokens, answers with the computer's moves, and says
 * who won. The games here are won by whoever makes the last move, so the
 * loop only needs to know when a position is over. */
#ifndef CGSOLVE_PLAY_H
#define CGSOLVE_PLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "cgsolve/buf.h"
#include "cgsolve/game.h"
#include "cgsolve/scanner.h"
#include "cgsolve/status.h"

typedef struct cg_play_game {
    const char *name;
    const char *move_help; /* what a move looks like, for the prompt */
    size_t state_size;     /* the core allocates the state, zeroed */
    /* Set up the start: from `position` (the judge's format for one case,
     * without any case count) or, when NULL, the game's usual start. */
    cg_status (*start)(void *state, cg_scanner *position, const cg_options *options, cg_error *err);
    /* Describe the position for a person. */
    void (*show)(void *state, cg_buf *out);
    /* True when the player to move has lost (the last mover won). */
    bool (*over)(void *state);
    /* Play the human's move. An illegal move is CG_ERR_INPUT with a message
     * to show; the human is asked again. */
    cg_status (*play)(void *state, const cg_token *move, cg_buf *said, cg_error *err);
    /* Choose and play the computer's move: a winning one whenever there is
     * one. Describe it in said. */
    cg_status (*respond)(void *state, cg_buf *said, cg_error *err);
    /* The winning moves of the player to move, for "hint". */
    cg_status (*hint)(void *state, cg_buf *said, cg_error *err);
    /* Release what the state owns. */
    void (*close)(void *state);
} cg_play_game;

/* The playable games, NULL-terminated, and lookup by name. */
const cg_play_game *const *cg_play_games(void);
const cg_play_game *cg_find_play_game(const char *name);

/* Play one game: set up from position (NULL: the usual start), read the
 * human's moves from moves ("hint" and "quit" are understood), write the
 * conversation to out. human_first chooses who moves first; echo repeats
 * each move after its prompt, for input that a terminal does not show. */
cg_status cg_play(const cg_play_game *game, cg_scanner *position, cg_scanner *moves,
                  const cg_options *options, bool human_first, bool echo, FILE *out, cg_error *err);

#endif
