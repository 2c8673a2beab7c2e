/* Unit tests of the option declarations (options_internal.h): every table the
 * library declares is well formed, the defaults are the declared ones,
 * values are checked against their bounds, stored, written back and reset
 * generically, and memory_limit 0 is the game's default while a value set
 * directly in C is honoured. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "framework/cgsolve_internal.h"
#include "octal/census_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/misere_report_internal.h"

/* ---- every declaration ------------------------------------------------ */

typedef struct all_specs {
    const cg_option_spec *spec[256];
    size_t count;
} all_specs;

static void gather(const cg_option_spec *table, void *context) {
    all_specs *all = context;
    for (const cg_option_spec *spec = table; spec->name != NULL; spec++) {
        assert_true(all->count < sizeof all->spec / sizeof all->spec[0]);
        all->spec[all->count++] = spec;
    }
}

static all_specs every_spec(void) {
    all_specs all;
    all.count = 0;
    cg_each_option_table(gather, &all);
    return all;
}

static int word_count(const char *choices) {
    int words = 1;
    for (const char *p = choices; *p != '\0'; p++) {
        words += *p == '|';
    }
    return words;
}

static void every_declaration_is_well_formed(void **state) {
    (void)state;
    all_specs all = every_spec();
    assert_true(all.count > 40);
    for (size_t i = 0; i < all.count; i++) {
        const cg_option_spec *s = all.spec[i];
        if (!cg_option_spec_valid(s)) {
            fail_msg("--%s: its storage does not fit its kind", s->name);
        }
        assert_true(s->offset + s->size <= sizeof(cg_options));
        assert_non_null(s->help);
        assert_true((s->arg == CG_ARG_NONE) == (s->arg_name == NULL));
        if (s->arg == CG_ARG_CHOICE) {
            assert_non_null(s->choices);
            assert_true(s->def >= 0 && s->def < word_count(s->choices));
        }
        if (s->arg == CG_ARG_TEXT) {
            assert_int_equal(s->def, 0); /* text resets to NULL */
        }
    }
}

/* Two declarations of one field (--seed in gen and play, --threads in
 * grundy and treblecross, --format and --json) agree on its default, and
 * one name is one option wherever it is declared. */
static void shared_storage_agrees(void **state) {
    (void)state;
    all_specs all = every_spec();
    for (size_t i = 0; i < all.count; i++) {
        for (size_t j = i + 1; j < all.count; j++) {
            const cg_option_spec *a = all.spec[i], *b = all.spec[j];
            if (a->offset == b->offset && a->arg != CG_ARG_NONE && b->arg != CG_ARG_NONE &&
                a->def != b->def) {
                fail_msg("--%s and --%s share a field with defaults %lld and %lld", a->name,
                         b->name, (long long)a->def, (long long)b->def);
            }
            if (strcmp(a->name, b->name) == 0) {
                assert_int_equal(a->offset, b->offset);
                assert_int_equal(a->arg, b->arg);
                assert_int_equal(a->min, b->min);
                assert_int_equal(a->max, b->max);
            }
        }
    }
}

/* ---- defaults ----------------------------------------------------------- */

static const cg_option_spec *spec_named(const char *name) {
    all_specs all = every_spec();
    for (size_t i = 0; i < all.count; i++) {
        if (strcmp(all.spec[i]->name, name) == 0) {
            return all.spec[i];
        }
    }
    fail_msg("no option --%s", name);
    return NULL;
}

static void defaults_are_the_declared_ones(void **state) {
    (void)state;
    cg_options o;
    memset(&o, 0xA5, sizeof o); /* init leaves nothing of what was there */
    cg_options_init(&o);
    assert_int_equal(o.output, CG_OUTPUT_JUDGE);
    assert_int_equal(o.memory_limit, 0); /* the game's default */
    assert_int_equal(o.color_mode, CG_COLOR_AUTO);
    assert_true(o.upto == CG_UPTO_UNSET);
    assert_int_equal(cg_options_upto(&o, CG_GRUNDY_DEFAULT_UPTO), 100);
    assert_int_equal(cg_options_upto(&o, CG_MISERE_DEFAULT_UPTO), CG_MISERE_DEFAULT_UPTO);
    assert_int_equal(o.max_number, 20);
    assert_int_equal(o.case_number, 1);
    assert_int_equal(o.seed, 1);
    assert_int_equal(o.threads, 1);
    assert_int_equal(o.density, -1);
    assert_int_equal(o.fill, -1);
    assert_int_equal(o.quotient, -1);
    assert_true(o.time_limit == 2.0);
    assert_false(o.optimal);
    assert_false(o.computer_first);
    assert_null(o.save);
    assert_null(o.progress_hook);
    /* what each declaration holds after init is what it declares */
    all_specs all = every_spec();
    for (size_t i = 0; i < all.count; i++) {
        char held[64], declared[64];
        bool has = cg_option_format(&o, all.spec[i], held, sizeof held);
        assert_int_equal(has, cg_option_default(all.spec[i], declared, sizeof declared));
        assert_string_equal(held, has ? declared : "");
    }
    /* defaults as help shows them */
    char text[64];
    assert_true(cg_option_default(spec_named("max"), text, sizeof text));
    assert_string_equal(text, "20");
    assert_true(cg_option_default(spec_named("time-limit"), text, sizeof text));
    assert_string_equal(text, "2");
    assert_true(cg_option_default(spec_named("format"), text, sizeof text));
    assert_string_equal(text, "judge");
    assert_false(cg_option_default(spec_named("memory"), text, sizeof text));  /* the game's */
    assert_false(cg_option_default(spec_named("upto"), text, sizeof text));    /* the command's */
    assert_false(cg_option_default(spec_named("density"), text, sizeof text)); /* random */
    assert_false(cg_option_default(spec_named("save"), text, sizeof text));
    assert_false(cg_option_default(spec_named("optimal"), text, sizeof text));
}

/* ---- bounds and bad values -------------------------------------------- */

static void expect_refused(const char *name, const char *value, const char *message) {
    cg_options o, before;
    cg_options_init(&o);
    before = o;
    cg_error err;
    cg_error_clear(&err);
    assert_int_equal(cg_option_set(&o, spec_named(name), value, &err), CG_ERR_USAGE);
    if (message != NULL) {
        assert_string_equal(err.message, message);
    }
    assert_memory_equal(&o, &before, sizeof o); /* a refused value stores nothing */
}

static void bounds_are_checked(void **state) {
    (void)state;
    all_specs all = every_spec();
    for (size_t i = 0; i < all.count; i++) {
        const cg_option_spec *s = all.spec[i];
        if (s->arg != CG_ARG_INT) {
            continue;
        }
        char text[32];
        cg_options o;
        cg_options_init(&o);
        cg_error err;
        snprintf(text, sizeof text, "%lld", (long long)s->min);
        assert_int_equal(cg_option_set(&o, s, text, &err), CG_OK);
        snprintf(text, sizeof text, "%lld", (long long)s->max);
        assert_int_equal(cg_option_set(&o, s, text, &err), CG_OK);
        char held[32];
        assert_true(cg_option_format(&o, s, held, sizeof held));
        assert_string_equal(held, text);
        if (s->min > INT64_MIN) {
            snprintf(text, sizeof text, "%lld", (long long)s->min - 1);
            assert_int_equal(cg_option_set(&o, s, text, &err), CG_ERR_USAGE);
        }
        if (s->max < INT64_MAX) {
            snprintf(text, sizeof text, "%lld", (long long)s->max + 1);
            assert_int_equal(cg_option_set(&o, s, text, &err), CG_ERR_USAGE);
        }
    }
    expect_refused("max", "57", "'57' is not an integer from 2 to 56");
    expect_refused("max", "1", "'1' is not an integer from 2 to 56");
}

static void bad_values_are_refused(void **state) {
    (void)state;
    expect_refused("max", "", NULL);
    expect_refused("max", "12a", NULL);
    expect_refused("max", "1.5", NULL);
    expect_refused("max", "99999999999999999999", NULL);
    expect_refused("memory", "0", "'0' is not a size such as 512K, 256M or 2G");
    expect_refused("memory", "-1", NULL);
    expect_refused("memory", "+1", NULL);
    expect_refused("memory", "12X", NULL);
    expect_refused("memory", "12MB", NULL);
    expect_refused("memory", "M", NULL);
    expect_refused("memory", "99999999999G", NULL);
    expect_refused("format", "yaml", "'yaml' is not one of judge|explain|json");
    expect_refused("format", "JSON", NULL);
    expect_refused("time-limit", "0", "'0' is not a number of seconds above 0");
    expect_refused("time-limit", "-2", NULL);
    expect_refused("time-limit", "soon", NULL);
    expect_refused("time-limit", "nan", NULL);
    expect_refused("save", "", "an empty value");
    expect_refused("max", NULL, "a value is needed");
    /* no declaration, a wrong one */
    cg_options o;
    cg_options_init(&o);
    cg_error err;
    assert_int_equal(cg_option_set(&o, NULL, "1", &err), CG_ERR_USAGE);
    assert_int_equal(cg_option_set(NULL, spec_named("max"), "12", &err), CG_ERR_USAGE);
    cg_option_spec wrong = *spec_named("max");
    wrong.size = 2;
    assert_int_equal(cg_option_set(&o, &wrong, "12", &err), CG_ERR_USAGE);
    wrong = *spec_named("time-limit");
    wrong.size = sizeof(float);
    assert_false(cg_option_spec_valid(&wrong));
}

/* ---- storing, writing back, resetting --------------------------------- */

/* Set name to value, write it back, set that on fresh options: the same
 * bytes, and the text written is want. */
static void round_trip(const char *name, const char *value, const char *want) {
    const cg_option_spec *s = spec_named(name);
    cg_options a, b;
    cg_options_init(&a);
    cg_options_init(&b);
    cg_error err;
    assert_int_equal(cg_option_set(&a, s, value, &err), CG_OK);
    char text[64];
    assert_true(cg_option_format(&a, s, text, sizeof text));
    assert_string_equal(text, want);
    if (s->arg != CG_ARG_NONE) {
        assert_int_equal(cg_option_set(&b, s, text, &err), CG_OK);
    } else {
        assert_int_equal(cg_option_set(&b, s, NULL, &err), CG_OK);
    }
    if (s->arg == CG_ARG_TEXT) { /* the same text (each holds the pointer it was given) */
        char again[64];
        assert_true(cg_option_format(&b, s, again, sizeof again));
        assert_string_equal(again, want);
    } else {
        assert_memory_equal((const char *)&a + s->offset, (const char *)&b + s->offset, s->size);
    }
}

static void values_round_trip(void **state) {
    (void)state;
    round_trip("max", "12", "12");
    round_trip("upto", "0", "0");
    round_trip("quotient", "7", "7");
    round_trip("memory", "256M", "256M");
    round_trip("memory", "1024K", "1M");
    round_trip("memory", "1536K", "1536K");
    round_trip("memory", "3", "3");
    round_trip("memory", "2G", "2G");
    round_trip("format", "json", "json");
    round_trip("color", "never", "never");
    round_trip("first", "computer", "computer");
    round_trip("level", "casual", "casual");
    round_trip("to-move", "black", "black");
    round_trip("shape", "star", "star");
    round_trip("time-limit", "2.5", "2.5");
    round_trip("time-limit", "0.0001", "0.001"); /* to the millisecond, at least one */
    round_trip("save", "small.in", "small.in");
    round_trip("optimal", NULL, "");
    round_trip("json", NULL, "");
    round_trip("threads", "0", "0");
    /* where each value lives */
    cg_options o;
    cg_options_init(&o);
    cg_error err;
    assert_int_equal(cg_option_set(&o, spec_named("explain"), NULL, &err), CG_OK);
    assert_int_equal(o.output, CG_OUTPUT_EXPLAIN);
    assert_int_equal(cg_option_set(&o, spec_named("json"), NULL, &err), CG_OK);
    assert_int_equal(o.output, CG_OUTPUT_JSON);
    assert_int_equal(cg_option_set(&o, spec_named("first"), "computer", &err), CG_OK);
    assert_true(o.computer_first);
    assert_int_equal(cg_option_set(&o, spec_named("first"), "human", &err), CG_OK);
    assert_false(o.computer_first);
    assert_int_equal(cg_option_set(&o, spec_named("memory"), "64M", &err), CG_OK);
    assert_int_equal(o.memory_limit, (size_t)64 << 20);
    assert_int_equal(cg_option_set(&o, spec_named("upto"), "1099511627775", &err), CG_OK);
    assert_int_equal(o.upto, ((uint64_t)1 << 40) - 1);
    assert_int_equal(cg_option_set(&o, spec_named("upto"), "1099511627776", &err), CG_ERR_USAGE);
    assert_int_equal(cg_option_set(&o, spec_named("seconds"), "1.25", &err), CG_OK);
    assert_true(o.seconds == 1.25);
    const char *file = "values.txt";
    assert_int_equal(cg_option_set(&o, spec_named("values-out"), file, &err), CG_OK);
    assert_ptr_equal(o.values_out, file);
}

static void reset_restores_the_defaults(void **state) {
    (void)state;
    cg_options fresh, o;
    cg_options_init(&fresh);
    cg_options_init(&o);
    cg_error err;
    const char *const set[][2] = {{"max", "30"},   {"memory", "1G"},  {"json", NULL},
                                  {"seed", "99"},  {"save", "x.in"},  {"time-limit", "9"},
                                  {"upto", "5"},   {"density", "50"}, {"level", "strong"},
                                  {"threads", "4"}};
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        assert_int_equal(cg_option_set(&o, spec_named(set[i][0]), set[i][1], &err), CG_OK);
    }
    assert_memory_not_equal(&o, &fresh, sizeof o);
    cg_option_reset(&o, spec_named("max"));
    assert_int_equal(o.max_number, 20);
    assert_int_equal(o.seed, 99); /* the others stay */
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        cg_option_reset(&o, spec_named(set[i][0]));
    }
    assert_memory_equal(&o, &fresh, sizeof o);
    /* a whole table */
    assert_int_equal(cg_option_set(&o, spec_named("format"), "explain", &err), CG_OK);
    assert_int_equal(cg_option_set(&o, spec_named("color"), "always", &err), CG_OK);
    cg_option_reset_table(&o, cg_common_options);
    assert_memory_equal(&o, &fresh, sizeof o);
}

/* cg_option_find: long names, short letters, nothing else. */
static void options_are_found_by_name(void **state) {
    (void)state;
    assert_ptr_equal(cg_option_find(cg_common_options, "memory"), &cg_common_options[3]);
    assert_ptr_equal(cg_option_find(cg_common_options, "m"), &cg_common_options[3]);
    assert_null(cg_option_find(cg_common_options, "memor"));
    assert_null(cg_option_find(cg_common_options, ""));
    assert_null(cg_option_find(cg_common_options, NULL));
    assert_null(cg_option_find(NULL, "memory"));
    assert_int_equal(cg_option_choice("judge|explain|json", "json"), 2);
    assert_int_equal(cg_option_choice("judge|explain|json", "jso"), -1);
    assert_int_equal(cg_option_choice(NULL, "json"), -1);
}

/* The octal commands' tables are what decides which options a command
 * takes (no list of "does not apply" beside them): each holds its own
 * options and none of another command's. */
static void octal_commands_take_their_own_options(void **state) {
    (void)state;
    static const char *const grundy_only[] = {"values-out", "resume", "certificate", "window-from",
                                              "spill",      "method", "until-period"};
    static const char *const census_only[] = {"shard", "markdown"};
    static const char *const misere_only[] = {"sum", "terms", "positions", "quotient"};
    for (size_t i = 0; i < sizeof grundy_only / sizeof grundy_only[0]; i++) {
        assert_non_null(cg_option_find(cg_grundy_options, grundy_only[i]));
        assert_null(cg_option_find(cg_census_options, grundy_only[i]));
        assert_null(cg_option_find(cg_verify_options, grundy_only[i]));
        assert_null(cg_option_find(cg_misere_run_options, grundy_only[i]));
        assert_null(cg_option_find(cg_misere_options, grundy_only[i]));
    }
    for (size_t i = 0; i < sizeof census_only / sizeof census_only[0]; i++) {
        assert_non_null(cg_option_find(cg_census_options, census_only[i]));
        assert_null(cg_option_find(cg_grundy_options, census_only[i]));
        assert_null(cg_option_find(cg_misere_options, census_only[i]));
    }
    for (size_t i = 0; i < sizeof misere_only / sizeof misere_only[0]; i++) {
        assert_non_null(cg_option_find(cg_misere_options, misere_only[i]));
        assert_null(cg_option_find(cg_grundy_options, misere_only[i]));
        assert_null(cg_option_find(cg_census_options, misere_only[i]));
    }
    /* the old spellings are commands now, options of none */
    assert_null(cg_option_find(cg_grundy_options, "census"));
    assert_null(cg_option_find(cg_grundy_options, "verify"));
    assert_null(cg_option_find(cg_misere_options, "misere"));
    assert_null(cg_option_find(cg_verify_options, "upto"));
    assert_non_null(cg_option_find(cg_census_options, "checkpoint"));
    assert_null(cg_option_find(cg_misere_run_options, "checkpoint"));
}

/* ---- memory_limit: 0 is the game's default, a value set in C holds ---- */

static size_t opened_with; /* the budget the runner gave the probe game */

static cg_status probe_open(void *state, const cg_options *options, cg_budget *budget,
                            cg_error *err) {
    (void)state, (void)options, (void)err;
    opened_with = budget->limit;
    return CG_OK;
}

static cg_status probe_read(void *state, cg_scanner *in, cg_error *err) {
    (void)state, (void)in, (void)err;
    return CG_END;
}

static cg_status probe_solve(void *state, cg_error *err) {
    (void)state, (void)err;
    return CG_OK;
}

static void probe_write(void *state, uint64_t number, cg_buf *out) {
    (void)state, (void)number, (void)out;
}

static void probe_close(void *state) {
    (void)state;
}

static size_t budget_of(const cg_game *game, const cg_options *options) {
    cg_scanner *in = NULL;
    cg_error err;
    assert_int_equal(cg_scanner_open_memory(&in, "", 0, "<probe>", &err), CG_OK);
    opened_with = 0;
    FILE *out = tmpfile(); /* cg_run wants somewhere to write */
    assert_non_null(out);
    assert_int_equal(cg_run(game, in, options, out, NULL, &err), CG_OK);
    fclose(out);
    cg_scanner_close(in);
    return opened_with;
}

static void memory_default_is_the_games(void **state) {
    (void)state;
    cg_game probe;
    memset(&probe, 0, sizeof probe);
    probe.name = "probe";
    probe.state_size = 1;
    probe.default_memory = (size_t)3 << 20;
    probe.open = probe_open;
    probe.read_case = probe_read;
    probe.solve_case = probe_solve;
    probe.write_answer = probe_write;
    probe.close = probe_close;
    cg_options o;
    cg_options_init(&o);
    assert_int_equal(budget_of(&probe, &o), (size_t)3 << 20); /* 0: the game's */
    o.memory_limit = (size_t)512 << 20;                       /* set directly in C */
    assert_int_equal(budget_of(&probe, &o), (size_t)512 << 20);
    cg_error err;
    assert_int_equal(cg_option_set(&o, spec_named("memory"), "5M", &err), CG_OK);
    assert_int_equal(budget_of(&probe, &o), (size_t)5 << 20);
    probe.default_memory = 0; /* a game without its own: the global default */
    o.memory_limit = 0;
    assert_int_equal(budget_of(&probe, &o), CG_DEFAULT_MEMORY_LIMIT);
    assert_int_equal(cg_options_memory(&o, 0), CG_DEFAULT_MEMORY_LIMIT);
    assert_int_equal(cg_options_memory(&o, 77), 77);
}

/* The same through a real game: a direct memory_limit bounds domino (the
 * web page's 512M used to become domino's 256M), and 0 lets it run. */
static void memory_set_in_c_bounds_a_real_game(void **state) {
    (void)state;
    const char *input = "1 6 6 0 0\n0\n";
    cg_options o;
    cg_options_init(&o);
    o.memory_limit = 64; /* too little for domino's tables */
    cg_scanner *in = NULL;
    cg_error err;
    assert_int_equal(cg_scanner_open_memory(&in, input, strlen(input), "<in>", &err), CG_OK);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    assert_int_equal(cg_run(cg_find_game("domino"), in, &o, out, NULL, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.message, "memory limit of 64 bytes"));
    cg_scanner_close(in);
    o.memory_limit = 0;
    assert_int_equal(cg_scanner_open_memory(&in, input, strlen(input), "<in>", &err), CG_OK);
    assert_int_equal(cg_run(cg_find_game("domino"), in, &o, out, NULL, &err), CG_OK);
    cg_scanner_close(in);
    fclose(out);
    assert_true(len > 0);
    free(text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_declaration_is_well_formed),
        cmocka_unit_test(shared_storage_agrees),
        cmocka_unit_test(defaults_are_the_declared_ones),
        cmocka_unit_test(bounds_are_checked),
        cmocka_unit_test(bad_values_are_refused),
        cmocka_unit_test(values_round_trip),
        cmocka_unit_test(reset_restores_the_defaults),
        cmocka_unit_test(options_are_found_by_name),
        cmocka_unit_test(octal_commands_take_their_own_options),
        cmocka_unit_test(memory_default_is_the_games),
        cmocka_unit_test(memory_set_in_c_bounds_a_real_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
