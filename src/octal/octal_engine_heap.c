/* One heap's value (octal_engine_internal.h): the naive engine's (every split),
 * or the sparse engine's (the candidate from the splits with a rare
 * member, then the rare values below it from common-common splits,
 * octal_engine_missing.c); and the helpers on tables of marks they share
 * with the other parts. */
#include "octal/octal_engine_parts_internal.h"

#include <string.h>

#define FIRST_SPLITS 2048 /* the plain common scan's splits before trying witnesses */

/* The moves that leave nothing or one heap. */
static void single_heaps(cg_octal_engine *e, size_t n) {
    for (size_t k = 1; k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 1) && n == k) {
            e->hit[0] = 1;
        }
        if ((d & 2) && n > k) {
            e->hit[cg_octal_engine_at(e, n - k)] = 1;
        }
    }
}

/* The rare positions below rest (the list is ascending). */
size_t cg_octal_rare_below(const cg_octal_engine *e, size_t rest) {
    size_t low = 0, high = e->rare_count;
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (cg_rare_at(e->rare[mid]) < rest) {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    return low;
}

/* The least v < size with common[v] set and hit[v] not (size if none):
 * eight flags at a time where bytes are little-endian (the byte loop was
 * 3 % of 0.6's time to 2^22). */
uint32_t cg_octal_least_common_unmarked(const uint8_t *common, const uint8_t *hit, size_t size) {
    size_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; v + 8 <= size; v += 8) {
        uint64_t flags, marks;
        memcpy(&flags, common + v, sizeof flags);
        memcpy(&marks, hit + v, sizeof marks);
        uint64_t open = flags & ~marks & UINT64_C(0x0101010101010101);
        if (open != 0) {
            return (uint32_t)(v + (size_t)__builtin_ctzll(open) / 8);
        }
    }
#endif
    while (v < size && (!common[v] || hit[v])) {
        v++;
    }
    return (uint32_t)v;
}

/* to[i] = a[i] | b[i] for i < bytes (to may be a), eight at a time (a
 * byte loop cost about 7 % of the caller's time on 0.007 with 2 threads,
 * merging the helped marks). */
void cg_octal_union_of_marks(uint8_t *to, const uint8_t *a, const uint8_t *b, size_t bytes) {
    size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, sizeof x);
        memcpy(&y, b + i, sizeof y);
        x |= y;
        memcpy(to + i, &x, sizeof x);
    }
    for (; i < bytes; i++) {
        to[i] = a[i] | b[i];
    }
}

/* The naive engine (the definition): every move of heap n marked, G(n) the
 * least value no move gives. */
uint32_t cg_octal_naive_value(cg_octal_engine *e, size_t n) {
    single_heaps(e, n);
    unsigned sets = 1;
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        bool unequal = (d & CG_OCTAL_UNEQUAL) != 0;
        if ((d & 4) && n - k >= 2) {
            sets = cg_octal_mark_splits(e, n - k, false, unequal, sets);
        }
        if ((d & 8) && n - k >= 3) {
            CG_OCTAL_CALL(e, triples, n - k, unequal, e->hit);
        }
    }
    return cg_octal_mex_of_union(e, sets);
}

/* The sparse engine (see the header): the candidate from the splits with
 * a rare member, then the rare values below it from common-common splits.
 * blocked: the table holds the block's marks for heap n (see cg_octal_start_block). */
uint32_t cg_octal_sparse_value(cg_octal_engine *e, size_t n, bool blocked) {
    single_heaps(e, n);
    unsigned sets = 1;
    if (blocked) {
        cg_octal_mark_block_rest(e, n);
    }
    for (size_t k = 0; !blocked && k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 4) && n - k >= 2) {
            sets = cg_octal_mark_splits(e, n - k, true, (d & CG_OCTAL_UNEQUAL) != 0, sets);
        }
    }
    /* the rest reads the caller's table alone */
    for (unsigned m = 1; m < sets; m++) {
        cg_octal_union_of_marks(e->hit, e->hit, e->hit + (size_t)m * e->hit_size, e->hit_size);
    }
    /* below 2 * bound: bound + the least common value is common */
    uint32_t candidate = blocked && e->block_compared
                             ? cg_octal_compared_candidate(e, n)
                             : cg_octal_least_common_unmarked(e->common, e->hit, e->hit_size);
    size_t missing = 0;
    for (uint32_t v = 0; v < candidate; v++) {
        missing += !e->hit[v]; /* every common value below the candidate is marked */
    }
    if (missing == 0) {
        return candidate;
    }
    /* Every split with a rare member is marked, and so is every common value
     * below the candidate: marking the values from the candidate up leaves
     * unmarked exactly the rare values looked for. */
    memset(e->hit + candidate, 1, e->hit_size - candidate);
    /* Where the set scan serves (16-bit values, a candidate within its
     * sets: octal_scan_internal.h), every split is scanned 32 or 64 at a time: the
     * witnesses found 0.13 % of the values it looks for on 0.6 to 2^21,
     * 0.07 % on 0.007 to 2^18, and cost more than they saved. Elsewhere the
     * first splits, scanned plainly, settle most heaps, the witnesses most
     * of the rest, and the others are scanned to the end. */
    size_t slot = n % CG_OCTAL_WITNESSES;
    bool by_set = cg_octal_set_scan_serves(e, candidate);
    size_t first = by_set ? 1 : FIRST_SPLITS;
    for (size_t k = 0; !by_set && missing > 0 && k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        size_t rest = n - k, end = cg_octal_scan_end(e, rest, d);
        if ((d & 4) && rest >= 2) {
            missing =
                CG_OCTAL_CALL(e, common_pairs, rest, 1, end < FIRST_SPLITS ? end : FIRST_SPLITS,
                              e->hit, missing, e->witness, slot, &e->pairs);
        }
    }
    for (size_t k = 0; !by_set && missing > 0 && k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 4) && n - k >= 2) {
            missing = cg_octal_try_witnesses(e, n - k, (d & CG_OCTAL_UNEQUAL) != 0, candidate,
                                             missing, slot);
        }
    }
    for (size_t k = 0; missing > 0 && k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        size_t rest = n - k, end = cg_octal_scan_end(e, rest, d);
        if ((d & 4) && rest >= 2 && end > first) {
            missing = cg_octal_scan_to_end(e, rest, first, end, candidate, missing, slot);
        }
    }
    if (missing == 0) {
        return candidate;
    }
    if (cg_octal_scan_cut(e, n)) {
        return CG_OCTAL_CUT_SHORT;
    }
    return cg_octal_mex(e->hit, candidate); /* the least rare value missing: a new rare position */
}
