#include "octal/octal_internal.h"

#include "core/grow_internal.h"

#include <stdbool.h>
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

/* Read '!' after the digit at k (at p, position pos in text): the splits of
 * that digit must leave heaps of different sizes. */
static cg_status read_unequal(const char *text, const char **p, cg_octal_code *code, size_t k,
                              cg_error *err) {
    if (**p != '!') {
        return CG_OK;
    }
    if ((code->digit[k] & (4 | 8)) == 0) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "invalid octal game code '%s': '!' at position %zu follows a digit "
                            "that does not split a heap (only 4-7 and c-f take '!')",
                            text, (size_t)(*p - text) + 1);
    }
    code->digit[k] |= CG_OCTAL_UNEQUAL;
    (*p)++;
    return CG_OK;
}

cg_status cg_octal_parse(const char *text, cg_octal_code *code, cg_error *err) {
    memset(code, 0, sizeof *code);
    if (text == NULL) {
        return cg_error_set(err, CG_ERR_INPUT, "no octal game code given");
    }
    const char *p = text;
    if (*p == '\0') {
        return cg_error_set(err, CG_ERR_INPUT, "invalid octal game code '': expected d0.d1d2...");
    }
    cg_status st = CG_OK;
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
        if ((st = read_unequal(text, &p, code, 0, err)) != CG_OK) {
            return st;
        }
        if (*p != '.' && *p != '\0') {
            return cg_error_set(err, CG_ERR_INPUT,
                                "invalid octal game code '%s': expected '.' at position %zu", text,
                                (size_t)(p - text) + 1);
        }
    }
    const char *point = p;
    if (*p == '.') {
        p++;
    }
    for (size_t k = 1; *p != '\0'; p++, k++) {
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
        p++;
        if ((st = read_unequal(text, &p, code, k, err)) != CG_OK) {
            return st;
        }
        p--;
    }
    /* the canonical form must fit CG_OCTAL_NAME_SIZE */
    if ((size_t)(p - point) > CG_OCTAL_MAX_DIGITS + 1) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "invalid octal game code '%s': more than %d characters after the point",
                            text, CG_OCTAL_MAX_DIGITS);
    }
    bool moves = false;
    for (size_t i = 0; i <= CG_OCTAL_MAX_DIGITS; i++) {
        if (code->digit[i] != 0) {
            code->last = i;
            moves = moves || (i > 0 || (code->digit[i] & (4 | 8)) != 0);
        }
    }
    if (!moves) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "invalid octal game code '%s': no digit allows a move", text);
    }
    return CG_OK;
}

bool cg_octal_unequal(const cg_octal_code *code) {
    for (size_t k = 0; k <= code->last; k++) {
        if (code->digit[k] & CG_OCTAL_UNEQUAL) {
            return true;
        }
    }
    return false;
}

void cg_octal_format(const cg_octal_code *code, char *out, size_t size) {
    if (size == 0) {
        return;
    }
    size_t o = 0;
    char digits[CG_OCTAL_NAME_SIZE + CG_OCTAL_MAX_DIGITS];
    for (size_t k = 0; k <= code->last || k == 0; k++) {
        digits[o++] = digit_char(code->digit[k] & 15);
        if (code->digit[k] & CG_OCTAL_UNEQUAL) {
            digits[o++] = '!';
        }
        if (k == 0) {
            digits[o++] = '.';
        }
    }
    if (code->last == 0) {
        digits[o++] = '0'; /* 4.0: a point needs a digit after it */
    }
    digits[o] = '\0';
    size_t n = o < size - 1 ? o : size - 1;
    memcpy(out, digits, n);
    out[n] = '\0';
}

static size_t start_of_period(const void *values, cg_value_at at, size_t p, size_t from) {
    size_t n = from;
    while (n > 0 && at(values, n - 1 + p) == at(values, n - 1)) {
        n--;
    }
    return n;
}

/* Periods that hold over a long stretch: a multiple of one holds wherever it
 * does, so its walk back starts at that one's start instead of at the end
 * (without this, every multiple of the true period walked back over the
 * whole periodic stretch). */
#define KNOWN_TAILS 8
/* Below the start s of the first long period q, a multiple p of q compares
 * G(i) with G(i + p), which is the periodic pattern's value at i as long as
 * i + p >= s: the same comparison for every multiple. The positions where G
 * leaves the pattern (the exceptions), found once, answer those walks
 * without repeating them; 0.376's preperiod of 2,268,248 is nearly periodic,
 * and looking for its period took over a minute before. At most
 * EXCEPTIONS are kept (in heap scratch: 32 KiB), the nearest to s. */
#define EXCEPTIONS 4096

typedef struct pattern {
    size_t period, start;         /* period 0: none yet */
    size_t exception[EXCEPTIONS]; /* descending, below start */
    size_t count;
    size_t floor; /* every i in [floor, start) was looked at */
} pattern;

static void find_exceptions(const void *values, cg_value_at at, pattern *pat) {
    size_t q = pat->period, s = pat->start;
    pat->count = 0;
    size_t i = s;
    while (i > 0 && pat->count < EXCEPTIONS) {
        i--;
        size_t same = s + (q - (s - i) % q) % q; /* i's place in the pattern */
        if (at(values, i) != at(values, same)) {
            pat->exception[pat->count++] = i;
        }
    }
    pat->floor = i;
}

/* The walk back for a multiple p of the pattern's period, starting at from
 * (below the pattern's start): the start of the period p when an exception
 * settles it (*settled), else the point from which the walk must go on
 * comparing directly. */
static size_t skip_by_pattern(const pattern *pat, size_t p, size_t from, bool *settled) {
    size_t low = pat->start > p ? pat->start - p : 0; /* i + p >= start from here up */
    if (low < pat->floor) {
        low = pat->floor;
    }
    size_t lo = 0, hi = pat->count; /* the largest exception below from */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (pat->exception[mid] < from) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    if (lo < pat->count && pat->exception[lo] >= low) {
        *settled = true;
        return pat->exception[lo] + 1;
    }
    *settled = false;
    return low < from ? low : from;
}

size_t cg_octal_find_period_in(const void *values, cg_value_at at, size_t count,
                               const cg_octal_code *code, size_t *preperiod) {
    return cg_octal_find_period_upto(values, at, count, code, SIZE_MAX, preperiod);
}

/* The pattern of the first long period found (p from start), or NULL: it
 * is heap scratch of this call, made when needed (most searches never need
 * one); without memory for it the walks compare directly, to the same
 * answer. */
static pattern *pattern_of(const void *values, cg_value_at at, size_t p, size_t start) {
    pattern *pat = malloc(sizeof *pat);
    if (pat != NULL) {
        pat->period = p;
        pat->start = start;
        find_exceptions(values, at, pat);
    }
    return pat;
}

size_t cg_octal_find_period_upto(const void *values, cg_value_at at, size_t count,
                                 const cg_octal_code *code, size_t largest, size_t *preperiod) {
    struct {
        size_t period, start;
    } tails[KNOWN_TAILS];
    size_t known = 0;
    *preperiod = 0;
    if (cg_octal_unequal(code)) {
        return 0; /* no theorem to prove a period with (see octal_internal.h) */
    }
    pattern *pat = NULL;
    bool patterned = false; /* a pattern was looked for */
    size_t found = 0;
    /* A period p can be proven only when 2p + last <= count. */
    for (size_t p = 1; found == 0 && p <= largest && 2 * p + code->last <= count; p++) {
        size_t from = count - p;
        for (size_t t = 0; t < known; t++) {
            if (p % tails[t].period == 0 && tails[t].start < from) {
                from = tails[t].start;
            }
        }
        bool settled = false;
        if (pat != NULL && p % pat->period == 0 && from < pat->start) {
            from = skip_by_pattern(pat, p, from, &settled);
        }
        size_t start = settled ? from : start_of_period(values, at, p, from);
        if (count - p - start > p && known < KNOWN_TAILS) {
            tails[known].period = p;
            tails[known].start = start;
            known++;
            if (!patterned && start > 0) {
                patterned = true;
                pat = pattern_of(values, at, p, start);
            }
        }
        /* The equality must be verified for n < 2 * start + p + last, and
         * for n = p + last too when start is 0: in the induction, the
         * option (p, p) of heap n + p maps to (p, 0) of heap n, which is not
         * a split, when the preperiod is 0 (e.g. 0.4: G(0..2) = 0 0 0,
         * but G(3) = 1). */
        size_t needed = 2 * start + p + code->last + p + (start == 0);
        if (needed <= count) {
            *preperiod = start;
            found = p;
        }
    }
    free(pat);
    return found;
}

static uint64_t nimber_at(const void *values, size_t n) {
    return ((const cg_nimber *)values)[n];
}

size_t cg_octal_find_period(const cg_nimber *values, size_t count, const cg_octal_code *code,
                            size_t *preperiod) {
    return cg_octal_find_period_in(values, nimber_at, count, code, preperiod);
}

void cg_octal_each_option(const cg_octal_code *code, size_t n, cg_octal_option_fn fn,
                          void *context) {
    size_t parts[3];
    for (size_t k = 0; k <= code->last && k <= n; k++) {
        unsigned d = code->digit[k];
        size_t rest = n - k;
        if (k > 0 && (d & 1) && rest == 0) {
            fn(context, k, parts, 0);
        }
        if (k > 0 && (d & 2) && rest > 0) {
            parts[0] = rest;
            fn(context, k, parts, 1);
        }
        for (size_t a = 1; (d & 4) && 2 * a <= rest; a++) {
            parts[0] = a;
            parts[1] = rest - a;
            fn(context, k, parts, 2);
        }
        for (size_t a = 1; (d & 8) && 3 * a <= rest; a++) {
            for (size_t b = a; a + 2 * b <= rest; b++) {
                parts[0] = a;
                parts[1] = b;
                parts[2] = rest - a - b;
                fn(context, k, parts, 3);
            }
        }
    }
}
