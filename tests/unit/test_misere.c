/* Unit tests of the misère solver: misère Nim against Bouton's rule, the
 * genus of Kayles and Dawson's Kayles against published values, the symbol,
 * budgets and interrupts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "misere_fixture.h"

#include "octal/misere_internal.h"

enum { TERMS_TRIED = 4 }; /* genus terms of the retried table's test */

static cg_misere_solver *solver_for(const char *text, size_t terms, size_t upto) {
    cg_misere_solver *s = misere_solver(text, terms, NULL, NULL);
    cg_error err;
    assert_int_equal(cg_misere_extend(s, upto, &err), CG_OK);
    return s;
}

/* Bouton (1902): a misère Nim position is a P-position exactly when every
 * heap has at most one token and their number is odd, or some heap has two
 * or more and the nim-sum is 0. */
static bool bouton_p(const size_t *heaps, size_t count) {
    size_t sum = 0, big = 0;
    for (size_t i = 0; i < count; i++) {
        sum ^= heaps[i];
        big += heaps[i] >= 2;
    }
    return big == 0 ? sum == 1 : sum == 0;
}

/* 0.33333333 is Nim on heaps of up to 8: the genus of *0 is 0^120, of *1
 * 1^031, of *n (n >= 2) n^(n, n^2) (Winning Ways ch. 13), every heap is
 * tame, and every sum of up to four heaps follows Bouton's rule. */
static void misere_nim(void **state) {
    (void)state;
    enum { K = 8 };
    cg_misere_solver *s = solver_for("0.33333333", 6, K);
    for (size_t n = 0; n <= K; n++) {
        cg_misere_heap h = cg_misere_heap_at(s, n);
        assert_int_equal(h.normal, n);
        assert_int_equal(h.misere, n == 0 ? 1 : n == 1 ? 0 : n);
        assert_true(h.tame);
        for (size_t k = 1; k < 6; k++) {
            assert_int_equal(h.genus[k], k % 2 == 1 ? n ^ 2 : n);
        }
    }
    cg_buf text = CG_BUF_INIT;
    const char *symbols[] = {"0^120", "1^031", "2^20", "3^31", "4^46", "5^57"};
    for (size_t n = 0; n < 6; n++) {
        cg_misere_heap h = cg_misere_heap_at(s, n);
        cg_buf_clear(&text);
        cg_misere_format_genus(h.normal, h.genus, 6, &text);
        cg_buf_putc(&text, '\0');
        assert_string_equal(text.data, symbols[n]);
    }
    cg_buf_free(&text);
    size_t checked = 0;
    size_t h[4];
    cg_error err;
    for (h[0] = 0; h[0] <= K; h[0]++) {
        for (h[1] = 0; h[1] <= h[0]; h[1]++) {
            for (h[2] = 0; h[2] <= h[1]; h[2]++) {
                for (h[3] = 0; h[3] <= h[2]; h[3]++) {
                    bool p;
                    cg_misere_method method;
                    assert_int_equal(cg_misere_is_p(s, h, 4, &p, &method, &err), CG_OK);
                    assert_int_equal(p, bouton_p(h, 4));
                    assert_int_equal(method, CG_MISERE_BY_TAME_RULE);
                    checked++;
                }
            }
        }
    }
    assert_int_equal(checked, 495);
    cg_misere_free(s);
}

/* Genus terms γ0..γ7 as CGSuite 2.2 (A. Siegel) computes them
 * (TakeAndBreak(code)(n).Genus and the misère value of heap + 2 + ... + 2),
 * as tabulated in a public test suite of CGSuite's values; the Kayles rows
 * 0-25 agree with the Kayles genus table of Winning Ways ch. 13 (0^120,
 * 1^031, 2^20, 3^31, 1^031, 4^146, ...). */
static const char *const kayles_terms[] = {
    "12020202", "03131313", "20202020", "31313131", "03131313", "14646464", "31313131",
    "20202020", "13131313", "04646464", "20202020", "46464646", "04646464", "13131313",
    "20202020", "57575757", "13131313", "64646464", "31313131", "20202020", "03131313",
    "64646464", "46464646", "57575757", "64646464", "73131313",
};
static const uint32_t kayles_normal[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4,
                                         1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1};

/* Dawson's Chess (0.137) as CGSuite computes it, the same source; Dawson's
 * Kayles (0.07) with n + 1 pins is Dawson's Chess on n files (Winning Ways
 * ch. 4), so row n here is heap n + 1 of 0.07. */
static const char *const dawson_terms[] = {
    "12020202", "03131313", "03131313", "20202020", "12020202", "31313131", "03131313",
    "03131313", "12020202", "14313131", "31313131", "05202020", "20202020", "14646464",
    "12020202", "05757575", "05202020", "20202020", "14313131", "31313131", "02020202",
    "03131313", "13131313", "14313131", "31313131", "05202020",
};
static const uint32_t dawson_normal[] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2,
                                         4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2};

static void check_terms(const char *code, size_t shift, const char *const *terms,
                        const uint32_t *normal, size_t rows) {
    cg_misere_solver *s = solver_for(code, 8, rows - 1 + shift);
    for (size_t n = 0; n < rows; n++) {
        cg_misere_heap h = cg_misere_heap_at(s, n + shift);
        assert_int_equal(h.normal, normal[n]);
        for (size_t k = 0; k < 8; k++) {
            if (h.genus[k] != (uint32_t)(terms[n][k] - '0')) {
                fail_msg("%s heap %zu: term %zu is %u, published %c", code, n + shift, k,
                         h.genus[k], terms[n][k]);
            }
        }
    }
    cg_misere_free(s);
}

static void kayles_genus(void **state) {
    (void)state;
    check_terms("0.77", 0, kayles_terms, kayles_normal, 26);
    /* Kayles: heaps 0-4 tame, 5 (4^146) the first wild one */
    cg_misere_solver *s = solver_for("0.77", 1, 6);
    assert_int_equal(cg_misere_first_wild(s), 5);
    /* rows of 1, 2 and 3 are *1, *2 and *3 (held as *2 + *1) in every sum;
     * 4 is *1 too (its options *3, *2 + *1, *2 and 0: the first three
     * have *1), and 6 is *3 (its options 0, *1, *2 and 5, *2 + *3, *2 + *2,
     * each with an option *3); 5 is none (4^146 is no nim-heap's genus) */
    const int nim[] = {0, 1, 2, 3, 1, -1, 3};
    for (size_t n = 0; n <= 6; n++) {
        assert_int_equal(cg_misere_nim_heap(s, n), nim[n]);
    }
    cg_misere_free(s);
}

/* 0.34's heap 11 is *1 in every sum (options 0, *2 and 10, which has an
 * option *1), yet 10 (2^1420) is wild: tameness is of the positions in a
 * heap, so 11 and 12 (which has a move to 11) stay wild. */
static void a_nim_heap_keeps_its_wild_positions(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.34", 1, 12);
    assert_int_equal(cg_misere_nim_heap(s, 11), 1);
    assert_false(cg_misere_heap_at(s, 10).tame);
    assert_false(cg_misere_heap_at(s, 11).tame);
    assert_false(cg_misere_heap_at(s, 12).tame);
    assert_int_equal(cg_misere_heap_at(s, 12).misere, 2);
    cg_misere_free(s);
}

/* A heap whose search runs past the limit of positions is analysed again
 * once the limit is raised, and the table is the one a solver without a
 * limit gives (a heap listed twice once gave the heap below it the first
 * copy as moves: Dawson's Kayles went wrong from heap 29 on). */
static void a_heap_tried_again_gives_the_same_table(void **state) {
    (void)state;
    enum { UPTO = 50 };
    cg_misere_solver *tried = misere_solver("0.137", TERMS_TRIED, NULL, NULL);
    cg_misere_solver *plain = solver_for("0.137", TERMS_TRIED, UPTO);
    cg_error err;
    uint64_t limit = 5;
    size_t failures = 0;
    cg_misere_set_node_limit(tried, limit);
    for (size_t n = 1; n <= UPTO; n++) {
        while (cg_misere_extend(tried, n, &err) != CG_OK) {
            failures++;
            cg_misere_set_node_limit(tried, limit *= 2);
        }
    }
    assert_true(failures > 3);
    for (size_t n = 0; n <= UPTO; n++) {
        cg_misere_heap a = cg_misere_heap_at(tried, n), b = cg_misere_heap_at(plain, n);
        assert_int_equal(a.misere, b.misere);
        assert_int_equal(a.tame, b.tame);
        assert_memory_equal(a.genus, b.genus, TERMS_TRIED * sizeof *a.genus);
    }
    cg_misere_free(tried);
    cg_misere_free(plain);
}

static void dawsons_kayles_genus(void **state) {
    (void)state;
    check_terms("0.07", 1, dawson_terms, dawson_normal, 26);
    cg_misere_solver *s = solver_for("0.07", 1, 12);
    assert_int_equal(cg_misere_first_wild(s), 10); /* Dawson's Chess 9: 3^1431 */
    cg_misere_free(s);
}

static void symbols(void **state) {
    (void)state;
    cg_buf text = CG_BUF_INIT;
    const uint32_t kayles5[] = {1, 4, 6, 4, 6, 4};
    cg_misere_format_genus(4, kayles5, 6, &text);
    const uint32_t wide[] = {12, 14, 12, 14};
    cg_buf_putc(&text, ' ');
    cg_misere_format_genus(12, wide, 4, &text);
    const uint32_t unsettled[] = {1, 4, 3, 1};
    cg_buf_putc(&text, ' ');
    cg_misere_format_genus(3, unsettled, 4, &text);
    cg_buf_putc(&text, '\0');
    assert_string_equal(text.data, "4^146 12^(12)(14) 3^1431");
    cg_buf_free(&text);
}

/* A sum that needs search is refused past the position budget, never
 * guessed, and settled once the budget allows. */
static void budget_is_a_ceiling(void **state) {
    (void)state;
    cg_misere_solver *s = solver_for("0.77", 1, 20);
    cg_misere_set_node_limit(s, 10);
    size_t heaps[] = {20, 17, 15};
    bool p;
    cg_misere_method method;
    cg_error err;
    assert_int_equal(cg_misere_is_p(s, heaps, 3, &p, &method, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.message, "not settled within 10 positions"));
    cg_misere_set_node_limit(s, 0);
    assert_int_equal(cg_misere_is_p(s, heaps, 3, &p, &method, &err), CG_OK);
    assert_int_equal(method, CG_MISERE_BY_SEARCH);
    cg_misere_free(s);

    cg_octal_code code;
    cg_misere_solver *t = NULL;
    assert_int_equal(cg_octal_parse("0.77", &code, &err), CG_OK);
    cg_budget budget = cg_budget_make((size_t)64 << 10);
    assert_int_equal(cg_misere_new(&code, 8, &budget, &t, &err), CG_OK);
    assert_int_equal(cg_misere_extend(t, 40, &err), CG_ERR_LIMIT);
    assert_true(cg_misere_count(t) < 41);
    assert_true(budget.peak <= budget.limit);
    cg_misere_free(t);
    assert_int_equal(budget.used, 0);
}

/* A budget that runs out just when a heap's options' elements need room:
 * the heap's options are not kept, so setting an oracle after (which
 * forgets every option's element) stays inside the room there is (under
 * ASan this wrote past it, or through NULL, when the count was kept). */
static void options_without_room_are_not_kept(void **state) {
    (void)state;
    cg_octal_code code;
    cg_error err;
    assert_int_equal(cg_octal_parse("0.77", &code, &err), CG_OK);
    size_t refused_there = 0;
    for (size_t limit = 34000; limit <= 40000; limit += 8) {
        cg_budget budget = cg_budget_make(limit);
        cg_misere_solver *s = NULL;
        if (cg_misere_new(&code, 1, &budget, &s, &err) != CG_OK) {
            continue;
        }
        if (cg_misere_extend(s, 40, &err) == CG_ERR_LIMIT && strstr(err.message, "options")) {
            refused_there++;
        }
        cg_misere_set_oracle(s, NULL);
        cg_misere_free(s);
        assert_int_equal(budget.used, 0);
    }
    assert_true(refused_there > 0);
}

/* A budget without room for the solver's positions of work is refused at
 * once; over a small budget a run stops with CG_ERR_LIMIT, over_budget
 * set, having never reserved past the limit, and gives every byte back. */
static void small_budget_refuses(void **state) {
    (void)state;
    cg_octal_code code;
    cg_error err;
    assert_int_equal(cg_octal_parse("0.77", &code, &err), CG_OK);
    cg_misere_solver *s = NULL;
    cg_budget tiny = cg_budget_make(1024);
    cg_error_clear(&err);
    assert_int_equal(cg_misere_new(&code, 4, &tiny, &s, &err), CG_ERR_LIMIT);
    assert_true(err.over_budget);
    assert_null(s);
    assert_int_equal(tiny.used, 0);
    const size_t limits[] = {40000, (size_t)64 << 10, (size_t)256 << 10, (size_t)1 << 20};
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
        cg_budget budget = cg_budget_make(limits[i]);
        assert_int_equal(cg_misere_new(&code, 8, &budget, &s, &err), CG_OK);
        cg_error_clear(&err);
        assert_int_equal(cg_misere_extend(s, 60, &err), CG_ERR_LIMIT);
        assert_true(err.over_budget);
        assert_true(budget.peak <= budget.limit);
        cg_misere_free(s);
        assert_int_equal(budget.used, 0);
    }
}

/* The questions of one run: heaps 0-16 with 4 terms, a sum's outcome,
 * value and winning moves; their answers folded into *answers. */
static cg_status run_questions(cg_budget *budget, uint64_t *answers, cg_error *err) {
    cg_octal_code code;
    cg_octal_parse("0.77", &code, err);
    cg_misere_solver *s = NULL;
    cg_status st = cg_misere_new(&code, 4, budget, &s, err);
    if (st == CG_OK) {
        st = cg_misere_extend(s, 16, err);
    }
    size_t heaps[] = {11, 9, 7, 5};
    bool p = false;
    uint32_t value = 0;
    size_t wins = 0;
    cg_misere_method method;
    if (st == CG_OK) {
        st = cg_misere_is_p(s, heaps, 4, &p, &method, err);
    }
    if (st == CG_OK) {
        st = cg_misere_value(s, heaps, 3, 2, 1, &value, &method, err);
    }
    if (st == CG_OK) {
        st = cg_misere_winning_moves(s, heaps, 3, NULL, NULL, &wins, err);
    }
    *answers = 0;
    for (size_t n = 0; st == CG_OK && n <= 16; n++) {
        for (size_t k = 0; k < 4; k++) {
            *answers = *answers * 31 + cg_misere_heap_at(s, n).genus[k];
        }
    }
    *answers = *answers * 31 + (uint64_t)p * 7 + (uint64_t)value * 5 + wins;
    cg_misere_free(s);
    return st;
}

/* The peak a run reserves is the ceiling it needs: given exactly that, it
 * gives the same answers; given a byte less, it stops with CG_ERR_LIMIT
 * (over_budget) without reserving past the limit. */
static void peak_is_the_ceiling(void **state) {
    (void)state;
    cg_error err;
    cg_budget wide = cg_budget_make((size_t)1 << 30);
    uint64_t answers = 0, again = 0;
    assert_int_equal(run_questions(&wide, &answers, &err), CG_OK);
    assert_int_equal(wide.used, 0);
    assert_true(wide.peak > (size_t)32 << 10); /* the positions of work at least */
    cg_budget exact = cg_budget_make(wide.peak);
    assert_int_equal(run_questions(&exact, &again, &err), CG_OK);
    assert_int_equal(again, answers);
    assert_int_equal(exact.peak, wide.peak);
    cg_budget less = cg_budget_make(wide.peak - 1);
    cg_error_clear(&err);
    assert_int_equal(run_questions(&less, &again, &err), CG_ERR_LIMIT);
    assert_true(err.over_budget);
    assert_true(less.peak <= less.limit);
    assert_int_equal(less.used, 0);
}

static bool stop_at_once(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)what;
    (void)total;
    return done >= *(const uint64_t *)context;
}

static void interrupt_keeps_heaps(void **state) {
    (void)state;
    cg_octal_code code;
    cg_error err;
    cg_misere_solver *s = NULL;
    assert_int_equal(cg_octal_parse("0.77", &code, &err), CG_OK);
    assert_int_equal(cg_misere_new(&code, 2, NULL, &s, &err), CG_OK);
    uint64_t stop = 7;
    cg_misere_set_progress(s, stop_at_once, &stop);
    assert_int_equal(cg_misere_extend(s, 30, &err), CG_ERR_STOPPED);
    assert_int_equal(cg_misere_count(s), 7);
    assert_int_equal(cg_misere_heap_at(s, 5).misere, 1);
    cg_misere_free(s);
    assert_int_equal(cg_misere_new(&code, 0, NULL, &s, &err), CG_ERR_USAGE);
    assert_null(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(misere_nim),
        cmocka_unit_test(kayles_genus),
        cmocka_unit_test(dawsons_kayles_genus),
        cmocka_unit_test(symbols),
        cmocka_unit_test(a_nim_heap_keeps_its_wild_positions),
        cmocka_unit_test(a_heap_tried_again_gives_the_same_table),
        cmocka_unit_test(budget_is_a_ceiling),
        cmocka_unit_test(interrupt_keeps_heaps),
        cmocka_unit_test(small_budget_refuses),
        cmocka_unit_test(options_without_room_are_not_kept),
        cmocka_unit_test(peak_is_the_ceiling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
