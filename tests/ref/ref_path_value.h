/* Reference PATH perfect play: plain negamax over every empty cell, no
 * pruning (only, for the value alone, a win ends the look at a position's
 * moves: nothing beats it, and winning moves are looked for first), a memo
 * of every position seen: one byte per position of the board's empty cells
 * (up to 16 of them, 86 MB at 16; boards up to 64 cells).
 * The game: the side to move puts a stone; whoever completes a chain wins;
 * a full board without a chain is a draw. Returns the outcome for the side
 * to move (1 loss, 2 draw, 3 win, as cg_outcome) or 0 when the board already
 * holds a chain, has more than 16 empty cells or memory runs out.
 * white_to_move chooses the side. */
#ifndef CGSOLVE_REF_PATH_VALUE_H
#define CGSOLVE_REF_PATH_VALUE_H

#include <stdbool.h>
#include <stddef.h>

int ref_path_value(const char *cells, size_t n, bool white_to_move);

/* The same with remoteness (moves to the end under perfect play: the winner
 * hurries, the loser delays, a draw fills the board) in *remoteness. */
int ref_path_value_remoteness(const char *cells, size_t n, bool white_to_move,
                              unsigned *remoteness);

/* A memo kept over several queries (positions of one game: the first
 * board's, stones added on its empty cells; another board starts it
 * afresh), NULL when memory runs out; each query as
 * ref_path_value_remoteness, the remoteness only with a memo opened with
 * remoteness (which sees every move). */
typedef struct ref_path_memo ref_path_memo;
ref_path_memo *ref_path_open(bool remoteness);
void ref_path_close(ref_path_memo *memo);
int ref_path_query(ref_path_memo *memo, const char *cells, size_t n, bool white_to_move,
                   unsigned *remoteness);

/* Whether either colour has a chain on the board. */
bool ref_path_chain(const char *cells, size_t n);

#endif
