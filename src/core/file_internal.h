/* The whole of a file in memory: one reader for every file a front end
 * loads at once (a judge output to check, an input to validate, a start
 * position), with a clear error for a file over its bound rather than a
 * silent cut. */
#ifndef CGSOLVE_FILE_H
#define CGSOLVE_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "cgsolve/status.h"
#include "core/budget_internal.h"
#include "core/buf_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read the rest of f into the empty buffer out (NUL-terminated, also when
 * empty; the caller frees it), name naming f in messages. Its storage is
 * counted in budget (NULL: unlimited; give out->cap bytes back after
 * freeing it) and the file may hold at most limit bytes (0: no bound).
 * CG_ERR_INPUT "'NAME' is longer than ..." past limit, CG_ERR_LIMIT past the
 * budget, CG_ERR_NOMEM, or CG_ERR_IO with the system's reason; out then
 * holds what was read. */
cg_status cg_read_stream(FILE *f, const char *name, size_t limit, cg_budget *budget, cg_buf *out,
                         cg_error *err);

/* The same for the file at path ("-": standard input, named "<stdin>"
 * in messages), opened and closed here: CG_ERR_IO "cannot open 'PATH':
 * reason", or CG_ERR_NOMEM when the system had no memory to open it. */
cg_status cg_read_file(const char *path, size_t limit, cg_budget *budget, cg_buf *out,
                       cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
