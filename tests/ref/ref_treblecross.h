/* Reference Treblecross solvers, deliberately simple.
 *
 * ref_treblecross_game_tree: plain game-tree search over which cells are
 * filled (memoised by bitmask only so 20-cell boards finish), knowing no
 * Sprague–Grundy theory. ref_treblecross_rescan: the Grundy method, but
 * recomputing the whole nim-sum from scratch for every candidate move. */
#ifndef CGSOLVE_REF_TREBLECROSS_H
#define CGSOLVE_REF_TREBLECROSS_H

#include <stdbool.h>
#include <stddef.h>

#define REF_TREBLECROSS_MAX_CELLS 22

/* Fill win[i] (0-based) with whether placing at i wins; return whether the
 * player to move wins. len <= REF_TREBLECROSS_MAX_CELLS. Returns false and
 * sets *ok = false on allocation failure. */
bool ref_treblecross_game_tree(const char *board, size_t len, bool *win, bool *ok);

/* The same answer by rescanning: O(len^2) per board given the 0.007 values
 * g(L) = G(L + 2) in grundy[0..len + 2]. */
bool ref_treblecross_rescan(const char *board, size_t len, const unsigned long long *grundy,
                            bool *win);

#endif
