/* The drivers of `gen --plan` and `package`: wiring only, the plan and the
 * layouts are the library's (framework/plan_internal.h, package_internal.h). */
#include "package.h"

#include <string.h>

#include "core/dir_internal.h"
#include "framework/package_internal.h"
#include "framework/plan_internal.h"

/* Whether spec is one of table's (NULL-name ended). */
static bool in_table(const cg_option_spec *spec, const cg_option_spec *table) {
    for (const cg_option_spec *s = table; s != NULL && s->name != NULL; s++) {
        if (s == spec) {
            return true;
        }
    }
    return false;
}

/* The generator option given on the command line, or NULL: with a plan,
 * each test's options are its line's. */
static const cg_option_spec *gen_option_given(const cli *c) {
    for (int i = 0; i < c->given_count; i++) {
        if (in_table(c->given[i], cg_gen_common_options) ||
            in_table(c->given[i], c->game->gen_options)) {
            return c->given[i];
        }
    }
    return NULL;
}

int cli_run_gen_plan(cli *c) {
    const cg_option_spec *clash = gen_option_given(c);
    if (clash != NULL) {
        return cli_usage_error("gen",
                               "--%s goes in the plan's lines: with --plan, each test "
                               "takes its own options",
                               clash->name);
    }
    if (c->options.out_dir == NULL) {
        return cli_usage_error("gen", "--plan writes a directory of tests: name it with --out DIR");
    }
    cg_error err;
    cg_plan plan = CG_PLAN_INIT;
    cg_status st = cg_plan_read(c->game, &c->options, c->options.plan, &plan, &err);
    for (size_t k = 0; st == CG_OK && k < plan.count; k++) {
        if (plan.tests[k].options.beyond_limits) { /* said as gen says it */
            fprintf(stderr,
                    "cgsolve gen: %s:%llu: --beyond-limits: inputs may be larger than %s's "
                    "judge allows (see 'cgsolve help %s')\n",
                    c->options.plan, (unsigned long long)plan.tests[k].line_number, c->game->name,
                    c->game->name);
        }
    }
    if (st == CG_OK) {
        st = cg_plan_write_tests(c->game, &c->options, &plan, c->options.out_dir, &err);
    }
    if (st == CG_OK) {
        printf("gen: %zu test%s written to %s, each NN.in with cgsolve's answer in NN.ans\n",
               plan.count, plan.count == 1 ? "" : "s", c->options.out_dir);
    }
    cg_plan_free(&plan);
    return cli_close_output(stdout, st == CG_OK ? EXIT_OK : cli_report_failure("gen", &err));
}

int cli_run_package(cli *c) {
    static const char *const formats[] = {"Kattis", "DOMjudge", "Polygon"};
    if (c->game == NULL || c->argc != 1) {
        return cli_usage_error("package", "usage: cgsolve package GAME DIR [--system "
                                          "kattis|domjudge|polygon] [--plan FILE]");
    }
    const cg_problem *problem = cg_find_problem(c->game->name);
    if (problem == NULL || c->game->generate_case == NULL) {
        return cli_usage_error("package", "%s has no judge problem to package (see 'cgsolve list')",
                               c->game->name);
    }
    cg_error err;
    cg_plan plan = CG_PLAN_INIT;
    cg_status st = c->options.plan != NULL
                       ? cg_plan_read(c->game, &c->options, c->options.plan, &plan, &err)
                       : cg_plan_parse(c->game, &c->options, problem->plan, strlen(problem->plan),
                                       "the default plan", &plan, &err);
    if (st == CG_OK) {
        st = cg_write_package(c->game, problem, &plan, &c->options, c->argv[0], &err);
    }
    if (st == CG_OK) {
        printf("package: %s written for %s: the sample and %zu tests\n", c->argv[0],
               formats[c->options.package_format], plan.count);
    }
    cg_plan_free(&plan);
    return cli_close_output(stdout, st == CG_OK ? EXIT_OK : cli_report_failure("package", &err));
}
