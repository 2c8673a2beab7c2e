#include "cgsolve/octal_engine.h"

#include <stdlib.h>
#include <string.h>

#include "cgsolve/grow.h"

#define FIRST_CHOICE 1024 /* the sparse engine's first mask, at this many values */
#define AUTO_SPARSE 4096  /* auto: naive below this many values */
#define RARE_SHARE 20     /* auto: sparse while fewer than 1 in RARE_SHARE positions are rare */

void cg_octal_engine_init(cg_octal_engine *e, const cg_octal_code *code, cg_engine_method method,
                          cg_budget *budget) {
    memset(e, 0, sizeof *e);
    e->code = *code;
    e->method = method;
    e->budget = budget;
    e->bound = 1;
    e->next_choice = method == CG_ENGINE_AUTO ? AUTO_SPARSE : FIRST_CHOICE;
}

void cg_octal_engine_free(cg_octal_engine *e) {
    free(e->narrow);
    free(e->wide);
    cg_budget_give(e->budget, e->held, 1);
    free(e->seen);
    free(e->common);
    free(e->histogram);
    cg_budget_give(e->budget, e->tables_held, 1);
    free(e->rare);
    cg_budget_give(e->budget, e->rare_capacity, sizeof *e->rare);
    cg_octal_engine_init(e, &e->code, e->method, e->budget);
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

/* ---- the values, 16 or 32 bits wide ------------------------------------- */

static cg_status reserve(cg_octal_engine *e, size_t n, cg_error *err) {
    if (n <= e->capacity) {
        return CG_OK;
    }
    size_t capacity = e->capacity < 1024 ? 1024 : e->capacity;
    while (capacity < n) {
        capacity *= 2;
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

/* The bytes of the tables indexed by value for bound: the mex set and the
 * common flags cover nim-sums (below 2 * bound), the histogram values. */
static size_t value_table_bytes(uint32_t bound) {
    size_t words = ((size_t)bound * 2 + 63) / 64;
    return words * sizeof(uint64_t) + (size_t)bound * 2 + (size_t)bound * sizeof(uint64_t);
}

/* The tables indexed by value grow with bound (values and nim-sums below it).
 * Both sizes stay in the budget while realloc may hold both, and after a
 * failure midway (the tables already grown keep their new size). */
static cg_status grow_bound(cg_octal_engine *e, uint32_t value, cg_error *err) {
    uint32_t bound = e->bound;
    while (value >= bound) {
        bound *= 2;
    }
    if (bound == e->bound && e->seen != NULL) {
        return CG_OK;
    }
    size_t bytes = value_table_bytes(bound);
    cg_status st = cg_budget_take(e->budget, bytes, 1, "the Grundy engine's tables", err);
    if (st != CG_OK) {
        return st;
    }
    e->tables_held += bytes;
    size_t old = e->histogram != NULL ? e->bound : 0; /* histogram entries kept */
    size_t words = ((size_t)bound * 2 + 63) / 64;
    uint64_t *seen = realloc(e->seen, words * sizeof *seen);
    if (seen == NULL) {
        return cg_error_nomem(err, "growing the Grundy engine's tables");
    }
    e->seen = seen;
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
    e->seen_words = words;
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
        e->rare[e->rare_count++] = (uint32_t)position;
    }
    return st;
}

/* ---- the mask ------------------------------------------------------------- */

/* The mask with the fewest rare positions: the Walsh-Hadamard transform of
 * the value histogram gives, for every mask m, (rare - common) positions. */
static uint32_t best_mask(const cg_octal_engine *e, int64_t *transform) {
    uint32_t n = e->bound;
    for (uint32_t v = 0; v < n; v++) {
        transform[v] = (int64_t)e->histogram[v];
    }
    for (uint32_t len = 1; len < n; len *= 2) {
        for (uint32_t i = 0; i < n; i += 2 * len) {
            for (uint32_t j = i; j < i + len; j++) {
                int64_t a = transform[j], b = transform[j + len];
                transform[j] = a + b;
                transform[j + len] = a - b;
            }
        }
    }
    uint32_t best = 0;
    for (uint32_t m = 1; m < n; m++) {
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
    e->mask = best_mask(e, transform);
    free(transform);
    cg_budget_give(e->budget, e->bound, sizeof *transform);
    classify_values(e);
    e->rare_count = 0;
    for (size_t i = 1; i < e->count; i++) {
        if (!e->common[cg_octal_engine_at(e, i)]) {
            cg_status st = add_rare(e, i, err);
            if (st != CG_OK) {
                return st;
            }
        }
    }
    /* auto: the rare pairs cost the rare share of every heap's splits, and
     * the common-common scans come on top: rare/common pays only when rare
     * positions are few (measured: 0.007 with 14 % rare runs 4.5 times
     * slower than the definition, 0.6 with 0.6 % 4.9 times faster) */
    e->sparse_pays = e->rare_count * RARE_SHARE < e->count;
    return CG_OK;
}

/* ---- one heap --------------------------------------------------------------- */

#define MARK(seen, v) ((seen)[(v) >> 6] |= (uint64_t)1 << ((v)&63))
#define SEEN(seen, v) (((seen)[(v) >> 6] >> ((v)&63)) & 1)

/* The hot loops, once for 16-bit and once for 32-bit values. */
#define DEFINE_LOOPS(T, W)                                                                         \
    /* Mark every a + b = rest split (1 <= a <= b). */                                             \
    static void pairs_##W(const T *g, size_t rest, uint64_t *seen) {                               \
        for (size_t a = 1; a <= rest / 2; a++) {                                                   \
            uint32_t v = (uint32_t)g[a] ^ g[rest - a];                                             \
            MARK(seen, v);                                                                         \
        }                                                                                          \
    }                                                                                              \
    /* Mark every split in three a + b + c = rest, a <= b <= c. */                                 \
    static void triples_##W(const T *g, size_t rest, uint64_t *seen) {                             \
        for (size_t a = 1; 3 * a <= rest; a++) {                                                   \
            for (size_t b = a; a + 2 * b <= rest; b++) {                                           \
                uint32_t v = (uint32_t)g[a] ^ g[b] ^ g[rest - a - b];                              \
                MARK(seen, v);                                                                     \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    /* Mark the splits with a rare member r (each rare r < rest). */                               \
    static void rare_pairs_##W(const T *g, const uint32_t *rare, size_t count, size_t rest,        \
                               uint64_t *seen) {                                                   \
        for (size_t i = 0; i < count && rare[i] < rest; i++) {                                     \
            uint32_t v = (uint32_t)g[rare[i]] ^ g[rest - rare[i]];                                 \
            MARK(seen, v);                                                                         \
        }                                                                                          \
    }                                                                                              \
    /* Common-common splits give rare values: mark those below limit that are                      \
     * missing, until none is; returns how many are still missing. */                              \
    static size_t common_pairs_##W(const T *g, const uint8_t *common, size_t rest, uint32_t limit, \
                                   uint64_t *seen, size_t missing, uint64_t *pairs) {              \
        size_t a = 1;                                                                              \
        for (; a <= rest / 2 && missing > 0; a++) {                                                \
            T x = g[a], y = g[rest - a];                                                           \
            uint32_t v = (uint32_t)x ^ y;                                                          \
            if (common[x] && common[y] && v < limit && !SEEN(seen, v)) {                           \
                MARK(seen, v);                                                                     \
                missing--;                                                                         \
            }                                                                                      \
        }                                                                                          \
        *pairs += a;                                                                               \
        return missing;                                                                            \
    }

DEFINE_LOOPS(uint16_t, 16)
DEFINE_LOOPS(uint32_t, 32)

#define CALL(e, loop, ...)                                                                         \
    ((e)->wide != NULL ? loop##_32((e)->wide, __VA_ARGS__) : loop##_16((e)->narrow, __VA_ARGS__))

/* The moves that leave nothing or one heap. */
static void single_heaps(cg_octal_engine *e, size_t n) {
    for (size_t k = 1; k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 1) && n == k) {
            MARK(e->seen, 0);
        }
        if ((d & 2) && n > k) {
            uint32_t v = cg_octal_engine_at(e, n - k);
            MARK(e->seen, v);
        }
    }
}

static uint32_t mex(const uint64_t *seen, size_t words) {
    for (size_t w = 0; w < words; w++) {
        if (~seen[w] != 0) {
            return (uint32_t)(w * 64 + (size_t)__builtin_ctzll(~seen[w]));
        }
    }
    return (uint32_t)(words * 64);
}

static uint32_t naive_value(cg_octal_engine *e, size_t n) {
    single_heaps(e, n);
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        unsigned d = e->code.digit[k];
        if ((d & 4) && n - k >= 2) {
            CALL(e, pairs, n - k, e->seen);
            e->pairs += (n - k) / 2;
        }
        if ((d & 8) && n - k >= 3) {
            CALL(e, triples, n - k, e->seen);
        }
    }
    return mex(e->seen, e->seen_words);
}

/* The rare/common way (see the header): the candidate from the splits with
 * a rare member, then the rare values below it from common-common splits. */
static uint32_t sparse_value(cg_octal_engine *e, size_t n) {
    single_heaps(e, n);
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        if ((e->code.digit[k] & 4) && n - k >= 2) {
            CALL(e, rare_pairs, e->rare, e->rare_count, n - k, e->seen);
            e->pairs += e->rare_count;
        }
    }
    uint32_t candidate = 0;
    while (!e->common[candidate] || SEEN(e->seen, candidate)) {
        candidate++; /* below 2 * bound: bound + the least common value is common */
    }
    size_t missing = 0;
    for (uint32_t v = 0; v < candidate; v++) {
        missing += !e->common[v] && !SEEN(e->seen, v);
    }
    for (size_t k = 0; missing > 0 && k <= e->code.last && k <= n; k++) {
        if ((e->code.digit[k] & 4) && n - k >= 2) {
            missing =
                CALL(e, common_pairs, e->common, n - k, candidate, e->seen, missing, &e->pairs);
        }
    }
    if (missing == 0) {
        return candidate;
    }
    uint32_t v = 0;
    while (e->common[v] || SEEN(e->seen, v)) {
        v++; /* the least rare value missing: a new rare position */
    }
    return v;
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
    return st;
}

cg_status cg_octal_engine_extend(cg_octal_engine *e, size_t n, cg_error *err) {
    cg_status st = reserve(e, n + 1, err);
    if (st == CG_OK) {
        st = grow_bound(e, 0, err);
    }
    bool three = splits_in_three(&e->code);
    while (st == CG_OK && e->count <= n) {
        size_t m = e->count;
        memset(e->seen, 0, e->seen_words * sizeof *e->seen);
        bool sparse = e->method != CG_ENGINE_NAIVE && !three && e->mask != 0 &&
                      (e->method == CG_ENGINE_SPARSE || e->sparse_pays);
        uint32_t value = m == 0 ? 0 : sparse ? sparse_value(e, m) : naive_value(e, m);
        st = record(e, value, err);
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
