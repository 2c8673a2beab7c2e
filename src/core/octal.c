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

void cg_grundy_seq_init(cg_grundy_seq *seq, const cg_octal_code *code, cg_budget *budget) {
    memset(seq, 0, sizeof *seq);
    seq->code = *code;
    seq->budget = budget;
    seq->bound = 1;
    cg_mex_init(&seq->mex);
}

void cg_grundy_seq_free(cg_grundy_seq *seq) {
    free(seq->values);
    cg_budget_give(seq->budget, seq->capacity, sizeof *seq->values);
    cg_mex_free(&seq->mex);
    seq->values = NULL;
    seq->count = seq->capacity = 0;
}

/* Collect the values of every option of a heap of n into the mex set:
 * removing k tokens leaves nothing (bit 1, n == k), one heap of n - k
 * (bit 2, n > k), two heaps a + b = n - k with 1 <= a <= b (bit 4) or three
 * heaps a + b + c = n - k with 1 <= a <= b <= c (bit 8). */
static cg_status collect_options(cg_grundy_seq *seq, size_t n) {
    const cg_nimber *g = seq->values;
    cg_mex_set *mex = &seq->mex;
    cg_status st = CG_OK;
    for (size_t k = 0; k <= seq->code.last && k <= n; k++) {
        unsigned d = seq->code.digit[k];
        size_t rest = n - k;
        if ((d & 1) && rest == 0) {
            st |= cg_mex_add(mex, 0);
        }
        if ((d & 2) && rest > 0 && k > 0) {
            st |= cg_mex_add(mex, g[rest]);
        }
        if ((d & 4) && rest >= 2) {
            /* Every value so far is below bound, a power of two, and so is the
             * nim-sum of any two: reserve once, then add without checks. */
            if ((st |= cg_mex_reserve(mex, seq->bound)) != CG_OK) {
                return st;
            }
            for (size_t a = 1; a <= rest / 2; a++) {
                cg_mex_add_fast(mex, cg_nim_add(g[a], g[rest - a]));
            }
        }
        if ((d & 8) && rest >= 3) { /* three heaps a <= b <= c */
            if ((st |= cg_mex_reserve(mex, seq->bound)) != CG_OK) {
                return st;
            }
            for (size_t a = 1; 3 * a <= rest; a++) {
                for (size_t b = a; a + 2 * b <= rest; b++) {
                    cg_mex_add_fast(mex, g[a] ^ g[b] ^ g[rest - a - b]);
                }
            }
        }
    }
    return st;
}

cg_status cg_grundy_seq_extend(cg_grundy_seq *seq, size_t n, cg_error *err) {
    if (n < seq->count) {
        return CG_OK;
    }
    cg_status st = cg_grow_within(seq->budget, &seq->values, &seq->capacity, n + 1,
                                  sizeof *seq->values, "the Grundy table", err);
    if (st != CG_OK) {
        return st;
    }
    for (size_t m = seq->count; m <= n; m++) {
        cg_mex_clear(&seq->mex);
        if (collect_options(seq, m) != CG_OK) {
            return cg_error_set(err, CG_ERR_LIMIT, "Grundy value of heap %zu is too large", m);
        }
        seq->values[m] = cg_mex_value(&seq->mex);
        while (seq->values[m] >= seq->bound) {
            seq->bound *= 2;
        }
        seq->count = m + 1;
    }
    return CG_OK;
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
