/* Misère play of octal games: each heap's misère Grundy value and genus,
 * and the exact misère value and outcome of any sum of heaps.
 *
 * Under misère play the player who makes the last move loses. The misère
 * Grundy value G-(X) is 1 when X has no move and otherwise the mex of its
 * options' G-; X is a P-position (the previous player wins) exactly when
 * G-(X) = 0. Unlike G+, G- of a sum is not a function of the parts' values,
 * so a sum is settled either by a theorem or by search.
 *
 * Conway's genus (On Numbers and Games ch. 12; Winning Ways ch. 13) of a
 * game G is g^(γ0 γ1 γ2 ...), where g = G+(G) and γk = G-(G + 2 + ... + 2)
 * with k nim-heaps of size 2 (so γ0 = G-(G)). The usual symbol writes the
 * superscript up to the point from which its last two digits alternate:
 * 0^120 for the empty game, 1^031 for *1, a^(a, a^2) for *a with a >= 2,
 * 4^146 for a Kayles row of five.
 *
 * Tameness (ONAG ch. 12): G is tame when G and every position of G have
 * (g, γ0) among (0, 1), (1, 0) and (a, a) — the values of misère Nim
 * positions. Theorem (ONAG ch. 12, "tame games add like Nim positions"): a
 * sum of tame games is tame, with g the nim-sum of the parts' g, and γ0 = g
 * when some part is "firm" (γ0 = g, like a Nim position with a heap of 2 or
 * more) or else g ^ 1 (every part "fickle", γ0 = g ^ 1, like heaps of 0 and
 * 1). Sums whose heaps are all tame are settled by that rule; any other sum
 * by an exhaustive memoised search, within a budget of positions and bytes,
 * never by a guess: past the budget the answer is CG_ERR_LIMIT.
 *
 * The solver is interruptible through its progress hook; what it computed
 * before stays valid. */
#ifndef CGSOLVE_MISERE_H
#define CGSOLVE_MISERE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/buf_internal.h"
#include "core/options_internal.h"
#include "core/status_internal.h"
#include "octal/octal_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_MISERE_MAX_TERMS 16    /* genus terms γ0..γ15 at most */
#define CG_MISERE_MAX_HEAP 65535u /* heaps are kept in 16 bits */
#define CG_MISERE_MAX_NIM 65535u  /* nim-heaps of 1 and 2 in a position, each */

typedef struct cg_misere_solver cg_misere_solver;

/* What the solver knows of one heap. */
typedef struct cg_misere_heap {
    uint32_t normal;       /* G+(n) */
    uint32_t misere;       /* G-(n) = γ0 */
    bool tame;             /* n and all its positions have tame (g, γ0) */
    const uint32_t *genus; /* γ0..γ(terms - 1) */
} cg_misere_heap;

/* How a sum was settled. */
typedef enum cg_misere_method {
    CG_MISERE_BY_TAME_RULE, /* every heap tame: the rule for tame sums */
    CG_MISERE_BY_SEARCH,    /* exhaustive search (with the oracle's answers, when one is set) */
} cg_misere_method;

/* A solver for code computing `terms` genus terms per heap (1 to
 * CG_MISERE_MAX_TERMS), its tables counted in budget (NULL: unlimited). */
cg_status cg_misere_new(const cg_octal_code *code, size_t terms, cg_budget *budget,
                        cg_misere_solver **out, cg_error *err);
void cg_misere_free(cg_misere_solver *solver);

/* Positions a single question (one heap's analysis, one sum) may search
 * (0: no bound but the memory budget). */
void cg_misere_set_node_limit(cg_misere_solver *solver, uint64_t nodes);

/* The limit set by cg_misere_set_node_limit (0: none). */
uint64_t cg_misere_node_limit(const cg_misere_solver *solver);

/* Tell the progress hook (as the search does); true when it asks to stop.
 * For searches built on the solver's answers (misere_above_internal.h). */
bool cg_misere_tell(cg_misere_solver *solver);

/* Told after each heap and every 65,536 positions searched ("misere",
 * heaps done, heaps wanted); true stops the run with CG_ERR_STOPPED. */
void cg_misere_set_progress(cg_misere_solver *solver, cg_progress_hook hook, void *context);

/* What the search may know of a sum without searching it: a commutative
 * monoid each sum maps into (a proven quotient), and the G- some of its
 * elements give. A sum's element is the product of its heaps' elements
 * with `one` for an odd number of nim-heaps of 1 and `two` for each
 * nim-heap of 2. The search keeps the product of a position's other heaps
 * while it makes the children that replace one heap, so a child costs two
 * or three products, not one a heap. What value gives must be exact: the
 * search builds on it (misere_oracle_internal.h reads values off a proven
 * quotient). */
#define CG_MISERE_NO_ELEMENT UINT32_MAX /* a heap or a sum the oracle does not value */
#define CG_MISERE_NO_VALUE UINT8_MAX    /* an element whose G- is not known */
#define CG_MISERE_NO_PRODUCT UINT16_MAX /* CG_MISERE_NO_ELEMENT in a table of products */
typedef struct cg_misere_oracle_table {
    uint32_t order;        /* elements (fewer than CG_MISERE_NO_PRODUCT); 0 is the empty sum */
    const uint16_t *times; /* times[a * order + b]: a plus b (or CG_MISERE_NO_PRODUCT);
                              16 bits, so that more of it stays in the cache */
    const uint8_t *value;  /* value[e]: G- of every sum of element e, or CG_MISERE_NO_VALUE */
    uint32_t one, two;     /* the elements of *1 and *2, or CG_MISERE_NO_ELEMENT */
    /* the element of heap n (analysed, no nim-heap), or CG_MISERE_NO_ELEMENT */
    uint32_t (*heap_element)(const void *context, size_t n);
    const void *context;
} cg_misere_oracle_table;

/* Ask oracle (copied; NULL: none) before searching a position; what it
 * points to is kept by the caller while it is set. The positions already in
 * the table keep their values. */
void cg_misere_set_oracle(cg_misere_solver *solver, const cg_misere_oracle_table *oracle);

/* Positions the oracle was asked about and valued since it was set. */
void cg_misere_oracle_counts(const cg_misere_solver *solver, uint64_t *asked, uint64_t *answered);

/* Analyse heaps 0..n. CG_ERR_LIMIT when the budget (positions or bytes) is
 * spent, CG_ERR_STOPPED when the hook asks; the heaps done before stay. */
cg_status cg_misere_extend(cg_misere_solver *solver, size_t n, cg_error *err);

/* Heap n, the next one (cg_misere_count), analysed elsewhere: genus[0..terms
 * - 1] its proven γ0, γ1, ... (misere_values_internal.h); its normal value,
 * options and tameness follow as for a heap the solver analyses. */
cg_status cg_misere_adopt_heap(cg_misere_solver *solver, size_t n, const uint32_t *genus,
                               cg_error *err);

/* Heaps up to n are wanted: what progress tells as the heaps to do
 * (cg_misere_extend says so itself; cg_misere_adopt_heap's caller does). */
void cg_misere_want(cg_misere_solver *solver, size_t n);

/* The nim-heap k (0 to 3) that analysed heap n is in every sum, or -1. */
int cg_misere_nim_heap(const cg_misere_solver *solver, size_t n);

/* Heaps that are *1 or *2 in every sum are among a game's first ones
 * (readers of a quotient stand them for the nim-heaps) */
#define CG_MISERE_NIM_HEAPS_LOOKED_AT 16

/* *heap: the least heap of 1..last (heaps analysed as needed) that is the
 * nim-heap nim in every sum, or 0 when none is. Errors as
 * cg_misere_extend's; the heaps analysed before stay. */
cg_status cg_misere_first_nim_heap(cg_misere_solver *solver, int nim, size_t last, size_t *heap,
                                   cg_error *err);

/* Heaps analysed (0..count-1), and one of them. */
size_t cg_misere_count(const cg_misere_solver *solver);
cg_misere_heap cg_misere_heap_at(const cg_misere_solver *solver, size_t n);
size_t cg_misere_terms(const cg_misere_solver *solver);

/* The first heap that is not tame, or count when all analysed ones are. */
size_t cg_misere_first_wild(const cg_misere_solver *solver);

/* The solver's code. */
const cg_octal_code *cg_misere_code(const cg_misere_solver *solver);

/* The budget the solver's tables are counted in (NULL: unlimited); what is
 * built from the solver's answers (quotients, kept moves) is counted there
 * too. */
cg_budget *cg_misere_budget(const cg_misere_solver *solver);

/* Positions searched so far (for the benchmarks). */
uint64_t cg_misere_positions(const cg_misere_solver *solver);

/* G- of the sum of heaps[0..count-1] plus `twos` nim-heaps of 2 and `ones`
 * of 1, heaps analysed as needed. *method says how it was settled. */
cg_status cg_misere_value(cg_misere_solver *solver, const size_t *heaps, size_t count, size_t twos,
                          size_t ones, uint32_t *value, cg_misere_method *method, cg_error *err);

/* Whether the sum of heaps is a P-position (the player to move loses). */
cg_status cg_misere_is_p(cg_misere_solver *solver, const size_t *heaps, size_t count, bool *p,
                         cg_misere_method *method, cg_error *err);

/* Call fn for every winning move of the sum (one leaving a P-position):
 * heap index, tokens taken, the heaps left (ascending, as
 * cg_octal_each_option gives them). *wins counts them. fn may ask the
 * solver other questions but not for winning moves again: the sum a move
 * leaves is the solver's scratch. */
typedef void (*cg_misere_move_fn)(void *context, size_t heap, size_t take, const size_t *parts,
                                  size_t count);
cg_status cg_misere_winning_moves(cg_misere_solver *solver, const size_t *heaps, size_t count,
                                  cg_misere_move_fn fn, void *context, size_t *wins, cg_error *err);

/* The genus symbol g^γ0γ1... of normal value g and terms[0..count-1]: the
 * superscript cut where the last two terms go on alternating through the
 * computed ones (at least two digits), terms above 9 in parentheses, e.g.
 * "4^146", "0^120", "12^(12)(14)". */
void cg_misere_format_genus(uint32_t normal, const uint32_t *terms, size_t count, cg_buf *out);

#ifdef __cplusplus
}
#endif

#endif
