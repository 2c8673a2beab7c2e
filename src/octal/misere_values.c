/* Misère values from a proven quotient (see misere_values_internal.h). */
#include "octal/misere_values_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/nimber_internal.h"
#include "octal/misere_least_internal.h"
#include "octal/misere_proof_internal.h"

/* The values of one element's least sum's options, for cg_mex_of. */
typedef struct option_values {
    const uint32_t *option_element;
    const uint32_t *values;
} option_values;

static uint32_t option_value_at(const void *sequence, size_t i) {
    const option_values *o = sequence;
    return o->values[o->option_element[i]];
}

/* The least value not among the values of e's least sum's options. */
static uint32_t mex_of_options(const cg_least_sums *l, const uint32_t *values, uint32_t e) {
    const option_values o = {l->option_element + l->option_first[e], values};
    return cg_mex_of(&o, l->option_first[e + 1] - l->option_first[e], option_value_at);
}

void cg_misere_values_free(uint32_t *values, size_t order, cg_budget *budget) {
    if (values != NULL) {
        free(values);
        cg_budget_give(budget, order, sizeof *values);
    }
}

cg_status cg_misere_quotient_values(const cg_misere_quotient *q, const cg_octal_code *code,
                                    cg_budget *budget, uint64_t max_states, uint32_t **values,
                                    bool *proven, cg_error *err) {
    if (values == NULL || proven == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "misère values need somewhere to go");
    }
    *values = NULL;
    *proven = false;
    cg_least_sums l;
    cg_status st = cg_least_sums_find(&l, q, code, budget, err);
    uint32_t *v = NULL;
    if (st == CG_OK) {
        st = cg_budget_take(budget, q->order, sizeof *v, "the misère values", err);
        if (st == CG_OK && (v = calloc(q->order, sizeof *v)) == NULL) {
            cg_budget_give(budget, q->order, sizeof *v);
            st = cg_error_nomem(err, "the misère values");
        }
    }
    if (st == CG_OK && v != NULL) {
        /* by tokens: an option's element comes before the sum's */
        for (size_t k = 0; k < l.reached; k++) {
            uint32_t e = l.by_tokens[k];
            v[e] = e == 0 ? 1 : mex_of_options(&l, v, e);
        }
        const cg_quotient_candidate c = {code, q->heaps, q->order, q->times, q->is_p, v};
        cg_proof_failure failure;
        st = cg_misere_prove(&c, budget, max_states, proven, &failure, NULL, err);
    }
    cg_least_sums_free(&l);
    if (st == CG_OK) {
        *values = v;
    } else {
        cg_misere_values_free(v, q->order, budget);
    }
    return st;
}
