/* The sparse engine's common-common scan of a heap (octal_engine_internal.h): every
 * split with a rare member is marked, and the scan looks for the rare
 * values below the candidate still missing, stopping when none is. The
 * scanning kernels are octal_scan.c's. */
#include "octal/octal_engine_parts_internal.h"

#include <string.h>

#include "octal/octal_scan_internal.h"

#define SCAN_CHUNK 512 /* splits scanned plainly between looks at what is missing */

/* The splits that gave recent heaps a rare value often give it again (where
 * the values are nearly periodic with period p, the split a of heap n - p
 * gives heap n the same nim-sum): try those for each rare value below the
 * candidate still missing, before the long scan. One value none of them
 * gives means the scan is needed anyway, and it stops there. Returns how
 * many are still missing. */
size_t cg_octal_try_witnesses(cg_octal_engine *e, size_t rest, bool unequal, uint32_t candidate,
                              size_t missing, size_t slot) {
    size_t half = cg_octal_half_splits(rest, unequal);
    for (uint32_t v = 0; v < candidate && missing > 0; v++) {
        if (e->hit[v]) {
            continue;
        }
        const uint32_t *tried = e->witness + (size_t)v * CG_OCTAL_WITNESSES;
        for (size_t j = 0; !e->hit[v] && j < CG_OCTAL_WITNESSES; j++) {
            size_t a = tried[j];
            if (a > 0 && a <= half && a < cg_octal_store_scan_limit(e) &&
                (cg_octal_engine_at(e, a) ^ cg_octal_engine_at(e, rest - a)) == v) {
                e->hit[v] = 1;
                e->witness[(size_t)v * CG_OCTAL_WITNESSES + slot] = cg_octal_witness_of(a);
                missing--;
            }
        }
        if (!e->hit[v]) {
            break;
        }
    }
    return missing;
}

#define SET_STRETCH 1024 /* splits a set scan takes from one end before the other */
/* ... doubling after each pair of stretches up to this many: a heap of
 * 0.007 scans 26,000 splits on average to 2^19, and each stretch is a
 * call whose set-up (the set copied in and out, its registers loaded)
 * cost about 6 % of the time in 1,024-split stretches; the splits scanned
 * stayed the same (3.6e9 to 2^17). */
#define SET_STRETCH_MOST ((size_t)16 * SET_STRETCH)

/* Whether the set scan serves a heap's common scan: 16-bit values, and
 * every value looked for (the rare ones below the candidate) within a set. */
bool cg_octal_set_scan_serves(const cg_octal_engine *e, uint32_t candidate) {
    return e->wide == NULL && candidate <= CG_OCTAL_SET_VALUES;
}

/* set (zeroed) gets bit v for each v < count not marked in hit (size bytes,
 * marked from count on): eight marks by one multiplication where bytes are
 * little-endian (byte j of the word, 0 or 1, times the constant lands in
 * bit 56 + j). */
static void set_of_unmarked(const uint8_t *hit, size_t size, uint32_t count, uint8_t *set) {
    size_t bytes = (count + 7) / 8, j = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; size >= 8 * bytes && j < bytes; j++) {
        uint64_t marks;
        memcpy(&marks, hit + 8 * j, sizeof marks);
        marks = ~marks & UINT64_C(0x0101010101010101);
        set[j] = (uint8_t)((marks * UINT64_C(0x0102040810204080)) >> 56);
    }
#endif
    for (uint32_t v = (uint32_t)(8 * j); v < count; v++) {
        set[v >> 3] = (uint8_t)(set[v >> 3] | (!hit[v] << (v & 7)));
    }
    (void)size;
}

/* The splits from <= a < to of rest scanned for the values in set (its
 * first *bytes bytes in use, shrunk to the highest byte still in use: the
 * scan's cost grows with it), each value found taken out of it. Returns
 * how many of missing are still missing. */
static size_t collect_stretch(cg_octal_engine *e, size_t rest, size_t from, size_t to, uint8_t *set,
                              size_t *bytes, size_t missing) {
    while (*bytes > 0 && set[*bytes - 1] == 0) {
        --*bytes;
    }
    size_t start = from;
    missing -= cg_octal_collect_16(e->narrow, rest, &from, to, set, *bytes, NULL, missing);
    e->pairs += from - start;
    return missing;
}

/* A spilled store's pages that splits low <= a < high of rest read,
 * G(a) and G(rest - a), given back: a scan that reads far (a heap with a
 * new largest value reads every value before it: 0.167's heap 332,129,728
 * read 664 MB of its file) gives them back as it goes, every
 * cg_octal_store_give_back_every splits, not at the next trim. */
static void give_back_splits(const cg_octal_engine *e, size_t rest, size_t low, size_t high) {
    if (low < high) {
        cg_octal_store_give_back(e, low, high);
        cg_octal_store_give_back(e, rest - high + 1, rest - low + 1);
    }
}

/* The rest of a common scan of rest, splits from <= a < to, by a set of
 * the rare values below the candidate still missing (candidate <=
 * CG_OCTAL_SET_VALUES, the values 16 bits wide): 32 splits at a time
 * however many are missing, a stretch from each end in turn. The last
 * values missing are found sooner so: the splits scanned (with the rare
 * marks) to 2^18 of 0.007 fell from 1.153e10 to 1.018e10, to 2^20 of 0.6
 * from 4.53e9 to 3.84e9. Returns how many are still missing. */
static size_t collect_missing(cg_octal_engine *e, size_t rest, size_t from, size_t to,
                              uint32_t candidate, size_t missing) {
    uint8_t set[CG_OCTAL_SET_BYTES] = {0};
    size_t bytes = (candidate + 7) / 8;
    set_of_unmarked(e->hit, e->hit_size, candidate, set);
    size_t length = SET_STRETCH;
    size_t every = cg_octal_store_give_back_every(e), scanned = 0;
    size_t from0 = from, to0 = to, low = from, high = to;
    for (bool top = false; missing > 0 && from < to; top = !top) {
        size_t stretch = to - from < length ? to - from : length;
        if (top && length < SET_STRETCH_MOST) {
            length *= 2;
        }
        if (top) {
            missing = collect_stretch(e, rest, to - stretch, to, set, &bytes, missing);
            to -= stretch;
        } else {
            missing = collect_stretch(e, rest, from, from + stretch, set, &bytes, missing);
            from += stretch;
        }
        scanned += stretch;
        if (scanned >= every) {
            give_back_splits(e, rest, low, from);
            give_back_splits(e, rest, to, high);
            low = from;
            high = to;
            scanned = 0;
        }
    }
    if (low != from0 || high != to0) {
        give_back_splits(e, rest, low, from); /* a long scan leaves none of its pages */
        give_back_splits(e, rest, to, high);
    }
    /* the values found, marked where the heap is a new rare position (its
     * value is the least still missing: see cg_octal_sparse_value) */
    for (uint32_t v = 0; missing > 0 && v < candidate; v++) {
        e->hit[v] = !((set[v >> 3] >> (v & 7)) & 1);
    }
    return missing;
}

/* A common scan of rest, splits from <= a < to, where no set serves:
 * plainly while many rare values are missing, then by looking for the few
 * still missing (octal_scan_internal.h: sixteen splits at a time where the
 * processor can). Returns how many are still missing. */
static size_t scan_plainly(cg_octal_engine *e, size_t rest, size_t from, size_t to,
                           uint32_t candidate, size_t missing, size_t slot) {
    if (e->wide != NULL || candidate > (uint32_t)UINT16_MAX + 1) {
        return CG_OCTAL_CALL(e, common_pairs, rest, from, to, e->hit, missing, e->witness, slot,
                             &e->pairs);
    }
    while (missing > CG_OCTAL_SCAN_TARGETS && from < to) {
        size_t stop = to - from > SCAN_CHUNK ? from + SCAN_CHUNK : to;
        missing = cg_octal_common_pairs_16(e->narrow, rest, from, stop, e->hit, missing, e->witness,
                                           slot, &e->pairs);
        from = stop;
    }
    if (missing > CG_OCTAL_SCAN_TARGETS || missing == 0) {
        return missing; /* the scan ended with many missing, or none is */
    }
    uint16_t targets[CG_OCTAL_SCAN_TARGETS];
    size_t count = 0;
    for (uint32_t v = 0; v < candidate && count < missing; v++) {
        if (!e->hit[v]) {
            targets[count++] = (uint16_t)v; /* the values below the candidate still missing */
        }
    }
    while (count > 0 && from < to) {
        size_t a = cg_octal_first_target_16(e->narrow, rest, from, to, targets, count);
        e->pairs += a - from;
        if (a == to) {
            break;
        }
        uint16_t v = (uint16_t)(e->narrow[a] ^ e->narrow[rest - a]);
        e->hit[v] = 1;
        e->witness[(size_t)v * CG_OCTAL_WITNESSES + slot] = cg_octal_witness_of(a);
        for (size_t t = 0; t < count; t++) {
            if (targets[t] == v) {
                targets[t] = targets[--count];
                break;
            }
        }
        from = a + 1;
    }
    return count;
}

/* The rest of a common scan, splits from <= a < to of rest: by a set where
 * one serves, else plainly (scan_plainly) from the first split up, on a
 * spilled store a stretch of cg_octal_store_give_back_every splits at a
 * time, each stretch's pages given back once read, as collect_missing
 * does. Returns how many are still missing. */
size_t cg_octal_scan_to_end(cg_octal_engine *e, size_t rest, size_t from, size_t to,
                            uint32_t candidate, size_t missing, size_t slot) {
    if (cg_octal_set_scan_serves(e, candidate)) {
        return collect_missing(e, rest, from, to, candidate, missing);
    }
    size_t every = cg_octal_store_give_back_every(e), from0 = from;
    while (missing > 0 && to - from > every) {
        missing = scan_plainly(e, rest, from, from + every, candidate, missing, slot);
        give_back_splits(e, rest, from, from + every);
        from += every;
    }
    if (missing > 0) {
        missing = scan_plainly(e, rest, from, to, candidate, missing, slot);
        if (from != from0) {
            give_back_splits(e, rest, from, to); /* a long scan leaves none of its pages */
        }
    }
    return missing;
}

/* Where a common scan of rest by digit d ends: past its last split, or
 * at the windowed store's head (G(a) beyond it is dropped). */
size_t cg_octal_scan_end(const cg_octal_engine *e, size_t rest, unsigned d) {
    size_t end = cg_octal_half_splits(rest, (d & CG_OCTAL_UNEQUAL) != 0) + 1;
    size_t limit = cg_octal_store_scan_limit(e);
    return end < limit ? end : limit;
}

/* Whether a common scan of heap n stopped at the store's head. */
bool cg_octal_scan_cut(const cg_octal_engine *e, size_t n) {
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 4) && n - k >= 2 &&
            cg_octal_scan_end(e, n - k, d) <=
                cg_octal_half_splits(n - k, (d & CG_OCTAL_UNEQUAL) != 0)) {
            return true;
        }
    }
    return false;
}
