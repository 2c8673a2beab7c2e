/* References for play's move values, deliberately simple and knowing
 * nothing of the library's solvers:
 * - remoteness by its definition (GamesmanOne's) from the values of a
 *   position's children, for the number game and domino, over states of
 *   their own written from the rules;
 * - Grundy values by mex over every option: Treblecross with only the safe
 *   moves (an X at distance >= 3 from every X), Game of CS over the paint
 *   left on each edge. */
#ifndef CGSOLVE_REF_PLAY_VALUES_H
#define CGSOLVE_REF_PLAY_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An outcome for the player to move, as the library's cg_outcome. */
enum { REF_LOSS = 1, REF_DRAW = 2, REF_WIN = 3 };

typedef struct ref_value {
    int outcome;
    unsigned remoteness;
} ref_value;

/* The value of a position from its children's values (each for its own
 * player to move): none is the end, of value `end` and remoteness 0. */
ref_value ref_combine(const ref_value *children, size_t count, int end);

/* ---- the number game: available[x] for x in 2..max, max <= 16 --------- */
ref_value ref_numbergame_value(int max, const bool *available);

/* ---- domino, from the rules alone -------------------------------------- */
typedef struct ref_domino {
    int hand[2][14][2]; /* tiles a-b; a < 0 once laid */
    int n;
    int left, right; /* the open ends */
    int mover;       /* 0 Red, 1 Green */
    bool passed;     /* the last move was a pass */
    bool over;
} ref_domino;

/* The deal after its automatic opening (the highest double by its holder). */
void ref_domino_start(ref_domino *d, int n, const int tiles[2][14][2]);
/* The legal moves as play types them ("a-b" with a <= b, "a-b:e" when the
 * tile fits both ends and e is the one it goes on, "pass"), each up to 8
 * bytes; returns their number. */
size_t ref_domino_moves(const ref_domino *d, char moves[][8]);
/* Apply a typed move; false when it is not legal. A pass after which the
 * other player cannot lay either ends the game, blocked. */
bool ref_domino_play(ref_domino *d, const char *move);
/* Outcome (REF_DRAW for a blocked game) and remoteness; plain recursion. */
ref_value ref_domino_value(const ref_domino *d);

/* ---- Grundy values ---------------------------------------------------- */
/* The Grundy value of a Treblecross board (no XXX, len <= 20) in the game
 * of safe moves only: the library's claim is the nim-sum of its free
 * stretches' 0.007 values. */
unsigned ref_treblecross_safe_grundy(const char *board, size_t len);
/* The Grundy value of a Game of CS tree given rooted (parent[v] < v,
 * weight[v] <= 3 units left on edge parent[v]-v, v = 1..n-1, n <= 8),
 * or of the subtree below `root` with its edge when root > 0. */
unsigned ref_gamecs_grundy(size_t n, const size_t *parent, const unsigned *weight, size_t root);

#ifdef __cplusplus
}
#endif

#endif
