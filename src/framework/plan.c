/* Test plans (plan_internal.h): reading one, and writing its tests. */
#include "framework/plan_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dir_internal.h"
#include "core/file_internal.h"
#include "framework/cgsolve_internal.h"
#include "framework/testdata_internal.h"

/* A plan file is a page of lines, not data: a bound against a wrong file. */
#define PLAN_MAX_BYTES ((size_t)1 << 20)
/* Words on one line at most (every option of gen twice over). */
#define LINE_MAX_WORDS 64

const cg_option_spec cg_gen_plan_options[] = {
    {.name = "plan",
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "write the tests FILE plans, one line each, into --out",
     CG_OPTION_FIELD(plan)},
    {.name = "out",
     .arg = CG_ARG_TEXT,
     .arg_name = "DIR",
     .help = "with --plan: the directory for 01.in, 01.ans, 02.in, ...",
     CG_OPTION_FIELD(out_dir)},
    {.name = NULL},
};

void cg_plan_free(cg_plan *plan) {
    cg_buf_free(&plan->name);
    cg_buf_free(&plan->text);
    free(plan->words);
    free(plan->tests);
    plan->words = NULL;
    plan->tests = NULL;
    plan->count = 0;
}

/* What one line is read with. */
typedef struct line_reader {
    const cg_game *game;
    const char *name;
    uint64_t line;
    const char *line_start;
    char *words[LINE_MAX_WORDS];
    size_t count;
    cg_error *err;
} line_reader;

static cg_status plan_error(const line_reader *r, const char *at, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* CG_ERR_INPUT "NAME:LINE:COLUMN: MESSAGE" for the byte at, in the line. */
static cg_status plan_error(const line_reader *r, const char *at, const char *format, ...) {
    char message[CG_ERROR_MESSAGE_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    return cg_error_set(r->err, CG_ERR_INPUT, "%s:%llu:%zu: %s", r->name,
                        (unsigned long long)r->line, (size_t)(at - r->line_start) + 1, message);
}

static bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

/* Cut the line [start, end) (its comment already cut off) into words. */
static cg_status split_line(line_reader *r, char *start, char *end) {
    r->count = 0;
    for (char *p = start; p < end;) {
        while (p < end && is_blank(*p)) {
            *p++ = '\0';
        }
        if (p == end) {
            break;
        }
        if (r->count == LINE_MAX_WORDS) {
            return plan_error(r, p, "more than %d words on one line: expected one test's options",
                              LINE_MAX_WORDS);
        }
        r->words[r->count++] = p;
        while (p < end && !is_blank(*p)) {
            p++;
        }
    }
    if (end != NULL) {
        *end = '\0';
    }
    return CG_OK;
}

/* The generator option called name (a long name, or one letter). */
static const cg_option_spec *find_gen_option(const cg_game *game, const char *name) {
    const cg_option_spec *spec = cg_option_find(cg_gen_common_options, name);
    return spec != NULL ? spec : cg_option_find(game->gen_options, name);
}

/* Apply the word at *k (and its value, the word after it unless given
 * with '=') to options; *k moves past what was used. */
static cg_status apply_word(line_reader *r, size_t *k, cg_options *options, bool *seeded) {
    char *word = r->words[*k];
    bool is_long = word[0] == '-' && word[1] == '-' && word[2] != '\0';
    bool is_short = word[0] == '-' && word[1] != '-' && word[1] != '\0' && word[2] == '\0';
    if (!is_long && !is_short) {
        return plan_error(r, word,
                          "'%s' is no option: expected gen's options for a test, such "
                          "as --cases 5 --hard --seed 3",
                          word);
    }
    char *name = word + (is_long ? 2 : 1);
    char *equals = is_long ? strchr(name, '=') : NULL;
    if (equals != NULL) {
        *equals = '\0';
    }
    const cg_option_spec *spec = find_gen_option(r->game, name);
    if (spec == NULL) {
        return plan_error(r, word,
                          "'%s' is not an option of gen %s: expected --cases, --seed, "
                          "--hard, --edge or %s's sizes (see 'cgsolve help gen %s')",
                          word, r->game->name, r->game->name, r->game->name);
    }
    const char *value = NULL;
    const char *value_at = word;
    if (spec->arg == CG_ARG_NONE && equals != NULL) {
        return plan_error(r, equals + 1, "--%s takes no value", spec->name);
    }
    if (spec->arg != CG_ARG_NONE) {
        if (equals == NULL && *k + 1 == r->count) {
            return plan_error(r, word, "--%s needs a value (%s)", spec->name, spec->arg_name);
        }
        value = equals != NULL ? equals + 1 : r->words[++*k];
        value_at = value;
    }
    cg_error why;
    if (cg_option_set(options, spec, value, &why) != CG_OK) {
        return plan_error(r, value_at, "--%s: %s", spec->name, why.message);
    }
    *seeded |= strcmp(spec->name, "seed") == 0;
    ++*k;
    return CG_OK;
}

/* Read one line's words into test (options from base). */
static cg_status read_test(line_reader *r, const cg_options *base, cg_plan_test *test) {
    test->options = *base;
    cg_option_reset_table(&test->options, cg_gen_common_options);
    if (r->game->gen_options != NULL) {
        cg_option_reset_table(&test->options, r->game->gen_options);
    }
    bool seeded = false;
    for (size_t k = 0; k < r->count;) {
        cg_status st = apply_word(r, &k, &test->options, &seeded);
        if (st != CG_OK) {
            return st;
        }
    }
    if (!seeded) {
        return plan_error(r, r->words[0],
                          "the test gives no --seed: each line names its seed, "
                          "so the tests regenerate byte for byte");
    }
    return CG_OK;
}

/* Room for one more test in plan. */
static cg_status grow_tests(cg_plan *plan, size_t *cap, cg_error *err) {
    if (plan->count < *cap) {
        return CG_OK;
    }
    size_t wanted = *cap == 0 ? 16 : 2 * *cap;
    cg_plan_test *grown = realloc(plan->tests, wanted * sizeof *grown);
    if (grown == NULL) {
        return cg_error_nomem(err, "reading the plan");
    }
    plan->tests = grown;
    *cap = wanted;
    return CG_OK;
}

/* Read every line of plan->words (a copy of the text, NUL-ended). */
static cg_status read_lines(line_reader *r, const cg_options *base, cg_plan *plan, size_t len) {
    size_t cap = 0;
    char *text = plan->words;
    for (size_t at = 0; at < len; r->line++) {
        char *start = text + at;
        char *newline = memchr(start, '\n', len - at);
        char *end = newline != NULL ? newline : text + len;
        at = (size_t)(end - text) + 1;
        char *comment = memchr(start, '#', (size_t)(end - start));
        r->line_start = start;
        cg_status st = split_line(r, start, comment != NULL ? comment : end);
        if (st != CG_OK || r->count == 0) {
            if (st != CG_OK) {
                return st;
            }
            continue;
        }
        st = grow_tests(plan, &cap, r->err);
        if (st != CG_OK) {
            return st;
        }
        cg_plan_test *test = &plan->tests[plan->count];
        test->line_number = r->line;
        test->start = (size_t)(r->words[0] - text);
        char *last = r->words[r->count - 1];
        test->len = (size_t)(last - r->words[0]) + strlen(last);
        st = read_test(r, base, test);
        if (st != CG_OK) {
            return st;
        }
        plan->count++;
    }
    return CG_OK;
}

cg_status cg_plan_parse(const cg_game *game, const cg_options *base, const char *text, size_t len,
                        const char *name, cg_plan *plan, cg_error *err) {
    cg_plan_free(plan);
    cg_buf_puts(&plan->name, name);
    cg_buf_append(&plan->text, text, len);
    plan->words = malloc(len + 1);
    if (cg_buf_failed(&plan->name) || cg_buf_failed(&plan->text) || plan->words == NULL) {
        cg_plan_free(plan);
        return cg_error_nomem(err, "reading the plan");
    }
    memcpy(plan->words, text, len);
    plan->words[len] = '\0';
    line_reader r = {.game = game, .name = name, .line = 1, .err = err};
    cg_status st = read_lines(&r, base, plan, len);
    if (st == CG_OK && plan->count == 0) {
        r.line = 1;
        r.line_start = plan->words;
        st = plan_error(&r, plan->words,
                        "the plan holds no test: expected a line of gen's "
                        "options a test, such as --cases 5 --seed 1");
    }
    if (st != CG_OK) {
        cg_plan_free(plan);
    }
    return st;
}

cg_status cg_plan_read(const cg_game *game, const cg_options *base, const char *path, cg_plan *plan,
                       cg_error *err) {
    cg_buf data = CG_BUF_INIT;
    cg_status st = cg_read_file(path, PLAN_MAX_BYTES, NULL, &data, err);
    if (st == CG_OK) {
        st = cg_plan_parse(game, base, data.data != NULL ? data.data : "", data.len, path, plan,
                           err);
    }
    cg_buf_free(&data);
    return st;
}

/* ---- writing the tests ----------------------------------------------------- */

/* Digits of n in decimal. */
static int digits(uint64_t n) {
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

cg_status cg_test_path(const cg_test_names *names, uint64_t number, bool answer, char *out,
                       cg_error *err) {
    int width = digits(names->last > number ? names->last : number);
    char file[64];
    snprintf(file, sizeof file, "%0*llu%s", width < 2 ? 2 : width, (unsigned long long)number,
             answer ? names->answer_suffix : names->input_suffix);
    return cg_join_path(out, names->dir, file, err);
}

cg_status cg_solve_input(const cg_game *game, const cg_options *options, const char *data,
                         size_t len, const char *name, cg_budget *budget, cg_buf *answer,
                         cg_error *err) {
    char *bytes = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&bytes, &size);
    if (out == NULL) {
        return cg_error_nomem(err, "solving a test");
    }
    cg_scanner *in = NULL;
    cg_options judge = *options;
    judge.output = CG_OUTPUT_JUDGE;
    cg_status st = cg_scanner_open_memory(&in, data, len, name, err);
    if (st == CG_OK) {
        st = cg_run(game, in, &judge, out, NULL, err);
    }
    if (st == CG_ERR_IO && err != NULL && err->on_output) {
        st = cg_error_nomem(err, "solving a test"); /* a memory stream fails for want of memory */
    }
    cg_scanner_close(in);
    if (fclose(out) != 0 && st == CG_OK) {
        st = cg_error_nomem(err, "solving a test");
    }
    /* the stream's block and its copy in answer, held at once */
    st = st == CG_OK ? cg_budget_take(budget, size, 2, "a test's answer", err) : st;
    if (st == CG_OK) {
        cg_buf_append(answer, bytes != NULL ? bytes : "", size);
        cg_budget_give(budget, size, 1);
        if (cg_buf_failed(answer)) {
            cg_budget_give(budget, size, 1);
            st = cg_error_nomem(err, "solving a test");
        }
    }
    free(bytes);
    return st;
}

/* Add one test to tree: the input data[0..len) and, beside it,
 * cgsolve's answer to it. */
static cg_status add_test(const cg_game *game, const cg_options *options,
                          const cg_test_names *names, uint64_t number, const cg_buf *input,
                          cg_file_tree *tree, cg_error *err) {
    char input_path[CG_PATH_SIZE], answer_path[CG_PATH_SIZE];
    const char *data = input->data != NULL ? input->data : "";
    cg_status st = cg_test_path(names, number, false, input_path, err);
    st = st == CG_OK ? cg_test_path(names, number, true, answer_path, err) : st;
    cg_buf answer = CG_BUF_INIT;
    st = st == CG_OK ? cg_solve_input(game, options, data, input->len, input_path, tree->budget,
                                      &answer, err)
                     : st;
    size_t held = st == CG_OK ? answer.len : 0; /* the answer's bytes in the budget */
    st = st == CG_OK ? cg_file_tree_add(tree, input_path, data, input->len, false, err) : st;
    st = st == CG_OK ? cg_file_tree_add(tree, answer_path, answer.data != NULL ? answer.data : "",
                                        answer.len, false, err)
                     : st;
    cg_budget_give(tree->budget, held, 1);
    cg_buf_free(&answer);
    return st;
}

/* A test's input drawn into memory, its bytes reserved in budget. */
typedef struct drawn_input {
    cg_buf text;
    cg_budget *budget;
    size_t reserved; /* bytes held in budget for text */
} drawn_input;

/* gen's sink into memory: room reserved before the text grows, doubled. */
static cg_status append_to(void *context, const char *text, size_t len, cg_error *err) {
    drawn_input *in = context;
    size_t need = in->text.len + len;
    if (need < len) {
        return cg_error_nomem(err, "generating a test");
    }
    if (need > in->reserved) {
        size_t wanted = need > 2 * in->reserved ? need : 2 * in->reserved;
        cg_status st = cg_budget_take(in->budget, wanted - in->reserved, 1, "a test's input", err);
        if (st != CG_OK) {
            return st;
        }
        in->reserved = wanted;
    }
    cg_buf_append(&in->text, text, len);
    return cg_buf_failed(&in->text) ? cg_error_nomem(err, "generating a test") : CG_OK;
}

/* A generator's refusal is the plan line's error: named by its place. */
static cg_status test_error(const cg_plan *plan, const cg_plan_test *test, cg_error *err) {
    if (err == NULL || (err->status != CG_ERR_USAGE && err->status != CG_ERR_INPUT)) {
        return err != NULL ? err->status : CG_ERR_INPUT;
    }
    char message[CG_ERROR_MESSAGE_MAX];
    snprintf(message, sizeof message, "%s", err->message);
    return cg_error_set(err, CG_ERR_INPUT, "%s:%llu:1: %s", plan->name.data,
                        (unsigned long long)test->line_number, message);
}

cg_status cg_plan_add_tests(const cg_game *game, const cg_plan *plan, const cg_test_names *names,
                            cg_file_tree *tree, cg_error *err) {
    drawn_input input = {CG_BUF_INIT, tree->budget, 0};
    cg_status st = CG_OK;
    for (size_t k = 0; st == CG_OK && k < plan->count; k++) {
        const cg_plan_test *test = &plan->tests[k];
        cg_buf_clear(&input.text);
        st = cg_generate_input(game, &test->options, append_to, &input, err);
        st = st != CG_OK
                 ? test_error(plan, test, err)
                 : add_test(game, &test->options, names, names->first + k, &input.text, tree, err);
    }
    cg_buf_free(&input.text);
    cg_budget_give(tree->budget, input.reserved, 1);
    return st;
}

cg_status cg_plan_write_tests(const cg_game *game, const cg_options *base, const cg_plan *plan,
                              const char *dir, cg_error *err) {
    cg_budget budget = cg_budget_make(cg_options_memory(base, game->default_memory));
    cg_file_tree tree = CG_FILE_TREE_INIT;
    tree.budget = &budget;
    cg_test_names names = {"", 1, plan->count, ".in", ".ans"};
    cg_status st = cg_plan_add_tests(game, plan, &names, &tree, err);
    st = st == CG_OK ? cg_file_tree_write(&tree, dir, CG_PLAN_MANIFEST, err) : st;
    cg_file_tree_free(&tree);
    return st;
}
