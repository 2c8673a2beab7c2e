/* Grundy sequences of octal games by two exact engines behind one interface.
 *
 * Two words name the engines throughout (code, help, docs): naive and
 * sparse. The naive engine applies the definition: G(n) is the mex over
 * every move of the nim-sum of the heaps it leaves, O(n) pairs per heap. The
 * sparse engine splits the values into rare and common ones (Berlekamp's
 * "sparse space", as in
 * Winning Ways and the engines of Gangolli and Plambeck, Flammenkamp,
 * Beling): for a mask m, a value is common when (value & m) has an odd number
 * of bits, rare otherwise. A nim-sum of two values is common exactly when one
 * is rare and the other common, so every common option of a heap comes from a
 * pair with a rare member: those pairs are few when rare values are. The
 * smallest common value missing from the options is the candidate; it is
 * G(n) unless a rare value below it is missing too, which common-common
 * pairs settle, stopping as soon as every rare value below the candidate is
 * found. Both engines give the same values for every code; the sparse one is
 * faster when the rare positions are few. The mask is chosen from the value
 * histogram by a Walsh-Hadamard transform (the mask with the fewest rare
 * positions) and chosen again as the sequence doubles.
 *
 * Values are kept in 16 bits while they fit and widened to 32 when needed.
 * Every table (the values, the rare list, the tables indexed by value) is
 * counted in the budget.
 *
 * With threads, a long heap's splits (all of them for the naive engine, those
 * with a rare member for the sparse one) are shared among a crew (see
 * crew_internal.h), each member marking its own table of options, as long as that is
 * measured to be faster than the caller alone; short heaps, the sparse
 * engine's common scans and splits in three run on the caller alone. The
 * sparse engine's blocks are marked a block ahead on the crew while the
 * caller computes the heaps of the current one (its common scans), the
 * caller taking over what is left of that pass once its heaps are done.
 * Where the rare list is long and AVX-512 serves, a block's pass marks
 * half of it and compares the other half with each heap's least values
 * still unmarked (octal_compare_internal.h). */
#ifndef CGSOLVE_OCTAL_ENGINE_H
#define CGSOLVE_OCTAL_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/crew_internal.h"
#include "core/options_internal.h"
#include "core/status_internal.h"
#include "octal/octal_internal.h"
#include "octal/octal_store_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cg_engine_method {
    CG_ENGINE_AUTO,   /* naive for the first heaps, then sparse while rare positions are few */
    CG_ENGINE_NAIVE,  /* every split: the definition */
    CG_ENGINE_SPARSE, /* rare and common values (codes that split in three fall back to naive) */
} cg_engine_method;

#define CG_OCTAL_WITNESSES 8       /* splits remembered per rare value */
#define CG_OCTAL_BLOCK 8           /* heaps whose rare splits are marked in one pass */
#define CG_OCTAL_GROUPS 8          /* passes of CG_OCTAL_BLOCK heaps a block holds at most */
#define CG_OCTAL_COMPARED 12       /* values a heap's compared half is checked against */
#define CG_OCTAL_COMPARED_HEAPS 32 /* heaps compared at once (octal_compare_internal.h) */

/* A rare position: the heap in 64 bits, so the list goes past heap 2^32
 * (to 2^40: runs end before, see cg_grundy_table), and its value. Sixteen
 * bytes an entry where 32-bit heaps took eight: packing both in one word
 * cost the hot loops 3 % to 6 % more instructions (0.6 to G(10^6), by
 * callgrind), two plain loads cost none, and the list is a small part of
 * a run's memory (a rare position is one heap in hundreds or more, or the
 * sparse engine does not pay). */
typedef struct cg_rare_position {
    uint64_t at;    /* the heap */
    uint32_t value; /* G(at) */
} cg_rare_position;

/* The witness kept for the split at heap a: a itself, or 0 (none) past
 * 2^32, where 32 bits would name another heap (a hint only: a witness is
 * checked before it is used, but a wrong one is a wasted read). */
static inline uint32_t cg_octal_witness_of(size_t a) {
    return (uint64_t)a <= UINT32_MAX ? (uint32_t)a : 0;
}

/* A rare position for heap at. */
static inline cg_rare_position cg_rare_position_of(uint64_t at, uint32_t value) {
    return (cg_rare_position){at, value};
}

/* Its heap (below SIZE_MAX wherever the values fit in memory). */
static inline size_t cg_rare_at(cg_rare_position r) {
    return (size_t)r.at;
}

/* Its value, G(heap). */
static inline uint32_t cg_rare_value(cg_rare_position r) {
    return r.value;
}

/* A compared block's heaps start <= h < end (octal_compare_internal.h): values[j]
 * holds the least common values (count[j] of them) the marked entries
 * leave heap start + j, and bit c of hits[j] says the compared entries give
 * the c-th. */
typedef struct cg_octal_compared {
    size_t start, end;
    uint16_t values[CG_OCTAL_BLOCK * CG_OCTAL_GROUPS][CG_OCTAL_COMPARED];
    uint8_t count[CG_OCTAL_BLOCK * CG_OCTAL_GROUPS];
    uint16_t hits[CG_OCTAL_BLOCK * CG_OCTAL_GROUPS];
} cg_octal_compared;

typedef struct cg_octal_engine {
    cg_octal_code code;
    cg_engine_method method;
    cg_budget *budget;
    uint16_t *narrow; /* the values while every value fits in 16 bits */
    uint32_t *wide;   /* the values once one does not */
    size_t count;     /* G(0..count-1) are known */
    size_t capacity;
    size_t expected; /* values the run will ask for at most (0: unknown) */
    size_t held;     /* bytes of values in the budget */
    uint32_t bound;  /* a power of two above every value */
    /* hit[v] != 0: the nim-sum v is an option of the heap in hand (v < 2 *
     * bound); one such table per thread, hit_size bytes apart */
    uint8_t *hit;
    size_t hit_size;
    unsigned threads;      /* threads asked for (1: the caller alone) */
    unsigned hit_sets;     /* tables of options held (threads once grown) */
    cg_crew *crew;         /* started at the first heap long enough to share */
    unsigned caller_share; /* the caller's share of the splits, in 1024ths */
    /* Whether sharing pays (it does not when the processors are busy with
     * other work), sampled: of every 1024 long heaps, 4 are timed shared and
     * 4 alone, and most of the others follow the faster way per split. */
    uint64_t long_heaps;
    double alone_seconds, shared_seconds;
    uint64_t alone_splits, shared_splits;
    bool sharing_pays;
    cg_progress_hook progress; /* and its context, or NULL */
    void *progress_context;
    size_t tables_held; /* bytes of hit, common and histogram in the budget */
    /* the values in a reserved range, past a point only the head and the
     * window later heaps read (octal_store_internal.h) */
    cg_octal_store store;
    /* the sparse engine */
    uint32_t mask; /* 0 until chosen */
    /* the rare positions, ascending, each with its value read in turn by the
     * rare splits (rare_capacity in the budget) */
    cg_rare_position *rare;
    size_t rare_count, rare_capacity;
    uint8_t *common;     /* common[v]: value v is common under mask (v < bound) */
    uint64_t *histogram; /* positions with each value (v < bound) */
    /* witness[v * CG_OCTAL_WITNESSES + n % CG_OCTAL_WITNESSES]: the smaller
     * heap of the common-common split of heap n that gave the rare value v
     * (0: none, and for heaps past 2^32: see cg_octal_witness_of), tried
     * first for later heaps (v < 2 * bound) */
    uint32_t *witness;
    size_t next_choice; /* choose the mask again at this count */
    bool sparse_pays;   /* auto: few enough rare positions for the sparse engine */
    uint32_t largest;   /* the largest value so far, and its first heap */
    size_t largest_at;
    uint64_t pairs; /* pairs looked at, for the benchmark */
    /* The sparse engine's blocks: for CG_OCTAL_BLOCK heaps at once, the
     * splits with a rare member whose other heap is known before the block
     * are marked in one pass over the rare list, each rare position reading
     * one run of values; a block holds up to CG_OCTAL_GROUPS such groups of
     * heaps, their passes interleaved a stretch of the rare list at a time
     * so the values the stretch reads stay in the cache (octal_engine_block.c). */
    uint8_t *block_hit;            /* block_heaps tables of block_size bytes */
    size_t block_heaps;            /* CG_OCTAL_BLOCK times the groups */
    size_t block_size, block_held; /* the bytes of one table; of all, in the budget */
    size_t block_start, block_end; /* the block's heaps (start == end: none) */
    uint32_t block_bound;          /* the bound the block's tables were marked under */
    /* per split digit k: the rare list's entries block_lo[k] <= i <
     * block_hi[k] are marked for every heap of the block */
    size_t block_lo[CG_OCTAL_MAX_DIGITS + 1], block_hi[CG_OCTAL_MAX_DIGITS + 1];
    /* With threads, the next block's pass runs on the crew while the caller
     * computes the heaps of the current block, from the values before the
     * current block (octal_engine_ahead.c). */
    uint8_t *ahead_hit;                         /* its tables */
    size_t ahead_held;                          /* their bytes, in the budget */
    size_t ahead_start, ahead_end, ahead_heaps; /* its heaps */
    uint32_t ahead_bound, ahead_mask;           /* what it was marked under */
    bool ahead_ready;                           /* marked, not used yet */
    bool in_round;                              /* the caller's heaps run in a crew round */
    size_t ahead_lo[CG_OCTAL_MAX_DIGITS + 1], ahead_hi[CG_OCTAL_MAX_DIGITS + 1];
    /* The stretches of the pass the caller took over once its heaps were
     * done, marked in tables of their own, merged when a heap's table is
     * filled: for the block at helped_start (SIZE_MAX: none). */
    uint8_t *helped_hit;
    size_t helped_held; /* their bytes, in the budget */
    size_t helped_start;
    size_t helped_rounds; /* rounds the caller helped in, for the tests */
    bool members_wait;    /* tests: the caller takes over every stretch it can */
    /* The compared half (octal_compare_internal.h): with AVX-512, 16-bit values and
     * a long rare list, a block's pass marks half the rare list's entries
     * (block_compared, ahead_compared) and compares the others: for the
     * current block in compared (by the caller, when it reaches the block),
     * for the block marked ahead in compared_ahead (by the crew members,
     * each for its groups, once their marks are done). */
    size_t compare_from; /* entries from which a block compares (0: the default; tests) */
    bool block_compared, ahead_compared;
    cg_octal_compared compared, compared_ahead;
    uint64_t compared_heaps, compared_fallbacks; /* for the tests and the benchmark */
} cg_octal_engine;

/* An engine for code by method, its values counted in budget (NULL:
 * unlimited). */
void cg_octal_engine_init(cg_octal_engine *engine, const cg_octal_code *code,
                          cg_engine_method method, cg_budget *budget);
void cg_octal_engine_free(cg_octal_engine *engine);

/* The run asks for G(0..n) at most: the values are never given room past
 * G(n) (doubling the table would hold up to twice what is needed). */
void cg_octal_engine_expect(cg_octal_engine *engine, uint64_t n);

/* Share each long heap's scan among threads (1: none; the default). Call
 * before extending. */
void cg_octal_engine_set_threads(cg_octal_engine *engine, unsigned threads);

/* Report long extensions to hook (see cg_progress_hook; NULL: none). */
void cg_octal_engine_set_progress(cg_octal_engine *engine, cg_progress_hook hook, void *context);

/* Make G(0..n) available. CG_ERR_LIMIT when they outgrow the budget;
 * CG_ERR_STOPPED when the progress hook asks (the values so far are kept). */
cg_status cg_octal_engine_extend(cg_octal_engine *engine, size_t n, cg_error *err);

/* G(n), n < count. */
static inline uint32_t cg_octal_engine_at(const cg_octal_engine *engine, size_t n) {
    return engine->wide != NULL ? engine->wide[n] : engine->narrow[n];
}

/* Append count known values (from a checkpoint) as if computed. */
cg_status cg_octal_engine_restore(cg_octal_engine *engine, const uint32_t *values, size_t count,
                                  cg_error *err);

/* The bound, the histogram and the rare list counted again from
 * G(0..count-1), after values were put in place without being recorded (a
 * windowed store's spill file attached on resume). */
cg_status cg_octal_engine_recount(cg_octal_engine *engine, cg_error *err);

/* Checkpoints (octal_engine_file.c). */
/* Write the engine's values to path safely: to path.tmp, synced, then
 * renamed, with the code and a checksum inside. */
cg_status cg_octal_engine_save(const cg_octal_engine *engine, const char *path, cg_error *err);

/* Read a checkpoint into an engine initialised for method and budget; when
 * code is not NULL the checkpoint must be of that code. A damaged file (its
 * checksum, its form) or another code is CG_ERR_INPUT naming the file; the
 * values count in budget as they are read. On failure there is nothing to
 * free. */
cg_status cg_octal_engine_load(cg_octal_engine *engine, const cg_octal_code *code,
                               cg_engine_method method, cg_budget *budget, const char *path,
                               cg_error *err);

/* The same for a run that asks for G(0..expect) at most (0: unknown; a
 * windowed checkpoint's range is sized by it, else for 2^40 values), a
 * windowed checkpoint's dropped values read back from spill, the spill
 * file of the run that wrote it (octal_store_internal.h), when not NULL. Other
 * checkpoints ignore spill. */
cg_status cg_octal_engine_load_spilled(cg_octal_engine *engine, const cg_octal_code *code,
                                       cg_engine_method method, cg_budget *budget, const char *path,
                                       const char *spill, uint64_t expect, cg_error *err);

/* The Walsh-Hadamard transform of values[0..count-1] in place (count a
 * power of two): values[m] becomes the sum over v of values[v] times -1 to
 * the number of bits of v & m. */
void cg_walsh_hadamard(int64_t *values, size_t count);

/* The mask m (1 <= m < bound, bound a power of two >= 2) under which the
 * fewest positions are rare, given how many positions have each value
 * (histogram[0..bound-1]): the least transform[m] of the histogram's
 * Walsh-Hadamard transform, which is rare minus common positions; ties go
 * to the smallest m. transform: room for bound entries. */
uint32_t cg_octal_best_mask(const uint64_t *histogram, uint32_t bound, int64_t *transform);

/* The rare positions under the current mask (0 before one is chosen). */
size_t cg_octal_engine_rare_count(const cg_octal_engine *engine);

#ifdef __cplusplus
}
#endif

#endif
