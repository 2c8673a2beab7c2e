/* A grundy run's options and files, checked before it starts
 * (grundy_check_internal.h). */
#include "octal/grundy_check_internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/replace_file_internal.h"

/* How a file named is used. */
typedef enum file_use {
    READ,     /* read only */
    WRITTEN,  /* written in place: any kind of file (--values-out /dev/null) */
    REGULAR,  /* written in place, a regular file or none */
    REPLACED, /* replaced whole (replace_file_internal.h) */
} file_use;

typedef struct named_file {
    const char *option; /* "--spill" */
    const char *what;   /* "the spill file", for messages */
    const char *path;   /* NULL: not named */
    file_use use;
} named_file;

/* The directory part of path into out ("." for none). */
static void directory_of(const char *path, char *out, size_t size) {
    const char *slash = strrchr(path, '/');
    size_t len = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
    if (len == 0 || len >= size) {
        snprintf(out, size, "%s", len == 0 ? "." : "/");
        return;
    }
    memcpy(out, path, len);
    out[len] = '\0';
}

static const char *base_of(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash == NULL ? path : slash + 1;
}

static bool same_inode(const struct stat *a, const struct stat *b) {
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Whether two names are one file: the same name, the same file (both
 * there), or neither there and the same name in the same directory. */
static bool same_file(const char *a, const char *b) {
    if (strcmp(a, b) == 0) {
        return true;
    }
    struct stat sa, sb;
    bool has_a = stat(a, &sa) == 0, has_b = stat(b, &sb) == 0;
    if (has_a || has_b) {
        return has_a && has_b && same_inode(&sa, &sb);
    }
    char da[CG_REPLACE_NAME_SIZE], db[CG_REPLACE_NAME_SIZE];
    directory_of(a, da, sizeof da);
    directory_of(b, db, sizeof db);
    return strcmp(base_of(a), base_of(b)) == 0 && stat(da, &sa) == 0 && stat(db, &sb) == 0 &&
           same_inode(&sa, &sb);
}

/* --checkpoint may be the checkpoint resumed: it is read, then replaced. */
static bool may_share(const named_file *a, const named_file *b) {
    return strcmp(a->option, "--checkpoint") == 0 && strcmp(b->option, "--resume") == 0;
}

static cg_status check_files(const cg_options *o, cg_error *err) {
    char times[CG_REPLACE_NAME_SIZE];
    const char *times_path = NULL;
    if (o->census && o->checkpoint != NULL &&
        snprintf(times, sizeof times, "%s.seconds", o->checkpoint) < (int)sizeof times) {
        times_path = times;
    }
    const named_file files[] = {
        {"--checkpoint", "the checkpoint", o->checkpoint, o->census ? REGULAR : REPLACED},
        {"--resume", "the checkpoint", o->resume, READ},
        {"--spill", "the spill file", o->spill, REGULAR},
        {"--values-out", "the values' file", o->values_out, WRITTEN},
        {"--certificate", "the certificate", o->certificate, REPLACED},
        {"--markdown", "the table", o->markdown, REPLACED},
        {"--checkpoint's times", "the census's times", times_path, REGULAR},
        {"--verify", "the certificate", o->verify, READ},
        {"--published", "the published extents", o->published, READ},
    };
    size_t count = sizeof files / sizeof files[0];
    for (size_t i = 0; i < count; i++) {
        const named_file *a = &files[i];
        for (size_t j = i + 1; a->path != NULL && j < count; j++) {
            const named_file *b = &files[j];
            if (b->path != NULL && (a->use != READ || b->use != READ) && !may_share(a, b) &&
                same_file(a->path, b->path)) {
                return cg_error_set(err, CG_ERR_USAGE,
                                    "%s '%s' and %s '%s' are one file: each needs a name of "
                                    "its own",
                                    a->option, a->path, b->option, b->path);
            }
        }
    }
    for (size_t i = 0; i < count; i++) {
        const named_file *f = &files[i];
        cg_status st = f->path == NULL      ? CG_OK
                       : f->use == REPLACED ? cg_replace_check(f->path, f->what, err)
                       : f->use == REGULAR  ? cg_regular_or_none(f->path, f->what, err)
                                            : CG_OK;
        if (st != CG_OK) {
            return st;
        }
    }
    return CG_OK;
}

cg_status cg_grundy_check(const cg_options *options, cg_error *err) {
    if (options == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "no options to check");
    }
    return check_files(options, err);
}
