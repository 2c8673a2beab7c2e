/* Misère quotients by learning the automaton of P-positions and proving it
 * (see misere_quotient_internal.h). */
#include "octal/misere_quotient_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "octal/misere_above_internal.h"
#include "octal/misere_extend_internal.h"
#include "octal/misere_period_internal.h"
#include "octal/misere_presentation_internal.h"
#include "octal/misere_proof_internal.h"

#define MAX_SUM CG_PROOF_MAX_WITNESS /* heaps in a class's sum plus a test */
#define MAX_ROUNDS 4096              /* rebuilds of the classes at most */

typedef struct qsum {
    size_t count;
    size_t heap[MAX_SUM];
} qsum;

typedef struct builder {
    cg_misere_solver *solver;
    cg_misere_above *above; /* readings from the quotient below, when given */
    bool values;            /* classes told apart by G- (else by P-ness) */
    cg_budget *budget;      /* the solver's: every array below is counted in it */
    size_t n, max_order;
    uint64_t max_states;
    cg_error *err;
    size_t alpha[CG_QUOTIENT_MAX_HEAPS + 1]; /* heaps 1..n with a move */
    size_t alpha_count;
    uint8_t dead[CG_QUOTIENT_MAX_HEAPS + 1];
    qsum *tests;
    size_t test_count, test_capacity;
    qsum *reps;      /* each class's sum */
    uint32_t *trans; /* order x (n + 1) */
    size_t order, capacity;
    size_t classes_held; /* bytes of reps and trans */
    uint8_t *sigs;       /* order x test_count: the reading of rep + test */
    size_t sig_capacity;
    uint8_t *sig; /* one signature being read */
    size_t sig_room;
    uint64_t states;
} builder;

static cg_status join(const qsum *a, const qsum *b, qsum *out, cg_error *err) {
    if (a->count + b->count > MAX_SUM) {
        return cg_error_set(err, CG_ERR_LIMIT, "a quotient test of more than %d heaps", MAX_SUM);
    }
    out->count = 0;
    for (size_t i = 0; i < a->count; i++) {
        out->heap[out->count++] = a->heap[i];
    }
    for (size_t i = 0; i < b->count; i++) {
        out->heap[out->count++] = b->heap[i];
    }
    return CG_OK;
}

/* What the classes are told apart by: x's P-ness (1: P), or its G-. */
static cg_status reading(builder *b, const qsum *x, uint8_t *r) {
    cg_status st = CG_OK;
    cg_misere_method method;
    if (b->values) {
        uint32_t v = 0;
        st = b->above != NULL
                 ? cg_misere_above_value(b->above, x->heap, x->count, &v, b->err)
                 : cg_misere_value(b->solver, x->heap, x->count, 0, 0, &v, &method, b->err);
        if (st == CG_OK && v >= UINT8_MAX) {
            st = cg_error_set(b->err, CG_ERR_LIMIT, "a misère value above %d", UINT8_MAX - 1);
        }
        *r = (uint8_t)v;
        return st;
    }
    bool p = false;
    st = b->above != NULL ? cg_misere_above_is_p(b->above, x->heap, x->count, &p, b->err)
                          : cg_misere_is_p(b->solver, x->heap, x->count, &p, &method, b->err);
    *r = p;
    return st;
}

/* The signature of x: the reading of x plus each test. */
static cg_status signature(builder *b, const qsum *x, uint8_t *sig) {
    cg_status st = CG_OK;
    qsum y = {0, {0}};
    for (size_t t = 0; st == CG_OK && t < b->test_count; t++) {
        st = join(x, &b->tests[t], &y, b->err);
        if (st == CG_OK) {
            st = reading(b, &y, &sig[t]);
        }
    }
    return st;
}

static bool same_sum(const qsum *a, const qsum *b) {
    size_t x[MAX_SUM] = {0}, y[MAX_SUM] = {0};
    if (a->count != b->count) {
        return false;
    }
    memcpy(x, a->heap, a->count * sizeof *x);
    memcpy(y, b->heap, b->count * sizeof *y);
    for (size_t i = 1; i < a->count; i++) { /* insertion sort both */
        for (size_t j = i; j > 0 && x[j - 1] > x[j]; j--) {
            size_t t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
        for (size_t j = i; j > 0 && y[j - 1] > y[j]; j--) {
            size_t t = y[j];
            y[j] = y[j - 1];
            y[j - 1] = t;
        }
    }
    return a->count == 0 || memcmp(x, y, a->count * sizeof *x) == 0;
}

static cg_status add_test(builder *b, const qsum *t) {
    for (size_t i = 0; i < b->test_count; i++) {
        if (same_sum(&b->tests[i], t)) {
            return CG_OK;
        }
    }
    cg_status st = cg_grow_within(b->budget, &b->tests, &b->test_capacity, b->test_count + 1,
                                  sizeof *b->tests, "the quotient's tests", b->err);
    if (st == CG_OK) {
        b->tests[b->test_count++] = *t;
    }
    return st;
}

/* Room for classes reps and trans of `capacity` classes (64, then doubled). */
static cg_status grow_classes(builder *b, size_t needed) {
    if (needed <= b->capacity) {
        return CG_OK;
    }
    size_t capacity = b->capacity == 0 ? 64 : 2 * b->capacity;
    const cg_array arrays[] = {
        {&b->reps, sizeof *b->reps, 1, 0},
        {&b->trans, sizeof *b->trans, b->n + 1, 0},
    };
    cg_status st =
        cg_resize_arrays(b->budget, &b->classes_held, arrays, 2, capacity, "the quotient", b->err);
    if (st == CG_OK) {
        b->capacity = capacity;
    }
    return st;
}

static cg_status add_class(builder *b, const qsum *rep, const uint8_t *sig) {
    if (b->order == b->max_order) {
        return cg_error_set(b->err, CG_ERR_LIMIT,
                            "the quotient of heaps up to %zu has more than %zu elements", b->n,
                            b->max_order);
    }
    cg_status st = grow_classes(b, b->order + 1);
    if (st == CG_OK) {
        st = cg_grow_within(b->budget, &b->sigs, &b->sig_capacity,
                            (b->order + 1) * (b->test_count + 1), 1, "the quotient's classes",
                            b->err);
    }
    if (st != CG_OK) {
        return st;
    }
    b->reps[b->order] = *rep;
    memcpy(b->sigs + b->order * b->test_count, sig, b->test_count);
    b->order++;
    return CG_OK;
}

/* The classes of sums told apart by the tests, and each class plus each heap. */
/* *d = the class of x (its signature in b->sig), added when new. */
static cg_status class_of(builder *b, const qsum *x, size_t *d) {
    cg_status st = signature(b, x, b->sig);
    *d = 0;
    while (st == CG_OK && *d < b->order &&
           memcmp(b->sigs + *d * b->test_count, b->sig, b->test_count) != 0) {
        (*d)++;
    }
    if (st == CG_OK && *d == b->order) {
        st = add_class(b, x, b->sig);
    }
    return st;
}

static cg_status build_classes(builder *b) {
    b->order = 0;
    cg_status st = cg_grow_within(b->budget, &b->sig, &b->sig_room, b->test_count + 1, 1,
                                  "the quotient's classes", b->err);
    qsum x = {0, {0}};
    size_t d = 0;
    if (st == CG_OK) {
        st = class_of(b, &x, &d); /* the empty sum: class 0 */
    }
    for (size_t c = 0; st == CG_OK && c < b->order; c++) {
        for (size_t h = 0; st == CG_OK && h <= b->n; h++) {
            if (h == 0 || b->dead[h]) {
                b->trans[c * (b->n + 1) + h] = (uint32_t)c;
                continue;
            }
            x = b->reps[c];
            if (x.count == MAX_SUM) {
                return cg_error_set(b->err, CG_ERR_LIMIT, "a quotient class of %d heaps", MAX_SUM);
            }
            x.heap[x.count++] = h;
            if ((st = class_of(b, &x, &d)) == CG_OK) {
                b->trans[c * (b->n + 1) + h] = (uint32_t)d;
            }
        }
    }
    return st;
}

static uint32_t step(const builder *b, uint32_t e, size_t h) {
    return b->trans[(size_t)e * (b->n + 1) + h];
}

/* Classes d1 and d2, reached from one class by heaps h then k and k then h,
 * differ: the tests k + t and h + t split the class, t their first test
 * that tells d1 from d2. */
static cg_status split_pair(builder *b, uint32_t d1, uint32_t d2, size_t h, size_t k) {
    size_t t = 0;
    while (b->sigs[d1 * b->test_count + t] == b->sigs[d2 * b->test_count + t]) {
        t++;
    }
    qsum one = {1, {k}}, with = {0, {0}};
    cg_status st = join(&one, &b->tests[t], &with, b->err);
    if (st == CG_OK) {
        st = add_test(b, &with);
    }
    one.heap[0] = h;
    if (st == CG_OK) {
        st = join(&one, &b->tests[t], &with, b->err);
    }
    if (st == CG_OK) {
        st = add_test(b, &with);
    }
    return st;
}

/* Adding heaps h then k and k then h must agree (the monoid is
 * commutative); when not, the tests that split a class. *changed. */
static cg_status check_commutes(builder *b, bool *changed) {
    *changed = false;
    for (size_t c = 0; c < b->order; c++) {
        for (size_t i = 0; i < b->alpha_count; i++) {
            for (size_t j = i + 1; j < b->alpha_count; j++) {
                size_t h = b->alpha[i], k = b->alpha[j];
                uint32_t d1 = step(b, step(b, (uint32_t)c, h), k);
                uint32_t d2 = step(b, step(b, (uint32_t)c, k), h);
                if (d1 != d2) {
                    *changed = true;
                    return split_pair(b, d1, d2, h, k);
                }
            }
        }
    }
    return CG_OK;
}

static uint32_t element_of(const builder *b, const qsum *x) {
    uint32_t e = 0;
    for (size_t i = 0; i < x->count; i++) {
        e = step(b, e, x->heap[i]);
    }
    return e;
}

/* x is misclassified: add the test that splits the class where the reading
 * of x goes wrong (Rivest and Schapire). */
static cg_status split_by(builder *b, const qsum *x) {
    uint8_t before = 0;
    cg_status st = reading(b, x, &before); /* i = 0: the empty class plus all of x */
    uint32_t e = 0;
    for (size_t i = 0; st == CG_OK && i < x->count; i++) {
        e = step(b, e, x->heap[i]);
        qsum rest = {0, {0}}, y = {0, {0}};
        for (size_t j = i + 1; j < x->count; j++) {
            rest.heap[rest.count++] = x->heap[j];
        }
        uint8_t now = 0;
        st = join(&b->reps[e], &rest, &y, b->err);
        if (st == CG_OK) {
            st = reading(b, &y, &now);
        }
        if (st == CG_OK && now != before) {
            return add_test(b, &rest);
        }
    }
    return st == CG_OK ? cg_error_set(b->err, CG_ERR_INTERNAL,
                                      "a misère quotient counterexample that splits nothing")
                       : st;
}

typedef struct option_check {
    builder *b;
    const qsum *g;
    size_t at;
    const uint8_t *predicted; /* each element's reading */
    bool found;
    qsum wrong;
    cg_status status;
} option_check;

static void check_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    option_check *c = context;
    if (c->found || c->status != CG_OK) {
        return;
    }
    qsum x = {0, {0}};
    for (size_t i = 0; i < c->g->count; i++) {
        if (i != c->at) {
            x.heap[x.count++] = c->g->heap[i];
        }
    }
    for (size_t i = 0; i < count && x.count < MAX_SUM; i++) {
        x.heap[x.count++] = parts[i];
    }
    uint8_t r = 0;
    c->status = reading(c->b, &x, &r);
    if (c->status == CG_OK && r != c->predicted[element_of(c->b, &x)]) {
        c->found = true;
        c->wrong = x;
    }
}

/* A sum whose class is wrong, given that the check failed at g: g itself,
 * or one of its options. */
static cg_status find_wrong(builder *b, const cg_octal_code *code, const uint8_t *predicted,
                            const qsum *g, qsum *wrong) {
    uint8_t r = 0;
    cg_status st = reading(b, g, &r);
    if (st != CG_OK || r != predicted[element_of(b, g)]) {
        *wrong = *g;
        return st;
    }
    option_check c = {b, g, 0, predicted, false, {0, {0}}, CG_OK};
    for (size_t i = 0; i < g->count && !c.found && c.status == CG_OK; i++) {
        c.at = i;
        cg_octal_each_option(code, g->heap[i], check_option, &c);
    }
    if (c.status != CG_OK) {
        return c.status;
    }
    if (!c.found) {
        return cg_error_set(b->err, CG_ERR_INTERNAL,
                            "a misère quotient check failed on "
                            "correctly classified sums");
    }
    *wrong = c.wrong;
    return CG_OK;
}

/* The proof (misere_proof_internal.h) of the classes, each predicted to
 * read as its class's sum alone (is_p the P-ness, value the G- when the
 * classes hold values): *proven, or a test added that splits the class of
 * a sum where the rule of play fails. */
static cg_status verify(builder *b, const cg_octal_code *code, const uint8_t *predicted,
                        const uint8_t *is_p, const uint32_t *value, bool *proven) {
    const cg_quotient_candidate candidate = {code, b->n, b->order, b->trans, is_p, value};
    cg_proof_failure failure;
    cg_status st =
        cg_misere_prove(&candidate, b->budget, b->max_states, proven, &failure, &b->states, b->err);
    if (st == CG_OK && !*proven) {
        qsum g = {failure.count, {0}}, wrong = {0, {0}};
        memcpy(g.heap, failure.heap, failure.count * sizeof *g.heap);
        st = find_wrong(b, code, predicted, &g, &wrong);
        if (st == CG_OK) {
            st = split_by(b, &wrong);
        }
    }
    return st;
}

typedef struct option_counter {
    size_t count;
} option_counter;

static void count_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    (void)parts;
    (void)count;
    ((option_counter *)context)->count++;
}

/* Heaps 1..n with a move, the alphabet the classes are read in. */
static void find_alphabet(builder *b, const cg_octal_code *code) {
    for (size_t h = 1; h <= b->n; h++) {
        option_counter c = {0};
        cg_octal_each_option(code, h, count_option, &c);
        b->dead[h] = c.count == 0;
        if (!b->dead[h]) {
            b->alpha[b->alpha_count++] = h;
        }
    }
}

/* One round: the classes of the tests, made to commute, then the proof.
 * Proven, q takes the classes' table, P-portion and values. */
static cg_status one_round(builder *b, const cg_octal_code *code, cg_misere_quotient *q,
                           bool *proven) {
    bool changed = false;
    cg_status st = build_classes(b);
    if (st == CG_OK) {
        st = check_commutes(b, &changed);
    }
    if (st != CG_OK || changed) {
        return st;
    }
    uint8_t *predicted = NULL, *is_p = NULL;
    uint32_t *value = NULL;
    size_t held = 0;
    const cg_array arrays[] = {
        {&predicted, 1, 1, 1},
        {&is_p, 1, 1, 1},
        {&value, sizeof *value, 1, 1},
    };
    st = cg_resize_arrays(b->budget, &held, arrays, b->values ? 3 : 2, b->order, "the quotient",
                          b->err);
    for (size_t e = 0; st == CG_OK && e < b->order; e++) {
        /* test 0 is the empty sum (the analyser loses track of the realloc'd rows) */
        // NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign)
        predicted[e] = b->sigs[e * b->test_count];
        is_p[e] = b->values ? predicted[e] == 0 : predicted[e];
        if (value != NULL) {
            value[e] = predicted[e];
        }
    }
    if (st == CG_OK) {
        st = verify(b, code, predicted, is_p, value, proven);
    }
    free(predicted);
    size_t predicted_bytes = b->order + 1;
    if (st != CG_OK || !*proven) {
        free(is_p);
        free(value);
        cg_budget_give(b->budget, held, 1);
        return st;
    }
    cg_budget_give(b->budget, predicted_bytes, 1);
    size_t times_bytes = b->capacity * (b->n + 1) * sizeof *b->trans;
    q->heaps = b->n;
    q->order = b->order;
    q->is_p = is_p;
    q->value = value;
    q->times = b->trans; /* its bytes go from the builder's count to q's */
    b->trans = NULL;
    b->classes_held -= times_bytes;
    q->held += held - predicted_bytes + times_bytes;
    q->tests = b->test_count;
    q->states = b->states;
    return CG_OK;
}

/* Each heap's element: the identity plus heap h. */
static cg_status heap_elements(cg_misere_quotient *q, cg_error *err) {
    size_t n = q->heaps;
    if (n > CG_QUOTIENT_MAX_HEAPS) {
        return cg_error_set(err, CG_ERR_INTERNAL, "a misère quotient of %zu heaps", n);
    }
    cg_status st = cg_budget_take(q->budget, n + 1, sizeof *q->heap_element, "the quotient", err);
    if (st != CG_OK) {
        return st;
    }
    if ((q->heap_element = calloc(n + 1, sizeof *q->heap_element)) == NULL) {
        cg_budget_give(q->budget, n + 1, sizeof *q->heap_element);
        return cg_error_nomem(err, "the quotient");
    }
    q->held += (n + 1) * sizeof *q->heap_element;
    for (size_t h = 0; h <= n; h++) {
        // NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign)
        q->heap_element[h] = q->times[h];
    }
    return CG_OK;
}

/* q's elements numbered in the order a breadth-first walk from the empty
 * sum meets them, heaps tried from 1 up: the numbering the learner gives,
 * so that every way of building a quotient lists it alike. */
static cg_status renumber(cg_misere_quotient *q, cg_error *err) {
    size_t order = q->order, stride = q->heaps + 1, held = 0;
    uint32_t *parent = NULL, *heap = NULL, *queue = NULL, *times = NULL, *value = NULL;
    uint8_t *is_p = NULL;
    const cg_array arrays[] = {
        {&parent, sizeof *parent, 1, 0},
        {&heap, sizeof *heap, 1, 0},
        {&queue, sizeof *queue, 1, 0},
        {&times, sizeof *times, stride, 0},
        {&is_p, 1, 1, 0},
        {&value, sizeof *value, 1, 0},
    };
    cg_status st = cg_resize_arrays(q->budget, &held, arrays, q->value != NULL ? 6 : 5, order,
                                    "the quotient", err);
    if (st == CG_OK) {
        size_t met = cg_quotient_walk(q->times, order, q->heaps, parent, heap, queue);
        uint32_t *id = parent; /* the walk's parents are not needed past here */
        for (size_t i = 0; i < met; i++) {
            id[queue[i]] = (uint32_t)i;
        }
        for (size_t i = 0; i < met; i++) {
            for (size_t h = 0; h < stride; h++) {
                times[i * stride + h] = id[q->times[(size_t)queue[i] * stride + h]];
            }
            is_p[i] = q->is_p[queue[i]];
            if (value != NULL) {
                value[i] = q->value[queue[i]];
            }
        }
        /* every element is some sum's, so met == order; were one not met, it
         * is no element of the quotient and is left out */
        memcpy(q->times, times, met * stride * sizeof *times);
        memcpy(q->is_p, is_p, met);
        if (value != NULL) {
            memcpy(q->value, value, met * sizeof *value);
        }
        q->order = met;
    }
    free(parent);
    free(heap);
    free(queue);
    free(times);
    free(is_p);
    free(value);
    cg_budget_give(q->budget, held, 1);
    return st;
}

/* A proven q's numbering, heap elements, presentation and completeness. */
static cg_status finish(cg_misere_quotient *q, const cg_octal_code *code, cg_error *err) {
    cg_status st = renumber(q, err);
    if (st == CG_OK) {
        st = heap_elements(q, err);
    }
    if (st == CG_OK) {
        st = cg_misere_quotient_present(q, err);
    }
    if (st == CG_OK) {
        q->complete = cg_misere_quotient_period(q, code, &q->preperiod, &q->period);
    }
    return st;
}

cg_status cg_misere_quotient_adopt(cg_misere_quotient *q, const cg_octal_code *code, size_t heaps,
                                   size_t order, uint32_t *times, uint8_t *is_p, uint32_t *value,
                                   size_t held, uint64_t states, cg_error *err) {
    q->heaps = heaps;
    q->order = order;
    q->times = times;
    q->is_p = is_p;
    q->value = value;
    q->held = held;
    q->states = states;
    cg_status st = finish(q, code, err);
    if (st != CG_OK) {
        cg_misere_quotient_free(q);
    }
    return st;
}

static void free_builder(builder *b) {
    cg_budget_give(b->budget, b->test_capacity, sizeof *b->tests);
    cg_budget_give(b->budget, b->classes_held, 1);
    cg_budget_give(b->budget, b->sig_capacity, 1);
    cg_budget_give(b->budget, b->sig_room, 1);
    free(b->tests);
    free(b->reps);
    free(b->trans);
    free(b->sigs);
    free(b->sig);
}

static cg_status build(cg_misere_solver *solver, const cg_misere_quotient *below, size_t n,
                       bool values, size_t max_order, uint64_t max_states, cg_misere_quotient *q,
                       cg_error *err) {
    memset(q, 0, sizeof *q);
    const cg_octal_code *code = cg_misere_code(solver);
    q->budget = cg_misere_budget(solver);
    builder b;
    memset(&b, 0, sizeof b);
    b.solver = solver;
    b.values = values;
    b.budget = q->budget;
    b.n = n;
    b.max_order = max_order;
    b.max_states = max_states;
    b.err = err;
    find_alphabet(&b, code);
    qsum empty = {0, {0}};
    cg_status st = grow_classes(&b, 1);
    if (st == CG_OK && below != NULL) {
        st = cg_misere_above_new(solver, below, &b.above, err);
    } else if (st == CG_OK) {
        st = cg_misere_extend(solver, n, err);
    }
    if (st == CG_OK) {
        st = add_test(&b, &empty);
    }
    bool proven = false;
    for (size_t round = 0; st == CG_OK && !proven && round < MAX_ROUNDS; round++) {
        st = one_round(&b, code, q, &proven);
    }
    if (st == CG_OK && !proven) {
        st = cg_error_set(err, CG_ERR_LIMIT, "the quotient was not settled in %d rounds",
                          MAX_ROUNDS);
    }
    if (st == CG_OK) {
        st = finish(q, code, err);
    }
    cg_misere_above_free(b.above);
    free_builder(&b);
    if (st != CG_OK) {
        cg_misere_quotient_free(q);
    }
    return st;
}

static bool bounds_fit(const cg_misere_solver *solver, size_t n, size_t max_order) {
    return solver != NULL && n <= CG_QUOTIENT_MAX_HEAPS && max_order >= 2 && max_order <= 65535;
}

static cg_status bounds_error(cg_error *err) {
    return cg_error_set(err, CG_ERR_USAGE,
                        "a misère quotient is for heaps up to %d, with room for 2 to 65535 "
                        "elements",
                        CG_QUOTIENT_MAX_HEAPS);
}

cg_status cg_misere_quotient_build(cg_misere_solver *solver, size_t n, size_t max_order,
                                   uint64_t max_states, cg_misere_quotient *q, cg_error *err) {
    if (q == NULL || !bounds_fit(solver, n, max_order)) {
        return bounds_error(err);
    }
    return build(solver, NULL, n, false, max_order, max_states, q, err);
}

/* The quotient (values: the value quotient) of heaps <= below->heaps + 1:
 * the guesses from below first, then the learner. */
static cg_status build_next(cg_misere_solver *solver, const cg_misere_quotient *below, bool values,
                            size_t max_order, uint64_t max_states, cg_misere_quotient *q,
                            cg_error *err) {
    if (q == NULL || below == NULL || below->times == NULL || (values && below->value == NULL) ||
        !bounds_fit(solver, below->heaps + 1, max_order)) {
        return bounds_error(err);
    }
    bool found = false;
    cg_status st =
        cg_misere_quotient_try_extend(solver, below, max_order, max_states, q, &found, err);
    if (st != CG_OK || found) {
        return st;
    }
    return build(solver, below, below->heaps + 1, values, max_order, max_states, q, err);
}

cg_status cg_misere_quotient_build_next(cg_misere_solver *solver, const cg_misere_quotient *below,
                                        size_t max_order, uint64_t max_states,
                                        cg_misere_quotient *q, cg_error *err) {
    return build_next(solver, below, false, max_order, max_states, q, err);
}

cg_status cg_misere_value_quotient_build(cg_misere_solver *solver, size_t n, size_t max_order,
                                         uint64_t max_states, cg_misere_quotient *q,
                                         cg_error *err) {
    if (q == NULL || !bounds_fit(solver, n, max_order)) {
        return bounds_error(err);
    }
    return build(solver, NULL, n, true, max_order, max_states, q, err);
}

cg_status cg_misere_value_quotient_build_next(cg_misere_solver *solver,
                                              const cg_misere_quotient *below, size_t max_order,
                                              uint64_t max_states, cg_misere_quotient *q,
                                              cg_error *err) {
    return build_next(solver, below, true, max_order, max_states, q, err);
}

cg_status cg_misere_quotient_chain(cg_misere_solver *solver, size_t upto, size_t max_order,
                                   uint64_t max_states, cg_quotient_seen_fn seen, void *context,
                                   cg_misere_quotient *last, cg_error *err) {
    if (last == NULL) {
        return bounds_error(err);
    }
    memset(last, 0, sizeof *last);
    if (!bounds_fit(solver, upto, max_order)) {
        return bounds_error(err);
    }
    cg_misere_quotient next;
    cg_status st = cg_misere_quotient_build(solver, 0, max_order, max_states, &next, err);
    while (st == CG_OK) {
        cg_misere_quotient_free(last);
        *last = next;
        if (seen != NULL && (st = seen(context, last, err)) != CG_OK) {
            break;
        }
        if (last->complete || last->heaps >= upto) {
            break;
        }
        st = cg_misere_quotient_build_next(solver, last, max_order, max_states, &next, err);
    }
    return st;
}

bool cg_misere_labels_are_values(const uint8_t *label, size_t count) {
    for (size_t c = 0; c < count; c++) {
        if (label[c] == UINT8_MAX) {
            return false;
        }
    }
    return true;
}

void cg_misere_labels_split(uint8_t *label, size_t count, uint32_t *value) {
    for (size_t c = 0; c < count; c++) {
        value[c] = label[c];
        label[c] = label[c] == 0;
    }
}

void cg_misere_quotient_free(cg_misere_quotient *q) {
    cg_budget_give(q->budget, q->held, 1);
    cg_budget_give(q->budget, q->relation_room, 2 * q->generators);
    free(q->times);
    free(q->is_p);
    free(q->value);
    free(q->heap_element);
    free(q->normal);
    free(q->relations);
    memset(q, 0, sizeof *q);
}

uint32_t cg_misere_quotient_element(const cg_misere_quotient *q, const size_t *heaps,
                                    size_t count) {
    uint32_t e = 0;
    for (size_t i = 0; i < count; i++) {
        e = cg_misere_quotient_plus(q, e, heaps[i]);
    }
    return e;
}

bool cg_misere_quotient_is_p(const cg_misere_quotient *q, const size_t *heaps, size_t count) {
    return q->is_p[cg_misere_quotient_element(q, heaps, count)] != 0;
}

typedef struct quotient_moves {
    const cg_misere_quotient *q;
    uint32_t rest; /* the element of the sum without the heap moved in */
    size_t at;
    cg_misere_move_fn fn;
    void *context;
    size_t wins;
} quotient_moves;

static void quotient_move(void *context, size_t take, const size_t *parts, size_t count) {
    quotient_moves *m = context;
    uint32_t e = m->rest;
    for (size_t i = 0; i < count; i++) {
        e = cg_misere_quotient_plus(m->q, e, parts[i]);
    }
    if (m->q->is_p[e]) {
        m->wins++;
        if (m->fn != NULL) {
            m->fn(m->context, m->at, take, parts, count);
        }
    }
}

void cg_misere_quotient_winning_moves(const cg_misere_quotient *q, const cg_octal_code *code,
                                      const size_t *heaps, size_t count, cg_misere_move_fn fn,
                                      void *context, size_t *wins) {
    quotient_moves m = {q, 0, 0, fn, context, 0};
    for (size_t i = 0; i < count; i++) {
        m.rest = 0;
        for (size_t j = 0; j < count; j++) {
            if (j != i) {
                m.rest = cg_misere_quotient_plus(q, m.rest, heaps[j]);
            }
        }
        m.at = i;
        cg_octal_each_option(code, heaps[i], quotient_move, &m);
    }
    if (wins != NULL) {
        *wins = m.wins;
    }
}
