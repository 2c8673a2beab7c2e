/* Nimbers (Grundy values) and the operations every impartial game shares.
 *
 * Sprague–Grundy: an impartial position is equivalent to a Nim heap of size
 * equal to its Grundy value, the mex (minimum excludant) of its options'
 * values; a sum of independent games has the nim-sum (XOR) of their values,
 * and the player to move wins iff that sum is non-zero. */
#ifndef CGSOLVE_NIMBER_H
#define CGSOLVE_NIMBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t cg_nimber;

/* The nim-sum of two Grundy values. */
static inline cg_nimber cg_nim_add(cg_nimber a, cg_nimber b) {
    return a ^ b;
}

/* The nim-sum of count values. */
cg_nimber cg_nim_sum(const cg_nimber *values, size_t count);

/* A set of nimbers for computing a mex, as a growable bitset: Grundy values
 * are unbounded, so no fixed-width mask is assumed. Clearing costs only the
 * words touched since the last clear. */
typedef struct cg_mex_set {
    uint64_t *words;
    size_t capacity; /* words allocated */
    size_t used;     /* words that may hold set bits */
    size_t limit;    /* refuse values >= limit * 64 (memory bound) */
} cg_mex_set;

void cg_mex_init(cg_mex_set *set);
void cg_mex_free(cg_mex_set *set);
void cg_mex_clear(cg_mex_set *set);
/* Out-of-line part of cg_mex_add: grows the bitset. */
cg_status cg_mex_add_grow(cg_mex_set *set, cg_nimber value);

/* Add a value; CG_ERR_NOMEM or CG_ERR_LIMIT when it cannot be represented.
 * Inline because it is the inner loop of every Grundy computation. */
static inline cg_status cg_mex_add(cg_mex_set *set, cg_nimber value) {
    cg_nimber word = value >> 6;
    if (word < set->used) {
        set->words[word] |= (uint64_t)1 << (value & 63);
        return CG_OK;
    }
    return cg_mex_add_grow(set, value);
}
/* Make room for every value below bound, so that cg_mex_add_fast may be used
 * for them; CG_ERR_NOMEM or CG_ERR_LIMIT when it cannot. */
cg_status cg_mex_reserve(cg_mex_set *set, cg_nimber bound);

/* Add a value below the bound last reserved (no checks: the hot loop). */
static inline void cg_mex_add_fast(cg_mex_set *set, cg_nimber value) {
    set->words[value >> 6] |= (uint64_t)1 << (value & 63);
}

bool cg_mex_contains(const cg_mex_set *set, cg_nimber value);
/* The least value not in the set. */
cg_nimber cg_mex_value(const cg_mex_set *set);

/* A set of values below CG_SMALL_SET_SIZE, for a mex where values are known
 * to be small (misère values, labels of a quotient's elements): on the
 * stack, so nothing can fail; zero it to empty it. Larger values are not
 * held (a caller that may meet them bounds its answer below the size). */
#define CG_SMALL_SET_SIZE 256
typedef struct cg_small_set {
    uint64_t words[CG_SMALL_SET_SIZE / 64];
} cg_small_set;

static inline void cg_small_set_add(cg_small_set *set, uint64_t value) {
    if (value < CG_SMALL_SET_SIZE) {
        set->words[value >> 6] |= (uint64_t)1 << (value & 63);
    }
}

static inline bool cg_small_set_has(const cg_small_set *set, uint64_t value) {
    return value < CG_SMALL_SET_SIZE && (set->words[value >> 6] >> (value & 63) & 1) != 0;
}

/* The least value not in the set, CG_SMALL_SET_SIZE when all below are. */
static inline unsigned cg_small_set_mex(const cg_small_set *set) {
    for (unsigned w = 0; w < CG_SMALL_SET_SIZE / 64; w++) {
        if (set->words[w] != UINT64_MAX) {
            return w * 64 + (unsigned)__builtin_ctzll(~set->words[w]);
        }
    }
    return CG_SMALL_SET_SIZE;
}

/* Value i of a caller's sequence, for cg_mex_of. */
typedef uint32_t (*cg_value_at_fn)(const void *sequence, size_t i);

/* The least value not among at(sequence, 0..count-1), for values of any
 * size: a small set below CG_SMALL_SET_SIZE, a scan above it (the mex of
 * count values is at most count, so the scan only runs when count is at
 * least the set's size). Inline, so that a constant `at` is inlined too:
 * the misère search takes a mex at every position. */
static inline uint32_t cg_mex_of(const void *sequence, size_t count, cg_value_at_fn at) {
    cg_small_set seen = {{0}};
    for (size_t i = 0; i < count; i++) {
        cg_small_set_add(&seen, at(sequence, i));
    }
    uint32_t m = cg_small_set_mex(&seen);
    for (bool found = m == CG_SMALL_SET_SIZE; found; m += found) {
        found = false;
        for (size_t i = 0; i < count && !found; i++) {
            found = at(sequence, i) == m;
        }
    }
    return m;
}

#ifdef __cplusplus
}
#endif

#endif
