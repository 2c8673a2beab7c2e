/* Checkpoints of a Grundy sequence: "cgsolve-grundy 1 CODE COUNT\n", the
 * values as 32-bit little-endian numbers, then "fnv64 HEX\n" over all that
 * precedes. A windowed store's (octal_store_internal.h) is "cgsolve-grundy 2 CODE
 * COUNT HEAD SPAN LOW MASK LARGEST LARGEST_AT CHECKSUM\n" with the values
 * G(0..HEAD-1) and G(LOW..COUNT-1) alone, CHECKSUM (16 hex digits) being
 * grundy_table_internal.h's of G(0..LOW-1). A spilled one's (octal_store_internal.h's spill
 * file) is "cgsolve-grundy 3" with the same fields and WIDTH, the bytes a
 * value in the spill file: its dropped values, rare positions among them,
 * are in that file, so it resumes only onto it. Written as replace_file_internal.h
 * replaces a file (FILE.tmp, synced, renamed), so a crash leaves the
 * previous checkpoint whole. Read twice: once to check the checksum and what costs nothing to check
 * (no value exceeds its heap's number of options, so G(0) = 0), then into the engine, so a damaged
 * file never reaches the engine. The checksum guards against accidents (a torn or corrupted file),
 * not forgery. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/hash_internal.h"
#include "core/replace_file_internal.h"
#include "octal/octal_engine_internal.h"

#define MAGIC "cgsolve-grundy 1"
#define WINDOWED "cgsolve-grundy 2" /* MAGIC's length, for the header's first check */
#define SPILLED "cgsolve-grundy 3"  /* the same */
#define BLOCK 1024                  /* values read at a time */
/* A window's span, at most (the store doubles it: no overflow). */
#define MAX_SPAN ((unsigned long long)1 << 62)

/* G(from..to-1). */
static bool write_values(const cg_octal_engine *e, size_t from, size_t to, FILE *f,
                         uint64_t *hash) {
    unsigned char chunk[4096];
    size_t used = 0;
    for (size_t i = from; i < to; i++) {
        uint32_t v = cg_octal_engine_at(e, i);
        for (int b = 0; b < 4; b++) {
            chunk[used++] = (unsigned char)(v >> (8 * b));
        }
        if (used == sizeof chunk || i + 1 == to) {
            *hash = cg_fnv1a(*hash, chunk, used);
            if (fwrite(chunk, 1, used, f) != used) {
                return false;
            }
            used = 0;
        }
    }
    return true;
}

cg_status cg_octal_engine_save(const cg_octal_engine *e, const char *path, cg_error *err) {
    if (!cg_octal_store_sync(e)) { /* a resume reads the dropped values back from it */
        return cg_error_set(err, CG_ERR_IO, "writing the spill file %s: %s", e->store.spill,
                            strerror(errno));
    }
    cg_replacement r;
    cg_status st = cg_replace_begin(&r, path, "the checkpoint", err);
    if (st != CG_OK) {
        return st;
    }
    char name[CG_OCTAL_MAX_DIGITS + 4], header[256];
    cg_octal_format(&e->code, name, sizeof name);
    const cg_octal_store *w = &e->store;
    bool spilled = w->windowed && w->spill != NULL;
    int len = w->windowed
                  ? snprintf(header, sizeof header, "%s %s %zu %zu %zu %zu %lu %lu %zu %016llx",
                             spilled ? SPILLED : WINDOWED, name, e->count, w->head, w->span, w->low,
                             (unsigned long)e->mask, (unsigned long)e->largest, e->largest_at,
                             (unsigned long long)w->below)
                  : snprintf(header, sizeof header, MAGIC " %s %zu", name, e->count);
    len += snprintf(header + len, sizeof header - (size_t)len, spilled ? " %zu\n" : "\n", w->width);
    size_t head = w->windowed ? w->head : e->count, low = w->windowed ? w->low : e->count;
    uint64_t hash = cg_fnv1a(CG_FNV1A_START, header, (size_t)len);
    bool ok = fwrite(header, 1, (size_t)len, r.file) == (size_t)len &&
              write_values(e, 0, head, r.file, &hash) &&
              write_values(e, low, e->count, r.file, &hash);
    ok = ok && fprintf(r.file, "fnv64 %016llx\n", (unsigned long long)hash) > 0;
    return cg_replace_commit(&r, ok, err);
}

static cg_status damaged(cg_error *err, const char *path, const char *why) {
    return cg_error_set(err, CG_ERR_INPUT, "%s: not a usable checkpoint: %s", path, why);
}

/* A read that came short: the system's reason, or a file that ends early. */
static cg_status short_read(FILE *f, cg_error *err, const char *path, const char *why) {
    if (ferror(f)) {
        return cg_error_system(err, "read the checkpoint", path);
    }
    return damaged(err, path, why);
}

/* The moves of heap n: a bound on G(n), the mex of their values (0 for heap
 * 0: no digit removes nothing and leaves nothing). */
static uint64_t most_options(const cg_octal_code *code, uint64_t n) {
    uint64_t moves = 0;
    for (size_t k = 0; k <= code->last && k <= n; k++) {
        unsigned d = code->digit[k];
        uint64_t rest = n - k;
        moves += (d & 1) && rest == 0 ? 1 : 0;
        moves += (d & 2) && rest >= 1 ? 1 : 0;
        moves += (d & 4) && rest >= 2 ? rest / 2 : 0;
        if ((d & 8) && rest >= 3) {
            if (rest > UINT32_MAX) {
                return UINT64_MAX;
            }
            moves += rest * rest / 12 + 1; /* splits in three parts: about rest^2 / 12 */
        }
    }
    return moves;
}

static void decode(const unsigned char *bytes, size_t n, uint32_t *values) {
    for (size_t i = 0; i < n; i++) {
        const unsigned char *b = bytes + 4 * i;
        values[i] =
            (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
}

/* A windowed checkpoint's header beyond the code and the count (head =
 * low = count: a whole one's). */
typedef struct window_header {
    bool windowed;
    bool spilled; /* format 3: the dropped values are in the run's spill file */
    unsigned long long head, span, low, largest_at, below;
    unsigned long mask, largest;
    unsigned width; /* format 3: the bytes a value in the spill file */
} window_header;

/* The values stored: G(0..head-1) and G(low..count-1). */
static uint64_t stored_values(const window_header *w, uint64_t count) {
    return w->head + (count - w->low);
}

/* The heap of the i-th value stored. */
static uint64_t heap_of(const window_header *w, uint64_t i) {
    return i < w->head ? i : w->low + (i - w->head);
}

/* The first reading: the checksum and the bounds, nothing kept. */
static cg_status verify(FILE *f, const cg_octal_code *code, const window_header *w, uint64_t count,
                        uint64_t *hash, const char *path, cg_error *err) {
    unsigned char bytes[4 * BLOCK];
    uint32_t values[BLOCK];
    uint64_t bad_at = UINT64_MAX;
    uint32_t bad_value = 0;
    count = stored_values(w, count);
    for (uint64_t done = 0; done < count;) {
        size_t n = count - done < BLOCK ? (size_t)(count - done) : BLOCK;
        if (fread(bytes, 4, n, f) != n) {
            return short_read(f, err, path, "it ends before its values do");
        }
        *hash = cg_fnv1a(*hash, bytes, 4 * n);
        decode(bytes, n, values);
        for (size_t i = 0; i < n && bad_at == UINT64_MAX; i++) {
            if (values[i] > most_options(code, heap_of(w, done + i))) {
                bad_at = heap_of(w, done + i);
                bad_value = values[i];
            }
        }
        done += n;
    }
    char trailer[64];
    unsigned long long stored;
    if (fgets(trailer, sizeof trailer, f) == NULL) {
        return short_read(f, err, path, "its checksum is missing");
    }
    if (sscanf(trailer, "fnv64 %16llx", &stored) != 1 || stored != *hash) {
        return damaged(err, path, "its checksum does not match its contents");
    }
    if (fgetc(f) != EOF) {
        return damaged(err, path, "something follows its checksum");
    }
    if (ferror(f)) {
        return cg_error_system(err, "read the checkpoint", path);
    }
    if (bad_at != UINT64_MAX) {
        char why[128];
        snprintf(why, sizeof why, "G(%llu) = %lu, more than the heap's %llu options",
                 (unsigned long long)bad_at, (unsigned long)bad_value,
                 (unsigned long long)most_options(code, bad_at));
        return damaged(err, path, why);
    }
    return CG_OK;
}

/* The second reading, into the engine; the file must not have changed. A
 * windowed one's values skip from the head to low. */
static cg_status restore(cg_octal_engine *e, FILE *f, const window_header *w, uint64_t count,
                         uint64_t hash, uint64_t verified, const char *path, cg_error *err) {
    unsigned char bytes[4 * BLOCK];
    uint32_t values[BLOCK];
    cg_status st = CG_OK;
    count = stored_values(w, count);
    for (uint64_t done = 0; st == CG_OK && done < count;) {
        if (w->windowed && done == w->head) {
            st = cg_octal_store_skip(e, (size_t)w->head, (size_t)w->span, (size_t)w->low,
                                     (uint64_t)w->below, err);
            if (st != CG_OK) {
                break;
            }
        }
        uint64_t stop = w->windowed && done < w->head ? w->head : count;
        size_t n = stop - done < BLOCK ? (size_t)(stop - done) : BLOCK;
        if (fread(bytes, 4, n, f) != n) {
            return short_read(f, err, path, "it changed while being read");
        }
        hash = cg_fnv1a(hash, bytes, 4 * n);
        decode(bytes, n, values);
        st = cg_octal_engine_restore(e, values, n, err);
        done += n;
    }
    if (st == CG_OK && hash != verified) {
        st = damaged(err, path, "it changed while being read");
    }
    return st;
}

/* The header: the code and the count. */
/* A windowed header's fields past the count, in order, for count values.
 * The span may exceed the count: a window engages before it has dropped
 * anything (the store checks it against its own span when restored). */
static bool read_window(const char *fields, window_header *w, unsigned long long count) {
    w->windowed = true;
    w->width = 2;
    int wanted = w->spilled ? 8 : 7;
    return sscanf(fields, "%llu %llu %llu %lu %lu %llu %16llx %u", &w->head, &w->span, &w->low,
                  &w->mask, &w->largest, &w->largest_at, &w->below, &w->width) == wanted &&
           (w->width == 2 || w->width == 4) && w->head >= 1 && w->head <= w->low &&
           w->low <= count && w->span >= 1 && w->span <= MAX_SPAN && w->mask >= 1 &&
           w->mask < ((unsigned long)1 << 30) && w->largest < ((unsigned long)1 << 30) &&
           w->largest_at < count;
}

static cg_status read_header(FILE *f, const cg_octal_code *code, cg_octal_code *found,
                             uint64_t *count, window_header *w, uint64_t *hash, const char *path,
                             cg_error *err) {
    char header[256];
    if (fgets(header, sizeof header, f) == NULL) {
        return short_read(f, err, path, "it is empty");
    }
    w->spilled = strncmp(header, SPILLED " ", sizeof SPILLED) == 0;
    bool windowed = w->spilled || strncmp(header, WINDOWED " ", sizeof WINDOWED) == 0;
    if (!windowed && strncmp(header, MAGIC " ", sizeof MAGIC) != 0) {
        return damaged(err, path, "it does not start with \"" MAGIC "\"");
    }
    char name[CG_OCTAL_MAX_DIGITS + 4];
    unsigned long long n;
    int used = 0;
    if (sscanf(header + sizeof MAGIC, "%67s %llu%n", name, &n, &used) != 2 ||
        cg_octal_parse(name, found, NULL) != CG_OK || n == 0 || n > ((uint64_t)1 << 40) ||
        n > SIZE_MAX / sizeof(uint32_t) ||
        (windowed && !read_window(header + sizeof MAGIC + used, w, n))) {
        return damaged(err, path, "its header is malformed");
    }
    if (!windowed) {
        *w = (window_header){.head = n, .low = n};
    }
    if (code != NULL && (found->last != code->last ||
                         memcmp(found->digit, code->digit, sizeof found->digit) != 0)) {
        return cg_error_set(err, CG_ERR_INPUT, "%s: the checkpoint is of %s, not of this code",
                            path, name);
    }
    *count = n;
    *hash = cg_fnv1a(CG_FNV1A_START, header, strlen(header));
    return CG_OK;
}

/* A windowed checkpoint resumes on the sparse engine under its mask, the
 * store engaged once the head is read (cg_octal_store_skip). */
static cg_status prepare_window(cg_octal_engine *e, const window_header *w, const char *path,
                                const char *spill, cg_error *err) {
    if (e->method == CG_ENGINE_NAIVE) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "%s keeps only a window of the values: it resumes on the sparse "
                            "engine, not with --method naive",
                            path);
    }
    (void)cg_octal_store_window(e, SIZE_MAX - 1, (size_t)w->head, 0, NULL); /* checked below */
    if (e->store.map == NULL) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "%s keeps only a window of the values, which this "
                            "build cannot hold",
                            path);
    }
    if (w->spilled && spill == NULL) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "%s was written by a run with --spill: its dropped values are in "
                            "that run's spill file; resume it with --spill FILE",
                            path);
    }
    if (!w->spilled && spill != NULL) {
        return cg_error_set(err, CG_ERR_USAGE,
                            "%s was written without --spill: the values it dropped are in no "
                            "file; resume it without --spill",
                            path);
    }
    e->mask = (uint32_t)w->mask;
    e->next_choice = SIZE_MAX; /* the mask stays: every rare position is in the head */
    e->sparse_pays = true;
    /* a spilled run's rare positions may lie past the head: let through the
     * restore, the file attached after it */
    e->store.spilled_run = w->spilled;
    return CG_OK;
}

cg_status cg_octal_engine_load(cg_octal_engine *e, const cg_octal_code *code,
                               cg_engine_method method, cg_budget *budget, const char *path,
                               cg_error *err) {
    return cg_octal_engine_load_spilled(e, code, method, budget, path, NULL, 0, err);
}

cg_status cg_octal_engine_load_spilled(cg_octal_engine *e, const cg_octal_code *code,
                                       cg_engine_method method, cg_budget *budget, const char *path,
                                       const char *spill, uint64_t expect, cg_error *err) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return cg_error_system(err, "read the checkpoint", path);
    }
    cg_octal_code found;
    window_header w = {.windowed = false};
    uint64_t count = 0, start = 0, verified = 0;
    cg_status st = read_header(f, code, &found, &count, &w, &start, path, err);
    long values_at = st == CG_OK ? ftell(f) : -1;
    if (st == CG_OK) {
        verified = start;
        st = verify(f, &found, &w, count, &verified, path, err);
    }
    if (st == CG_OK && (values_at < 0 || fseek(f, values_at, SEEK_SET) != 0)) {
        st = cg_error_system(err, "read the checkpoint again", path);
    }
    if (st == CG_OK) {
        /* the values go straight into the engine, a block at a time, so
         * reading needs no memory beyond the engine's (counted in its budget) */
        cg_octal_engine_init(e, &found, method, budget);
        if (expect > 0 && expect + 1 >= count) {
            /* the window's range sized for the run (one asking for fewer
             * values than the checkpoint holds is refused after) */
            cg_octal_engine_expect(e, expect);
        }
        st = w.windowed ? prepare_window(e, &w, path, spill, err) : CG_OK;
        if (st == CG_OK) {
            st = restore(e, f, &w, count, start, verified, path, err);
        }
        if (st == CG_OK && w.spilled && w.width == sizeof(uint32_t) && e->wide == NULL) {
            st = cg_octal_store_widen(e, err); /* the file's values are 32-bit: so are these */
        }
        if (st == CG_OK && w.spilled) {
            st = cg_octal_store_attach(e, spill, err);
        }
        if (st == CG_OK && w.spilled) {
            st = cg_octal_engine_recount(e, err); /* the rare positions between head and window */
        }
        if (st == CG_OK && w.windowed) {
            e->largest = (uint32_t)w.largest;
            e->largest_at = (size_t)w.largest_at;
        }
        if (st != CG_OK) {
            cg_octal_engine_free(e);
        }
    }
    fclose(f);
    return st;
}
