/* Judging an output against cgsolve's answers, case by case. */
#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"
#include "framework/cgsolve_internal.h"
#include "framework/testdata_internal.h"

const cg_option_spec cg_check_options[] = {
    {.name = "checker",
     .arg = CG_ARG_CHOICE,
     .arg_name = "SYSTEM",
     .help = "exit codes of cgsolve (default), testlib or kattis",
     CG_OPTION_FIELD(checker),
     .choices = "cgsolve|testlib|kattis"},
    {.name = NULL},
};

const cg_option_spec cg_testlib_options[] = {
    {.name = "testset",
     .arg = CG_ARG_TEXT,
     .arg_name = "NAME",
     .help = "testlib's test set, as Polygon passes it (ignored)",
     CG_OPTION_FIELD(testset)},
    {.name = "group",
     .arg = CG_ARG_TEXT,
     .arg_name = "NAME",
     .help = "testlib's test group, as Polygon passes it (ignored)",
     CG_OPTION_FIELD(test_group)},
    {.name = NULL},
};

const cg_option_spec cg_validate_options[] = {
    {.name = "validator",
     .arg = CG_ARG_CHOICE,
     .arg_name = "SYSTEM",
     .help = "exit codes of cgsolve (default), testlib or kattis",
     CG_OPTION_FIELD(validator),
     .choices = "cgsolve|testlib|kattis"},
    {.name = "testOverviewLogFileName",
     .arg = CG_ARG_TEXT,
     .arg_name = "FILE",
     .help = "testlib's overview log, written empty",
     CG_OPTION_FIELD(overview)},
    {.name = NULL},
};

void cg_check_result_init(cg_check_result *r) {
    memset(r, 0, sizeof *r);
}

void cg_check_result_free(cg_check_result *r) {
    cg_buf_free(&r->summary);
    cg_buf_free(&r->expected);
    cg_buf_free(&r->given);
    cg_buf_free(&r->explanation);
    cg_check_result_init(r);
}

/* The expected output, case by case. */
typedef struct expectation {
    const cg_game *game;
    cg_buf full;            /* the whole expected output */
    size_t *case_start;     /* where each case's answer starts in full */
    cg_strlist explanation; /* each case's, as indented YAML */
    size_t cases, capacity;
} expectation;

static cg_status collect(void *context, uint64_t number, const char *answer, size_t len,
                         const cg_report *analysis, cg_error *err) {
    expectation *e = context;
    if (number > 1) {
        cg_buf_puts(&e->full, e->game->case_separator);
    }
    size_t start = e->full.len;
    cg_status st = cg_append(&e->case_start, &e->cases, &e->capacity, &start, sizeof start,
                             "collecting the answers", err);
    if (st != CG_OK) {
        return st;
    }
    cg_buf_append(&e->full, answer, len);
    cg_buf yaml = CG_BUF_INIT;
    cg_report_render_text(analysis, 2, &yaml);
    cg_strlist_addf(&e->explanation, "%s", yaml.data != NULL ? yaml.data : "");
    bool failed = cg_buf_failed(&yaml) || cg_buf_failed(&e->full);
    cg_buf_free(&yaml);
    return failed ? cg_error_nomem(err, "collecting the answers") : CG_OK;
}

/* A token of a text: where it is. */
typedef struct token {
    size_t at, len;
} token;

static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* How many tokens text[0, len) holds. */
static size_t count_tokens(const char *text, size_t len) {
    size_t count = 0;
    for (size_t i = 0; i < len; i++) {
        count += !is_space(text[i]) && (i == 0 || is_space(text[i - 1]));
    }
    return count;
}

/* The tokens of text[from, to). */
static token *tokenize(const char *text, size_t from, size_t to, size_t *count) {
    size_t cap = 0;
    token *tokens = cg_grow(NULL, &cap, 1, sizeof *tokens);
    *count = 0;
    for (size_t i = from; tokens != NULL && i < to;) {
        while (i < to && is_space(text[i])) {
            i++;
        }
        if (i == to) {
            break;
        }
        size_t start = i;
        while (i < to && !is_space(text[i])) {
            i++;
        }
        if (*count == cap) {
            token *grown = cg_grow(tokens, &cap, *count + 1, sizeof *tokens);
            if (grown == NULL) {
                free(tokens);
                *count = 0;
                return NULL;
            }
            tokens = grown;
        }
        tokens[(*count)++] = (token){start, i - start};
    }
    return tokens;
}

static bool same(const char *a, token x, const char *b, token y) {
    return x.len == y.len && memcmp(a + x.at, b + y.at, x.len) == 0;
}

#define GIVEN_MAX 4096 /* bytes of the output shown for one case */

/* The output as the program wrote it for a case: from the line holding its
 * first token (tokens[first]), as many lines as the expected answer has
 * (lines, at least 1), at most GIVEN_MAX bytes; or a note. */
static void given_text(const char *output, size_t output_len, const token *tokens, size_t total,
                       size_t first, size_t lines, cg_buf *given) {
    if (first >= total || tokens == NULL) {
        cg_buf_puts(given, "(nothing: the output ends before this case)\n");
        return;
    }
    size_t start = tokens[first].at, end = start;
    while (start > 0 && output[start - 1] != '\n') {
        start--;
    }
    for (size_t k = 0; end < output_len && k < (lines > 0 ? lines : 1); k++) {
        while (end < output_len && output[end] != '\n') {
            end++;
        }
        end += end < output_len; /* the line end, as written */
    }
    size_t shown = end - start <= GIVEN_MAX ? end - start : GIVEN_MAX;
    cg_buf_append(given, output + start, shown);
    if (shown < end - start) {
        cg_buf_printf(given, "... (%zu bytes more)\n", end - start - shown);
    }
}

/* The lines of text[from, to): line ends, and a last line without one. */
static size_t line_count(const char *text, size_t from, size_t to) {
    size_t lines = 0;
    for (size_t i = from; i < to; i++) {
        lines += text[i] == '\n';
    }
    return lines + (to > from && text[to - 1] != '\n');
}

static void describe(const char *text, size_t len, size_t at, cg_buf *out) {
    if (at >= len) {
        cg_buf_puts(out, "the end of the output");
    } else if (text[at] == '\n') {
        cg_buf_puts(out, "a line end");
    } else if (text[at] == ' ') {
        cg_buf_puts(out, "a space");
    } else if (text[at] == '\r') {
        cg_buf_puts(out, "a carriage return");
    } else if (text[at] == '\t') {
        cg_buf_puts(out, "a tab");
    } else {
        cg_buf_printf(out, "'%c'", text[at]);
    }
}

/* The same tokens: the first byte that differs is a presentation error. */
static void compare_bytes(const expectation *e, const char *output, size_t output_len,
                          cg_check_result *r) {
    const char *want = e->full.data != NULL ? e->full.data : "";
    size_t i = 0;
    while (i < e->full.len && i < output_len && want[i] == output[i]) {
        i++;
    }
    if (i == e->full.len && i == output_len) {
        r->verdict = CG_ACCEPTED;
        cg_buf_puts(&r->summary, "accepted");
        return;
    }
    r->verdict = CG_PRESENTATION_ERROR;
    r->line = 1;
    r->column = 1;
    for (size_t k = 0; k < i; k++) {
        r->line += output[k] == '\n';
        r->column = output[k] == '\n' ? 1 : r->column + 1;
    }
    r->case_number = 1;
    while (r->case_number < e->cases && e->case_start[r->case_number] <= i) {
        r->case_number++;
    }
    /* given: the output's line holding the difference, as written */
    size_t start = i < output_len ? i : output_len, end = start;
    while (start > 0 && output[start - 1] != '\n') {
        start--;
    }
    while (end < output_len && output[end] != '\n') {
        end++;
    }
    end += end < output_len;
    size_t shown = end - start <= GIVEN_MAX ? end - start : GIVEN_MAX;
    cg_buf_append(&r->given, output + start, shown);
    cg_buf_printf(&r->summary, "presentation error: line %llu, column %llu: expected ",
                  (unsigned long long)r->line, (unsigned long long)r->column);
    describe(want, e->full.len, i, &r->summary);
    cg_buf_puts(&r->summary, ", found ");
    describe(output, output_len, i, &r->summary);
    cg_buf_printf(&r->summary, " (case %llu)", (unsigned long long)r->case_number);
}

/* Compare token by token, case by case. */
static void judge(const expectation *e, const char *output, size_t output_len, cg_check_result *r,
                  const token *given, size_t given_count) {
    const char *want = e->full.data != NULL ? e->full.data : "";
    size_t at = 0;
    for (size_t k = 0; k < e->cases; k++) {
        size_t end = k + 1 < e->cases ? e->case_start[k + 1] : e->full.len;
        size_t count;
        token *expected = tokenize(want, e->case_start[k], end, &count);
        if (expected == NULL) {
            cg_buf_fail(&r->summary); /* out of memory: an error, not a verdict */
            return;
        }
        bool match = true;
        for (size_t i = 0; match && i < count; i++) {
            match = at + i < given_count && same(want, expected[i], output, given[at + i]);
        }
        free(expected);
        if (!match) {
            r->verdict = CG_WRONG_ANSWER;
            r->case_number = k + 1;
            cg_buf_printf(&r->summary, "wrong answer: case %llu", (unsigned long long)k + 1);
            cg_buf_append(&r->expected, want + e->case_start[k], end - e->case_start[k]);
            given_text(output, output_len, given, given_count, at,
                       line_count(want, e->case_start[k], end), &r->given);
            cg_buf_puts(&r->explanation, cg_strlist_at(&e->explanation, k));
            return;
        }
        at += count;
    }
    if (at < given_count) {
        r->verdict = CG_WRONG_ANSWER;
        r->case_number = e->cases + 1;
        cg_buf_printf(&r->summary, "wrong answer: extra output after the last case (%zu)",
                      e->cases);
        given_text(output, output_len, given, given_count, at, (size_t)-1, &r->given);
        return;
    }
    compare_bytes(e, output, output_len, r);
    if (r->verdict == CG_PRESENTATION_ERROR) {
        size_t k = (size_t)r->case_number - 1;
        size_t end = k + 1 < e->cases ? e->case_start[k + 1] : e->full.len;
        cg_buf_append(&r->expected, want + e->case_start[k], end - e->case_start[k]);
        cg_buf_puts(&r->explanation, cg_strlist_at(&e->explanation, k));
    }
}

cg_status cg_check(const cg_game *game, cg_scanner *in, const char *output, size_t output_len,
                   const cg_options *options, cg_check_result *result, cg_error *err) {
    expectation e;
    memset(&e, 0, sizeof e);
    e.game = game;
    cg_options explain = *options;
    explain.output = CG_OUTPUT_EXPLAIN;
    explain.color = false;
    cg_status st = cg_run_each(game, in, &explain, collect, &e, err);
    if (st == CG_OK && (cg_strlist_failed(&e.explanation) || cg_buf_failed(&e.full))) {
        st = cg_error_nomem(err, "collecting the answers");
    }
    /* What the verdict holds counts in the budget: the answers and their
     * explanations, and the output's tokens. */
    cg_budget budget = cg_budget_make(cg_options_memory(options, 0));
    size_t held = e.full.len + e.cases * sizeof *e.case_start;
    for (size_t k = 0; st == CG_OK && k < e.cases; k++) {
        held += strlen(cg_strlist_at(&e.explanation, k)) + 1;
    }
    if (st == CG_OK) {
        st = cg_budget_take(&budget, held, 1, "the expected answers", err);
    }
    size_t given_count = 0;
    token *given = NULL;
    if (st == CG_OK) {
        st = cg_budget_take(&budget, count_tokens(output, output_len) + 1, sizeof *given,
                            "the output's tokens", err);
    }
    if (st == CG_OK) {
        given = tokenize(output, 0, output_len, &given_count);
    }
    if (st == CG_OK && given == NULL) {
        st = cg_error_nomem(err, "reading the output");
    } else if (st == CG_OK) {
        result->cases = e.cases;
        judge(&e, output, output_len, result, given, given_count);
        if (cg_buf_failed(&result->summary) || cg_buf_failed(&result->expected) ||
            cg_buf_failed(&result->given) || cg_buf_failed(&result->explanation)) {
            st = cg_error_nomem(err, "writing the verdict");
        }
    }
    free(given);
    free(e.case_start);
    cg_buf_free(&e.full);
    cg_strlist_free(&e.explanation);
    return st;
}
