/* Unit tests of the misère quotient proof: a proven quotient passes, every
 * corruption of its P-portion fails with a sum where the rule of play
 * fails, and the walk stays small where the old per-heap walk needed
 * millions of states. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "misere_fixture.h"

#include "octal/misere_proof_internal.h"
#include "octal/misere_quotient_internal.h"

static cg_misere_solver *solver_for(const char *text, cg_octal_code *code) {
    return misere_solver(text, 1, NULL, code);
}

typedef struct rule_check {
    const cg_misere_quotient *q;
    const uint8_t *is_p;
    uint32_t rest;
    bool any, to_p;
} rule_check;

static void see_option(void *context, size_t take, const size_t *parts, size_t count) {
    (void)take;
    rule_check *r = context;
    uint32_t e = r->rest;
    for (size_t i = 0; i < count; i++) {
        e = r->q->times[(size_t)e * (r->q->heaps + 1) + parts[i]];
    }
    r->any = true;
    r->to_p = r->to_p || r->is_p[e];
}

/* Whether the rule of play holds at the sum under P-portion is_p: predicted
 * P exactly when the sum has a move and no option is predicted P. */
static bool rule_holds(const cg_misere_quotient *q, const cg_octal_code *code, const uint8_t *is_p,
                       const cg_proof_failure *f) {
    rule_check r = {q, is_p, 0, false, false};
    for (size_t i = 0; i < f->count; i++) {
        r.rest = 0;
        for (size_t j = 0; j < f->count; j++) {
            if (j != i) {
                r.rest = q->times[(size_t)r.rest * (q->heaps + 1) + f->heap[j]];
            }
        }
        cg_octal_each_option(code, f->heap[i], see_option, &r);
    }
    uint32_t whole = cg_misere_quotient_element(q, f->heap, f->count);
    return (is_p[whole] != 0) == (r.any && !r.to_p);
}

static void proven_quotients_pass_and_corruptions_fail(void **state) {
    (void)state;
    const char *codes[] = {"0.77", "0.137", "0.75", "4.7", "0.a3"};
    for (size_t c = 0; c < sizeof codes / sizeof *codes; c++) {
        cg_octal_code code;
        cg_misere_solver *s = solver_for(codes[c], &code);
        cg_misere_quotient q;
        cg_error err;
        assert_int_equal(cg_misere_quotient_build(s, 8, 1000, 100000, &q, &err), CG_OK);
        cg_quotient_candidate cand = {&code, q.heaps, q.order, q.times, q.is_p, NULL};
        bool proven = false;
        cg_proof_failure f;
        uint64_t states = 0;
        assert_int_equal(cg_misere_prove(&cand, NULL, 100000, &proven, &f, &states, &err), CG_OK);
        assert_true(proven);
        assert_true(states >= 1);
        /* each element's P-ness flipped: a sum where the rule fails */
        uint8_t *flipped = malloc(q.order);
        assert_non_null(flipped);
        for (size_t e = 0; e < q.order; e++) {
            memcpy(flipped, q.is_p, q.order);
            flipped[e] = !flipped[e];
            cand.is_p = flipped;
            assert_int_equal(cg_misere_prove(&cand, NULL, 100000, &proven, &f, NULL, &err), CG_OK);
            assert_false(proven);
            assert_false(rule_holds(&q, &code, flipped, &f));
        }
        free(flipped);
        cg_misere_quotient_free(&q);
        cg_misere_free(s);
    }
}

/* Kayles to heap 16: the walk over (element, options' set) pairs needs a
 * few hundred states at most (the walk over each heap's element needed
 * more than 4,000,000 past heap 19). */
static void kayles_walk_is_small(void **state) {
    (void)state;
    cg_octal_code code;
    cg_misere_solver *s = solver_for("0.77", &code);
    cg_misere_quotient q;
    cg_error err;
    assert_int_equal(cg_misere_quotient_build(s, 16, 1000, 1000, &q, &err), CG_OK);
    assert_int_equal(q.order, 24);
    assert_true(q.states < 1000);
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

static void refuses_bad_arguments(void **state) {
    (void)state;
    bool proven = true;
    cg_proof_failure f;
    cg_error err;
    assert_int_equal(cg_misere_prove(NULL, NULL, 10, &proven, &f, NULL, &err), CG_ERR_USAGE);
    cg_quotient_candidate empty = {NULL, 0, 0, NULL, NULL, NULL};
    assert_int_equal(cg_misere_prove(&empty, NULL, 10, &proven, &f, NULL, &err), CG_ERR_USAGE);
}

/* Every byte of the walk is counted and given back, also when the budget
 * stops it. */
static void proof_counts_in_budget(void **state) {
    (void)state;
    cg_octal_code code;
    cg_misere_solver *s = solver_for("0.77", &code);
    cg_misere_quotient q;
    cg_error err;
    assert_int_equal(cg_misere_quotient_build(s, 12, 1000, 100000, &q, &err), CG_OK);
    cg_quotient_candidate cand = {&code, q.heaps, q.order, q.times, q.is_p, NULL};
    cg_budget budget = cg_budget_make((size_t)1 << 20);
    bool proven = false;
    cg_proof_failure f;
    assert_int_equal(cg_misere_prove(&cand, &budget, 100000, &proven, &f, NULL, &err), CG_OK);
    assert_true(proven);
    assert_int_equal(budget.used, 0);
    assert_true(budget.peak > 0);
    budget.limit = budget.peak - 1;
    budget.peak = 0;
    assert_int_equal(cg_misere_prove(&cand, &budget, 100000, &proven, &f, NULL, &err),
                     CG_ERR_LIMIT);
    assert_false(proven);
    assert_int_equal(budget.used, 0);
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

/* A heap without a move is the empty game. 0.1: heap 1 moves to 0, heap 2
 * has no move. A candidate that makes heap 2 an element of its own,
 * labelled P (G- 0), is false (G-(2) = 1, G-(2 + 1) = 0) though every walk
 * over moves agrees with it; the proof refuses it, outcomes and values,
 * naming heap 2 in its failing sum. With heap 2 the identity it passes,
 * unless its outcomes disagree with its values. */
static void a_heap_without_a_move_adds_nothing(void **state) {
    (void)state;
    cg_octal_code code;
    cg_error err;
    assert_int_equal(cg_octal_parse("0.1", &code, &err), CG_OK);
    /* elements 1, a, g, ga; heaps 0, 1, 2 (stride 3) */
    uint32_t wrong[] = {0, 1, 2, 1, 0, 3, 2, 3, 2, 3, 2, 3};
    uint8_t wrong_p[] = {0, 1, 1, 0};
    uint32_t wrong_value[] = {1, 0, 0, 1};
    uint32_t right[] = {0, 1, 0, 1, 0, 1};
    uint8_t right_p[] = {0, 1};
    uint32_t right_value[] = {1, 0};
    for (int values = 0; values < 2; values++) {
        cg_quotient_candidate c = {&code, 2, 4, wrong, wrong_p, values ? wrong_value : NULL};
        bool proven = true;
        cg_proof_failure f;
        assert_int_equal(cg_misere_prove(&c, NULL, 1000, &proven, &f, NULL, &err), CG_OK);
        assert_false(proven);
        assert_true(f.count >= 1);
        assert_int_equal(f.heap[f.count - 1], 2);
        cg_quotient_candidate r = {&code, 2, 2, right, right_p, values ? right_value : NULL};
        assert_int_equal(cg_misere_prove(&r, NULL, 1000, &proven, &f, NULL, &err), CG_OK);
        assert_true(proven);
    }
    /* values that are right with outcomes that are not: a value quotient
     * answers outcomes from is_p, so it must agree with the values */
    uint8_t flipped_p[] = {0, 0};
    cg_quotient_candidate r = {&code, 2, 2, right, flipped_p, right_value};
    bool proven = true;
    cg_proof_failure f;
    assert_int_equal(cg_misere_prove(&r, NULL, 1000, &proven, &f, NULL, &err), CG_OK);
    assert_false(proven);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(proven_quotients_pass_and_corruptions_fail),
        cmocka_unit_test(kayles_walk_is_small),
        cmocka_unit_test(refuses_bad_arguments),
        cmocka_unit_test(a_heap_without_a_move_adds_nothing),
        cmocka_unit_test(proof_counts_in_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
