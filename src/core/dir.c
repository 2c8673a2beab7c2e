/* Directories made and whole files written safely (dir_internal.h). */
#include "core/dir_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/replace_file_internal.h"

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
    int n = snprintf(joined, sizeof joined, "%s/%s", dir, name);
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
