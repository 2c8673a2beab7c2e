/* The octal engine (octal_engine_internal.h): its tables (the values, 16 or 32 bits
 * wide, the rare list, the tables indexed by value), recording a value with
 * its bookkeeping (the mask chosen again as the values double), and the
 * loop that extends the values a heap at a time. A heap's value is
 * octal_engine_heap.c's; the other parts are listed in
 * octal_engine_parts_internal.h. */
#include "octal/octal_engine_parts_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/clock_internal.h"
#include "core/grow_internal.h"

#define FIRST_CHOICE 1024    /* the sparse engine's first mask, at this many values */
#define AUTO_SPARSE 4096     /* auto: naive below this many values */
#define RARE_SHARE 10        /* auto: sparse while fewer than 1 in RARE_SHARE positions are rare */
#define BLOCKED_RARE_SHARE 2 /* the same where blocks serve the code (see cg_octal_start_block) */
#define PROGRESS_HEAPS 256   /* heaps between looks at the clock when reporting */
#define PROGRESS_SECONDS 0.5 /* between reports, and before the first */

void cg_octal_engine_init(cg_octal_engine *e, const cg_octal_code *code, cg_engine_method method,
                          cg_budget *budget) {
    memset(e, 0, sizeof *e);
    e->code = *code;
    e->method = method;
    e->budget = budget;
    e->bound = 1;
    e->threads = 1;
    e->next_choice = method == CG_ENGINE_AUTO ? AUTO_SPARSE : FIRST_CHOICE;
    e->store.from = SIZE_MAX;
    e->helped_start = SIZE_MAX;
}

void cg_octal_engine_expect(cg_octal_engine *e, uint64_t n) {
    e->expected = n < SIZE_MAX ? (size_t)n + 1 : 0;
}

void cg_octal_engine_set_progress(cg_octal_engine *e, cg_progress_hook hook, void *context) {
    e->progress = hook;
    e->progress_context = context;
}

void cg_octal_engine_set_threads(cg_octal_engine *e, unsigned threads) {
    e->threads = threads > 0 ? threads : 1;
}

void cg_octal_engine_free(cg_octal_engine *e) {
    cg_crew_stop(e->crew);
    unsigned threads = e->threads;
    if (e->store.map != NULL) {
        cg_octal_store_free(e);
    }
    free(e->store.spill); /* named, but no range was set up (NULL after the store's free) */
    e->store.spill = NULL;
    free(e->narrow);
    free(e->wide);
    cg_budget_give(e->budget, e->held, 1);
    free(e->hit);
    free(e->common);
    free(e->histogram);
    free(e->witness);
    cg_budget_give(e->budget, e->tables_held, 1);
    free(e->rare);
    cg_budget_give(e->budget, e->rare_capacity, sizeof *e->rare);
    free(e->block_hit);
    cg_budget_give(e->budget, e->block_held, 1);
    free(e->ahead_hit);
    cg_budget_give(e->budget, e->ahead_held, 1);
    free(e->helped_hit);
    cg_budget_give(e->budget, e->helped_held, 1);
    cg_octal_engine_init(e, &e->code, e->method, e->budget);
    e->threads = threads;
}

size_t cg_octal_engine_rare_count(const cg_octal_engine *e) {
    return e->mask != 0 ? e->rare_count : 0;
}

static bool splits_in_three(const cg_octal_code *code) {
    for (size_t k = 0; k <= code->last; k++) {
        if (code->digit[k] & 8) {
            return true;
        }
    }
    return false;
}

/* Whether blocks can serve this code: a '!' digit skips the equal split,
 * which one pass over the rare list for many heaps cannot. */
bool cg_octal_blocks_fit(const cg_octal_code *code) {
    for (size_t k = 0; k <= code->last; k++) {
        if ((code->digit[k] & 4) && (code->digit[k] & CG_OCTAL_UNEQUAL)) {
            return false;
        }
    }
    return true;
}

/* ---- the values, 16 or 32 bits wide ------------------------------------- */

static cg_status reserve(cg_octal_engine *e, size_t n, cg_error *err) {
    if (e->store.map != NULL) {
        return cg_octal_store_reserve(e, n, err);
    }
    if (n <= e->capacity) {
        return CG_OK;
    }
    size_t capacity = e->capacity < 1024 ? 1024 : e->capacity;
    while (capacity < n) {
        capacity *= 2;
    }
    if (e->expected >= n && capacity > e->expected) {
        capacity = e->expected; /* no room past the last value the run asks for */
    }
    const cg_array arrays[] = {e->wide != NULL ? (cg_array){&e->wide, sizeof *e->wide, 1, 0}
                                               : (cg_array){&e->narrow, sizeof *e->narrow, 1, 0}};
    cg_status st =
        cg_resize_arrays(e->budget, &e->held, arrays, 1, capacity, "the Grundy table", err);
    if (st == CG_OK) {
        e->capacity = capacity;
    }
    return st;
}

/* Move the values to 32 bits: a value no longer fits in 16. */
static cg_status widen(cg_octal_engine *e, cg_error *err) {
    if (e->store.map != NULL) {
        return cg_octal_store_widen(e, err);
    }
    cg_status st = cg_budget_take(e->budget, e->capacity, sizeof *e->wide, "the Grundy table", err);
    if (st != CG_OK) {
        return st;
    }
    uint32_t *wide = malloc(e->capacity * sizeof *wide);
    if (wide == NULL) {
        cg_budget_give(e->budget, e->capacity, sizeof *e->wide);
        return cg_error_nomem(err, "widening the Grundy table");
    }
    for (size_t i = 0; i < e->count; i++) {
        wide[i] = e->narrow[i];
    }
    free(e->narrow);
    e->narrow = NULL;
    cg_budget_give(e->budget, e->held, 1);
    e->held = e->capacity * sizeof *wide;
    e->wide = wide;
    return CG_OK;
}

/* Mark each value below 2 * bound common or rare under the mask. */
static void classify_values(cg_octal_engine *e) {
    for (uint32_t v = 0; v < 2 * e->bound; v++) {
        e->common[v] = (uint8_t)__builtin_parity(v & e->mask);
    }
}

/* The bytes of the tables indexed by value for bound: the tables of options
 * (one per thread), the common flags and the witnesses cover nim-sums
 * (below 2 * bound), the histogram values. */
static size_t value_table_bytes(uint32_t bound, unsigned hit_sets) {
    return (size_t)hit_sets * bound * 2 + (size_t)bound * 2 + (size_t)bound * sizeof(uint64_t) +
           (size_t)bound * 2 * CG_OCTAL_WITNESSES * sizeof(uint32_t);
}

#define MAX_BOUND ((uint32_t)1 << 30) /* values stay below it */

/* The tables indexed by value grow with bound (values and nim-sums below it).
 * Both sizes stay in the budget while realloc may hold both, and after a
 * failure midway (the tables already grown keep their new size). */
static cg_status grow_bound(cg_octal_engine *e, uint32_t value, cg_error *err) {
    /* nim-sums run below 2 * bound, which must fit in 32 bits: doubling past
     * 2^30 would wrap to 0 and loop for ever (a damaged checkpoint's value) */
    if (value >= MAX_BOUND) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "the Grundy value %lu is beyond the engine's tables (below 2^30)",
                            (unsigned long)value);
    }
    uint32_t bound = e->bound;
    while (value >= bound) {
        bound *= 2;
    }
    if (bound == e->bound && e->hit != NULL && e->hit_sets == e->threads) {
        return CG_OK;
    }
    size_t bytes = value_table_bytes(bound, e->threads);
    cg_status st = cg_budget_take(e->budget, bytes, 1, "the Grundy engine's tables", err);
    if (st != CG_OK) {
        return st;
    }
    e->tables_held += bytes;
    size_t old = e->histogram != NULL ? e->bound : 0; /* histogram entries kept */
    uint8_t *hit = realloc(e->hit, (size_t)e->threads * bound * 2);
    if (hit == NULL) {
        return cg_error_nomem(err, "growing the Grundy engine's tables");
    }
    e->hit = hit;
    e->hit_sets = e->threads;
    uint8_t *common = realloc(e->common, (size_t)bound * 2);
    if (common == NULL) {
        return cg_error_nomem(err, "growing the Grundy engine's tables");
    }
    e->common = common;
    uint64_t *histogram = realloc(e->histogram, bound * sizeof *histogram);
    if (histogram == NULL) {
        return cg_error_nomem(err, "growing the Grundy engine's tables");
    }
    memset(histogram + old, 0, (bound - old) * sizeof *histogram);
    e->histogram = histogram;
    size_t witnesses = (size_t)bound * 2 * CG_OCTAL_WITNESSES;
    uint32_t *witness = realloc(e->witness, witnesses * sizeof *witness);
    if (witness == NULL) {
        return cg_error_nomem(err, "growing the Grundy engine's tables");
    }
    size_t kept = e->witness != NULL ? e->hit_size * CG_OCTAL_WITNESSES : 0;
    memset(witness + kept, 0, (witnesses - kept) * sizeof *witness);
    e->witness = witness;
    e->hit_size = (size_t)bound * 2;
    size_t old_bytes = e->tables_held - bytes;
    cg_budget_give(e->budget, old_bytes, 1);
    e->tables_held = bytes;
    e->bound = bound;
    classify_values(e);
    return CG_OK;
}

/* List a new rare position, the list counted in the budget. */
static cg_status add_rare(cg_octal_engine *e, size_t position, cg_error *err) {
    cg_status st = cg_grow_within(e->budget, &e->rare, &e->rare_capacity, e->rare_count + 1,
                                  sizeof *e->rare, "listing rare positions", err);
    if (st == CG_OK) {
        e->rare[e->rare_count++] = cg_rare_position_of(position, cg_octal_engine_at(e, position));
    }
    return st;
}

/* auto: whether the sparse engine pays, from the share of rare positions
 * (see choose_mask). */
static void judge_sparse(cg_octal_engine *e) {
    size_t share = cg_octal_blocks_fit(&e->code) ? BLOCKED_RARE_SHARE : RARE_SHARE;
    e->sparse_pays = e->rare_count * share < e->count;
}

/* After values were put in place without being recorded (a spill file's,
 * octal_store_internal.h): the bound above every value, the histogram and the rare
 * list (ascending) counted again from G(0..count-1). */
cg_status cg_octal_engine_recount(cg_octal_engine *e, cg_error *err) {
    uint32_t largest = 0;
    for (size_t n = 0; n < e->count; n++) {
        uint32_t v = cg_octal_engine_at(e, n);
        largest = v > largest ? v : largest;
        if (n % CG_OCTAL_TRIM_EVERY == 0) {
            cg_octal_store_trim(e); /* the file's values read back leave again */
        }
    }
    cg_status st = largest >= e->bound ? grow_bound(e, largest, err) : CG_OK;
    if (st != CG_OK) {
        return st;
    }
    memset(e->histogram, 0, e->bound * sizeof *e->histogram);
    e->rare_count = 0;
    for (size_t n = 0; st == CG_OK && n < e->count; n++) {
        uint32_t v = cg_octal_engine_at(e, n);
        e->histogram[v]++;
        if (n % CG_OCTAL_TRIM_EVERY == 0) {
            cg_octal_store_trim(e);
        }
        if (e->mask != 0 && n > 0 && !e->common[v]) {
            st = add_rare(e, n, err);
        }
    }
    judge_sparse(e);
    /* every value readable: the mask is chosen again as the values double */
    e->next_choice = FIRST_CHOICE;
    while (e->next_choice <= e->count) {
        e->next_choice *= 2;
    }
    return st;
}

/* Choose the mask again and rebuild the common table and the rare list. */
static cg_status choose_mask(cg_octal_engine *e, cg_error *err) {
    if (e->bound < 2) {
        return CG_OK; /* every value so far is 0: nothing to split */
    }
    cg_status taken = cg_budget_take(e->budget, e->bound, sizeof(int64_t), "choosing a mask", err);
    if (taken != CG_OK) {
        return taken;
    }
    int64_t *transform = malloc(e->bound * sizeof *transform);
    if (transform == NULL) {
        cg_budget_give(e->budget, e->bound, sizeof *transform);
        return cg_error_nomem(err, "choosing a mask");
    }
    e->mask = cg_octal_best_mask(e->histogram, e->bound, transform);
    free(transform);
    cg_budget_give(e->budget, e->bound, sizeof *transform);
    classify_values(e);
    e->rare_count = 0;
    for (size_t i = 1; i < e->count; i++) {
        if (i % CG_OCTAL_TRIM_EVERY == 0) {
            cg_octal_store_trim(e); /* a spill file's values read back leave again */
        }
        if (!e->common[cg_octal_engine_at(e, i)]) {
            cg_status st = add_rare(e, i, err);
            if (st != CG_OK) {
                return st;
            }
        }
    }
    /* auto: the rare pairs cost the rare share of every heap's splits, and
     * the common-common scans come on top: the sparse engine pays only when rare
     * positions are few (measured on 0.007: with 14 % rare, to 2^17, it is
     * 0.7 times as fast as the naive engine; with 8 %, from 2^18 on, 1.8
     * times as fast). Blocks (see cg_octal_start_block) made the rare pairs some
     * three times cheaper: to 2^17, 0.007 (14 % rare) runs 2.4 times as fast
     * as the naive engine, 0.137 (41 %) 2.1 times. */
    judge_sparse(e);
    return CG_OK;
}

/* Whether the sparse engine serves the next heap. */
static bool sparse_now(const cg_octal_engine *e) {
    return e->method != CG_ENGINE_NAIVE && !splits_in_three(&e->code) && e->mask != 0 &&
           (e->method == CG_ENGINE_SPARSE || e->sparse_pays);
}

/* Append G(count) = value with its bookkeeping: width, bound, histogram,
 * the largest value, the rare list, and the next choice of mask. */
static cg_status record(cg_octal_engine *e, uint32_t value, cg_error *err) {
    size_t m = e->count;
    cg_status st = CG_OK;
    if (value > UINT16_MAX && e->wide == NULL && (st = widen(e, err)) != CG_OK) {
        return st;
    }
    if (value >= e->bound && (st = grow_bound(e, value, err)) != CG_OK) {
        return st;
    }
    if (e->wide != NULL) {
        e->wide[m] = value;
    } else if (e->narrow != NULL) {
        e->narrow[m] = (uint16_t)value;
    } else {
        return cg_error_set(err, CG_ERR_INTERNAL, "the Grundy table was not reserved");
    }
    e->count = m + 1;
    e->histogram[value]++;
    if (value > e->largest || m == 0) {
        e->largest = value;
        e->largest_at = m;
    }
    if (e->mask != 0 && m > 0 && !e->common[value]) {
        st = add_rare(e, m, err);
    }
    if (st == CG_OK && e->method != CG_ENGINE_NAIVE && !splits_in_three(&e->code) &&
        e->count >= e->next_choice) {
        e->next_choice *= 2;
        st = choose_mask(e, err);
    }
    if (st == CG_OK) {
        st = cg_octal_store_advance(e, sparse_now(e), err);
    }
    return st;
}

/* Record a value the engine computed (cg_octal_next_value): CG_OCTAL_CUT_SHORT, a heap that
 * needs dropped values, is computed again with every value kept while
 * nothing was dropped, and an error after. Values from outside (a
 * checkpoint) go to record, where UINT32_MAX is refused like any value
 * past the tables. */
cg_status cg_octal_record_computed(cg_octal_engine *e, uint32_t value, cg_error *err) {
    if (value == CG_OCTAL_CUT_SHORT && cg_octal_store_fall_back(e)) {
        return CG_OK; /* nothing was dropped: the heap again (not recorded), every value kept */
    }
    if (value == CG_OCTAL_CUT_SHORT ||
        (e->store.windowed && e->store.spill == NULL && !sparse_now(e))) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "G(%zu) needs values the windowed store dropped (its head ends at "
                            "%zu); keep more with a larger --window-from",
                            e->count, e->store.head);
    }
    return record(e, value, err);
}

/* G(count): its table of options cleared, or filled from the block's. */
uint32_t cg_octal_next_value(cg_octal_engine *e, bool sparse) {
    size_t m = e->count;
    bool blocked = sparse && cg_octal_in_block(e, m);
    if (blocked) {
        if (e->block_compared && (m < e->compared.start || m >= e->compared.end)) {
            cg_octal_compare_block(e);
        }
        size_t at = (m - e->block_start) * e->block_size;
        if (e->helped_start == e->block_start) {
            cg_octal_union_of_marks(e->hit, e->block_hit + at, e->helped_hit + at, e->block_size);
        } else {
            memcpy(e->hit, e->block_hit + at, e->block_size);
        }
        memset(e->hit + e->block_size, 0, e->hit_size - e->block_size);
    } else {
        memset(e->hit, 0, e->hit_size);
    }
    return m == 0 ? 0 : sparse ? cg_octal_sparse_value(e, m, blocked) : cg_octal_naive_value(e, m);
}

cg_status cg_octal_engine_extend(cg_octal_engine *e, size_t n, cg_error *err) {
    cg_status st = reserve(e, n + 1, err);
    if (st == CG_OK) {
        st = grow_bound(e, 0, err);
    }
    double told = e->progress != NULL ? cg_seconds() : 0; /* the last report, or the start */
    bool reported = false;
    size_t look = e->count; /* the next look at the clock */
    while (st == CG_OK && e->count <= n) {
        if (e->progress != NULL && e->count >= look &&
            (look = e->count + PROGRESS_HEAPS, cg_seconds() - told >= PROGRESS_SECONDS)) {
            told = cg_seconds();
            reported = true;
            if (e->progress(e->progress_context, "Grundy values", e->count, n + 1)) {
                return cg_error_set(err, CG_ERR_STOPPED, "stopped at G(%zu) of G(0..%zu)", e->count,
                                    n);
            }
        }
        size_t m = e->count;
        bool sparse = sparse_now(e);
        if (sparse && m >= e->block_end && (st = cg_octal_start_block(e, n, err)) != CG_OK) {
            break;
        }
        if (sparse && (st = cg_octal_run_ahead(e, n, err)) != CG_OK) {
            break;
        }
        if (e->count == m) { /* not computed ahead */
            st = cg_octal_record_computed(e, cg_octal_next_value(e, sparse), err);
        }
    }
    if (reported && st == CG_OK) {
        e->progress(e->progress_context, "Grundy values", e->count, n + 1); /* done */
    }
    return st;
}

cg_status cg_octal_engine_restore(cg_octal_engine *e, const uint32_t *values, size_t count,
                                  cg_error *err) {
    cg_status st = reserve(e, e->count + count, err);
    if (st == CG_OK) {
        st = grow_bound(e, 0, err);
    }
    for (size_t i = 0; st == CG_OK && i < count; i++) {
        st = record(e, values[i], err);
    }
    return st;
}
