/* Files replaced whole: a checkpoint, a certificate, a census's table. The
 * new contents go to NAME.tmp (created afresh, never through a symlink),
 * are synced and renamed over NAME, and NAME's directory is synced, so a
 * crash or a full disk leaves the previous file whole. The same checks,
 * run before a long computation, say at once whether NAME can be replaced
 * so: it must be a regular file or none yet (renaming over a device or a
 * FIFO would replace it, over a directory fails only at the end). */
#ifndef CGSOLVE_REPLACE_FILE_H
#define CGSOLVE_REPLACE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The temporary's size at most, its name included. */
#define CG_REPLACE_NAME_SIZE 4096

/* An open temporary of the file being replaced. */
typedef struct cg_replacement {
    FILE *file; /* write the new contents here */
    char temporary[CG_REPLACE_NAME_SIZE];
    const char *path;
    const char *what; /* "the checkpoint": for messages */
} cg_replacement;

/* Whether path (what names it in messages) is a regular file or none:
 * CG_ERR_USAGE "WHAT 'PATH' is a directory, not a regular file" and so on
 * for a directory, a FIFO, a device or a socket. */
cg_status cg_regular_or_none(const char *path, const char *what, cg_error *err);

/* Whether path (what names it in messages, e.g. "the checkpoint") can be
 * replaced: a regular file or none, and its temporary can be created
 * (it is removed again). CG_ERR_USAGE for an empty or over-long name or a
 * path that is not a regular file, CG_ERR_IO with the system's reason. */
cg_status cg_replace_check(const char *path, const char *what, cg_error *err);

/* Open path's temporary (path.tmp, created afresh: one left by a crash is
 * removed first) into r, binary. The errors of cg_replace_check. */
cg_status cg_replace_begin(cg_replacement *r, const char *path, const char *what, cg_error *err);

/* Sync and close r's temporary, rename it over the path and sync the
 * directory; ok false (a write failed: errno says why) or any failure
 * removes the temporary, the path untouched. CG_ERR_IO with the reason. */
cg_status cg_replace_commit(cg_replacement *r, bool ok, cg_error *err);

/* Close and remove r's temporary, the path untouched. */
void cg_replace_abandon(cg_replacement *r);

#ifdef __cplusplus
}
#endif

#endif
