/* Octal games and their Grundy sequences.
 *
 * An octal game is played on heaps of tokens and named by a code d0.d1d2d3...
 * whose digit d_k (0..7) says what removing k tokens from one heap may leave:
 * bit 1 — nothing (the whole heap was k tokens), bit 2 — one non-empty heap,
 * bit 4 — two non-empty heaps. d0 may only be 0 or 4 (split a heap in two
 * without removing anything). Examples: 0.77 Kayles, 0.07 Dawson's Kayles,
 * 0.007 Treblecross, 4 (or 4.0: only splits). Hexadecimal digits 8-f add
 * bit 8: leave three non-empty heaps (as in Flammenkamp's and CGSuite's
 * tables), e.g. 0.8 or 4.c. A '!' after a digit that splits (CGSuite's
 * notation) asks the heaps it leaves to differ in size: 4!.0 is Grundy's
 * game (split a heap into two unequal heaps). */
#ifndef CGSOLVE_OCTAL_H
#define CGSOLVE_OCTAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/nimber_internal.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_OCTAL_MAX_DIGITS 64
/* Room for a code's canonical form: "4!." (or "0."), at most
 * CG_OCTAL_MAX_DIGITS characters after the point, and the NUL. */
#define CG_OCTAL_NAME_SIZE (CG_OCTAL_MAX_DIGITS + 4)
/* In a digit, beside its bits 1, 2, 4, 8: the heaps it leaves by a split
 * must be of different sizes ('!'). */
#define CG_OCTAL_UNEQUAL 16

typedef struct cg_octal_code {
    uint8_t digit[CG_OCTAL_MAX_DIGITS + 1]; /* digit[k]: the rule for removing k tokens,
                                               with CG_OCTAL_UNEQUAL for a '!' */
    size_t last;                            /* largest k with digit[k] != 0 */
} cg_octal_code;

/* Parse a code such as "0.007", "4.07", "4" or "4!.0". Errors name the
 * offending character; a code that allows no move is rejected. At most
 * CG_OCTAL_MAX_DIGITS characters ('!' included) after the point. */
cg_status cg_octal_parse(const char *text, cg_octal_code *code, cg_error *err);

/* Whether a digit of code carries a '!' (splits into unequal heaps only). */
bool cg_octal_unequal(const cg_octal_code *code);

/* Write the canonical form of code ("0.007", "4.0", "4!.0") into out (size
 * bytes; CG_OCTAL_NAME_SIZE holds any). */
void cg_octal_format(const cg_octal_code *code, char *out, size_t size);

/* Find the smallest period p of values[0..count-1] (and its preperiod: the
 * first index from which G(n + p) = G(n) holds) that the octal periodicity
 * theorem proves everlasting: it needs the equality checked for all n with
 * preperiod <= n < 2 * preperiod + p + last, where last is the code's largest
 * removal, and for n = p + last too when the preperiod is 0 (see octal.c).
 * Returns 0 when no proven period exists among the known values, and always
 * for a code with a '!' (the theorem's induction maps an unequal split of
 * heap n + p to a split of heap n that may be equal, so it does not apply). */
typedef uint64_t (*cg_value_at)(const void *values, size_t n);
/* The same for values read through at(values, n). */
size_t cg_octal_find_period_in(const void *values, cg_value_at at, size_t count,
                               const cg_octal_code *code, size_t *preperiod);
size_t cg_octal_find_period(const cg_nimber *values, size_t count, const cg_octal_code *code,
                            size_t *preperiod);
/* The same among periods up to largest: the search costs about largest
 * comparisons, where the full one costs count / 2 (longer periods are for
 * cg_period_watch, octal_period_internal.h, to find as the values come). */
size_t cg_octal_find_period_upto(const void *values, cg_value_at at, size_t count,
                                 const cg_octal_code *code, size_t largest, size_t *preperiod);

/* Every move from a heap of n tokens: fn(context, take, parts, count) with
 * the count (0 to 3) non-empty heaps it leaves, ascending, each option once,
 * in order of take then parts. take 0 (d0 = 4, 8 or c) only splits. */
typedef void (*cg_octal_option_fn)(void *context, size_t take, const size_t *parts, size_t count);
void cg_octal_each_option(const cg_octal_code *code, size_t n, cg_octal_option_fn fn,
                          void *context);

#ifdef __cplusplus
}
#endif

#endif
