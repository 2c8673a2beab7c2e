#include "core/octal_engine_internal.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock_internal.h"
#include "core/grow_internal.h"
#include "core/octal_compare_internal.h"
#include "core/octal_scan_internal.h"

#define FIRST_CHOICE 1024    /* the sparse engine's first mask, at this many values */
#define AUTO_SPARSE 4096     /* auto: naive below this many values */
#define RARE_SHARE 10        /* auto: sparse while fewer than 1 in RARE_SHARE positions are rare */
#define BLOCKED_RARE_SHARE 2 /* the same where blocks serve the code (see start_block) */
/* A heap's splits are shared among threads from this many on: below, the
 * hand-over (a fraction of a microsecond) would cost more than it saves. */
#define SHARED_SPLITS 8192
#define FIRST_SPLITS 2048    /* the plain common scan's splits before trying witnesses */
#define SCAN_CHUNK 512       /* splits scanned plainly between looks at what is missing */
#define PROGRESS_HEAPS 256   /* heaps between looks at the clock when reporting */
#define PROGRESS_SECONDS 0.5 /* between reports, and before the first */
#define SHARE_UNIT 1024      /* the caller's share of a heap's splits, in 1024ths */
/* Of every SAMPLE_CYCLE long heaps, SAMPLED are timed shared (after one
 * more, untimed, that wakes the crew) and as many alone; sharing goes on
 * while it takes under SHARING_GAIN of the time per split alone. */
#define SAMPLE_CYCLE 1024
#define SAMPLED 4u
#define SHARING_GAIN 0.85

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
static bool blocks_fit(const cg_octal_code *code) {
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
    if (position > UINT32_MAX) { /* the list's positions are 32 bits */
        return cg_error_set(err, CG_ERR_LIMIT, "heap %zu is rare: the rare list ends at 2^32",
                            position);
    }
    cg_status st = cg_grow_within(e->budget, &e->rare, &e->rare_capacity, e->rare_count + 1,
                                  sizeof *e->rare, "listing rare positions", err);
    if (st == CG_OK) {
        cg_rare_position *r = &e->rare[e->rare_count++];
        r->at = (uint32_t)position;
        r->value = cg_octal_engine_at(e, position);
    }
    return st;
}

/* auto: whether the sparse engine pays, from the share of rare positions
 * (see choose_mask). */
static void judge_sparse(cg_octal_engine *e) {
    size_t share = blocks_fit(&e->code) ? BLOCKED_RARE_SHARE : RARE_SHARE;
    e->sparse_pays = e->rare_count * share < e->count;
}

/* After values were put in place without being recorded (a spill file's,
 * octal_store.h): the bound above every value, the histogram and the rare
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

/* ---- the mask ------------------------------------------------------------- */

void cg_walsh_hadamard(int64_t *values, size_t count) {
    for (size_t len = 1; len < count; len *= 2) {
        for (size_t i = 0; i < count; i += 2 * len) {
            for (size_t j = i; j < i + len; j++) {
                int64_t a = values[j], b = values[j + len];
                values[j] = a + b;
                values[j + len] = a - b;
            }
        }
    }
}

uint32_t cg_octal_best_mask(const uint64_t *histogram, uint32_t bound, int64_t *transform) {
    for (uint32_t v = 0; v < bound; v++) {
        transform[v] = (int64_t)histogram[v];
    }
    cg_walsh_hadamard(transform, bound);
    /* transform[m] = (positions whose value is rare under m) - (common) */
    uint32_t best = 0;
    for (uint32_t m = 1; m < bound; m++) {
        if (best == 0 || transform[m] < transform[best]) {
            best = m;
        }
    }
    return best;
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
     * times as fast). Blocks (see start_block) made the rare pairs some
     * three times cheaper: to 2^17, 0.007 (14 % rare) runs 2.4 times as fast
     * as the naive engine, 0.137 (41 %) 2.1 times. */
    judge_sparse(e);
    return CG_OK;
}

/* ---- one heap --------------------------------------------------------------- */

/* The hot loops, once per value width (see octal_engine_loops.h). */
#define VALUE uint16_t
#define WIDTH 16
#include "octal_engine_loops.h"
#undef VALUE
#undef WIDTH
#define VALUE uint32_t
#define WIDTH 32
#include "octal_engine_loops.h"
#undef VALUE
#undef WIDTH

#define CALL(e, loop, ...)                                                                         \
    ((e)->wide != NULL ? loop##_32((e)->wide, __VA_ARGS__) : loop##_16((e)->narrow, __VA_ARGS__))

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

/* The least value not marked (every value below bound + 1 cannot be). */
static uint32_t mex(const uint8_t *hit, size_t size) {
    const uint8_t *gap = memchr(hit, 0, size);
    return gap != NULL ? (uint32_t)(gap - hit) : (uint32_t)size;
}

/* One member's share of a heap's splits, into its own table of options. */
typedef struct shared_splits {
    cg_octal_engine *engine;
    size_t rest;
    bool rare;    /* the splits with a rare member (the sparse engine), not all */
    size_t items; /* the splits, or the rare positions below rest */
    size_t skip;  /* the rare position not to pair (the equal split of a '!'
                     digit), or SIZE_MAX */
    bool fresh;   /* the heap's first shared scan: the members clear their tables */
    unsigned caller_share;
} shared_splits;

/* Where member's share of half splits starts: the caller's share is
 * caller_share / SHARE_UNIT of them, the others share the rest evenly. */
static size_t share_start(size_t half, unsigned member, unsigned members, unsigned caller_share) {
    if (member == 0) {
        return 0;
    }
    if (member == members) {
        return half;
    }
    size_t caller = half * caller_share / SHARE_UNIT;
    return caller + (half - caller) * (member - 1) / (members - 1);
}

/* Mark items from <= i < to of the job: splits a = 1 + i, or the splits
 * with the rare member rare[i]. */
static void mark_items(cg_octal_engine *e, const shared_splits *job, size_t from, size_t to,
                       uint8_t *hit) {
    if (job->rare && job->skip >= from && job->skip < to) {
        CALL(e, rare_pairs, e->rare, job->rest, from, job->skip, hit);
        CALL(e, rare_pairs, e->rare, job->rest, job->skip + 1, to, hit);
    } else if (job->rare) {
        CALL(e, rare_pairs, e->rare, job->rest, from, to, hit);
    } else {
        CALL(e, pairs, job->rest, 1 + from, 1 + to, hit);
    }
}

static void mark_share(void *context, unsigned member, unsigned members) {
    const shared_splits *job = context;
    cg_octal_engine *e = job->engine;
    size_t from = share_start(job->items, member, members, job->caller_share);
    size_t to = share_start(job->items, member + 1, members, job->caller_share);
    uint8_t *hit = e->hit + (size_t)member * e->hit_size;
    if (member > 0 && job->fresh) {
        memset(hit, 0, e->hit_size);
    }
    mark_items(e, job, from, to, hit);
}

/* Whether this long heap's splits are shared, and whether it is one of the
 * timed samples that decide it for the others. */
static bool share_this_heap(cg_octal_engine *e, bool *timed) {
    uint64_t phase = e->long_heaps++ % SAMPLE_CYCLE;
    *timed = phase >= 1 && phase <= (uint64_t)2 * SAMPLED;
    return phase <= SAMPLED || (phase > (uint64_t)2 * SAMPLED && e->sharing_pays);
}

static void record_sample(cg_octal_engine *e, bool shared, size_t splits, double seconds) {
    if (shared) {
        e->shared_seconds += seconds;
        e->shared_splits += splits;
    } else {
        e->alone_seconds += seconds;
        e->alone_splits += splits;
    }
    if (e->long_heaps % SAMPLE_CYCLE == (uint64_t)2 * SAMPLED + 1) {
        e->sharing_pays = e->shared_seconds * (double)e->alone_splits <
                          SHARING_GAIN * e->alone_seconds * (double)e->shared_splits;
        e->alone_seconds = e->shared_seconds = 0;
        e->alone_splits = e->shared_splits = 0;
    }
}

/* The rare positions below rest (the list is ascending). */
static size_t rare_below(const cg_octal_engine *e, size_t rest) {
    size_t low = 0, high = e->rare_count;
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (e->rare[mid].at < rest) {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    return low;
}

/* The splits a + b = rest, a <= b, have a <= half_splits(rest, unequal):
 * a < b with a '!'. */
static size_t half_splits(size_t rest, bool unequal) {
    return unequal ? (rest - 1) / 2 : rest / 2;
}

/* The index in the rare list of the equal split's heap when a '!' forbids
 * that split and it is rare, else SIZE_MAX. */
static size_t rare_equal_split(const cg_octal_engine *e, size_t rest, bool unequal) {
    if (!unequal || rest % 2 != 0) {
        return SIZE_MAX;
    }
    size_t i = rare_below(e, rest / 2);
    return i < e->rare_count && e->rare[i].at == rest / 2 ? i : SIZE_MAX;
}

/* Mark every split of rest (rare: those with a rare member; unequal: only
 * into heaps of different sizes), shared among the crew when they are many
 * and sharing pays; returns the tables of options in use (1: the caller's
 * alone). shared: the tables in use before. */
static unsigned mark_splits(cg_octal_engine *e, size_t rest, bool rare, bool unequal,
                            unsigned shared) {
    size_t items = rare ? rare_below(e, rest) : half_splits(rest, unequal);
    e->pairs += items;
    if (e->threads > 1 && items >= SHARED_SPLITS && e->crew == NULL && !e->in_round) {
        e->crew = cg_crew_start(e->threads); /* NULL (no memory): the caller alone */
    }
    unsigned members = cg_crew_members(e->crew);
    bool timed = false;
    size_t skip = rare ? rare_equal_split(e, rest, unequal) : SIZE_MAX;
    shared_splits job = {e, rest, rare, items, skip, shared == 1, e->caller_share};
    if (members == 1 || e->in_round || items < SHARED_SPLITS || !share_this_heap(e, &timed)) {
        double start = timed ? cg_seconds() : 0;
        mark_items(e, &job, 0, items, e->hit);
        if (timed) {
            record_sample(e, false, items, cg_seconds() - start);
        }
        return shared;
    }
    double start = timed ? cg_seconds() : 0;
    /* The other members start a little after the caller, so an even split
     * leaves it waiting; the shares follow which side waited. */
    if (e->caller_share == 0) {
        e->caller_share = SHARE_UNIT / members;
    }
    job.caller_share = e->caller_share;
    bool waited = cg_crew_run(e->crew, mark_share, &job);
    if (timed) {
        record_sample(e, true, items, cg_seconds() - start);
    }
    if (waited && e->caller_share < SHARE_UNIT * 3 / 4) {
        e->caller_share++;
    } else if (!waited && e->caller_share > SHARE_UNIT / 4 / members) {
        e->caller_share--;
    }
    return members;
}

/* The least value marked in none of the first sets tables of options. The
 * other members' tables are read only where the caller's has a gap: each
 * read moves a cache line between processors, and merging whole tables
 * cost more than a heap's share of splits saved. */
static uint32_t mex_of_union(const cg_octal_engine *e, unsigned sets) {
    uint32_t v = mex(e->hit, e->hit_size);
    for (unsigned m = 1; m < sets && v < e->hit_size;) {
        if (e->hit[(size_t)m * e->hit_size + v]) {
            v++;
            v += mex(e->hit + v, e->hit_size - v);
            m = 1;
        } else {
            m++;
        }
    }
    return v;
}

static uint32_t naive_value(cg_octal_engine *e, size_t n) {
    single_heaps(e, n);
    unsigned sets = 1;
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        bool unequal = (d & CG_OCTAL_UNEQUAL) != 0;
        if ((d & 4) && n - k >= 2) {
            sets = mark_splits(e, n - k, false, unequal, sets);
        }
        if ((d & 8) && n - k >= 3) {
            CALL(e, triples, n - k, unequal, e->hit);
        }
    }
    return mex_of_union(e, sets);
}

/* The splits that gave recent heaps a rare value often give it again (where
 * the values are nearly periodic with period p, the split a of heap n - p
 * gives heap n the same nim-sum): try those for each rare value below the
 * candidate still missing, before the long scan. One value none of them
 * gives means the scan is needed anyway, and it stops there. Returns how
 * many are still missing. */
static size_t try_witnesses(cg_octal_engine *e, size_t rest, bool unequal, uint32_t candidate,
                            size_t missing, size_t slot) {
    size_t half = half_splits(rest, unequal);
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
                e->witness[(size_t)v * CG_OCTAL_WITNESSES + slot] = (uint32_t)a;
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
static bool set_scan_serves(const cg_octal_engine *e, uint32_t candidate) {
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
    }
    /* the values found, marked where the heap is a new rare position (its
     * value is the least still missing: see sparse_value) */
    for (uint32_t v = 0; missing > 0 && v < candidate; v++) {
        e->hit[v] = !((set[v >> 3] >> (v & 7)) & 1);
    }
    return missing;
}

/* The rest of a common scan, splits from <= a < to of rest: by a set where
 * one serves, else plainly while many rare values are missing, then by
 * looking for the few still missing (octal_scan.h: sixteen splits at a
 * time where the processor can). Returns how many are still missing. */
static size_t scan_to_end(cg_octal_engine *e, size_t rest, size_t from, size_t to,
                          uint32_t candidate, size_t missing, size_t slot) {
    if (set_scan_serves(e, candidate)) {
        return collect_missing(e, rest, from, to, candidate, missing);
    }
    if (e->wide != NULL || candidate > (uint32_t)UINT16_MAX + 1) {
        return CALL(e, common_pairs, rest, from, to, e->hit, missing, e->witness, slot, &e->pairs);
    }
    while (missing > CG_OCTAL_SCAN_TARGETS && from < to) {
        size_t stop = to - from > SCAN_CHUNK ? from + SCAN_CHUNK : to;
        missing = common_pairs_16(e->narrow, rest, from, stop, e->hit, missing, e->witness, slot,
                                  &e->pairs);
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
        e->witness[(size_t)v * CG_OCTAL_WITNESSES + slot] = (uint32_t)a;
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

/* ---- blocks of heaps -------------------------------------------------------- */

#define BLOCK_FROM 1024 /* blocks from this heap on */
/* A block's tables stay within this many bytes (a block of one group may
 * exceed it): more groups while they fit. */
#define BLOCK_TABLE_BYTES ((size_t)1 << 17)
/* Rare positions a group's pass takes before the next group's: the values
 * they read (their heaps' spread, some 50 KB on 0.007 past 2^19) are read
 * from memory once and from the cache by the other groups. */
#define BLOCK_STRETCH 512

/* The groups of CG_OCTAL_BLOCK heaps a block holds under the current
 * bound. */
static size_t block_groups(const cg_octal_engine *e) {
    size_t groups = 1;
    while (groups < CG_OCTAL_GROUPS &&
           2 * groups * CG_OCTAL_BLOCK * (size_t)e->bound <= BLOCK_TABLE_BYTES) {
        groups *= 2;
    }
    return groups;
}

/* One block's pass: what it reads and where it marks, fixed when it
 * starts, so that a pass marked ahead on another thread reads nothing the
 * caller changes meanwhile (the values it reads are all before the heaps
 * the caller computes, the rare list's entries before those it appends). */
typedef struct block_pass {
    const cg_octal_code *code;
    const uint16_t *narrow; /* the values, one of them NULL */
    const uint32_t *wide;
    const cg_rare_position *rare;
    size_t start, groups, size; /* the block's first heap, its groups, one table's bytes */
    uint8_t *tables;
    const size_t *lo, *hi; /* per split digit, the rare list's entries to mark */
    bool compared;         /* the marked runs of entries alone (see entry_marked) */
    uint32_t mask;         /* the mask the values are common or rare under */
} block_pass;

static block_pass block_pass_of(const cg_octal_engine *e, size_t start, size_t heaps,
                                uint8_t *tables, const size_t *lo, const size_t *hi,
                                bool compared) {
    return (block_pass){&e->code, e->narrow, e->wide, e->rare, start,    heaps / CG_OCTAL_BLOCK,
                        e->bound, tables,    lo,      hi,      compared, e->mask};
}

/* Where a block is compared (octal_compare.h), the rare list's entries come
 * in runs of COMPARED_RUN, marked and compared in turn: half a stretch
 * each, so each reads its own cache lines of values (every other entry
 * compared read every line twice and saved a third of the pass's time, not
 * a half). */
#define COMPARED_RUN (BLOCK_STRETCH / 2)

static bool entry_marked(size_t i) {
    return (i / COMPARED_RUN) % 2 == 0;
}

/* The end of i's run, within to. */
static size_t run_end(size_t i, size_t to) {
    size_t end = (i / COMPARED_RUN + 1) * COMPARED_RUN;
    return end < to ? end : to;
}

/* The rare list's entries from <= i < to of split digit k, marked for
 * groups first <= group < last in tables (the pass's own, or others of
 * the same layout). */
static void mark_stretch(const block_pass *p, size_t k, size_t from, size_t to, size_t first,
                         size_t last, uint8_t *tables) {
    for (size_t start = from, end; start < to; start = end) {
        end = p->compared ? run_end(start, to) : to;
        if (p->compared && !entry_marked(start)) {
            continue;
        }
        for (size_t group = first; group < last; group++) {
            size_t heap = group * CG_OCTAL_BLOCK; /* the group's first, in the block */
            uint8_t *group_tables = tables + heap * p->size;
            if (p->wide != NULL) {
                block_rare_pairs_32(p->wide, p->rare, start, end, p->start + heap - k, group_tables,
                                    p->size);
            } else {
                block_rare_pairs_16(p->narrow, p->rare, start, end, p->start + heap - k,
                                    group_tables, p->size);
            }
        }
    }
}

/* Split digit k's stretches in the pass. */
static size_t stretches_of(const block_pass *p, size_t k) {
    return p->code->digit[k] & 4 ? (p->hi[k] - p->lo[k] + BLOCK_STRETCH - 1) / BLOCK_STRETCH : 0;
}

/* The pass's units: its stretches of the rare list, split digit by split
 * digit. */
static size_t pass_units(const block_pass *p) {
    size_t units = 0;
    for (size_t k = 0; k <= p->code->last; k++) {
        units += stretches_of(p, k);
    }
    return units;
}

/* Unit unit of the pass (see pass_units) for groups first <= group < last,
 * in tables. */
static void run_pass_unit(const block_pass *p, size_t unit, size_t first, size_t last,
                          uint8_t *tables) {
    for (size_t k = 0; k <= p->code->last; k++) {
        size_t stretches = stretches_of(p, k);
        if (unit < stretches) {
            size_t from = p->lo[k] + unit * BLOCK_STRETCH;
            size_t to = p->hi[k] - from > BLOCK_STRETCH ? from + BLOCK_STRETCH : p->hi[k];
            mark_stretch(p, k, from, to, first, last, tables);
            return;
        }
        unit -= stretches;
    }
}

/* Groups first <= group < last of the pass, a stretch of the rare list at
 * a time. */
static void run_block_pass(const block_pass *p, size_t first, size_t last) {
    for (size_t k = 0; k <= p->code->last; k++) {
        if (!(p->code->digit[k] & 4)) {
            continue;
        }
        for (size_t from = p->lo[k]; from < p->hi[k]; from += BLOCK_STRETCH) {
            size_t to = p->hi[k] - from > BLOCK_STRETCH ? from + BLOCK_STRETCH : p->hi[k];
            mark_stretch(p, k, from, to, first, last, p->tables);
        }
    }
}

/* Member's share of the block's pass: its groups, in their own tables. */
static void mark_block_share(void *context, unsigned member, unsigned members) {
    const block_pass *p = context;
    run_block_pass(p, p->groups * member / members, p->groups * (member + 1) / members);
}

/* The block's pass, its heaps shared among the crew when the pass is long
 * and sharing pays (timed as heaps' splits are, see share_this_heap). */
static void mark_block_shared(cg_octal_engine *e, size_t items) {
    block_pass pass = block_pass_of(e, e->count, e->block_heaps, e->block_hit, e->block_lo,
                                    e->block_hi, e->block_compared);
    if (e->threads > 1 && items >= SHARED_SPLITS && e->crew == NULL) {
        e->crew = cg_crew_start(e->threads); /* NULL (no memory): the caller alone */
    }
    bool timed = false;
    unsigned members = cg_crew_members(e->crew);
    if (members == 1 || items < SHARED_SPLITS ||
        e->block_heaps < (size_t)CG_OCTAL_BLOCK * members || !share_this_heap(e, &timed)) {
        double start = timed ? cg_seconds() : 0;
        mark_block_share(&pass, 0, 1);
        if (timed) {
            record_sample(e, false, items, cg_seconds() - start);
        }
        return;
    }
    double start = timed ? cg_seconds() : 0;
    cg_crew_run(e->crew, mark_block_share, &pass);
    if (timed) {
        record_sample(e, true, items, cg_seconds() - start);
    }
}

/* Tables of bytes for a block at *tables, held (*held bytes) in the
 * budget; zeroed when zero is set. */
static cg_status block_tables(cg_octal_engine *e, uint8_t **tables, size_t *held, size_t bytes,
                              bool zero, cg_error *err) {
    if (bytes > *held) {
        cg_status st = cg_budget_take(e->budget, bytes, 1, "the Grundy engine's blocks", err);
        if (st != CG_OK) {
            return st;
        }
        uint8_t *grown = realloc(*tables, bytes);
        if (grown == NULL) {
            cg_budget_give(e->budget, bytes, 1);
            return cg_error_nomem(err, "growing the Grundy engine's blocks");
        }
        cg_budget_give(e->budget, *held, 1);
        *tables = grown;
        *held = bytes;
    }
    if (zero) {
        memset(*tables, 0, bytes);
    }
    return CG_OK;
}

/* Make the block marked ahead the current one when it starts at the next
 * heap and was marked under the current bound and mask. */
static bool take_ahead(cg_octal_engine *e) {
    bool fits = e->ahead_ready && e->ahead_start == e->count && e->ahead_bound == e->bound &&
                e->ahead_mask == e->mask;
    e->ahead_ready = false;
    if (!fits) {
        e->helped_start = SIZE_MAX; /* marked for a block never taken */
        return false;
    }
    uint8_t *tables = e->block_hit;
    size_t held = e->block_held;
    e->block_hit = e->ahead_hit;
    e->block_held = e->ahead_held;
    e->ahead_hit = tables;
    e->ahead_held = held;
    e->block_start = e->ahead_start;
    e->block_end = e->ahead_end;
    e->block_heaps = e->ahead_heaps;
    e->block_size = e->bound;
    e->block_bound = e->bound;
    memcpy(e->block_lo, e->ahead_lo, sizeof e->block_lo);
    memcpy(e->block_hi, e->ahead_hi, sizeof e->block_hi);
    e->block_compared = e->ahead_compared;
    if (e->block_compared) {
        e->compared = e->compared_ahead;
    }
    return true;
}

/* A block's pass compares from this many entries of the rare list on:
 * below, fixed costs (a heap's least values, a comparison's set-up) take
 * what comparing saves (0.1777's 15 took 30 % longer compared). 0.6's
 * 1,583 broke even until the least values were found 64 at a time; now
 * 0.6 to 2^21 runs about 8 % faster compared, 4.007 and 0.165 (2,200)
 * 4-8 %. */
#define COMPARE_FROM 1024
/* ... and from this bound on: below it a heap has few common values, so
 * the least ones are too few to settle it (4.07's bound is 4). */
#define COMPARE_BOUND 64

/* Whether a block's pass of items entries marks half of them and compares
 * the others (octal_compare.h): where the comparison is vectorised, for
 * 16-bit values and a long rare list. */
static bool compare_now(const cg_octal_engine *e, size_t items) {
    if (e->compare_from > 0) { /* tests: the plain comparison too, where AVX-512 is missing */
        return e->wide == NULL && items >= e->compare_from;
    }
    return e->wide == NULL && items >= COMPARE_FROM && e->bound >= COMPARE_BOUND &&
           cg_octal_compare_vectorised();
}

/* Start a block at the next heap when one fits before n + 1 and before the
 * next choice of mask (the one marked ahead, if any), and mark its splits
 * with a rare member rare[i] whose other heap is known: rare[i].at at least
 * the block's heaps (its partner rest - at is below the block) and below
 * the first heap's rest (so below every heap's). The others are marked heap
 * by heap (see sparse_value). */
static cg_status start_block(cg_octal_engine *e, size_t n, cg_error *err) {
    size_t m = e->count, heaps = CG_OCTAL_BLOCK * block_groups(e), end = m + heaps;
    e->compared.start = e->compared.end = 0;
    if (take_ahead(e)) {
        return CG_OK;
    }
    e->block_start = e->block_end = m;
    if (end > n + 1 || end > e->next_choice) {
        heaps = CG_OCTAL_BLOCK; /* near the end or the next choice: one group */
        end = m + heaps;
    }
    if (m < BLOCK_FROM || end > n + 1 || end > e->next_choice || !blocks_fit(&e->code)) {
        return CG_OK;
    }
    /* nim-sums of values below bound are below it: a table of bound bytes */
    size_t bytes = heaps * (size_t)e->bound;
    cg_status st = block_tables(e, &e->block_hit, &e->block_held, bytes, true, err);
    if (st != CG_OK) {
        return st;
    }
    e->block_size = e->bound;
    e->block_heaps = heaps;
    size_t lo = rare_below(e, heaps), items = 0;
    for (size_t k = 0; k <= e->code.last; k++) {
        if (e->code.digit[k] & 4) {
            size_t hi = rare_below(e, m - k);
            e->block_lo[k] = lo;
            e->block_hi[k] = hi > lo ? hi : lo;
            items += e->block_hi[k] - lo;
        }
    }
    e->block_compared = compare_now(e, items);
    e->pairs += (uint64_t)items * heaps;
    mark_block_shared(e, items);
    e->block_end = end;
    e->block_bound = e->bound;
    return CG_OK;
}

/* Whether heap m's rare splits are mostly marked in the block's table: the
 * tables indexed by value have not grown since the block's pass. */
static bool in_block(const cg_octal_engine *e, size_t m) {
    return m >= e->block_start && m < e->block_end && e->bound == e->block_bound;
}

/* The rare splits of heap n the block's pass left: the rare list's entries
 * before block_lo and from block_hi on. */
static void mark_block_rest(cg_octal_engine *e, size_t n) {
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        if ((e->code.digit[k] & 4) && n - k >= 2) {
            size_t rest = n - k, below = rare_below(e, rest);
            size_t lo = e->block_lo[k] < below ? e->block_lo[k] : below;
            size_t hi = e->block_hi[k] > lo ? e->block_hi[k] : lo;
            CALL(e, rare_pairs, e->rare, rest, 0, lo, e->hit);
            if (hi < below) {
                CALL(e, rare_pairs, e->rare, rest, hi, below, e->hit);
            }
            e->pairs += lo + (hi < below ? below - hi : 0);
        }
    }
}

/* Where a common scan of rest by digit d ends: past its last split, or
 * at the windowed store's head (G(a) beyond it is dropped). */
static size_t scan_end(const cg_octal_engine *e, size_t rest, unsigned d) {
    size_t end = half_splits(rest, (d & CG_OCTAL_UNEQUAL) != 0) + 1;
    size_t limit = cg_octal_store_scan_limit(e);
    return end < limit ? end : limit;
}

/* Whether a common scan of heap n stopped at the store's head. */
static bool scan_cut(const cg_octal_engine *e, size_t n) {
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 4) && n - k >= 2 &&
            scan_end(e, n - k, d) <= half_splits(n - k, (d & CG_OCTAL_UNEQUAL) != 0)) {
            return true;
        }
    }
    return false;
}

#define CUT_SHORT UINT32_MAX /* sparse_value: the heap needs values the store dropped */

/* The least v < size with common[v] set and hit[v] not (size if none):
 * eight flags at a time where bytes are little-endian (the byte loop was
 * 3 % of 0.6's time to 2^22). */
static uint32_t least_common_unmarked(const uint8_t *common, const uint8_t *hit, size_t size) {
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
static void union_of_marks(uint8_t *to, const uint8_t *a, const uint8_t *b, size_t bytes) {
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

/* ---- the compared half (octal_compare.h) ------------------------------------ */

#define COMPARED_CHUNKS (CG_OCTAL_BLOCK * CG_OCTAL_GROUPS / CG_OCTAL_COMPARED_HEAPS)
#define UNCOMPARED UINT8_MAX /* a heap's count of values: none were compared */

/* Compare the entries of a pass not marked (see entry_marked) with the
 * least common values the marked ones leave, for its heaps of groups first
 * <= group < last, into out (the pass's 16-bit values), a run of entries
 * at a time (its values stay in the cache for the next chunk of heaps).
 * The marks read may lack some (those the caller took over, in tables of
 * its own): a heap's values are then fewer of the right ones, never wrong
 * ones, since its candidate is checked against its whole table (see
 * compared_candidate). The splits of compared entries whose other heap is
 * rare too give rare values, left to the common scan: marking them here (a
 * walk of the rare list per entry) cost a fifth of 0.007's time, more than
 * the scan spends finding them. */
static void compare_groups(const block_pass *p, size_t first, size_t last, cg_octal_compared *out) {
    size_t from_heap = first * CG_OCTAL_BLOCK, heaps = (last - first) * CG_OCTAL_BLOCK;
    uint64_t low = cg_octal_common_of_64(p->mask);
    for (size_t j = from_heap; j < from_heap + heaps; j++) {
        /* 32-bit values are never compared (compare_now): so marked, each
         * heap marks its compared entries */
        out->count[j] = p->narrow == NULL
                            ? UNCOMPARED
                            : (uint8_t)cg_octal_least_common(p->mask, low, p->tables + j * p->size,
                                                             p->size, out->values[j]);
        out->hits[j] = 0;
    }
    if (p->narrow == NULL) {
        return;
    }
    uint16_t least[COMPARED_CHUNKS][CG_OCTAL_COMPARED][CG_OCTAL_COMPARED_HEAPS];
    memset(least, 0xff, sizeof least);
    for (size_t k = 0; k <= p->code->last; k++) {
        if (!(p->code->digit[k] & 4)) {
            continue;
        }
        for (size_t from = p->lo[k], to; from < p->hi[k]; from = to) {
            to = run_end(from, p->hi[k]);
            for (size_t chunk = 0; !entry_marked(from) && chunk * CG_OCTAL_COMPARED_HEAPS < heaps;
                 chunk++) {
                size_t j = from_heap + chunk * CG_OCTAL_COMPARED_HEAPS,
                       rest = heaps - (j - from_heap);
                cg_octal_compare_16(p->narrow, p->rare, from, to, p->start + j - k,
                                    rest < CG_OCTAL_COMPARED_HEAPS ? rest : CG_OCTAL_COMPARED_HEAPS,
                                    (const uint16_t(*)[CG_OCTAL_COMPARED])out->values + j,
                                    least[chunk]);
            }
        }
    }
    /* bit c of a heap's hits: its c-th value is given (every c tested and
     * the bits past its count dropped: no branch on the minima) */
    for (size_t j = 0; j < heaps; j++) {
        uint16_t(*chunk)[CG_OCTAL_COMPARED_HEAPS] = least[j / CG_OCTAL_COMPARED_HEAPS];
        unsigned given = 0, count = out->count[from_heap + j];
        for (unsigned c = 0; c < CG_OCTAL_COMPARED; c++) {
            given |= (unsigned)(chunk[c][j % CG_OCTAL_COMPARED_HEAPS] == 0) << c;
        }
        unsigned listed = count < CG_OCTAL_COMPARED ? count : CG_OCTAL_COMPARED;
        out->hits[from_heap + j] = (uint16_t)(given & ((1u << listed) - 1));
    }
}

/* The current block's comparison, by the caller (a block not marked
 * ahead): its marks merged with the caller's, then compared. */
static void compare_block(cg_octal_engine *e) {
    if (e->helped_start == e->block_start) { /* the caller's share of the pass */
        union_of_marks(e->block_hit, e->block_hit, e->helped_hit, e->block_heaps * e->block_size);
    }
    block_pass pass = block_pass_of(e, e->block_start, e->block_heaps, e->block_hit, e->block_lo,
                                    e->block_hi, true);
    compare_groups(&pass, 0, pass.groups, &e->compared);
    e->compared.start = e->block_start;
    e->compared.end = e->block_end;
}

/* Heap n's candidate from its compared values (compare_groups): the first
 * that neither the compared entries nor its table give, those given below
 * it marked. Where every one is given, the compared entries are marked and
 * the candidate is found as without comparing. */
static uint32_t compared_candidate(cg_octal_engine *e, size_t n) {
    size_t j = n - e->compared.start;
    unsigned listed = e->compared.count[j] == UNCOMPARED ? 0 : e->compared.count[j];
    for (unsigned c = 0; c < listed; c++) {
        uint16_t v = e->compared.values[j][c];
        if ((e->compared.hits[j] >> c) & 1) {
            e->hit[v] = 1;
        } else if (!e->hit[v]) {
            e->compared_heaps++;
            return v;
        }
    }
    if (listed < CG_OCTAL_COMPARED && e->compared.count[j] != UNCOMPARED) {
        /* every common value below the bound was listed and is given: the
         * candidate is past the bound, which no nim-sum reaches */
        e->compared_heaps++;
        return least_common_unmarked(e->common, e->hit, e->hit_size);
    }
    e->compared_fallbacks++;
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        if (!(e->code.digit[k] & 4) || n - k < 2) {
            continue;
        }
        for (size_t from = e->block_lo[k], to; from < e->block_hi[k]; from = to) {
            to = run_end(from, e->block_hi[k]);
            if (!entry_marked(from)) {
                CALL(e, rare_pairs, e->rare, n - k, from, to, e->hit);
            }
        }
    }
    return least_common_unmarked(e->common, e->hit, e->hit_size);
}

/* The sparse engine (see the header): the candidate from the splits with
 * a rare member, then the rare values below it from common-common splits.
 * blocked: the table holds the block's marks for heap n (see start_block). */
static uint32_t sparse_value(cg_octal_engine *e, size_t n, bool blocked) {
    single_heaps(e, n);
    unsigned sets = 1;
    if (blocked) {
        mark_block_rest(e, n);
    }
    for (size_t k = 0; !blocked && k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 4) && n - k >= 2) {
            sets = mark_splits(e, n - k, true, (d & CG_OCTAL_UNEQUAL) != 0, sets);
        }
    }
    /* the rest reads the caller's table alone */
    for (unsigned m = 1; m < sets; m++) {
        union_of_marks(e->hit, e->hit, e->hit + (size_t)m * e->hit_size, e->hit_size);
    }
    /* below 2 * bound: bound + the least common value is common */
    uint32_t candidate = blocked && e->block_compared
                             ? compared_candidate(e, n)
                             : least_common_unmarked(e->common, e->hit, e->hit_size);
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
     * sets: octal_scan.h), every split is scanned 32 or 64 at a time: the
     * witnesses found 0.13 % of the values it looks for on 0.6 to 2^21,
     * 0.07 % on 0.007 to 2^18, and cost more than they saved. Elsewhere the
     * first splits, scanned plainly, settle most heaps, the witnesses most
     * of the rest, and the others are scanned to the end. */
    size_t slot = n % CG_OCTAL_WITNESSES;
    bool by_set = set_scan_serves(e, candidate);
    size_t first = by_set ? 1 : FIRST_SPLITS;
    for (size_t k = 0; !by_set && missing > 0 && k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        size_t rest = n - k, end = scan_end(e, rest, d);
        if ((d & 4) && rest >= 2) {
            missing = CALL(e, common_pairs, rest, 1, end < FIRST_SPLITS ? end : FIRST_SPLITS,
                           e->hit, missing, e->witness, slot, &e->pairs);
        }
    }
    for (size_t k = 0; !by_set && missing > 0 && k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 4) && n - k >= 2) {
            missing =
                try_witnesses(e, n - k, (d & CG_OCTAL_UNEQUAL) != 0, candidate, missing, slot);
        }
    }
    for (size_t k = 0; missing > 0 && k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        size_t rest = n - k, end = scan_end(e, rest, d);
        if ((d & 4) && rest >= 2 && end > first) {
            missing = scan_to_end(e, rest, first, end, candidate, missing, slot);
        }
    }
    if (missing == 0) {
        return candidate;
    }
    if (scan_cut(e, n)) {
        return CUT_SHORT;
    }
    return mex(e->hit, candidate); /* the least rare value missing: a new rare position */
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

/* Record a value the engine computed (next_value): CUT_SHORT, a heap that
 * needs dropped values, is computed again with every value kept while
 * nothing was dropped, and an error after. Values from outside (a
 * checkpoint) go to record, where UINT32_MAX is refused like any value
 * past the tables. */
static cg_status record_computed(cg_octal_engine *e, uint32_t value, cg_error *err) {
    if (value == CUT_SHORT && cg_octal_store_fall_back(e)) {
        return CG_OK; /* nothing was dropped: the heap again (not recorded), every value kept */
    }
    if (value == CUT_SHORT || (e->store.windowed && e->store.spill == NULL && !sparse_now(e))) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "G(%zu) needs values the windowed store dropped (its head ends at "
                            "%zu); keep more with a larger --window-from",
                            e->count, e->store.head);
    }
    return record(e, value, err);
}

/* G(count): its table of options cleared, or filled from the block's. */
static uint32_t next_value(cg_octal_engine *e, bool sparse) {
    size_t m = e->count;
    bool blocked = sparse && in_block(e, m);
    if (blocked) {
        if (e->block_compared && (m < e->compared.start || m >= e->compared.end)) {
            compare_block(e);
        }
        size_t at = (m - e->block_start) * e->block_size;
        if (e->helped_start == e->block_start) {
            union_of_marks(e->hit, e->block_hit + at, e->helped_hit + at, e->block_size);
        } else {
            memcpy(e->hit, e->block_hit + at, e->block_size);
        }
        memset(e->hit + e->block_size, 0, e->hit_size - e->block_size);
    } else {
        memset(e->hit, 0, e->hit_size);
    }
    return m == 0 ? 0 : sparse ? sparse_value(e, m, blocked) : naive_value(e, m);
}

/* ---- blocks marked ahead ------------------------------------------------------ */

/* With threads, the next block's pass (the rare splits whose other heap is
 * known before the current block) runs on the crew while the caller
 * computes the heaps of the current block: the pass and the common scans,
 * each about half of a heap's time on 0.007, overlap. One crew round a
 * block. The pass is the longer part there (57 % of a heap's time on
 * 0.007 near 400,000), so the caller, its heaps done, takes over the
 * pass's stretches no member has begun: with that, a Treblecross board of
 * 10^6 empty cells on 2 threads took 14.2 s of wall time instead of 19.8
 * (bench/RESULTS.md). */
#define HELPED_MEMBERS 64 /* crew members whose stretches the caller can take over */

typedef struct ahead_round {
    cg_octal_engine *engine;
    block_pass pass;  /* the next block's */
    cg_status status; /* the caller's */
    cg_error *err;
    bool pending;   /* value was computed but not recorded: it widens the values */
    uint32_t value; /* the other threads read */
    /* The pass's units (pass_units), each crew member's next one for its
     * groups (claimed by the member or by the caller once its heaps are
     * done); the caller's in helped (NULL: it does not help), zeroed on its
     * first. */
    size_t units;
    atomic_size_t next_unit[HELPED_MEMBERS];
    /* Each member's units done (by it or by the caller), and those the
     * caller did: a member compares its groups (compared blocks) once all
     * are done, the caller's marks merged in first. */
    atomic_size_t units_done[HELPED_MEMBERS], units_helped[HELPED_MEMBERS];
    uint8_t *helped;
    bool helping;
    /* tests (cg_octal_engine.members_wait): the members wait until the
     * caller is done, so it takes over every stretch when it helps */
    bool members_wait;
    atomic_bool caller_done;
} ahead_round;

/* The caller's part of a round: the heaps up to the current block's end.
 * It stops before a value that would move the values to 32 bits (the pass
 * reads them) and leaves it pending. */
static void caller_heaps(ahead_round *r) {
    cg_octal_engine *e = r->engine;
    while (r->status == CG_OK && e->count < e->block_end) {
        uint32_t value = next_value(e, true);
        if (value > UINT16_MAX && e->wide == NULL) {
            r->pending = true;
            r->value = value;
            return;
        }
        r->status = record_computed(e, value, r->err);
    }
}

/* Crew member m's groups of the round's pass, first <= group < last: the
 * members past the caller share them. */
static void member_groups(const ahead_round *r, unsigned m, unsigned members, size_t *first,
                          size_t *last) {
    size_t groups = r->pass.groups, others = members - 1;
    *first = groups * (m - 1) / others;
    *last = groups * m / others;
}

/* The caller's help once its heaps are done: the stretches the members
 * have not claimed yet, in tables of its own (the members' are theirs
 * alone). Not while a value is pending: the current block's heaps are not
 * all computed, and they may still read the helped tables. */
static void help_members(ahead_round *r, unsigned members) {
    cg_octal_engine *e = r->engine;
    if (r->helped == NULL || r->status != CG_OK || r->pending || e->count != e->block_end) {
        return;
    }
    for (unsigned m = 1; m < members && m <= HELPED_MEMBERS; m++) {
        size_t first, last, unit;
        member_groups(r, m, members, &first, &last);
        while (first < last && /* a member without groups has nothing to help with */
               (unit = atomic_fetch_add_explicit(&r->next_unit[m - 1], 1, memory_order_relaxed)) <
                   r->units) {
            if (!r->helping) {
                memset(r->helped, 0, r->pass.groups * CG_OCTAL_BLOCK * r->pass.size);
                r->helping = true;
            }
            run_pass_unit(&r->pass, unit, first, last, r->helped);
            atomic_fetch_add_explicit(&r->units_helped[m - 1], 1, memory_order_relaxed);
            atomic_fetch_add_explicit(&r->units_done[m - 1], 1, memory_order_release);
        }
    }
}

/* Member's comparison of its groups first <= group < last (a compared
 * block), once every unit of theirs is done, the caller's marks for them
 * merged into the member's tables first: candidates from tables lacking
 * them were right but mostly given already, and 15-35 % of heaps fell
 * back to marking on 2 and 3 threads (a reviewer's measurement), against
 * 2 % on one. */
static void compare_member_groups(ahead_round *r, unsigned member, size_t first, size_t last) {
    while (atomic_load_explicit(&r->units_done[member - 1], memory_order_acquire) < r->units) {
        sched_yield(); /* the caller is finishing a unit of ours */
    }
    if (atomic_load_explicit(&r->units_helped[member - 1], memory_order_relaxed) > 0) {
        size_t at = first * CG_OCTAL_BLOCK * r->pass.size;
        size_t bytes = (last - first) * CG_OCTAL_BLOCK * r->pass.size;
        union_of_marks(r->pass.tables + at, r->pass.tables + at, r->helped + at, bytes);
    }
    compare_groups(&r->pass, first, last, &r->engine->compared_ahead);
}

static void ahead_task(void *context, unsigned member, unsigned members) {
    ahead_round *r = context;
    if (member == 0) {
        caller_heaps(r);
        help_members(r, members);
        atomic_store_explicit(&r->caller_done, true, memory_order_release);
        return;
    }
    /* tests alone: held back until the caller is done */
    while (r->members_wait && !atomic_load_explicit(&r->caller_done, memory_order_acquire)) {
    }
    size_t first, last;
    member_groups(r, member, members, &first, &last);
    if (member > HELPED_MEMBERS) {
        run_block_pass(&r->pass, first, last);
    } else {
        size_t unit;
        while ((unit = atomic_fetch_add_explicit(&r->next_unit[member - 1], 1,
                                                 memory_order_relaxed)) < r->units) {
            run_pass_unit(&r->pass, unit, first, last, r->pass.tables);
            atomic_fetch_add_explicit(&r->units_done[member - 1], 1, memory_order_relaxed);
        }
    }
    /* its groups' comparison, which would otherwise fall to the caller */
    if (r->pass.compared && first < last) {
        if (member > HELPED_MEMBERS) {
            compare_groups(&r->pass, first, last, &r->engine->compared_ahead);
        } else {
            compare_member_groups(r, member, first, last);
        }
    }
}

/* Whether the next block can be marked ahead: threads, a current block
 * starting at the next heap, and a next block of full groups before n + 1
 * and before the next choice of mask, which must not come within the
 * current block either (it rebuilds the rare list the pass reads). */
static bool ahead_fits(const cg_octal_engine *e, size_t n, size_t heaps) {
    size_t start = e->block_end;
    return e->threads > 1 && e->block_end > e->block_start && e->count == e->block_start &&
           e->bound == e->block_bound && start < e->next_choice && start + heaps <= n + 1 &&
           start + heaps <= e->next_choice;
}

/* Compute the current block's heaps while the crew marks the next block,
 * when that fits (else nothing is done: the caller goes heap by heap). */
static cg_status run_ahead(cg_octal_engine *e, size_t n, cg_error *err) {
    size_t heaps = CG_OCTAL_BLOCK * block_groups(e);
    if (!ahead_fits(e, n, heaps)) {
        return CG_OK;
    }
    if (e->crew == NULL) {
        e->crew = cg_crew_start(e->threads); /* NULL (no memory): the caller alone */
    }
    if (cg_crew_members(e->crew) < 2) {
        return CG_OK;
    }
    /* the caller appends at most a block of rare positions: room for them
     * now, so the list does not move while the pass reads it */
    cg_status st =
        cg_grow_within(e->budget, &e->rare, &e->rare_capacity, e->rare_count + e->block_heaps,
                       sizeof *e->rare, "listing rare positions", err);
    if (st == CG_OK) {
        st = block_tables(e, &e->ahead_hit, &e->ahead_held, heaps * (size_t)e->bound, true, err);
    }
    if (st != CG_OK) {
        return st;
    }
    /* The next block's heaps h = start..start + heaps - 1 pair rare r with
     * h - k - r, which is before the current block (known) when r >=
     * (current heaps) + heaps, and positive when r < start - k; the rare
     * list holds the positions before the current block. */
    size_t start = e->block_end, lo = rare_below(e, e->block_heaps + heaps), items = 0;
    for (size_t k = 0; k <= e->code.last; k++) {
        if (e->code.digit[k] & 4) {
            size_t hi = rare_below(e, start - k < e->count ? start - k : e->count);
            e->ahead_lo[k] = lo;
            e->ahead_hi[k] = hi > lo ? hi : lo;
            items += e->ahead_hi[k] - lo;
        }
    }
    e->pairs += (uint64_t)items * heaps;
    ahead_round r = {.engine = e,
                     .pass = block_pass_of(e, start, heaps, e->ahead_hit, e->ahead_lo, e->ahead_hi,
                                           compare_now(e, items)),
                     .status = CG_OK,
                     .err = err};
    r.units = pass_units(&r.pass);
    r.members_wait = e->members_wait;
    atomic_init(&r.caller_done, false);
    for (size_t m = 0; m < HELPED_MEMBERS; m++) {
        atomic_init(&r.next_unit[m], 0);
        atomic_init(&r.units_done[m], 0);
        atomic_init(&r.units_helped[m], 0);
    }
    /* the caller's own tables, zeroed when it first helps; without them
     * (no memory) it does not help */
    if (block_tables(e, &e->helped_hit, &e->helped_held, heaps * (size_t)e->bound, false, NULL) ==
        CG_OK) {
        r.helped = e->helped_hit;
    }
    e->in_round = true;
    cg_crew_run(e->crew, ahead_task, &r);
    e->in_round = false;
    if (r.helping) { /* else the helped tables still hold the current block's marks */
        e->helped_start = start;
        e->helped_rounds++;
    }
    e->ahead_start = start;
    e->ahead_end = start + heaps;
    e->ahead_heaps = heaps;
    e->ahead_bound = e->block_bound;
    e->ahead_mask = e->mask;
    e->ahead_compared = r.pass.compared;
    e->compared_ahead.start = start;
    e->compared_ahead.end = start + heaps;
    e->ahead_ready = true;
    if (r.status == CG_OK && r.pending) {
        r.status = record_computed(e, r.value, err);
    }
    return r.status;
}

cg_status cg_octal_engine_extend(cg_octal_engine *e, size_t n, cg_error *err) {
    cg_status st = reserve(e, n + 1, err);
    if (st == CG_OK) {
        st = grow_bound(e, 0, err);
    }
    bool three = splits_in_three(&e->code);
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
        bool sparse = e->method != CG_ENGINE_NAIVE && !three && e->mask != 0 &&
                      (e->method == CG_ENGINE_SPARSE || e->sparse_pays);
        if (sparse && m >= e->block_end && (st = start_block(e, n, err)) != CG_OK) {
            break;
        }
        if (sparse && (st = run_ahead(e, n, err)) != CG_OK) {
            break;
        }
        if (e->count == m) { /* not computed ahead */
            st = record_computed(e, next_value(e, sparse), err);
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
