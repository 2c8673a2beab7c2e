/* A proven quotient's presentation (see misere_presentation_internal.h):
 * its generators, each element's normal form and the relations; and the
 * names its words are written with (declared in
 * misere_quotient_internal.h, which the reports read). */
#include "octal/misere_presentation_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"

/* Whether word (a vector of exponents, one a generator) is the normal form
 * of its element, *element. */
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

/* The empty sum alone reached: in marks it, queue holds it; 1. */
static size_t reach_identity(const cg_misere_quotient *q, uint8_t *in, uint32_t *queue) {
    memset(in, 0, q->order);
    in[0] = 1;
    queue[0] = 0;
    return 1;
}

/* Close the reached elements (queue[0..reached-1], marked in `in`) under
 * adding any generator but `skip` (SIZE_MAX: none); the count reached. */
static size_t close_reached(const cg_misere_quotient *q, uint8_t *in, uint32_t *queue,
                            size_t reached, size_t skip) {
    size_t stride = q->heaps + 1;
    for (size_t i = 0; i < reached; i++) {
        for (size_t g = 0; g < q->generators; g++) {
            if (g == skip) {
                continue;
            }
            uint32_t f = q->times[queue[i] * stride + q->generator_heap[g]];
            if (!in[f]) {
                in[f] = 1;
                queue[reached++] = f;
            }
        }
    }
    return reached;
}

/* Heap h's generators: the heaps outside the submonoid of the earlier ones,
 * then without those the others generate (a heap outside the submonoid of
 * the heaps before it may be a product of later ones: 0.152's heap 20 is
 * that of heaps 10, 24 and 24), so that no generator is a product of the
 * rest. in and queue (order entries) are scratch: the elements reached so
 * far. */
static void find_generators(cg_misere_quotient *q, uint8_t *in, uint32_t *queue) {
    size_t reached = reach_identity(q, in, queue);
    for (size_t h = 1; h <= q->heaps && reached < q->order; h++) {
        if (in[q->heap_element[h]]) {
            continue;
        }
        q->generator_heap[q->generators++] = h;
        reached = close_reached(q, in, queue, reached, SIZE_MAX);
    }
    for (size_t g = 0; g < q->generators;) {
        close_reached(q, in, queue, reach_identity(q, in, queue), g);
        if (in[q->heap_element[q->generator_heap[g]]]) { /* the others generate it */
            memmove(q->generator_heap + g, q->generator_heap + g + 1,
                    (q->generators - g - 1) * sizeof *q->generator_heap);
            q->generators--;
        } else {
            g++;
        }
    }
}

/* The normal forms' scratch: a word, each element's best word of the
 * degree being read, which elements have their form and which get it now. */
typedef struct forms {
    cg_misere_quotient *q;
    uint8_t *word, *best, *has, *fresh;
    cg_error *err;
} forms;

static size_t degree_of(const cg_misere_quotient *q, uint32_t e) {
    size_t degree = 0;
    for (size_t g = 0; g < q->generators; g++) {
        degree += q->normal[e * q->generators + g];
    }
    return degree;
}

/* Every element whose normal form is of `degree`: its least word, one
 * generator more than a form of degree - 1. *assigned counts them. */
static cg_status forms_of_degree(forms *f, size_t degree, size_t *assigned) {
    cg_misere_quotient *q = f->q;
    size_t gens = q->generators, stride = q->heaps + 1;
    memset(f->fresh, 0, q->order);
    for (uint32_t e = 0; e < q->order; e++) {
        if (!f->has[e] || degree_of(q, e) + 1 != degree) {
            continue;
        }
        for (size_t g = 0; g < gens; g++) {
            memcpy(f->word, q->normal + e * gens, gens);
            if (f->word[g] == 255) {
                return cg_error_set(f->err, CG_ERR_LIMIT, "an exponent above 255");
            }
            f->word[g]++;
            uint32_t to = q->times[e * stride + q->generator_heap[g]];
            if (!f->has[to] && (!f->fresh[to] || lex_less(f->word, f->best + to * gens, gens))) {
                memcpy(f->best + to * gens, f->word, gens);
                f->fresh[to] = 1;
            }
        }
    }
    for (uint32_t e = 0; e < q->order; e++) {
        if (f->fresh[e]) {
            memcpy(q->normal + e * gens, f->best + e * gens, gens);
            f->has[e] = 1;
            (*assigned)++;
        }
    }
    return CG_OK;
}

/* Whether word (not a normal form) is a relation's left side: each of its
 * divisors by one generator is normal, and it is not listed yet. */
static bool is_minimal(const cg_misere_quotient *q, uint8_t *word) {
    bool minimal = true;
    for (size_t d = 0; d < q->generators && minimal; d++) {
        if (word[d] > 0) {
            word[d]--;
            uint32_t ignored;
            minimal = is_normal(q, word, &ignored);
            word[d]++;
        }
    }
    for (size_t r = 0; minimal && r < q->relation_count; r++) {
        minimal = memcmp(q->relations + 2 * r * q->generators, word, q->generators) != 0;
    }
    return minimal;
}

/* The relations: the words one generator past a normal form that are not
 * normal but whose divisors all are, each equal to its element's form. */
static cg_status find_relations(cg_misere_quotient *q, uint8_t *word, cg_error *err) {
    size_t gens = q->generators;
    for (uint32_t e = 0; e < q->order; e++) {
        for (size_t g = 0; g < gens; g++) {
            memcpy(word, q->normal + e * gens, gens);
            word[g]++;
            uint32_t f;
            if (is_normal(q, word, &f) || !is_minimal(q, word)) {
                continue;
            }
            cg_status st = cg_grow_within(q->budget, &q->relations, &q->relation_room,
                                          q->relation_count + 1, 2 * gens, "the presentation", err);
            if (st != CG_OK) {
                return st;
            }
            memcpy(q->relations + 2 * q->relation_count * gens, word, gens);
            memcpy(q->relations + (2 * q->relation_count + 1) * gens, q->normal + f * gens, gens);
            q->relation_count++;
        }
    }
    return CG_OK;
}

cg_status cg_misere_quotient_present(cg_misere_quotient *q, cg_error *err) {
    size_t order = q->order, held = 0;
    uint8_t *in = NULL;
    uint32_t *queue = NULL;
    const cg_array found[] = {{&in, 1, 1, 0}, {&queue, sizeof *queue, 1, 0}};
    cg_status st = cg_resize_arrays(q->budget, &held, found, 2, order, "the presentation", err);
    if (st == CG_OK) {
        find_generators(q, in, queue);
    }
    free(in);
    free(queue);
    cg_budget_give(q->budget, held, 1);
    held = 0;
    size_t gens = q->generators, normal_bytes = order * (gens + 1) + 1;
    if (st == CG_OK &&
        (st = cg_budget_take(q->budget, normal_bytes, 1, "the presentation", err)) == CG_OK) {
        if ((q->normal = calloc(normal_bytes, 1)) == NULL) {
            cg_budget_give(q->budget, normal_bytes, 1);
            return cg_error_nomem(err, "the presentation");
        }
        q->held += normal_bytes;
    }
    forms f = {q, NULL, NULL, NULL, NULL, err};
    const cg_array scratch[] = {
        {&f.word, 1, 0, gens + 1},
        {&f.best, 1, gens + 1, 0},
        {&f.has, 1, 1, 0},
        {&f.fresh, 1, 1, 0},
    };
    if (st == CG_OK) {
        st = cg_resize_arrays(q->budget, &held, scratch, 4, order, "the presentation", err);
    }
    if (st == CG_OK) {
        /* normal forms, degree by degree: the least word of each element */
        memset(f.best, 0, order * (gens + 1));
        memset(f.has, 0, order);
        f.has[0] = 1;
        size_t assigned = 1;
        for (size_t degree = 1; st == CG_OK && assigned < order && degree <= order; degree++) {
            st = forms_of_degree(&f, degree, &assigned);
        }
    }
    if (st == CG_OK) {
        st = find_relations(q, f.word, err);
    }
    free(f.word);
    free(f.best);
    free(f.has);
    free(f.fresh);
    cg_budget_give(q->budget, held, 1);
    return st;
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
