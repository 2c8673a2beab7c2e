/* Directories made and whole files written in them: what a tree of files
 * (a test directory, a problem package) is written with. Each file goes
 * through replace_file_internal.h, so a crash or a full disk leaves the
 * previous file whole, never half of a new one. */
#ifndef CGSOLVE_DIR_H
#define CGSOLVE_DIR_H

#include <stdbool.h>
#include <stddef.h>

#include "core/budget_internal.h"
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

/* dir/name into out[CG_PATH_SIZE] (which may be dir), or name when dir is
 * "" (a tree's top); CG_ERR_USAGE when it does not fit. */
cg_status cg_join_path(char *out, const char *dir, const char *name, cg_error *err);

/* Write data[0..len) as the whole of the file at path (what names it in
 * messages, e.g. "the test input"), replaced safely; executable: mode 0755
 * (a script a judge runs), else as umask leaves 0666. The errors of
 * cg_replace_begin and cg_replace_commit. */
cg_status cg_write_whole_file(const char *path, const char *what, const char *data, size_t len,
                              bool executable, cg_error *err);

/* One file of a cg_file_tree. */
typedef struct cg_tree_file {
    char *path; /* relative to the tree's directory, '/' between its parts */
    char *data;
    size_t len;
    bool executable;
} cg_tree_file;

/* A tree of files held in memory, then written into a directory at once:
 * a test directory, a problem package. Everything that can go wrong before
 * a byte is written (a plan's bad line, a test beyond the limits, the
 * answers) is found while it is built, so a failed command leaves the
 * directory as it was. */
typedef struct cg_file_tree {
    cg_tree_file *files;
    size_t count, cap;
    cg_budget *budget; /* the files' bytes are reserved here (may be NULL) */
} cg_file_tree;

#define CG_FILE_TREE_INIT                                                                          \
    { NULL, 0, 0, NULL }

/* Free the tree's files and give their bytes back to its budget. */
void cg_file_tree_free(cg_file_tree *tree);

/* Add a copy of data[0..len) as the file path (relative: no leading '/',
 * no "." or ".." part) of tree; executable as cg_write_whole_file's. Its
 * bytes are reserved in tree->budget first: CG_ERR_LIMIT when they do not
 * fit, CG_ERR_NOMEM, CG_ERR_USAGE for a path that is not relative. */
cg_status cg_file_tree_add(cg_file_tree *tree, const char *path, const char *data, size_t len,
                           bool executable, cg_error *err);

/* Write tree into dir (made when missing; its parent must exist): each
 * file replaced whole, its directories made. manifest names the list of
 * what was written, dir/MANIFEST, one path a line, written last; the files
 * the previous list names that this tree does not hold are removed (and
 * their directories when that leaves them empty). Files cgsolve did not
 * write are never removed. Before anything is written every path is
 * checked: CG_ERR_IO when a directory or a non-regular file is where a
 * file goes, or a file where a directory goes; then the errors of writing. */
cg_status cg_file_tree_write(const cg_file_tree *tree, const char *dir, const char *manifest,
                             cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
