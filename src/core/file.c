#include "core/file_internal.h"

#include <errno.h>
#include <string.h>

#include "core/grow_internal.h"

/* Read in blocks of this many bytes. */
#define CHUNK ((size_t)65536)

/* "64 MiB" for whole MiB, else "N bytes". */
static void describe_size(char *out, size_t size, size_t bytes) {
    if (bytes >= ((size_t)1 << 20) && bytes % ((size_t)1 << 20) == 0) {
        snprintf(out, size, "%zu MiB", bytes >> 20);
    } else {
        snprintf(out, size, "%zu bytes", bytes);
    }
}

cg_status cg_read_stream(FILE *f, const char *name, size_t limit, cg_budget *budget, cg_buf *out,
                         cg_error *err) {
    if (f == NULL || name == NULL || out == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_read_stream: NULL %s",
                            f == NULL      ? "stream"
                            : name == NULL ? "name"
                                           : "buffer");
    }
    if (out->data != NULL || out->len != 0) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_read_stream: the buffer is not empty");
    }
    size_t got = 0;
    do {
        out->len += got;
        if (limit > 0 && out->len > limit) {
            char bound[32];
            describe_size(bound, sizeof bound, limit);
            out->data[out->len = limit] = '\0';
            return cg_error_set(err, CG_ERR_INPUT, "'%s' is longer than %s", name, bound);
        }
        /* room for a block and the NUL */
        cg_status st =
            cg_grow_within(budget, &out->data, &out->cap, out->len + CHUNK + 1, 1, "the file", err);
        if (st != CG_OK) {
            if (out->data != NULL) {
                out->data[out->len] = '\0';
            }
            if (err != NULL) {
                char reason[CG_ERROR_MESSAGE_MAX];
                memcpy(reason, err->message, sizeof reason);
                bool over_budget = err->over_budget;
                cg_error_set(err, st, "%s: %.*s", name, (int)(sizeof reason - 64), reason);
                err->over_budget = over_budget;
            }
            return st;
        }
    } while ((got = fread(out->data + out->len, 1, CHUNK, f)) > 0);
    out->data[out->len] = '\0';
    if (ferror(f) != 0) {
        return cg_error_set(err, CG_ERR_IO, "cannot read '%s': %s", name, strerror(errno));
    }
    return CG_OK;
}

cg_status cg_read_file(const char *path, size_t limit, cg_budget *budget, cg_buf *out,
                       cg_error *err) {
    if (path == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_read_file: NULL path");
    }
    bool standard_input = strcmp(path, "-") == 0;
    errno = 0;
    FILE *f = standard_input ? stdin : fopen(path, "rb");
    if (f == NULL) {
        int e = errno;
        return e == ENOMEM
                   ? cg_error_set(err, CG_ERR_NOMEM, "out of memory while opening '%s'", path)
                   : cg_error_set(err, CG_ERR_IO, "cannot open '%s': %s", path, strerror(e));
    }
    cg_status st = cg_read_stream(f, standard_input ? "<stdin>" : path, limit, budget, out, err);
    if (!standard_input) {
        fclose(f);
    }
    return st;
}
