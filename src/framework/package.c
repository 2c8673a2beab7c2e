/* Problem packages (package_internal.h): the layouts of Kattis's problem
 * package format, legacy version
 * (https://www.kattis.com/problem-package-format/spec/legacy.html), which
 * DOMjudge imports with its domjudge-problem.ini beside problem.yaml, and
 * of a Polygon package (problem.xml, tests/NN and tests/NN.a). */
#include "framework/package_internal.h"

#include <stdbool.h>
#include <string.h>

#include "core/buf_internal.h"
#include "core/dir_internal.h"

#define MIB ((size_t)1 << 20)

const cg_option_spec cg_package_options[] = {
    {.name = "system",
     .arg = CG_ARG_CHOICE,
     .arg_name = "SYSTEM",
     .help = "the judge system's layout: kattis, domjudge or polygon",
     CG_OPTION_FIELD(package_format),
     .def = CG_PACKAGE_KATTIS,
     .choices = "kattis|domjudge|polygon"},
    {.name = "plan",
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "the tests' plan (default: the game's own)",
     CG_OPTION_FIELD(plan)},
    {.name = "time-limit",
     .arg = CG_ARG_SECONDS,
     .arg_name = "SEC",
     .help = "the judge's time limit per test",
     CG_OPTION_FIELD(time_limit),
     .def = 2000},
    {.name = "judge-memory",
     .arg = CG_ARG_SIZE,
     .arg_name = "SIZE",
     .help = "the judge's memory limit per test, at most 1024G",
     CG_OPTION_FIELD(judge_memory),
     .def = (int64_t)(256 * MIB),
     .max = (int64_t)1 << 40}, /* 1024G: beyond any judge's memory */
    {.name = NULL},
};

/* What every part of a package is written with. */
typedef struct package {
    const cg_game *game;
    const cg_problem *problem;
    const cg_plan *plan;
    const cg_options *options;
    cg_file_tree *tree; /* the package's files, written once all are made */
    cg_error *err;
} package;

/* The folder dir/name of the package, into path (made when the package is
 * written). */
static cg_status make_dir(const package *p, const char *dir, const char *name, char *path) {
    return cg_join_path(path, dir, name, p->err);
}

/* The file dir/name holding text. */
static cg_status put_file(const package *p, const char *dir, const char *name, const cg_buf *text,
                          bool executable) {
    if (cg_buf_failed(text)) {
        return cg_error_nomem(p->err, "writing the package");
    }
    char path[CG_PATH_SIZE];
    cg_status st = cg_join_path(path, dir, name, p->err);
    return st != CG_OK ? st
                       : cg_file_tree_add(p->tree, path, text->data != NULL ? text->data : "",
                                          text->len, executable, p->err);
}

/* The first lines of a script the judge runs: what it is, and that it
 * needs cgsolve. */
static void script_head(cg_buf *out, const char *what) {
    cg_buf_printf(out,
                  "#!/bin/sh\n"
                  "# %s.\n"
                  "# Made by `cgsolve package`; cgsolve must be installed on the judge:\n"
                  "# on PATH, or named by the environment variable CGSOLVE.\n",
                  what);
}

/* The statement's sample, checked against cgsolve's own answer, as test
 * number of names. */
static cg_status write_sample(const package *p, const cg_test_names *names, uint64_t number) {
    const char *in = p->problem->sample_input, *answer = p->problem->sample_answer;
    cg_buf solved = CG_BUF_INIT;
    cg_status st = cg_solve_input(p->game, p->options, in, strlen(in), "the sample",
                                  p->tree->budget, &solved, p->err);
    size_t held = st == CG_OK ? solved.len : 0; /* the answer's bytes in the budget */
    if (st == CG_OK &&
        (solved.len != strlen(answer) || memcmp(solved.data, answer, solved.len) != 0)) {
        st = cg_error_set(p->err, CG_ERR_INTERNAL,
                          "cgsolve's answer to %s's sample is not the statement's", p->game->name);
    }
    cg_budget_give(p->tree->budget, held, 1);
    cg_buf_free(&solved);
    char path[CG_PATH_SIZE];
    if (st == CG_OK && (st = cg_test_path(names, number, false, path, p->err)) == CG_OK) {
        st = cg_file_tree_add(p->tree, path, in, strlen(in), false, p->err);
    }
    if (st == CG_OK && (st = cg_test_path(names, number, true, path, p->err)) == CG_OK) {
        st = cg_file_tree_add(p->tree, path, answer, strlen(answer), false, p->err);
    }
    return st;
}

/* The plan as given, into dir/plan.txt. */
static cg_status write_plan(const package *p, const char *dir) {
    return put_file(p, dir, "plan.txt", &p->plan->text, false);
}

/* ---- Kattis and DOMjudge ----------------------------------------------------- */

/* text as a YAML single-quoted scalar (a quote doubled). */
static void put_yaml_string(cg_buf *out, const char *text) {
    cg_buf_putc(out, '\'');
    for (const char *c = text; *c != '\0'; c++) {
        cg_buf_puts(out, *c == '\'' ? "''" : (char[]){*c, '\0'});
    }
    cg_buf_puts(out, "'\n");
}

static cg_status kattis_yaml(const package *p, const char *dir) {
    cg_buf text = CG_BUF_INIT;
    /* rounded up without overflow: judge_memory may be near SIZE_MAX */
    size_t megabytes = p->options->judge_memory / MIB + (p->options->judge_memory % MIB != 0);
    cg_buf_printf(&text,
                  "# Kattis problem package format, legacy version\n"
                  "# (https://www.kattis.com/problem-package-format/spec/legacy.html),\n"
                  "# made by `cgsolve package %s DIR`. The input and output validators\n"
                  "# call cgsolve, which must be installed on the judge. The time limit\n"
                  "# is %g s: Kattis sets it from the accepted submissions' times,\n"
                  "# DOMjudge reads it from domjudge-problem.ini.\n"
                  "problem_format_version: legacy\n",
                  p->game->name, p->options->time_limit);
    cg_buf_puts(&text, "name: ");
    put_yaml_string(&text, p->problem->title);
    cg_buf_puts(&text, "source: ");
    put_yaml_string(&text, p->game->summary);
    cg_buf_printf(&text,
                  "license: unknown\n"
                  "validation: custom\n"
                  "limits:\n"
                  "  memory: %zu\n",
                  megabytes);
    cg_status st = put_file(p, dir, "problem.yaml", &text, false);
    cg_buf_free(&text);
    return st;
}

/* DOMjudge's own settings beside problem.yaml: the name and time limit. */
static cg_status domjudge_ini(const package *p, const char *dir) {
    cg_buf text = CG_BUF_INIT;
    cg_buf_printf(&text, "name = \"%s\"\ntimelimit = %g\n", p->problem->title,
                  p->options->time_limit);
    cg_status st = put_file(p, dir, "domjudge-problem.ini", &text, false);
    cg_buf_free(&text);
    return st;
}

/* problem_statement/problem.en.tex: the title, and where the statement's
 * text goes; the layout and limits as `cgsolve help GAME` gives them. */
static cg_status kattis_statement(const package *p, const char *dir) {
    char path[CG_PATH_SIZE];
    cg_status st = make_dir(p, dir, "problem_statement", path);
    cg_buf text = CG_BUF_INIT;
    cg_buf_printf(&text,
                  "\\problemname{%s}\n"
                  "%% Made by `cgsolve package`: put the statement's text here.\n"
                  "\\begin{verbatim}\n%s\n\n%s\\end{verbatim}\n",
                  p->problem->title, p->game->summary,
                  p->game->judge_limits != NULL ? p->game->judge_limits : "");
    if (st == CG_OK) {
        st = put_file(p, path, "problem.en.tex", &text, false);
    }
    cg_buf_free(&text);
    return st;
}

/* A script the judge runs: DIR/TOP[/SUB]/NAME, which calls cgsolve with
 * the game's name between before and after. */
typedef struct script {
    const char *top, *sub, *name;
    const char *what; /* its first comment */
    const char *before, *after;
} script;

static const script kattis_scripts[] = {
    {"input_validators", "cgsolve", "run",
     "The input validator (the judge input on standard input;\n"
     "# exit 42 valid, 43 not, the first violation on standard error)",
     "exec \"${CGSOLVE:-cgsolve}\" validate --validator kattis ", "\n"},
    {"output_validators", "cgsolve", "run",
     "The output validator (run INPUT ANSWER FEEDBACK_DIR < OUTPUT;\n"
     "# exit 42 accepted, 43 wrong, FEEDBACK_DIR/judgemessage.txt says why)",
     "exec \"${CGSOLVE:-cgsolve}\" check --checker kattis ", " \"$@\"\n"},
    {"submissions", "accepted", "cgsolve.sh", "An accepted submission: cgsolve's own solver",
     "exec \"${CGSOLVE:-cgsolve}\" ", "\n"},
};

static const script polygon_scripts[] = {
    {"files", NULL, "check.sh",
     "The checker in testlib's convention (check INPUT OUTPUT ANSWER\n"
     "# [RESULT_FILE [-appes]]; exit 0 OK, 1 wrong answer, 2 presentation\n"
     "# error, 3 fail)",
     "exec \"${CGSOLVE:-cgsolve}\" check --checker testlib ", " \"$@\"\n"},
    {"files", NULL, "validator.sh",
     "The validator in testlib's convention (validator [--testset T]\n"
     "# [--group G] [--testOverviewLogFileName FILE] < INPUT; exit 0 valid,\n"
     "# 3 not, the violation on standard error)",
     "exec \"${CGSOLVE:-cgsolve}\" validate --validator testlib ", " \"$@\"\n"},
};

static cg_status write_script(const package *p, const char *dir, const script *s) {
    char top[CG_PATH_SIZE], path[CG_PATH_SIZE];
    cg_status st = make_dir(p, dir, s->top, top);
    if (st == CG_OK && s->sub != NULL) {
        st = make_dir(p, top, s->sub, path);
    } else {
        memcpy(path, top, sizeof path);
    }
    cg_buf text = CG_BUF_INIT;
    script_head(&text, s->what);
    cg_buf_puts(&text, s->before);
    cg_buf_puts(&text, p->game->name);
    cg_buf_puts(&text, s->after);
    if (st == CG_OK) {
        st = put_file(p, path, s->name, &text, true);
    }
    cg_buf_free(&text);
    return st;
}

/* Every script of scripts[0..count). */
static cg_status write_scripts(const package *p, const char *dir, const script *scripts,
                               size_t count) {
    cg_status st = CG_OK;
    for (size_t k = 0; st == CG_OK && k < count; k++) {
        st = write_script(p, dir, &scripts[k]);
    }
    return st;
}

/* data/sample/01.in and .ans, data/secret/NN.in and .ans. */
static cg_status kattis_data(const package *p, const char *dir) {
    char data[CG_PATH_SIZE], sample[CG_PATH_SIZE], secret[CG_PATH_SIZE];
    cg_status st = make_dir(p, dir, "data", data);
    if (st == CG_OK && (st = make_dir(p, data, "sample", sample)) == CG_OK) {
        cg_test_names names = {sample, 1, 1, ".in", ".ans"};
        st = write_sample(p, &names, 1);
    }
    if (st == CG_OK && (st = make_dir(p, data, "secret", secret)) == CG_OK) {
        cg_test_names names = {secret, 1, p->plan->count, ".in", ".ans"};
        st = cg_plan_add_tests(p->game, p->plan, &names, p->tree, p->err);
    }
    return st;
}

static cg_status write_kattis(const package *p, const char *dir, bool domjudge) {
    char generators[CG_PATH_SIZE];
    cg_status st = kattis_yaml(p, dir);
    st = st == CG_OK && domjudge ? domjudge_ini(p, dir) : st;
    st = st == CG_OK ? kattis_statement(p, dir) : st;
    st = st == CG_OK ? write_scripts(p, dir, kattis_scripts,
                                     sizeof kattis_scripts / sizeof kattis_scripts[0])
                     : st;
    st = st == CG_OK ? make_dir(p, dir, "generators", generators) : st;
    st = st == CG_OK ? write_plan(p, generators) : st;
    return st == CG_OK ? kattis_data(p, dir) : st;
}

/* ---- Polygon ------------------------------------------------------------------- */

/* text with XML's special characters escaped, for an attribute. */
static void put_xml(cg_buf *out, const char *text, size_t len) {
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        const char *entity = c == '&'    ? "&amp;"
                             : c == '<'  ? "&lt;"
                             : c == '>'  ? "&gt;"
                             : c == '"'  ? "&quot;"
                             : c == '\'' ? "&apos;"
                                         : NULL;
        if (entity != NULL) {
            cg_buf_puts(out, entity);
        } else {
            cg_buf_putc(out, c);
        }
    }
}

/* problem.xml: the names, the limits, the tests (the sample first, then
 * each plan line as the command that generated it) and the assets. */
static cg_status polygon_xml(const package *p, const char *dir) {
    cg_buf x = CG_BUF_INIT;
    size_t tests = 1 + p->plan->count;
    int width = 2; /* the digits cg_test_path writes */
    for (size_t n = tests; n >= 100; n /= 10) {
        width++;
    }
    cg_buf_printf(&x,
                  "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n"
                  "<!-- A Polygon package, made by `cgsolve package %s DIR` for Polygon;\n"
                  "     the checker and the validator call cgsolve, which must be installed. -->\n"
                  "<problem revision=\"1\" short-name=\"%s\">\n"
                  "    <names>\n"
                  "        <name language=\"english\" value=\"",
                  p->game->name, p->game->name);
    put_xml(&x, p->problem->title, strlen(p->problem->title));
    cg_buf_printf(&x,
                  "\"/>\n"
                  "    </names>\n"
                  "    <judging input-file=\"\" output-file=\"\">\n"
                  "        <testset name=\"tests\">\n"
                  "            <time-limit>%lld</time-limit>\n"
                  "            <memory-limit>%zu</memory-limit>\n"
                  "            <test-count>%zu</test-count>\n"
                  "            <input-path-pattern>tests/%%0%dd</input-path-pattern>\n"
                  "            <answer-path-pattern>tests/%%0%dd.a</answer-path-pattern>\n"
                  "            <tests>\n"
                  "                <test method=\"manual\" sample=\"true\"/>\n",
                  (long long)(p->options->time_limit * 1000 + 0.5), p->options->judge_memory, tests,
                  width, width);
    for (size_t k = 0; k < p->plan->count; k++) {
        const cg_plan_test *test = &p->plan->tests[k];
        cg_buf_printf(&x, "                <test method=\"generated\" cmd=\"cgsolve gen %s ",
                      p->game->name);
        put_xml(&x, p->plan->text.data + test->start, test->len);
        cg_buf_puts(&x, "\"/>\n");
    }
    cg_buf_puts(&x, "            </tests>\n"
                    "        </testset>\n"
                    "    </judging>\n"
                    "    <files>\n"
                    "        <resources>\n"
                    "            <file path=\"files/plan.txt\"/>\n"
                    "        </resources>\n"
                    "    </files>\n"
                    "    <assets>\n"
                    "        <checker type=\"testlib\">\n"
                    "            <source path=\"files/check.sh\" type=\"sh\"/>\n"
                    "        </checker>\n"
                    "        <validators>\n"
                    "            <validator>\n"
                    "                <source path=\"files/validator.sh\" type=\"sh\"/>\n"
                    "            </validator>\n"
                    "        </validators>\n"
                    "    </assets>\n"
                    "</problem>\n");
    cg_status st = put_file(p, dir, "problem.xml", &x, false);
    cg_buf_free(&x);
    return st;
}

/* files/check.sh, files/validator.sh and files/plan.txt. */
static cg_status polygon_files(const package *p, const char *dir) {
    char files[CG_PATH_SIZE];
    cg_status st =
        write_scripts(p, dir, polygon_scripts, sizeof polygon_scripts / sizeof polygon_scripts[0]);
    st = st == CG_OK ? cg_join_path(files, dir, "files", p->err) : st;
    return st == CG_OK ? write_plan(p, files) : st;
}

static cg_status write_polygon(const package *p, const char *dir) {
    char tests[CG_PATH_SIZE];
    cg_status st = polygon_xml(p, dir);
    st = st == CG_OK ? polygon_files(p, dir) : st;
    st = st == CG_OK ? make_dir(p, dir, "tests", tests) : st;
    cg_test_names names = {tests, 1, 1 + p->plan->count, "", ".a"};
    st = st == CG_OK ? write_sample(p, &names, 1) : st;
    if (st == CG_OK) {
        names.first = 2;
        st = cg_plan_add_tests(p->game, p->plan, &names, p->tree, p->err);
    }
    return st;
}

cg_status cg_write_package(const cg_game *game, const cg_problem *problem, const cg_plan *plan,
                           const cg_options *options, const char *dir, cg_error *err) {
    if (game == NULL || problem == NULL || plan == NULL || options == NULL || dir == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_write_package: a NULL argument");
    }
    if (options->package_format < CG_PACKAGE_KATTIS ||
        options->package_format > CG_PACKAGE_POLYGON) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "the judge system is none of kattis, domjudge or polygon");
    }
    for (size_t k = 0; k < plan->count; k++) {
        if (plan->tests[k].options.beyond_limits) {
            return cg_error_set(err, CG_ERR_INPUT,
                                "%s:%llu:1: --beyond-limits: a package's tests stay inside the "
                                "judge's limits, which its validator checks",
                                plan->name.data, (unsigned long long)plan->tests[k].line_number);
        }
    }
    /* every file made first, so a bad plan line or test leaves dir as it was */
    cg_budget budget = cg_budget_make(cg_options_memory(options, game->default_memory));
    cg_file_tree tree = CG_FILE_TREE_INIT;
    tree.budget = &budget;
    package p = {game, problem, plan, options, &tree, err};
    cg_status st = options->package_format == CG_PACKAGE_POLYGON
                       ? write_polygon(&p, "")
                       : write_kattis(&p, "", options->package_format == CG_PACKAGE_DOMJUDGE);
    st = st == CG_OK ? cg_file_tree_write(&tree, dir, CG_PACKAGE_MANIFEST, err) : st;
    cg_file_tree_free(&tree);
    return st;
}
