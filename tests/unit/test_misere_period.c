/* Unit tests of the misère periodicity test: its bound on both sides, the
 * codes it leaves out, the folding of big heaps, and complete quotients
 * checked against the reference's exhaustive search on heaps past the
 * quotient's own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "octal/misere_period_internal.h"
#include "ref_misere.h"

static cg_octal_code parse(const char *text) {
    cg_octal_code code;
    cg_error err;
    assert_int_equal(cg_octal_parse(text, &code, &err), CG_OK);
    return code;
}

/* A quotient whose heaps 0..n have elements 7, 8, ... up to heap n0 - 1,
 * then 0, 1, ..., p - 1 over and over: only heap_element is read. */
static cg_misere_quotient periodic(uint32_t *elements, size_t n, size_t n0, size_t p) {
    cg_misere_quotient q;
    memset(&q, 0, sizeof q);
    for (size_t h = 0; h <= n; h++) {
        elements[h] = h < n0 ? (uint32_t)(100 + h) : (uint32_t)((h - n0) % p);
    }
    q.heaps = n;
    q.heap_element = elements;
    return q;
}

/* Kayles' moves leave two heaps after taking at most 2: complete exactly
 * from N = 2 n0 + 2 p + 3 on. */
static void bound_on_both_sides(void **state) {
    (void)state;
    cg_octal_code kayles = parse("0.77");
    uint32_t elements[64];
    const size_t cases[][2] = {{5, 3}, {1, 2}, {10, 4}, {0, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t n0 = cases[i][0], p = cases[i][1], bound = 2 * n0 + 2 * p + 3;
        size_t pre = 99, per = 99;
        cg_misere_quotient q = periodic(elements, bound - 1, n0, p);
        assert_false(cg_misere_quotient_period(&q, &kayles, &pre, &per));
        q = periodic(elements, bound, n0, p);
        assert_true(cg_misere_quotient_period(&q, &kayles, &pre, &per));
        assert_int_equal(per, p);
        assert_int_equal(pre, n0);
    }
    /* a subtraction game (one heap left at most) needs less: n0 + p + k */
    cg_octal_code subtraction = parse("0.33");
    size_t pre = 0, per = 0;
    cg_misere_quotient q = periodic(elements, 4 + 2 + 2, 4, 2);
    assert_true(cg_misere_quotient_period(&q, &subtraction, &pre, &per));
    q = periodic(elements, 4 + 2 + 1, 4, 2);
    assert_false(cg_misere_quotient_period(&q, &subtraction, &pre, &per));
    /* splits into three need three times the span */
    cg_octal_code three = parse("0.f");
    q = periodic(elements, 3 * (2 + 1 + 1) + 1 - 1, 2, 1);
    assert_true(cg_misere_quotient_period(&q, &three, &pre, &per));
    q = periodic(elements, 3 * (2 + 1 + 1) - 1, 2, 1);
    assert_false(cg_misere_quotient_period(&q, &three, &pre, &per));
}

static void unequal_splits_and_bad_arguments(void **state) {
    (void)state;
    uint32_t elements[64];
    cg_misere_quotient q = periodic(elements, 40, 0, 1);
    cg_octal_code unequal = parse("4!.0");
    size_t pre = 0, per = 0;
    assert_false(cg_misere_quotient_period(&q, &unequal, &pre, &per));
    assert_false(cg_misere_quotient_period(NULL, &unequal, &pre, &per));
    cg_misere_quotient none;
    memset(&none, 0, sizeof none);
    cg_octal_code kayles = parse("0.77");
    assert_false(cg_misere_quotient_period(&none, &kayles, &pre, &per));
}

static void folding(void **state) {
    (void)state;
    uint32_t elements[64];
    cg_misere_quotient q = periodic(elements, 20, 5, 3);
    assert_int_equal(cg_misere_quotient_fold(&q, 5, 3, 17), 17);
    assert_int_equal(cg_misere_quotient_fold(&q, 5, 3, 21), 5 + (21 - 5) % 3);
    assert_int_equal(cg_misere_quotient_fold(&q, 5, 3, 1000003), 5 + (1000003 - 5) % 3);
    assert_true(cg_misere_quotient_fold(&q, 5, 3, (size_t)-1) <= 20);
}

typedef struct walker {
    const cg_misere_quotient *q;
    const char *code;
    size_t tokens, smallest;
    size_t heaps[24];
    size_t checked;
} walker;

/* Every sum with at most `tokens` tokens, heaps non-increasing, whose
 * largest heap is above the quotient's heaps (the sums it reads by the
 * period), against the reference. */
static void walk(walker *w, size_t count, size_t largest, size_t total) {
    if (count > 0 && w->heaps[0] > w->q->heaps) {
        bool p = ref_misere_is_p(w->heaps, count);
        if (p != cg_misere_quotient_is_p(w->q, w->heaps, count)) {
            fail_msg("%s: a sum of %zu heaps (first %zu) misjudged", w->code, count, w->heaps[0]);
        }
        w->checked++;
    }
    size_t from = count == 0 ? w->smallest : 1;
    for (size_t h = from; h <= largest && total + h <= w->tokens && count < 24; h++) {
        w->heaps[count] = h;
        walk(w, count + 1, h, total + h);
    }
}

/* Games whose quotient completes below heap 40: built until complete, then
 * every sum with a heap past the quotient's, within the tokens, against
 * exhaustive search. */
static void complete_quotients_agree_with_brute_force(void **state) {
    (void)state;
    const struct {
        const char *code;
        size_t tokens;
    } games[] = {{"0.31", 30}, {"0.52", 34}, {"0.75", 34}, {"0.71", 34}};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        cg_octal_code code = parse(games[g].code);
        cg_misere_solver *s = NULL;
        cg_error err;
        assert_int_equal(cg_misere_new(&code, 1, NULL, &s, &err), CG_OK);
        cg_misere_quotient q;
        memset(&q, 0, sizeof q);
        for (size_t k = 1; k <= CG_QUOTIENT_MAX_HEAPS && !q.complete; k++) {
            cg_misere_quotient_free(&q);
            assert_int_equal(cg_misere_quotient_build(s, k, 2000, 400000, &q, &err), CG_OK);
        }
        assert_true(q.complete);
        ref_misere_begin(&code);
        walker w = {&q, games[g].code, games[g].tokens, q.heaps + 1, {0}, 0};
        walk(&w, 0, games[g].tokens, 0);
        ref_misere_end();
        assert_true(w.checked > 100);
        cg_misere_quotient_free(&q);
        cg_misere_free(s);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bound_on_both_sides),
        cmocka_unit_test(unequal_splits_and_bad_arguments),
        cmocka_unit_test(folding),
        cmocka_unit_test(complete_quotients_agree_with_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
