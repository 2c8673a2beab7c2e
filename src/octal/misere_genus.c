/* Heaps' misère values and genus from the quotient (see
 * misere_genus_internal.h). */
#include "octal/misere_genus_internal.h"

#include <math.h>
#include <string.h>

#include "core/clock_internal.h"
#include "octal/misere_quotient_internal.h"
#include "octal/misere_values_internal.h"

/* Heaps count..last, each genus term the value of its element times heap
 * `two` k times. */
static cg_status adopt_heaps(cg_misere_solver *s, const cg_misere_quotient *q,
                             const uint32_t *values, size_t two, size_t last, cg_error *err) {
    size_t terms = cg_misere_terms(s), stride = q->heaps + 1;
    uint32_t genus[CG_MISERE_MAX_TERMS];
    cg_status st = CG_OK;
    cg_misere_want(s, last);
    for (size_t n = cg_misere_count(s); st == CG_OK && n <= last; n++) {
        uint32_t e = cg_misere_quotient_element(q, &n, 1);
        for (size_t k = 0; k < terms; k++) {
            genus[k] = values[e];
            e = two != 0 ? q->times[(size_t)e * stride + two] : e;
        }
        st = cg_misere_adopt_heap(s, n, genus, err);
        if (st == CG_OK && cg_misere_tell(s)) { /* thousands of heaps: a stop is heard */
            st = cg_error_set(err, CG_ERR_STOPPED, "interrupted");
        }
    }
    return st;
}

/* The oracle off, before the chain it reads is replaced or freed. */
static void detach(cg_misere_solver *s, cg_misere_genus_run *run) {
    if (run->attached && s != NULL) {
        cg_misere_set_oracle(s, NULL);
        cg_misere_oracle_free(&run->oracle);
        run->attached = false;
    }
}

/* The chain's quotient given back; kept as the valued one instead when its
 * values were proven (the oracle reads it for the sums of its heaps). */
static void retire_chain(cg_misere_solver *s, cg_misere_genus_run *run) {
    cg_budget *budget = cg_misere_budget(s);
    if (run->chain_values == NULL) {
        cg_misere_quotient_free(&run->chain);
        return;
    }
    if (run->valued.order > 0) {
        cg_misere_values_free(run->valued_values, run->valued.order, budget);
        cg_misere_quotient_free(&run->valued);
    }
    run->valued = run->chain;
    run->valued_values = run->chain_values;
    run->chain_values = NULL;
}

/* The chain's values, while every chain's before passed: kept when they
 * pass (a limit or the memory counts as not passing). */
static cg_status try_values(cg_misere_solver *s, cg_misere_genus_run *run, cg_error *err) {
    if (run->values_failed || run->chain_values != NULL || run->chain.order == 0) {
        return CG_OK;
    }
    uint32_t *values = NULL;
    bool proven = false;
    cg_status st = cg_misere_quotient_values(&run->chain, cg_misere_code(s), cg_misere_budget(s),
                                             CG_GENUS_MAX_STATES, &values, &proven, err);
    if (st == CG_OK && proven) {
        run->chain_values = values;
        return CG_OK;
    }
    cg_misere_values_free(values, run->chain.order, cg_misere_budget(s));
    run->values_failed = true;
    return st == CG_ERR_LIMIT ? CG_OK : st;
}

/* The chain one quotient further at a time, from where it stopped, while
 * allowed seconds are not spent: *advanced when it moved. Past the order,
 * the states, a question's positions or the memory it is over, no error. */
static cg_status lengthen(cg_misere_solver *s, cg_misere_genus_run *run, double allowed,
                          bool *advanced, cg_error *err) {
    size_t top = run->upto < CG_QUOTIENT_MAX_HEAPS ? run->upto : CG_QUOTIENT_MAX_HEAPS;
    double begun = cg_seconds();
    *advanced = false;
    cg_status st = CG_OK;
    if (run->chain.order == 0) {
        /* the heaps looked at for a *2 are the table's: searched with its limit */
        size_t last = top < CG_MISERE_NIM_HEAPS_LOOKED_AT ? top : CG_MISERE_NIM_HEAPS_LOOKED_AT;
        st = cg_misere_first_nim_heap(s, 2, last, &run->two, err);
        run->over =
            st != CG_OK || (run->two == 0 && cg_misere_terms(s) > 1) || cg_misere_count(s) > top;
    }
    /* the chain's searches get fewer positions than the heaps' will: a heap
     * the chain cannot take fails sooner, and the search does the rest */
    uint64_t limit = cg_misere_node_limit(s);
    cg_misere_set_node_limit(
        s, limit == 0 || limit > CG_GENUS_CHAIN_POSITIONS ? CG_GENUS_CHAIN_POSITIONS : limit);
    if (run->chain.order == 0 && !run->over) {
        st = cg_misere_quotient_build(s, 0, CG_GENUS_MAX_ORDER, CG_GENUS_MAX_STATES, &run->chain,
                                      err);
        *advanced = st == CG_OK;
        st = st == CG_OK ? try_values(s, run, err) : st;
    }
    /* a turn takes one step at least, then as many as the time allows */
    for (bool first = !*advanced;
         st == CG_OK && !run->over && !run->chain.complete && run->chain.heaps < top &&
         (first || cg_seconds() - begun < allowed);
         first = false) {
        cg_misere_quotient next;
        st = cg_misere_quotient_build_next(s, &run->chain, CG_GENUS_MAX_ORDER, CG_GENUS_MAX_STATES,
                                           &next, err);
        if (st == CG_OK) {
            detach(s, run);
            retire_chain(s, run);
            run->chain = next;
            *advanced = true;
            st = try_values(s, run, err);
        }
        /* a step may search nothing for seconds (the repair): a stop is
         * heard between steps, the chain so far kept */
        if (st == CG_OK && cg_misere_tell(s)) {
            st = cg_error_set(err, CG_ERR_STOPPED, "interrupted");
        }
    }
    cg_misere_set_node_limit(s, limit);
    run->over = run->over || st == CG_ERR_LIMIT || run->chain.order == 0 || run->chain.complete ||
                run->chain.heaps >= top;
    return st == CG_ERR_LIMIT ? CG_OK : st;
}

/* The heaps from the next one on that the chain's proven values reach
 * adopted (every one to upto when the chain is complete). */
static cg_status adopt_from_chain(cg_misere_solver *s, cg_misere_genus_run *run, cg_error *err) {
    const cg_misere_quotient *q = &run->chain;
    size_t last = q->complete ? run->upto : q->heaps;
    if (q->order == 0 || q->heaps < run->two || cg_misere_count(s) > last) {
        return CG_OK;
    }
    cg_status st = CG_OK;
    if (run->chain_values == NULL) { /* tried again at each turn's end */
        uint32_t *values = NULL;
        bool proven = false;
        st = cg_misere_quotient_values(q, cg_misere_code(s), cg_misere_budget(s),
                                       CG_GENUS_MAX_STATES, &values, &proven, err);
        st = st == CG_ERR_LIMIT ? CG_OK : st;
        if (st == CG_OK && proven) {
            run->chain_values = values;
        } else {
            cg_misere_values_free(values, q->order, cg_misere_budget(s));
        }
    }
    if (st == CG_OK && run->chain_values != NULL) {
        size_t before = cg_misere_count(s);
        st = adopt_heaps(s, q, run->chain_values, run->two, last, err);
        st = st == CG_ERR_LIMIT ? CG_OK : st; /* past the memory: the search's */
        run->adopted += cg_misere_count(s) - before;
    }
    return st;
}

/* A turn of the chain: lengthened for at most allowed seconds, its heaps
 * adopted, and the oracle set to read its last quotient. */
static cg_status chain_turn(cg_misere_solver *s, cg_misere_genus_run *run, double allowed,
                            cg_error *err) {
    double begun = cg_seconds();
    bool advanced = false;
    cg_status st = lengthen(s, run, allowed, &advanced, err);
    if (st == CG_OK && advanced) {
        st = adopt_from_chain(s, run, err);
    }
    if (st == CG_OK && run->chain.order > 0 && !run->attached) {
        /* the chain's own values when proven, else the last ones proven */
        bool own = run->chain_values != NULL;
        const cg_misere_quotient *valued = own                     ? &run->chain
                                           : run->valued.order > 0 ? &run->valued
                                                                   : NULL;
        st = cg_misere_oracle_attach_valued(&run->oracle, s, &run->chain, valued,
                                            own ? run->chain_values : run->valued_values, err);
        run->attached = st == CG_OK;
        st = st == CG_ERR_LIMIT ? CG_OK : st; /* no room: the plain search */
    }
    run->chain_seconds += cg_seconds() - begun;
    return st;
}

cg_status cg_misere_genus_start(cg_misere_solver *s, cg_misere_genus_way way, size_t upto,
                                cg_misere_genus_run *run, cg_error *err) {
    if (run != NULL) {
        memset(run, 0, sizeof *run); /* cg_misere_genus_end may follow a refusal */
    }
    if (s == NULL || run == NULL || way < CG_GENUS_BY_SEARCH || way > CG_GENUS_BY_AUTO) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_genus_start: no solver or no way");
    }
    run->way = way;
    run->upto = upto;
    run->over = way == CG_GENUS_BY_SEARCH;
    run->next_turn = CG_GENUS_AUTO_FIRST_SECONDS;
    run->share = 1;
    if (way != CG_GENUS_BY_QUOTIENT) {
        return CG_OK;
    }
    cg_status st = chain_turn(s, run, INFINITY, err);
    if (st == CG_ERR_STOPPED) { /* the heaps adopted before stay */
        run->stopped = st;
        return CG_OK;
    }
    return st;
}

cg_status cg_misere_genus_heap(cg_misere_solver *s, cg_misere_genus_run *run, size_t n,
                               cg_error *err) {
    if (s == NULL || run == NULL || n > run->upto) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_genus_heap: no run or a heap past it");
    }
    if (n < cg_misere_count(s)) {
        return CG_OK;
    }
    if (run->stopped != CG_OK) {
        return cg_error_set(err, run->stopped, "interrupted");
    }
    if (run->way == CG_GENUS_BY_AUTO && !run->over && run->search_seconds >= run->next_turn) {
        double allowed =
            isinf(run->share) ? INFINITY : run->share * run->search_seconds - run->chain_seconds;
        cg_status st = chain_turn(s, run, allowed, err);
        run->next_turn = 2 * run->search_seconds;
        if (st == CG_ERR_STOPPED) {
            /* heaps adopted before the stop are the caller's to write first */
            run->stopped = st;
            run->over = true;
            st = n < cg_misere_count(s) ? CG_OK : st;
        }
        if (st != CG_OK || n < cg_misere_count(s)) {
            return st;
        }
    }
    double begun = cg_seconds();
    cg_status st = cg_misere_extend(s, n, err);
    run->search_seconds += cg_seconds() - begun;
    return st;
}

void cg_misere_genus_end(cg_misere_solver *s, cg_misere_genus_run *run) {
    if (run == NULL) {
        return;
    }
    detach(s, run);
    cg_budget *budget = s != NULL ? cg_misere_budget(s) : NULL; /* the values' */
    if (run->chain.order > 0) {
        cg_misere_values_free(run->chain_values, run->chain.order, budget);
        cg_misere_quotient_free(&run->chain);
    }
    if (run->valued.order > 0) {
        cg_misere_values_free(run->valued_values, run->valued.order, budget);
        cg_misere_quotient_free(&run->valued);
    }
    memset(run, 0, sizeof *run);
}
