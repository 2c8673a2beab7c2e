/* Unit tests of the search above a proven quotient (misere_above): its
 * outcomes and values of sums that keep the newest heap equal the plain
 * search's; a position past its bounds is a limit, read nowhere (the
 * sanitizer build catches a read past the quotient's table); a heap past
 * it or values from an outcome quotient are refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "misere_fixture.h"

#include "core/rng_internal.h"
#include "octal/misere_above_internal.h"
#include "octal/misere_quotient_internal.h"

static cg_misere_solver *solver_for(const char *text) {
    return misere_solver(text, 1, NULL, NULL);
}

/* The quotient (values: the value quotient) of heaps <= n, by its chain. */
static void chain_to(cg_misere_solver *s, size_t n, bool values, cg_misere_quotient *q) {
    cg_error err;
    cg_misere_quotient next;
    assert_int_equal(values ? cg_misere_value_quotient_build(s, 0, 2000, 400000, q, &err)
                            : cg_misere_quotient_build(s, 0, 2000, 400000, q, &err),
                     CG_OK);
    while (q->heaps < n) {
        assert_int_equal(values
                             ? cg_misere_value_quotient_build_next(s, q, 2000, 400000, &next, &err)
                             : cg_misere_quotient_build_next(s, q, 2000, 400000, &next, &err),
                         CG_OK);
        cg_misere_quotient_free(q);
        *q = next;
    }
}

static void answers_equal_the_search(void **state) {
    (void)state;
    const char *games[] = {"0.77", "0.07", "0.75"};
    for (size_t g = 0; g < 3; g++) {
        for (int values = 0; values < 2; values++) {
            cg_misere_solver *s = solver_for(games[g]), *plain = solver_for(games[g]);
            cg_misere_quotient q;
            chain_to(s, 9, values, &q);
            cg_misere_above *a = NULL;
            cg_error err;
            assert_int_equal(cg_misere_above_new(s, &q, &a, &err), CG_OK);
            cg_rng rng = cg_rng_make(20261206 + g);
            for (size_t t = 0; t < 200; t++) {
                size_t heaps[4] = {10, 0, 0, 0}, count = 1 + cg_rng_below(&rng, 4);
                for (size_t k = 1; k < count; k++) {
                    heaps[k] = cg_rng_below(&rng, 11);
                }
                uint32_t v = 0, expected = 0;
                cg_misere_method method;
                assert_int_equal(
                    cg_misere_value(plain, heaps, count, 0, 0, &expected, &method, &err), CG_OK);
                if (values) {
                    assert_int_equal(cg_misere_above_value(a, heaps, count, &v, &err), CG_OK);
                    assert_int_equal(v, expected);
                }
                bool p = false;
                assert_int_equal(cg_misere_above_is_p(a, heaps, count, &p, &err), CG_OK);
                assert_int_equal(p, expected == 0);
            }
            cg_misere_above_free(a);
            cg_misere_quotient_free(&q);
            cg_misere_free(s);
            cg_misere_free(plain);
        }
    }
}

/* 40 heaps of 5 and 215 of 1 above Kayles's quotient of heaps <= 4: more
 * heaps than a position holds once a move splits a 5. */
static void past_its_bounds_is_a_limit(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.77");
    cg_misere_quotient q;
    chain_to(s, 4, false, &q);
    cg_misere_above *a = NULL;
    cg_error err;
    assert_int_equal(cg_misere_above_new(s, &q, &a, &err), CG_OK);
    size_t heaps[255];
    for (size_t i = 0; i < 255; i++) {
        heaps[i] = i < 40 ? 5 : 1;
    }
    bool p = false;
    assert_int_equal(cg_misere_above_is_p(a, heaps, 255, &p, &err), CG_ERR_LIMIT);
    /* a heap past the search's, and values the quotient does not hold */
    size_t six = 6;
    uint32_t v = 0;
    assert_int_equal(cg_misere_above_is_p(a, &six, 1, &p, &err), CG_ERR_USAGE);
    assert_int_equal(cg_misere_above_value(a, heaps, 1, &v, &err), CG_ERR_USAGE);
    cg_misere_above_free(a);
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(answers_equal_the_search),
        cmocka_unit_test(past_its_bounds_is_a_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
