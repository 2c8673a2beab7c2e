/* The library's own error value and the functions that fill it (the status
 * codes themselves are public: cgsolve/status.h). */
#ifndef CGSOLVE_STATUS_INTERNAL_H
#define CGSOLVE_STATUS_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "cgsolve/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A failure with its human-readable explanation (no trailing newline). */
typedef struct cg_error {
    cg_status status;
    bool over_budget; /* CG_ERR_LIMIT because the run's memory budget is spent */
    char message[CG_ERROR_MESSAGE_MAX];
    /* The place the message names, from 1, set where the error arises
     * (cg_error_set_at: "NAME:L:C: ..."); column 0 for a whole line, both 0
     * for no place. Every other setter clears them. */
    uint64_t line, column;
    /* CG_ERR_IO because the stream the answers go to failed (cg_error_output):
     * a front end that says this message need not say the stream failed
     * again when it closes it. Every other setter clears it. */
    bool on_output;
} cg_error;

/* Record a failure in err (which may be NULL) and return status. */
cg_status cg_error_set(cg_error *err, cg_status status, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The same with a va_list. */
cg_status cg_error_vset(cg_error *err, cg_status status, const char *format, va_list args)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;

/* Record a failure at a place of the text called name: the message is
 * "NAME:LINE:COLUMN: " ("NAME:LINE: " when column is 0) and then format's,
 * and err->line and err->column hold the place, so a caller reads it as
 * data rather than from the text. */
cg_status cg_error_set_at(cg_error *err, cg_status status, const char *name, uint64_t line,
                          uint64_t column, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* The same with a va_list. */
cg_status cg_error_vset_at(cg_error *err, cg_status status, const char *name, uint64_t line,
                           uint64_t column, const char *format, va_list args)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 0)))
#endif
    ;

/* Record an out-of-memory failure while doing `what`. */
cg_status cg_error_nomem(cg_error *err, const char *what);

/* Record a failed system call on path by errno: CG_ERR_IO "cannot ACTION
 * 'PATH': reason", or CG_ERR_NOMEM "out of memory while trying to ACTION
 * 'PATH'" for ENOMEM (a want of memory, not of I/O). */
cg_status cg_error_system(cg_error *err, const char *action, const char *path);

/* Record a failed write to the stream the answers go to, by errno:
 * CG_ERR_IO "write error on the output: reason", with err->on_output set. */
cg_status cg_error_output(cg_error *err);

/* Reset err to CG_OK with an empty message. */
void cg_error_clear(cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
