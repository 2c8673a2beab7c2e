/* Strict judge-input validation (`cgsolve validate`), in testlib's spirit:
 * an input is read byte by byte against the problem's exact layout (single
 * spaces between tokens, the line ends where the statement has them, a
 * final line end, nothing after the end) and its stated limits. The first
 * violation is reported with its line and column and what was expected.
 *
 * The generic part (this cursor and its expectations) knows no game; each
 * game's validate_input (in its _gen.c, beside its generator and limits)
 * says what its input is made of. */
#ifndef CGSOLVE_VALIDATE_H
#define CGSOLVE_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_validator {
    const char *text; /* the whole input */
    size_t len, at;   /* its length; the place read next */
    uint64_t line, column;
    const char *name; /* for messages, e.g. the file's name */
    cg_error *err;
} cg_validator;

/* A cursor at the start of text (len bytes) called name. */
void cg_validator_init(cg_validator *v, const char *text, size_t len, const char *name,
                       cg_error *err);

/* Each expectation consumes what it names or fails with CG_ERR_INPUT
 * ("NAME:LINE:COLUMN: expected ..., found ..."), the cursor left at the
 * violation. */
/* A decimal integer from min to max (no sign, no leading zero), called
 * what in messages. */
cg_status cg_expect_int(cg_validator *v, uint64_t min, uint64_t max, const char *what,
                        uint64_t *value);
/* Exactly one space. */
cg_status cg_expect_space(cg_validator *v);
/* The end of a line ('\n'; "\r\n" is refused as the judge's files have none). */
cg_status cg_expect_eol(cg_validator *v);
/* The end of the input. */
cg_status cg_expect_eof(cg_validator *v);
/* A token of characters from allowed, min_len to max_len of them; *start
 * and *len give it. */
cg_status cg_expect_word(cg_validator *v, const char *allowed, size_t min_len, size_t max_len,
                         const char *what, const char **start, size_t *len);
/* Spaces before a line end, allowed where the statement says lines may
 * carry them. */
void cg_skip_trailing_spaces(cg_validator *v);
/* Fail at the cursor (or at the given place) with a message. */
cg_status cg_validation_error(cg_validator *v, uint64_t line, uint64_t column, const char *format,
                              ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif
