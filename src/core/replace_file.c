/* Files replaced whole (replace_file_internal.h): a temporary beside the file,
 * synced, renamed over it, and the directory synced. */
#include "core/replace_file_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A failed system call while writing the file (what: "the checkpoint"). */
static cg_status write_error(cg_error *err, const char *what, const char *path) {
    int saved = errno; /* snprintf may touch errno */
    char action[64];
    snprintf(action, sizeof action, "write %s", what);
    errno = saved;
    return cg_error_system(err, action, path);
}

static cg_status temporary_name(const char *path, const char *what, char *out, cg_error *err) {
    if (path == NULL || path[0] == '\0') {
        return cg_error_set(err, CG_ERR_USAGE, "%s's name is empty", what);
    }
    if (snprintf(out, CG_REPLACE_NAME_SIZE, "%s.tmp", path) >= CG_REPLACE_NAME_SIZE) {
        return cg_error_set(err, CG_ERR_USAGE, "%s's name is too long", what);
    }
    return CG_OK;
}

/* What path is when it is there and not a regular file, else NULL. */
static const char *not_regular(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode)) {
        return NULL;
    }
    return S_ISDIR(st.st_mode)    ? "a directory"
           : S_ISFIFO(st.st_mode) ? "a FIFO"
           : S_ISCHR(st.st_mode)  ? "a character device"
           : S_ISBLK(st.st_mode)  ? "a block device"
           : S_ISSOCK(st.st_mode) ? "a socket"
                                  : "not a regular file";
}

/* Create the temporary afresh: O_EXCL|O_NOFOLLOW never writes through a
 * symlink planted there; one left by a crash is removed first (unlink
 * removes a link itself, not what it points to). */
static int create_temporary(const char *temporary) {
    for (int attempt = 0; attempt < 2; attempt++) {
        int fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST || attempt > 0 || unlink(temporary) != 0) {
            return fd;
        }
    }
    return -1;
}

/* Sync the directory holding path, so the rename survives a crash too. */
static bool sync_directory(const char *path) {
    char directory[CG_REPLACE_NAME_SIZE];
    const char *slash = strrchr(path, '/');
    size_t len = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
    if (len >= sizeof directory) {
        return false;
    }
    memcpy(directory, len == 0 ? "." : path, len == 0 ? 1 : len);
    directory[len == 0 ? 1 : len] = '\0';
    int fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        return false;
    }
    /* some file systems cannot sync a directory: nothing more can be done there */
    bool ok = fsync(fd) == 0 || errno == EINVAL || errno == ENOTSUP;
    int saved = errno;
    close(fd);
    errno = saved;
    return ok;
}

cg_status cg_regular_or_none(const char *path, const char *what, cg_error *err) {
    const char *kind = not_regular(path);
    if (kind == NULL) {
        return CG_OK;
    }
    return cg_error_set(err, CG_ERR_USAGE, "%s '%s' is %s, not a regular file", what, path, kind);
}

/* path's temporary name into temporary, once path is known replaceable
 * (a regular file or none). */
static cg_status name_temporary(const char *path, const char *what, char *temporary,
                                cg_error *err) {
    cg_status st = temporary_name(path, what, temporary, err);
    return st != CG_OK ? st : cg_regular_or_none(path, what, err);
}

cg_status cg_replace_check(const char *path, const char *what, cg_error *err) {
    char temporary[CG_REPLACE_NAME_SIZE];
    cg_status st = name_temporary(path, what, temporary, err);
    if (st != CG_OK) {
        return st;
    }
    int fd = create_temporary(temporary);
    if (fd < 0) {
        return write_error(err, what, temporary);
    }
    close(fd);
    unlink(temporary);
    return CG_OK;
}

cg_status cg_replace_begin(cg_replacement *r, const char *path, const char *what, cg_error *err) {
    r->file = NULL;
    r->path = path;
    r->what = what;
    cg_status st = name_temporary(path, what, r->temporary, err);
    if (st != CG_OK) {
        return st;
    }
    int fd = create_temporary(r->temporary);
    r->file = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (r->file == NULL) {
        st = write_error(err, what, r->temporary);
        if (fd >= 0) {
            close(fd);
            unlink(r->temporary);
        }
    }
    return st;
}

cg_status cg_replace_commit(cg_replacement *r, bool ok, cg_error *err) {
    int saved = ok ? 0 : errno;
    ok = ok && fflush(r->file) == 0 && fsync(fileno(r->file)) == 0;
    saved = saved != 0 ? saved : ok ? 0 : errno;
    ok = fclose(r->file) == 0 && ok;
    r->file = NULL;
    cg_status st = CG_OK;
    if (!ok) {
        errno = saved != 0 ? saved : errno;
        st = write_error(err, r->what, r->temporary);
        unlink(r->temporary);
        return st;
    }
    if (rename(r->temporary, r->path) != 0) {
        st = write_error(err, r->what, r->path);
        unlink(r->temporary);
        return st;
    }
    return sync_directory(r->path) ? CG_OK : cg_error_system(err, "sync the directory of", r->path);
}

void cg_replace_abandon(cg_replacement *r) {
    if (r->file != NULL) {
        fclose(r->file);
        r->file = NULL;
        unlink(r->temporary);
    }
}
