/* Playing a game against a perfect opponent: the conversation.
 *
 * cg_play runs one game through the game's cg_play_rules: it shows the
 * position, reads the human's commands as tokens (a move, "hint", "quit"),
 * answers with the computer's moves (a winning one whenever there is one)
 * and says who won. */
#ifndef CGSOLVE_PLAY_H
#define CGSOLVE_PLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "cgsolve/game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The move the computer makes in the current position: the first winning
 * move when there is one (*wins true), otherwise the game's losing choice.
 * The move is written into move; the position is unchanged. */
cg_status cg_play_choose(const cg_play_rules *rules, void *state, cg_buf *move, bool *wins,
                         cg_strlist *scratch, cg_error *err);

/* Play one game of game (which must have a play part): set up from position
 * (NULL: the usual start), read the human's commands from moves, write the
 * conversation to out. options->computer_first chooses who moves first; echo
 * repeats each command after its prompt, for input that a terminal does not
 * show. */
cg_status cg_play(const cg_game *game, cg_scanner *position, cg_scanner *moves,
                  const cg_options *options, bool echo, FILE *out, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
