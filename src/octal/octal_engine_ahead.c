/* Blocks marked ahead (octal_engine_internal.h): with threads, the next block's
 * pass runs on the crew while the caller computes the current block's
 * heaps. */
#include "octal/octal_engine_parts_internal.h"

#include <sched.h>
#include <stdatomic.h>
#include <string.h>

#include "core/grow_internal.h"

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
    cg_octal_block_pass pass; /* the next block's */
    cg_status status;         /* the caller's */
    cg_error *err;
    bool pending;   /* value was computed but not recorded: it widens the values */
    uint32_t value; /* the other threads read */
    /* The pass's units (cg_octal_pass_units), each crew member's next one for its
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
        uint32_t value = cg_octal_next_value(e, true);
        if (value > UINT16_MAX && e->wide == NULL) {
            r->pending = true;
            r->value = value;
            return;
        }
        r->status = cg_octal_record_computed(e, value, r->err);
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
            cg_octal_run_pass_unit(&r->pass, unit, first, last, r->helped);
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
        cg_octal_union_of_marks(r->pass.tables + at, r->pass.tables + at, r->helped + at, bytes);
    }
    cg_octal_compare_groups(&r->pass, first, last, &r->engine->compared_ahead);
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
        cg_octal_run_block_pass(&r->pass, first, last);
    } else {
        size_t unit;
        while ((unit = atomic_fetch_add_explicit(&r->next_unit[member - 1], 1,
                                                 memory_order_relaxed)) < r->units) {
            cg_octal_run_pass_unit(&r->pass, unit, first, last, r->pass.tables);
            atomic_fetch_add_explicit(&r->units_done[member - 1], 1, memory_order_relaxed);
        }
    }
    /* its groups' comparison, which would otherwise fall to the caller */
    if (r->pass.compared && first < last) {
        if (member > HELPED_MEMBERS) {
            cg_octal_compare_groups(&r->pass, first, last, &r->engine->compared_ahead);
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
cg_status cg_octal_run_ahead(cg_octal_engine *e, size_t n, cg_error *err) {
    size_t heaps = CG_OCTAL_BLOCK * cg_octal_block_groups(e);
    if (!ahead_fits(e, n, heaps)) {
        return CG_OK;
    }
    if (e->crew == NULL) {
        e->crew = cg_crew_start(e->threads, e->budget); /* NULL (no memory): the caller alone */
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
        st = cg_octal_block_tables(e, &e->ahead_hit, &e->ahead_held, heaps * (size_t)e->bound, true,
                                   err);
    }
    if (st != CG_OK) {
        return st;
    }
    /* The next block's heaps h = start..start + heaps - 1 pair rare r with
     * h - k - r, which is before the current block (known) when r >=
     * (current heaps) + heaps, and positive when r < start - k; the rare
     * list holds the positions before the current block. */
    size_t start = e->block_end, lo = cg_octal_rare_below(e, e->block_heaps + heaps), items = 0;
    for (size_t k = 0; k <= e->code.last; k++) {
        if (e->code.digit[k] & 4) {
            size_t hi = cg_octal_rare_below(e, start - k < e->count ? start - k : e->count);
            e->ahead_lo[k] = lo;
            e->ahead_hi[k] = hi > lo ? hi : lo;
            items += e->ahead_hi[k] - lo;
        }
    }
    e->pairs += (uint64_t)items * heaps;
    ahead_round r = {.engine = e,
                     .pass = cg_octal_block_pass_of(e, start, heaps, e->ahead_hit, e->ahead_lo,
                                                    e->ahead_hi, cg_octal_compare_now(e, items)),
                     .status = CG_OK,
                     .err = err};
    r.units = cg_octal_pass_units(&r.pass);
    r.members_wait = e->members_wait;
    atomic_init(&r.caller_done, false);
    for (size_t m = 0; m < HELPED_MEMBERS; m++) {
        atomic_init(&r.next_unit[m], 0);
        atomic_init(&r.units_done[m], 0);
        atomic_init(&r.units_helped[m], 0);
    }
    /* the caller's own tables, zeroed when it first helps; without them
     * (no memory) it does not help */
    if (cg_octal_block_tables(e, &e->helped_hit, &e->helped_held, heaps * (size_t)e->bound, false,
                              NULL) == CG_OK) {
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
        r.status = cg_octal_record_computed(e, r.value, err);
    }
    return r.status;
}
