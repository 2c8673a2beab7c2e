/* Misère values read off a proven quotient, and off a second one whose
 * values are proven (see misere_oracle_internal.h). */
#include "octal/misere_oracle_internal.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Whether q covers heap h (any heap, once complete). */
static bool covers(const cg_misere_quotient *q, size_t h) {
    return q->complete || h <= q->heaps;
}

/* The most elements whose products are tabled (order^2 entries of 16 bits,
 * 8 MiB; an element's number fits 16 bits). */
#define MAX_ORDER 2048
_Static_assert(MAX_ORDER <= CG_MISERE_NO_PRODUCT, "an element's number fits a 16-bit product");

/* Heap n's element: the pair of its elements in the quotient and in the
 * valued one (layer - 1 when that does not cover n). */
static uint32_t heap_element(const void *context, size_t n) {
    const cg_misere_oracle *o = context;
    if (!covers(o->quotient, n)) {
        return CG_MISERE_NO_ELEMENT;
    }
    uint32_t a = cg_misere_quotient_element(o->quotient, &n, 1);
    uint32_t b = o->valued != NULL && n <= o->valued->heaps
                     ? cg_misere_quotient_element(o->valued, &n, 1)
                     : o->layer - 1;
    return a * o->layer + b;
}

/* A value as the oracle's table keeps it (254 at most). */
static uint8_t small_value(uint32_t v) {
    return v < CG_MISERE_NO_VALUE ? (uint8_t)v : CG_MISERE_NO_VALUE;
}

/* Each element's m of 0..3 with e + *m in the P-portion: one m at most
 * (m = G- of e's sums); the m whose nim-heap the game lacks are not asked.
 * A value quotient's elements have their G- already. */
static void find_values(const cg_misere_quotient *q, size_t one, size_t two, uint8_t *value) {
    for (uint32_t e = 0; e < q->order; e++) {
        value[e] = CG_MISERE_NO_VALUE;
        if (q->value != NULL) {
            value[e] = small_value(q->value[e]);
            continue;
        }
        for (uint32_t m = 0; m < 4 && value[e] == CG_MISERE_NO_VALUE; m++) {
            if (((m & 1u) != 0 && one == 0) || ((m & 2u) != 0 && two == 0)) {
                continue;
            }
            uint32_t x = (m & 1u) != 0 ? cg_misere_quotient_plus(q, e, one) : e;
            x = (m & 2u) != 0 ? cg_misere_quotient_plus(q, x, two) : x;
            value[e] = q->is_p[x] ? (uint8_t)m : CG_MISERE_NO_VALUE;
        }
    }
}

/* product[a][b] of q for every a and b: each b reached from the empty sum
 * by adding heaps one at a time (breadth first, so the sum before it comes
 * first), a + b = (a + the sum before b) + b's last heap. Elements no sum
 * of heaps reaches (none, in a quotient) have no products. */
static bool find_products(const cg_misere_quotient *q, uint32_t *product) {
    size_t order = q->order, stride = q->heaps + 1;
    uint32_t *queue = malloc(order * sizeof *queue), *parent = malloc(order * sizeof *parent);
    uint16_t *last = malloc(order * sizeof *last);
    if (queue == NULL || parent == NULL || last == NULL) {
        free(queue);
        free(parent);
        free(last);
        return false;
    }
    for (size_t e = 0; e < order; e++) {
        parent[e] = CG_MISERE_NO_ELEMENT;
    }
    size_t reached = 0;
    queue[reached++] = 0;
    parent[0] = 0;
    for (size_t k = 0; k < reached; k++) {
        uint32_t e = queue[k];
        for (size_t h = 1; h <= q->heaps; h++) {
            uint32_t f = q->times[(size_t)e * stride + h];
            if (parent[f] == CG_MISERE_NO_ELEMENT) {
                parent[f] = e;
                last[f] = (uint16_t)h;
                queue[reached++] = f;
            }
        }
    }
    for (size_t i = 0; i < order * order; i++) {
        product[i] = CG_MISERE_NO_ELEMENT;
    }
    for (size_t a = 0; a < order; a++) {
        uint32_t *row = product + a * order;
        row[0] = (uint32_t)a;
        for (size_t k = 1; k < reached; k++) {
            uint32_t b = queue[k];
            row[b] = q->times[(size_t)row[parent[b]] * stride + last[b]];
        }
    }
    free(queue);
    free(parent);
    free(last);
    return true;
}

/* The pairs' products and values from the two quotients' own: values are
 * valued's (given with it), own the quotient's (proven; NULL: its
 * P-portion's 0 to 3). */
static cg_status pair_tables(cg_misere_oracle *o, const uint32_t *values, const uint32_t *own,
                             cg_error *err) {
    const cg_misere_quotient *q = o->quotient, *v = o->valued;
    size_t a_order = q->order, b_order = v != NULL ? v->order : 0, layer = o->layer;
    uint32_t *pa = malloc(a_order * a_order * sizeof *pa);
    uint32_t *pb = v != NULL ? malloc(b_order * b_order * sizeof *pb) : NULL;
    uint8_t *va = malloc(a_order);
    bool made = pa != NULL && va != NULL && (v == NULL || (pb != NULL && values != NULL)) &&
                find_products(q, pa) && (v == NULL || find_products(v, pb));
    if (made) {
        find_values(q, o->one, o->two, va);
        for (size_t a = 0; own != NULL && a < a_order; a++) {
            va[a] = small_value(own[a]);
        }
        size_t order = a_order * layer;
        for (size_t x = 0; x < order; x++) {
            size_t a1 = x / layer, b1 = x % layer;
            o->value[x] = b1 < b_order ? small_value(values[b1]) : va[a1];
            for (size_t y = 0; y < order; y++) {
                size_t a2 = y / layer, b2 = y % layer;
                uint32_t a = pa[a1 * a_order + a2];
                uint32_t b =
                    b1 < b_order && b2 < b_order ? pb[b1 * b_order + b2] : (uint32_t)(layer - 1);
                o->product[x * order + y] = a == CG_MISERE_NO_ELEMENT || b == CG_MISERE_NO_ELEMENT
                                                ? CG_MISERE_NO_PRODUCT
                                                : (uint16_t)(a * layer + b);
            }
        }
    }
    free(pa);
    free(pb);
    free(va);
    return made ? CG_OK : cg_error_nomem(err, "the quotient's products");
}

cg_status cg_misere_oracle_attach(cg_misere_oracle *o, cg_misere_solver *solver,
                                  const cg_misere_quotient *q, cg_error *err) {
    return cg_misere_oracle_attach_valued(o, solver, q, NULL, NULL, err);
}

cg_status cg_misere_oracle_attach_valued(cg_misere_oracle *o, cg_misere_solver *solver,
                                         const cg_misere_quotient *q,
                                         const cg_misere_quotient *valued, const uint32_t *values,
                                         cg_error *err) {
    if (o == NULL || solver == NULL || q == NULL || q->times == NULL || q->is_p == NULL ||
        (valued != NULL && (valued->times == NULL || values == NULL))) {
        return cg_error_set(err, CG_ERR_USAGE, "an oracle needs a solver and a proven quotient");
    }
    memset(o, 0, sizeof *o);
    if (q->order > MAX_ORDER || q->heaps > UINT16_MAX) {
        return cg_error_set(err, CG_ERR_LIMIT, "a quotient of %zu elements is too big to ask",
                            q->order);
    }
    o->quotient = q;
    o->layer = 1;
    const uint32_t *own = valued == q ? values : NULL; /* q's own values */
    valued = valued == q ? NULL : valued;
    if (valued != NULL && valued->heaps <= UINT16_MAX &&
        q->order * (valued->order + 1) <= MAX_ORDER) {
        o->valued = valued; /* else too many pairs: the quotient alone */
        o->layer = (uint32_t)valued->order + 1;
    }
    o->budget = cg_misere_budget(solver);
    /* the heaps the quotient covers only */
    size_t last = q->complete || q->heaps > CG_MISERE_NIM_HEAPS_LOOKED_AT
                      ? CG_MISERE_NIM_HEAPS_LOOKED_AT
                      : q->heaps;
    cg_status st = cg_misere_first_nim_heap(solver, 1, last, &o->one, err);
    if (st == CG_OK) {
        st = cg_misere_first_nim_heap(solver, 2, last, &o->two, err);
    }
    size_t order = q->order * o->layer;
    size_t bytes = order * (order * sizeof *o->product + sizeof *o->value);
    if (st == CG_OK &&
        (st = cg_budget_take(o->budget, bytes, 1, "the quotient's products", err)) == CG_OK) {
        o->held = bytes;
        o->product = malloc(order * order * sizeof *o->product);
        o->value = malloc(order * sizeof *o->value);
        /* pair_tables's scratch: each quotient's products, the quotient's
         * values, and find_products's walk (4 + 4 + 2 bytes an element) */
        size_t a = q->order, b = o->valued != NULL ? o->valued->order : 0;
        size_t scratch = (a * a + b * b) * sizeof(uint32_t) + a + 10 * (a > b ? a : b);
        if (o->product == NULL || o->value == NULL) {
            st = cg_error_nomem(err, "the quotient's products");
        } else if ((st = cg_budget_take(o->budget, scratch, 1, "the quotient's products", err)) ==
                   CG_OK) {
            st = pair_tables(o, values, own, err);
            cg_budget_give(o->budget, scratch, 1);
        }
    }
    if (st != CG_OK) {
        cg_misere_oracle_free(o);
        return st;
    }
    const cg_misere_oracle_table table = {
        (uint32_t)order,
        o->product,
        o->value,
        o->one != 0 ? heap_element(o, o->one) : CG_MISERE_NO_ELEMENT,
        o->two != 0 ? heap_element(o, o->two) : CG_MISERE_NO_ELEMENT,
        heap_element,
        o,
    };
    cg_misere_set_oracle(solver, &table);
    return CG_OK;
}

void cg_misere_oracle_free(cg_misere_oracle *o) {
    if (o != NULL) {
        free(o->product);
        free(o->value);
        cg_budget_give(o->budget, o->held, 1);
        o->product = NULL;
        o->value = NULL;
        o->held = 0;
    }
}
