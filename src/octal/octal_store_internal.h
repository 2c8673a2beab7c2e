/* The octal engine's windowed value store: past a heap the caller names,
 * keep only the values later heaps read.
 *
 * What the sparse engine reads for heap n (octal_engine_heap.c): G(n - k) for
 * the moves that leave one heap (k <= the code's last digit); G(rest - r)
 * for every rare position r of the list (rest = n - k), the block's pass
 * reading those for the next CG_OCTAL_BLOCK heaps at once; and the common
 * scan's G(a) and G(rest - a) for a = 1, 2, ... until every rare value
 * below the candidate is found. So once the rare positions stop (0.1777's
 * last of 15 is heap 123 and 0.167's last of 59 heap 1303 to 2^24) and the
 * scans stay shallow (to 2^24, 0.1777's deepest reaches a = 11,551 and
 * 0.167's 4,876), the values a heap reads lie in a head G(0..head-1) and a
 * window of the last span values, span >= head + last + CG_OCTAL_BLOCK + the
 * caller's own look-back. Everything between is dropped.
 *
 * Safe by construction, never a guess: the store engages only under the
 * sparse engine (the naive one reads everything), with every rare position
 * in the head; the mask is frozen then (choosing it again reads every
 * value); the common scans stop at the head, and a heap whose scan would go
 * deeper, or a new rare position (its later splits would read the dropped
 * values), falls back to keeping every value while nothing is dropped yet,
 * and ends the run with CG_ERR_LIMIT after; witnesses outside the head are
 * skipped. The whole pages of dropped values are given back and made
 * inaccessible (mapped afresh PROT_NONE), so a read the checks missed there
 * faults rather than returns a wrong value. The guard is page-wise: less
 * than a page of dropped values stays readable past the head (to kept) and
 * before low (from gone); after a resume those hold zero, not the values,
 * and only cg_octal_store_holds' checks keep them from being read.
 *
 * The values live in one reserved range of address space (mmap, the
 * run's values' worth up to 2^40, nothing committed until used): the engine's hot loops
 * index it as the whole table, unchanged. Only the used pages count in the
 * budget. Without mmap (a 32-bit or non-POSIX build) the store never
 * engages and the values stay in the engine's own array.
 *
 * With a spill file (cg_octal_store_spill) the range is a shared mapping of
 * that file, and dropping a stretch only takes its pages out of the
 * process: their values stay in the file and are read back when touched.
 * Then every value is readable and none of the checks above applies (the
 * scans go past the head, rare positions come anywhere, the mask is chosen
 * again); what stays bounded is the memory, not what may be read. */
#ifndef CGSOLVE_OCTAL_STORE_H
#define CGSOLVE_OCTAL_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_octal_store {
    size_t from;     /* engage once this many values are known (SIZE_MAX: never) */
    size_t head;     /* values G(0..head-1) kept once engaged */
    size_t slack;    /* values below count the caller reads back beyond the engine's reads */
    void *map;       /* the reserved range (NULL: the engine's malloc'd array) */
    size_t width;    /* bytes a value in the range */
    size_t room;     /* values the range has room for */
    size_t ready;    /* G(0..ready-1) writable, but for the dropped ones */
    size_t held;     /* bytes of the range in the budget */
    bool windowed;   /* engaged: G(head..low-1) are dropped */
    size_t span;     /* once engaged: at least the last span values kept */
    size_t low;      /* once engaged: the first value kept past the head */
    size_t kept;     /* once engaged: the head's pages end here (a page past head at most) */
    size_t gone;     /* once engaged: the pages of G(kept..gone-1) are given back */
    uint64_t below;  /* once engaged: the checksum (grundy_table_internal.h) of G(0..low-1) */
    char *spill;     /* the spill file's name (NULL: none), the range mapped from it */
    bool spill_open; /* spill_fd is the file the range is mapped from, kept open to
                        reserve its disk blocks (one open per run, not per stretch) */
    int spill_fd;
    bool spilled_run;       /* restoring a spilled run's checkpoint: rare positions past the head */
    size_t give_back_every; /* splits a spilled scan reads between give backs
                               (0: CG_OCTAL_TRIM_EVERY; tests set fewer) */
} cg_octal_store;

struct cg_octal_engine;

/* Let the store engage once from values are known (from >= 1), keeping the
 * first head values (rounded up to a page) and slack values below the last
 * known beyond what the engine reads. The values go to a reserved range
 * (the engine's expected values' worth, else 2^40; where mmap exists), the
 * ones already known moved there. CG_ERR_LIMIT if no range can be set up
 * (no mmap, the address space refused, no memory to move the values): the
 * engine then keeps every value in its own array. */
cg_status cg_octal_store_window(struct cg_octal_engine *e, size_t from, size_t head, size_t slack,
                                cg_error *err);

/* Keep the dropped values in the file at path (created afresh, sparse, as
 * long as the range): named before cg_octal_store_window, the file backs
 * the range it reserves. The file's pages leave memory as the window moves
 * on, but every value stays readable: the scans are not cut at the head
 * and rare positions may come past it. The file stays after the run for a
 * later resume. CG_ERR_INTERNAL once the range exists. */
cg_status cg_octal_store_spill(struct cg_octal_engine *e, const char *path, cg_error *err);

/* A restored windowed store (a spilled run's checkpoint, restored with
 * spilled_run set) onto that run's spill file at path: the checksum of
 * G(0..low-1) over the head and the file's values must be the
 * checkpoint's (a file of another run is CG_ERR_INPUT, one that cannot be
 * read CG_ERR_IO); the head and the window are written to it and the file
 * mapped over the range, every value readable again. On failure the range
 * stays memory. */
cg_status cg_octal_store_attach(struct cg_octal_engine *e, const char *path, cg_error *err);

/* A spilled store's dropped stretch out of the process again (what reads
 * of every value brought back: a new mask's rare list, a recount, the
 * period search, a certificate): such loops call it every
 * CG_OCTAL_TRIM_EVERY values, so a scan of 2^32 values holds a few MiB of
 * them at a time, not the whole file. Nothing without a spill file. */
#define CG_OCTAL_TRIM_EVERY ((size_t)1 << 22)
void cg_octal_store_trim(const struct cg_octal_engine *e);

/* The pages holding G(from..to-1) that a spilled store dropped out of the
 * process again: a long scan calls it on what it has read, so a heap whose
 * scan reads back to its first values holds a few MiB of the file at a
 * time, not 2 bytes for every value before it. Nothing without a spill
 * file. */
void cg_octal_store_give_back(const struct cg_octal_engine *e, size_t from, size_t to);

/* How many splits a long scan reads before it gives their pages back:
 * SIZE_MAX when the store has no spill file (nothing to give back). */
size_t cg_octal_store_give_back_every(const struct cg_octal_engine *e);

/* The spill file's values on disk (before a checkpoint names them): true
 * when done or not spilling. */
bool cg_octal_store_sync(const struct cg_octal_engine *e);

/* Room for G(0..n-1) (the engine's reserve when the range is in use). */
cg_status cg_octal_store_reserve(struct cg_octal_engine *e, size_t n, cg_error *err);

/* Move the range's values to 32 bits. */
cg_status cg_octal_store_widen(struct cg_octal_engine *e, cg_error *err);

/* Release the range and its budget. */
void cg_octal_store_free(struct cg_octal_engine *e);

/* After G(count - 1) is recorded: engage when due and allowed (sparse: the
 * sparse engine serves the next heap), drop what no later heap reads, and
 * refuse a rare position that appears while engaged. */
cg_status cg_octal_store_advance(struct cg_octal_engine *e, bool sparse, cg_error *err);

/* Back to keeping every value when nothing is dropped yet (a scan that
 * would go past the head, a late rare position): true if so. */
bool cg_octal_store_fall_back(struct cg_octal_engine *e);

/* Where a common scan must stop: the head once engaged, else SIZE_MAX. */
size_t cg_octal_store_scan_limit(const struct cg_octal_engine *e);

/* Whether G(n), n < count, is held. */
bool cg_octal_store_holds(const struct cg_octal_engine *e, size_t n);

/* The checksum (grundy_table_internal.h's) of G(0..count-1), engaged only. */
uint64_t cg_octal_store_checksum(const struct cg_octal_engine *e);

/* A windowed checkpoint's restore: the first head values are in the
 * engine; skip to low (the checksum of G(0..low-1) is below) and take the
 * window's values from there. */
cg_status cg_octal_store_skip(struct cg_octal_engine *e, size_t head, size_t span, size_t low,
                              uint64_t below, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
