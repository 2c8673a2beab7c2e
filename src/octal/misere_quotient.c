/* Misère quotients by learning the automaton of P-positions and proving it
 * (see misere_quotient.h). */
#include "octal/misere_quotient_internal.h"

#include <stdlib.h>
#include <string.h>

#include "octal/misere_table_internal.h"

#define MAX_SUM 64      /* heaps in a class's sum plus a test */
#define ABSENT 0xFFFFu  /* a verification state's entry for a heap size not in the sum */
#define MAX_ROUNDS 4096 /* rebuilds of the classes at most */

typedef struct qsum {
    size_t count;
    size_t heap[MAX_SUM];
} qsum;

typedef struct builder {
    cg_misere_solver *solver;
    size_t n, max_order;
    uint64_t max_states;
    cg_error *err;
    size_t alpha[CG_QUOTIENT_MAX_HEAPS + 1]; /* heaps 1..n with a move */
    size_t alpha_count;
    uint8_t dead[CG_QUOTIENT_MAX_HEAPS + 1];
    qsum *tests;
    size_t test_count, test_capacity;
    qsum *reps;      /* each class's sum */
    uint8_t *sigs;   /* order x test_count: P-ness of rep + test */
    uint32_t *trans; /* order x (n + 1) */
    size_t order, capacity;
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

static cg_status outcome(builder *b, const qsum *x, bool *p) {
    cg_misere_method method;
    return cg_misere_is_p(b->solver, x->heap, x->count, p, &method, b->err);
}

/* The signature of x: P-ness of x plus each test. */
static cg_status signature(builder *b, const qsum *x, uint8_t *sig) {
    cg_status st = CG_OK;
    qsum y = {0, {0}};
    for (size_t t = 0; st == CG_OK && t < b->test_count; t++) {
        bool p = false;
        st = join(x, &b->tests[t], &y, b->err);
        if (st == CG_OK) {
            st = outcome(b, &y, &p);
        }
        sig[t] = p;
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
    if (b->test_count == b->test_capacity) {
        size_t grown = b->test_capacity == 0 ? 16 : 2 * b->test_capacity;
        qsum *tests = realloc(b->tests, grown * sizeof *tests);
        if (tests == NULL) {
            return cg_error_nomem(b->err, "the quotient's tests");
        }
        b->tests = tests;
        b->test_capacity = grown;
    }
    b->tests[b->test_count++] = *t;
    return CG_OK;
}

static cg_status add_class(builder *b, const qsum *rep, const uint8_t *sig) {
    if (b->order == b->max_order) {
        return cg_error_set(b->err, CG_ERR_LIMIT,
                            "the quotient of heaps up to %zu has more than %zu elements", b->n,
                            b->max_order);
    }
    if (b->order == b->capacity) {
        size_t grown = b->capacity == 0 ? 64 : 2 * b->capacity;
        qsum *reps = realloc(b->reps, grown * sizeof *reps);
        if (reps != NULL) {
            b->reps = reps;
        }
        uint32_t *trans = realloc(b->trans, grown * (b->n + 1) * sizeof *trans);
        if (trans != NULL) {
            b->trans = trans;
        }
        if (reps == NULL || trans == NULL) {
            return cg_error_nomem(b->err, "the quotient's classes");
        }
        b->capacity = grown;
    }
    uint8_t *sigs = realloc(b->sigs, (b->order + 1) * (b->test_count + 1));
    if (sigs == NULL) {
        return cg_error_nomem(b->err, "the quotient's classes");
    }
    b->sigs = sigs;
    b->reps[b->order] = *rep;
    memcpy(b->sigs + b->order * b->test_count, sig, b->test_count);
    b->order++;
    return CG_OK;
}

/* The classes of sums told apart by the tests, and each class plus each heap. */
static cg_status build_classes(builder *b) {
    b->order = 0;
    uint8_t *sig = malloc(b->test_count + 1);
    if (sig == NULL) {
        return cg_error_nomem(b->err, "the quotient's classes");
    }
    qsum x = {0, {0}};
    cg_status st = signature(b, &x, sig);
    if (st == CG_OK) {
        st = add_class(b, &x, sig);
    }
    for (size_t c = 0; st == CG_OK && c < b->order; c++) {
        for (size_t h = 0; st == CG_OK && h <= b->n; h++) {
            if (h == 0 || b->dead[h]) {
                b->trans[c * (b->n + 1) + h] = (uint32_t)c;
                continue;
            }
            x = b->reps[c];
            if (x.count == MAX_SUM) {
                st = cg_error_set(b->err, CG_ERR_LIMIT, "a quotient class of %d heaps", MAX_SUM);
                break;
            }
            x.heap[x.count++] = h;
            st = signature(b, &x, sig);
            size_t d = 0;
            while (st == CG_OK && d < b->order &&
                   memcmp(b->sigs + d * b->test_count, sig, b->test_count) != 0) {
                d++;
            }
            if (st == CG_OK && d == b->order) {
                st = add_class(b, &x, sig);
            }
            if (st == CG_OK) {
                b->trans[c * (b->n + 1) + h] = (uint32_t)d;
            }
        }
    }
    free(sig);
    return st;
}

static uint32_t step(const builder *b, uint32_t e, size_t h) {
    return b->trans[(size_t)e * (b->n + 1) + h];
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
                if (d1 == d2) {
                    continue;
                }
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
                *changed = true;
                return st;
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
    bool before = false;
    cg_status st = outcome(b, x, &before); /* i = 0: the empty class plus all of x */
    uint32_t e = 0;
    for (size_t i = 0; st == CG_OK && i < x->count; i++) {
        e = step(b, e, x->heap[i]);
        qsum rest = {0, {0}}, y = {0, {0}};
        for (size_t j = i + 1; j < x->count; j++) {
            rest.heap[rest.count++] = x->heap[j];
        }
        bool now = false;
        st = join(&b->reps[e], &rest, &y, b->err);
        if (st == CG_OK) {
            st = outcome(b, &y, &now);
        }
        if (st == CG_OK && now != before) {
            return add_test(b, &rest);
        }
    }
    return st == CG_OK ? cg_error_set(b->err, CG_ERR_INTERNAL,
                                      "a misère quotient counterexample that splits nothing")
                       : st;
}

typedef struct option_images {
    const builder *b;
    uint32_t from;
    bool any, to_p;
    const uint8_t *is_p;
} option_images;

static void image_of_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    option_images *o = context;
    uint32_t e = o->from;
    for (size_t i = 0; i < count; i++) {
        e = step(o->b, e, parts[i]);
    }
    o->any = true;
    o->to_p = o->to_p || o->is_p[e];
}

typedef struct option_check {
    builder *b;
    const qsum *g;
    size_t at;
    const uint8_t *is_p;
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
    bool p = false;
    c->status = outcome(c->b, &x, &p);
    if (c->status == CG_OK && p != (c->is_p[element_of(c->b, &x)] != 0)) {
        c->found = true;
        c->wrong = x;
    }
}

/* The sum of a verification state: the heaps added along its parents. */
static void sum_of_state(const uint32_t *parent, const uint32_t *added, uint32_t s, qsum *g) {
    g->count = 0;
    for (; parent[s] != UINT32_MAX && g->count < MAX_SUM; s = parent[s]) {
        g->heap[g->count++] = added[s];
    }
}

/* A sum whose class is wrong, given that the check failed at g: g itself,
 * or one of its options. */
static cg_status find_wrong(builder *b, const cg_octal_code *code, const uint8_t *is_p,
                            const qsum *g, qsum *wrong) {
    bool p = false;
    cg_status st = outcome(b, g, &p);
    if (st != CG_OK || p != (is_p[element_of(b, g)] != 0)) {
        *wrong = *g;
        return st;
    }
    option_check c = {b, g, 0, is_p, false, {0, {0}}, CG_OK};
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

/* The proof (misere_quotient.h): *proven, or a test added. */
static cg_status verify(builder *b, const cg_octal_code *code, const uint8_t *is_p, bool *proven) {
    *proven = false;
    cg_misere_table states;
    cg_misere_table_init(&states, NULL);
    uint32_t *parent = NULL, *added = NULL;
    size_t capacity = 0;
    uint16_t v[CG_QUOTIENT_MAX_HEAPS + 1] = {0}, w[CG_QUOTIENT_MAX_HEAPS + 1] = {0};
    size_t width = b->alpha_count;
    for (size_t j = 0; j < width; j++) {
        v[j] = ABSENT;
    }
    uint32_t id;
    cg_status st = cg_misere_table_intern(&states, v, width, &id, b->err);
    bool failed = false;
    uint32_t s = 0;
    for (; st == CG_OK && s < states.entry_count; s++) {
        if (states.entry_count + width > capacity) {
            capacity = 2 * (states.entry_count + width) + 64;
            uint32_t *p = realloc(parent, capacity * sizeof *p);
            if (p != NULL) {
                parent = p;
            }
            uint32_t *a = realloc(added, capacity * sizeof *a);
            if (a != NULL) {
                added = a;
            }
            if (p == NULL || a == NULL) {
                st = cg_error_nomem(b->err, "the quotient's verification");
                break;
            }
            if (s == 0) {
                parent[0] = UINT32_MAX;
                added[0] = 0;
            }
        }
        memcpy(v, cg_misere_table_words(&states, s), width * sizeof *v);
        uint32_t whole = 0;
        option_images o = {b, 0, false, false, is_p};
        for (size_t j = 0; j < width; j++) {
            if (v[j] != ABSENT) {
                whole = step(b, v[j], b->alpha[j]);
                o.from = v[j];
                cg_octal_each_option(code, b->alpha[j], image_of_option, &o);
            }
        }
        /* whole is in P exactly when a move exists and none leads into P */
        if ((is_p[whole] != 0) != (o.any && !o.to_p)) {
            failed = true;
            break;
        }
        for (size_t m = 0; st == CG_OK && m < width; m++) {
            for (size_t j = 0; j < width; j++) {
                w[j] = v[j] == ABSENT ? ABSENT : (uint16_t)step(b, v[j], b->alpha[m]);
            }
            w[m] = (uint16_t)whole;
            size_t before = states.entry_count;
            st = cg_misere_table_intern(&states, w, width, &id, b->err);
            if (st == CG_OK && states.entry_count > before) {
                if (states.entry_count > b->max_states) {
                    st = cg_error_set(b->err, CG_ERR_LIMIT,
                                      "the quotient of heaps up to %zu is not proven within %llu "
                                      "states",
                                      b->n, (unsigned long long)b->max_states);
                    break;
                }
                parent[id] = s;
                added[id] = (uint32_t)b->alpha[m];
            }
        }
    }
    b->states = states.entry_count;
    if (st == CG_OK && failed) {
        qsum g = {0, {0}}, wrong = {0, {0}};
        sum_of_state(parent, added, s, &g);
        st = find_wrong(b, code, is_p, &g, &wrong);
        if (st == CG_OK) {
            st = split_by(b, &wrong);
        }
    } else if (st == CG_OK) {
        *proven = true;
    }
    free(parent);
    free(added);
    cg_misere_table_free(&states);
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

/* Exponent vectors: e's normal form extended by generator g. */
static bool is_normal(const cg_misere_quotient *q, const uint8_t *word, uint32_t *element) {
    uint32_t e = 0;
    for (size_t g = 0; g < q->generators; g++) {
        for (uint8_t k = 0; k < word[g]; k++) {
            e = q->times[e * (q->heaps + 1) + q->generator_heap[g]];
        }
    }
    *element = e;
    return memcmp(q->normal + (size_t)e * q->generators, word, q->generators) == 0;
}

/* Lexicographically smaller (the earlier generator's exponent first). */
static bool lex_less(const uint8_t *a, const uint8_t *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (a[i] != b[i]) {
            return a[i] < b[i];
        }
    }
    return false;
}

/* Generators, normal forms and relations of the verified classes. */
static cg_status present(cg_misere_quotient *q, cg_error *err) {
    size_t stride = q->heaps + 1, order = q->order;
    uint8_t *in = calloc(order, 1);
    uint32_t *queue = malloc(order * sizeof *queue);
    if (in == NULL || queue == NULL) {
        free(in);
        free(queue);
        return cg_error_nomem(err, "the presentation");
    }
    cg_status st = CG_OK;
    /* generators: heaps outside the submonoid of the earlier ones */
    size_t reached = 0;
    in[0] = 1;
    queue[reached++] = 0;
    for (size_t h = 1; h <= q->heaps && reached < order; h++) {
        if (in[q->heap_element[h]]) { /* NOLINT(clang-analyzer-core.NullDereference) */
            continue;
        }
        q->generator_heap[q->generators++] = h;
        for (size_t i = 0; i < reached; i++) { /* close the reached set again */
            for (size_t g = 0; g < q->generators; g++) {
                uint32_t f = q->times[queue[i] * stride + q->generator_heap[g]];
                if (!in[f]) {
                    in[f] = 1;
                    queue[reached++] = f;
                }
            }
        }
    }
    size_t gens = q->generators;
    q->normal = calloc(order * (gens + 1) + 1, 1);
    /* normal forms, degree by degree: the least word of each element */
    uint8_t *word = malloc(gens + 1), *best = calloc(order * (gens + 1), 1);
    uint8_t *has = calloc(order, 1), *fresh = calloc(order, 1);
    if (q->normal == NULL || word == NULL || best == NULL || has == NULL || fresh == NULL) {
        free(in);
        free(queue);
        free(word);
        free(best);
        free(has);
        free(fresh);
        return cg_error_nomem(err, "the presentation");
    }
    has[0] = 1;
    size_t assigned = 1;
    for (size_t degree = 1; st == CG_OK && assigned < order && degree <= order; degree++) {
        memset(fresh, 0, order);
        for (uint32_t e = 0; e < order; e++) {
            size_t deg = 0;
            for (size_t g = 0; g < gens; g++) {
                deg += q->normal[e * gens + g];
            }
            if (!has[e] || deg + 1 != degree) {
                continue;
            }
            for (size_t g = 0; g < gens; g++) {
                memcpy(word, q->normal + e * gens, gens);
                if (word[g] == 255) {
                    st = cg_error_set(err, CG_ERR_LIMIT, "an exponent above 255");
                    break;
                }
                word[g]++;
                uint32_t f = q->times[e * stride + q->generator_heap[g]];
                if (!has[f] && (!fresh[f] || lex_less(word, best + f * gens, gens))) {
                    memcpy(best + f * gens, word, gens);
                    fresh[f] = 1;
                }
            }
        }
        for (uint32_t f = 0; f < order; f++) {
            if (fresh[f]) {
                memcpy(q->normal + f * gens, best + f * gens, gens);
                has[f] = 1;
                assigned++;
            }
        }
    }
    /* relations: words not normal whose divisors all are */
    size_t room = 0;
    for (uint32_t e = 0; st == CG_OK && e < order; e++) {
        for (size_t g = 0; st == CG_OK && g < gens; g++) {
            memcpy(word, q->normal + e * gens, gens);
            word[g]++;
            uint32_t f;
            if (is_normal(q, word, &f)) {
                continue;
            }
            bool minimal = true;
            for (size_t d = 0; d < gens && minimal; d++) {
                if (word[d] > 0) {
                    word[d]--;
                    uint32_t ignored;
                    minimal = is_normal(q, word, &ignored);
                    word[d]++;
                }
            }
            for (size_t r = 0; minimal && r < q->relation_count; r++) {
                minimal = memcmp(q->relations + 2 * r * gens, word, gens) != 0;
            }
            if (!minimal) {
                continue;
            }
            if (q->relation_count == room) {
                room = room == 0 ? 16 : 2 * room;
                uint8_t *grown = realloc(q->relations, 2 * room * gens + 1);
                if (grown == NULL) {
                    st = cg_error_nomem(err, "the presentation");
                    break;
                }
                q->relations = grown;
            }
            memcpy(q->relations + 2 * q->relation_count * gens, word, gens);
            memcpy(q->relations + (2 * q->relation_count + 1) * gens, q->normal + f * gens, gens);
            q->relation_count++;
        }
    }
    free(in);
    free(queue);
    free(word);
    free(best);
    free(has);
    free(fresh);
    return st;
}

cg_status cg_misere_quotient_build(cg_misere_solver *solver, size_t n, size_t max_order,
                                   uint64_t max_states, cg_misere_quotient *q, cg_error *err) {
    memset(q, 0, sizeof *q);
    if (solver == NULL || n > CG_QUOTIENT_MAX_HEAPS || max_order < 2 || max_order > 65535) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "a misère quotient is for heaps up to %d, with room for 2 to 65535 "
                            "elements",
                            CG_QUOTIENT_MAX_HEAPS);
    }
    const cg_octal_code *code = cg_misere_code(solver);
    builder b;
    memset(&b, 0, sizeof b);
    b.solver = solver;
    b.n = n;
    b.max_order = max_order;
    b.max_states = max_states;
    b.err = err;
    for (size_t h = 1; h <= n; h++) {
        option_counter c = {0};
        cg_octal_each_option(code, h, count_option, &c);
        b.dead[h] = c.count == 0;
        if (!b.dead[h]) {
            b.alpha[b.alpha_count++] = h;
        }
    }
    qsum empty = {0, {0}};
    b.capacity = 64;
    b.reps = malloc(b.capacity * sizeof *b.reps);
    b.trans = malloc(b.capacity * (n + 1) * sizeof *b.trans);
    if (b.reps == NULL || b.trans == NULL) {
        free(b.reps);
        free(b.trans);
        return cg_error_nomem(err, "the quotient");
    }
    cg_status st = cg_misere_extend(solver, n, err);
    if (st == CG_OK) {
        st = add_test(&b, &empty);
    }
    bool proven = false;
    for (size_t round = 0; st == CG_OK && !proven && round < MAX_ROUNDS; round++) {
        bool changed = false;
        st = build_classes(&b);
        if (st == CG_OK) {
            st = check_commutes(&b, &changed);
        }
        if (st != CG_OK || changed) {
            continue;
        }
        uint8_t *is_p = calloc(b.order + 1, 1);
        if (is_p == NULL) {
            st = cg_error_nomem(err, "the quotient");
            break;
        }
        for (size_t e = 0; e < b.order; e++) {
            /* test 0 is the empty sum (the analyser loses track of the realloc'd rows) */
            // NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign)
            is_p[e] = b.sigs[e * b.test_count];
        }
        st = verify(&b, code, is_p, &proven);
        if (st == CG_OK && proven) {
            q->heaps = n;
            q->order = b.order;
            q->is_p = is_p;
            is_p = NULL;
            q->times = b.trans;
            b.trans = NULL;
            q->tests = b.test_count;
            q->states = b.states;
        }
        free(is_p);
    }
    if (st == CG_OK && !proven) {
        st = cg_error_set(err, CG_ERR_LIMIT, "the quotient was not settled in %d rounds",
                          MAX_ROUNDS);
    }
    if (st == CG_OK) {
        q->heap_element = calloc(n + 1, sizeof *q->heap_element);
        if (q->heap_element == NULL) {
            st = cg_error_nomem(err, "the quotient");
        } else {
            for (size_t h = 0; h <= n; h++) {
                /* the identity plus heap h */
                // NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign)
                q->heap_element[h] = q->times[h];
            }
        }
    }
    if (st == CG_OK) {
        st = present(q, err);
    }
    free(b.tests);
    free(b.reps);
    free(b.sigs);
    free(b.trans);
    if (st != CG_OK) {
        cg_misere_quotient_free(q);
    }
    return st;
}

void cg_misere_quotient_free(cg_misere_quotient *q) {
    free(q->times);
    free(q->is_p);
    free(q->heap_element);
    free(q->normal);
    free(q->relations);
    memset(q, 0, sizeof *q);
}

uint32_t cg_misere_quotient_element(const cg_misere_quotient *q, const size_t *heaps,
                                    size_t count) {
    uint32_t e = 0;
    for (size_t i = 0; i < count; i++) {
        e = q->times[(size_t)e * (q->heaps + 1) + heaps[i]];
    }
    return e;
}

void cg_misere_quotient_name(size_t g, cg_buf *out) {
    if (g < 26) {
        cg_buf_putc(out, (char)('a' + g));
    } else {
        cg_buf_printf(out, "g%zu", g);
    }
}

void cg_misere_quotient_word(const cg_misere_quotient *q, const uint8_t *exponents, cg_buf *out) {
    bool any = false;
    for (size_t g = 0; g < q->generators; g++) {
        if (exponents[g] == 0) {
            continue;
        }
        any = true;
        cg_misere_quotient_name(g, out);
        if (exponents[g] > 1) {
            cg_buf_printf(out, "^%u", exponents[g]);
        }
    }
    if (!any) {
        cg_buf_putc(out, '1');
    }
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
        e = m->q->times[(size_t)e * (m->q->heaps + 1) + parts[i]];
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
                m.rest = q->times[(size_t)m.rest * (q->heaps + 1) + heaps[j]];
            }
        }
        m.at = i;
        cg_octal_each_option(code, heaps[i], quotient_move, &m);
    }
    if (wins != NULL) {
        *wins = m.wins;
    }
}
