/* Unit tests of quotients built heap by heap from the one below (cheap
 * extensions, repaired candidates, then the outcome learner over the
 * quotient below): the same quotient, numbered alike, as the learner from
 * scratch with the exhaustive search; Kayles complete with Sibert and
 * Conway's period 12; Dawson's Kayles (0.07) repaired past heap 24, with
 * Siegel's order 360 at heap 30 and its outcomes against the exhaustive
 * reference; 0.74 repaired at heap 10 with a longer cycle for heap 10;
 * ten games' orders, P-portions and periods as Siegel's MisereSolver gives
 * them; every byte counted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "misere_fixture.h"

#include "octal/misere_extend_internal.h"
#include "octal/misere_quotient_internal.h"
#include "octal/misere_repair_internal.h"
#include "ref_misere.h"
#include "ref_rng.h"

static cg_misere_solver *solver_for(const char *text, cg_budget *budget) {
    return misere_solver(text, 1, budget, NULL);
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

/* Each proven quotient's order, heap by heap, as the chain is told them. */
typedef struct orders_seen {
    size_t order[CG_QUOTIENT_MAX_HEAPS + 1];
} orders_seen;

static cg_status note_order(void *context, const cg_misere_quotient *q, cg_error *err) {
    (void)err;
    ((orders_seen *)context)->order[q->heaps] = q->order;
    return CG_OK;
}

/* Rows computed by an independent program: Siegel's MisereSolver (cgsuite
 * commit e909ab8, 2024-01-15, lib/core/.../misere/solver), built and run
 * outside this tree with an octal rule set in place of CGSuite's (see
 * docs/misere.md). For each game: the heaps where its presentation changed
 * and the order after each, the final order, P-portion and number of
 * generators, and the preperiod and period where its periodicity check
 * fired (Kayles's: read off its heaps to 200, 12 from heap 71). Dawson's
 * Kayles only to heap 30, where neither program finds it complete. */
static void misere_solver_rows(void **state) {
    (void)state;
    enum { MOST_CHANGES = 10 };
    const struct {
        const char *code;
        size_t upto;
        size_t changes[MOST_CHANGES][2]; /* heap, order from it */
        size_t order, p_portion, preperiod, period, generators;
    } rows[] = {
        {"0.31", 400, {{1, 2}, {2, 6}}, 6, 2, 3, 2, 2},
        {"0.52", 400, {{1, 2}, {3, 6}}, 6, 2, 6, 4, 2},
        {"0.53", 400, {{1, 2}, {3, 6}, {9, 10}, {11, 12}, {14, 16}}, 16, 3, 21, 9, 5},
        {"0.71", 400, {{1, 2}, {2, 6}, {5, 14}, {8, 36}}, 36, 9, 3, 6, 4},
        {"0.75", 400, {{1, 2}, {2, 6}, {5, 8}}, 8, 2, 8, 2, 3},
        {"0.34", 400, {{1, 2}, {4, 6}, {10, 12}}, 12, 3, 7, 8, 3},
        {"0.77",
         400,
         {{1, 2}, {2, 6}, {5, 12}, {9, 18}, {12, 24}, {25, 32}, {27, 40}},
         40,
         9,
         71,
         12,
         7},
        {"0.152", 400, {{1, 2}, {4, 6}, {10, 10}, {21, 18}, {24, 34}}, 34, 6, 25, 48, 5},
        {"0.115",
         400,
         {{1, 2}, {8, 6}, {19, 8}, {25, 16}, {28, 20}, {32, 30}, {38, 36}, {40, 40}, {42, 42}},
         42,
         12,
         92,
         14,
         9},
        {"0.07",
         30,
         {{2, 2}, {4, 6}, {10, 12}, {14, 24}, {25, 144}, {27, 176}, {30, 360}},
         360,
         65,
         0,
         0,
         11},
    };
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
        cg_misere_solver *s = solver_for(rows[r].code, NULL);
        orders_seen seen = {{0}};
        cg_misere_quotient q;
        cg_error err;
        cg_status st =
            cg_misere_quotient_chain(s, rows[r].upto, 65535, 4000000, note_order, &seen, &q, &err);
        if (st != CG_OK) {
            fail_msg("%s: %s", rows[r].code, err.message);
        }
        size_t order = 1, k = 0;
        for (size_t h = 1; h <= q.heaps; h++) {
            if (k < MOST_CHANGES && rows[r].changes[k][0] == h) {
                order = rows[r].changes[k++][1];
            }
            if (seen.order[h] != order) {
                fail_msg("%s: order %zu at heap %zu, MisereSolver's %zu", rows[r].code,
                         seen.order[h], h, order);
            }
        }
        /* every change was met: none lies past the last heap */
        assert_true(k == MOST_CHANGES || rows[r].changes[k][0] == 0);
        size_t p = 0;
        for (size_t e = 0; e < q.order; e++) {
            p += q.is_p[e] != 0;
        }
        assert_int_equal(q.order, rows[r].order);
        assert_int_equal(p, rows[r].p_portion);
        assert_int_equal(q.generators, rows[r].generators); /* none a product of the others */
        assert_int_equal(q.complete, rows[r].period != 0);
        if (rows[r].period != 0) {
            assert_int_equal(q.preperiod, rows[r].preperiod);
            assert_int_equal(q.period, rows[r].period);
        } else {
            assert_int_equal(q.heaps, rows[r].upto);
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

/* The chain of s up to heap n - 1 (*below, of order below_order), then the
 * repair's quotient of heaps up to n (*q, of order order). */
static void repair_at(cg_misere_solver *s, cg_budget *budget, size_t n, size_t below_order,
                      size_t order, cg_misere_quotient *below, cg_misere_quotient *q) {
    chain(s, n - 1, false, below);
    assert_int_equal(below->order, below_order);
    bool found = false;
    cg_error err;
    assert_int_equal(cg_misere_quotient_repair(cg_misere_code(s), budget, below, 65535, 4000000,
                                               NULL, q, &found, &err),
                     CG_OK);
    assert_true(found);
    assert_int_equal(q->heaps, n);
    assert_int_equal(q->order, order);
}

/* Sum t's outcome by the exhaustive reference (begun), which q must give:
 * whether it is a P-position. */
static bool same_outcome(const cg_misere_quotient *q, const size_t *heaps, size_t count, size_t t) {
    bool p = ref_misere_is_p(heaps, count);
    if (cg_misere_quotient_is_p(q, heaps, count) != p) {
        fail_msg("sum %zu of %zu heaps (first %zu): the quotient says %c", t, count, heaps[0],
                 p ? 'N' : 'P');
    }
    return p;
}

/* Siegel (miseregames.wordpress.com, 28 August 2007): the misère quotient
 * of Dawson's Kayles up to heap 30 has order 360. The repair finds it from
 * the quotient up to 29 (order 176), and its outcomes agree with the
 * exhaustive reference on random sums of heaps up to 30. */
static void dawsons_kayles_is_repaired(void **state) {
    (void)state;
    cg_budget budget = cg_budget_make((size_t)1 << 28);
    cg_misere_solver *s = solver_for("0.07", &budget);
    cg_misere_quotient below, q;
    repair_at(s, &budget, 30, 176, 360, &below, &q);
    cg_misere_quotient_free(&q);
    cg_misere_quotient_free(&below);

    chain(s, 30, false, &q); /* the chain takes the same way */
    assert_int_equal(q.order, 360);
    ref_misere_begin(cg_misere_code(s));
    ref_rng rng = cg_rng_make(30);
    size_t checked = 0, p_count = 0;
    for (size_t t = 0; t < 5000; t++) {
        /* a heap of 18 to 30, then up to three more within 50 tokens */
        size_t heaps[4], count = 1, tokens = 0;
        heaps[0] = 18 + (size_t)ref_rng_below(&rng, 13);
        tokens = heaps[0];
        size_t more = (size_t)ref_rng_below(&rng, 4);
        for (size_t i = 0; i < more && tokens + 2 <= 50; i++) {
            size_t room = 50 - tokens < 30 ? 50 - tokens : 30;
            heaps[count] = 1 + (size_t)ref_rng_below(&rng, room);
            tokens += heaps[count++];
        }
        p_count += same_outcome(&q, heaps, count, t);
        checked++;
    }
    ref_misere_end();
    printf("0.07 up to 30: %zu sums checked, %zu P-positions\n", checked, p_count);
    assert_true(p_count > 50); /* both outcomes are met */
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
    assert_int_equal(budget.used, 0);
}

/* 0.74's quotient of heaps up to 10 (order 74, from 28 at heap 9) is
 * repaired only when a freed heap's guessed index grows to the copies of it
 * in the failing sum: before, the repair freed heap 10 again and again with
 * the same cycle and gave up. Its outcomes agree with the exhaustive
 * reference on random sums of heaps up to 10, and on sums with up to four
 * heaps of 10, the powers the longer cycle is for. */
static void repair_grows_a_freed_heaps_index(void **state) {
    (void)state;
    cg_budget budget = cg_budget_make((size_t)1 << 28);
    cg_misere_solver *s = solver_for("0.74", &budget);
    cg_misere_quotient below, q;
    repair_at(s, &budget, 10, 28, 74, &below, &q);
    ref_misere_begin(cg_misere_code(s));
    ref_rng rng = cg_rng_make(74);
    size_t p_count = 0, checked = 0;
    for (size_t t = 0; t < 3000; t++) {
        /* half the sums: one to four heaps of 10, then small heaps */
        size_t heaps[7], count = 0, tokens = 0;
        size_t tens = t % 2 == 0 ? 1 + (size_t)ref_rng_below(&rng, 4) : 0;
        for (; count < tens; count++) {
            heaps[count] = 10;
            tokens += 10;
        }
        for (size_t more = 1 + (size_t)ref_rng_below(&rng, 2 + 4 * (tens == 0)); more > 0; more--) {
            heaps[count] = 1 + (size_t)ref_rng_below(&rng, tens > 0 ? 4 : 10);
            tokens += heaps[count++];
        }
        if (tokens > 48) {
            continue;
        }
        p_count += same_outcome(&q, heaps, count, t);
        checked++;
    }
    ref_misere_end();
    assert_true(checked > 2000 && p_count > 20); /* both outcomes are met */
    cg_misere_quotient_free(&q);
    cg_misere_quotient_free(&below);
    cg_misere_free(s);
    assert_int_equal(budget.used, 0);
}

/* The minimal automaton of a table with two copies of each element of the
 * cyclic group of order 2 merges them back. */
static void merge_finds_the_minimal_automaton(void **state) {
    (void)state;
    /* states 0, 1 (copies of the identity) and 2, 3 (of the generator), one heap */
    const uint32_t times[] = {0, 2, 1, 3, 2, 1, 3, 0};
    const uint8_t is_p[] = {0, 0, 1, 1};
    cg_budget budget = cg_budget_make(1 << 16);
    size_t classes = 0, bytes = 0;
    uint32_t *merged = NULL;
    uint8_t *merged_p = NULL;
    cg_error err;
    assert_int_equal(cg_quotient_merge(&budget, 4, 2, times, is_p, 10, &classes, &merged, &merged_p,
                                       &bytes, &err),
                     CG_OK);
    assert_int_equal(classes, 2);
    assert_non_null(merged);
    assert_non_null(merged_p);
    assert_int_equal(merged[0 * 2 + 1], 1);
    assert_int_equal(merged[1 * 2 + 1], 0);
    assert_int_equal(merged_p[0], 0);
    assert_int_equal(merged_p[1], 1);
    free(merged);
    free(merged_p);
    cg_budget_give(&budget, bytes, 1);
    /* past max_classes: the classes counted, no table */
    assert_int_equal(cg_quotient_merge(&budget, 4, 2, times, is_p, 1, &classes, &merged, &merged_p,
                                       &bytes, &err),
                     CG_OK);
    assert_int_equal(classes, 2);
    assert_null(merged);
    assert_null(merged_p);
    assert_int_equal(budget.used, 0);
    assert_int_equal(cg_quotient_merge(&budget, 0, 2, times, is_p, 1, &classes, &merged, &merged_p,
                                       &bytes, &err),
                     CG_ERR_USAGE);
}

/* With too little memory the repair stops with CG_ERR_LIMIT and no quotient,
 * and gives every byte back; with enough, it finds the quotient. */
static void repair_counts_in_budget(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.07", NULL);
    cg_misere_quotient below;
    chain(s, 24, false, &below);
    size_t found_from = 0;
    for (size_t room = 1024; room <= (size_t)1 << 26; room *= 2) {
        cg_budget budget = cg_budget_make(room);
        cg_misere_quotient q;
        bool found = false;
        cg_error err;
        cg_status st = cg_misere_quotient_repair(cg_misere_code(s), &budget, &below, 65535, 4000000,
                                                 NULL, &q, &found, &err);
        if (st == CG_OK && found) {
            assert_int_equal(q.order, 144);
            found_from = found_from == 0 ? room : found_from;
            cg_misere_quotient_free(&q);
        } else {
            assert_int_equal(st, CG_ERR_LIMIT);
            assert_false(found);
        }
        assert_true(budget.peak <= room);
        assert_int_equal(budget.used, 0);
    }
    assert_true(found_from > 0);
    cg_misere_quotient_free(&below);
    cg_misere_free(s);
}

/* Too few states: no quotient, nothing claimed. */
static void repair_within_its_states(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.07", NULL);
    cg_misere_quotient below, q;
    chain(s, 24, false, &below);
    bool found = true;
    cg_error err;
    uint64_t states = 0;
    cg_status st = cg_misere_quotient_repair(cg_misere_code(s), NULL, &below, 65535, 1, &states, &q,
                                             &found, &err);
    assert_int_equal(st, CG_ERR_LIMIT);
    assert_false(found);
    /* a quotient of more than its bound is not found either */
    st = cg_misere_quotient_repair(cg_misere_code(s), NULL, &below, 100, 4000000, NULL, &q, &found,
                                   &err);
    assert_int_equal(st, CG_OK);
    assert_false(found);
    assert_int_equal(cg_misere_quotient_repair(cg_misere_code(s), NULL, NULL, 100, 4000000, NULL,
                                               &q, &found, &err),
                     CG_ERR_USAGE);
    cg_misere_quotient_free(&below);
    cg_misere_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chain_equals_scratch),
        cmocka_unit_test(kayles_is_complete),
        cmocka_unit_test(published_periods),
        cmocka_unit_test(misere_solver_rows),
        cmocka_unit_test(candidates_past_their_states_are_skipped),
        cmocka_unit_test(refuses_bad_arguments),
        cmocka_unit_test(chain_counts_in_budget),
        cmocka_unit_test(dawsons_kayles_is_repaired),
        cmocka_unit_test(repair_grows_a_freed_heaps_index),
        cmocka_unit_test(merge_finds_the_minimal_automaton),
        cmocka_unit_test(repair_counts_in_budget),
        cmocka_unit_test(repair_within_its_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
