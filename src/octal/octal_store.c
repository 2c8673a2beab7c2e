/* The octal engine's windowed value store (see octal_store_internal.h). */
/* MAP_ANONYMOUS, MAP_NORESERVE and madvise are beyond POSIX 2008 (glibc's
 * posix_madvise ignores POSIX_MADV_DONTNEED): the system's own names. */
#define _DEFAULT_SOURCE 1

#include "octal/octal_store_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash_internal.h"
#include "octal/octal_engine_internal.h"

#if defined(__unix__) && SIZE_MAX > UINT32_MAX && !defined(__EMSCRIPTEN__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define STORE_MAPS 1
#define RESERVED ((size_t)1 << 40) /* values the range has room for (the --upto limit) */
#else
#define STORE_MAPS 0
#define RESERVED SIZE_MAX /* never reserved: no range */
#endif

#define GRAIN ((size_t)1 << 16) /* values made writable at a time */

/* Dropped and kept stretches start and end on a multiple of this many
 * values: a page's bytes, so a whole number of pages at every width. */
static size_t align_values(void) {
#if STORE_MAPS
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? (size_t)page : 4096;
#else
    return 4096;
#endif
}

static size_t round_up(size_t n, size_t unit) {
    return (n + unit - 1) / unit * unit;
}

/* Whether the values the window dropped are in a spill file (readable
 * again) rather than gone. */
static bool drops_to_file(const cg_octal_store *s) {
    return s->spill != NULL && s->windowed;
}

#if STORE_MAPS
static unsigned char *byte_at(const cg_octal_store *s, size_t n) {
    return (unsigned char *)s->map + n * s->width;
}

/* The open spill file fd as bytes of range (grown to that, sparse),
 * shared so that its pages' values reach the file; at: the place to map
 * it (NULL: any). NULL on failure, errno set; fd stays open either way. */
static void *map_file(int fd, size_t bytes, void *at) {
    struct stat st;
    void *map = MAP_FAILED;
    if (fstat(fd, &st) == 0 && (st.st_size >= (off_t)bytes || ftruncate(fd, (off_t)bytes) == 0)) {
        map = mmap(at, bytes, PROT_NONE, MAP_SHARED | (at != NULL ? MAP_FIXED : 0), fd, 0);
    }
    return map == MAP_FAILED ? NULL : map;
}

/* The range: anonymous memory (file NULL), or the spill file file
 * (created afresh, never through a symlink; see map_file) left open in
 * *fd_kept. */
static void *reserve_range(const char *file, size_t bytes, int *fd_kept) {
    if (file == NULL) {
        void *map =
            mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        return map == MAP_FAILED ? NULL : map;
    }
    int fd = open(file, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        return NULL;
    }
    void *map = map_file(fd, bytes, NULL);
    if (map == NULL) {
        int saved = errno;
        close(fd);
        errno = saved;
        return NULL;
    }
    *fd_kept = fd;
    return map;
}

/* Disk blocks for bytes of the spill file from offset: a shared mapping of
 * a sparse file whose disk is full would end the run with SIGBUS at the
 * first write, so the blocks are taken before the pages are written
 * (ENOSPC is then an error with its reason). */
static bool back_with_disk(int fd, size_t offset, size_t bytes) {
    int failed = posix_fallocate(fd, (off_t)offset, (off_t)bytes);
    errno = failed != 0 ? failed : errno;
    return failed == 0;
}

static bool make_writable(cg_octal_store *s, size_t from, size_t to) {
    if (to <= from) {
        return true;
    }
    if (s->spill_open && !back_with_disk(s->spill_fd, from * s->width, (to - from) * s->width)) {
        return false;
    }
    return mprotect(byte_at(s, from), (to - from) * s->width, PROT_READ | PROT_WRITE) == 0;
}

/* Give the pages back, their commit charge too (a fresh MAP_NORESERVE
 * mapping over them: madvise and mprotect keep it when overcommit is off),
 * and make them fault when read. With a spill file they leave memory but
 * stay readable: their values are the file's, read back when touched. */
static cg_status make_gone(cg_octal_store *s, size_t from, size_t to, cg_error *err) {
    if (to > from && s->spill != NULL) {
        if (madvise(byte_at(s, from), (to - from) * s->width, MADV_DONTNEED) != 0) {
            return cg_error_set(err, CG_ERR_INTERNAL,
                                "giving G(%zu..%zu) back to the spill file: %s", from, to - 1,
                                strerror(errno));
        }
        return CG_OK;
    }
    if (to > from &&
        mmap(byte_at(s, from), (to - from) * s->width, PROT_NONE,
             MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0) == MAP_FAILED) {
        return cg_error_set(err, CG_ERR_INTERNAL, "dropping G(%zu..%zu) from the Grundy table: %s",
                            from, to - 1, strerror(errno));
    }
    return CG_OK;
}

/* The store's range unmapped, its spill file closed (the file stays). */
static void release_range(cg_octal_store *s) {
    munmap(s->map, s->room * s->width);
    if (s->spill_open) {
        close(s->spill_fd);
        s->spill_open = false;
    }
}
#else
static void *reserve_range(const char *file, size_t bytes, int *fd_kept) {
    (void)file;
    (void)bytes;
    (void)fd_kept;
    return NULL;
}

static bool make_writable(cg_octal_store *s, size_t from, size_t to) {
    (void)s;
    (void)from;
    (void)to;
    return false;
}

static cg_status make_gone(cg_octal_store *s, size_t from, size_t to, cg_error *err) {
    (void)s;
    (void)from;
    (void)to;
    (void)err;
    return CG_OK;
}

static void release_range(cg_octal_store *s) {
    (void)s;
}
#endif

/* Why a stretch could not be made writable: the spill file's disk (full,
 * say) with its reason, else a want of memory. */
static cg_status writable_failed(const cg_octal_store *s, cg_error *err, const char *what) {
    if (s->spill != NULL) {
        return cg_error_set(err, CG_ERR_IO, "%s: the spill file %s: %s", what, s->spill,
                            strerror(errno));
    }
    return cg_error_nomem(err, what);
}

/* Point the engine's table at the range. */
static void point_engine(cg_octal_engine *e) {
    e->narrow = e->store.width == sizeof(uint16_t) ? (uint16_t *)e->store.map : NULL;
    e->wide = e->store.width == sizeof(uint32_t) ? (uint32_t *)e->store.map : NULL;
}

/* Move the values the engine already holds in its own array (a format-1
 * checkpoint's, read before the window is set up) into the range. */
static bool adopt_array(cg_octal_engine *e) {
    cg_octal_store *s = &e->store;
    size_t ready = round_up(e->count, GRAIN);
    ready = ready < s->room ? ready : s->room;
    if (e->count == 0 || !make_writable(s, 0, ready) ||
        cg_budget_take(e->budget, ready, s->width, "the Grundy table", NULL) != CG_OK) {
        return e->count == 0;
    }
    if (e->wide != NULL) {
        memcpy(s->map, e->wide, e->count * sizeof *e->wide);
    } else {
        memcpy(s->map, e->narrow, e->count * sizeof *e->narrow);
    }
    free(e->narrow);
    free(e->wide);
    cg_budget_give(e->budget, e->held, 1);
    e->held = 0;
    s->held = ready * s->width;
    s->ready = ready;
    e->capacity = ready;
    return true;
}

/* The values the range has room for: the run's last (the engine's
 * expected, a grain more for the look-ahead), else the --upto limit. */
static size_t room_for(const cg_octal_engine *e) {
    size_t room = e->expected > 0 && e->expected < RESERVED - GRAIN
                      ? round_up(e->expected + GRAIN, GRAIN)
                      : RESERVED;
    return room < RESERVED ? room : RESERVED;
}

cg_status cg_octal_store_window(cg_octal_engine *e, size_t from, size_t head, size_t slack,
                                cg_error *err) {
    cg_octal_store *s = &e->store;
    if (s->map != NULL || from == 0 || from == SIZE_MAX) {
        return CG_OK; /* already set up, or never windowed */
    }
    if (!STORE_MAPS) {
        return cg_error_set(err, CG_ERR_LIMIT, "this build keeps every value (no mmap)");
    }
    s->width = e->wide != NULL ? sizeof(uint32_t) : sizeof(uint16_t);
    s->room = room_for(e);
    s->map = reserve_range(s->spill, s->room * s->width, &s->spill_fd);
    s->spill_open = s->map != NULL && s->spill != NULL;
    if (s->map == NULL && s->spill != NULL) {
        return cg_error_set(err, CG_ERR_IO, "the spill file %s: %s", s->spill, strerror(errno));
    }
    if (s->map == NULL) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "the system refused %zu bytes of address space for the windowed "
                            "store (%s; see ulimit -v)",
                            s->room * s->width, strerror(errno));
    }
    if (!adopt_array(e)) {
        release_range(s);
        s->map = NULL;
        return cg_error_set(err, CG_ERR_LIMIT,
                            "the windowed store could not take over G(0..%zu) within the memory "
                            "limit",
                            e->count - 1);
    }
    s->from = from;
    s->head = head > 0 ? head : 1;
    s->slack = slack;
    point_engine(e);
    return CG_OK;
}

cg_status cg_octal_store_reserve(cg_octal_engine *e, size_t n, cg_error *err) {
    cg_octal_store *s = &e->store;
    if (n <= s->ready) {
        return CG_OK;
    }
    if (n > s->room) {
        return cg_error_set(err, CG_ERR_LIMIT, "G(0..%zu) is beyond the Grundy table's %zu values",
                            n - 1, s->room);
    }
    size_t ready = round_up(n, GRAIN);
    ready = ready < s->room ? ready : s->room;
    cg_status st = cg_budget_take(e->budget, ready - s->ready, s->width, "the Grundy table", err);
    if (st != CG_OK) {
        return st;
    }
    if (!make_writable(s, s->ready, ready)) {
        cg_budget_give(e->budget, ready - s->ready, s->width);
        return writable_failed(s, err, "growing the Grundy table");
    }
    s->held += (ready - s->ready) * s->width;
    s->ready = ready;
    e->capacity = ready;
    return CG_OK;
}

cg_status cg_octal_store_widen(cg_octal_engine *e, cg_error *err) {
    cg_octal_store *s = &e->store;
    cg_octal_store wide = *s;
    wide.width = sizeof(uint32_t);
    size_t values = s->held / s->width;
    cg_status st = cg_budget_take(e->budget, values, wide.width, "the Grundy table", err);
    if (st != CG_OK) {
        return st;
    }
    /* the pages kept: [0, kept) and [gone, ready) once engaged, else all;
     * a spill file holds the others, and every value goes to a new file of
     * 32-bit values, FILE.wide, renamed over FILE once it holds them (the
     * run's file stays whole until then) */
    bool spilled = drops_to_file(s);
    size_t kept = s->windowed && !spilled ? s->kept : s->ready;
    size_t gone = s->windowed && !spilled ? s->gone : s->ready;
    char *temporary = NULL;
    if (s->spill != NULL) {
        size_t length = strlen(s->spill);
        temporary = malloc(length + sizeof ".wide");
        if (temporary == NULL) {
            cg_budget_give(e->budget, values, wide.width);
            return cg_error_nomem(err, "widening the Grundy table");
        }
        memcpy(temporary, s->spill, length);
        memcpy(temporary + length, ".wide", sizeof ".wide");
        wide.spill = temporary;
    }
    wide.map = reserve_range(wide.spill, s->room * wide.width, &wide.spill_fd);
    wide.spill_open = wide.map != NULL && wide.spill != NULL; /* its own file, not s's */
    if (wide.map == NULL || !make_writable(&wide, 0, kept) ||
        !make_writable(&wide, gone, s->ready)) {
        st = writable_failed(&wide, err, "widening the Grundy table");
        if (wide.map != NULL) {
            release_range(&wide);
        }
        if (temporary != NULL) {
            remove(temporary);
            free(temporary);
        }
        cg_budget_give(e->budget, values, wide.width);
        return st;
    }
    uint32_t *to = wide.map;
    const uint16_t *from = s->map;
    size_t head_end = kept < e->count ? kept : e->count;
    for (size_t n = 0; n < head_end; n++) {
        to[n] = from[n];
    }
    for (size_t n = gone; n < e->count; n++) {
        to[n] = from[n];
    }
    if (temporary != NULL && rename(temporary, s->spill) != 0) {
        st = cg_error_set(err, CG_ERR_IO, "widening the spill file %s: %s", s->spill,
                          strerror(errno));
        release_range(&wide);
        remove(temporary);
        free(temporary);
        cg_budget_give(e->budget, values, wide.width);
        return st;
    }
    free(temporary);
    wide.spill = s->spill;
    release_range(s);
    cg_budget_give(e->budget, s->held, 1);
    wide.held = values * wide.width;
    *s = wide;
    point_engine(e);
    return spilled ? make_gone(s, s->kept, s->gone, err) : CG_OK; /* copied: out of memory again */
}

void cg_octal_store_free(cg_octal_engine *e) {
    cg_octal_store *s = &e->store;
    if (s->map != NULL) {
        release_range(s);
        cg_budget_give(e->budget, s->held, 1);
    }
    free(s->spill); /* the file stays for a later --resume */
    memset(s, 0, sizeof *s);
    s->from = SIZE_MAX;
    e->narrow = NULL;
    e->wide = NULL;
}

static uint64_t checksum_over(const cg_octal_engine *e, uint64_t hash, size_t from, size_t to) {
    for (size_t n = from; n < to; n++) {
        hash = cg_grundy_checksum_add(hash, n, cg_octal_engine_at(e, n));
    }
    return hash;
}

/* The window's length: the engine's reads below the heap in hand (the
 * deepest scan reads G(rest - head + 1), rest >= n - last; the rare splits
 * G(rest - r), r < head; a block's pass CG_OCTAL_BLOCK heaps ahead) and the
 * caller's look-back. */
static size_t span_for(const cg_octal_engine *e) {
    return e->store.head + e->code.last + CG_OCTAL_BLOCK + e->store.slack + 1;
}

/* Whether the dropped values can be read back: a spill file keeps them
 * (or will, once a spilled run's checkpoint is restored and its file
 * attached), so rare positions may lie past the head. */
static bool reads_back(const cg_octal_store *s) {
    return s->spill != NULL || s->spilled_run;
}

static size_t last_rare(const cg_octal_engine *e) {
    return e->rare_count > 0 ? (size_t)cg_rare_at(e->rare[e->rare_count - 1]) : 0;
}

/* Give back the whole pages of G(gone..low-1): nothing reads them. */
static cg_status drop_pages(cg_octal_engine *e, cg_error *err) {
    cg_octal_store *s = &e->store;
    size_t gone = s->low / align_values() * align_values();
    if (gone > s->gone) {
        /* with a spill file, deep scans and late rare positions read pages
         * back: the whole stretch leaves memory again */
        cg_status st = make_gone(s, s->spill != NULL ? s->kept : s->gone, gone, err);
        if (st != CG_OK) {
            return st;
        }
        cg_budget_give(e->budget, gone - s->gone, s->width);
        s->held -= (gone - s->gone) * s->width;
        s->gone = gone;
    }
    return CG_OK;
}

cg_status cg_octal_store_advance(cg_octal_engine *e, bool sparse, cg_error *err) {
    cg_octal_store *s = &e->store;
    if (s->map == NULL) {
        return CG_OK;
    }
    if (!s->windowed) {
        if (e->count < s->from || !sparse || e->mask == 0 ||
            (last_rare(e) >= s->head && !reads_back(s)) || e->count < s->head) {
            return CG_OK; /* not due, or not allowed yet: looked at again after the next heap */
        }
        s->windowed = true;
        s->low = s->head;
        s->kept = s->gone = round_up(s->head, align_values());
        s->span = span_for(e);
        s->below = checksum_over(e, CG_GRUNDY_CHECKSUM_START, 0, s->head);
        if (s->spill == NULL) {
            e->next_choice = SIZE_MAX; /* the mask stays: choosing reads every value */
        }
    }
    if (last_rare(e) >= s->head && !reads_back(s) && cg_octal_store_fall_back(e)) {
        return CG_OK;
    }
    if (last_rare(e) >= s->head && !reads_back(s)) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "heap %zu is rare: the heaps after it read values the windowed store "
                            "dropped (G(%zu..%zu)); keep every value with a larger --window-from",
                            last_rare(e), s->head, s->low - 1);
    }
    if (e->count - s->low >= 2 * s->span) {
        size_t low = e->count - s->span;
        s->below = checksum_over(e, s->below, s->low, low);
        s->low = low;
        return drop_pages(e, err);
    }
    return CG_OK;
}

bool cg_octal_store_fall_back(cg_octal_engine *e) {
    cg_octal_store *s = &e->store;
    if (!s->windowed || s->low != s->head) {
        return false;
    }
    s->windowed = false;
    s->from = SIZE_MAX;
    e->next_choice = 2 * e->count; /* the mask is chosen again as the values double */
    return true;
}

size_t cg_octal_store_scan_limit(const cg_octal_engine *e) {
    return e->store.windowed && e->store.spill == NULL ? e->store.head : SIZE_MAX;
}

bool cg_octal_store_holds(const cg_octal_engine *e, size_t n) {
    const cg_octal_store *s = &e->store;
    return !s->windowed || s->spill != NULL || n < s->head || n >= s->low;
}

uint64_t cg_octal_store_checksum(const cg_octal_engine *e) {
    return checksum_over(e, e->store.below, e->store.low, e->count);
}

cg_status cg_octal_store_skip(cg_octal_engine *e, size_t head, size_t span, size_t low,
                              uint64_t below, cg_error *err) {
    cg_octal_store *s = &e->store;
    if (s->map == NULL || e->count != head || head != s->head || low < head || span < span_for(e)) {
        return cg_error_set(err, CG_ERR_INPUT, "the windowed checkpoint's window does not fit");
    }
    /* nothing of G(head..low-1) stays: the pages past the head's go, and
     * the range is writable again from low's page on */
    s->kept = round_up(head, align_values());
    cg_status st = make_gone(s, s->kept, s->ready, err);
    if (st != CG_OK) {
        return st;
    }
    cg_budget_give(e->budget, s->ready - s->kept, s->width);
    s->held = s->kept * s->width;
    s->gone = low / align_values() * align_values();
    s->gone = s->gone > s->kept ? s->gone : s->kept;
    s->ready = s->gone;
    s->windowed = true;
    s->span = span;
    s->low = low;
    s->below = below;
    e->count = low;
    e->next_choice = SIZE_MAX;
    return cg_octal_store_reserve(e, low + 1, err);
}

#if STORE_MAPS
/* The values a checkpoint dropped, read back from the spill file of the
 * run that wrote it: the checksum of G(0..low-1) over the head and the
 * file's G(head..low-1) must be the checkpoint's. */
static cg_status check_spilled(cg_octal_engine *e, int fd, cg_error *err) {
    cg_octal_store *s = &e->store;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        return cg_error_set(err, CG_ERR_IO, "the spill file %s: %s", s->spill, strerror(errno));
    }
    /* nothing dropped (low == head): nothing to read back, the head and
     * the window are written to the file afresh */
    if (s->low > s->head && (uint64_t)st.st_size < (uint64_t)s->low * s->width) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "the spill file %s holds fewer values than the checkpoint dropped "
                            "(G(%zu..%zu))",
                            s->spill, s->head, s->low - 1);
    }
    uint64_t hash = checksum_over(e, CG_GRUNDY_CHECKSUM_START, 0, s->head);
    enum { CHUNK = 1 << 15 };
    uint32_t chunk[CHUNK]; /* room for CHUNK values of either width */
    for (size_t n = s->head; n < s->low;) {
        size_t values = s->low - n < CHUNK ? s->low - n : CHUNK;
        size_t bytes = values * s->width;
        if (pread(fd, chunk, bytes, (off_t)(n * s->width)) != (ssize_t)bytes) {
            return cg_error_set(err, CG_ERR_IO, "reading the spill file %s: %s", s->spill,
                                errno != 0 ? strerror(errno) : "it ended early");
        }
        const uint16_t *narrow = (const uint16_t *)(const void *)chunk;
        for (size_t i = 0; i < values; i++, n++) {
            hash = cg_grundy_checksum_add(hash, n, s->width == 2 ? narrow[i] : chunk[i]);
        }
    }
    if (hash != s->below) {
        return cg_error_set(err, CG_ERR_INPUT,
                            "the spill file %s does not hold the values the checkpoint dropped "
                            "(G(%zu..%zu)): resume with the spill file of the run that wrote "
                            "it",
                            s->spill, s->head, s->low - 1);
    }
    return CG_OK;
}

/* A resumed windowed store onto its run's spill file: the values checked,
 * the head and the window written to it, and the file mapped over the
 * range, so every value is readable again. One descriptor does it all and
 * stays open: the file checked is the file mapped. */
static cg_status attach_spill(cg_octal_engine *e, cg_error *err) {
    cg_octal_store *s = &e->store;
    if (s->spill == NULL) {
        return cg_error_set(err, CG_ERR_INTERNAL, "no spill file named");
    }
    int fd = open(s->spill, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        return cg_error_set(err, CG_ERR_IO, "the spill file %s: %s", s->spill, strerror(errno));
    }
    cg_status st = check_spilled(e, fd, err);
    /* only the head and the window: the part pages around them hold zero
     * in memory, where the file has the values */
    size_t window = (e->count - s->low) * s->width;
    if (st == CG_OK &&
        (pwrite(fd, s->map, s->head * s->width, 0) != (ssize_t)(s->head * s->width) ||
         pwrite(fd, byte_at(s, s->low), window, (off_t)(s->low * s->width)) != (ssize_t)window)) {
        st = cg_error_set(err, CG_ERR_IO, "writing the spill file %s: %s", s->spill,
                          strerror(errno));
    }
    if (st == CG_OK && map_file(fd, s->room * s->width, s->map) == NULL) {
        st = cg_error_set(err, CG_ERR_IO, "mapping the spill file %s: %s", s->spill,
                          strerror(errno));
    }
    if (st != CG_OK) {
        close(fd);
        return st;
    }
    if (s->spill_open) {
        close(s->spill_fd);
    }
    s->spill_fd = fd;
    s->spill_open = true;
    if (!make_writable(s, 0, s->ready)) {
        st = cg_error_set(err, CG_ERR_IO, "mapping the spill file %s: %s", s->spill,
                          strerror(errno));
    }
    return st;
}
#else
static cg_status attach_spill(cg_octal_engine *e, cg_error *err) {
    (void)e;
    return cg_error_set(err, CG_ERR_LIMIT, "this build keeps every value (no mmap)");
}
#endif

/* A copy of the spill file's name in the store. */
static cg_status name_spill(cg_octal_store *s, const char *path, cg_error *err) {
    if (path == NULL || path[0] == '\0') {
        return cg_error_set(err, CG_ERR_USAGE, "the spill file needs a name");
    }
    if (!STORE_MAPS) {
        return cg_error_set(err, CG_ERR_LIMIT, "this build keeps every value (no mmap)");
    }
    size_t length = strlen(path);
    s->spill = malloc(length + 1);
    if (s->spill == NULL) {
        return cg_error_nomem(err, "naming the spill file");
    }
    memcpy(s->spill, path, length + 1);
    return CG_OK;
}

cg_status cg_octal_store_spill(cg_octal_engine *e, const char *path, cg_error *err) {
    cg_octal_store *s = &e->store;
    if (s->spill != NULL || s->map != NULL) {
        return cg_error_set(err, CG_ERR_INTERNAL,
                            "the spill file is named before the window, and once");
    }
    return name_spill(s, path, err);
}

cg_status cg_octal_store_attach(cg_octal_engine *e, const char *path, cg_error *err) {
    cg_octal_store *s = &e->store;
    if (s->spill != NULL || s->map == NULL || !s->windowed) {
        return cg_error_set(err, CG_ERR_INTERNAL, "no windowed store to attach a spill file to");
    }
    cg_status st = name_spill(s, path, err);
    if (st == CG_OK) {
        st = attach_spill(e, err);
    }
    /* on failure the range may be neither memory nor the file: the name
     * goes, and the caller frees the engine (cg_octal_engine_load does) */
    if (st != CG_OK) {
        free(s->spill);
        s->spill = NULL;
    }
    s->spilled_run = false;
    return st;
}

size_t cg_octal_store_give_back_every(const cg_octal_engine *e) {
    const cg_octal_store *s = &e->store;
    if (!drops_to_file(s)) {
        return SIZE_MAX;
    }
    return s->give_back_every > 0 ? s->give_back_every : CG_OCTAL_TRIM_EVERY;
}

void cg_octal_store_trim(const cg_octal_engine *e) {
    cg_octal_store_give_back(e, 0, SIZE_MAX); /* the whole dropped stretch */
}

#if STORE_MAPS
void cg_octal_store_give_back(const cg_octal_engine *e, size_t from, size_t to) {
    const cg_octal_store *s = &e->store;
    if (!drops_to_file(s)) {
        return;
    }
    /* the pages holding them, within the dropped stretch (whose ends are
     * page boundaries): every value there is the file's */
    size_t unit = align_values();
    from = from / unit * unit;
    from = from > s->kept ? from : s->kept;
    to = to < s->gone ? round_up(to, unit) : s->gone;
    if (from < to) {
        (void)madvise(byte_at(s, from), (to - from) * s->width, MADV_DONTNEED);
    }
}

bool cg_octal_store_sync(const cg_octal_engine *e) {
    const cg_octal_store *s = &e->store;
    return s->spill == NULL || s->map == NULL || msync(s->map, s->ready * s->width, MS_SYNC) == 0;
}
#else
void cg_octal_store_give_back(const cg_octal_engine *e, size_t from, size_t to) {
    (void)e;
    (void)from;
    (void)to;
}

bool cg_octal_store_sync(const cg_octal_engine *e) {
    (void)e;
    return true;
}
#endif
