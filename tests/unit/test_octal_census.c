/* Censuses: patterns expand to every code of their digits (duplicates
 * dropped), lines read back as written, and the periods found agree with a
 * published table: Winning Ways, chapter 4 (pp. 102-104), as OEIS lists it
 * with each game's last exception (OEIS numbers heaps as cgsolve does, from
 * a(1) = G(1), so the preperiod is the last exception plus one):
 *   .177   A071435 period 20, last exception 496
 *   .1377  A071434 period 24, last exception 140
 *   .117   A071453 period 48, exceptions up to 46
 *   .11377 A071452 period 32, last exception 186
 *   .127   A071464 period 4, last exception 46577 (Gangolli and Plambeck) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "octal/census_internal.h"

static size_t expanded(const char *const *specs, size_t count, cg_strlist *codes) {
    cg_strlist_clear(codes);
    assert_int_equal(cg_census_codes(specs, count, codes, NULL), CG_OK);
    return codes->count;
}

static void patterns_expand(void **state) {
    (void)state;
    cg_strlist codes = CG_STRLIST_INIT;
    const char *two[] = {"0.??"};
    assert_int_equal(expanded(two, 1, &codes), 8 * 7);
    assert_string_equal(cg_strlist_at(&codes, 0), "0.01");
    assert_string_equal(cg_strlist_at(&codes, 55), "0.77");
    const char *both[] = {"?.??"}; /* d0 = 0 or 4 */
    assert_int_equal(expanded(both, 1, &codes), 2 * 8 * 7);
    assert_string_equal(cg_strlist_at(&codes, 56), "4.01");
    const char *three[] = {"0.???", "4.???"};
    assert_int_equal(expanded(three, 2, &codes), 2 * 8 * 8 * 7);
    const char *overlap[] = {"0.1?", "0.12", ".17", "0.4!", "4"};
    assert_int_equal(expanded(overlap, 5, &codes), 9); /* 0.12 and 0.17 once */
    assert_string_equal(cg_strlist_at(&codes, 7), "0.4!");
    assert_string_equal(cg_strlist_at(&codes, 8), "4.0");
    cg_error err;
    const char *bad[] = {"0.7", "0.g?"};
    cg_strlist_clear(&codes);
    assert_int_equal(cg_census_codes(bad, 2, &codes, &err), CG_ERR_USAGE);
    assert_non_null(strstr(err.message, "in the census '0.g?'"));
    const char *huge[] = {"0.????????"};
    assert_int_equal(cg_census_codes(huge, 1, &codes, &err), CG_ERR_USAGE);
    cg_strlist_free(&codes);
}

static void published_periods(void **state) {
    (void)state;
    static const struct {
        const char *code;
        size_t period, preperiod;
    } table[] = {{"0.177", 20, 497},
                 {"0.1377", 24, 141},
                 {"0.117", 48, 47},
                 {"0.11377", 32, 187},
                 {"0.127", 4, 46578}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        cg_census_result r;
        assert_int_equal(cg_census_one(table[i].code, 200000, 1, NULL, NULL, NULL, &r, NULL),
                         CG_OK);
        if (r.period != table[i].period || r.preperiod != table[i].preperiod) {
            fail_msg("%s: period %zu from %zu, published %zu from %zu", table[i].code, r.period,
                     r.preperiod, table[i].period, table[i].preperiod);
        }
        assert_true(r.computed >= 2 * r.preperiod + 2 * r.period);
        /* the line reads back as written */
        cg_buf line = CG_BUF_INIT;
        cg_census_line(&r, &line);
        cg_census_result back;
        assert_true(cg_census_parse_line(line.data, &back));
        assert_string_equal(back.code, r.code);
        assert_true(back.period == r.period && back.checksum == r.checksum &&
                    back.computed == r.computed && back.last_rare == r.last_rare);
        line.data[line.len - 3] ^= 1; /* the checksum's last digit */
        assert_false(cg_census_parse_line(line.data, &back));
        cg_buf_free(&line);
    }
}

static void unproven_and_table(void **state) {
    (void)state;
    cg_census_result r[2];
    assert_int_equal(cg_census_one("0.6", 3000, 1, NULL, NULL, NULL, &r[0], NULL), CG_OK);
    assert_int_equal(r[0].period, 0);
    assert_int_equal(r[0].computed, 3001);
    assert_int_equal(cg_census_one("4", 3000, 1, NULL, NULL, NULL, &r[1], NULL), CG_OK);
    cg_buf table = CG_BUF_INIT;
    cg_census_markdown(r, 2, &table);
    assert_non_null(strstr(table.data, "\n| 0.6 | none to 3000 | |"));
    assert_non_null(strstr(table.data, "\n| 4.0 | 2 | 1 | 1 (2) |"));
    cg_buf_free(&table);
    cg_buf line = CG_BUF_INIT;
    cg_census_line(&r[0], &line);
    assert_non_null(strstr(line.data, "\"period\":null,\"preperiod\":null,"));
    cg_buf_free(&line);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(patterns_expand),
        cmocka_unit_test(published_periods),
        cmocka_unit_test(unproven_and_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
