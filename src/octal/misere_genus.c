/* Heaps' misère values and genus from the quotient (see
 * misere_genus_internal.h). */
#include "octal/misere_genus_internal.h"

#include <string.h>

#include "octal/misere_quotient_internal.h"
#include "octal/misere_values_internal.h"

/* A heap <= top that is *2 in every sum, analysed by the solver (small
 * heaps are cheap), or 0 when none of the first few is. */
static cg_status find_nim_two(cg_misere_solver *s, size_t top, size_t *two, cg_error *err) {
    *two = 0;
    size_t last = top < CG_GENUS_NIM_HEAPS ? top : CG_GENUS_NIM_HEAPS;
    for (size_t h = 1; h <= last && *two == 0; h++) {
        cg_status st = cg_misere_extend(s, h, err);
        if (st != CG_OK) {
            return st;
        }
        *two = cg_misere_nim_heap(s, h) == 2 ? h : 0;
    }
    return CG_OK;
}

/* The quotient of heaps <= top, or a complete one of fewer, or of fewer
 * when a bound stops it: q's order is 0 when none is proven. */
static cg_status build_quotient(cg_misere_solver *s, size_t top, cg_misere_quotient *q,
                                cg_error *err) {
    memset(q, 0, sizeof *q);
    /* the chain's searches get fewer positions than the heaps' will: a heap
     * the chain cannot take fails sooner, and the search does the rest */
    uint64_t limit = cg_misere_node_limit(s);
    cg_misere_set_node_limit(
        s, limit == 0 || limit > CG_GENUS_CHAIN_POSITIONS ? CG_GENUS_CHAIN_POSITIONS : limit);
    cg_misere_quotient next;
    cg_status st =
        cg_misere_quotient_build(s, 0, CG_GENUS_MAX_ORDER, CG_GENUS_MAX_STATES, &next, err);
    while (st == CG_OK) {
        cg_misere_quotient_free(q);
        *q = next;
        if (q->heaps >= top || q->complete) {
            break;
        }
        st = cg_misere_quotient_build_next(s, q, CG_GENUS_MAX_ORDER, CG_GENUS_MAX_STATES, &next,
                                           err);
    }
    cg_misere_set_node_limit(s, limit);
    return st == CG_ERR_LIMIT ? CG_OK : st;
}

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

cg_status cg_misere_genus_from_quotient(cg_misere_solver *s, size_t upto, cg_misere_genus_aid *aid,
                                        cg_error *err) {
    if (s == NULL || aid == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_misere_genus_from_quotient: no solver");
    }
    memset(aid, 0, sizeof *aid);
    size_t top = upto < CG_QUOTIENT_MAX_HEAPS ? upto : CG_QUOTIENT_MAX_HEAPS;
    size_t two = 0;
    cg_status st = find_nim_two(s, top, &two, err);
    if (st == CG_ERR_LIMIT || (st == CG_OK && two == 0 && cg_misere_terms(s) > 1) ||
        cg_misere_count(s) > top) {
        return st == CG_ERR_LIMIT ? CG_OK : st; /* the search's to do */
    }
    cg_misere_quotient q;
    memset(&q, 0, sizeof q);
    st = st == CG_OK ? build_quotient(s, top, &q, err) : st;
    uint32_t *values = NULL;
    bool proven = false;
    if (st == CG_OK && q.order > 0 && q.heaps >= two) {
        st = cg_misere_quotient_values(&q, cg_misere_code(s), cg_misere_budget(s),
                                       CG_GENUS_MAX_STATES, &values, &proven, err);
        st = st == CG_ERR_LIMIT ? CG_OK : st;
    }
    if (st == CG_OK && proven) {
        /* complete, every heap is read off it (misere_genus_internal.h) */
        st = adopt_heaps(s, &q, values, two, q.complete ? upto : q.heaps, err);
        st = st == CG_ERR_LIMIT ? CG_OK : st; /* past the memory: the search's */
    }
    cg_misere_values_free(values, q.order, cg_misere_budget(s));
    if (st == CG_OK && q.order > 0) {
        /* the heaps past it are the search's, asking the quotient first */
        aid->quotient = q;
        memset(&q, 0, sizeof q);
        st = cg_misere_oracle_attach(&aid->oracle, s, &aid->quotient, err);
        st = st == CG_ERR_LIMIT ? CG_OK : st; /* no room: the plain search */
    }
    cg_misere_quotient_free(&q);
    return st;
}

void cg_misere_genus_aid_free(cg_misere_solver *s, cg_misere_genus_aid *aid) {
    if (aid == NULL) {
        return;
    }
    cg_misere_set_oracle(s, NULL, NULL);
    cg_misere_oracle_free(&aid->oracle);
    if (aid->quotient.order > 0) {
        cg_misere_quotient_free(&aid->quotient);
    }
    memset(aid, 0, sizeof *aid);
}
