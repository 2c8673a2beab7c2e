/* Reference Game of CS solver: exhaustive game search over the remaining
 * paint of every edge, knowing nothing of Grundy values. Trees are given
 * rooted: parent[v] < n and the edge parent[v]-v has weight[v], v = 1..n-1;
 * parent[0] is ignored. n <= REF_GAMECS_MAX_NODES, weights <= 3. */
#ifndef CGSOLVE_REF_GAMECS_H
#define CGSOLVE_REF_GAMECS_H

#include <stdbool.h>
#include <stddef.h>

#define REF_GAMECS_MAX_NODES 8
#define REF_GAMECS_MAX_WEIGHT 3

/* Whether the first player wins; win_edge[v] tells whether painting one unit
 * of edge parent[v]-v is a winning first move. Returns false with *ok false
 * on bad arguments or allocation failure. */
bool ref_gamecs_first_player_wins(size_t n, const size_t *parent, const unsigned *weight,
                                  bool *win_edge, bool *ok);

#endif
