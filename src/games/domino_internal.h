/* Domino game (UVa 742): Red and Green each hold n tiles of a double-six
 * set. The holder of the highest double lays it; then the players alternate,
 * laying a matching tile on either open end, passing only when nothing fits;
 * two passes in a row block the game. Whoever empties their hand first wins.
 *
 * The judge's question is not optimal play: for each player, does SOME legal
 * play sequence let that player win? That is reachability in the graph of
 * positions, answered by one depth-first search for both players (see
 * cg_reach), pruned by a test that cannot lose answers: a player whose tile
 * can never again meet a matching end cannot win. --optimal answers the
 * other question, who wins under perfect play, by negamax over the same
 * positions (a blocked game is won by nobody). */
#ifndef CGSOLVE_GAMES_DOMINO_H
#define CGSOLVE_GAMES_DOMINO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/memo_internal.h"
#include "core/state_graph_internal.h"
#include "framework/game_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cg_game cg_game_domino;

#define CG_DOMINO_TILES 28
#define CG_DOMINO_MAX_HAND 14

typedef enum cg_domino_player { CG_DOMINO_RED = 0, CG_DOMINO_GREEN = 1 } cg_domino_player;

/* A deal: the tiles of each hand as (a, b) pairs with 0 <= a, b <= 6. */
typedef struct cg_domino_deal {
    int n;
    uint8_t tiles[2][CG_DOMINO_MAX_HAND][2]; /* [player][i] = {a, b} */
} cg_domino_deal;

/* One step of a play line. */
typedef struct cg_domino_move {
    cg_domino_player player;
    bool pass;
    bool opening;              /* the automatic first double */
    uint8_t a, b;              /* the tile, a laid against the end, b now showing */
    uint8_t end_low, end_high; /* the open ends after the move */
} cg_domino_move;

typedef struct cg_domino_line {
    cg_domino_move *moves;
    size_t length;
    size_t capacity;
} cg_domino_line;

typedef struct cg_domino_result {
    bool can_win[2];            /* [player]: some play line lets that player win */
    cg_domino_line line[2];     /* with want_lines: such a line for each can_win */
    cg_outcome optimal;         /* with optimal: outcome for Red under perfect play */
    uint64_t states_visited[2]; /* positions fully explored by each player's search */
} cg_domino_result;

typedef struct cg_domino_solver {
    cg_domino_result result;
    cg_memo memo;
    cg_state_path witness[2];
} cg_domino_solver;

/* The rules of one deal, as the state graph's context. */
typedef struct cg_domino_rules {
    uint32_t hand[2]; /* tile ids dealt to each player */
    uint8_t low[CG_DOMINO_TILES], high[CG_DOMINO_TILES];
    uint32_t with_value[7]; /* tile ids showing value v on either half */
    uint32_t doubles;       /* tile ids of the seven doubles */
} cg_domino_rules;

/* The position graph of a valid deal (goal bit p: player p has won), for
 * other searches over the same rules; returns the position after the
 * automatic opening. rules must outlive the graph. */
uint64_t cg_domino_graph(const cg_domino_deal *deal, cg_domino_rules *rules, cg_state_graph *graph);

/* The move from position before to position after (a successor). */
cg_domino_move cg_domino_step(const cg_domino_rules *rules, uint64_t before, uint64_t after);

/* What a position shows: the tiles left in each hand (tile ids as bits),
 * the open ends and the player to move. */
typedef struct cg_domino_view {
    uint32_t hand[2];
    int end_low, end_high;
    cg_domino_player mover;
} cg_domino_view;
cg_domino_view cg_domino_look(const cg_domino_rules *rules, uint64_t state);

/* The numbers (a <= b) of tile id. */
void cg_domino_tile(const cg_domino_rules *rules, int id, int *a, int *b);

/* A random deal of n tiles per hand drawn from rng, holding a double. */
void cg_domino_random_deal(cg_domino_deal *deal, int n, cg_rng *rng);

/* Test data (its cg_game's gen_options, generate_case, shrink_case). */
extern const cg_option_spec cg_domino_gen_options[];
cg_status cg_domino_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                  cg_buf *out, cg_error *err);
void cg_domino_shrink_case(const char *text, size_t len, cg_strlist *candidates);
uint64_t cg_domino_case_size(const char *text, size_t len);
/* The judge's limits (for help) and a strict validator of its input. */
extern const char cg_domino_judge_limits[];
cg_status cg_domino_validate_input(struct cg_validator *v);

/* The play part of the game (its cg_game's .play). */
extern const cg_play_rules cg_domino_play;

/* An empty solver whose search table is counted in budget (NULL: unlimited). */
void cg_domino_init(cg_domino_solver *solver, cg_budget *budget);
void cg_domino_free(cg_domino_solver *solver);

/* Check a deal: n in 1..14, numbers 0..6, no tile twice, some double. On
 * failure returns false with a constant reason and, for a repeated tile,
 * *first / *second the positions (player * n + index) of the two copies. */
bool cg_domino_valid(const cg_domino_deal *deal, const char **reason, int *first, int *second);

/* Read one deal in the judge's format (n, then Red's and Green's tiles) and
 * check it, with errors at the offending token; CG_END on the closing 0 or
 * at the end of the input. */
cg_status cg_domino_read_deal(cg_scanner *in, cg_domino_deal *deal, cg_error *err);

/* Answer the judge's question for a valid deal; with want_lines also record
 * a winning line per player; with optimal also play it out perfectly. */
cg_status cg_domino_solve(cg_domino_solver *solver, const cg_domino_deal *deal, bool want_lines,
                          bool optimal, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
