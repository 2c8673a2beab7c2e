/* Unit tests of misère values read from a proven quotient: where their
 * proof passes they are every sum's G- (checked against the search on
 * random sums), a corrupted value fails the proof, Kayles's values are not
 * a function of its quotient past heap 19 (two sums of one class with
 * different G-, both searched), and heaps adopted from the quotient equal
 * the heaps the solver searches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "misere_fixture.h"

#include "core/rng_internal.h"
#include "octal/misere_genus_internal.h"
#include "octal/misere_least_internal.h"
#include "octal/misere_oracle_internal.h"
#include "octal/misere_proof_internal.h"
#include "octal/misere_quotient_internal.h"
#include "octal/misere_values_internal.h"

static cg_misere_solver *solver_for(const char *text, size_t terms, cg_octal_code *code) {
    return misere_solver(text, terms, NULL, code);
}

static uint32_t searched_value(cg_misere_solver *s, const size_t *heaps, size_t count) {
    uint32_t v = 0;
    cg_misere_method method;
    cg_error err;
    assert_int_equal(cg_misere_value(s, heaps, count, 0, 0, &v, &method, &err), CG_OK);
    return v;
}

/* A game's quotient of heaps <= heaps and its values (proven or not). */
typedef struct fixture {
    cg_octal_code code;
    cg_misere_solver *s;
    cg_misere_quotient q;
    uint32_t *values;
    bool proven;
} fixture;

static void fixture_make(fixture *f, const char *text, size_t heaps) {
    cg_error err;
    f->s = solver_for(text, 1, &f->code);
    /* heap by heap (the chain's guesses): one build at once searches far more */
    assert_int_equal(cg_misere_quotient_chain(f->s, heaps, 1000, 1000000, NULL, NULL, &f->q, &err),
                     CG_OK);
    assert_int_equal(f->q.heaps, heaps);
    assert_int_equal(
        cg_misere_quotient_values(&f->q, &f->code, NULL, 1000000, &f->values, &f->proven, &err),
        CG_OK);
}

static void fixture_free(fixture *f) {
    cg_misere_values_free(f->values, f->q.order, NULL);
    cg_misere_quotient_free(&f->q);
    cg_misere_free(f->s);
}

/* Proven values are G- of 2,000 random sums of up to four heaps. */
static void proven_values_are_every_sums_value(void **state) {
    (void)state;
    const struct {
        const char *code;
        size_t heaps;
    } games[] = {{"0.77", 12}, {"0.75", 10}, {"0.137", 10}, {"0.152", 12}};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        fixture f;
        fixture_make(&f, games[g].code, games[g].heaps);
        assert_true(f.proven);
        cg_rng rng = cg_rng_make(20261206 + g);
        for (int i = 0; i < 2000; i++) {
            size_t heaps[4], count = 1 + cg_rng_below(&rng, 4);
            for (size_t k = 0; k < count; k++) {
                heaps[k] = cg_rng_below(&rng, f.q.heaps + 1);
            }
            uint32_t e = cg_misere_quotient_element(&f.q, heaps, count);
            assert_int_equal(f.values[e], searched_value(f.s, heaps, count));
        }
        fixture_free(&f);
    }
}

/* Any one value raised (a value below it missing from the options, the N
 * side) or lowered (an option's value, the P side): the proof fails. */
static void corrupted_values_fail(void **state) {
    (void)state;
    fixture f;
    fixture_make(&f, "0.77", 12);
    assert_true(f.proven);
    const cg_misere_quotient *q = &f.q;
    uint32_t *changed = malloc(q->order * sizeof *changed);
    assert_non_null(changed);
    for (size_t e = 0; e < q->order; e++) {
        for (int delta = -2; delta <= 2; delta++) {
            if (delta == 0 || (int)f.values[e] + delta < 0) {
                continue;
            }
            memcpy(changed, f.values, q->order * sizeof *changed);
            changed[e] = (uint32_t)((int)f.values[e] + delta);
            cg_quotient_candidate c = {&f.code, q->heaps, q->order, q->times, q->is_p, changed};
            cg_proof_failure failure;
            bool proven = true;
            cg_error err;
            assert_int_equal(cg_misere_prove(&c, NULL, 1000000, &proven, &failure, NULL, &err),
                             CG_OK);
            assert_false(proven);
        }
    }
    free(changed);
    fixture_free(&f);
}

/* Kayles's quotient of heaps <= 20 puts 20 + 9 in the class of a sum
 * whose G- differs: its values are not proven, and rightly so. */
static void kayles_values_are_not_a_function_of_the_quotient(void **state) {
    (void)state;
    fixture f;
    fixture_make(&f, "0.77", 20);
    assert_false(f.proven);
    cg_least_sums l;
    cg_error err;
    assert_int_equal(cg_least_sums_find(&l, &f.q, &f.code, NULL, &err), CG_OK);
    const size_t wild[] = {20, 9};
    uint32_t e = cg_misere_quotient_element(&f.q, wild, 2);
    size_t least[64], count = 0;
    for (uint32_t y = e; y != 0; y = l.parent[y]) {
        assert_true(count < 64);
        least[count++] = l.heap_of[y];
    }
    assert_int_equal(cg_misere_quotient_element(&f.q, least, count), e);
    assert_int_not_equal(searched_value(f.s, wild, 2), searched_value(f.s, least, count));
    cg_least_sums_free(&l);
    fixture_free(&f);
}

/* Heaps adopted from the quotient are the heaps the solver searches: value,
 * genus terms and tameness. */
static void adopted_heaps_equal_searched_heaps(void **state) {
    (void)state;
    const struct {
        const char *code;
        size_t upto, adopted; /* heaps the quotient's values reach */
    } games[] = {{"0.77", 19, 19}, {"0.75", 40, 40}, {"0.77", 30, 2}};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        cg_octal_code code;
        cg_misere_solver *searched = solver_for(games[g].code, 6, &code);
        cg_misere_solver *adopted = solver_for(games[g].code, 6, &code);
        cg_error err;
        assert_int_equal(cg_misere_extend(searched, games[g].upto, &err), CG_OK);
        cg_misere_genus_run run;
        cg_misere_set_node_limit(adopted, 3000000);
        assert_int_equal(
            cg_misere_genus_start(adopted, CG_GENUS_BY_QUOTIENT, games[g].upto, &run, &err), CG_OK);
        /* the chain searched with fewer positions; the heaps get theirs back */
        assert_int_equal(cg_misere_node_limit(adopted), 3000000);
        /* the heaps the quotient does not reach are the search's (asking the
         * quotient for G- 0 to 3 first): 0.77's values past 19 fail their
         * proof, so only the heaps looked at for a *2 are there */
        assert_int_equal(cg_misere_count(adopted), games[g].adopted + 1);
        assert_int_equal(cg_misere_extend(adopted, games[g].upto, &err), CG_OK);
        for (size_t n = 0; n <= games[g].upto; n++) {
            cg_misere_heap a = cg_misere_heap_at(searched, n), b = cg_misere_heap_at(adopted, n);
            assert_int_equal(a.normal, b.normal);
            assert_int_equal(a.misere, b.misere);
            assert_int_equal(a.tame, b.tame);
            assert_memory_equal(a.genus, b.genus, 6 * sizeof *a.genus);
        }
        cg_misere_genus_end(adopted, &run);
        cg_misere_free(searched);
        cg_misere_free(adopted);
    }
}

/* The oracle reads G- 0 to 3 off Kayles's complete quotient: sums searched
 * asking it have the values of sums searched without it, it answers only
 * values 0 to 3 and answers some, its table is counted in the budget and
 * given back, and it refuses what is missing. */
static void the_oracle_reads_small_values(void **state) {
    (void)state;
    cg_budget budget = cg_budget_make((size_t)256 << 20);
    cg_error err;
    cg_misere_solver *asking = misere_solver("0.77", 1, &budget, NULL);
    cg_misere_solver *plain = misere_solver("0.77", 1, NULL, NULL);
    cg_misere_quotient q;
    assert_int_equal(cg_misere_quotient_chain(asking, 400, 1024, 4000000u, NULL, NULL, &q, &err),
                     CG_OK);
    assert_true(q.complete);
    size_t before = budget.used;
    cg_misere_oracle o;
    assert_int_equal(cg_misere_oracle_attach(NULL, asking, &q, &err), CG_ERR_USAGE);
    assert_int_equal(cg_misere_oracle_attach(&o, asking, NULL, &err), CG_ERR_USAGE);
    assert_int_equal(cg_misere_oracle_attach(&o, asking, &q, &err), CG_OK);
    assert_int_equal(o.one, 1);
    assert_int_equal(o.two, 2);
    /* the products of two elements and each element's value */
    assert_true(budget.used >= before + q.order * (q.order * sizeof(uint16_t) + 1));
    cg_rng rng = cg_rng_make(20261206);
    uint64_t asked = 0, answered = 0;
    for (size_t t = 0; t < 300; t++) {
        size_t heaps[3], count = 1 + cg_rng_below(&rng, 3);
        for (size_t k = 0; k < count; k++) {
            heaps[k] = 1 + cg_rng_below(&rng, 24);
        }
        uint32_t a = 0, b = 0;
        cg_misere_method method;
        uint64_t answered_before = answered;
        assert_int_equal(cg_misere_value(asking, heaps, count, 0, 0, &a, &method, &err), CG_OK);
        assert_int_equal(cg_misere_value(plain, heaps, count, 0, 0, &b, &method, &err), CG_OK);
        assert_int_equal(a, b);
        /* a sum the oracle valued itself (one question, one answer) is 0-3 */
        uint64_t asked_before = asked;
        cg_misere_oracle_counts(asking, &asked, &answered);
        if (answered == answered_before + 1 && asked == asked_before + 1) {
            assert_true(a <= 3);
        }
    }
    assert_true(answered > 0);
    assert_true(answered < asked); /* G- 4 and more are the search's */
    cg_misere_set_oracle(asking, NULL);
    size_t held = budget.used; /* the searches' positions came on top */
    cg_misere_oracle_free(&o);
    assert_int_equal(budget.used, held - q.order * (q.order * sizeof(uint16_t) + 1));
    cg_misere_quotient_free(&q);
    cg_misere_free(asking);
    cg_misere_free(plain);
    assert_int_equal(budget.used, 0);
}

/* Kayles's values are proven to heap 19 and its quotient goes on: with the
 * quotient of heaps <= 19 and its values as the valued layer, the oracle
 * values sums of those heaps of any G- (4 and more too), with one question
 * each, and sums with larger heaps as the quotient alone does; every value
 * is the plain search's. */
static void the_valued_layer_gives_every_value(void **state) {
    (void)state;
    cg_budget budget = cg_budget_make((size_t)256 << 20);
    cg_error err;
    fixture small;
    fixture_make(&small, "0.77", 19);
    assert_true(small.proven);
    cg_misere_solver *asking = misere_solver("0.77", 1, &budget, NULL);
    cg_misere_solver *plain = misere_solver("0.77", 1, NULL, NULL);
    cg_misere_quotient q;
    assert_int_equal(cg_misere_quotient_chain(asking, 30, 1024, 4000000u, NULL, NULL, &q, &err),
                     CG_OK);
    cg_misere_oracle o;
    assert_int_equal(cg_misere_oracle_attach_valued(&o, asking, &q, &small.q, NULL, &err),
                     CG_ERR_USAGE);
    assert_int_equal(cg_misere_oracle_attach_valued(&o, asking, &q, &small.q, small.values, &err),
                     CG_OK);
    assert_ptr_equal(o.valued, &small.q);
    assert_int_equal(o.layer, small.q.order + 1);
    assert_int_equal(cg_misere_extend(asking, 30, &err), CG_OK); /* questions only below */
    cg_rng rng = cg_rng_make(20261207);
    size_t high = 0; /* sums of small heaps valued 4 or more by one question */
    for (size_t t = 0; t < 400; t++) {
        size_t heaps[3], count = 1 + cg_rng_below(&rng, 3);
        bool small_heaps = t % 2 == 0;
        for (size_t k = 0; k < count; k++) {
            heaps[k] = 1 + cg_rng_below(&rng, small_heaps ? 19 : 30);
        }
        uint64_t asked_before, answered_before, asked, answered;
        cg_misere_oracle_counts(asking, &asked_before, &answered_before);
        uint32_t a = 0, b = 0;
        cg_misere_method method;
        assert_int_equal(cg_misere_value(asking, heaps, count, 0, 0, &a, &method, &err), CG_OK);
        assert_int_equal(cg_misere_value(plain, heaps, count, 0, 0, &b, &method, &err), CG_OK);
        assert_int_equal(a, b);
        cg_misere_oracle_counts(asking, &asked, &answered);
        if (small_heaps && method == CG_MISERE_BY_SEARCH) {
            /* not tame: the oracle answered it at once */
            assert_int_equal(answered, answered_before + 1);
            assert_int_equal(asked, asked_before + 1);
            high += a >= 4;
        }
    }
    assert_true(high > 0);
    cg_misere_set_oracle(asking, NULL);
    cg_misere_oracle_free(&o);
    cg_misere_quotient_free(&q);
    cg_misere_free(asking);
    cg_misere_free(plain);
    fixture_free(&small);
    assert_int_equal(budget.used, 0);
}

/* Every byte is counted and given back; a budget too small is a limit. */
static void values_count_in_budget(void **state) {
    (void)state;
    cg_octal_code code;
    cg_misere_solver *s = solver_for("0.77", 1, &code);
    cg_misere_quotient q;
    cg_error err;
    assert_int_equal(cg_misere_quotient_chain(s, 12, 1000, 1000000, NULL, NULL, &q, &err), CG_OK);
    cg_budget budget = cg_budget_make((size_t)1 << 20);
    uint32_t *values = NULL;
    bool proven = false;
    assert_int_equal(cg_misere_quotient_values(&q, &code, &budget, 1000000, &values, &proven, &err),
                     CG_OK);
    assert_true(proven);
    assert_int_equal(budget.used, q.order * sizeof *values);
    cg_misere_values_free(values, q.order, &budget);
    assert_int_equal(budget.used, 0);
    for (size_t i = 0; i < 64; i++) { /* 64 limits from 1 byte to just below the peak */
        cg_budget small = cg_budget_make(1 + (budget.peak - 1) * i / 64);
        cg_status st =
            cg_misere_quotient_values(&q, &code, &small, 1000000, &values, &proven, &err);
        assert_int_equal(st, CG_ERR_LIMIT);
        assert_null(values);
        assert_int_equal(small.used, 0);
    }
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(proven_values_are_every_sums_value),
        cmocka_unit_test(corrupted_values_fail),
        cmocka_unit_test(kayles_values_are_not_a_function_of_the_quotient),
        cmocka_unit_test(adopted_heaps_equal_searched_heaps),
        cmocka_unit_test(the_oracle_reads_small_values),
        cmocka_unit_test(the_valued_layer_gives_every_value),
        cmocka_unit_test(values_count_in_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
