/* Long periods found while computing: a watch fed the values as they come
 * keeps a fingerprint (a hash) of every block of CG_PERIOD_BLOCK values and
 * a rolling hash of the last CG_PERIOD_BLOCK; the current window matching a
 * block p positions back makes p a candidate. Hashes only propose: each
 * candidate is confirmed value by value (G(n) = G(n - p) for every n fed
 * after it), its start is found by comparing back, and the periodicity
 * theorem's bound is checked exactly (cg_octal_find_period_in's rule), so
 * a period is claimed only on direct comparisons. The proven period is the
 * least divisor of a candidate that is one. Memory: a table entry per block,
 * 16 bytes per CG_PERIOD_BLOCK values (periods to 10^9 need 16 MB), counted
 * in the budget.
 *
 * Periods of CG_PERIOD_BLOCK values or fewer are found too (as multiples,
 * reduced to the least divisor), so one watch serves every length. */
#ifndef CGSOLVE_OCTAL_PERIOD_H
#define CGSOLVE_OCTAL_PERIOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"
#include "octal/octal_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_PERIOD_BLOCK 1024
#define CG_PERIOD_CANDIDATES 16 /* candidates followed at once */

typedef struct cg_period_candidate {
    size_t period;
    size_t since; /* G(n) = G(n - period) is confirmed for since <= n < fed */
    size_t start; /* the least e with G(n + period) = G(n) from e on (0: not known yet) */
    bool started; /* start is known */
} cg_period_candidate;

typedef struct cg_period_watch {
    cg_octal_code code;
    cg_budget *budget;
    size_t fed;           /* values looked at: G(0..fed-1) */
    uint64_t window;      /* the hash of G(fed - CG_PERIOD_BLOCK..fed-1) */
    uint64_t power;       /* the multiplier to the block's length */
    uint64_t *keys;       /* block fingerprints (0: empty slot) */
    size_t *blocks;       /* the latest block with each fingerprint (its first value) */
    size_t slots, filled; /* a power of two; entries */
    cg_period_candidate candidate[CG_PERIOD_CANDIDATES];
    size_t candidates;
    size_t period, preperiod; /* the proven period (0: none yet) */
} cg_period_watch;

/* A watch over the values of code, its table counted in budget (NULL:
 * unlimited). */
void cg_period_watch_init(cg_period_watch *w, const cg_octal_code *code, cg_budget *budget);
void cg_period_watch_free(cg_period_watch *w);

/* Look at G(fed..count-1), read through at(values, n) (every value below
 * count readable), and try to prove the candidates. Returns the proven
 * period (0: none yet; always 0 for a code with '!'), its preperiod in
 * *preperiod. CG_ERR_LIMIT when the table outgrows the budget. */
cg_status cg_period_watch_feed(cg_period_watch *w, const void *values, cg_value_at at, size_t count,
                               size_t *period, size_t *preperiod, cg_error *err);

/* Periods up to this are searched for exhaustively (a few thousand
 * comparisons), longer ones by the watch (cg_octal_search_period). */
#define CG_SHORT_PERIODS 4096

/* The proven period of G(0..count-1) (0: none yet) and its preperiod: the
 * short ones by cg_octal_find_period_upto, the long ones by the watch w
 * (fed the values so far); the least proven wins. */
cg_status cg_octal_search_period(cg_period_watch *w, const void *values, cg_value_at at,
                                 size_t count, size_t *period, size_t *preperiod, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
