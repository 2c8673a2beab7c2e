/* Misère sums settled by the solver, else by a kept quotient (see
 * misere_settle_internal.h). */
#include "octal/misere_settle_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"

void cg_misere_settler_init(cg_misere_settler *t, cg_misere_solver *solver) {
    memset(t, 0, sizeof *t);
    t->solver = solver;
    t->budget = solver != NULL ? cg_misere_budget(solver) : NULL;
}

/* The quotient only: the kept moves stay for the next sum. */
static void drop_quotient(cg_misere_settler *t) {
    if (t->has_quotient) {
        cg_misere_quotient_free(&t->quotient);
    }
    t->has_quotient = false;
}

void cg_misere_settler_free(cg_misere_settler *t) {
    drop_quotient(t);
    cg_budget_give(t->budget, t->kept_capacity, sizeof *t->kept);
    free(t->kept);
    t->kept = NULL;
    t->kept_count = t->kept_capacity = 0;
}

const char *cg_misere_how_name(cg_misere_how how) {
    return how == CG_SETTLED_BY_TAME_RULE ? "tame-rule"
           : how == CG_SETTLED_BY_SEARCH  ? "search"
                                          : "quotient";
}

static size_t largest_of(const size_t *heaps, size_t count) {
    size_t largest = 0;
    for (size_t i = 0; i < count; i++) {
        largest = heaps[i] > largest ? heaps[i] : largest;
    }
    return largest;
}

/* Every heap analysed and tame: the solver's rule answers at once. */
static bool all_tame(const cg_misere_solver *solver, const size_t *heaps, size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (heaps[i] >= cg_misere_count(solver) || !cg_misere_heap_at(solver, heaps[i]).tame) {
            return false;
        }
    }
    return true;
}

static bool quotient_covers(const cg_misere_settler *t, size_t largest) {
    return t->has_quotient && (largest <= t->quotient.heaps || t->quotient.complete);
}

/* The quotients of heaps up to 0, 1, 2, ... each from the one before,
 * until one is complete or, with `upto`, covers heaps up to it: CG_OK with
 * it kept, else why not in why, the last one proven kept all the same (it
 * answers the sums of smaller heaps), and a chain past a limit remembered
 * so that no later sum builds it again. */
static cg_status chain_quotient(cg_misere_settler *t, size_t upto, bool want_complete,
                                cg_error *why) {
    drop_quotient(t);
    cg_misere_quotient q;
    cg_status st = cg_misere_quotient_chain(t->solver, want_complete ? CG_QUOTIENT_MAX_HEAPS : upto,
                                            CG_MISERE_SETTLE_MAX_ORDER, CG_MISERE_SETTLE_MAX_STATES,
                                            NULL, NULL, &q, why);
    if (q.order > 0) { /* a proven one (order 0: none) */
        t->quotient = q;
        t->has_quotient = true;
    }
    if (st == CG_OK && want_complete && !q.complete) {
        st = cg_error_set(why, CG_ERR_LIMIT, "the quotient of heaps up to %d is not complete",
                          CG_QUOTIENT_MAX_HEAPS);
        t->no_complete = true;
    } else if (st == CG_ERR_LIMIT) {
        t->stuck = true;
        t->stuck_at = q.order > 0 ? q.heaps + 1 : 0;
        t->no_complete = true;
    }
    if (st == CG_ERR_LIMIT) {
        snprintf(t->stuck_why, sizeof t->stuck_why, "%s", why->message);
    }
    return st;
}

/* A heap the solver cannot hold (its heaps are 16-bit). */
static cg_status past_search(size_t largest, cg_error *err) {
    return cg_error_set(err, CG_ERR_LIMIT, "heap %zu is past the search's heaps (up to %u)",
                        largest, CG_MISERE_MAX_HEAP);
}

/* After the solver gave up (st, its reason in err): the quotient of heaps
 * up to largest, built unless one that covers them is kept or a chain
 * already gave up short of them. */
static cg_status need_quotient(cg_misere_settler *t, size_t largest, cg_status st, cg_error *err) {
    if (quotient_covers(t, largest)) {
        return CG_OK;
    }
    if (st != CG_ERR_LIMIT) {
        return st;
    }
    char first[CG_ERROR_MESSAGE_MAX];
    snprintf(first, sizeof first, "%s", err != NULL ? err->message : "past the budget");
    bool complete = largest > CG_QUOTIENT_MAX_HEAPS;
    cg_error why;
    cg_error_clear(&why);
    cg_status built = CG_ERR_LIMIT;
    if (complete ? t->no_complete : t->stuck && largest >= t->stuck_at) {
        snprintf(why.message, sizeof why.message, "%s", t->stuck_why);
    } else {
        built = chain_quotient(t, largest, complete, &why);
    }
    if (built == CG_OK) {
        return CG_OK;
    }
    if (complete) {
        return cg_error_set(err, built, "%s; heaps above %d need a complete quotient: %s", first,
                            CG_QUOTIENT_MAX_HEAPS, why.message);
    }
    return cg_error_set(err, built, "%s; nor by the quotient of heaps up to %zu: %s", first,
                        largest, why.message);
}

/* The search's first try is held to this many positions: past it a
 * quotient (cheap once built for games whose quotients are) is tried before
 * the search goes on to its whole budget. */
#define QUICK_SEARCH 100000

/* Bound the solver's search to QUICK_SEARCH when its own limit is larger;
 * the limit to restore. */
static uint64_t hold_search(cg_misere_settler *t, bool *held) {
    uint64_t limit = cg_misere_node_limit(t->solver);
    *held = limit == 0 || limit > QUICK_SEARCH;
    if (*held) {
        cg_misere_set_node_limit(t->solver, QUICK_SEARCH);
    }
    return limit;
}

static bool cut_short(cg_status st, bool held, const cg_error *err) {
    return held && st == CG_ERR_LIMIT && (err == NULL || !err->over_budget);
}

static cg_status search_is_p(cg_misere_settler *t, const size_t *heaps, size_t count, bool *p,
                             cg_misere_how *how, cg_error *err) {
    cg_misere_method method = CG_MISERE_BY_SEARCH;
    cg_status st = cg_misere_is_p(t->solver, heaps, count, p, &method, err);
    if (st == CG_OK) {
        *how = method == CG_MISERE_BY_TAME_RULE ? CG_SETTLED_BY_TAME_RULE : CG_SETTLED_BY_SEARCH;
    }
    return st;
}

cg_status cg_misere_settle_is_p(cg_misere_settler *t, const size_t *heaps, size_t count, bool *p,
                                cg_misere_how *how, cg_error *err) {
    if (t == NULL || t->solver == NULL || (heaps == NULL && count > 0) || p == NULL ||
        how == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_settle_is_p: missing argument");
    }
    size_t largest = largest_of(heaps, count);
    cg_status st = CG_ERR_LIMIT;
    bool held = false;
    uint64_t limit = 0;
    if (largest > CG_MISERE_MAX_HEAP && !quotient_covers(t, largest)) {
        st = past_search(largest, err);
    } else if (!quotient_covers(t, largest) || all_tame(t->solver, heaps, count)) {
        limit = hold_search(t, &held);
        st = search_is_p(t, heaps, count, p, how, err);
        cg_misere_set_node_limit(t->solver, limit);
        if (st == CG_OK) {
            return CG_OK;
        }
    }
    bool retry = cut_short(st, held, err);
    if ((st = need_quotient(t, largest, st, err)) != CG_OK) {
        /* the whole search only when the quotient, too, was past a limit */
        return retry && st == CG_ERR_LIMIT ? search_is_p(t, heaps, count, p, how, err) : st;
    }
    *p = cg_misere_quotient_is_p(&t->quotient, heaps, count);
    *how = CG_SETTLED_BY_QUOTIENT;
    return CG_OK;
}

/* The solver's moves, kept until they are all known: a search that gives
 * up halfway must not have told fn some of them. */
static void keep_move(void *context, size_t heap, size_t take, const size_t *parts, size_t count) {
    cg_misere_settler *t = context;
    if (t->kept_status != CG_OK) {
        return;
    }
    t->kept_status = cg_grow_within(t->budget, &t->kept, &t->kept_capacity, t->kept_count + 1,
                                    sizeof *t->kept, "the winning moves", t->kept_err);
    if (t->kept_status == CG_OK) {
        cg_misere_kept_move *m = &t->kept[t->kept_count++];
        m->heap = heap;
        m->take = take;
        m->count = count < 3 ? count : 3; /* an octal move leaves at most three heaps */
        memcpy(m->parts, parts, m->count * sizeof *parts);
    }
}

/* The outcome and winning moves by the solver alone (tame rule or search). */
static cg_status solver_moves(cg_misere_settler *t, const size_t *heaps, size_t count,
                              cg_misere_move_fn fn, void *context, size_t *wins, cg_misere_how *how,
                              cg_error *err) {
    t->kept_count = 0;
    t->kept_status = CG_OK;
    t->kept_err = err;
    size_t found = 0;
    bool p = false;
    cg_misere_method method = CG_MISERE_BY_SEARCH;
    cg_status st = cg_misere_is_p(t->solver, heaps, count, &p, &method, err);
    if (st == CG_OK) {
        st = cg_misere_winning_moves(t->solver, heaps, count, keep_move, t, &found, err);
    }
    if (st == CG_OK) {
        st = t->kept_status;
    }
    if (st != CG_OK) {
        return st;
    }
    for (size_t i = 0; fn != NULL && i < t->kept_count; i++) {
        const cg_misere_kept_move *m = &t->kept[i];
        fn(context, m->heap, m->take, m->parts, m->count);
    }
    *how = method == CG_MISERE_BY_TAME_RULE ? CG_SETTLED_BY_TAME_RULE : CG_SETTLED_BY_SEARCH;
    if (wins != NULL) {
        *wins = found;
    }
    return CG_OK;
}

cg_status cg_misere_settle_moves(cg_misere_settler *t, const size_t *heaps, size_t count,
                                 cg_misere_move_fn fn, void *context, size_t *wins,
                                 cg_misere_how *how, cg_error *err) {
    if (t == NULL || t->solver == NULL || (heaps == NULL && count > 0) || how == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_settle_moves: missing argument");
    }
    size_t largest = largest_of(heaps, count);
    cg_status st = CG_ERR_LIMIT;
    bool held = false;
    if (largest > CG_MISERE_MAX_HEAP && !quotient_covers(t, largest)) {
        st = past_search(largest, err);
    } else if (!quotient_covers(t, largest) || all_tame(t->solver, heaps, count)) {
        uint64_t limit = hold_search(t, &held);
        st = solver_moves(t, heaps, count, fn, context, wins, how, err);
        cg_misere_set_node_limit(t->solver, limit);
        if (st == CG_OK) {
            return CG_OK;
        }
    }
    bool retry = cut_short(st, held, err);
    if ((st = need_quotient(t, largest, st, err)) != CG_OK) {
        return retry && st == CG_ERR_LIMIT
                   ? solver_moves(t, heaps, count, fn, context, wins, how, err)
                   : st;
    }
    cg_misere_quotient_winning_moves(&t->quotient, cg_misere_code(t->solver), heaps, count, fn,
                                     context, wins);
    *how = CG_SETTLED_BY_QUOTIENT;
    return CG_OK;
}
