/* Unit tests of misère quotients: the published tame quotient T2, and
 * every quotient built checked against the brute-force reference on all
 * sums of its heaps up to a size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "misere_fixture.h"

#include "octal/misere_quotient_internal.h"
#include "ref_misere.h"
#include "ref_rng.h"

static cg_misere_solver *solver_for(const char *text) {
    return misere_solver(text, 1, NULL, NULL);
}

/* "generators; relations; P-portion; heap elements" as text. */
static void describe(const cg_misere_quotient *q, char *out, size_t size) {
    cg_buf b = CG_BUF_INIT;
    for (size_t g = 0; g < q->generators; g++) {
        cg_misere_quotient_name(g, &b);
        cg_buf_printf(&b, "=%zu ", q->generator_heap[g]);
    }
    cg_buf_puts(&b, ";");
    for (size_t r = 0; r < q->relation_count; r++) {
        cg_buf_putc(&b, ' ');
        cg_misere_quotient_word(q, q->relations + 2 * r * q->generators, &b);
        cg_buf_putc(&b, '=');
        cg_misere_quotient_word(q, q->relations + (2 * r + 1) * q->generators, &b);
    }
    cg_buf_puts(&b, "; P");
    for (size_t e = 0; e < q->order; e++) {
        if (q->is_p[e]) {
            cg_buf_putc(&b, ' ');
            cg_misere_quotient_word(q, q->normal + e * q->generators, &b);
        }
    }
    cg_buf_puts(&b, ";");
    for (size_t h = 0; h <= q->heaps; h++) {
        cg_buf_putc(&b, ' ');
        cg_misere_quotient_word(q, q->normal + q->heap_element[h] * q->generators, &b);
    }
    cg_buf_putc(&b, '\0');
    snprintf(out, size, "%s", b.data);
    cg_buf_free(&b);
}

/* Plambeck, "Taming the wild in impartial combinatorial games" (Integers
 * 5, 2005), the tame quotient T2 = <a, b | a^2 = 1, b^3 = b> of order 6
 * with P-portion {a, b^2}: the quotient of every game whose heaps are tame
 * with values 0-3, e.g. misère Nim on heaps up to 3 (heap 3 = ab) and
 * Kayles on heaps up to 4 (heap 4 = a). Misère Nim on heaps up to 1 is
 * <a | a^2 = 1>, P-portion {a}. */
static void tame_quotient_t2(void **state) {
    (void)state;
    const struct {
        const char *code;
        size_t n;
        size_t order;
        const char *expected;
    } cases[] = {
        {"0.333", 1, 2, "a=1 ; a^2=1; P a; 1 a"},
        {"0.333", 3, 6, "a=1 b=2 ; a^2=1 b^3=b; P a b^2; 1 a b ab"},
        {"0.77", 4, 6, "a=1 b=2 ; a^2=1 b^3=b; P a b^2; 1 a b ab a"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cg_misere_solver *s = solver_for(cases[i].code);
        cg_misere_quotient q;
        cg_error err;
        assert_int_equal(cg_misere_quotient_build(s, cases[i].n, 1000, 100000, &q, &err), CG_OK);
        assert_int_equal(q.order, cases[i].order);
        char text[512];
        describe(&q, text, sizeof text);
        assert_string_equal(text, cases[i].expected);
        cg_misere_quotient_free(&q);
        cg_misere_free(s);
    }
}

typedef struct walker {
    const cg_misere_quotient *q;
    const char *code;
    size_t n, tokens;
    size_t *heaps;
    size_t checked;
    bool values; /* check each sum's G- against q->value, not only its P-ness */
} walker;

/* Check the sum heaps[0..count-1], then every extension by a heap of at
 * most `largest` within the tokens (non-increasing: each multiset once). */
static void walk(walker *w, size_t count, size_t largest, size_t total) {
    uint32_t e = cg_misere_quotient_element(w->q, w->heaps, count);
    unsigned want = ref_misere_value(w->heaps, count, NULL, 0);
    if ((want == 0) != (w->q->is_p[e] != 0) || (w->values && want != w->q->value[e])) {
        fail_msg("%s up to %zu: a sum of %zu heaps (first %zu) misjudged (G- %u)", w->code, w->n,
                 count, count > 0 ? w->heaps[0] : 0, want);
    }
    w->checked++;
    for (size_t h = 1; h <= largest && total + h <= w->tokens && count < 32; h++) {
        w->heaps[count] = h;
        walk(w, count + 1, h, total + h);
    }
}

/* Every sum of heaps 1..n with at most `tokens` tokens: the quotient's
 * P-portion against the reference's exhaustive search. */
static size_t check_against_reference(const char *text, size_t n, size_t tokens) {
    cg_octal_code code;
    cg_error err;
    cg_misere_solver *s = misere_solver(text, 1, NULL, &code);
    cg_misere_quotient q;
    cg_status st = cg_misere_quotient_build(s, n, 2000, 400000, &q, &err);
    if (st != CG_OK) {
        fail_msg("%s up to %zu: %s", text, n, err.message);
    }
    ref_misere_begin(&code);
    size_t heaps[32];
    walker w = {&q, text, n, tokens, heaps, 0, false};
    walk(&w, 0, n, 0);
    size_t checked = w.checked;
    ref_misere_end();
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
    return checked;
}

static void quotients_agree_with_brute_force(void **state) {
    (void)state;
    size_t checked = 0;
    checked += check_against_reference("0.333", 6, 14);
    checked += check_against_reference("0.77", 9, 18);
    checked += check_against_reference("0.07", 10, 18);
    checked += check_against_reference("0.75", 7, 16);
    checked += check_against_reference("4.7", 6, 12);
    /* random codes, hexadecimal digits included */
    ref_rng rng = cg_rng_make(27);
    static const char *const digits = "0123456789abcdef";
    for (size_t i = 0; i < 12; i++) {
        char text[8] = "0.";
        size_t len = 1 + (size_t)ref_rng_below(&rng, 3);
        for (size_t k = 0; k < len; k++) {
            text[2 + k] = digits[ref_rng_below(&rng, 16)];
        }
        text[2 + len] = '\0';
        cg_octal_code code;
        cg_error err;
        if (cg_octal_parse(text, &code, &err) != CG_OK) {
            continue;
        }
        checked += check_against_reference(text, 5, 11);
    }
    printf("quotients checked on %zu sums\n", checked);
    assert_true(checked > 5000);
}

/* The value quotients of heaps <= 0, 1, ..., n, each from the one before
 * (their guesses, generators and learner), checked on every sum within
 * the tokens at each step. */
static size_t check_value_chain(const char *text, size_t n, size_t tokens) {
    cg_octal_code code;
    cg_error err;
    cg_misere_solver *s = misere_solver(text, 1, NULL, &code);
    cg_misere_quotient q, next;
    assert_int_equal(cg_misere_value_quotient_build(s, 0, 2000, 400000, &q, &err), CG_OK);
    ref_misere_begin(&code);
    size_t heaps[32], checked = 0;
    while (q.heaps < n) {
        cg_status st = cg_misere_value_quotient_build_next(s, &q, 2000, 400000, &next, &err);
        if (st != CG_OK) {
            fail_msg("%s, heap %zu: %s", text, q.heaps + 1, err.message);
        }
        cg_misere_quotient_free(&q);
        q = next;
        assert_non_null(q.value);
        walker w = {&q, text, q.heaps, tokens, heaps, 0, true};
        walk(&w, 0, q.heaps, 0);
        checked += w.checked;
    }
    ref_misere_end();
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
    return checked;
}

/* A value chain's every byte is counted: after each step the budget holds
 * at least the quotient's own bytes (a candidate whose values were counted
 * twice as given back once drove the count to zero, and the solver's
 * tables went uncounted), and all is given back at the end. */
static void value_chain_counts_in_budget(void **state) {
    (void)state;
    cg_error err;
    cg_budget budget = cg_budget_make((size_t)1 << 30);
    cg_misere_solver *s = misere_solver("0.77", 1, &budget, NULL);
    cg_misere_quotient q, next;
    assert_int_equal(cg_misere_value_quotient_build(s, 0, 2000, 400000, &q, &err), CG_OK);
    while (q.heaps < 12) {
        assert_int_equal(cg_misere_value_quotient_build_next(s, &q, 2000, 400000, &next, &err),
                         CG_OK);
        cg_misere_quotient_free(&q);
        q = next;
        size_t own = q.held + q.relation_room * 2 * q.generators;
        if (budget.used < own) {
            fail_msg("heap %zu: %zu bytes counted, the quotient alone holds %zu", q.heaps,
                     budget.used, own);
        }
    }
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
    assert_int_equal(budget.used, 0);
}

/* Value quotients: G- read off the element of every sum, where the
 * quotient alone tells only outcomes (G- 4 and up is no outcome of the
 * game's sums). */
static void value_quotients_agree_with_brute_force(void **state) {
    (void)state;
    size_t checked = 0;
    checked += check_value_chain("0.77", 12, 16);
    checked += check_value_chain("0.75", 9, 15);
    checked += check_value_chain("0.07", 8, 14);
    checked += check_value_chain("0.333", 6, 13);
    printf("value quotients checked on %zu sums\n", checked);
    assert_true(checked > 5000);
}

/* A value quotient's bounds as the quotient's; the next one needs values
 * below. */
static void value_quotient_refuses(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.77");
    cg_misere_quotient q, next;
    cg_error err;
    assert_int_equal(cg_misere_value_quotient_build(s, 4, 1, 100000, &q, &err), CG_ERR_USAGE);
    assert_int_equal(cg_misere_quotient_build(s, 4, 100, 100000, &q, &err), CG_OK);
    assert_null(q.value);
    assert_int_equal(cg_misere_value_quotient_build_next(s, &q, 100, 100000, &next, &err),
                     CG_ERR_USAGE);
    cg_misere_quotient_free(&q);
    assert_int_equal(cg_misere_value_quotient_build(s, 4, 100, 100000, &q, &err), CG_OK);
    assert_non_null(q.value);
    assert_int_equal(q.value[q.heap_element[4]], 0); /* Kayles 4: genus 1^031, G- 0 */
    assert_int_equal(q.value[q.heap_element[3]], 3); /* 3^31 */
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

/* The quotient's outcome and winning moves against the solver's search on
 * random Kayles sums of up to 10 heaps up to 9. */
static void moves_from_the_quotient(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.77");
    cg_misere_quotient q;
    cg_error err;
    assert_int_equal(cg_misere_quotient_build(s, 9, 1000, 100000, &q, &err), CG_OK);
    ref_rng rng = cg_rng_make(9);
    for (size_t t = 0; t < 300; t++) {
        size_t heaps[10], count = 1 + (size_t)ref_rng_below(&rng, 10), tokens = 0;
        for (size_t i = 0; i < count; i++) {
            heaps[i] = 1 + (size_t)ref_rng_below(&rng, tokens < 14 ? 9 : 2);
            tokens += heaps[i];
        }
        bool p;
        cg_misere_method method;
        size_t wins = 0, quotient_wins = 0;
        assert_int_equal(cg_misere_is_p(s, heaps, count, &p, &method, &err), CG_OK);
        assert_int_equal(cg_misere_winning_moves(s, heaps, count, NULL, NULL, &wins, &err), CG_OK);
        assert_int_equal(cg_misere_quotient_is_p(&q, heaps, count), p);
        cg_misere_quotient_winning_moves(&q, cg_misere_code(s), heaps, count, NULL, NULL,
                                         &quotient_wins);
        assert_int_equal(quotient_wins, wins);
    }
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
}

static void limits_refuse(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.77");
    cg_misere_quotient q;
    cg_error err;
    assert_int_equal(cg_misere_quotient_build(s, 9, 10, 100000, &q, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.message, "more than 10 elements"));
    assert_int_equal(cg_misere_quotient_build(s, 9, 1000, 3, &q, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.message, "not proven within 3 states"));
    assert_int_equal(cg_misere_quotient_build(s, CG_QUOTIENT_MAX_HEAPS + 1, 1000, 50, &q, &err),
                     CG_ERR_USAGE);
    cg_misere_free(s);
}

/* The quotient's own arrays are counted: a second build over the same
 * solver asks it nothing new, so with room for the solver's tables alone
 * it is refused over budget; with room it is built, never past the limit,
 * and gives every byte back, then and after a failure. */
static void quotient_counts_in_budget(void **state) {
    (void)state;
    cg_error err;
    cg_budget budget = cg_budget_make((size_t)1 << 30);
    cg_misere_solver *s = misere_solver("0.77", 1, &budget, NULL);
    cg_misere_quotient q;
    assert_int_equal(cg_misere_quotient_build(s, 9, 1000, 100000, &q, &err), CG_OK);
    size_t order = q.order;
    cg_misere_quotient_free(&q);
    size_t solver = budget.used;
    budget.limit = solver + 256;
    cg_error_clear(&err);
    assert_int_equal(cg_misere_quotient_build(s, 9, 1000, 100000, &q, &err), CG_ERR_LIMIT);
    assert_true(err.over_budget);
    assert_int_equal(budget.used, solver);
    budget.limit = (size_t)1 << 30;
    budget.peak = solver;
    assert_int_equal(cg_misere_quotient_build(s, 9, 1000, 100000, &q, &err), CG_OK);
    assert_int_equal(q.order, order);
    assert_int_equal(budget.used, solver + q.held + q.relation_room * 2 * q.generators);
    assert_true(budget.peak > budget.used);
    budget.limit = budget.peak;
    cg_misere_quotient_free(&q);
    assert_int_equal(budget.used, solver);
    assert_int_equal(cg_misere_quotient_build(s, 9, 1000, 100000, &q, &err), CG_OK);
    cg_misere_quotient_free(&q);
    cg_misere_free(s);
    assert_int_equal(budget.used, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tame_quotient_t2),
        cmocka_unit_test(quotients_agree_with_brute_force),
        cmocka_unit_test(value_quotients_agree_with_brute_force),
        cmocka_unit_test(value_chain_counts_in_budget),
        cmocka_unit_test(value_quotient_refuses),
        cmocka_unit_test(moves_from_the_quotient),
        cmocka_unit_test(limits_refuse),
        cmocka_unit_test(quotient_counts_in_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
