/* The PATH under perfect play, what its parts share (the API is in
 * path_internal.h): the sign of a value by two proof-number searches (can
 * the side to move win? can the opponent?, path_pn.c), exact remoteness by
 * alpha-beta over the empty cells (path_alphabeta.c), over a frame's graph
 * (path_graph.c) with the pairing cut (path_wall.c, path_cut.c) and the
 * transposition tables (path_table.c); path_solve.c sets a search up and
 * answers the calls.
 *
 * A position is kept relative to a frame, the position the search was set
 * up on: its empty cells are numbered 0..E-1 (E <= 64) and a position of the
 * frame is two masks, the White and the Black stones put on them. The fixed
 * stones are folded into each colour's adjacency: two empty cells touching
 * the same fixed White group are neighbours for White, and a cell touching a
 * White group that reaches the left side touches the left side. Floods are
 * then bit operations on 64-bit masks.
 *
 * Scores are for the side to move: 0 a draw, a win e - r + 1 and a loss
 * -(e - r + 1) for a game ending after r more moves from a position with e
 * empty cells (the empty cells left when it ends, plus one): the winner
 * hurries, the loser delays, and negation alone carries a score up the tree.
 * The alpha-beta value search (wdl, kept for comparison) only needs the
 * sign: it runs with scores in {-1, 0, 1}, which its table entries store as
 * the bounds they prove. Both searches play only cells on some simple
 * crossing of either side (cg_path_useful_of). */
#ifndef CGSOLVE_GAMES_PATH_SOLVE_H
#define CGSOLVE_GAMES_PATH_SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include "games/path_internal.h"

#define NO_BOUND 127      /* a table bound that says nothing */
#define WALLS_MAX_SIDE 32 /* above this the pairing cut runs at the frame only */
#define CHECK_EVERY 4096  /* positions between looks at the clock and the limits */
#define MIN_TABLE_BITS 10
#define MAX_TABLE_BITS 23

typedef struct tt_entry {
    uint64_t white, black; /* the exact position, canonical orientation; 0, 0 = empty slot */
    int8_t lower, upper;   /* bounds on the score */
    uint8_t move;          /* a best move (canonical orientation), or 0xFF */
    uint8_t empty;         /* empty cells: the bigger, the more work stored */
    uint8_t generation;
    uint8_t unused[3];
} tt_entry;

/* The proof-number search's entries: the question "can attacker win?" */
typedef struct pn_entry {
    uint64_t white, black; /* canonical orientation; 0, 0 = empty slot */
    uint32_t pn, dn;       /* proof and disproof numbers: 0 proves, 0 disproves */
    uint32_t work;         /* positions searched below it: the bigger, the more kept */
    uint8_t attacker;
    uint8_t generation;
    uint8_t unused[2];
} pn_entry;

typedef struct wall_scratch {
    uint8_t *seen;    /* per state */
    uint32_t *queue;  /* states */
    uint32_t *from;   /* per state: the state it was reached from */
    uint8_t *in_pair; /* per cell, for the final check */
    size_t states;
} wall_scratch;

struct cg_path_frame {
    size_t n;
    char *board; /* the current position, n * n */
    size_t held; /* bytes of the frame's arrays in the budget */
    int empty;   /* E */
    uint32_t cell_of[CG_PATH_MAX_EMPTY];
    uint64_t adj[2][CG_PATH_MAX_EMPTY]; /* per colour */
    uint64_t side[2][2];                /* per colour: cells touching its first, second side */
    uint64_t all;
    uint64_t stones[2];
    int to_move;     /* 0 White, 1 Black */
    int over;        /* -1 not over; 0 or 1 a fixed chain of that colour; 2 full */
    bool walls;      /* the pairing cut at every position */
    bool alpha_beta; /* the value's sign by alpha-beta (cg_path_search.alpha_beta) */
    bool matching;   /* the matching cut where no wall is found */
    wall_scratch scratch;
    /* symmetry: the mirror images keeping the frame, identity first */
    int sym_count;
    uint8_t perm[4][CG_PATH_MAX_EMPTY];
    uint64_t zobrist[2][CG_PATH_MAX_EMPTY];
    uint64_t hash[4];
    /* the table */
    tt_entry *table;
    pn_entry *pn_table; /* in the same allocation, as many entries */
    size_t table_bits;
    size_t table_held;
    uint8_t generation;
    /* the call under way */
    cg_path_stats stats;
    uint64_t max_nodes, next_check;
    double started, next_report;
    cg_progress_hook hook;
    void *hook_context;
    uint64_t root_done, root_total;
    int root_empty; /* empty cells of the position a call starts from */
    cg_status stopped;
    cg_error *err;
};

static const char stone_of[2] = {'W', 'B'};

static inline int popcount(uint64_t x) {
    return __builtin_popcountll(x);
}

static inline int lowest(uint64_t x) {
    return __builtin_ctzll(x);
}

static inline uint64_t bit(int i) {
    return (uint64_t)1 << (i & 63); /* i is a cell's index, 0..63 */
}

static inline uint64_t flood(const uint64_t *adj, uint64_t seed, uint64_t allowed) {
    uint64_t reach = seed & allowed, frontier = reach;
    while (frontier != 0) {
        int i = lowest(frontier);
        frontier &= frontier - 1;
        uint64_t next = adj[i] & allowed & ~reach;
        reach |= next;
        frontier |= next;
    }
    return reach;
}

static inline uint64_t around(const uint64_t *adj, uint64_t set) {
    uint64_t out = 0;
    for (; set != 0; set &= set - 1) {
        out |= adj[lowest(set)];
    }
    return out;
}

static inline uint64_t empty_cells(const cg_path_frame *f) {
    return f->all & ~(f->stones[0] | f->stones[1]);
}

static inline void make(cg_path_frame *f, int i) {
    int c = f->to_move;
    f->stones[c] |= bit(i);
    f->board[f->cell_of[i]] = stone_of[c];
    for (int t = 0; t < f->sym_count; t++) {
        f->hash[t] ^= f->zobrist[c][f->perm[t][i]];
    }
    f->to_move = 1 - c;
}

static inline void unmake(cg_path_frame *f, int i) {
    int c = 1 - f->to_move;
    f->stones[c] &= ~bit(i);
    f->board[f->cell_of[i]] = 'U';
    for (int t = 0; t < f->sym_count; t++) {
        f->hash[t] ^= f->zobrist[c][f->perm[t][i]];
    }
    f->to_move = c;
}

typedef struct key {
    uint64_t white, black, hash;
    int sym;
} key;

/* ---- the graph (path_graph.c) ------------------------------------------- */

/* Empty cells (of empty) where a stone of colour c completes its chain. */
uint64_t cg_path_wins_of(const cg_path_frame *f, int c, uint64_t empty);
/* Empty cells (of empty) on some simple crossing of colour c. */
uint64_t cg_path_useful_of(const cg_path_frame *f, int c, uint64_t empty);
/* The adjacency and sides of f's empty cells, f->over from the fixed stones. */
cg_status cg_path_build_graph(cg_path_frame *f, cg_budget *budget, cg_error *err);
/* The mirror images keeping f's board, and the Zobrist keys. */
void cg_path_find_symmetries(cg_path_frame *f);

/* ---- the pairing cut on the board (path_wall.c) ------------------------- */

/* The wall search's arrays for side n, and the bytes they take. */
void cg_path_scratch_free(wall_scratch *w);
cg_status cg_path_scratch_make(wall_scratch *w, size_t n, cg_error *err);
size_t cg_path_scratch_bytes(size_t n);
/* Colour c held to a draw by a pairing (useful: c's cells on a crossing). */
bool cg_path_paired(cg_path_frame *f, int c, uint64_t useful);

/* ---- the tables (path_table.c) ------------------------------------------ */

/* Bytes of a table of 2^bits entries of each kind. */
size_t cg_path_table_bytes(size_t bits);
/* A table for the frame's empty cells within s's limits (kept when big enough). */
cg_status cg_path_size_table(cg_path_search *s, cg_path_frame *f, cg_error *err);
/* Store bounds for k (with those already stored) and a best move (or -1). */
void cg_path_store(cg_path_frame *f, const key *k, int lower, int upper, int move, int empty);
/* The table's move back in the frame's orientation. */
int cg_path_unpermute_move(const cg_path_frame *f, int sym, int move);
/* Store proof and disproof numbers for k and attacker, work the positions below. */
void cg_path_pn_store(cg_path_frame *f, const key *k, int attacker, uint32_t pn, uint32_t dn,
                      uint32_t work);

static inline uint64_t permute(uint64_t set, const uint8_t *perm) {
    uint64_t out = 0;
    for (; set != 0; set &= set - 1) {
        out |= bit(perm[lowest(set)]);
    }
    return out;
}

static inline key key_of(const cg_path_frame *f) {
    int best = 0;
    for (int t = 1; t < f->sym_count; t++) {
        best = f->hash[t] < f->hash[best] ? t : best;
    }
    key k = {f->stones[0], f->stones[1], f->hash[best], best};
    if (best != 0) {
        k.white = permute(k.white, f->perm[best]);
        k.black = permute(k.black, f->perm[best]);
    }
    /* never (0, 0): that marks an empty slot; the frame itself is never stored */
    return k;
}

/* The entry of k in the alpha-beta table, NULL when it holds none. */
static inline tt_entry *probe(cg_path_frame *f, const key *k) {
    if (k->white == 0 && k->black == 0) {
        return NULL; /* the frame itself is never stored */
    }
    size_t mask = ((size_t)1 << f->table_bits) - 2; /* buckets of two */
    tt_entry *bucket = &f->table[(size_t)(k->hash ^ k->hash >> 29) & mask];
    for (int j = 0; j < 2; j++) {
        tt_entry *e = &bucket[j];
        if (e->generation == f->generation && e->white == k->white && e->black == k->black) {
            return e;
        }
    }
    return NULL;
}

/* The bucket of two that holds k's entries for attacker. */
static inline pn_entry *pn_bucket(const cg_path_frame *f, const key *k, int attacker) {
    size_t mask = ((size_t)1 << f->table_bits) - 2; /* buckets of two */
    uint64_t h = k->hash ^ (attacker ? 0x9E3779B97F4A7C15u : 0);
    return &f->pn_table[(size_t)(h ^ h >> 31) & mask];
}

/* The proof-number entry of k and attacker, NULL when there is none. */
static inline pn_entry *pn_find(const cg_path_frame *f, const key *k, int attacker) {
    if (k->white == 0 && k->black == 0) {
        return NULL; /* the frame itself: its numbers live in the caller */
    }
    pn_entry *bucket = pn_bucket(f, k, attacker);
    for (int j = 0; j < 2; j++) {
        pn_entry *e = &bucket[j];
        if (e->generation == f->generation && e->white == k->white && e->black == k->black &&
            e->attacker == attacker) {
            return e;
        }
    }
    return NULL;
}

/* The numbers stored for k, else (1, 1). */
static inline void pn_look(const cg_path_frame *f, const key *k, int attacker, uint32_t *pn,
                           uint32_t *dn) {
    const pn_entry *e = pn_find(f, k, attacker);
    *pn = e == NULL ? 1 : e->pn;
    *dn = e == NULL ? 1 : e->dn;
}

/* ---- the searches (path_alphabeta.c, path_pn.c, path_solve.c) ---------- */

/* The candidates cands into moves, best first (first, a table's move, leads;
 * both: cells on both sides' crossings); returns how many. */
int cg_path_order_moves(const cg_path_frame *f, uint64_t cands, uint64_t both, int first,
                        int *moves);
/* The score of the current position within (alpha, beta) (path_alphabeta.c). */
int cg_path_alpha_beta(cg_path_frame *f, int alpha, int beta, bool wdl);
/* Whether attacker wins from the current position (false also when stopped). */
bool cg_path_pn_wins(cg_path_frame *f, int attacker);
/* Whether the call must stop (the node limit, the hook): f->stopped set. */
bool cg_path_check_limits(cg_path_frame *f);

/* Counts a position entered; true when the call must stop (the limits are
 * looked at every CHECK_EVERY positions). */
static inline bool count_node(cg_path_frame *f) {
    if (++f->stats.nodes < f->next_check) {
        return false;
    }
    f->next_check = f->stats.nodes + CHECK_EVERY;
    return cg_path_check_limits(f);
}

#endif
