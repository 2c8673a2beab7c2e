/* The ways a table of heaps is valued (misere_genus_internal.h): by auto,
 * the chain's turns, continued from one turn to the next, adopt what they
 * prove and set the oracle, and the table is the search's whatever the
 * turns; a quick search never builds a chain; bad calls are refused. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "misere_fixture.h"
#include "octal/misere_genus_internal.h"

enum { TERMS = 5 };

static void same_tables(cg_misere_solver *a, cg_misere_solver *b, size_t upto) {
    for (size_t n = 0; n <= upto; n++) {
        cg_misere_heap x = cg_misere_heap_at(a, n), y = cg_misere_heap_at(b, n);
        assert_int_equal(x.normal, y.normal);
        assert_int_equal(x.misere, y.misere);
        assert_int_equal(x.tame, y.tame);
        assert_memory_equal(x.genus, y.genus, TERMS * sizeof *x.genus);
    }
}

/* A turn before every heap, each one quotient long (share 0: one step,
 * however little time the search took): the chain grows a heap a turn from
 * where it stopped, its oracle re-set each time. */
static void turns_continue_the_chain(void **state) {
    (void)state;
    const struct {
        const char *code;
        size_t upto;
        bool complete; /* the chain completes, and the rest is adopted */
    } games[] = {{"0.77", 30, false}, {"0.75", 40, true}, {"0.07", 24, false}};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        size_t upto = games[g].upto;
        cg_misere_solver *searched = misere_solver(games[g].code, TERMS, NULL, NULL);
        cg_misere_solver *s = misere_solver(games[g].code, TERMS, NULL, NULL);
        cg_error err;
        assert_int_equal(cg_misere_extend(searched, upto, &err), CG_OK);
        cg_misere_genus_run run;
        assert_int_equal(cg_misere_genus_start(s, CG_GENUS_BY_AUTO, upto, &run, &err), CG_OK);
        assert_int_equal(run.chain.order, 0); /* auto builds nothing before the search */
        run.share = 0;
        size_t last_links = 0;
        for (size_t n = 0; n <= upto; n++) {
            run.next_turn = 0;
            size_t before = run.chain.order > 0 ? run.chain.heaps + 1 : 0;
            bool turn = n >= cg_misere_count(s) && !run.over; /* else nothing to do */
            assert_int_equal(cg_misere_genus_heap(s, &run, n, &err), CG_OK);
            assert_true(run.attached);
            size_t links = run.chain.heaps + 1;
            /* one quotient further a turn, until the chain is over */
            assert_true(turn ? links == before + 1 || (run.over && links == before)
                             : links == before);
            last_links = links;
        }
        assert_int_equal(cg_misere_count(s), upto + 1);
        same_tables(s, searched, upto);
        assert_int_equal(run.chain.complete, games[g].complete);
        assert_true(last_links > 10);
        cg_misere_genus_end(s, &run);
        assert_false(run.attached);
        assert_int_equal(run.chain.order, 0);
        cg_misere_free(s);
        cg_misere_free(searched);
    }
}

/* The chain's one turn after the search has done heaps 0..25 of 0.75: it
 * completes the quotient and every heap after is adopted at once. */
static void a_turn_adopts_what_it_proves(void **state) {
    (void)state;
    size_t upto = 60, searched_to = 25;
    cg_misere_solver *searched = misere_solver("0.75", TERMS, NULL, NULL);
    cg_misere_solver *s = misere_solver("0.75", TERMS, NULL, NULL);
    cg_error err;
    assert_int_equal(cg_misere_extend(searched, upto, &err), CG_OK);
    cg_misere_genus_run run;
    assert_int_equal(cg_misere_genus_start(s, CG_GENUS_BY_AUTO, upto, &run, &err), CG_OK);
    run.next_turn = INFINITY;
    for (size_t n = 0; n <= searched_to; n++) {
        assert_int_equal(cg_misere_genus_heap(s, &run, n, &err), CG_OK);
    }
    assert_int_equal(run.chain.order, 0);
    assert_int_equal(cg_misere_count(s), searched_to + 1);
    run.next_turn = 0;
    run.share = INFINITY;
    assert_int_equal(cg_misere_genus_heap(s, &run, searched_to + 1, &err), CG_OK);
    assert_true(run.chain.complete && run.over);
    assert_int_equal(cg_misere_count(s), upto + 1);
    for (size_t n = searched_to + 2; n <= upto; n++) {
        assert_int_equal(cg_misere_genus_heap(s, &run, n, &err), CG_OK);
    }
    same_tables(s, searched, upto);
    cg_misere_genus_end(s, &run);
    cg_misere_free(s);
    cg_misere_free(searched);
}

/* Stops once more than 27 heaps are done (the search stops short of it,
 * at heap 26, where the turn's adoption takes over). */
static bool stop_past_27(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)what;
    (void)total;
    bool *stopped = context;
    *stopped = *stopped || done > 27;
    return *stopped;
}

/* A stop heard while a turn adopts heaps: the heaps adopted before it are
 * still given (the caller writes them), then every later heap is the
 * stop, as by quotient's start does. */
static void a_stop_in_a_turn_keeps_its_heaps(void **state) {
    (void)state;
    cg_misere_solver *s = misere_solver("0.75", TERMS, NULL, NULL);
    cg_error err;
    bool stopped = false;
    cg_misere_set_progress(s, stop_past_27, &stopped);
    cg_misere_genus_run run;
    assert_int_equal(cg_misere_genus_start(s, CG_GENUS_BY_AUTO, 60, &run, &err), CG_OK);
    run.next_turn = INFINITY;
    size_t given = 0;
    cg_status st = CG_OK;
    for (size_t n = 0; st == CG_OK && n <= 60; n++) {
        if (n == 26) {
            run.next_turn = 0;
            run.share = INFINITY;
        }
        st = cg_misere_genus_heap(s, &run, n, &err);
        given += st == CG_OK;
    }
    assert_true(stopped);
    assert_int_equal(st, CG_ERR_STOPPED);
    assert_true(cg_misere_count(s) > 27 && cg_misere_count(s) < 61);
    assert_int_equal(given, cg_misere_count(s)); /* every heap adopted was given */
    cg_misere_genus_end(s, &run);
    cg_misere_free(s);
}

static bool stop_when_armed(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)what;
    (void)done;
    (void)total;
    return *(const bool *)context;
}

/* A stop between two of the chain's steps is heard there, even when the
 * steps search too little to tell the hook themselves (Kayles's chain to
 * heap 30 searches a few positions a step): the chain stops short. */
static void a_stop_between_steps_is_heard(void **state) {
    (void)state;
    cg_misere_solver *s = misere_solver("0.77", TERMS, NULL, NULL);
    cg_error err;
    bool armed = false;
    cg_misere_set_progress(s, stop_when_armed, &armed);
    cg_misere_genus_run run;
    assert_int_equal(cg_misere_genus_start(s, CG_GENUS_BY_AUTO, 30, &run, &err), CG_OK);
    run.next_turn = INFINITY;
    for (size_t n = 0; n < 5; n++) {
        assert_int_equal(cg_misere_genus_heap(s, &run, n, &err), CG_OK);
    }
    run.next_turn = 0;
    run.share = INFINITY;
    armed = true;
    assert_int_equal(cg_misere_genus_heap(s, &run, 5, &err), CG_ERR_STOPPED);
    assert_true(run.chain.order > 0 && run.chain.heaps < 30);
    assert_int_equal(cg_misere_count(s), 5);
    assert_int_equal(cg_misere_genus_heap(s, &run, 5, &err), CG_ERR_STOPPED); /* it stays */
    cg_misere_genus_end(s, &run);
    cg_misere_free(s);
}

/* Heaps the search values in far less than CG_GENUS_AUTO_FIRST_SECONDS
 * never give the chain a turn; by search never either, whatever the time. */
static void quick_searches_build_no_chain(void **state) {
    (void)state;
    const cg_misere_genus_way ways[] = {CG_GENUS_BY_AUTO, CG_GENUS_BY_SEARCH};
    for (size_t w = 0; w < 2; w++) {
        cg_misere_solver *s = misere_solver("0.75", TERMS, NULL, NULL);
        cg_error err;
        cg_misere_genus_run run;
        assert_int_equal(cg_misere_genus_start(s, ways[w], 12, &run, &err), CG_OK);
        for (size_t n = 0; n <= 12; n++) {
            run.next_turn = ways[w] == CG_GENUS_BY_SEARCH ? 0 : run.next_turn;
            assert_int_equal(cg_misere_genus_heap(s, &run, n, &err), CG_OK);
        }
        assert_int_equal(run.chain.order, 0);
        assert_false(run.attached);
        assert_true(run.search_seconds < CG_GENUS_AUTO_FIRST_SECONDS);
        cg_misere_genus_end(s, &run);
        cg_misere_free(s);
    }
}

static void bad_calls_are_refused(void **state) {
    (void)state;
    cg_misere_solver *s = misere_solver("0.77", TERMS, NULL, NULL);
    cg_error err;
    cg_misere_genus_run run;
    assert_int_equal(cg_misere_genus_start(NULL, CG_GENUS_BY_AUTO, 5, &run, &err), CG_ERR_USAGE);
    assert_int_equal(cg_misere_genus_start(s, (cg_misere_genus_way)7, 5, &run, &err), CG_ERR_USAGE);
    assert_int_equal(cg_misere_genus_start(s, CG_GENUS_BY_AUTO, 5, &run, &err), CG_OK);
    assert_int_equal(cg_misere_genus_heap(s, &run, 6, &err), CG_ERR_USAGE); /* past upto */
    assert_int_equal(cg_misere_genus_heap(NULL, &run, 1, &err), CG_ERR_USAGE);
    cg_misere_genus_end(s, &run);
    cg_misere_genus_end(s, NULL);
    cg_misere_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(turns_continue_the_chain),
        cmocka_unit_test(a_turn_adopts_what_it_proves),
        cmocka_unit_test(a_stop_in_a_turn_keeps_its_heaps),
        cmocka_unit_test(a_stop_between_steps_is_heard),
        cmocka_unit_test(quick_searches_build_no_chain),
        cmocka_unit_test(bad_calls_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
