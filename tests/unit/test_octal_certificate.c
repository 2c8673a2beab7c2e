/* Certificates of octal periods: written for known periods, read back,
 * checked by the definition, and refused when tampered with (each field in
 * turn) or malformed. The known periods are Winning Ways' and Flammenkamp's
 * (Kayles 0.77: period 12, last exception at heap 70; Dawson's Kayles 0.07:
 * period 34, and 0.137, the same game one heap shorter; 0.4; 4 = 4.0). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "octal/certificate_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/octal_engine_internal.h"

static uint64_t engine_value(const void *engine, size_t n) {
    return cg_octal_engine_at(engine, n);
}

/* c with its extent the bound's for its fields and the checksum of that
 * many true values: every claim but the one under test holds. */
static cg_certificate resummed(cg_certificate c) {
    c.extent = cg_certificate_extent(&c.code, c.preperiod, c.period);
    cg_octal_engine e;
    cg_octal_engine_init(&e, &c.code, CG_ENGINE_NAIVE, NULL);
    assert_int_equal(cg_octal_engine_extend(&e, c.extent, NULL), CG_OK);
    c.checksum = CG_GRUNDY_CHECKSUM_START;
    for (size_t n = 0; n < c.extent; n++) {
        c.checksum = cg_grundy_checksum_add(c.checksum, n, cg_octal_engine_at(&e, n));
    }
    cg_octal_engine_free(&e);
    return c;
}

/* The certificate the engine's values give for text (G(0..upto)). */
static cg_certificate certify(const char *text, size_t upto) {
    cg_certificate c;
    memset(&c, 0, sizeof c);
    assert_int_equal(cg_octal_parse(text, &c.code, NULL), CG_OK);
    cg_octal_engine e;
    cg_octal_engine_init(&e, &c.code, CG_ENGINE_AUTO, NULL);
    assert_int_equal(cg_octal_engine_extend(&e, upto, NULL), CG_OK);
    size_t pre = 0;
    c.period = cg_octal_find_period_in(&e, engine_value, e.count, &c.code, &pre);
    c.preperiod = pre;
    assert_true(cg_certificate_extent(&c.code, c.preperiod, c.period) <= e.count);
    cg_octal_engine_free(&e);
    return resummed(c);
}

static void known_periods(void **state) {
    (void)state;
    static const struct {
        const char *code;
        uint64_t period, preperiod;
    } known[] = {
        {"0.77", 12, 71}, {"0.07", 34, 53}, {"0.137", 34, 52}, {"0.4", 34, 54}, {"4", 2, 1}};
    char path[] = "/tmp/cgsolve-certificate-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        cg_certificate c = certify(known[i].code, 2000);
        assert_int_equal(c.period, known[i].period);
        assert_int_equal(c.preperiod, known[i].preperiod);
        assert_int_equal(cg_certificate_write(&c, path, NULL), CG_OK);
        cg_certificate back;
        assert_int_equal(cg_certificate_read(path, &back, NULL), CG_OK);
        assert_memory_equal(&back.code, &c.code, sizeof c.code);
        assert_true(back.period == c.period && back.preperiod == c.preperiod &&
                    back.extent == c.extent && back.checksum == c.checksum);
        cg_budget budget = cg_budget_make(1 << 20);
        cg_error err;
        if (cg_certificate_verify(&back, &budget, NULL, NULL, &err) != CG_OK) {
            fail_msg("%s: %s", known[i].code, err.message);
        }
        assert_int_equal(budget.used, 0);
    }
    remove(path);
}

/* c changed by change is refused with a message containing expected. */
static void refused(cg_certificate c, const char *expected) {
    cg_budget budget = cg_budget_make(1 << 20);
    cg_error err;
    assert_int_equal(cg_certificate_verify(&c, &budget, NULL, NULL, &err), CG_ERR_INPUT);
    if (strstr(err.message, expected) == NULL) {
        fail_msg("expected '%s' in: %s", expected, err.message);
    }
    assert_int_equal(budget.used, 0);
}

static void tampered_refused(void **state) {
    (void)state;
    cg_certificate good = certify("0.07", 2000), c;
    c = good;
    c.checksum ^= 1;
    refused(c, "the values' checksum is");
    c = good;
    c.extent--;
    refused(c, "is below the 176 values the bound needs");
    c = good;
    c.preperiod++; /* the bound then needs two more values than given */
    refused(c, "is below the 178 values the bound needs");
    c = good;
    c.preperiod--;
    refused(resummed(c), "not periodic with period 34 from 52");
    c = good;
    c.preperiod++;
    refused(resummed(c), "G(53) = G(87): the preperiod is less than 54");
    c = good;
    c.period = 68;
    refused(resummed(c), "34 is a period too: the period is less than 68");
    c = good;
    c.period = 33;
    refused(resummed(c), "not periodic with period 33");
    c = good;
    assert_int_equal(cg_octal_parse("0.077", &c.code, NULL), CG_OK);
    c.extent++; /* another code (whose last digit is one further) */
    refused(c, "the values' checksum is");
    assert_int_equal(cg_octal_parse("4!.0", &c.code, NULL), CG_OK);
    refused(c, "has a '!'");
    c = good;
    c.period = 0;
    refused(c, "period 0 from 53 is beyond what a certificate can prove");
    c.period = (uint64_t)1 << 62; /* its bound would overflow: not "below the 0 values" */
    refused(c, "period 4611686018427387904 from 53 is beyond what a certificate can prove");
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void malformed_refused(void **state) {
    (void)state;
    char path[] = "/tmp/cgsolve-certificate-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    static const struct {
        const char *text, *message;
    } bad[] = {
        {"", ":1:1: expected \"cgsolve-grundy-certificate 1\""},
        {"cgsolve-grundy-certificate 2\n", ":1:1: expected \"cgsolve-grundy-certificate 1\""},
        {"cgsolve-grundy-certificate 1\n# a comment\ncode 0.9z\n",
         ":3:6: invalid octal game code '0.9z'"},
        {"cgsolve-grundy-certificate 1\ncode 0.77\nperiod 12\n", ":3:1: expected \"preperiod N\""},
        {"cgsolve-grundy-certificate 1\ncode 0.77\npreperiod 71\nperiod -12\n",
         ":4:1: expected \"period N\""},
        {"cgsolve-grundy-certificate 1\ncode 0.77\npreperiod 71\nperiod 12\nextent 168\n",
         ":6:1: expected \"checksum HEX (16 digits)\""},
        {"cgsolve-grundy-certificate 1\ncode 0.77\npreperiod 71\nperiod 12\nextent 168\n"
         "checksum 7e2b52195b60b29d\nextra\n",
         ":7:1: expected the end of the certificate"},
        {"cgsolve-grundy-certificate 1\ncode 0.77\npreperiod 71\nperiod 12\nextent "
         "99999999999999999999\n",
         ":5:1: expected \"extent N\""},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_text(path, bad[i].text);
        cg_certificate c;
        cg_error err;
        assert_int_equal(cg_certificate_read(path, &c, &err), CG_ERR_INPUT);
        if (strstr(err.message, bad[i].message) == NULL ||
            strncmp(err.message, path, strlen(path)) != 0) {
            fail_msg("case %zu: expected '%s' in: %s", i, bad[i].message, err.message);
        }
    }
    remove(path);
    cg_certificate c;
    assert_int_equal(cg_certificate_read(path, &c, NULL), CG_ERR_IO);
}

static void budget_holds(void **state) {
    (void)state;
    cg_certificate c = certify("0.77", 2000);
    cg_budget budget = cg_budget_make(100); /* the 168 values need 672 bytes */
    cg_error err;
    assert_int_equal(cg_certificate_verify(&c, &budget, NULL, NULL, &err), CG_ERR_LIMIT);
    assert_int_equal(budget.used, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_periods),
        cmocka_unit_test(tampered_refused),
        cmocka_unit_test(malformed_refused),
        cmocka_unit_test(budget_holds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
