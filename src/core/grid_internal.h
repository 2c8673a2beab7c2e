/* Square-grid connectivity for connection games: breadth-first flood fills
 * and shortest paths between two sides of a board, 4-connected, with an
 * explicit queue (no recursion, any board size). Cells are bytes, row-major. */
#ifndef CGSOLVE_GRID_H
#define CGSOLVE_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cg_grid_side { CG_SIDE_LEFT, CG_SIDE_RIGHT, CG_SIDE_TOP, CG_SIDE_BOTTOM } cg_grid_side;

typedef struct cg_grid {
    const char *cells; /* n * n bytes */
    size_t n;          /* side length; n * n < 2^32 */
} cg_grid;

/* The up to four 4-neighbours of cell index on an n x n board, row-major
 * (left, right, up, down, those that exist) into out; returns how many. */
size_t cg_grid_neighbours(size_t n, size_t index, size_t out[4]);

/* Whether cell index lies on side. */
bool cg_grid_on_side(const cg_grid *grid, size_t index, cg_grid_side side);

/* Set `bit` in marks[] for every cell holding `colour` that is 4-connected,
 * through cells holding `colour`, to such a cell on `side`. queue needs room
 * for n * n entries. */
void cg_grid_flood(const cg_grid *grid, char colour, cg_grid_side side, uint8_t *marks, uint8_t bit,
                   uint32_t *queue);

/* Whether some 4-neighbour of index (or index itself, when it lies on side)
 * carries `bit`, i.e. a stone placed there joins a group reaching side. */
bool cg_grid_touches(const cg_grid *grid, const uint8_t *marks, uint8_t bit, size_t index,
                     cg_grid_side side);

/* A shortest chain of `colour` cells (counting `extra`, an index or SIZE_MAX,
 * as one of them) from side `from` to side `to`. Writes the cells into path
 * (room for n * n) from `from` to `to` and returns their number, or 0 when
 * there is none. parent and queue need room for n * n entries. */
size_t cg_grid_shortest_chain(const cg_grid *grid, char colour, size_t extra, cg_grid_side from,
                              cg_grid_side to, uint32_t *parent, uint32_t *queue, uint32_t *path);

#ifdef __cplusplus
}
#endif

#endif
