/* The octal engine's windowed value store (see octal_store.h). */
/* MAP_ANONYMOUS, MAP_NORESERVE and madvise are beyond POSIX 2008 (glibc's
 * posix_madvise ignores POSIX_MADV_DONTNEED): the system's own names. */
#define _DEFAULT_SOURCE 1

#include "core/octal_store_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/grundy_table_internal.h"
#include "core/octal_engine_internal.h"

#if defined(__unix__) && SIZE_MAX > UINT32_MAX && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
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

#if STORE_MAPS
static unsigned char *byte_at(const cg_octal_store *s, size_t n) {
    return (unsigned char *)s->map + n * s->width;
}

static void *reserve_range(size_t bytes) {
    void *map = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return map == MAP_FAILED ? NULL : map;
}

static bool make_writable(cg_octal_store *s, size_t from, size_t to) {
    return to <= from ||
           mprotect(byte_at(s, from), (to - from) * s->width, PROT_READ | PROT_WRITE) == 0;
}

/* Give the pages back, their commit charge too (a fresh MAP_NORESERVE
 * mapping over them: madvise and mprotect keep it when overcommit is off),
 * and make them fault when read. */
static cg_status make_gone(cg_octal_store *s, size_t from, size_t to, cg_error *err) {
    if (to > from &&
        mmap(byte_at(s, from), (to - from) * s->width, PROT_NONE,
             MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0) == MAP_FAILED) {
        return cg_error_set(err, CG_ERR_INTERNAL, "dropping G(%zu..%zu) from the Grundy table: %s",
                            from, to - 1, strerror(errno));
    }
    return CG_OK;
}

static void release_range(void *map, size_t bytes) {
    munmap(map, bytes);
}
#else
static void *reserve_range(size_t bytes) {
    (void)bytes;
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

static void release_range(void *map, size_t bytes) {
    (void)map;
    (void)bytes;
}
#endif

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
    s->map = reserve_range(s->room * s->width);
    if (s->map == NULL) {
        return cg_error_set(err, CG_ERR_LIMIT,
                            "the system refused %zu bytes of address space for the windowed "
                            "store (%s; see ulimit -v)",
                            s->room * s->width, strerror(errno));
    }
    if (!adopt_array(e)) {
        release_range(s->map, s->room * s->width);
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
        return cg_error_nomem(err, "growing the Grundy table");
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
    /* the pages kept: [0, kept) and [gone, ready) once engaged, else all */
    size_t kept = s->windowed ? s->kept : s->ready, gone = s->windowed ? s->gone : s->ready;
    wide.map = reserve_range(s->room * wide.width);
    if (wide.map == NULL || !make_writable(&wide, 0, kept) ||
        !make_writable(&wide, gone, s->ready)) {
        if (wide.map != NULL) {
            release_range(wide.map, s->room * wide.width);
        }
        cg_budget_give(e->budget, values, wide.width);
        return cg_error_nomem(err, "widening the Grundy table");
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
    release_range(s->map, s->room * s->width);
    cg_budget_give(e->budget, s->held, 1);
    wide.held = values * wide.width;
    *s = wide;
    point_engine(e);
    return CG_OK;
}

void cg_octal_store_free(cg_octal_engine *e) {
    cg_octal_store *s = &e->store;
    if (s->map != NULL) {
        release_range(s->map, s->room * s->width);
        cg_budget_give(e->budget, s->held, 1);
    }
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

static size_t last_rare(const cg_octal_engine *e) {
    return e->rare_count > 0 ? (size_t)e->rare[e->rare_count - 1].at : 0;
}

/* Give back the whole pages of G(gone..low-1): nothing reads them. */
static cg_status drop_pages(cg_octal_engine *e, cg_error *err) {
    cg_octal_store *s = &e->store;
    size_t gone = s->low / align_values() * align_values();
    if (gone > s->gone) {
        cg_status st = make_gone(s, s->gone, gone, err);
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
        if (e->count < s->from || !sparse || e->mask == 0 || last_rare(e) >= s->head ||
            e->count < s->head) {
            return CG_OK; /* not due, or not allowed yet: looked at again after the next heap */
        }
        s->windowed = true;
        s->low = s->head;
        s->kept = s->gone = round_up(s->head, align_values());
        s->span = span_for(e);
        s->below = checksum_over(e, CG_GRUNDY_CHECKSUM_START, 0, s->head);
        e->next_choice = SIZE_MAX; /* the mask stays: choosing reads every value */
    }
    if (last_rare(e) >= s->head && cg_octal_store_fall_back(e)) {
        return CG_OK;
    }
    if (last_rare(e) >= s->head) {
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
    return e->store.windowed ? e->store.head : SIZE_MAX;
}

bool cg_octal_store_holds(const cg_octal_engine *e, size_t n) {
    const cg_octal_store *s = &e->store;
    return !s->windowed || n < s->head || n >= s->low;
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
