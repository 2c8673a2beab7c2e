/* Directories made and whole files written safely (dir_internal.h). */
#include "core/dir_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/buf_internal.h"
#include "core/file_internal.h"
#include "core/replace_file_internal.h"

/* A manifest lists a directory's files, not data: a bound against a wrong file. */
#define MANIFEST_MAX_BYTES ((size_t)64 << 20)

cg_status cg_make_dir(const char *path, cg_error *err) {
    if (path == NULL || path[0] == '\0') {
        return cg_error_set(err, CG_ERR_USAGE, "the directory has no name");
    }
    if (mkdir(path, 0777) == 0) {
        return CG_OK;
    }
    int saved = errno;
    struct stat st;
    if (saved == EEXIST && stat(path, &st) == 0) {
        return S_ISDIR(st.st_mode)
                   ? CG_OK
                   : cg_error_set(err, CG_ERR_IO,
                                  "cannot create the directory '%s': a file of that name is there",
                                  path);
    }
    errno = saved;
    return cg_error_system(err, "create the directory", path);
}

cg_status cg_join_path(char *out, const char *dir, const char *name, cg_error *err) {
    char joined[CG_PATH_SIZE]; /* out may be dir itself */
    int n = snprintf(joined, sizeof joined, "%s%s%s", dir, dir[0] != '\0' ? "/" : "", name);
    if (n < 0 || (size_t)n >= sizeof joined) {
        return cg_error_set(err, CG_ERR_USAGE, "the path '%s/%s' is longer than %d bytes", dir,
                            name, CG_PATH_SIZE - 1);
    }
    memcpy(out, joined, (size_t)n + 1);
    return CG_OK;
}

cg_status cg_write_whole_file(const char *path, const char *what, const char *data, size_t len,
                              bool executable, cg_error *err) {
    cg_replacement r;
    cg_status st = cg_replace_begin(&r, path, what, err);
    if (st != CG_OK) {
        return st;
    }
    bool ok = (len == 0 || fwrite(data, 1, len, r.file) == len) &&
              (!executable || fchmod(fileno(r.file), 0755) == 0);
    return cg_replace_commit(&r, ok, err);
}

/* ---- trees of files -------------------------------------------------------- */

/* What one file of a tree holds in the budget. */
static size_t file_bytes(const cg_tree_file *f) {
    return strlen(f->path) + 1 + f->len;
}

void cg_file_tree_free(cg_file_tree *tree) {
    for (size_t k = 0; k < tree->count; k++) {
        cg_budget_give(tree->budget, file_bytes(&tree->files[k]), 1);
        free(tree->files[k].path);
        free(tree->files[k].data);
    }
    cg_budget_give(tree->budget, tree->cap, sizeof *tree->files);
    free(tree->files);
    tree->files = NULL;
    tree->count = tree->cap = 0;
}

/* Whether path is relative and stays inside the tree: not empty, no
 * leading '/', no empty, "." or ".." part. */
static bool is_relative(const char *path) {
    for (const char *part = path;; part++) {
        size_t len = strcspn(part, "/");
        if (len == 0 || (len == 1 && part[0] == '.') ||
            (len == 2 && part[0] == '.' && part[1] == '.')) {
            return false;
        }
        part += len;
        if (*part == '\0') {
            return true;
        }
    }
}

cg_status cg_file_tree_add(cg_file_tree *tree, const char *path, const char *data, size_t len,
                           bool executable, cg_error *err) {
    if (!is_relative(path)) {
        return cg_error_set(err, CG_ERR_USAGE, "the file '%s' is not inside the tree", path);
    }
    if (tree->count == tree->cap) {
        size_t wanted = tree->cap == 0 ? 16 : 2 * tree->cap;
        cg_status st = cg_budget_resize(tree->budget, &tree->files, tree->cap, wanted,
                                        sizeof *tree->files, "the files to write", err);
        if (st != CG_OK) {
            return st;
        }
        tree->cap = wanted;
    }
    cg_tree_file f = {.path = NULL, .data = NULL, .len = len, .executable = executable};
    size_t path_len = strlen(path);
    cg_status st = cg_budget_take(tree->budget, path_len + 1 + len, 1, "the files to write", err);
    if (st != CG_OK) {
        return st;
    }
    f.path = malloc(path_len + 1);
    f.data = malloc(len + 1);
    if (f.path == NULL || f.data == NULL) {
        free(f.path);
        free(f.data);
        cg_budget_give(tree->budget, path_len + 1 + len, 1);
        return cg_error_nomem(err, "holding the files to write");
    }
    memcpy(f.path, path, path_len + 1);
    if (len > 0) {
        memcpy(f.data, data, len);
    }
    tree->files[tree->count++] = f;
    return CG_OK;
}

/* CG_ERR_IO unless path is a regular file or nothing (what names it). */
static cg_status file_can_go(const char *path, const char *what, cg_error *err) {
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode)) {
        return CG_OK;
    }
    return cg_error_set(err, CG_ERR_IO, "cannot write %s '%s': %s is there", what, path,
                        S_ISDIR(st.st_mode) ? "a directory" : "something not a regular file");
}

/* Every directory on the way from dir to the file dir/rel: checked
 * (make: made) part by part. */
static cg_status walk_dirs(const char *dir, const char *rel, bool make, cg_error *err) {
    char path[CG_PATH_SIZE] = "";
    cg_status st = cg_join_path(path, dir, rel, err);
    if (st != CG_OK) {
        return st;
    }
    size_t dir_len = strlen(dir) + 1;
    for (char *slash = strchr(path + dir_len, '/'); st == CG_OK && slash != NULL;
         slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        struct stat info;
        if (make) {
            st = cg_make_dir(path, err);
        } else if (stat(path, &info) == 0 && !S_ISDIR(info.st_mode)) {
            st = cg_error_set(err, CG_ERR_IO,
                              "cannot create the directory '%s': a file of that name is there",
                              path);
        }
        *slash = '/';
    }
    return st;
}

/* Every file of tree and the manifest can be written where they go. */
static cg_status check_tree(const cg_file_tree *tree, const char *dir, const char *manifest,
                            cg_error *err) {
    char path[CG_PATH_SIZE];
    cg_status st = cg_join_path(path, dir, manifest, err);
    st = st == CG_OK ? file_can_go(path, "the list of files", err) : st;
    for (size_t k = 0; st == CG_OK && k < tree->count; k++) {
        st = walk_dirs(dir, tree->files[k].path, false, err);
        st = st == CG_OK ? cg_join_path(path, dir, tree->files[k].path, err) : st;
        st = st == CG_OK ? file_can_go(path, "the file", err) : st;
    }
    return st;
}

static int compare_paths(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Remove dir/rel, a file the previous manifest lists, when it is a regular
 * file still, then its directories up to dir that this leaves empty. */
static cg_status remove_old(const char *dir, char *rel, cg_error *err) {
    char path[CG_PATH_SIZE];
    struct stat info;
    if (!is_relative(rel) || cg_join_path(path, dir, rel, NULL) != CG_OK ||
        lstat(path, &info) != 0 || !S_ISREG(info.st_mode)) {
        return CG_OK; /* not one cgsolve wrote, or gone already */
    }
    if (unlink(path) != 0) {
        return cg_error_system(err, "remove the old file", path);
    }
    size_t dir_len = strlen(dir);
    for (char *slash = strrchr(path, '/'); slash != NULL && (size_t)(slash - path) > dir_len;
         slash = strrchr(path, '/')) {
        *slash = '\0';
        if (rmdir(path) != 0) {
            break; /* not empty: the user's files, or this tree's */
        }
    }
    return CG_OK;
}

/* Remove what the manifest old (its text) lists and sorted[0..count) does not. */
static cg_status remove_stale(const char *dir, cg_buf *old, char **sorted, size_t count,
                              cg_error *err) {
    cg_status st = CG_OK;
    for (char *line = old->data; st == CG_OK && line != NULL && *line != '\0';) {
        char *end = strchr(line, '\n');
        if (end != NULL) {
            *end = '\0';
        }
        if (line[0] != '#' &&
            bsearch(&line, sorted, count, sizeof *sorted, compare_paths) == NULL) {
            st = remove_old(dir, line, err);
        }
        line = end != NULL ? end + 1 : NULL;
    }
    return st;
}

/* Remove what the previous manifest old lists and tree does not hold. */
static cg_status prune(const cg_file_tree *tree, const char *dir, cg_buf *old, cg_error *err) {
    char **sorted = malloc((tree->count + 1) * sizeof *sorted);
    if (sorted == NULL) {
        return cg_error_nomem(err, "writing the list of files");
    }
    for (size_t k = 0; k < tree->count; k++) {
        sorted[k] = tree->files[k].path;
    }
    qsort(sorted, tree->count, sizeof *sorted, compare_paths);
    cg_status st = remove_stale(dir, old, sorted, tree->count, err);
    free(sorted);
    return st;
}

/* The previous manifest's text into old (empty when there is none). */
static cg_status read_manifest(const char *path, cg_buf *old, cg_error *err) {
    struct stat info;
    if (stat(path, &info) != 0 && errno == ENOENT) {
        return CG_OK;
    }
    cg_status st = cg_read_file(path, MANIFEST_MAX_BYTES, NULL, old, err);
    cg_buf_putc(old, '\0');
    return st == CG_OK && cg_buf_failed(old) ? cg_error_nomem(err, "reading the list of files")
                                             : st;
}

/* The manifest of tree: a comment, then one path a line. */
static cg_status write_manifest(const cg_file_tree *tree, const char *path, cg_error *err) {
    cg_buf text = CG_BUF_INIT;
    cg_buf_puts(&text, "# The files cgsolve wrote here, which it replaces or removes when it\n"
                       "# writes this directory again; other files are left alone.\n");
    for (size_t k = 0; k < tree->count; k++) {
        cg_buf_puts(&text, tree->files[k].path);
        cg_buf_putc(&text, '\n');
    }
    cg_status st = cg_buf_failed(&text) ? cg_error_nomem(err, "writing the list of files")
                                        : cg_write_whole_file(path, "the list of files", text.data,
                                                              text.len, false, err);
    cg_buf_free(&text);
    return st;
}

/* Write every file of tree into dir, its directories made. */
static cg_status write_files(const cg_file_tree *tree, const char *dir, cg_error *err) {
    cg_status st = CG_OK;
    char path[CG_PATH_SIZE];
    for (size_t k = 0; st == CG_OK && k < tree->count; k++) {
        const cg_tree_file *f = &tree->files[k];
        st = walk_dirs(dir, f->path, true, err);
        st = st == CG_OK ? cg_join_path(path, dir, f->path, err) : st;
        st = st == CG_OK
                 ? cg_write_whole_file(path, "the file", f->data, f->len, f->executable, err)
                 : st;
    }
    return st;
}

cg_status cg_file_tree_write(const cg_file_tree *tree, const char *dir, const char *manifest,
                             cg_error *err) {
    char manifest_path[CG_PATH_SIZE];
    cg_status st = cg_join_path(manifest_path, dir, manifest, err);
    st = st == CG_OK ? cg_make_dir(dir, err) : st;
    st = st == CG_OK ? check_tree(tree, dir, manifest, err) : st;
    cg_buf old = CG_BUF_INIT;
    st = st == CG_OK ? read_manifest(manifest_path, &old, err) : st;
    st = st == CG_OK ? write_files(tree, dir, err) : st;
    st = st == CG_OK ? prune(tree, dir, &old, err) : st;
    cg_buf_free(&old);
    return st == CG_OK ? write_manifest(tree, manifest_path, err) : st;
}
