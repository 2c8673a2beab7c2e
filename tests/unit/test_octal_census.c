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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    cg_census_markdown(r, 2, NULL, 0, &table);
    assert_non_null(strstr(table.data, "\n| 0.6 | none to 3000 | |"));
    assert_non_null(strstr(table.data, "\n| 4.0 | 2 | 1 | 1 (2) |"));
    cg_buf_free(&table);
    cg_buf line = CG_BUF_INIT;
    cg_census_line(&r[0], &line);
    assert_non_null(strstr(line.data, "\"period\":null,\"preperiod\":null,"));
    cg_buf_free(&line);
}

/* A file of published extents as in the source list. */
static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* `census --published`: the extents read (codes as the census names
 * them), bad lines named by line and column, and the table's columns: the
 * extent, what is new past it, and the command. */
static void published_extents(void **state) {
    (void)state;
    char path[] = "/tmp/cgsolve-published-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, "# source\n\n0.6\t2097152\tlargest 319\n4.40\t\tnone given\n.04\t131072\n");
    cg_census_published *p = NULL;
    size_t count = 0;
    assert_int_equal(cg_census_read_published(path, &p, &count, NULL), CG_OK);
    assert_int_equal(count, 3);
    assert_string_equal(p[0].code, "0.6");
    assert_true(p[0].extent == 2097152);
    assert_string_equal(p[1].code, "4.4");
    assert_true(p[1].extent == 0);
    assert_string_equal(p[2].code, "0.04");

    cg_census_result r[3];
    assert_int_equal(cg_census_one("0.6", 3000, 1, NULL, NULL, NULL, &r[0], NULL), CG_OK);
    assert_int_equal(cg_census_one("0.04", 200000, 1, NULL, NULL, NULL, &r[1], NULL), CG_OK);
    assert_int_equal(cg_census_one("4", 3000, 1, NULL, NULL, NULL, &r[2], NULL), CG_OK);
    cg_buf table = CG_BUF_INIT;
    cg_census_markdown(r, 3, p, count, &table);
    assert_non_null(strstr(table.data, "| published to | new | reproduce |\n"));
    assert_non_null(strstr(table.data, " 2097152 |  | `cgsolve census 0.6 --upto 3000` |\n"));
    assert_non_null(strstr(table.data, " 131072 | past the published extent | "
                                       "`cgsolve census 0.04 --upto 200000` |\n"));
    assert_non_null(
        strstr(table.data, " not listed | period | `cgsolve census 4.0 --upto 3000` |"));
    cg_buf_free(&table);
    free(p);

    static const struct {
        const char *text;
        uint64_t line, column;
    } bad[] = {
        {"0.6\t100\nKayles\t5\n", 2, 1}, {"0.6\t12x\n", 1, 7}, {"0.6\t0\n", 1, 5},
        {"0.6\t1\n0.60\t2\n", 2, 1},     {"\t5\n", 1, 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        write_file(path, bad[i].text);
        cg_error err = {0};
        assert_int_equal(cg_census_read_published(path, &p, &count, &err), CG_ERR_INPUT);
        assert_null(p);
        if (err.line != bad[i].line || err.column != bad[i].column) {
            fail_msg("case %zu: %s (line %llu column %llu)", i, err.message,
                     (unsigned long long)err.line, (unsigned long long)err.column);
        }
    }
    remove(path);
    assert_int_equal(cg_census_read_published(path, &p, &count, NULL), CG_ERR_IO);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(patterns_expand),
        cmocka_unit_test(published_periods),
        cmocka_unit_test(unproven_and_table),
        cmocka_unit_test(published_extents),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
