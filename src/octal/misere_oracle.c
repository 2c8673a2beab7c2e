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

#define NONE UINT8_MAX

static bool oracle_value(void *context, unsigned ones, unsigned twos, const uint16_t *heaps,
                         size_t count, uint32_t *value) {
    cg_misere_oracle *o = context;
    const cg_misere_quotient *q = o->quotient;
    o->asked++;
    if ((ones != 0 && o->one == 0) || (twos != 0 && o->two == 0)) {
        return false;
    }
    uint32_t e = 0;
    for (size_t i = 0; i < count; i++) {
        if (!covers(q, heaps[i])) {
            return false;
        }
        e = cg_misere_quotient_plus(q, e, heaps[i]);
    }
    e = ones & 1u ? cg_misere_quotient_plus(q, e, o->one) : e;
    for (unsigned k = 0; k < twos; k++) {
        e = cg_misere_quotient_plus(q, e, o->two);
    }
    if (o->value[e] == NONE) {
        return false;
    }
    *value = o->value[e];
    o->answered++;
    return true;
}

/* Each element's m of 0..3 with e + *m in the P-portion: one m at most
 * (m = G- of e's sums); the m whose nim-heap the game lacks are not asked. */
static void find_values(cg_misere_oracle *o) {
    const cg_misere_quotient *q = o->quotient;
    for (uint32_t e = 0; e < q->order; e++) {
        o->value[e] = NONE;
        for (uint32_t m = 0; m < 4 && o->value[e] == NONE; m++) {
            if (((m & 1u) != 0 && o->one == 0) || ((m & 2u) != 0 && o->two == 0)) {
                continue;
            }
            uint32_t x = (m & 1u) != 0 ? cg_misere_quotient_plus(q, e, o->one) : e;
            x = (m & 2u) != 0 ? cg_misere_quotient_plus(q, x, o->two) : x;
            o->value[e] = q->is_p[x] ? (uint8_t)m : NONE;
        }
    }
}

cg_status cg_misere_oracle_attach(cg_misere_oracle *o, cg_misere_solver *solver,
                                  const cg_misere_quotient *q, cg_error *err) {
    if (o == NULL || solver == NULL || q == NULL || q->times == NULL || q->is_p == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "an oracle needs a solver and a proven quotient");
    }
    memset(o, 0, sizeof *o);
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
    if (st == CG_OK) {
        st = cg_budget_take(o->budget, q->order, 1, "the quotient's values", err);
        if (st == CG_OK && (o->value = malloc(q->order)) == NULL) {
            cg_budget_give(o->budget, q->order, 1);
            st = cg_error_nomem(err, "the quotient's values");
        }
    }
    if (st == CG_OK && o->value != NULL) {
        find_values(o);
        cg_misere_set_oracle(solver, oracle_value, o);
    }
    return st;
}

void cg_misere_oracle_free(cg_misere_oracle *o) {
    if (o != NULL && o->value != NULL) {
        free(o->value);
        cg_budget_give(o->budget, o->quotient->order, 1);
        o->value = NULL;
    }
}
