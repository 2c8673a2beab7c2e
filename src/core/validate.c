/* The validator's cursor: strict expectations over a judge input's bytes. */
#include "core/validate_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void cg_validator_init(cg_validator *v, const char *text, size_t len, const char *name,
                       cg_error *err) {
    memset(v, 0, sizeof *v);
    v->text = text != NULL ? text : "";
    v->len = text != NULL ? len : 0;
    v->line = 1;
    v->column = 1;
    v->name = name != NULL ? name : "<input>";
    v->err = err;
}

/* What is at the cursor, for "found ...". */
static void describe_here(const cg_validator *v, char *out, size_t size) {
    if (v->at >= v->len) {
        snprintf(out, size, "the end of the input");
        return;
    }
    unsigned char c = (unsigned char)v->text[v->at];
    if (c == '\n') {
        snprintf(out, size, "a line end");
    } else if (c == ' ') {
        snprintf(out, size, "a space");
    } else if (c == '\r') {
        snprintf(out, size, "a carriage return");
    } else if (c == '\t') {
        snprintf(out, size, "a tab");
    } else if (c >= 0x21 && c < 0x7f) {
        snprintf(out, size, "'%c'", c);
    } else {
        snprintf(out, size, "the byte 0x%02x", c);
    }
}

cg_status cg_validation_error(cg_validator *v, uint64_t line, uint64_t column, const char *format,
                              ...) {
    char message[CG_ERROR_MESSAGE_MAX - 64];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    return cg_error_set_at(v->err, CG_ERR_INPUT, v->name, line, column, "%s", message);
}

static cg_status expected(cg_validator *v, const char *what) {
    char found[48];
    describe_here(v, found, sizeof found);
    return cg_validation_error(v, v->line, v->column, "expected %s, found %s", what, found);
}

static void advance(cg_validator *v) {
    if (v->text[v->at] == '\n') {
        v->line++;
        v->column = 1;
    } else {
        v->column++;
    }
    v->at++;
}

static bool digit_at(const cg_validator *v, size_t at) {
    return at < v->len && v->text[at] >= '0' && v->text[at] <= '9';
}

cg_status cg_expect_int(cg_validator *v, uint64_t min, uint64_t max, const char *what,
                        uint64_t *value) {
    char expectation[96];
    snprintf(expectation, sizeof expectation, "%s (an integer from %llu to %llu)", what,
             (unsigned long long)min, (unsigned long long)max);
    size_t at = v->at;
    if (!digit_at(v, at) || (v->text[at] == '0' && digit_at(v, at + 1))) {
        return expected(v, expectation); /* no sign, no leading zero */
    }
    uint64_t number = 0;
    bool overflow = false;
    for (; digit_at(v, at); at++) {
        unsigned d = (unsigned)(v->text[at] - '0');
        overflow |= number > (UINT64_MAX - d) / 10;
        number = number * 10 + d;
    }
    if (overflow || number < min || number > max) {
        size_t digits = at - v->at;
        return cg_validation_error(v, v->line, v->column,
                                   "%s is %.*s, out of the range %llu to %llu", what,
                                   (int)(digits < 40 ? digits : 40), v->text + v->at,
                                   (unsigned long long)min, (unsigned long long)max);
    }
    while (v->at < at) {
        advance(v);
    }
    if (value != NULL) {
        *value = number;
    }
    return CG_OK;
}

cg_status cg_expect_space(cg_validator *v) {
    if (v->at >= v->len || v->text[v->at] != ' ') {
        return expected(v, "a single space");
    }
    advance(v);
    return CG_OK;
}

cg_status cg_expect_eol(cg_validator *v) {
    if (v->at >= v->len || v->text[v->at] != '\n') {
        return expected(v, "the end of the line");
    }
    advance(v);
    return CG_OK;
}

cg_status cg_expect_eof(cg_validator *v) {
    if (v->at < v->len) {
        return expected(v, "the end of the input");
    }
    return CG_OK;
}

cg_status cg_expect_word(cg_validator *v, const char *allowed, size_t min_len, size_t max_len,
                         const char *what, const char **start, size_t *len) {
    size_t at = v->at;
    while (at < v->len && at - v->at <= max_len && v->text[at] != '\0' &&
           strchr(allowed, v->text[at]) != NULL) {
        at++;
    }
    size_t n = at - v->at;
    if (n == 0) {
        return expected(v, what);
    }
    if (n < min_len || n > max_len) {
        return cg_validation_error(v, v->line, v->column, "%s has %s%zu characters, not %zu to %zu",
                                   what, n > max_len ? "more than " : "", n > max_len ? max_len : n,
                                   min_len, max_len);
    }
    if (start != NULL) {
        *start = v->text + v->at;
    }
    if (len != NULL) {
        *len = n;
    }
    while (v->at < at) {
        advance(v);
    }
    return CG_OK;
}

void cg_skip_trailing_spaces(cg_validator *v) {
    size_t at = v->at;
    while (at < v->len && v->text[at] == ' ') {
        at++;
    }
    if (at == v->len || v->text[at] == '\n') {
        while (v->at < at) {
            advance(v);
        }
    }
}
