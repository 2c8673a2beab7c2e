/* Misère values from a proven quotient (see misere_values_internal.h). */
#include "octal/misere_values_internal.h"

#include <stdlib.h>
#include <string.h>

#include "octal/misere_least_internal.h"
#include "octal/misere_proof_internal.h"

/* The least value not among the values of e's least sum's options. */
static uint32_t mex_of_options(const cg_least_sums *l, const uint32_t *values, uint32_t e) {
    uint32_t m = 0;
    for (bool found = true; found; m += found) {
        found = false;
        for (uint32_t k = l->option_first[e]; k < l->option_first[e + 1] && !found; k++) {
            found = values[l->option_element[k]] == m;
        }
    }
    return m;
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
