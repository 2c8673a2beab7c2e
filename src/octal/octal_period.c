/* Long periods found while computing (see octal_period_internal.h). */
#include "octal/octal_period_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"

#define MULTIPLIER UINT64_C(0x9E3779B97F4A7C15) /* odd: the rolling hash's base */

void cg_period_watch_init(cg_period_watch *w, const cg_octal_code *code, cg_budget *budget) {
    memset(w, 0, sizeof *w);
    w->code = *code;
    w->budget = budget;
    w->power = 1;
    for (int i = 0; i < CG_PERIOD_BLOCK; i++) {
        w->power *= MULTIPLIER;
    }
}

void cg_period_watch_free(cg_period_watch *w) {
    free(w->keys);
    free(w->blocks);
    cg_budget_give(w->budget, w->slots, sizeof *w->keys + sizeof *w->blocks);
    cg_period_watch_init(w, &w->code, w->budget);
}

static size_t slot_of(const cg_period_watch *w, uint64_t key) {
    size_t slot = (size_t)(key >> 17) & (w->slots - 1);
    while (w->keys[slot] != 0 && w->keys[slot] != key) {
        slot = (slot + 1) & (w->slots - 1);
    }
    return slot;
}

/* Room for one more fingerprint (at most half the slots filled). */
static cg_status make_room(cg_period_watch *w, cg_error *err) {
    if (2 * (w->filled + 1) <= w->slots) {
        return CG_OK;
    }
    size_t slots = w->slots == 0 ? 1024 : 2 * w->slots;
    cg_status st = cg_budget_take(w->budget, slots, sizeof *w->keys + sizeof *w->blocks,
                                  "the period search's fingerprints", err);
    if (st != CG_OK) {
        return st;
    }
    uint64_t *keys = calloc(slots, sizeof *keys);
    size_t *blocks = malloc(slots * sizeof *blocks);
    if (keys == NULL || blocks == NULL) {
        free(keys);
        free(blocks);
        cg_budget_give(w->budget, slots, sizeof *w->keys + sizeof *w->blocks);
        return cg_error_nomem(err, "the period search's fingerprints");
    }
    uint64_t *old_keys = w->keys;
    size_t *old_blocks = w->blocks, old_slots = w->slots;
    w->keys = keys;
    w->blocks = blocks;
    w->slots = slots;
    for (size_t i = 0; i < old_slots; i++) {
        if (old_keys[i] != 0) {
            size_t s = slot_of(w, old_keys[i]);
            keys[s] = old_keys[i];
            blocks[s] = old_blocks[i];
        }
    }
    free(old_keys);
    free(old_blocks);
    cg_budget_give(w->budget, old_slots, sizeof *w->keys + sizeof *w->blocks);
    return CG_OK;
}

/* Whether period or a divisor of it is followed already: in a periodic
 * stretch the windows match blocks k periods back too, and a multiple's
 * proof would walk the whole stretch back again and again. */
static bool following(const cg_period_watch *w, size_t period) {
    for (size_t i = 0; i < w->candidates; i++) {
        if (period % w->candidate[i].period == 0) {
            return true;
        }
    }
    return false;
}

/* The window G(n - CG_PERIOD_BLOCK + 1..n) just hashed: propose the block
 * it matches, and file it when it is a block. */
static cg_status look_up(cg_period_watch *w, size_t n, cg_error *err) {
    uint64_t key = w->window != 0 ? w->window : 1;
    size_t first = n + 1 - CG_PERIOD_BLOCK;
    if (w->slots > 0) {
        size_t s = slot_of(w, key);
        if (w->keys[s] == key && w->blocks[s] < first && w->candidates < CG_PERIOD_CANDIDATES &&
            !following(w, first - w->blocks[s])) {
            w->candidate[w->candidates++] =
                (cg_period_candidate){first - w->blocks[s], n + 1, 0, false};
        }
    }
    if ((n + 1) % CG_PERIOD_BLOCK != 0) {
        return CG_OK;
    }
    cg_status st = make_room(w, err);
    if (st == CG_OK) {
        size_t s = slot_of(w, key);
        w->filled += w->keys[s] == 0;
        w->keys[s] = key;
        w->blocks[s] = first;
    }
    return st;
}

/* The first index from which G(n + p) = G(n), knowing it holds from
 * below on (direct comparisons back from there). */
static size_t walk_back(const void *values, cg_value_at at, size_t p, size_t below) {
    size_t e = below;
    while (e > 0 && at(values, e - 1 + p) == at(values, e - 1)) {
        e--;
    }
    return e;
}

/* Candidate c proven at count: the least divisor of its period that the
 * bound proves too, with its own start (a divisor's periodic stretch may
 * begin later than its multiple's, so each is walked back from the end). */
static void prove(cg_period_watch *w, const cg_period_candidate *c, const void *values,
                  cg_value_at at, size_t count) {
    size_t p = c->period, root = 1;
    while ((root + 1) * (root + 1) <= p) {
        root++;
    }
    /* the divisors in increasing order: d up to the root, then p / d down */
    for (size_t i = 1; i <= 2 * root; i++) {
        size_t d = i <= root ? i : p / (2 * root + 1 - i);
        bool divides = i <= root ? p % d == 0 : p % (2 * root + 1 - i) == 0;
        if (!divides) {
            continue;
        }
        size_t start = d == p ? c->start : walk_back(values, at, d, count - d);
        if (2 * start + 2 * d + w->code.last + (start == 0) <= count) {
            w->period = d;
            w->preperiod = start;
            return;
        }
    }
}

cg_status cg_period_watch_feed(cg_period_watch *w, const void *values, cg_value_at at, size_t count,
                               size_t *period, size_t *preperiod, cg_error *err) {
    cg_status st = CG_OK;
    bool unequal = cg_octal_unequal(&w->code);
    for (size_t n = w->fed; st == CG_OK && !unequal && w->period == 0 && n < count; n++) {
        uint64_t v = at(values, n);
        w->window = w->window * MULTIPLIER + v + 1;
        if (n >= CG_PERIOD_BLOCK) {
            w->window -= (at(values, n - CG_PERIOD_BLOCK) + 1) * w->power;
        }
        for (size_t i = 0; i < w->candidates;) {
            cg_period_candidate *c = &w->candidate[i];
            if (n >= c->since && at(values, n - c->period) != v) {
                *c = w->candidate[--w->candidates]; /* not a period: dropped */
            } else {
                i++;
            }
        }
        if (n + 1 >= CG_PERIOD_BLOCK) {
            st = look_up(w, n, err);
        }
        w->fed = n + 1;
    }
    for (size_t i = 0; st == CG_OK && w->period == 0 && i < w->candidates; i++) {
        cg_period_candidate *c = &w->candidate[i];
        if (!c->started && c->since < w->fed) {
            c->start = walk_back(values, at, c->period, c->since - c->period);
            c->started = true;
        }
        /* only once its own bound holds (prove checks each divisor's): each
         * attempt walks the divisors back from the end */
        if (c->started && 2 * c->start + 2 * c->period + w->code.last + (c->start == 0) <= w->fed) {
            prove(w, c, values, at, w->fed);
        }
    }
    *period = w->period;
    *preperiod = w->preperiod;
    return st;
}

cg_status cg_octal_search_period(cg_period_watch *w, const void *values, cg_value_at at,
                                 size_t count, size_t *period, size_t *preperiod, cg_error *err) {
    size_t pre = 0, watched = 0, watched_pre = 0;
    size_t p = cg_octal_find_period_upto(values, at, count, &w->code, CG_SHORT_PERIODS, &pre);
    cg_status st = cg_period_watch_feed(w, values, at, count, &watched, &watched_pre, err);
    if (st == CG_OK && watched != 0 && (p == 0 || watched < p)) {
        p = watched;
        pre = watched_pre;
    }
    *period = st == CG_OK ? p : 0;
    *preperiod = st == CG_OK ? pre : 0;
    return st;
}
