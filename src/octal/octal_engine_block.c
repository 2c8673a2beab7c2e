/* The sparse engine's blocks (octal_engine_internal.h): the rare splits of up to
 * CG_OCTAL_BLOCK * CG_OCTAL_GROUPS heaps marked in one pass over the rare
 * list, and where that list is long, half of it compared instead of marked
 * (octal_compare_internal.h). */
#include "octal/octal_engine_parts_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/clock_internal.h"
#include "octal/octal_compare_internal.h"

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
size_t cg_octal_block_groups(const cg_octal_engine *e) {
    size_t groups = 1;
    while (groups < CG_OCTAL_GROUPS &&
           2 * groups * CG_OCTAL_BLOCK * (size_t)e->bound <= BLOCK_TABLE_BYTES) {
        groups *= 2;
    }
    return groups;
}

/* The pass of a block of heaps from start: its tables, the rare list's
 * entries lo[k] <= i < hi[k] per split digit k, and the engine's values,
 * rare list, bound and mask as they are now. */
cg_octal_block_pass cg_octal_block_pass_of(const cg_octal_engine *e, size_t start, size_t heaps,
                                           uint8_t *tables, const size_t *lo, const size_t *hi,
                                           bool compared) {
    return (cg_octal_block_pass){
        &e->code, e->narrow, e->wide, e->rare, start,    heaps / CG_OCTAL_BLOCK,
        e->bound, tables,    lo,      hi,      compared, e->mask};
}

/* Where a block is compared (octal_compare_internal.h), the rare list's entries come
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
static void mark_stretch(const cg_octal_block_pass *p, size_t k, size_t from, size_t to,
                         size_t first, size_t last, uint8_t *tables) {
    for (size_t start = from, end; start < to; start = end) {
        end = p->compared ? run_end(start, to) : to;
        if (p->compared && !entry_marked(start)) {
            continue;
        }
        for (size_t group = first; group < last; group++) {
            size_t heap = group * CG_OCTAL_BLOCK; /* the group's first, in the block */
            uint8_t *group_tables = tables + heap * p->size;
            if (p->wide != NULL) {
                cg_octal_block_rare_pairs_32(p->wide, p->rare, start, end, p->start + heap - k,
                                             group_tables, p->size);
            } else {
                cg_octal_block_rare_pairs_16(p->narrow, p->rare, start, end, p->start + heap - k,
                                             group_tables, p->size);
            }
        }
    }
}

/* Split digit k's stretches in the pass. */
static size_t stretches_of(const cg_octal_block_pass *p, size_t k) {
    return p->code->digit[k] & 4 ? (p->hi[k] - p->lo[k] + BLOCK_STRETCH - 1) / BLOCK_STRETCH : 0;
}

/* The pass's units: its stretches of the rare list, split digit by split
 * digit. */
size_t cg_octal_pass_units(const cg_octal_block_pass *p) {
    size_t units = 0;
    for (size_t k = 0; k <= p->code->last; k++) {
        units += stretches_of(p, k);
    }
    return units;
}

/* Unit unit of the pass (see cg_octal_pass_units) for groups first <= group < last,
 * in tables. */
void cg_octal_run_pass_unit(const cg_octal_block_pass *p, size_t unit, size_t first, size_t last,
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
void cg_octal_run_block_pass(const cg_octal_block_pass *p, size_t first, size_t last) {
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
    const cg_octal_block_pass *p = context;
    cg_octal_run_block_pass(p, p->groups * member / members, p->groups * (member + 1) / members);
}

/* The block's pass, its heaps shared among the crew when the pass is long
 * and sharing pays (timed as heaps' splits are, see cg_octal_share_this_heap). */
static void mark_block_shared(cg_octal_engine *e, size_t items) {
    cg_octal_block_pass pass = cg_octal_block_pass_of(e, e->count, e->block_heaps, e->block_hit,
                                                      e->block_lo, e->block_hi, e->block_compared);
    if (e->threads > 1 && items >= CG_OCTAL_SHARED_SPLITS && e->crew == NULL) {
        e->crew = cg_crew_start(e->threads, e->budget); /* NULL (no memory): the caller alone */
    }
    bool timed = false;
    unsigned members = cg_crew_members(e->crew);
    if (members == 1 || items < CG_OCTAL_SHARED_SPLITS ||
        e->block_heaps < (size_t)CG_OCTAL_BLOCK * members || !cg_octal_share_this_heap(e, &timed)) {
        double start = timed ? cg_seconds() : 0;
        mark_block_share(&pass, 0, 1);
        if (timed) {
            cg_octal_record_sample(e, false, items, cg_seconds() - start);
        }
        return;
    }
    double start = timed ? cg_seconds() : 0;
    cg_crew_run(e->crew, mark_block_share, &pass);
    if (timed) {
        cg_octal_record_sample(e, true, items, cg_seconds() - start);
    }
}

/* Tables of bytes for a block at *tables, held (*held bytes) in the
 * budget; zeroed when zero is set. */
cg_status cg_octal_block_tables(cg_octal_engine *e, uint8_t **tables, size_t *held, size_t bytes,
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
 * the others (octal_compare_internal.h): where the comparison is vectorised, for
 * 16-bit values and a long rare list. */
bool cg_octal_compare_now(const cg_octal_engine *e, size_t items) {
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
 * by heap (see cg_octal_sparse_value). */
cg_status cg_octal_start_block(cg_octal_engine *e, size_t n, cg_error *err) {
    size_t m = e->count, heaps = CG_OCTAL_BLOCK * cg_octal_block_groups(e), end = m + heaps;
    e->compared.start = e->compared.end = 0;
    if (take_ahead(e)) {
        return CG_OK;
    }
    e->block_start = e->block_end = m;
    if (end > n + 1 || end > e->next_choice) {
        heaps = CG_OCTAL_BLOCK; /* near the end or the next choice: one group */
        end = m + heaps;
    }
    if (m < BLOCK_FROM || end > n + 1 || end > e->next_choice || !cg_octal_blocks_fit(&e->code)) {
        return CG_OK;
    }
    /* nim-sums of values below bound are below it: a table of bound bytes */
    size_t bytes = heaps * (size_t)e->bound;
    cg_status st = cg_octal_block_tables(e, &e->block_hit, &e->block_held, bytes, true, err);
    if (st != CG_OK) {
        return st;
    }
    e->block_size = e->bound;
    e->block_heaps = heaps;
    size_t lo = cg_octal_rare_below(e, heaps), items = 0;
    for (size_t k = 0; k <= e->code.last; k++) {
        if (e->code.digit[k] & 4) {
            size_t hi = cg_octal_rare_below(e, m - k);
            e->block_lo[k] = lo;
            e->block_hi[k] = hi > lo ? hi : lo;
            items += e->block_hi[k] - lo;
        }
    }
    e->block_compared = cg_octal_compare_now(e, items);
    e->pairs += (uint64_t)items * heaps;
    mark_block_shared(e, items);
    e->block_end = end;
    e->block_bound = e->bound;
    return CG_OK;
}

/* Whether heap m's rare splits are mostly marked in the block's table: the
 * tables indexed by value have not grown since the block's pass. */
bool cg_octal_in_block(const cg_octal_engine *e, size_t m) {
    return m >= e->block_start && m < e->block_end && e->bound == e->block_bound;
}

/* The rare splits of heap n the block's pass left: the rare list's entries
 * before block_lo and from block_hi on. */
void cg_octal_mark_block_rest(cg_octal_engine *e, size_t n) {
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        if ((e->code.digit[k] & 4) && n - k >= 2) {
            size_t rest = n - k, below = cg_octal_rare_below(e, rest);
            size_t lo = e->block_lo[k] < below ? e->block_lo[k] : below;
            size_t hi = e->block_hi[k] > lo ? e->block_hi[k] : lo;
            CG_OCTAL_CALL(e, rare_pairs, e->rare, rest, 0, lo, e->hit);
            if (hi < below) {
                CG_OCTAL_CALL(e, rare_pairs, e->rare, rest, hi, below, e->hit);
            }
            e->pairs += lo + (hi < below ? below - hi : 0);
        }
    }
}

/* ---- the compared half (octal_compare_internal.h) ------------------------------------ */

#define COMPARED_CHUNKS (CG_OCTAL_BLOCK * CG_OCTAL_GROUPS / CG_OCTAL_COMPARED_HEAPS)
#define UNCOMPARED UINT8_MAX /* a heap's count of values: none were compared */

/* Compare the entries of a pass not marked (see entry_marked) with the
 * least common values the marked ones leave, for its heaps of groups first
 * <= group < last, into out (the pass's 16-bit values), a run of entries
 * at a time (its values stay in the cache for the next chunk of heaps).
 * The marks read may lack some (those the caller took over, in tables of
 * its own): a heap's values are then fewer of the right ones, never wrong
 * ones, since its candidate is checked against its whole table (see
 * cg_octal_compared_candidate). The splits of compared entries whose other heap is
 * rare too give rare values, left to the common scan: marking them here (a
 * walk of the rare list per entry) cost a fifth of 0.007's time, more than
 * the scan spends finding them. */
void cg_octal_compare_groups(const cg_octal_block_pass *p, size_t first, size_t last,
                             cg_octal_compared *out) {
    size_t from_heap = first * CG_OCTAL_BLOCK, heaps = (last - first) * CG_OCTAL_BLOCK;
    uint64_t low = cg_octal_common_of_64(p->mask);
    for (size_t j = from_heap; j < from_heap + heaps; j++) {
        /* 32-bit values are never compared (cg_octal_compare_now): so marked, each
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
void cg_octal_compare_block(cg_octal_engine *e) {
    if (e->helped_start == e->block_start) { /* the caller's share of the pass */
        cg_octal_union_of_marks(e->block_hit, e->block_hit, e->helped_hit,
                                e->block_heaps * e->block_size);
    }
    cg_octal_block_pass pass = cg_octal_block_pass_of(e, e->block_start, e->block_heaps,
                                                      e->block_hit, e->block_lo, e->block_hi, true);
    cg_octal_compare_groups(&pass, 0, pass.groups, &e->compared);
    e->compared.start = e->block_start;
    e->compared.end = e->block_end;
}

/* Heap n's candidate from its compared values (cg_octal_compare_groups): the first
 * that neither the compared entries nor its table give, those given below
 * it marked. Where every one is given, the compared entries are marked and
 * the candidate is found as without comparing. */
uint32_t cg_octal_compared_candidate(cg_octal_engine *e, size_t n) {
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
        return cg_octal_least_common_unmarked(e->common, e->hit, e->hit_size);
    }
    e->compared_fallbacks++;
    for (size_t k = 0; k <= e->code.last && k <= n; k++) {
        if (!(e->code.digit[k] & 4) || n - k < 2) {
            continue;
        }
        for (size_t from = e->block_lo[k], to; from < e->block_hi[k]; from = to) {
            to = run_end(from, e->block_hi[k]);
            if (!entry_marked(from)) {
                CG_OCTAL_CALL(e, rare_pairs, e->rare, n - k, from, to, e->hit);
            }
        }
    }
    return cg_octal_least_common_unmarked(e->common, e->hit, e->hit_size);
}
