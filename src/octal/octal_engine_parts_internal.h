/* What the octal engine's files give one another (octal_engine_internal.h is what
 * the rest of the library sees). One file a part:
 *
 *   octal_engine.c        the engine: its tables, recording a value (the
 *                         mask chosen again as the values double), extend
 *   octal_engine_mask.c   the Walsh-Hadamard transform and the best mask
 *   octal_engine_loops.c  the hot loops, once per value width
 *   octal_engine_heap.c   one heap's value: naive, or sparse
 *   octal_engine_share.c  a long heap's splits shared among the crew
 *   octal_engine_missing.c the common-common scan for the rare values
 *                         below a sparse heap's candidate
 *   octal_engine_block.c  blocks: many heaps' rare splits in one pass, and
 *                         the compared half (octal_compare_internal.h)
 *   octal_engine_ahead.c  the next block marked on the crew while the
 *                         caller computes the current one
 *
 * The doc comment of each function is at its definition. */
#ifndef CGSOLVE_OCTAL_ENGINE_PARTS_H
#define CGSOLVE_OCTAL_ENGINE_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "octal/octal_engine_internal.h"

/* A heap's splits are shared among threads from this many on: below, the
 * hand-over (a fraction of a microsecond) would cost more than it saves. */
#define CG_OCTAL_SHARED_SPLITS 8192

/* cg_octal_sparse_value: the heap needs values the store dropped */
#define CG_OCTAL_CUT_SHORT UINT32_MAX

/* The least value not marked (every value below bound + 1 cannot be). */
static inline uint32_t cg_octal_mex(const uint8_t *hit, size_t size) {
    const uint8_t *gap = memchr(hit, 0, size);
    return gap != NULL ? (uint32_t)(gap - hit) : (uint32_t)size;
}

/* The splits a + b = rest, a <= b, have a <= cg_octal_half_splits(rest,
 * unequal): a < b with a '!'. */
static inline size_t cg_octal_half_splits(size_t rest, bool unequal) {
    return unequal ? (rest - 1) / 2 : rest / 2;
}

/* ---- the hot loops (octal_engine_loops.c, from octal_engine_loops.h) ---- */

void cg_octal_pairs_16(const uint16_t *g, size_t rest, size_t from, size_t to, uint8_t *hit);
void cg_octal_pairs_32(const uint32_t *g, size_t rest, size_t from, size_t to, uint8_t *hit);
void cg_octal_triples_16(const uint16_t *g, size_t rest, bool unequal, uint8_t *hit);
void cg_octal_triples_32(const uint32_t *g, size_t rest, bool unequal, uint8_t *hit);
void cg_octal_rare_pairs_16(const uint16_t *g, const cg_rare_position *rare, size_t rest,
                            size_t from, size_t to, uint8_t *hit);
void cg_octal_rare_pairs_32(const uint32_t *g, const cg_rare_position *rare, size_t rest,
                            size_t from, size_t to, uint8_t *hit);
void cg_octal_block_rare_pairs_16(const uint16_t *g, const cg_rare_position *rare, size_t from,
                                  size_t to, size_t base, uint8_t *tables, size_t size);
void cg_octal_block_rare_pairs_32(const uint32_t *g, const cg_rare_position *rare, size_t from,
                                  size_t to, size_t base, uint8_t *tables, size_t size);
size_t cg_octal_common_pairs_16(const uint16_t *g, size_t rest, size_t from, size_t to,
                                uint8_t *hit, size_t missing, uint32_t *witness, size_t slot,
                                uint64_t *pairs);
size_t cg_octal_common_pairs_32(const uint32_t *g, size_t rest, size_t from, size_t to,
                                uint8_t *hit, size_t missing, uint32_t *witness, size_t slot,
                                uint64_t *pairs);

/* Loop (pairs, triples, rare_pairs, common_pairs) on the engine's values at
 * their width. */
#define CG_OCTAL_CALL(e, loop, ...)                                                                \
    ((e)->wide != NULL ? cg_octal_##loop##_32((e)->wide, __VA_ARGS__)                              \
                       : cg_octal_##loop##_16((e)->narrow, __VA_ARGS__))

/* ---- octal_engine.c ------------------------------------------------------ */

bool cg_octal_blocks_fit(const cg_octal_code *code);
uint32_t cg_octal_next_value(cg_octal_engine *e, bool sparse);
cg_status cg_octal_record_computed(cg_octal_engine *e, uint32_t value, cg_error *err);

/* ---- octal_engine_heap.c ------------------------------------------------- */

uint32_t cg_octal_naive_value(cg_octal_engine *e, size_t n);
uint32_t cg_octal_sparse_value(cg_octal_engine *e, size_t n, bool blocked);
size_t cg_octal_rare_below(const cg_octal_engine *e, size_t rest);
uint32_t cg_octal_least_common_unmarked(const uint8_t *common, const uint8_t *hit, size_t size);
void cg_octal_union_of_marks(uint8_t *to, const uint8_t *a, const uint8_t *b, size_t bytes);

/* ---- octal_engine_share.c ------------------------------------------------ */

unsigned cg_octal_mark_splits(cg_octal_engine *e, size_t rest, bool rare, bool unequal,
                              unsigned shared);
uint32_t cg_octal_mex_of_union(const cg_octal_engine *e, unsigned sets);
bool cg_octal_share_this_heap(cg_octal_engine *e, bool *timed);
void cg_octal_record_sample(cg_octal_engine *e, bool shared, size_t splits, double seconds);

/* ---- octal_engine_missing.c ---------------------------------------------- */

size_t cg_octal_try_witnesses(cg_octal_engine *e, size_t rest, bool unequal, uint32_t candidate,
                              size_t missing, size_t slot);
bool cg_octal_set_scan_serves(const cg_octal_engine *e, uint32_t candidate);
size_t cg_octal_scan_to_end(cg_octal_engine *e, size_t rest, size_t from, size_t to,
                            uint32_t candidate, size_t missing, size_t slot);
size_t cg_octal_scan_end(const cg_octal_engine *e, size_t rest, unsigned d);
bool cg_octal_scan_cut(const cg_octal_engine *e, size_t n);

/* ---- octal_engine_block.c ------------------------------------------------ */

/* One block's pass: what it reads and where it marks, fixed when it
 * starts, so that a pass marked ahead on another thread reads nothing the
 * caller changes meanwhile (the values it reads are all before the heaps
 * the caller computes, the rare list's entries before those it appends). */
typedef struct cg_octal_block_pass {
    const cg_octal_code *code;
    const uint16_t *narrow; /* the values, one of them NULL */
    const uint32_t *wide;
    const cg_rare_position *rare;
    size_t start, groups, size; /* the block's first heap, its groups, one table's bytes */
    uint8_t *tables;
    const size_t *lo, *hi; /* per split digit, the rare list's entries to mark */
    bool compared;         /* the marked runs of entries alone (see octal_engine_block.c) */
    uint32_t mask;         /* the mask the values are common or rare under */
} cg_octal_block_pass;

size_t cg_octal_block_groups(const cg_octal_engine *e);
cg_octal_block_pass cg_octal_block_pass_of(const cg_octal_engine *e, size_t start, size_t heaps,
                                           uint8_t *tables, const size_t *lo, const size_t *hi,
                                           bool compared);
size_t cg_octal_pass_units(const cg_octal_block_pass *p);
void cg_octal_run_pass_unit(const cg_octal_block_pass *p, size_t unit, size_t first, size_t last,
                            uint8_t *tables);
void cg_octal_run_block_pass(const cg_octal_block_pass *p, size_t first, size_t last);
cg_status cg_octal_block_tables(cg_octal_engine *e, uint8_t **tables, size_t *held, size_t bytes,
                                bool zero, cg_error *err);
bool cg_octal_compare_now(const cg_octal_engine *e, size_t items);
cg_status cg_octal_start_block(cg_octal_engine *e, size_t n, cg_error *err);
bool cg_octal_in_block(const cg_octal_engine *e, size_t m);
void cg_octal_mark_block_rest(cg_octal_engine *e, size_t n);
void cg_octal_compare_groups(const cg_octal_block_pass *p, size_t first, size_t last,
                             cg_octal_compared *out);
void cg_octal_compare_block(cg_octal_engine *e);
uint32_t cg_octal_compared_candidate(cg_octal_engine *e, size_t n);

/* ---- octal_engine_ahead.c ------------------------------------------------ */

cg_status cg_octal_run_ahead(cg_octal_engine *e, size_t n, cg_error *err);

#endif
