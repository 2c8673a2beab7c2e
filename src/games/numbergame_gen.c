/* Number game test data: positions reachable by play on 2..M, hard ones
 * (the positions searched longest: the full set and the full set after one
 * choice), boundary ones (no number left, only 2, the full set), and
 * shrinking by one more choice. */
#include <stdio.h>

#include "core/validate_internal.h"
#include "framework/testdata_internal.h"
#include "games/numbergame_internal.h"

#define JUDGE_SCENARIOS 1000000 /* the statement gives none: a sanity bound */
#define PROBLEM "UVa 1558"

const char cg_numbergame_judge_limits[] =
    "UVa 1558: numbers 2..20; per scenario 0 <= a < 20 available numbers, a\n"
    "position reachable by play (the forbidden set closed under addition).\n"
    "Layout: the number of scenarios on a line, then per scenario a on a line and\n"
    "a line of the a numbers, ascending (an empty line when a = 0).\n";

static int max_of(const cg_options *options) {
    return options->max_number != 0 ? (int)options->max_number : CG_NUMBERGAME_DEFAULT_MAX;
}

/* The judge's layout: a on a line, then the numbers on the next one. */
static void write_position(uint64_t position, cg_buf *out) {
    cg_buf_printf(out, "%d\n", __builtin_popcountll(position));
    const char *space = "";
    CG_NUMBERGAME_FOR_EACH(x, position) {
        cg_buf_printf(out, "%s%d", space, x);
        space = " ";
    }
}

/* A random available number of a non-empty position. */
static int pick(uint64_t position, cg_rng *rng) {
    uint64_t k = cg_rng_below(rng, (uint64_t)__builtin_popcountll(position));
    CG_NUMBERGAME_FOR_EACH(x, position) {
        if (k-- == 0) {
            return x;
        }
    }
    return 0;
}

cg_status cg_numbergame_generate_case(const cg_options *options, cg_rng *rng, uint64_t index,
                                      cg_buf *out, cg_error *err) {
    (void)err;
    cg_status st = cg_gen_within(options, "--max", (uint64_t)max_of(options),
                                 CG_NUMBERGAME_DEFAULT_MAX, PROBLEM, err);
    if (st != CG_OK) {
        return st;
    }
    int max = max_of(options);
    uint64_t position = cg_numbergame_full(max);
    uint64_t choices = cg_rng_below(rng, 6);
    if (options->edge) { /* nothing left, only 2, or the full set */
        choices = 0;
        position = index % 3 == 0 ? 0 : index % 3 == 1 ? cg_numbergame_bit(2) : position;
    } else if (options->hard) {
        choices = index % 2;
    }
    for (uint64_t k = 0; k < choices && position != 0; k++) {
        position = cg_numbergame_after(max, position, pick(position, rng));
    }
    write_position(position, out);
    return CG_OK;
}

static void add_position(uint64_t position, cg_strlist *candidates) {
    cg_buf smaller = CG_BUF_INIT;
    write_position(position, &smaller);
    cg_strlist_addf(candidates, "%s", smaller.data != NULL ? smaller.data : "");
    cg_buf_free(&smaller);
}

/* Smaller positions, every single reduction: one more number chosen (which
 * keeps it reachable), one number taken away, or one number one lower
 * (those two the caller drops where they are not reachable by play). */
void cg_numbergame_shrink_case(const char *text, size_t len, cg_strlist *candidates) {
    (void)len;
    int count, x, used;
    uint64_t position = 0;
    int max = 2;
    if (sscanf(text, "%d%n", &count, &used) != 1) {
        return;
    }
    for (const char *p = text + used; count-- > 0; p += used) {
        if (sscanf(p, "%d%n", &x, &used) != 1 || x < 2 || x > CG_NUMBERGAME_MAX_MAX) {
            return;
        }
        position |= cg_numbergame_bit(x);
        max = x > max ? x : max;
    }
    CG_NUMBERGAME_FOR_EACH(y, position) {
        add_position(cg_numbergame_after(max, position, y), candidates);
    }
    CG_NUMBERGAME_FOR_EACH(y, position) {
        add_position(position & ~cg_numbergame_bit(y), candidates);
    }
    CG_NUMBERGAME_FOR_EACH(y, position) {
        if (y > 2 && !(position & cg_numbergame_bit(y - 1))) {
            add_position((position & ~cg_numbergame_bit(y)) | cg_numbergame_bit(y - 1), candidates);
        }
    }
}

/* A position's size: its available numbers. */
uint64_t cg_numbergame_case_size(const char *text, size_t len) {
    (void)len;
    int count = 0;
    return sscanf(text, "%d", &count) == 1 && count > 0 ? (uint64_t)count : 0;
}

/* The line of a scenario's a numbers, at line, single spaces between them,
 * each in 2..max and above the one before; available gets them. */
static cg_status expect_numbers(cg_validator *v, uint64_t line, uint64_t a, int max,
                                uint64_t *available) {
    uint64_t x, previous = 1;
    for (uint64_t i = 0; i < a; i++) {
        cg_status st = i > 0 ? cg_expect_space(v) : CG_OK;
        if (st != CG_OK) {
            return st;
        }
        uint64_t column = v->column;
        if ((st = cg_expect_int(v, 2, (uint64_t)max, "a number", &x)) != CG_OK) {
            return st;
        }
        if (x <= previous) {
            return cg_validation_error(v, line, column, "%llu does not ascend after %llu",
                                       (unsigned long long)x, (unsigned long long)previous);
        }
        previous = x;
        *available |= cg_numbergame_bit((int)x);
    }
    return CG_OK;
}

/* Reachable by play: the forbidden numbers are closed under addition. */
static cg_status expect_reachable(cg_validator *v, uint64_t line, int max, uint64_t available) {
    uint64_t forbidden = cg_numbergame_full(max) & ~available;
    CG_NUMBERGAME_FOR_EACH(p, forbidden) {
        CG_NUMBERGAME_FOR_EACH(q, forbidden) {
            if (p + q <= max && (available & cg_numbergame_bit(p + q))) {
                return cg_validation_error(v, line, 1,
                                           "not reachable by play: %d and %d are forbidden but "
                                           "%d is available",
                                           p, q, p + q);
            }
        }
    }
    return CG_OK;
}

/* The judge's input exactly: the count, then per scenario a and the line
 * of its numbers, ascending, from a reachable position. */
cg_status cg_numbergame_validate_input(cg_validator *v) {
    const int max = CG_NUMBERGAME_DEFAULT_MAX;
    uint64_t scenarios;
    cg_status st = cg_expect_int(v, 0, JUDGE_SCENARIOS, "the number of scenarios", &scenarios);
    if (st == CG_OK) {
        st = cg_expect_eol(v);
    }
    for (uint64_t k = 0; st == CG_OK && k < scenarios; k++) {
        uint64_t a, available = 0;
        if ((st = cg_expect_int(v, 0, max - 1, "the count a", &a)) != CG_OK ||
            (st = cg_expect_eol(v)) != CG_OK) {
            break;
        }
        uint64_t line = v->line;
        if ((st = expect_numbers(v, line, a, max, &available)) != CG_OK ||
            (st = cg_expect_eol(v)) != CG_OK) {
            break;
        }
        st = expect_reachable(v, line, max, available);
    }
    return st == CG_OK ? cg_expect_eof(v) : st;
}
