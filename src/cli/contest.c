/* The contest tools' drivers: gen, check and stress. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "core/clock_internal.h"
#include "core/file_internal.h"
#include "core/validate_internal.h"
#include "package.h"
#include "process.h"

/* check --checker, validate --validator: the exit codes and files of
 * which judge system. */
enum { CHECKER_DEFAULT, CHECKER_TESTLIB, CHECKER_KATTIS };

/* --beyond-limits is said on stderr: such inputs are no judge's. */
static void beyond_limits_note(const char *what, const cli *c) {
    if (c->options.beyond_limits) {
        fprintf(stderr,
                "cgsolve %s: --beyond-limits: inputs may be larger than %s's judge allows "
                "(see 'cgsolve help %s')\n",
                what, c->game->name, c->game->name);
    }
}

/* gen's sink: standard output, written as each case is drawn. */
static cg_status write_out(void *context, const char *text, size_t len, cg_error *err) {
    (void)context;
    if (fwrite(text, 1, len, stdout) != len) {
        return cg_error_output(err);
    }
    return CG_OK;
}

int cli_run_gen(cli *c) {
    if (c->game == NULL || c->game->generate_case == NULL) {
        return cli_usage_error("gen", "name a game to generate for (see 'cgsolve list')");
    }
    if (c->argc > 0) {
        return cli_usage_error("gen", "unexpected argument '%s'", c->argv[0]);
    }
    if (c->options.plan != NULL || c->options.out_dir != NULL) {
        return c->options.plan != NULL ? cli_run_gen_plan(c)
                                       : cli_usage_error("gen", "--out goes with --plan FILE");
    }
    beyond_limits_note("gen", c);
    cg_error err;
    cg_status st = cg_generate_input(c->game, &c->options, write_out, NULL, &err);
    return cli_close_output(stdout, st == CG_OK ? EXIT_OK : cli_report_failure("gen", &err));
}

/* The whole of a file ('-' for standard input) in memory, counted in
 * budget: exit 3 with the limit named when it does not fit. */
static int slurp(const char *what, const char *path, cg_buf *data, cg_budget *budget) {
    cg_error err;
    cg_status st = cg_read_file(path, 0, budget, data, &err);
    return st == CG_OK ? EXIT_OK : cli_report_failure(what, &err);
}

/* One byte of a line as print_visible shows it; true when it was made
 * visible (trailing_space: a space with only spaces after it). */
static bool print_visible_byte(FILE *out, unsigned char ch, bool trailing_space) {
    const char *shown = ch == '\t' ? "→" : ch == '\r' ? "␍" : trailing_space ? "·" : NULL;
    if (shown != NULL) {
        fputs(shown, out);
        return true;
    }
    if (ch < 0x20 || ch == 0x7f) {
        fprintf(out, "\\x%02x", ch);
        return true;
    }
    putc(ch, out);
    return false;
}

/* One line of print_visible's block, line[0..len) without its line end,
 * indented; true when anything was made visible. */
static bool print_visible_line(FILE *out, const char *line, size_t len) {
    size_t trail = len; /* where the spaces at the line's end start */
    while (trail > 0 && line[trail - 1] == ' ') {
        trail--;
    }
    fputs("  ", out);
    bool marked = false;
    for (size_t k = 0; k < len; k++) {
        marked |= print_visible_byte(out, (unsigned char)line[k], k >= trail);
    }
    return marked;
}

/* A block of text, indented, each line as written but with the white space
 * that would not show made visible: '·' a space at a line's end, '→' a tab,
 * '␍' a carriage return, \xNN another control byte, and a last line without
 * its line end said to be so. True when anything was made visible. */
static bool print_visible(FILE *out, const char *title, const cg_buf *text) {
    fprintf(out, "%s:\n", title);
    const char *p = text->data != NULL ? text->data : "";
    size_t len = text->len;
    bool marked = false;
    if (len == 0) {
        fputs("  (empty)\n", out);
    }
    for (size_t i = 0; i < len;) {
        const char *line_end = memchr(p + i, '\n', len - i);
        size_t end = line_end != NULL ? (size_t)(line_end - p) : len;
        marked |= print_visible_line(out, p + i, end - i);
        if (end == len) {
            fputs("   (no line end)", out);
            marked = true;
        }
        putc('\n', out);
        i = end + 1;
    }
    return marked;
}

static void print_legend(FILE *out, bool marked) {
    if (marked) {
        fprintf(out, "(shown: '·' a space at a line's end, '→' a tab, '␍' a carriage return,\n"
                     " \\xNN another control byte)\n");
    }
}

/* Under a presentation error's given line: a mark at the differing column. */
static void print_mark(FILE *out, uint64_t column) {
    fprintf(out, "  %*s^ here\n", (int)(column > 1 ? column - 1 : 0), "");
}

/* The verdict as a person reads it: the summary, and for a failure the
 * expected and given text and why the expected answer holds. */
static void print_verdict(FILE *out, const cg_check_result *r) {
    fprintf(out, "%s\n", r->summary.data != NULL ? r->summary.data : "");
    if (r->verdict != CG_ACCEPTED) {
        bool marked = print_visible(out, "expected", &r->expected);
        marked |= print_visible(out, "given", &r->given);
        if (r->verdict == CG_PRESENTATION_ERROR) {
            print_mark(out, r->column);
        }
        print_legend(out, marked);
        if (r->explanation.len > 0) {
            fprintf(out, "why the expected answer holds:\n%s", r->explanation.data);
        }
    }
}

/* check --json: the verdict's envelope; false (told on stderr) when memory
 * ran out writing it. */
static bool check_json(const cli *c, const char *output_name, const cg_check_result *r) {
    static const char *const verdicts[] = {"accepted", "wrong_answer", "presentation_error"};
    cg_report report;
    cg_report_init(&report);
    cg_report_string(&report, "verdict", verdicts[r->verdict]);
    cg_report_int(&report, "cases", (int64_t)r->cases);
    cg_report_int(&report, "case", (int64_t)r->case_number);
    cg_report_int(&report, "line", (int64_t)r->line);
    cg_report_int(&report, "column", (int64_t)r->column);
    cg_report_string_n(&report, "expected", r->expected.data != NULL ? r->expected.data : "",
                       r->expected.len);
    cg_report_string_n(&report, "given", r->given.data != NULL ? r->given.data : "", r->given.len);
    cg_buf line = CG_BUF_INIT;
    cg_report_write_envelope(&line, c->game->name, output_name,
                             r->case_number > 0 ? r->case_number : 1, r->summary.data,
                             r->summary.len, &report);
    bool failed = cg_buf_failed(&line) || cg_report_failed(&report);
    if (!failed) {
        fwrite(line.data, 1, line.len, stdout);
    } else {
        fprintf(stderr, "cgsolve check: out of memory while writing the verdict\n");
    }
    cg_buf_free(&line);
    cg_report_free(&report);
    return !failed;
}

/* Judge the file output_name ('-': standard input) as the answer to the
 * judge input input_name: EXIT_OK with *result filled, or the exit code
 * of a failure already reported. */
static int judge_file(const cli *c, const char *input_name, const char *output_name,
                      cg_check_result *result) {
    cg_buf output = CG_BUF_INIT;
    cg_budget budget = cg_budget_make(cg_options_memory(&c->options, 0));
    int rc = slurp("check", output_name, &output, &budget);
    FILE *in = rc != EXIT_OK                  ? NULL
               : strcmp(input_name, "-") == 0 ? stdin
                                              : fopen(input_name, "rb");
    if (rc == EXIT_OK && in == NULL) {
        rc = cli_cannot_open("check", input_name);
    }
    if (rc != EXIT_OK) {
        cg_buf_free(&output);
        return rc;
    }
    cg_error err;
    cg_scanner *scanner = NULL;
    cg_status st = cg_scanner_open_stream(&scanner, in, input_name, &err);
    cg_options rest = c->options; /* what the output leaves of the budget */
    if (rest.memory_limit != 0 || c->game->default_memory == 0) {
        rest.memory_limit = cg_options_memory(&c->options, 0) - budget.used;
    } /* else the game's own default, as the runner resolves it */
    if (st == CG_OK) {
        st = cg_check(c->game, scanner, output.data != NULL ? output.data : "", output.len, &rest,
                      result, &err);
    }
    cg_scanner_close(scanner);
    if (in != stdin) {
        fclose(in);
    }
    cg_buf_free(&output);
    return st == CG_OK ? EXIT_OK : cli_report_failure("check", &err);
}

/* A judge system's checker: the jury's ANSWER must itself be right (else
 * the checker fails: the package is broken, not the contestant). */
static bool jury_answer_right(const cli *c, const char *input_name, const char *answer_name) {
    cg_check_result jury;
    cg_check_result_init(&jury);
    bool right =
        judge_file(c, input_name, answer_name, &jury) == EXIT_OK && jury.verdict != CG_WRONG_ANSWER;
    if (!right && jury.summary.len > 0) {
        fprintf(stderr, "cgsolve check: the jury's answer '%s' is not cgsolve's: %s\n", answer_name,
                jury.summary.data);
    }
    cg_check_result_free(&jury);
    return right;
}

/* One character of a UTF-8 text at text[0..len) as XML: a numeric
 * reference outside ASCII (the result file says windows-1251, so only
 * ASCII is safe), '?' for a byte that starts no character; the bytes
 * taken. */
static size_t xml_character(FILE *out, const unsigned char *text, size_t len) {
    unsigned char lead = text[0];
    size_t n = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
    uint32_t code = n == 4 ? lead & 0x07u : n == 3 ? lead & 0x0fu : lead & 0x1fu;
    for (size_t k = 1; n > 0 && k < n; k++) {
        if (k >= len || (text[k] & 0xc0) != 0x80) {
            n = 0;
        } else {
            code = code << 6 | (text[k] & 0x3fu);
        }
    }
    if (n == 0) {
        putc('?', out);
        return 1;
    }
    fprintf(out, "&#x%X;", (unsigned)code);
    return n;
}

/* text as XML character data: markup characters and what is not ASCII as
 * references, other control bytes than line ends and tabs as '?'. */
static void xml_text(FILE *out, const char *text, size_t len) {
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        unsigned char ch = p[i];
        const char *named = ch == '&'   ? "&amp;"
                            : ch == '<' ? "&lt;"
                            : ch == '>' ? "&gt;"
                            : ch == '"' ? "&quot;"
                                        : NULL;
        if (ch >= 0x80) {
            i += xml_character(out, p + i, len - i);
            continue;
        }
        if (named != NULL) {
            fputs(named, out);
        } else {
            putc(ch < 0x20 && ch != '\n' && ch != '\t' ? '?' : ch, out);
        }
        i++;
    }
}

/* testlib's result file (the checker's 4th argument): the verdict's text,
 * or with -appes testlib's XML form of it, outcome one of accepted,
 * wrong-answer, presentation-error or fail. False when it cannot be
 * written. */
static bool write_result_file(const char *path, bool xml, const char *outcome,
                              const cg_check_result *result) {
    char *text = NULL;
    size_t len = 0;
    FILE *memory = open_memstream(&text, &len);
    if (memory == NULL) {
        return false;
    }
    if (result != NULL) {
        print_verdict(memory, result);
    } else {
        fputs("the judge's files could not be judged: see the checker's standard error\n", memory);
    }
    bool made = fclose(memory) == 0;
    FILE *out = made ? fopen(path, "w") : NULL;
    if (out != NULL && xml) {
        fprintf(out, "<?xml version=\"1.0\" encoding=\"windows-1251\"?>");
        fprintf(out, "<result outcome = \"%s\">", outcome);
        xml_text(out, text, len);
        fputs("</result>\n", out);
    } else if (out != NULL) {
        fwrite(text, 1, len, out);
    }
    free(text);
    return out != NULL && fclose(out) == 0;
}

/* testlib's convention: check INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]
 * (Polygon, Codeforces; --testset and --group accepted anywhere), the
 * verdict on stderr and in RESULT_FILE, exit 0 OK, 1 wrong answer, 2
 * presentation error, 3 fail. */
static int check_testlib(const cli *c) {
    static const char *const outcomes[] = {"accepted", "wrong-answer", "presentation-error",
                                           "fail"};
    bool xml = c->argc == 5;
    if (xml && strcmp(c->argv[4], "-appes") != 0 && strcmp(c->argv[4], "-APPES") != 0) {
        fprintf(stderr, "cgsolve check: testlib's 5th argument is -appes, not '%s'\n", c->argv[4]);
        return 3;
    }
    cg_check_result result;
    cg_check_result_init(&result);
    int rc = jury_answer_right(c, c->argv[0], c->argv[2])
                 ? judge_file(c, c->argv[0], c->argv[1], &result)
                 : EXIT_LIMIT;
    if (rc == EXIT_OK) {
        print_verdict(stderr, &result);
        rc = result.verdict == CG_ACCEPTED ? 0 : result.verdict == CG_WRONG_ANSWER ? 1 : 2;
    } else {
        rc = 3;
    }
    if (c->argc >= 4 &&
        !write_result_file(c->argv[3], xml, outcomes[rc], rc == 3 ? NULL : &result)) {
        fprintf(stderr, "cgsolve check: cannot write the result file '%s': %s\n", c->argv[3],
                strerror(errno));
        rc = 3;
    }
    cg_check_result_free(&result);
    return rc;
}

/* The Kattis/DOMjudge output validator: INPUT ANSWER FEEDBACK_DIR with the
 * output on stdin, the verdict in FEEDBACK_DIR/judgemessage.txt, exit 42
 * accepted or 43 wrong (a presentation error too); anything else is a
 * judge error. */
static int check_kattis(const cli *c) {
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/judgemessage.txt", c->argv[2]);
    FILE *message = n > 0 && (size_t)n < sizeof path ? fopen(path, "w") : NULL;
    if (message == NULL) {
        return cli_cannot_write("check", path);
    }
    cg_check_result result;
    cg_check_result_init(&result);
    int rc = jury_answer_right(c, c->argv[0], c->argv[1]) ? judge_file(c, c->argv[0], "-", &result)
                                                          : EXIT_BAD_INPUT;
    if (rc == EXIT_OK) {
        print_verdict(message, &result);
        rc = result.verdict == CG_ACCEPTED ? 42 : 43;
    }
    cg_check_result_free(&result);
    if (fclose(message) != 0) {
        rc = cli_cannot_write("check", path);
    }
    return rc;
}

int cli_run_check(cli *c) {
    int checker = (int)c->options.checker;
    if (c->game != NULL && checker == CHECKER_DEFAULT && c->argc >= 3) {
        checker = CHECKER_TESTLIB; /* INPUT OUTPUT ANSWER [RESULT [-appes]]: testlib's call */
    }
    /* Kattis and DOMjudge may pass flags after FEEDBACK_DIR: ignored */
    bool fits = checker == CHECKER_KATTIS    ? c->argc >= 3
                : checker == CHECKER_TESTLIB ? c->argc >= 3 && c->argc <= 5
                                             : c->argc == 2;
    if (c->game == NULL || !fits) {
        return cli_usage_error("check", "usage: cgsolve check GAME INPUT OUTPUT (or INPUT OUTPUT "
                                        "ANSWER [RESULT_FILE [-appes]], or --checker kattis "
                                        "INPUT ANSWER FEEDBACK_DIR)");
    }
    if (checker == CHECKER_TESTLIB) {
        return check_testlib(c);
    }
    if (checker == CHECKER_KATTIS) {
        return check_kattis(c);
    }
    const char *input_name = c->argv[0], *output_name = c->argv[1];
    if (strcmp(input_name, "-") == 0 && strcmp(output_name, "-") == 0) {
        return cli_usage_error("check", "INPUT and OUTPUT cannot both be standard input");
    }
    cg_check_result result;
    cg_check_result_init(&result);
    int rc = judge_file(c, input_name, output_name, &result);
    if (rc == EXIT_OK) {
        bool written = true;
        if (c->options.output == CG_OUTPUT_JSON) {
            written = check_json(c, output_name, &result);
        } else {
            print_verdict(stdout, &result);
        }
        rc = !written                            ? EXIT_LIMIT
             : result.verdict == CG_ACCEPTED     ? EXIT_OK
             : result.verdict == CG_WRONG_ANSWER ? EXIT_WRONG_ANSWER
                                                 : EXIT_PRESENTATION_ERROR;
    }
    cg_check_result_free(&result);
    return cli_close_output(stdout, rc);
}

/* ---- validate ------------------------------------------------------------ */

/* validate --json: the envelope, answer "valid" or the violation. */
static int validate_json(const cli *c, const char *name, bool valid, const cg_validator *v,
                         const cg_error *err) {
    cg_report report;
    cg_report_init(&report);
    cg_report_bool(&report, "valid", valid);
    if (!valid) {
        cg_report_int(&report, "line", (int64_t)v->line);
        cg_report_int(&report, "column", (int64_t)v->column);
    }
    const char *answer = valid ? "valid" : err->message;
    cg_buf line = CG_BUF_INIT;
    cg_report_write_envelope(&line, c->game->name, strcmp(name, "-") == 0 ? NULL : name, 1, answer,
                             strlen(answer), &report);
    bool failed = cg_buf_failed(&line) || cg_report_failed(&report);
    if (!failed) {
        fwrite(line.data, 1, line.len, stdout);
    } else {
        fprintf(stderr, "cgsolve validate: out of memory while writing the verdict\n");
    }
    cg_buf_free(&line);
    cg_report_free(&report);
    return failed ? EXIT_LIMIT : valid ? EXIT_OK : EXIT_BAD_INPUT;
}

/* testlib's --testOverviewLogFileName: the file is written, empty (the
 * bounds hit are testlib's readers' to note; cgsolve's cursor has none to
 * tell), so a judge that reads it finds it; "stdout" and "stderr" are
 * testlib's names of the streams, where nothing is written. */
static int write_overview(const char *path) {
    if (path == NULL || strcmp(path, "stdout") == 0 || strcmp(path, "stderr") == 0) {
        return EXIT_OK;
    }
    FILE *f = fopen(path, "w");
    if (f == NULL || fclose(f) != 0) {
        return cli_cannot_write("validate", path);
    }
    return EXIT_OK;
}

/* validate's verdict in the convention asked for: cgsolve's (valid on
 * stdout, exit 0, or the violation on stderr, exit 1, or --json), testlib's
 * (nothing on stdout; exit 0, or the violation on stderr and exit 3, its
 * FAIL) or the Kattis/DOMjudge input validator's (exit 42 valid, 43 not,
 * the violation on stderr). */
static int validate_verdict(const cli *c, const char *name, bool valid, const cg_validator *v,
                            const cg_error *err) {
    int mode = (int)c->options.validator;
    if (!valid) {
        fprintf(stderr, "cgsolve validate: %s\n", err->message);
    }
    if (mode == CHECKER_TESTLIB) {
        return valid ? EXIT_OK : 3;
    }
    if (mode == CHECKER_KATTIS) {
        return valid ? 42 : 43;
    }
    if (c->options.output == CG_OUTPUT_JSON) {
        return validate_json(c, name, valid, v, err);
    }
    if (valid) {
        printf("valid\n");
    }
    return valid ? EXIT_OK : EXIT_BAD_INPUT;
}

int cli_run_validate(cli *c) {
    /* a Kattis/DOMjudge validator reads standard input and may be given
     * flags, which it ignores */
    bool kattis = c->options.validator == CHECKER_KATTIS;
    if (c->game == NULL || c->game->validate_input == NULL || (c->argc > 1 && !kattis)) {
        return cli_usage_error("validate", "usage: cgsolve validate GAME [FILE] (or --validator "
                                           "testlib|kattis GAME < INPUT)");
    }
    if (c->options.output == CG_OUTPUT_JSON && c->options.validator != CHECKER_DEFAULT) {
        return cli_usage_error("validate", "--json goes with cgsolve's own exit codes");
    }
    const char *name = c->argc == 1 && !kattis ? c->argv[0] : "-";
    cg_buf input = CG_BUF_INIT;
    cg_budget budget = cg_budget_make(cg_options_memory(&c->options, 0));
    int rc = slurp("validate", name, &input, &budget);
    if (rc != EXIT_OK) {
        cg_buf_free(&input);
        return rc;
    }
    cg_error err;
    cg_error_clear(&err);
    cg_validator v;
    cg_validator_init(&v, input.data, input.len, strcmp(name, "-") == 0 ? "<stdin>" : name, &err);
    cg_status st = c->game->validate_input(&v);
    rc = write_overview(c->options.overview);
    if (rc != EXIT_OK) {
        /* the judge's file is not written: that is the failure */
    } else if (st != CG_OK && st != CG_ERR_INPUT) {
        rc = cli_report_failure("validate", &err);
    } else {
        rc = validate_verdict(c, name, st == CG_OK, &v, &err);
    }
    cg_buf_free(&input);
    return cli_close_output(stdout, rc);
}

/* ---- stress --------------------------------------------------------------- */

typedef struct stress_run {
    double started;
    double seconds; /* 0: no bound */
    bool terminal;  /* stderr is a terminal: one progress line, rewritten */
    double last_report;
} stress_run;

static bool should_stop(void *context) {
    const stress_run *s = context;
    return cli_interrupted() || (s->seconds > 0 && cg_seconds() - s->started >= s->seconds);
}

/* The ending of a count's noun: "1 run", "2 runs". */
static const char *plural(uint64_t count) {
    return count == 1 ? "" : "s";
}

/* Progress on stderr: at most twice a second, on one line on a terminal. */
static void progress(void *context, uint64_t runs, uint64_t passed, bool shrinking, size_t bytes) {
    stress_run *s = context;
    double t = cg_seconds();
    if (t - s->last_report < 0.5) {
        return;
    }
    s->last_report = t;
    if (shrinking) {
        fprintf(stderr, "%scgsolve stress: shrinking the failing input: %zu byte%s%s",
                s->terminal ? "\r" : "", bytes, plural(bytes), s->terminal ? "   " : "\n");
    } else {
        fprintf(stderr, "%scgsolve stress: %llu run%s, %llu passed, %.0f s%s",
                s->terminal ? "\r" : "", (unsigned long long)runs, plural(runs),
                (unsigned long long)passed, t - s->started, s->terminal ? "   " : "\n");
    }
}

static int save_input(const char *path, const cg_buf *input) {
    FILE *f = fopen(path, "wb");
    bool written = f != NULL && fwrite(input->data, 1, input->len, f) == input->len;
    if (f != NULL && fclose(f) != 0) {
        written = false;
    }
    if (!written) {
        return cli_cannot_write("stress", path);
    }
    return EXIT_OK;
}

/* --program-memory, when given: a line of the report. */
static void print_program_memory(const cli *c) {
    size_t bytes = c->options.program_memory;
    if (bytes == 0) {
        return;
    }
    const char *unit = bytes % ((size_t)1 << 30) == 0   ? "G"
                       : bytes % ((size_t)1 << 20) == 0 ? "M"
                       : bytes % 1024 == 0              ? "K"
                                                        : "";
    size_t scale = *unit == 'G'   ? (size_t)1 << 30
                   : *unit == 'M' ? (size_t)1 << 20
                   : *unit == 'K' ? 1024
                                  : 1;
    printf("program memory limit: %zu%s of address space per run\n", bytes / scale,
           *unit != '\0' ? unit : " bytes");
}

static void print_failure(const cli *c, const cg_stress_result *r) {
    printf("stress: %s after %llu run%s (%llu passed), seed %llu\n", r->failure.data,
           (unsigned long long)r->runs, plural(r->runs), (unsigned long long)r->passed,
           (unsigned long long)r->seed);
    print_program_memory(c);
    printf("%s failing input (%zu byte%s, %llu case%s", r->shrink_complete ? "minimal" : "smallest",
           r->input.len, plural(r->input.len), (unsigned long long)r->input_cases,
           plural(r->input_cases));
    if (c->game->case_size != NULL) {
        printf(", %llu %s", (unsigned long long)r->input_size,
               c->game->size_unit[r->input_size != 1]);
    }
    printf("; %llu shrinking step%s; %s):\n", (unsigned long long)r->shrink_steps,
           plural(r->shrink_steps),
           r->shrink_complete ? "1-minimal: no single reduction still fails"
           : r->stopped       ? "shrinking interrupted"
                              : "shrinking stopped early: see --shrink-seconds");
    if (c->options.verbose) {
        printf("shrinking steps:\n");
        for (const char *line = r->steps.data; line != NULL && *line != '\0';) {
            const char *end = strchr(line, '\n');
            int width = (int)(end != NULL ? (size_t)(end - line) : strlen(line));
            printf("  %.*s\n", width, line);
            line = end != NULL ? end + 1 : line + width;
        }
    }
    bool marked = print_visible(stdout, "input", &r->input);
    marked |= print_visible(stdout, "expected output", &r->expected);
    marked |= print_visible(stdout, "program output", &r->given);
    if (c->options.against != NULL) {
        marked |= print_visible(stdout, "reference output", &r->reference_given);
    }
    if (r->program_stderr.len > 0) {
        marked |= print_visible(stdout, "program's standard error", &r->program_stderr);
    }
    print_legend(stdout, marked);
    printf("why the expected answers hold:\n%s",
           r->explanation.data != NULL ? r->explanation.data : "");
    printf("the unshrunk input: cgsolve gen %s --seed %llu, with the same size options\n",
           c->game->name, (unsigned long long)r->seed);
}

/* SIGTERM ends a stress run as Ctrl-C does: the program's group killed,
 * what passed reported. */
static void on_terminate(int signal_number) {
    (void)signal_number;
    raise(SIGINT);
}

/* --against: the reference's command split at spaces and tabs, run as the
 * program is (no shell); argv points into words, a copy of the option. */
enum { MAX_REFERENCE_WORDS = 63 };
typedef struct reference_command {
    char *words;
    char *argv[MAX_REFERENCE_WORDS + 1];
    int count;
} reference_command;

static void split_reference(const char *against, reference_command *r) {
    r->words = against != NULL ? strdup(against) : NULL;
    r->count = 0;
    for (char *w = r->words != NULL ? strtok(r->words, " \t") : NULL;
         w != NULL && r->count < MAX_REFERENCE_WORDS; w = strtok(NULL, " \t")) {
        r->argv[r->count++] = w;
    }
    r->argv[r->count] = NULL;
}

/* -j: one program (and one reference) per run at once: runs[0..jobs) run
 * the program, runs[jobs..2 jobs) the reference. */
static void prepare_runs(const cli *c, size_t jobs, char **reference_argv, program *runs,
                         void **contexts) {
    for (size_t k = 0; k < 2 * jobs; k++) {
        runs[k].argv = k < jobs ? c->argv : reference_argv;
        runs[k].time_limit = c->options.time_limit;
        runs[k].memory_limit = c->options.program_memory;
        /* the programs' outputs are held in memory: a quarter of the budget,
         * shared by the 2 * jobs runs held at once when there are several */
        runs[k].output_limit = cg_options_memory(&c->options, 0) / 4 / (jobs > 1 ? 2 * jobs : 1);
        atomic_init(&runs[k].cancel, false);
        contexts[k] = &runs[k];
    }
}

/* No failure found: the seeds that passed; exit 0, or EXIT_STOPPED when
 * interrupted. */
static int print_passed(const cli *c, const cg_stress_result *r) {
    bool stopped = r->stopped || cli_interrupted();
    uint64_t last = c->options.seed + r->runs - (r->runs > 0);
    printf("stress: %llu input%s passed (", (unsigned long long)r->passed, plural(r->passed));
    if (last == c->options.seed) {
        printf("seed %llu", (unsigned long long)last);
    } else {
        printf("seeds %llu to %llu", (unsigned long long)c->options.seed, (unsigned long long)last);
    }
    printf(")%s\n", stopped && cli_interrupted() ? ", interrupted" : "");
    print_program_memory(c);
    return cli_interrupted() ? EXIT_STOPPED : EXIT_OK;
}

/* The run's end as stress reports it: the library's failure, a failing
 * program (exit 1, its input saved with --save), or the seeds passed. */
static int report_stress(const cli *c, cg_status st, const cg_error *err,
                         const cg_stress_result *r) {
    if (st != CG_OK) {
        return cli_report_failure("stress", err);
    }
    if (!r->failed) {
        return print_passed(c, r);
    }
    print_failure(c, r);
    int rc = c->options.save != NULL ? save_input(c->options.save, &r->input) : EXIT_OK;
    return rc == EXIT_OK ? 1 : rc;
}

int cli_run_stress(cli *c) {
    if (c->game == NULL || c->game->generate_case == NULL) {
        return cli_usage_error("stress", "name a game (see 'cgsolve list')");
    }
    if (c->argc == 0) {
        return cli_usage_error("stress", "name the program to test after '--'");
    }
    stress_run s;
    memset(&s, 0, sizeof s);
    s.started = cg_seconds();
    s.seconds = c->options.seconds;
    s.terminal = isatty(STDERR_FILENO);
    reference_command reference;
    split_reference(c->options.against, &reference);
    if (c->options.against != NULL && reference.count == 0) {
        free(reference.words);
        return cli_usage_error("stress", "--against names no command");
    }
    beyond_limits_note("stress", c);
    cli_prepare_running();
    cli_catch_interrupts();
    signal(SIGTERM, on_terminate);
    size_t jobs = c->options.jobs > 1 ? (size_t)c->options.jobs : 1;
    program runs[2 * CG_STRESS_MAX_JOBS];
    void *contexts[2 * CG_STRESS_MAX_JOBS];
    c->argv[c->argc] = NULL; /* argv ends with NULL: the front end's array */
    prepare_runs(c, jobs, reference.argv, runs, contexts);
    cg_stress_programs programs = {cli_run_program, contexts,
                                   reference.count > 0 ? cli_run_program : NULL, contexts + jobs,
                                   cli_cancel_program};
    cg_stress_result result;
    cg_stress_result_init(&result);
    cg_error err;
    cg_status st =
        cg_stress_jobs(c->game, &c->options, &programs, should_stop, progress, &s, &result, &err);
    free(reference.words);
    if (s.terminal && st == CG_OK) {
        fputc('\n', stderr);
    }
    int rc = report_stress(c, st, &err, &result);
    cg_stress_result_free(&result);
    return cli_close_output(stdout, rc);
}
