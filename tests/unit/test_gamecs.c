/* Unit tests of the Game of CS solver on shapes whose values are known by
 * hand: deep paths (no recursion may overflow), stars and caterpillars. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "games/gamecs_internal.h"

typedef struct edges {
    uint32_t *u, *v;
    uint64_t *w;
} edges;

static edges alloc_edges(size_t n) {
    edges e = {malloc(n * sizeof(uint32_t)), malloc(n * sizeof(uint32_t)),
               malloc(n * sizeof(uint64_t))};
    assert_non_null(e.u);
    assert_non_null(e.v);
    assert_non_null(e.w);
    return e;
}

static void free_edges(edges *e) {
    free(e->u);
    free(e->v);
    free(e->w);
}

static void edge_rule(void **state) {
    (void)state;
    assert_int_equal(cg_gamecs_edge_value(0, 5), 0);
    assert_int_equal(cg_gamecs_edge_value(1, 5), 6);
    assert_int_equal(cg_gamecs_edge_value(2, 5), 5);
    assert_int_equal(cg_gamecs_edge_value(3, 5), 4);
    assert_int_equal(cg_gamecs_edge_value(UINT64_C(9223372036854775807), 2), 3);
}

static void deep_path(void **state) {
    (void)state;
    /* A path of a million unit edges, listed leaf-first and reversed: a
     * stalk of k unit edges is worth k. */
    const size_t n = 1000000;
    edges e = alloc_edges(n);
    for (size_t i = 0; i + 1 < n; i++) {
        size_t k = n - 2 - i;
        e.u[i] = (uint32_t)(k + 1);
        e.v[i] = (uint32_t)k;
        e.w[i] = 1;
    }
    cg_gamecs_solver s;
    cg_gamecs_init(&s, NULL);
    assert_int_equal(cg_gamecs_solve(&s, n, e.u, e.v, e.w, true, NULL), CG_OK);
    assert_int_equal(s.result.value, n - 1);
    /* Only cutting the top edge wins (it leaves nothing). */
    assert_int_equal(s.result.winning_count, 1);
    assert_int_equal(s.result.winning[0], 1);
    /* Even weights everywhere: worth 0. */
    for (size_t i = 0; i + 1 < n; i++) {
        e.w[i] = 2;
    }
    assert_int_equal(cg_gamecs_solve(&s, n, e.u, e.v, e.w, true, NULL), CG_OK);
    assert_int_equal(s.result.value, 0);
    assert_int_equal(s.result.winning_count, 0);
    cg_gamecs_free(&s);
    free_edges(&e);
}

static void star(void **state) {
    (void)state;
    const size_t n = 1001; /* 1000 unit leaves: 1000 heaps of 1 */
    edges e = alloc_edges(n);
    for (size_t i = 0; i + 1 < n; i++) {
        e.u[i] = 0;
        e.v[i] = (uint32_t)(i + 1);
        e.w[i] = 1;
    }
    cg_gamecs_solver s;
    cg_gamecs_init(&s, NULL);
    assert_int_equal(cg_gamecs_solve(&s, n, e.u, e.v, e.w, true, NULL), CG_OK);
    assert_int_equal(s.result.value, 0);
    e.w[0] = 2; /* f(2, 0) = 0: the nim-sum of the 999 unit leaves remains */
    assert_int_equal(cg_gamecs_solve(&s, n, e.u, e.v, e.w, true, NULL), CG_OK);
    assert_int_equal(s.result.value, 1);
    /* Winning: paint any unit leaf (999 of them), or the weight-2 edge down to
     * 1, which turns its term from f(2, 0) = 0 into f(1, 0) = 1. */
    assert_int_equal(s.result.winning_count, 1000);
    cg_gamecs_free(&s);
    free_edges(&e);
}

static void caterpillar(void **state) {
    (void)state;
    /* Spine 0-1-2-...-L of unit edges, each spine node j >= 1 with a unit
     * leaf: the spine node j has C = 2(L-j)+1, so the root's value is 2L. */
    const size_t spine = 5000;
    const size_t n = 2 * spine + 1;
    edges e = alloc_edges(n);
    size_t k = 0;
    for (size_t j = 1; j <= spine; j++) {
        e.u[k] = (uint32_t)(j - 1);
        e.v[k] = (uint32_t)j;
        e.w[k++] = 1;
        e.u[k] = (uint32_t)(spine + j);
        e.v[k] = (uint32_t)j;
        e.w[k++] = 1;
    }
    cg_gamecs_solver s;
    cg_gamecs_init(&s, NULL);
    assert_int_equal(cg_gamecs_solve(&s, n, e.u, e.v, e.w, false, NULL), CG_OK);
    assert_int_equal(s.result.value, 2 * spine); /* by peeling */
    assert_int_equal(cg_gamecs_solve(&s, n, e.u, e.v, e.w, true, NULL), CG_OK);
    assert_int_equal(s.result.value, 2 * spine); /* oriented */
    assert_int_equal(s.result.children[spine], 1);
    assert_int_equal(s.result.children[1], 2 * (spine - 1) + 1);
    cg_gamecs_free(&s);
    free_edges(&e);
}

static void rejects_non_trees(void **state) {
    (void)state;
    /* Three edges on four nodes with a cycle: node 3 is not connected. */
    uint32_t u[] = {0, 1, 2}, v[] = {1, 2, 0};
    uint64_t w[] = {1, 1, 1};
    cg_gamecs_solver s;
    cg_gamecs_init(&s, NULL);
    cg_error err;
    assert_int_equal(cg_gamecs_solve(&s, 4, u, v, w, false, &err), CG_ERR_INPUT);
    assert_string_equal(err.message, "the edges do not connect every node");
    w[1] = 0; /* a weight of 0 */
    assert_int_equal(cg_gamecs_solve(&s, 3, u, v, w, false, &err), CG_ERR_INPUT);
    cg_gamecs_free(&s);
    /* The budget is checked before any edge is read. */
    cg_budget budget = cg_budget_make(100);
    cg_gamecs_init(&s, &budget);
    assert_int_equal(cg_gamecs_solve(&s, 1000, u, v, w, false, &err), CG_ERR_LIMIT);
    cg_gamecs_free(&s);
    assert_int_equal(budget.used, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(edge_rule),   cmocka_unit_test(deep_path),         cmocka_unit_test(star),
        cmocka_unit_test(caterpillar), cmocka_unit_test(rejects_non_trees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
