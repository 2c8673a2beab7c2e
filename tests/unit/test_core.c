/* Unit tests of the shared machinery: output buffer, growth, memo table,
 * union-find, grid fills, reports and the generic game-graph searches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/budget_internal.h"
#include "core/buf_internal.h"
#include "core/eta_internal.h"
#include "core/grid_internal.h"
#include "core/grow_internal.h"
#include "core/memo_internal.h"
#include "core/report_internal.h"
#include "core/rng_internal.h"
#include "core/state_graph_internal.h"
#include "core/union_find_internal.h"

static void buf_formats(void **state) {
    (void)state;
    cg_buf b = CG_BUF_INIT;
    cg_buf_puts(&b, "a");
    cg_buf_put_int(&b, INT64_MIN);
    cg_buf_putc(&b, ' ');
    cg_buf_put_uint(&b, UINT64_MAX);
    cg_buf_printf(&b, " %s=%d", "x", 42);
    cg_buf_repeat(&b, '-', 3);
    assert_string_equal(b.data, "a-9223372036854775808 18446744073709551615 x=42---");
    cg_buf_clear(&b);
    cg_buf_put_json_string(&b, "q\"\\\n\x01", 5);
    assert_string_equal(b.data, "\"q\\\"\\\\\\n\\u0001\"");
    assert_false(cg_buf_failed(&b));
    cg_buf_free(&b);
}

static void grow_and_budget(void **state) {
    (void)state;
    size_t cap = 0;
    int *items = cg_grow(NULL, &cap, 1, sizeof *items);
    assert_non_null(items);
    assert_int_equal(cap, 16);
    items = cg_grow(items, &cap, 100, sizeof *items);
    assert_non_null(items);
    assert_int_equal(cap, 128);
    items[99] = 7;
    assert_null(cg_resize(items, SIZE_MAX / 2, sizeof *items)); /* overflow refused */
    assert_int_equal(items[99], 7);                             /* block untouched */
    free(items);
    size_t product;
    assert_false(cg_size_mul(SIZE_MAX / 2, 3, &product));
    cg_error err;
    cg_budget budget = cg_budget_make(100);
    assert_int_equal(cg_budget_take(&budget, 10, 10, "a table", &err), CG_OK);
    assert_int_equal(budget.used, 100);
    assert_int_equal(cg_budget_take(&budget, 1, 1, "a table", &err), CG_ERR_LIMIT);
    assert_true(err.over_budget);
    assert_non_null(strstr(err.message, "a table needs 1 bytes more"));
    cg_budget_give(&budget, 5, 10);
    assert_int_equal(budget.used, 50);
    assert_int_equal(budget.peak, 100);
    assert_int_equal(cg_budget_take(&budget, SIZE_MAX, 2, "x", &err), CG_ERR_LIMIT);
    assert_int_equal(cg_budget_take(NULL, 1000, 1000, "x", &err), CG_OK); /* unlimited */
}

/* Growth is counted with both blocks: resizing from 40 to 60 bytes needs
 * 100 bytes of budget at once, and afterwards holds 60. */
static void budgeted_growth(void **state) {
    (void)state;
    cg_error err;
    cg_budget budget = cg_budget_make(100);
    char *items = NULL;
    size_t capacity = 0;
    assert_int_equal(cg_budget_resize(&budget, &items, 0, 40, 1, "items", &err), CG_OK);
    assert_int_equal(cg_budget_resize(&budget, &items, 40, 61, 1, "items", &err), CG_ERR_LIMIT);
    assert_int_equal(budget.used, 40);
    assert_int_equal(cg_budget_resize(&budget, &items, 40, 60, 1, "items", &err), CG_OK);
    assert_int_equal(budget.used, 60);
    assert_int_equal(budget.peak, 100);
    free(items);
    cg_budget_give(&budget, 60, 1);
    /* cg_grow_within doubles from 16 and keeps both blocks within the budget. */
    budget = cg_budget_make(16 * 8 + 32 * 8);
    uint64_t *grown = NULL;
    assert_int_equal(cg_grow_within(&budget, &grown, &capacity, 10, 8, "grown", &err), CG_OK);
    assert_int_equal(capacity, 16);
    assert_int_equal(cg_grow_within(&budget, &grown, &capacity, 17, 8, "grown", &err), CG_OK);
    assert_int_equal(capacity, 32);
    assert_int_equal(cg_grow_within(&budget, &grown, &capacity, 33, 8, "grown", &err),
                     CG_ERR_LIMIT);
    assert_int_equal(capacity, 32);
    assert_true(budget.peak <= budget.limit);
    free(grown);
    /* Arrays grown together: all or the failure is counted conservatively. */
    budget = cg_budget_make(1000);
    uint32_t *a = NULL;
    uint64_t *b = NULL;
    size_t held = 0;
    const cg_array arrays[] = {{&a, sizeof *a, 1, 1}, {&b, sizeof *b, 2, 0}};
    assert_int_equal(cg_resize_arrays(&budget, &held, arrays, 2, 10, "pair", &err), CG_OK);
    assert_int_equal(held, 11 * 4 + 20 * 8);
    assert_int_equal(budget.used, held);
    assert_int_equal(cg_resize_arrays(&budget, &held, arrays, 2, 100, "pair", &err), CG_ERR_LIMIT);
    assert_int_equal(held, 11 * 4 + 20 * 8);
    a[10] = 7;
    b[19] = 9;
    free(a);
    free(b);
    cg_budget_give(&budget, held, 1);
    assert_int_equal(budget.used, 0);
}

static void memo_table(void **state) {
    (void)state;
    cg_memo memo;
    cg_memo_init(&memo, NULL);
    uint8_t v;
    assert_false(cg_memo_get(&memo, 5, &v));
    for (uint64_t k = 0; k < 20000; k++) {
        assert_int_equal(cg_memo_put(&memo, k * 7919, (uint8_t)(k % 250), NULL), CG_OK);
    }
    assert_int_equal(memo.count, 20000);
    for (uint64_t k = 0; k < 20000; k++) {
        assert_true(cg_memo_get(&memo, k * 7919, &v));
        assert_int_equal(v, k % 250);
    }
    assert_false(cg_memo_get(&memo, 1, &v));
    bool inserted;
    assert_int_equal(cg_memo_insert(&memo, 7919, 99, &inserted, NULL), CG_OK);
    assert_false(inserted);
    assert_true(cg_memo_get(&memo, 7919, &v) && v == 1); /* left alone */
    assert_int_equal(cg_memo_put(&memo, 7919, 99, NULL), CG_OK);
    assert_true(cg_memo_get(&memo, 7919, &v) && v == 99);
    assert_int_equal(cg_memo_put(&memo, CG_MEMO_KEY_LIMIT - 1, 3, NULL), CG_OK);
    assert_true(cg_memo_get(&memo, CG_MEMO_KEY_LIMIT - 1, &v) && v == 3);
    assert_int_equal(cg_memo_put(&memo, CG_MEMO_KEY_LIMIT, 3, NULL), CG_ERR_INTERNAL);
    cg_memo_clear(&memo);
    assert_false(cg_memo_get(&memo, 0, &v));
    cg_memo_free(&memo);
    /* The budget holds the peak: growing from 4096 slots (32 KiB) to 8192
     * needs 32 + 64 KiB at once, so 95 KiB stops at 3072 entries and 96 KiB
     * grows; the peak never passes the limit. */
    static const size_t limits[] = {32768, 95 * 1024, 96 * 1024, 1 << 20, 3 << 20};
    static const size_t entries[] = {3072, 3072, 6144, 3 << 14, 3 << 16};
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        cg_budget budget = cg_budget_make(limits[i]);
        cg_memo_init(&memo, &budget);
        cg_error err;
        cg_status st = CG_OK;
        uint64_t k = 0;
        while (st == CG_OK) {
            st = cg_memo_put(&memo, k++, 1, &err);
        }
        assert_int_equal(st, CG_ERR_LIMIT);
        assert_true(err.over_budget);
        assert_int_equal(memo.count, entries[i]);
        assert_true(budget.peak <= limits[i]);
        cg_memo_free(&memo);
        assert_int_equal(budget.used, 0);
    }
}

static void union_find(void **state) {
    (void)state;
    cg_union_find uf;
    cg_budget budget = cg_budget_make(6 * 8);
    cg_union_find_init(&uf, &budget);
    assert_int_equal(cg_union_find_reset(&uf, 6, NULL), CG_OK);
    assert_true(cg_union_find_join(&uf, 0, 1));
    assert_true(cg_union_find_join(&uf, 2, 3));
    assert_true(cg_union_find_join(&uf, 1, 3));
    assert_false(cg_union_find_join(&uf, 0, 2));
    assert_int_equal(cg_union_find_root(&uf, 0), cg_union_find_root(&uf, 3));
    assert_true(cg_union_find_root(&uf, 4) != cg_union_find_root(&uf, 0));
    assert_int_equal(cg_union_find_reset(&uf, 3, NULL), CG_OK);
    assert_true(cg_union_find_join(&uf, 0, 1));
    assert_int_equal(cg_union_find_reset(&uf, 7, NULL), CG_ERR_LIMIT); /* 56 bytes > 48 */
    cg_union_find_free(&uf);
    assert_int_equal(budget.used, 0);
}

static void grid_fill_and_chain(void **state) {
    (void)state;
    /* W at (0,0) (1,0) (1,1) (1,2) joins left to right; (2,2) is U. */
    const char cells[] = "WBB"
                         "WWW"
                         "BBU";
    cg_grid g = {cells, 3};
    uint8_t marks[9] = {0};
    uint32_t queue[9], parent[9], path[9];
    cg_grid_flood(&g, 'W', CG_SIDE_LEFT, marks, 1, queue);
    cg_grid_flood(&g, 'B', CG_SIDE_TOP, marks, 2, queue);
    static const uint8_t expected[9] = {1, 2, 2, 1, 1, 1, 0, 0, 0};
    assert_memory_equal(marks, expected, 9);
    assert_true(cg_grid_on_side(&g, 5, CG_SIDE_RIGHT));
    assert_true(cg_grid_on_side(&g, 6, CG_SIDE_BOTTOM));
    assert_false(cg_grid_on_side(&g, 4, CG_SIDE_TOP));
    assert_true(cg_grid_touches(&g, marks, 1, 8, CG_SIDE_LEFT)); /* next to (1,2) */
    assert_false(cg_grid_touches(&g, marks, 2, 8, CG_SIDE_TOP));
    size_t n =
        cg_grid_shortest_chain(&g, 'W', SIZE_MAX, CG_SIDE_LEFT, CG_SIDE_RIGHT, parent, queue, path);
    assert_int_equal(n, 3);
    assert_int_equal(path[0], 3);
    assert_int_equal(path[2], 5);
    /* Black needs the U cell: a chain through the extra cell, top to bottom. */
    n = cg_grid_shortest_chain(&g, 'B', 8, CG_SIDE_TOP, CG_SIDE_BOTTOM, parent, queue, path);
    assert_int_equal(n, 0); /* (1,2) is white: no black chain even with (2,2) */
}

static void report_rendering(void **state) {
    (void)state;
    cg_report r;
    cg_report_init(&r);
    cg_report_int(&r, "n", 3);
    cg_report_bool(&r, "won", true);
    cg_report_open_list(&r, "cells");
    cg_report_int(&r, NULL, 1);
    cg_report_int(&r, NULL, 2);
    cg_report_close(&r);
    cg_report_open_list(&r, "steps");
    cg_report_string(&r, NULL, "first \"step\"");
    cg_report_close(&r);
    cg_report_open_list(&r, "moves");
    cg_report_open_object(&r, NULL);
    cg_report_int(&r, "cell", 4);
    cg_report_open_list(&r, "leaves");
    cg_report_close(&r);
    cg_report_close(&r);
    cg_report_close(&r);
    cg_report_text(&r, "board", "ab\ncd\n", 6);
    assert_false(cg_report_failed(&r));
    cg_buf text = CG_BUF_INIT;
    cg_report_render_text(&r, 2, &text);
    assert_string_equal(text.data, "  n: 3\n"
                                   "  won: true\n"
                                   "  cells: [1, 2]\n"
                                   "  steps:\n"
                                   "    - \"first \\\"step\\\"\"\n"
                                   "  moves:\n"
                                   "    - cell: 4\n"
                                   "      leaves: []\n"
                                   "  board: \"ab\\ncd\\n\"\n");
    cg_buf json = CG_BUF_INIT;
    cg_report_render_json(&r, &json);
    assert_string_equal(json.data, "{\"n\":3,\"won\":true,\"cells\":[1,2],\"steps\":[\"first "
                                   "\\\"step\\\"\"],\"moves\":[{\"cell\":4,\"leaves\":[]}],"
                                   "\"board\":\"ab\\ncd\\n\"}");
    /* Misuse is recorded, not crashed on: a keyless value in an object. */
    cg_report_reset(&r);
    cg_report_int(&r, NULL, 1);
    assert_true(cg_report_failed(&r));
    cg_report_reset(&r);
    cg_report_close(&r); /* closing the root */
    assert_true(cg_report_failed(&r));
    cg_buf_free(&text);
    cg_buf_free(&json);
    cg_report_free(&r);
}

/* A toy graph: a heap of n tokens, take 1 or 2; taking the last wins. The
 * player to move loses exactly when n is a multiple of 3. Goal bit 0: the
 * heap is empty; possible_goals prunes nothing. */
static size_t take_moves(void *context, uint64_t n, uint64_t *next) {
    (void)context;
    size_t k = 0;
    for (uint64_t take = 1; take <= 2 && take <= n; take++) {
        next[k++] = n - take;
    }
    return k;
}

static cg_outcome take_terminal(void *context, uint64_t n) {
    (void)context;
    (void)n;
    return CG_OUTCOME_LOSS;
}

static unsigned take_goals(void *context, uint64_t n) {
    (void)context;
    return n == 0 ? 1u : 0u;
}

/* The shared shuffle: a permutation, of items of any size, drawing exactly
 * the documented numbers, and every order of three items about equally
 * often. */
static void rng_shuffle(void **state) {
    (void)state;
    typedef struct {
        unsigned char bytes[3]; /* an odd size: items are moved whole */
    } item;
    item items[10];
    for (int i = 0; i < 10; i++) {
        memset(items[i].bytes, i, sizeof items[i].bytes);
    }
    cg_rng rng = cg_rng_make(42), draws = cg_rng_make(42);
    cg_rng_shuffle(&rng, items, 10, sizeof *items);
    for (uint64_t n = 10; n > 1; n--) {
        (void)cg_rng_below(&draws, n);
    }
    assert_int_equal(rng.state, draws.state);
    int count[10] = {0};
    for (int i = 0; i < 10; i++) {
        assert_int_equal(items[i].bytes[0], items[i].bytes[2]);
        count[items[i].bytes[0]]++;
    }
    for (int v = 0; v < 10; v++) {
        assert_int_equal(count[v], 1);
    }
    cg_rng still = cg_rng_make(7);
    cg_rng_shuffle(&still, items, 1, sizeof *items);
    cg_rng_shuffle(&still, items, 0, sizeof *items);
    assert_int_equal(still.state, cg_rng_make(7).state);

    int orders[6] = {0};
    cg_rng many = cg_rng_make(1);
    for (int t = 0; t < 6000; t++) {
        int three[3] = {0, 1, 2};
        cg_rng_shuffle(&many, three, 3, sizeof *three);
        orders[three[0] * 2 + (three[1] > three[2])]++;
    }
    for (int o = 0; o < 6; o++) {
        assert_in_range(orders[o], 850, 1150);
    }
}

static void graph_searches(void **state) {
    (void)state;
    cg_state_graph g = {
        .max_moves = 2, .terminal_value = take_terminal, .moves = take_moves, .goals = take_goals};
    cg_memo memo;
    cg_memo_init(&memo, NULL);
    for (uint64_t n = 0; n < 200; n++) {
        cg_outcome o;
        assert_int_equal(cg_negamax(&g, &memo, n, &o, NULL), CG_OK);
        assert_int_equal(o, n % 3 == 0 ? CG_OUTCOME_LOSS : CG_OUTCOME_WIN);
    }
    /* 100000 levels deep: the explicit stack copes. */
    cg_outcome deep;
    cg_memo_clear(&memo);
    assert_int_equal(cg_negamax(&g, &memo, 100000, &deep, NULL), CG_OK);
    assert_int_equal(deep, CG_OUTCOME_WIN);
    cg_memo_clear(&memo);
    unsigned found;
    cg_state_path path = {0};
    assert_int_equal(cg_reach(&g, &memo, 5, 1u, &found, &path, 1, NULL), CG_OK);
    assert_int_equal(found, 1u);
    assert_int_equal(path.states[0], 5);
    assert_int_equal(path.states[path.length - 1], 0);
    for (size_t i = 1; i < path.length; i++) {
        assert_true(path.states[i - 1] - path.states[i] <= 2);
    }
    cg_state_path_free(&path);
    cg_memo_free(&memo);
    assert_int_equal(cg_outcome_flip(CG_OUTCOME_WIN), CG_OUTCOME_LOSS);
    assert_int_equal(cg_outcome_flip(CG_OUTCOME_DRAW), CG_OUTCOME_DRAW);
}

static double fabs_of(double x) {
    return x < 0 ? -x : x;
}

/* A run reported every `every` items, item n taking cost(n) seconds: the
 * estimate after `at` items against the true time left to `wanted`. */
static double estimate_error(double base, double slope, size_t every, size_t at, size_t wanted) {
    cg_eta eta;
    double t = 0, left = 0;
    cg_eta_start(&eta, t, 0);
    for (size_t n = 0; n < at; n += every) {
        for (size_t i = n; i < n + every; i++) {
            t += base + slope * (double)i;
        }
        left = cg_eta_left(&eta, t, n + every, wanted);
    }
    double truth = 0;
    for (size_t i = at; i < wanted; i++) {
        truth += base + slope * (double)i;
    }
    return left / truth - 1;
}

/* The time left: a run of constant cost an item is estimated at its rate
 * (the sparse octal engine's, which the quadratic guess this replaced put
 * at a hundred times the truth), one whose cost grows linearly (the naive
 * engine's) once two stages have been seen; nothing before a rate. */
static void time_left(void **state) {
    (void)state;
    assert_true(fabs_of(estimate_error(1e-6, 0, 1000, 50000, 4000000)) < 0.01);
    assert_true(fabs_of(estimate_error(1e-8, 1e-9, 1000, 64000, 200000)) < 0.05);
    assert_true(fabs_of(estimate_error(2e-6, 1e-11, 4096, 1 << 20, 1 << 22)) < 0.05);
    /* a constant cost that wavers with the machine's load (8 % up from the
     * 2^25th item) is taken as constant, 60 doublings' worth from the end,
     * where a line through the wavering was hours wrong */
    cg_eta eta;
    cg_eta_start(&eta, 0, 0);
    double t = 0, left = 0;
    for (size_t n = 1 << 20; n <= (size_t)1 << 26; n += 1 << 20) {
        t += (double)(1 << 20) * (n > (size_t)1 << 25 ? 1.08e-6 : 1e-6);
        left = cg_eta_left(&eta, t, n, (size_t)1 << 32);
    }
    double truth = 1.08e-6 * (double)(((size_t)1 << 32) - ((size_t)1 << 26));
    assert_true(fabs_of(left / truth - 1) < 0.1);
    assert_true(cg_eta_sum(2.0, 0, 10, 15) == 10.0);
    assert_true(cg_eta_sum(1.0, 1.0, 0, 4) == 4.0 + 8.0);
    assert_true(cg_eta_sum(1.0, 0, 15, 10) == 0);
    cg_eta_start(&eta, 5.0, 100);
    assert_true(cg_eta_left(&eta, 5.0, 100, 1000) == 0); /* no time passed: no rate yet */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(time_left),           cmocka_unit_test(buf_formats),
        cmocka_unit_test(grow_and_budget),     cmocka_unit_test(budgeted_growth),
        cmocka_unit_test(memo_table),          cmocka_unit_test(union_find),
        cmocka_unit_test(grid_fill_and_chain), cmocka_unit_test(report_rendering),
        cmocka_unit_test(graph_searches),      cmocka_unit_test(rng_shuffle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
