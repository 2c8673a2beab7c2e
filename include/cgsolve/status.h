/* Status codes and error values shared by every part of the library.
 *
 * Library functions never print and never exit: they return a cg_status and,
 * on failure, fill a cg_error whose message the caller may show. */
#ifndef CGSOLVE_STATUS_H
#define CGSOLVE_STATUS_H

#include <stdarg.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cg_status {
    CG_OK = 0,
    CG_END,          /* no further case in the input: not an error */
    CG_ERR_INPUT,    /* the input is malformed or violates the game's rules */
    CG_ERR_LIMIT,    /* a resource limit (memory budget, size bound) was reached */
    CG_ERR_NOMEM,    /* the system refused an allocation */
    CG_ERR_IO,       /* reading or writing a stream failed */
    CG_ERR_USAGE,    /* invalid argument or option */
    CG_ERR_INTERNAL, /* an invariant of the library broke: a bug */
    CG_ERR_STOPPED   /* the caller's progress hook asked the work to stop (an interrupt) */
} cg_status;

#define CG_ERROR_MESSAGE_MAX 512

/* A failure with its human-readable explanation (no trailing newline). */
typedef struct cg_error {
    cg_status status;
    bool over_budget; /* CG_ERR_LIMIT because the run's memory budget is spent */
    char message[CG_ERROR_MESSAGE_MAX];
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

/* Record an out-of-memory failure while doing `what`. */
cg_status cg_error_nomem(cg_error *err, const char *what);

/* Reset err to CG_OK with an empty message. */
void cg_error_clear(cg_error *err);

/* A short constant name for status ("input error", "limit exceeded", ...). */
const char *cg_status_name(cg_status status);

#ifdef __cplusplus
}
#endif

#endif
