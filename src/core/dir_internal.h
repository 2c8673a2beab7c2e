/* Directories made and whole files written in them: what a tree of files
 * (a test directory, a problem package) is written with. Each file goes
 * through replace_file_internal.h, so a crash or a full disk leaves the
 * previous file whole, never half of a new one. */
#ifndef CGSOLVE_DIR_H
#define CGSOLVE_DIR_H

#include <stdbool.h>
#include <stddef.h>

#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest path cg_join_path makes, its NUL included. */
#define CG_PATH_SIZE 4096

/* Make the directory path unless it is one already (its parent must
 * exist). CG_ERR_IO with the system's reason ("cannot create the directory
 * 'PATH': Permission denied"), or saying that something other than a
 * directory has the name; CG_ERR_USAGE for an empty name. */
cg_status cg_make_dir(const char *path, cg_error *err);

/* dir/name into out[CG_PATH_SIZE] (which may be dir); CG_ERR_USAGE when it
 * does not fit. */
cg_status cg_join_path(char *out, const char *dir, const char *name, cg_error *err);

/* Write data[0..len) as the whole of the file at path (what names it in
 * messages, e.g. "the test input"), replaced safely; executable: mode 0755
 * (a script a judge runs), else as umask leaves 0666. The errors of
 * cg_replace_begin and cg_replace_commit. */
cg_status cg_write_whole_file(const char *path, const char *what, const char *data, size_t len,
                              bool executable, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
