/* Playing a game against a perfect opponent: the conversation.
 *
 * cg_play runs one game through the game's cg_play_rules: it shows the
 * position, reads the human's commands as tokens (a move, "hint", "undo",
 * "help", "quit"), answers with the computer's moves (a winning one whenever
 * there is one, else a drawing one) and says who won. Each line typed is
 * answered as soon as it arrives. In JSON mode (options->output) every event
 * is one JSON object on a line, for programs driving a game:
 *
 *   {"event":"start","game":G,"rules":TEXT,"first":"you"|"computer"}
 *   {"event":"position","game":G,"to_move":"you"|"computer","legal_moves":[...],"board":TEXT}
 *   {"event":"move","game":G,"by":"you"|"computer","move":M,"why":TEXT}
 *   {"event":"hint","game":G,"winning_moves":[...],"drawing_moves":[...]}
 *   {"event":"undo","game":G,"moves_taken_back":K}
 *   {"event":"error","game":G,"input":TEXT,"message":TEXT}
 *   {"event":"over","game":G,"winner":"you"|"computer"|"nobody"}
 *   {"event":"abandoned","game":G}
 *
 * legal_moves are written exactly as they are to be typed. */
#ifndef CGSOLVE_PLAY_H
#define CGSOLVE_PLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "cgsolve/game.h"
#include "cgsolve/state_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a game starts. */
typedef struct cg_play_start {
    const char *position; /* a position file's bytes, or NULL for the usual start */
    size_t position_len;
    const char *position_name; /* for messages */
} cg_play_start;

/* The move the computer makes in the current position: the first winning
 * move when there is one, else the first drawing one, else the game's losing
 * choice. *value tells which (CG_OUTCOME_WIN, _DRAW or _LOSS for the mover).
 * The move is written into move; the position is unchanged. */
cg_status cg_play_choose(const cg_play_rules *rules, void *state, cg_buf *move, cg_outcome *value,
                         cg_strlist *scratch, cg_error *err);

/* Set up rules' state (zeroed, rules->state_size bytes) at the start: the
 * usual one, a random one (options->random_start, options->seed), or case
 * options->case_number of the position file, which may be a judge input
 * with its case count or the bare case (a file that reads whole as a
 * counted judge input is taken as one). On failure the state is closed. */
cg_status cg_play_open(const cg_game *game, void *state, const cg_play_start *start,
                       const cg_options *options, cg_budget *budget, cg_error *err);

/* Play one game of game (which must have a play part) from start, reading
 * the human's commands from commands and writing the conversation (or JSON
 * events) to out. echo repeats each command after its prompt, for input
 * that a terminal does not show. */
cg_status cg_play(const cg_game *game, const cg_play_start *start, cg_scanner *commands,
                  const cg_options *options, bool echo, FILE *out, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
