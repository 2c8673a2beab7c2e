/* Unit tests of the misère search's position table: every position is
 * entered once and found again, across the table's growth, by its words
 * (positions of different lengths with equal words, and the empty one, stay
 * apart); a small budget is refused with CG_ERR_LIMIT and all given back.
 * Two positions whose slot and 32-bit tag both collide are not provoked
 * (about 2^-50 a pair here), so the words' comparison behind the tag is
 * not what these tests check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "octal/misere_table_internal.h"

enum { ALPHABET = 7, LONGEST = 6 };

/* Position i of all words over ALPHABET of length 0..LONGEST, shortest
 * first: *length words in w. */
static void position_of(size_t i, uint16_t *w, size_t *length) {
    size_t len = 0, block = 1;
    while (i >= block) {
        i -= block;
        block *= ALPHABET;
        len++;
    }
    for (size_t k = 0; k < len; k++) {
        w[k] = (uint16_t)(i % ALPHABET);
        i /= ALPHABET;
    }
    *length = len;
}

static size_t positions(void) {
    size_t total = 0, block = 1;
    for (size_t len = 0; len <= LONGEST; len++, block *= ALPHABET) {
        total += block;
    }
    return total; /* 137,257 */
}

static void each_position_is_found_again(void **state) {
    (void)state;
    cg_budget budget = cg_budget_make(64u << 20);
    cg_misere_table t;
    cg_misere_table_init(&t, &budget);
    cg_error err;
    const size_t total = positions();
    uint32_t *entry_of = malloc(total * sizeof *entry_of);
    assert_non_null(entry_of);
    uint16_t w[LONGEST];
    size_t length = 0;
    uint32_t last = 0;
    for (size_t i = 0; i < total; i++) {
        position_of(i, w, &length);
        uint32_t entry = UINT32_MAX;
        assert_int_equal(cg_misere_table_intern(&t, w, length, &entry, &err), CG_OK);
        assert_int_equal(t.entry_count, i + 1); /* new */
        assert_true(i == 0 || entry > last);    /* records are laid one after another */
        assert_int_equal(cg_misere_table_value(&t, entry), CG_MISERE_UNKNOWN);
        last = entry_of[i] = entry;
        cg_misere_table_set_value(&t, entry, (uint32_t)(i % 1000) * 65599u);
    }
    assert_int_equal(t.entry_count, total);
    /* again, in a scrambled order (7919 is prime to the total) */
    for (size_t k = 0; k < total; k++) {
        size_t i = (k * 7919u) % total;
        position_of(i, w, &length);
        uint32_t entry = UINT32_MAX;
        assert_int_equal(cg_misere_table_intern(&t, w, length, &entry, &err), CG_OK);
        assert_int_equal(entry, entry_of[i]);
        assert_int_equal(cg_misere_table_length(&t, entry), length);
        assert_memory_equal(cg_misere_table_words(&t, entry), w, length * sizeof *w);
        assert_int_equal(cg_misere_table_value(&t, entry), (i % 1000) * 65599u);
    }
    assert_int_equal(t.entry_count, total);
    free(entry_of);
    cg_misere_table_free(&t);
    assert_int_equal(budget.used, 0);
}

static void a_small_budget_is_refused(void **state) {
    (void)state;
    cg_budget budget = cg_budget_make(64u << 10);
    cg_misere_table t;
    cg_misere_table_init(&t, &budget);
    cg_error err;
    cg_status st = CG_OK;
    uint16_t w[LONGEST];
    size_t length = 0, i = 0;
    for (; st == CG_OK && i < positions(); i++) {
        position_of(i, w, &length);
        uint32_t entry;
        st = cg_misere_table_intern(&t, w, length, &entry, &err);
    }
    assert_int_equal(st, CG_ERR_LIMIT);
    assert_true(i > 1000); /* it held what fitted */
    assert_true(budget.used <= budget.limit);
    cg_misere_table_free(&t);
    assert_int_equal(budget.used, 0);
}

/* A position of more words than a record's length holds is refused, and
 * the table is as before. */
static void a_position_too_long_is_refused(void **state) {
    (void)state;
    cg_misere_table t;
    cg_misere_table_init(&t, NULL);
    size_t length = (size_t)UINT16_MAX + 1;
    uint16_t *w = calloc(length, sizeof *w);
    assert_non_null(w);
    cg_error err;
    uint32_t entry = 7;
    assert_int_equal(cg_misere_table_intern(&t, w, length, &entry, &err), CG_ERR_LIMIT);
    assert_int_equal(entry, 7);
    assert_int_equal(t.entry_count, 0);
    assert_int_equal(cg_misere_table_intern(&t, w, length - 1, &entry, &err), CG_OK);
    assert_int_equal(cg_misere_table_length(&t, entry), length - 1);
    assert_int_equal(t.entry_count, 1);
    free(w);
    cg_misere_table_free(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_position_is_found_again),
        cmocka_unit_test(a_small_budget_is_refused),
        cmocka_unit_test(a_position_too_long_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
