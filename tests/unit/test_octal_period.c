/* The period watch (octal_period_internal.h): long periods found while feeding the
 * values, each claim made only when the bound holds (never early), the
 * same period and preperiod as the exhaustive search
 * (cg_octal_find_period_in) on real codes, and synthetic sequences with
 * periods from 1 to 3,000,017 and preperiods from 0 to 70,001. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "octal/octal_engine_internal.h"
#include "octal/octal_period_internal.h"
#include "ref_rng.h"

static uint64_t array_at(const void *values, size_t n) {
    return ((const uint32_t *)values)[n];
}

static uint64_t engine_value(const void *engine, size_t n) {
    return cg_octal_engine_at(engine, n);
}

/* Random values, periodic with period from preperiod on (and not from one
 * heap earlier): the watch proves exactly that, not before the bound. */
static void synthetic(size_t period, size_t preperiod, ref_rng *rng) {
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.7", &code, NULL), CG_OK); /* last = 1 */
    size_t needed = 2 * preperiod + 2 * period + 1 + (preperiod == 0);
    size_t count = needed + 3 * CG_PERIOD_BLOCK + 100;
    uint32_t *g = malloc(count * sizeof *g);
    assert_non_null(g);
    for (size_t n = 0; n < count; n++) {
        g[n] = n < preperiod + period ? (uint32_t)ref_rng_below(rng, 6) : g[n - period];
    }
    if (preperiod > 0 && g[preperiod - 1] == g[preperiod - 1 + period]) {
        g[preperiod - 1] ^= 1; /* the preperiod is exact */
    }
    /* a period that divides this one would have to hold over random values */
    cg_period_watch w;
    cg_period_watch_init(&w, &code, NULL);
    size_t p = 0, e = 0;
    size_t fed = 0;
    /* never claimed before the bound: one value short of it */
    assert_int_equal(cg_period_watch_feed(&w, g, array_at, needed - 1, &p, &e, NULL), CG_OK);
    assert_int_equal(p, 0);
    fed = needed - 1;
    for (size_t step = 1; fed < count; step = step * 3 + 1) {
        fed = fed + step < count ? fed + step : count;
        assert_int_equal(cg_period_watch_feed(&w, g, array_at, fed, &p, &e, NULL), CG_OK);
        if (p != 0) {
            break;
        }
    }
    if (p != period || e != preperiod || fed < needed) {
        fail_msg("period %zu from %zu: found %zu from %zu with %zu values (%zu needed)", period,
                 preperiod, p, e, fed, needed);
    }
    /* no multiple of a followed period is followed too (its proof would walk
     * the periodic stretch back at every feed) */
    for (size_t i = 0; i < w.candidates; i++) {
        for (size_t j = 0; j < w.candidates; j++) {
            assert_true(i == j || w.candidate[i].period % w.candidate[j].period != 0);
        }
    }
    size_t exhaustive_pre = 0;
    assert_int_equal(cg_octal_find_period_in(g, array_at, fed, &code, &exhaustive_pre), period);
    assert_int_equal(exhaustive_pre, preperiod);
    cg_period_watch_free(&w);
    free(g);
}

static void synthetic_periods(void **state) {
    (void)state;
    ref_rng rng = {26};
    static const size_t periods[] = {1, 2, 7, 1023, 1024, 1025, 4097, 65537, 3000017};
    static const size_t preperiods[] = {0, 1, 5, 3000, 70001};
    for (size_t i = 0; i < sizeof periods / sizeof periods[0]; i++) {
        for (size_t j = 0; j < sizeof preperiods / sizeof preperiods[0]; j++) {
            if (periods[i] < 1000000 || j < 2) {
                synthetic(periods[i], preperiods[j], &rng);
            }
        }
    }
}

/* Real codes, fed as an engine computes them: the watch's claim is the
 * exhaustive search's at the same count, and comes by the bound plus three
 * blocks. */
static void agrees_with_search(const char *text, size_t upto) {
    cg_octal_code code;
    assert_int_equal(cg_octal_parse(text, &code, NULL), CG_OK);
    cg_octal_engine e;
    cg_octal_engine_init(&e, &code, CG_ENGINE_AUTO, NULL);
    cg_period_watch w;
    cg_period_watch_init(&w, &code, NULL);
    size_t p = 0, pre = 0, first_proof = 0;
    for (size_t n = 511; n <= upto && p == 0; n += 512) {
        assert_int_equal(cg_octal_engine_extend(&e, n, NULL), CG_OK);
        assert_int_equal(cg_period_watch_feed(&w, &e, engine_value, e.count, &p, &pre, NULL),
                         CG_OK);
        size_t exhaustive_pre = 0;
        size_t exhaustive =
            cg_octal_find_period_in(&e, engine_value, e.count, &code, &exhaustive_pre);
        if (p != 0 && (p != exhaustive || pre != exhaustive_pre)) {
            fail_msg("%s, %zu values: the watch found %zu from %zu, the search %zu from %zu", text,
                     e.count, p, pre, exhaustive, exhaustive_pre);
        }
        first_proof = exhaustive != 0 && first_proof == 0 ? e.count : first_proof;
        if (first_proof != 0 && p == 0 && e.count > first_proof + 3 * CG_PERIOD_BLOCK) {
            fail_msg("%s: proven by %zu values, the watch has not found it by %zu", text,
                     first_proof, e.count);
        }
    }
    if (first_proof == 0) {
        assert_int_equal(p, 0);
    }
    cg_period_watch_free(&w);
    cg_octal_engine_free(&e);
}

static void real_codes(void **state) {
    (void)state;
    static const char *const codes[] = {"0.07", "0.77", "0.137", "0.4",  "4",
                                        "0.51", "0.15", "0.6",   "4!.0", "0.35"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        agrees_with_search(codes[i], 30000);
    }
    agrees_with_search("0.16", 520000); /* period 149,459 from 105,351 */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(synthetic_periods),
        cmocka_unit_test(real_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
