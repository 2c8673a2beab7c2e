/* Reference domino solver and referee, written from the rules alone.
 *
 * ref_domino_can_win: plain recursion over every legal play sequence (no
 * memo, no pruning), so only small hands are practical. ref_domino_referee
 * replays a claimed winning line move by move and checks every rule. */
#ifndef CGSOLVE_REF_DOMINO_H
#define CGSOLVE_REF_DOMINO_H

#include <stdbool.h>

#include "games/domino_internal.h"
#include "ref_rng.h"

/* A uniformly random valid deal of n tiles a hand, halves in random order. */
void ref_domino_random_deal(ref_rng *rng, int n, cg_domino_deal *deal);

/* can_win[p]: some legal play sequence lets player p win. */
void ref_domino_can_win(const cg_domino_deal *deal, bool can_win[2]);

/* Who wins under perfect play: 0 Red, 1 Green, -1 nobody (blocked). Plain
 * minimax without memo. */
int ref_domino_optimal(const cg_domino_deal *deal);

/* Breadth-first search over every reachable position of the library's
 * position graph (cg_domino_graph) with no pruning, stopping once both
 * players' wins are found: the published method, bug fixed. Returns the
 * goals found (bit p: player p can win), *states the positions enqueued, or
 * ~0u when memory ran out. Checks the pruned search at sizes recursion
 * cannot reach. */
unsigned ref_domino_bfs(const cg_domino_deal *deal, size_t *states);

/* Whether line is a legal play sequence from the deal in which `winner`
 * empties their hand first; on failure *why says what is wrong. */
bool ref_domino_referee(const cg_domino_deal *deal, const cg_domino_line *line, int winner,
                        const char **why);

#endif
