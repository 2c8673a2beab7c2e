/* Unit tests of quotients built heap by heap from the one below (cheap
 * extensions, then the outcome learner over the quotient below): the same
 * quotient, numbered alike, as the learner from scratch with the exhaustive
 * search; Kayles complete with Sibert and Conway's period 12; every byte
 * counted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "octal/misere_extend_internal.h"
#include "octal/misere_quotient_internal.h"

static cg_misere_solver *solver_for(const char *text, cg_budget *budget) {
    cg_octal_code code;
    cg_error err;
    assert_int_equal(cg_octal_parse(text, &code, &err), CG_OK);
    cg_misere_solver *s = NULL;
    assert_int_equal(cg_misere_new(&code, 1, budget, &s, &err), CG_OK);
    return s;
}

/* Quotients of heaps 0..n, each from the one before, or until complete;
 * q the last. */
static void chain(cg_misere_solver *s, size_t n, bool until_complete, cg_misere_quotient *q) {
    cg_error err;
    cg_status st = cg_misere_quotient_chain(s, until_complete ? CG_QUOTIENT_MAX_HEAPS : n, 65535,
                                            4000000, NULL, NULL, q, &err);
    if (st != CG_OK) {
        fail_msg("heap %zu: %s", q->heaps + 1, err.message);
    }
    assert_true(q->heaps <= n);
    assert_true(until_complete ? q->complete : q->heaps == n);
}

static void chain_equals_scratch(void **state) {
    (void)state;
    const struct {
        const char *code;
        size_t n;
    } games[] = {{"0.77", 16}, {"0.75", 20}, {"0.137", 13}, {"4.7", 10},
                 {"0.16", 9},  {"0.a3", 8},  {"0.53", 18},  {"0.333", 6}};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        cg_misere_solver *a = solver_for(games[g].code, NULL);
        cg_misere_solver *b = solver_for(games[g].code, NULL);
        for (size_t n = 1; n <= games[g].n; n += 3) {
            cg_misere_quotient built, chained;
            cg_error err;
            assert_int_equal(cg_misere_quotient_build(a, n, 65535, 4000000, &built, &err), CG_OK);
            chain(b, n, false, &chained);
            if (built.order != chained.order ||
                memcmp(built.times, chained.times, built.order * (n + 1) * sizeof *built.times) !=
                    0 ||
                memcmp(built.is_p, chained.is_p, built.order) != 0) {
                fail_msg("%s up to %zu: the chained quotient differs", games[g].code, n);
            }
            assert_int_equal(built.complete, chained.complete);
            cg_misere_quotient_free(&built);
            cg_misere_quotient_free(&chained);
        }
        cg_misere_free(a);
        cg_misere_free(b);
    }
}

/* Misère Kayles (Sibert and Conway): heaps repeat with period 12 from heap
 * 71 on; the quotient of every heap has order 40, proven at heap
 * 2 * 71 + 2 * 12 + 2 + 1 = 169. */
static void kayles_is_complete(void **state) {
    (void)state;
    cg_budget budget = cg_budget_make((size_t)1 << 28);
    cg_misere_solver *s = solver_for("0.77", &budget);
    cg_misere_quotient q;
    chain(s, 400, true, &q);
    assert_int_equal(q.heaps, 169);
    assert_int_equal(q.order, 40);
    assert_int_equal(q.preperiod, 71);
    assert_int_equal(q.period, 12);
    /* a few sums far past the quotient's heaps, as the period reads them */
    size_t big[] = {1000003, 71, 5};
    size_t same[] = {71 + (1000003 - 71) % 12, 71, 5};
    assert_int_equal(cg_misere_quotient_is_p(&q, big, 3), cg_misere_quotient_is_p(&q, same, 3));
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
    assert_int_equal(budget.used, 0);
}

/* The periods of the heaps' elements in the table of octal games' misère
 * quotients of Plambeck and Siegel's supplement (arXiv:0705.2404, the
 * status chart of Figure 1; the rows whose period could be read here): each
 * quotient comes out complete with that period. */
static void published_periods(void **state) {
    (void)state;
    const struct {
        const char *code;
        size_t period;
    } rows[] = {
        {"0.34", 8},   {"0.75", 2},   {"0.512", 6},  {"0.712", 6},  {"0.716", 2},  {"4.56", 4},
        {"4.74", 2},   {"0.3101", 2}, {"0.3131", 2}, {"0.1230", 5}, {"0.1023", 7}, {"0.1032", 7},
        {"0.1033", 7}, {"0.1331", 5}, {"0.3103", 5}, {"0.3112", 5}, {"0.1232", 6}, {"0.1323", 6},
    };
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
        cg_misere_solver *s = solver_for(rows[r].code, NULL);
        cg_misere_quotient q;
        chain(s, CG_QUOTIENT_MAX_HEAPS, true, &q);
        if (q.period != rows[r].period) {
            fail_msg("%s: period %zu, published %zu", rows[r].code, q.period, rows[r].period);
        }
        cg_misere_quotient_free(&q);
        cg_misere_free(s);
    }
}

/* A candidate past its states is only not taken, with or without a place
 * for the error: the learner decides. */
static void candidates_past_their_states_are_skipped(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.77", NULL);
    cg_misere_quotient below, q;
    cg_error err;
    assert_int_equal(cg_misere_quotient_build(s, 4, 100, 100000, &below, &err), CG_OK);
    bool found = true;
    assert_int_equal(cg_misere_quotient_try_extend(s, &below, 100, 1, &q, &found, NULL), CG_OK);
    assert_false(found);
    found = true;
    assert_int_equal(cg_misere_quotient_try_extend(s, &below, 100, 1, &q, &found, &err), CG_OK);
    assert_false(found);
    assert_int_equal(cg_misere_quotient_try_extend(s, &below, 100, 100000, &q, &found, NULL),
                     CG_OK);
    assert_true(found);
    assert_int_equal(q.heaps, 5);
    cg_misere_quotient_free(&q);
    cg_misere_quotient_free(&below);
    cg_misere_free(s);
}

static void refuses_bad_arguments(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.77", NULL);
    cg_misere_quotient q, next;
    cg_error err;
    assert_int_equal(cg_misere_quotient_build_next(s, NULL, 100, 100, &next, &err), CG_ERR_USAGE);
    assert_int_equal(cg_misere_quotient_build(s, 3, 100, 100000, &q, &err), CG_OK);
    assert_int_equal(cg_misere_quotient_build_next(NULL, &q, 100, 100, &next, &err), CG_ERR_USAGE);
    assert_int_equal(cg_misere_quotient_build_next(s, &q, 1, 100, &next, &err), CG_ERR_USAGE);
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

/* With too little memory the chain stops with CG_ERR_LIMIT and gives every
 * byte back. */
static void chain_counts_in_budget(void **state) {
    (void)state;
    for (size_t room = 4096; room <= (size_t)1 << 20; room *= 4) {
        cg_budget budget = cg_budget_make(room);
        cg_misere_solver *s = NULL;
        cg_octal_code code;
        cg_error err;
        assert_int_equal(cg_octal_parse("0.77", &code, &err), CG_OK);
        if (cg_misere_new(&code, 1, &budget, &s, &err) != CG_OK) {
            continue;
        }
        cg_misere_quotient q;
        cg_status st = cg_misere_quotient_chain(s, 40, 65535, 4000000, NULL, NULL, &q, &err);
        if (st == CG_OK) {
            assert_int_equal(q.heaps, 40);
        } else {
            assert_int_equal(st, CG_ERR_LIMIT);
            assert_true(q.order == 0 || q.heaps < 40); /* the last one proven is kept */
        }
        cg_misere_quotient_free(&q);
        assert_true(budget.peak <= room);
        cg_misere_free(s);
        assert_int_equal(budget.used, 0);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chain_equals_scratch),
        cmocka_unit_test(kayles_is_complete),
        cmocka_unit_test(published_periods),
        cmocka_unit_test(candidates_past_their_states_are_skipped),
        cmocka_unit_test(refuses_bad_arguments),
        cmocka_unit_test(chain_counts_in_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
