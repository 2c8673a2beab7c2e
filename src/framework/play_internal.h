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
 *   {"event":"stopped","game":G,"moves_taken_back":K}
 *   {"event":"error","game":G,"input":TEXT,"message":TEXT}
 *   {"event":"over","game":G,"winner":"you"|"computer"|"nobody"}
 *   {"event":"abandoned","game":G}
 *
 * legal_moves are written exactly as they are to be typed. A command the
 * front end stops (options->progress_hook returning true in a search) is
 * taken back whole, "stopped" counting the moves it had made. Under misère
 * play (options->misere, for games whose rules have a misere_intro) the
 * player left without a move wins, and start, over and the state carry
 * "play":"misere". */
#ifndef CGSOLVE_PLAY_H
#define CGSOLVE_PLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "core/rng_internal.h"
#include "core/state_graph_internal.h"
#include "framework/game_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a game starts. */
typedef struct cg_play_start {
    const char *position; /* a position file's bytes, or NULL for the usual start */
    size_t position_len;
    const char *position_name; /* for messages */
} cg_play_start;

/* How well the computer plays (--level). Every level knows each move's
 * value; they differ in what they pick:
 * - perfect: the best outcome, at random among the moves that give it (the
 *   fastest wins when the game measures remoteness); when every move loses,
 *   the one that makes the opponent's task hardest: the longest remoteness
 *   where the game measures it, else the fewest winning replies. It never
 *   loses a won or drawn position.
 * - strong: perfect on one move in two; on the other, any move of the best
 *   outcome (a slower win, a plainer loss). It never loses a won or drawn
 *   position either.
 * - casual: a random legal move one time in three, else perfect. */
typedef enum cg_play_level { CG_LEVEL_PERFECT = 0, CG_LEVEL_STRONG, CG_LEVEL_CASUAL } cg_play_level;

/* A game's move lister (legal_moves, winning_moves...). */
typedef cg_status (*cg_play_lister)(void *state, cg_strlist *moves, cg_error *err);

/* moves cleared, then filled by list (nothing when list is NULL); a list
 * that failed to grow is CG_ERR_NOMEM. */
cg_status cg_play_list(cg_play_lister list, void *state, cg_strlist *moves, cg_error *err);

/* The name of a level ("perfect"...), and the level of a name (false when none). */
const char *cg_play_level_name(cg_play_level level);
bool cg_play_level_parse(const char *name, cg_play_level *level);

/* The value of every legal move of the position and of the position itself:
 * the game's move_values hook, or, without one or when it does not fit in
 * its budget, each move's outcome from winning_moves and drawing_moves with
 * the measure unknown. values is cleared first. The position is unchanged. */
cg_status cg_play_move_values(const cg_play_rules *rules, void *state, cg_play_values *values,
                              cg_error *err);

/* The computer's move at level, drawn with rng, as an index into values
 * (which must hold a move). replies, when not NULL, gives for each move the
 * number of winning replies it leaves the opponent (SIZE_MAX: unknown), for
 * choosing among losing moves without a remoteness. */
size_t cg_play_choose(const cg_play_values *values, cg_play_level level, cg_rng *rng,
                      const size_t *replies);

/* The command a one-letter short form stands for (q quit, u undo, v
 * values, h hint, ? help), else typed itself. */
const char *cg_play_command_word(const char *typed);

/* Whether typed, refused as a move, reads as a mistyped command: a word of
 * letters that the game's move_help does not name as a move ("pass"). */
bool cg_play_looks_like_command(const char *typed, const char *move_help);

/* order (values->count indices) filled with the moves best first: wins,
 * draws, losses; the quickest win and the longest loss first where the
 * remoteness is known; else in the order of legal_moves. */
cg_status cg_play_best_first(const cg_play_values *values, size_t *order, cg_error *err);

/* Append text to out with every line longer than columns folded at its
 * spaces (UTF-8 characters and terminal escapes counted as they show):
 * prose continues flush left, an indented line four further in. */
void cg_play_fold(const cg_buf *text, size_t columns, cg_buf *out);

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
