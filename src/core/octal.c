#include "cgsolve/octal.h"

#include "cgsolve/grow.h"

#include <stdlib.h>
#include <string.h>

/* A digit's value: 0-9 and a-f (either case); -1 for anything else. */
static int digit_value(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
        return (c | 0x20) - 'a' + 10;
    }
    return -1;
}

static char digit_char(unsigned d) {
    return (char)(d < 10 ? '0' + d : 'a' + d - 10);
}

cg_status cg_octal_parse(const char *text, cg_octal_code *code, cg_error *err) {
    memset(code, 0, sizeof *code);
    const char *p = text;
    if (*p == '\0') {
        return cg_error_set(err, CG_ERR_INPUT, "invalid octal game code '': expected d0.d1d2...");
    }
    if (*p != '.') {
        /* without removing anything a heap can only be split: in two (4),
         * in three (8) or either (c) */
        if (*p != '0' && *p != '4' && *p != '8' && (*p | 0x20) != 'c') {
            return cg_error_set(err, CG_ERR_INPUT,
                                "invalid octal game code '%s': the digit before the point must "
                                "be 0, 4, 8 or c, found '%c'",
                                text, *p);
        }
        code->digit[0] = (uint8_t)digit_value(*p);
        p++;
        if (*p != '.') {
            return cg_error_set(err, CG_ERR_INPUT,
                                "invalid octal game code '%s': expected '.' at position 2", text);
        }
    }
    p++; /* the point */
    size_t k = 1;
    for (; *p != '\0'; p++, k++) {
        if (digit_value(*p) < 0) {
            return cg_error_set(err, CG_ERR_INPUT,
                                "invalid octal game code '%s': '%c' at position %zu is not a "
                                "digit (0-7, or 8-f to allow leaving three heaps)",
                                text, *p, (size_t)(p - text) + 1);
        }
        if (k > CG_OCTAL_MAX_DIGITS) {
            return cg_error_set(err, CG_ERR_INPUT,
                                "invalid octal game code '%s': more than %d digits after the point",
                                text, CG_OCTAL_MAX_DIGITS);
        }
        code->digit[k] = (uint8_t)digit_value(*p);
    }
    for (size_t i = 0; i <= CG_OCTAL_MAX_DIGITS; i++) {
        if (code->digit[i] != 0) {
            code->last = i;
        }
    }
    if (code->last == 0) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "invalid octal game code '%s': no digit after the point allows a move",
                            text);
    }
    return CG_OK;
}

void cg_octal_format(const cg_octal_code *code, char *out, size_t size) {
    if (size == 0) {
        return;
    }
    size_t o = 0;
    char digits[CG_OCTAL_MAX_DIGITS + 3];
    digits[o++] = digit_char(code->digit[0]);
    digits[o++] = '.';
    for (size_t k = 1; k <= code->last; k++) {
        digits[o++] = digit_char(code->digit[k]);
    }
    digits[o] = '\0';
    size_t n = o < size - 1 ? o : size - 1;
    memcpy(out, digits, n);
    out[n] = '\0';
}

/* The first index from which G(n + p) == G(n) for all known n. */
static size_t start_of_period(const void *values, cg_value_at at, size_t count, size_t p) {
    size_t n = count - p;
    while (n > 0 && at(values, n - 1 + p) == at(values, n - 1)) {
        n--;
    }
    return n;
}

size_t cg_octal_find_period_in(const void *values, cg_value_at at, size_t count,
                               const cg_octal_code *code, size_t *preperiod) {
    /* A period p can be proven only when 2p + last <= count. */
    for (size_t p = 1; 2 * p + code->last <= count; p++) {
        size_t start = start_of_period(values, at, count, p);
        /* The equality must be verified for n < 2 * start + p + last, and
         * for n = p + last too when start is 0: in the induction, the
         * option (p, p) of heap n + p maps to (p, 0) of heap n, which is not
         * a split, when the preperiod is 0 (e.g. 0.4: G(0..2) = 0 0 0,
         * but G(3) = 1). */
        size_t needed = 2 * start + p + code->last + p + (start == 0);
        if (needed <= count) {
            *preperiod = start;
            return p;
        }
    }
    *preperiod = 0;
    return 0;
}

static uint64_t nimber_at(const void *values, size_t n) {
    return ((const cg_nimber *)values)[n];
}

size_t cg_octal_find_period(const cg_nimber *values, size_t count, const cg_octal_code *code,
                            size_t *preperiod) {
    return cg_octal_find_period_in(values, nimber_at, count, code, preperiod);
}
