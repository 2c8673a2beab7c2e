/* Misère values 0 to 3 read off a proven quotient (see
 * misere_oracle_internal.h). */
#include "octal/misere_oracle_internal.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Whether q covers heap h (any heap, once complete). */
static bool covers(const cg_misere_quotient *q, size_t h) {
    return q->complete || h <= q->heaps;
}

/* The biggest quotient whose products are tabled (order^2 entries, 16 MiB). */
#define MAX_ORDER 2048

static uint32_t heap_element(const void *context, size_t n) {
    const cg_misere_quotient *q = context;
    return covers(q, n) ? cg_misere_quotient_element(q, &n, 1) : CG_MISERE_NO_ELEMENT;
}

/* Each element's m of 0..3 with e + *m in the P-portion: one m at most
 * (m = G- of e's sums); the m whose nim-heap the game lacks are not asked.
 * A value quotient's elements have their G- already. */
static void find_values(cg_misere_oracle *o) {
    const cg_misere_quotient *q = o->quotient;
    for (uint32_t e = 0; e < q->order; e++) {
        o->value[e] = CG_MISERE_NO_VALUE;
        if (q->value != NULL) {
            o->value[e] = q->value[e] < CG_MISERE_NO_VALUE ? (uint8_t)q->value[e] : o->value[e];
            continue;
        }
        for (uint32_t m = 0; m < 4 && o->value[e] == CG_MISERE_NO_VALUE; m++) {
            if (((m & 1u) != 0 && o->one == 0) || ((m & 2u) != 0 && o->two == 0)) {
                continue;
            }
            uint32_t x = (m & 1u) != 0 ? cg_misere_quotient_plus(q, e, o->one) : e;
            x = (m & 2u) != 0 ? cg_misere_quotient_plus(q, x, o->two) : x;
            o->value[e] = q->is_p[x] ? (uint8_t)m : CG_MISERE_NO_VALUE;
        }
    }
}

/* product[a][b] for every a and b: each b reached from the empty sum by
 * adding heaps one at a time (breadth first, so the sum before it comes
 * first), a + b = (a + the sum before b) + b's last heap. Elements no sum
 * of heaps reaches (none, in a quotient) have no products. */
static cg_status find_products(cg_misere_oracle *o, cg_error *err) {
    const cg_misere_quotient *q = o->quotient;
    size_t order = q->order, stride = q->heaps + 1;
    uint32_t *queue = malloc(order * sizeof *queue), *parent = malloc(order * sizeof *parent);
    uint16_t *last = malloc(order * sizeof *last);
    if (queue == NULL || parent == NULL || last == NULL) {
        free(queue);
        free(parent);
        free(last);
        return cg_error_nomem(err, "the quotient's products");
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
        o->product[i] = CG_MISERE_NO_ELEMENT;
    }
    for (size_t a = 0; a < order; a++) {
        uint32_t *row = o->product + a * order;
        row[0] = (uint32_t)a;
        for (size_t k = 1; k < reached; k++) {
            uint32_t b = queue[k];
            row[b] = q->times[(size_t)row[parent[b]] * stride + last[b]];
        }
    }
    free(queue);
    free(parent);
    free(last);
    return CG_OK;
}

cg_status cg_misere_oracle_attach(cg_misere_oracle *o, cg_misere_solver *solver,
                                  const cg_misere_quotient *q, cg_error *err) {
    if (o == NULL || solver == NULL || q == NULL || q->times == NULL || q->is_p == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "an oracle needs a solver and a proven quotient");
    }
    memset(o, 0, sizeof *o);
    if (q->order > MAX_ORDER || q->heaps > UINT16_MAX) {
        return cg_error_set(err, CG_ERR_LIMIT, "a quotient of %zu elements is too big to ask",
                            q->order);
    }
    o->quotient = q;
    o->budget = cg_misere_budget(solver);
    /* the heaps the quotient covers only */
    size_t last = q->complete || q->heaps > CG_MISERE_NIM_HEAPS_LOOKED_AT
                      ? CG_MISERE_NIM_HEAPS_LOOKED_AT
                      : q->heaps;
    cg_status st = cg_misere_first_nim_heap(solver, 1, last, &o->one, err);
    if (st == CG_OK) {
        st = cg_misere_first_nim_heap(solver, 2, last, &o->two, err);
    }
    size_t bytes = q->order * (q->order * sizeof *o->product + sizeof *o->value);
    if (st == CG_OK &&
        (st = cg_budget_take(o->budget, bytes, 1, "the quotient's products", err)) == CG_OK) {
        o->held = bytes;
        o->product = malloc(q->order * q->order * sizeof *o->product);
        o->value = malloc(q->order * sizeof *o->value);
        if (o->product == NULL || o->value == NULL) {
            st = cg_error_nomem(err, "the quotient's products");
        } else {
            find_values(o);
            st = find_products(o, err);
        }
    }
    if (st != CG_OK) {
        cg_misere_oracle_free(o);
        return st;
    }
    const cg_misere_oracle_table table = {
        (uint32_t)q->order,
        o->product,
        o->value,
        o->one != 0 ? heap_element(q, o->one) : CG_MISERE_NO_ELEMENT,
        o->two != 0 ? heap_element(q, o->two) : CG_MISERE_NO_ELEMENT,
        heap_element,
        q,
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
