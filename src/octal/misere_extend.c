/* The next misère quotient without outcome searches (see
 * misere_extend_internal.h). */
#include "octal/misere_extend_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "core/nimber_internal.h"
#include "octal/misere_least_internal.h"
#include "octal/misere_proof_internal.h"
#include "octal/misere_repair_internal.h"

#define NONE UINT32_MAX
#define MAX_BELOW 4096       /* elements of Q worth the cheap attempts */
#define MAX_CANDIDATE 262144 /* elements of an unreduced Q x <g> at most */

typedef struct extender {
    const cg_misere_quotient *below;
    const cg_octal_code *code;
    cg_budget *budget;
    /* The candidates' own error: a candidate past the memory budget or its
     * states is only not taken, so its reason stays here, not the caller's. */
    cg_error *err;
    cg_status failed;       /* why the last take() gave NULL: CG_ERR_LIMIT or CG_ERR_NOMEM */
    size_t m, n;            /* Q's order; the new heap */
    cg_least_sums least;    /* each element's least sum and its options */
    uint32_t *heap_options; /* heap n's option elements in Q, each once */
    size_t heap_option_count;
    size_t held; /* bytes of the scratch arrays in budget */
    /* the proofs of all candidates of one heap share max_states, so a heap
     * with thousands of element guesses stays bounded */
    uint64_t max_states, states;
} extender;

static uint32_t step(const cg_misere_quotient *q, uint32_t e, size_t h) {
    return q->times[(size_t)e * (q->heaps + 1) + h];
}

/* e times element y, through y's least sum. */
static uint32_t times_element(const extender *x, uint32_t e, uint32_t y) {
    return cg_least_sums_times(&x->least, e, y);
}

/* count zeroed items of size bytes, counted in the budget; NULL with the
 * reason in x->failed. The first failure of a group of takes stands (the
 * group starts with x->failed = CG_OK): a later take is not tried, so a
 * success after it cannot hide it. */
static void *take(extender *x, size_t count, size_t size) {
    if (x->failed != CG_OK) {
        return NULL;
    }
    if ((x->failed = cg_budget_take(x->budget, count, size, "the quotient", x->err)) != CG_OK) {
        return NULL;
    }
    void *p = calloc(count > 0 ? count : 1, size); /* never a block of 0 bytes */
    if (p == NULL) {
        cg_budget_give(x->budget, count, size);
        x->failed = cg_error_nomem(x->err, "the quotient");
        return NULL;
    }
    x->held += count * size;
    return p;
}

/* Heap n's option elements in Q, each once (at most m distinct). */
static void see_heap_option(void *context, size_t take_count, const size_t *parts, size_t count) {
    (void)take_count;
    extender *x = context;
    uint32_t e = 0;
    for (size_t i = 0; i < count; i++) {
        e = step(x->below, e, parts[i]);
    }
    for (size_t i = 0; i < x->heap_option_count; i++) {
        if (x->heap_options[i] == e) {
            return;
        }
    }
    x->heap_options[x->heap_option_count++] = e;
}

/* The least sums of Q's elements with their options, and heap n's options. */
static cg_status list_options(extender *x) {
    cg_status st = cg_least_sums_find(&x->least, x->below, x->code, x->budget, x->err);
    if (st != CG_OK) {
        return st;
    }
    x->failed = CG_OK;
    x->heap_options = take(x, x->m, sizeof *x->heap_options);
    if (x->heap_options == NULL) {
        return x->failed;
    }
    cg_octal_each_option(x->code, x->n, see_heap_option, x);
    return CG_OK;
}

/* Prove the table (with its values when value is not NULL); when proven, q
 * adopts it: times, is_p and value are then q's (*taken), freed by q even
 * when the adoption fails. Otherwise the caller's, with their table_bytes
 * still in x->held. A proof past the heap's states left or past the memory
 * budget only leaves the candidate untaken. */
static cg_status prove_and_adopt(extender *x, size_t order, uint32_t *times, uint8_t *is_p,
                                 uint32_t *value, size_t table_bytes, cg_misere_quotient *q,
                                 bool *taken) {
    *taken = false;
    if (x->states >= x->max_states) {
        return CG_OK;
    }
    const cg_quotient_candidate cand = {x->code, x->n, order, times, is_p, value};
    cg_proof_failure failure;
    uint64_t states = 0;
    bool proven = false;
    cg_status st = cg_misere_prove(&cand, x->budget, x->max_states - x->states, &proven, &failure,
                                   &states, x->err);
    x->states += states;
    if (st == CG_ERR_LIMIT) {
        return CG_OK;
    }
    if (st != CG_OK || !proven) {
        return st;
    }
    memset(q, 0, sizeof *q);
    q->budget = x->budget;
    x->held -= table_bytes; /* now q's */
    *taken = true;
    return cg_misere_quotient_adopt(q, x->code, x->n, order, times, is_p, value, table_bytes,
                                    x->states, x->err);
}

static void drop(extender *x, void *a, void *b, size_t bytes) {
    free(a);
    free(b);
    x->held -= bytes;
    cg_budget_give(x->budget, bytes, 1);
}

/* Heap n as element y of Q (with Q's values, when it has them). */
static cg_status try_element(extender *x, uint32_t y, cg_misere_quotient *q, bool *found) {
    x->failed = CG_OK;
    size_t m = x->m, stride = x->n + 1;
    const uint32_t *below_value = x->below->value;
    uint32_t *times = take(x, m * stride, sizeof *times);
    uint8_t *is_p = take(x, m, 1);
    uint32_t *value = below_value != NULL ? take(x, m, sizeof *value) : NULL;
    if (times == NULL || is_p == NULL || (below_value != NULL && value == NULL)) {
        free(times); /* their bytes stay in x->held until the end */
        free(is_p);
        free(value);
        return x->failed;
    }
    if (value != NULL) {
        memcpy(value, below_value, m * sizeof *value);
    }
    for (uint32_t e = 0; e < m; e++) {
        memcpy(times + (size_t)e * stride, x->below->times + (size_t)e * x->n,
               x->n * sizeof *times);
        times[(size_t)e * stride + x->n] = times_element(x, e, y);
    }
    memcpy(is_p, x->below->is_p, m);
    size_t bytes = m * stride * sizeof *times + m + (value != NULL ? m * sizeof *value : 0);
    bool taken = false;
    cg_status st = prove_and_adopt(x, m, times, is_p, value, bytes, q, &taken);
    if (!taken) {
        free(value);
        drop(x, times, is_p, bytes);
    }
    *found = taken && st == CG_OK;
    return st;
}

/* The label of element e with j copies of heap n in Q x <g>, by the rule
 * of play on e's least sum plus j heaps of n, its options' labels read at
 * levels j and j - 1 (already labelled): its P-ness, or with values its G-
 * (the mex of the options', 1 with none; UINT8_MAX past 254). */
static uint8_t level_label(const extender *x, const uint8_t *label, uint32_t e, size_t j) {
    const uint8_t *level = label + j * x->m;
    cg_small_set seen = {{0}};
    bool any = false;
    for (uint32_t k = x->least.option_first[e]; k < x->least.option_first[e + 1]; k++) {
        cg_small_set_add(&seen, level[x->least.option_element[k]]);
        any = true;
    }
    for (size_t i = 0; i < x->heap_option_count; i++) {
        cg_small_set_add(&seen, label[(j - 1) * x->m + times_element(x, e, x->heap_options[i])]);
        any = true;
    }
    if (x->below->value == NULL) {
        return any && !cg_small_set_has(&seen, 1); /* P: a move, and no option P */
    }
    unsigned m = cg_small_set_mex(&seen);
    return !any ? 1 : m < UINT8_MAX ? (uint8_t)m : UINT8_MAX;
}

/* The table of Q x <g | g^(i+p) = g^i> (level j: j copies of heap n) and
 * its labels (P-ness, or values when Q has them). */
static void product_table(const extender *x, size_t levels, size_t p, uint32_t *times,
                          uint8_t *is_p) {
    size_t m = x->m, stride = x->n + 1;
    for (size_t j = 0; j < levels; j++) {
        size_t up = j + 1 < levels ? j + 1 : j + 1 - p;
        for (uint32_t e = 0; e < m; e++) {
            uint32_t *row = times + (j * m + e) * stride;
            for (size_t h = 0; h < x->n; h++) {
                row[h] = (uint32_t)(j * m) + step(x->below, e, h);
            }
            row[x->n] = (uint32_t)(up * m + e);
        }
    }
    for (uint32_t e = 0; e < m; e++) {
        is_p[e] = x->below->value != NULL ? (uint8_t)x->below->value[e] : x->below->is_p[e];
    }
    for (size_t j = 1; j < levels; j++) {
        for (size_t k = 0; k < m; k++) {
            uint32_t e = x->least.by_tokens[k];
            is_p[j * m + e] = level_label(x, is_p, e, j);
        }
    }
}

/* The merged classes' labels as values (*value, counted in x->held) and
 * P-ness; *value stays NULL when a value is past 254 (no candidate). */
static cg_status labels_to_values(extender *x, size_t classes, uint8_t *label, uint32_t **value) {
    *value = NULL;
    if (!cg_misere_labels_are_values(label, classes)) {
        return CG_OK;
    }
    x->failed = CG_OK;
    uint32_t *v = take(x, classes, sizeof *v);
    if (v == NULL) {
        return x->failed;
    }
    cg_misere_labels_split(label, classes, v);
    *value = v;
    return CG_OK;
}

/* Heap n as a new generator of index i and period p, merged, proven. */
static cg_status try_generator(extender *x, size_t i, size_t p, size_t max_order,
                               cg_misere_quotient *q, bool *found) {
    size_t levels = i + p, count = x->m * levels, stride = x->n + 1;
    *found = false;
    if (count > MAX_CANDIDATE) {
        return CG_OK;
    }
    x->failed = CG_OK;
    uint32_t *times = take(x, count * stride, sizeof *times);
    uint8_t *is_p = take(x, count, 1);
    size_t bytes = count * stride * sizeof *times + count;
    cg_status st = times == NULL || is_p == NULL ? x->failed : CG_OK;
    uint32_t *merged = NULL;
    uint8_t *merged_p = NULL;
    size_t classes = 0, merged_bytes = 0;
    if (st == CG_OK) {
        product_table(x, levels, p, times, is_p);
        st = cg_quotient_merge(x->budget, count, stride, times, is_p, max_order, &classes, &merged,
                               &merged_p, &merged_bytes, x->err);
        x->held += merged_bytes; /* given back by drop() or adopted by q */
    }
    bool taken = false;
    uint32_t *value = NULL;
    if (st == CG_OK && merged != NULL && classes > x->m && x->below->value != NULL) {
        st = labels_to_values(x, classes, merged_p, &value);
        merged_bytes += value != NULL ? classes * sizeof *value : 0;
    }
    if (st == CG_OK && merged != NULL && classes > x->m &&
        (x->below->value == NULL || value != NULL)) {
        st = prove_and_adopt(x, classes, merged, merged_p, value, merged_bytes, q, &taken);
        *found = taken && st == CG_OK;
    }
    if (!taken && merged != NULL) {
        free(value);
        drop(x, merged, merged_p, merged_bytes);
    }
    if (times != NULL && is_p != NULL) {
        drop(x, times, is_p, bytes);
    } else {
        free(times);
        free(is_p);
    }
    return st;
}

/* G- of heap n alone: the mex of its options' values, 1 with none. */
static uint32_t heap_value(const extender *x) {
    cg_small_set seen = {{0}};
    for (size_t i = 0; i < x->heap_option_count; i++) {
        cg_small_set_add(&seen, x->below->value[x->heap_options[i]]);
    }
    return x->heap_option_count == 0 ? 1 : cg_small_set_mex(&seen);
}

/* Heap n as each element it may act as: one of its P-ness, or of its
 * value when Q has values. */
static cg_status try_elements(extender *x, cg_misere_quotient *q, bool *found) {
    bool alone_p = x->heap_option_count > 0;
    for (size_t i = 0; i < x->heap_option_count; i++) {
        alone_p = alone_p && !x->below->is_p[x->heap_options[i]];
    }
    uint32_t alone = x->below->value != NULL ? heap_value(x) : 0;
    cg_status st = CG_OK;
    for (uint32_t y = 0; st == CG_OK && !*found && x->states < x->max_states && y < x->m; y++) {
        bool fits = x->below->value != NULL ? x->below->value[y] == alone
                                            : (x->below->is_p[y] != 0) == alone_p;
        if (fits) {
            st = try_element(x, y, q, found);
        }
    }
    return st;
}

static cg_status try_all(extender *x, size_t max_order, cg_misere_quotient *q, bool *found) {
    cg_status st = list_options(x);
    if (st == CG_OK) {
        st = try_elements(x, q, found);
    }
    static const size_t shapes[][2] = {{1, 1}, {0, 2}, {2, 1}, {1, 2}, {3, 1}, {2, 2},
                                       {4, 1}, {3, 2}, {4, 2}, {5, 2}, {6, 2}};
    for (size_t s = 0;
         st == CG_OK && !*found && x->states < x->max_states && s < sizeof shapes / sizeof *shapes;
         s++) {
        st = try_generator(x, shapes[s][0], shapes[s][1], max_order, q, found);
    }
    if (st == CG_OK && !*found) {
        /* the repair's proofs have states of their own, as the learner's */
        st = cg_misere_quotient_repair(x->code, x->budget, x->below, max_order, x->max_states, NULL,
                                       q, found, x->err);
    }
    return st;
}

cg_status cg_misere_quotient_try_extend(cg_misere_solver *solver, const cg_misere_quotient *below,
                                        size_t max_order, uint64_t max_states,
                                        cg_misere_quotient *q, bool *found, cg_error *err) {
    *found = false;
    if (solver == NULL || below == NULL || below->times == NULL || q == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "extending a quotient needs the quotient below");
    }
    if (below->order > MAX_BELOW) {
        return CG_OK; /* left to the outcome learner */
    }
    extender x;
    memset(&x, 0, sizeof x);
    cg_error own;
    cg_error_clear(&own);
    x.below = below;
    x.code = cg_misere_code(solver);
    x.budget = cg_misere_budget(solver);
    x.err = &own;
    x.m = below->order;
    x.n = below->heaps + 1;
    x.max_states = max_states;
    cg_status st = try_all(&x, max_order, q, found);
    free(x.heap_options);
    cg_least_sums_free(&x.least);
    cg_budget_give(x.budget, x.held, 1);
    if (st == CG_ERR_LIMIT) {
        /* past the memory budget: no candidate, and the learner, whose tables
         * are its own, says whether it fits */
        *found = false;
        return CG_OK;
    }
    if (st != CG_OK && err != NULL) {
        *err = own;
    }
    return st;
}
