/* Differential test: PATH perfect play (the proof-number searches with
 * their table, symmetries and prunes) against the plain negamax of
 * tests/ref/ref_path_value.c, on seeded random positions without a chain:
 * boards 1x1 to 8x8, up to 13 empty cells at random (16 with
 * CGSOLVE_DIFF_PATH_LARGE=1), both sides to move. For each:
 * the value; the best move's value (per the reference) equals it; a win's
 * line is legal, keeps the win for the winner and ends with its chain. On
 * the smaller positions every move's outcome and remoteness too. Then a few
 * positions with each of 14, 15 and 16 empty cells (seconds each for the
 * reference; more with CGSOLVE_DIFF_PATH_LARGE=1), and
 * beyond the reference's reach (17 to 26 empty cells) the proof-number
 * search against the library's alpha-beta search (cg_path_search.alpha_beta)
 * wherever that settles within a node limit. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/path_internal.h"
#include "ref_path_value.h"
#include "ref_rng.h"

#ifndef POSITIONS
#define POSITIONS 3000
#endif
#define MOVE_VALUES_MAX_EMPTY 9

typedef struct tally {
    unsigned passed, failed, outcomes[4], by_empty[17];
} tally;

/* A random board of n * n cells with `empty` empty cells and no chain,
 * stones half White and half Black (give or take one), or unbalanced. */
static bool random_position(ref_rng *rng, size_t n, size_t empty, char *cells) {
    size_t count = n * n;
    for (int attempt = 0; attempt < 50; attempt++) {
        bool balanced = ref_rng_below(rng, 4) != 0;
        unsigned white_percent = (unsigned)ref_rng_below(rng, 101);
        for (size_t c = 0; c < count; c++) {
            cells[c] = 'U';
        }
        size_t stones = count - empty;
        for (size_t k = 0; k < stones; k++) {
            size_t c;
            do {
                c = (size_t)ref_rng_below(rng, count);
            } while (cells[c] != 'U');
            bool white = balanced ? k % 2 == 0 : ref_rng_below(rng, 100) < white_percent;
            cells[c] = white ? 'W' : 'B';
        }
        if (!ref_path_chain(cells, n)) {
            return true;
        }
    }
    return false;
}

static ref_path_memo *memo; /* the reference's, for one position and its followers */

static int ref_after(char *cells, size_t n, size_t cell, bool white_moves, unsigned *remoteness) {
    cells[cell] = white_moves ? 'W' : 'B';
    int v = ref_path_query(memo, cells, n, !white_moves, remoteness);
    cells[cell] = 'U';
    return v; /* 0: the move completed a chain */
}

static bool check_line(const cg_path_value *v, char *cells, size_t n, bool white) {
    char board[64];
    memcpy(board, cells, n * n);
    bool mover = white;
    for (size_t i = 0; i < v->line_length; i++) {
        size_t c = v->line[i];
        if (c >= n * n || board[c] != 'U') {
            return false;
        }
        unsigned r;
        int after = ref_after(board, n, c, mover, &r);
        if (mover == white && after != 0 && after != CG_OUTCOME_LOSS) {
            return false; /* the winner let the win go */
        }
        board[c] = mover ? 'W' : 'B';
        if (after == 0) {
            return i + 1 == v->line_length && mover == white;
        }
        mover = !mover;
    }
    return false; /* no chain at the end */
}

static bool check_moves(cg_path_search *s, char *cells, size_t n, bool white) {
    cg_path_move_value moves[64];
    size_t count;
    if (cg_path_search_moves(s, true, moves, &count, NULL) != CG_OK) {
        return false;
    }
    size_t k = 0;
    for (size_t c = 0; c < n * n; c++) {
        if (cells[c] != 'U') {
            continue;
        }
        unsigned r = 0;
        int after = ref_after(cells, n, c, white, &r);
        cg_outcome want = after == 0 ? CG_OUTCOME_WIN : (cg_outcome)(4 - after);
        unsigned want_r = after == 0 ? 1 : r + 1;
        if (k >= count || moves[k].cell != c || moves[k].outcome != want ||
            moves[k].remoteness != want_r) {
            fprintf(stderr, "  move %zu: got outcome %d remoteness %u, expected %d and %u\n", c,
                    k < count ? (int)moves[k].outcome : -1, k < count ? moves[k].remoteness : 0,
                    (int)want, want_r);
            return false;
        }
        k++;
    }
    return k == count;
}

static bool check_one(cg_path_search *s, char *cells, size_t n, bool white, tally *t) {
    unsigned remoteness;
    int expected = ref_path_query(memo, cells, n, white, &remoteness);
    cg_path_value v;
    cg_error err;
    if (cg_path_search_set(s, cells, n, white ? CG_PATH_WHITE : CG_PATH_BLACK, &err) != CG_OK ||
        cg_path_search_value(s, &v, &err) != CG_OK) {
        fprintf(stderr, "  failed: %s\n", err.message);
        return false;
    }
    t->outcomes[expected]++;
    if ((int)v.outcome != expected || v.best_move >= n * n || cells[v.best_move] != 'U') {
        fprintf(stderr, "  value %d, expected %d (best move %zu)\n", (int)v.outcome, expected,
                v.best_move);
        return false;
    }
    unsigned r;
    int after = ref_after(cells, n, v.best_move, white, &r);
    int best = after == 0 ? CG_OUTCOME_WIN : 4 - after;
    if (best != expected) {
        fprintf(stderr, "  the best move %zu is worth %d, not %d\n", v.best_move, best, expected);
        return false;
    }
    if (expected == CG_OUTCOME_WIN && !check_line(&v, cells, n, white)) {
        fprintf(stderr, "  the winning line (%zu moves) does not hold\n", v.line_length);
        return false;
    }
    size_t empty = 0;
    for (size_t c = 0; c < n * n; c++) {
        empty += cells[c] == 'U';
    }
    return empty > MOVE_VALUES_MAX_EMPTY || check_moves(s, cells, n, white);
}

/* Positions with 14, 15 and 16 empty cells, always (the reference takes
 * about 0.3, 0.7 and 2.5 s each in Release; under the sanitizers, 3 to 5
 * times slower, fewer); CGSOLVE_DIFF_PATH_LARGE=1 asks for more. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifdef SANITIZED
static const int at_large[3] = {3, 2, 1};
#else
static const int at_large[3] = {6, 4, 3};
#endif
static const int at_large_asked[3] = {20, 15, 10};
#ifndef BEYOND
#define BEYOND 200 /* positions with 17 to 26 empty cells */
#endif
#define BEYOND_NODES 50000
#define BEYOND_TABLE ((size_t)16 << 20) /* bytes per search's table: keeps the peak low */

static bool random_large(ref_rng *rng, size_t empty, char *cells, size_t *n) {
    size_t smallest = 4;
    while (smallest * smallest < empty + 2) {
        smallest++;
    }
    *n = smallest + (size_t)ref_rng_below(rng, 9 - smallest);
    return random_position(rng, *n, empty, cells);
}

/* Positions of 14 to 16 empty cells: count[k] with 14 + k. */
static void at_fourteen_to_sixteen(ref_rng *rng, cg_path_search *s, const int *count, tally *t) {
    char cells[64];
    memo = ref_path_open(false); /* one table for all: each board starts it afresh */
    for (int k = 0; k < 3; k++) {
        for (int p = 0; p < count[k]; p++) {
            size_t n, empty = 14 + (size_t)k;
            if (!random_large(rng, empty, cells, &n)) {
                continue;
            }
            bool white = p % 2 == 0;
            bool agree = memo != NULL && check_one(s, cells, n, white, t);
            t->passed += agree;
            t->by_empty[empty] += agree;
            if (!agree) {
                t->failed++;
                fprintf(stderr, "disagreement: %zux%zu %.*s, %s to move\n", n, n, (int)(n * n),
                        cells, white ? "White" : "Black");
            }
        }
    }
    ref_path_close(memo);
}

/* The proof-number search against alpha-beta; returns how many compared. */
static unsigned beyond_reference(ref_rng *rng, unsigned *failed, unsigned *decided) {
    cg_path_search pn, ab;
    cg_path_search_init(&pn, NULL);
    cg_path_search_init(&ab, NULL);
    ab.alpha_beta = true;
    ab.max_nodes = BEYOND_NODES;
    pn.table_limit = ab.table_limit = BEYOND_TABLE;
    unsigned compared = 0;
    char cells[64];
    for (int p = 0; p < BEYOND; p++) {
        size_t n, empty = 17 + (size_t)ref_rng_below(rng, 10);
        if (!random_large(rng, empty, cells, &n)) {
            continue;
        }
        cg_path_colour mover = p % 2 == 0 ? CG_PATH_WHITE : CG_PATH_BLACK;
        cg_path_value a, b;
        if (cg_path_search_set(&ab, cells, n, mover, NULL) != CG_OK ||
            cg_path_search_value(&ab, &a, NULL) != CG_OK) {
            continue; /* beyond the node limit */
        }
        if (cg_path_search_set(&pn, cells, n, mover, NULL) != CG_OK ||
            cg_path_search_value(&pn, &b, NULL) != CG_OK || a.outcome != b.outcome) {
            (*failed)++;
            fprintf(stderr, "proof-number search and alpha-beta differ: %zux%zu %.*s\n", n, n,
                    (int)(n * n), cells);
            continue;
        }
        compared++;
        *decided += a.outcome != CG_OUTCOME_DRAW;
    }
    cg_path_search_free(&pn);
    cg_path_search_free(&ab);
    return compared;
}

/* A board the reference refuses (too many empty cells) must leave its memo
 * answering for the board it holds: the same answer before and after, as a
 * fresh memo's. */
static bool refused_keeps_memo(void) {
    char small[] = "WUBUUUBUW", large[25];
    memset(large, 'U', sizeof large);
    unsigned fresh_r = 0, before_r = 0, after_r = 0;
    int fresh = ref_path_value_remoteness(small, 3, false, &fresh_r);
    ref_path_memo *m = ref_path_open(true);
    int before = ref_path_query(m, small, 3, false, &before_r);
    int refused = ref_path_query(m, large, 5, false, &after_r);
    int after = ref_path_query(m, small, 3, false, &after_r);
    ref_path_close(m);
    bool ok = fresh != 0 && refused == 0 && before == fresh && after == fresh &&
              before_r == fresh_r && after_r == fresh_r;
    if (!ok) {
        fprintf(stderr, "reference memo after a refused board: %d in %u, then %d in %u\n", before,
                before_r, after, after_r);
    }
    return ok;
}

int main(void) {
    /* CGSOLVE_DIFF_PATH_LARGE=1: also positions of 14 to 16 empty cells */
    const char *large_env = getenv("CGSOLVE_DIFF_PATH_LARGE");
    bool large = large_env != NULL && strcmp(large_env, "1") == 0;
    bool memo_kept = refused_keeps_memo();
    ref_rng rng = {24};
    cg_path_search search;
    cg_path_search_init(&search, NULL);
    tally t = {0};
    char cells[64];
    for (unsigned p = 0; p < POSITIONS; p++) {
        size_t n = 1 + (size_t)ref_rng_below(&rng, 8);
        /* mostly small positions: the reference's time grows as 3^empty;
         * 14 to 16 at random only when asked (a few always, below) */
        size_t most = n * n < 16 ? n * n : 16;
        size_t roll = (size_t)ref_rng_below(&rng, 1000);
        size_t cap = roll < 850 ? 9 : roll < 980 ? 11 : roll < 998 || !large ? 13 : 16;
        cap = cap < most ? cap : most;
        size_t empty = 1 + (size_t)ref_rng_below(&rng, cap);
        if (!random_position(&rng, n, empty, cells)) {
            continue;
        }
        bool white = ref_rng_below(&rng, 2) == 0;
        memo = ref_path_open(empty <= MOVE_VALUES_MAX_EMPTY);
        bool agree = memo != NULL && check_one(&search, cells, n, white, &t);
        ref_path_close(memo);
        if (agree) {
            t.passed++;
            t.by_empty[empty]++;
        } else {
            if (t.failed++ >= 20) {
                continue; /* the count says the rest */
            }
            fprintf(stderr, "disagreement: %zux%zu %.*s, %s to move\n", n, n, (int)(n * n), cells,
                    white ? "White" : "Black");
        }
    }
    const int *large_counts = large ? at_large_asked : at_large;
    at_fourteen_to_sixteen(&rng, &search, large_counts, &t);
    cg_path_search_free(&search);
    unsigned beyond_failed = 0, decided = 0;
    unsigned beyond = beyond_reference(&rng, &beyond_failed, &decided);
    printf("17 to 26 empty cells: %u of %d settled by alpha-beta (%u won or lost), %u differ\n",
           beyond, BEYOND, decided, beyond_failed);
    printf("positions: %u agree, %u disagree; wins %u, draws %u, losses %u\n", t.passed, t.failed,
           t.outcomes[CG_OUTCOME_WIN], t.outcomes[CG_OUTCOME_DRAW], t.outcomes[CG_OUTCOME_LOSS]);
    printf("by empty cells:");
    for (int e = 1; e <= 16; e++) {
        printf(" %d:%u", e, t.by_empty[e]);
    }
    printf("\n");
    /* each outcome and the larger positions must have been exercised */
    bool covered = t.outcomes[1] >= 30 && t.outcomes[2] >= 100 && t.outcomes[3] >= 100 &&
                   t.by_empty[12] + t.by_empty[13] >= 5 && beyond >= BEYOND / 2;
    for (int k = 0; k < 3; k++) {
        covered = covered && (int)t.by_empty[14 + k] * 2 >= large_counts[k];
    }
    return memo_kept && t.failed == 0 && beyond_failed == 0 && t.passed >= POSITIONS / 2 && covered
               ? 0
               : 1;
}
