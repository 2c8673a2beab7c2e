/* Playing any octal game on a row of heaps against a perfect opponent. It
 * is a game with only a play part (no judge input): `cgsolve play grundy
 * CODE HEAP...`, found through cg_find_play_only_game. */
#ifndef CGSOLVE_GAMES_OCTAL_PLAY_H
#define CGSOLVE_GAMES_OCTAL_PLAY_H

#include "framework/game_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cg_game cg_game_octal_play;

#ifdef __cplusplus
}
#endif

#endif
