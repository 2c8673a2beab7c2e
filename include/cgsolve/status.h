/* Status codes shared by every part of the library and its callers.
 *
 * Library functions never print and never exit: they return a cg_status and,
 * on failure, fill an error whose message the caller may show (the one-call
 * API's cg_api_error; inside the library, cg_error of
 * src/core/status_internal.h). */
#ifndef CGSOLVE_STATUS_H
#define CGSOLVE_STATUS_H

#include "cgsolve/export.h"

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

/* A short constant name for status ("input error", "limit exceeded", ...). */
CG_API const char *cg_status_name(cg_status status);

#ifdef __cplusplus
}
#endif

#endif
