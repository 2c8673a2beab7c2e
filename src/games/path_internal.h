/* The PATH (UVa 601): on an N x N board of W, B and U (unfilled), White wants
 * a 4-connected chain of W joining the left and right columns, Black a chain
 * of B joining the top and bottom rows; it is White's turn.
 *
 * Solver, O(N^2): flood each colour's groups from each of its two sides. An
 * empty cell wins in one move iff it lies on or next to a group reaching one
 * side and on or next to a group reaching the other (a cell on a side counts
 * as touching that side). */
#ifndef CGSOLVE_GAMES_PATH_H
#define CGSOLVE_GAMES_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/state_graph_internal.h"
#include "framework/game_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cg_game cg_game_path;

/* The judge's answers, in their order of priority. */
typedef enum cg_path_verdict {
    CG_PATH_WHITE_CONNECTED,
    CG_PATH_BLACK_CONNECTED,
    CG_PATH_WHITE_IN_ONE,
    CG_PATH_BLACK_IN_ONE,
    CG_PATH_NONE
} cg_path_verdict;

/* The judge's sentence for a verdict ("White has a winning path."). */
const char *cg_path_verdict_text(cg_path_verdict verdict);

typedef struct cg_path_result {
    cg_path_verdict verdict;
    size_t winning_cell;  /* for the one-move verdicts: first winning cell (row-major) */
    size_t winning_count; /* for the one-move verdicts: how many cells win */
    uint32_t *chain;      /* with want_chain: a shortest winning chain, side to side */
    size_t chain_length;  /* 0 for CG_PATH_NONE or without want_chain */
} cg_path_result;

typedef struct cg_path_solver {
    cg_path_result result;
    cg_budget *budget; /* where its arrays are counted; NULL: unlimited */
    size_t held;       /* bytes of marks and queue in budget */
    size_t chain_held; /* bytes of parent and result.chain in budget */
    uint8_t *marks;
    uint32_t *queue;
    uint32_t *parent;
    size_t capacity;       /* cells the arrays hold */
    size_t chain_capacity; /* cells parent and result.chain hold */
} cg_path_solver;

/* An empty solver whose arrays are counted in budget (NULL: unlimited). */
void cg_path_init(cg_path_solver *solver, cg_budget *budget);
void cg_path_free(cg_path_solver *solver);

/* A board read from the judge's format, its cells counted in budget. */
typedef struct cg_path_board {
    char *cells; /* n * n, row-major, 'W', 'B', 'U' */
    size_t n;
    size_t capacity, held;
    cg_budget *budget;
} cg_path_board;

/* Read one case (N, then N rows) into b, growing it; CG_END at the input's
 * 0 or end. */
cg_status cg_path_read_board(cg_scanner *in, cg_path_board *b, cg_error *err);
void cg_path_board_free(cg_path_board *b);

/* Playing a position against perfect play (path_play.c). */
extern const cg_play_rules cg_path_play;

/* --value and --to-move (solving and playing), NULL-name ended. */
extern const cg_option_spec cg_path_options[];

/* Test data (its cg_game's gen_options, generate_case, shrink_case). */
extern const cg_option_spec cg_path_gen_options[];
cg_status cg_path_generate_case(const cg_options *options, cg_rng *rng, uint64_t index, cg_buf *out,
                                cg_error *err);
void cg_path_shrink_case(const char *text, size_t len, cg_strlist *candidates);
uint64_t cg_path_case_size(const char *text, size_t len);
/* The judge's limits (for help) and a strict validator of its input. */
extern const char cg_path_judge_limits[];
cg_status cg_path_validate_input(struct cg_validator *v);

/* Solve a board of n * n cells, row-major, each 'W', 'B' or 'U'
 * (n * n < 2^32; another cell is CG_ERR_INPUT naming it). With want_chain,
 * also find a shortest winning chain. */
cg_status cg_path_solve(cg_path_solver *solver, const char *cells, size_t n, bool want_chain,
                        cg_error *err);

/* ---- perfect play (path_solve.c and its parts) --------------------------
 *
 * The game as played: the side to move puts a stone of its colour on an
 * empty cell; whoever completes a chain first wins; when the board is full
 * with no chain the game is a draw. A position that already holds a chain
 * is over (if both colours hold one, which play never reaches, White's
 * counts, as the judge's first answer has it).
 *
 * A value is two boolean questions (can the side to move win? if not, can
 * the opponent?), each a depth-first proof-number search; exact remoteness
 * is a depth-first alpha-beta search. Both are recursive, their depth at
 * most the number of empty cells (never above CG_PATH_MAX_EMPTY), with
 * transposition tables keyed by Zobrist hashes and checked against the
 * exact stones (no collisions), canonical under the mirror images that keep
 * the position, and these prunes: an immediate win; two threats of the
 * opponent (a loss); one threat (the only move is to block it); a side with
 * no way left to cross (held to a draw); the pairing cut (a side whose every
 * crossing needs both cells of some pair of empty cells is held to a draw,
 * cg_path_pairing); cells on no simple crossing of either side are never
 * played (they change nothing: proved in docs/path-pairing.md;
 * cg_path_useful). */

#define CG_PATH_MAX_EMPTY 64 /* empty cells the search handles (one 64-bit mask) */

typedef enum cg_path_colour { CG_PATH_WHITE, CG_PATH_BLACK } cg_path_colour;

/* Where the search spent its time. */
typedef struct cg_path_stats {
    uint64_t nodes;          /* positions entered */
    uint64_t table_hits;     /* positions found in the table */
    uint64_t table_cuts;     /* ... whose stored bounds settled them */
    uint64_t immediate_wins; /* positions won by the next stone */
    uint64_t double_threats; /* positions lost to two threats */
    uint64_t forced_blocks;  /* positions where one threat left one move */
    uint64_t no_crossing;    /* sides found with no way left to cross */
    uint64_t pairing_cuts;   /* sides held to a draw by the pairing cut (a wall) */
    uint64_t matching_cuts;  /* ... by the matching cut, where no wall was found */
    uint64_t beta_cuts;      /* alpha-beta cutoffs */
    uint64_t dead_cells;     /* empty cells left out of a move list: on no crossing of either */
} cg_path_stats;

/* How the value of the position itself was settled. */
typedef enum cg_path_reason {
    CG_PATH_BY_SEARCH,        /* the search */
    CG_PATH_BY_OVER,          /* a chain is on the board already, or it is full */
    CG_PATH_BY_IMMEDIATE_WIN, /* the side to move completes a chain at once */
    CG_PATH_BY_DOUBLE_THREAT, /* the opponent threatens two cells */
    CG_PATH_BY_PAIRING        /* neither side can cross against pairing or at all */
} cg_path_reason;

typedef struct cg_path_value {
    cg_outcome outcome; /* for the side to move under perfect play */
    cg_path_reason reason;
    cg_path_colour to_move;
    size_t empty;     /* empty cells */
    size_t best_move; /* row-major cell of a best move, SIZE_MAX when the game is over */
    /* For a win: a winning line from here, the side to move's stones and the
     * replies alternately, the last one completing the chain (the winner
     * keeps the win, the loser blocks what it must). */
    size_t line[CG_PATH_MAX_EMPTY];
    size_t line_length;
    cg_path_stats stats; /* of this call */
} cg_path_value;

/* One legal move's value for the side making it. */
typedef struct cg_path_move_value {
    size_t cell;        /* row-major */
    cg_outcome outcome; /* for the side making the move */
    /* Moves to the end of the game under perfect play, this one included
     * (the winner hurries, the loser delays; a draw fills the board); 0 when
     * not asked for or not settled within the limits. */
    unsigned remoteness;
} cg_path_move_value;

typedef struct cg_path_frame cg_path_frame; /* the searched position (private) */

typedef struct cg_path_search {
    cg_budget *budget;     /* counts the table and the frame; NULL: unlimited */
    size_t table_limit;    /* bytes the table may take (0: half of what budget leaves, <= 1 GiB) */
    uint64_t max_nodes;    /* positions one call may enter (0: no limit) */
    cg_progress_hook hook; /* asked about twice a second; true stops (CG_ERR_STOPPED) */
    void *hook_context;
    cg_path_stats total; /* summed over every call */
    bool alpha_beta;     /* values by alpha-beta, not proof-number search (for comparison) */
    bool no_matching;    /* without the matching cut, walls only (for comparison) */
    cg_path_frame *frame;
} cg_path_search;

/* A search with nothing set up, its memory counted in budget. */
void cg_path_search_init(cg_path_search *search, cg_budget *budget);
void cg_path_search_free(cg_path_search *search);

/* Set up the position: n * n cells, row-major, 'W', 'B', 'U', to_move. The
 * table is kept for later positions of the same game (cg_path_search_play). */
cg_status cg_path_search_set(cg_path_search *search, const char *cells, size_t n,
                             cg_path_colour to_move, cg_error *err);

/* The current position's value, a best move and, for a win, a winning line.
 * CG_ERR_LIMIT when it has more than CG_PATH_MAX_EMPTY empty cells and no
 * prune settles it, when the table does not fit the budget or max_nodes are
 * spent; CG_ERR_STOPPED when the hook asks. */
cg_status cg_path_search_value(cg_path_search *search, cg_path_value *value, cg_error *err);

/* Every legal move of the current position with its value, in row-major
 * order, into moves (room for n * n); with remoteness, each move's exact
 * remoteness too (more search). *count is 0 when the game is over. */
cg_status cg_path_search_moves(cg_path_search *search, bool remoteness, cg_path_move_value *moves,
                               size_t *count, cg_error *err);

/* Play a stone for the side to move on an empty cell of the current
 * position (CG_ERR_INPUT when the cell is not empty or the game is over). */
cg_status cg_path_search_play(cg_path_search *search, size_t cell, cg_error *err);

/* The current position: cells (n * n, 'W', 'B', 'U'), n and the side to move. */
const char *cg_path_search_cells(const cg_path_search *search, size_t *n, cg_path_colour *to_move);

/* The pairing cut: whether `attacker` ('W' crossing left to right or 'B' top
 * to bottom) is held to a draw by pairs of empty cells such that every
 * crossing needs both cells of some pair: a wall from one of the attacker's
 * other sides to the other, each step of which crosses between two cells
 * that are a pair or hold a defending stone, no cell in two pairs. When
 * found, the pairs' cells go to pairs (room for n * n), two by two, and
 * their number to *pair_count (either may be NULL). */
cg_status cg_path_pairing(const char *cells, size_t n, char attacker, bool *found, uint32_t *pairs,
                          size_t *pair_count, cg_error *err);

/* The empty cells on which a stone can still matter to colour's chain ('W'
 * or 'B'): useful[c] = 1 for the empty cells on some simple crossing of
 * colour's (through empty cells and its stones, a fixed group of its stones
 * counted as one step), 0 for every other cell (room for n * n). The search
 * plays only cells useful to one side or the other. CG_ERR_LIMIT past
 * CG_PATH_MAX_EMPTY empty cells. */
cg_status cg_path_useful(const char *cells, size_t n, char colour, uint8_t *useful, cg_error *err);

/* The matching cut: the same question for crossings a wall misses (a
 * crossing through attacker stones between its empty cells has no step a
 * wall can cross). One attacker's graph, on at most CG_PATH_MAX_EMPTY
 * cells (a search frame's numbering): */
typedef struct cg_path_crossings {
    const uint64_t *adj; /* per cell: its neighbours for the attacker */
    uint64_t source;     /* cells touching the attacker's first side */
    uint64_t sink;       /* ... its second side */
    uint64_t open;       /* empty cells and the attacker's stones */
    uint64_t empty;      /* the empty cells among them */
} cg_path_crossings;

/* Past this many empty cells on the attacker's crossings they are too many
 * to pair one by one (measured: bench/RESULTS.md) and the test is not tried. */
#define CG_PATH_CUT_MAX_CELLS 12
/* Minimal crossings the matching cut keeps at most: each needs two cells of
 * its own (Hall's bound), so never more than half the cells. */
#define CG_PATH_CUT_MAX_SETS (CG_PATH_CUT_MAX_CELLS / 2)

/* Whether every minimal crossing (the empty cells of a chordless crossing)
 * can be given two cells of its own, all distinct: then the defender, who
 * answers one cell of such a pair with the other, holds the attacker to at
 * most a draw whoever moves (the proof is in path_cut.c). Gives up (false)
 * past CG_PATH_CUT_MAX_CELLS empty cells on the crossings, more minimal
 * crossings than half those cells (Hall's bound, so at most
 * CG_PATH_CUT_MAX_SETS) or a few hundred path steps, and when there is no
 * crossing at all. When it holds, the pairs' cells go to pairs
 * (room for 2 * CG_PATH_CUT_MAX_SETS, set i's pair at 2i and 2i + 1; may be
 * NULL) and their number to *pair_count (may be NULL). */
bool cg_path_matching_cut(const cg_path_crossings *crossings, int *pairs, int *pair_count);

/* The matching cut on a board (n * n cells, row-major, 'W', 'B', 'U', at
 * most CG_PATH_MAX_EMPTY empty else CG_ERR_LIMIT) for attacker 'W' or 'B':
 * *found, and the pairs as row-major cells two by two in pairs (room for
 * 2 * CG_PATH_CUT_MAX_SETS; may be NULL), their number in *pair_count. */
cg_status cg_path_matching_pairing(const char *cells, size_t n, char attacker, bool *found,
                                   uint32_t *pairs, size_t *pair_count, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
