/* Checkpoints of a Grundy sequence: "cgsolve-grundy 1 CODE COUNT\n", the
 * values as 32-bit little-endian numbers, then "fnv64 HEX\n" over all that
 * precedes. Written to FILE.tmp, synced and renamed, so a crash leaves the
 * previous checkpoint whole. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cgsolve/grundy_table.h"
#include "cgsolve/octal_engine.h"

#define MAGIC "cgsolve-grundy 1"

static cg_status io_error(cg_error *err, const char *what, const char *path) {
    return cg_error_set(err, CG_ERR_IO, "cannot %s '%s': %s", what, path, strerror(errno));
}

cg_status cg_octal_engine_save(const cg_octal_engine *e, const char *path, cg_error *err) {
    char temporary[4096];
    if (snprintf(temporary, sizeof temporary, "%s.tmp", path) >= (int)sizeof temporary) {
        return cg_error_set(err, CG_ERR_USAGE, "the checkpoint's name is too long");
    }
    FILE *f = fopen(temporary, "wb");
    if (f == NULL) {
        return io_error(err, "write the checkpoint", temporary);
    }
    char name[CG_OCTAL_MAX_DIGITS + 4], header[256];
    cg_octal_format(&e->code, name, sizeof name);
    int len = snprintf(header, sizeof header, MAGIC " %s %zu\n", name, e->count);
    uint64_t hash = cg_fnv1a(CG_FNV1A_START, header, (size_t)len);
    bool ok = fwrite(header, 1, (size_t)len, f) == (size_t)len;
    unsigned char chunk[4096];
    size_t used = 0;
    for (size_t i = 0; ok && i < e->count; i++) {
        uint32_t v = cg_octal_engine_at(e, i);
        for (int b = 0; b < 4; b++) {
            chunk[used++] = (unsigned char)(v >> (8 * b));
        }
        if (used == sizeof chunk || i + 1 == e->count) {
            hash = cg_fnv1a(hash, chunk, used);
            ok = fwrite(chunk, 1, used, f) == used;
            used = 0;
        }
    }
    ok = ok && fprintf(f, "fnv64 %016llx\n", (unsigned long long)hash) > 0 && fflush(f) == 0 &&
         fsync(fileno(f)) == 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(temporary, path) != 0) {
        cg_status st = io_error(err, "write the checkpoint", path);
        remove(temporary);
        return st;
    }
    return CG_OK;
}

static cg_status damaged(cg_error *err, const char *path, const char *why) {
    return cg_error_set(err, CG_ERR_INPUT, "%s: not a usable checkpoint: %s", path, why);
}

cg_status cg_octal_engine_load(cg_octal_engine *e, const cg_octal_code *code,
                               cg_engine_method method, cg_budget *budget, const char *path,
                               cg_error *err) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return io_error(err, "read the checkpoint", path);
    }
    char header[256];
    if (fgets(header, sizeof header, f) == NULL || strncmp(header, MAGIC " ", 17) != 0) {
        fclose(f);
        return damaged(err, path, "it does not start with \"" MAGIC "\"");
    }
    char name[CG_OCTAL_MAX_DIGITS + 4];
    unsigned long long count;
    cg_octal_code found;
    if (sscanf(header + 17, "%67s %llu", name, &count) != 2 ||
        cg_octal_parse(name, &found, NULL) != CG_OK || count == 0 || count > ((uint64_t)1 << 40) ||
        count > SIZE_MAX / sizeof(uint32_t)) {
        fclose(f);
        return damaged(err, path, "its header is malformed");
    }
    if (code != NULL &&
        (found.last != code->last || memcmp(found.digit, code->digit, sizeof found.digit) != 0)) {
        fclose(f);
        return cg_error_set(err, CG_ERR_INPUT, "%s: the checkpoint is of %s, not of this code",
                            path, name);
    }
    uint64_t hash = cg_fnv1a(CG_FNV1A_START, header, strlen(header));
    /* The values go straight into the engine, a block at a time, so reading
     * needs no memory beyond the engine's (counted in its budget), whatever
     * count the header claims. */
    cg_octal_engine_init(e, &found, method, budget);
    uint32_t values[1024];
    unsigned char bytes[4 * 1024];
    cg_status st = CG_OK;
    for (size_t done = 0; st == CG_OK && done < count;) {
        size_t n = count - done < 1024 ? (size_t)(count - done) : 1024;
        if (fread(bytes, 4, n, f) != n) {
            st = damaged(err, path, "it ends before its values do");
            break;
        }
        hash = cg_fnv1a(hash, bytes, 4 * n);
        for (size_t i = 0; i < n; i++) {
            const unsigned char *b = bytes + 4 * i;
            values[i] =
                (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        }
        st = cg_octal_engine_restore(e, values, n, err);
        done += n;
    }
    char trailer[64];
    unsigned long long stored;
    if (st == CG_OK && (fgets(trailer, sizeof trailer, f) == NULL ||
                        sscanf(trailer, "fnv64 %16llx", &stored) != 1 || stored != hash)) {
        st = damaged(err, path, "its checksum does not match its contents");
    }
    fclose(f);
    if (st != CG_OK) {
        cg_octal_engine_free(e);
    }
    return st;
}
