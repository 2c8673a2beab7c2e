/* The sparse engine's compared half: a block's rare splits checked
 * against each heap's likely values instead of marked.
 *
 * A block's pass marks, for each heap, the nim-sums of its splits with a
 * rare member: one byte store per heap and rare position, about half of
 * 0.007's time. A heap's value is the least common value no split gives,
 * and the splits of half the rare list (alternate runs of 256 entries)
 * already leave unmarked few common values below it: comparing the
 * nim-sums of the other half with the least CG_OCTAL_COMPARED values the
 * first half leaves tells which of those the second half gives, and so the
 * value, in all but about 2 % of heaps on 0.007 (the rest mark the second
 * half as before). With AVX-512 a comparison covers 32 heaps' splits with
 * one rare position in two instructions a value, where marking takes 32
 * stores; with AVX2, 16 heaps (a chunk in two halves): on an AMD EPYC
 * without AVX-512 the compared half took a third of the time its marks
 * took (bench/RESULTS.md). */
#ifndef CGSOLVE_OCTAL_COMPARE_H
#define CGSOLVE_OCTAL_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "octal/octal_engine_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Heaps compared at once: the 16-bit lanes of a 512-bit register. */
#define CG_OCTAL_CHUNK CG_OCTAL_COMPARED_HEAPS

/* For each heap j < count (count <= CG_OCTAL_CHUNK), each of its values
 * values[j][c] (c < CG_OCTAL_COMPARED) and each entry i of the rare list,
 * from <= i < to: least[c][j] becomes the
 * least of itself and rare[i].value ^ g[base + j - rare[i].at] ^
 * values[j][c], which is zero exactly when some entry's split gives the
 * value (lanes j from count on are left as they are). Start least at
 * UINT16_MAX; a range of entries can be compared a stretch at a time.
 * Every g[base + j - rare[i].at] read must exist. */
void cg_octal_compare_16(const uint16_t *g, const cg_rare_position *rare, size_t from, size_t to,
                         size_t base, size_t count, const uint16_t (*values)[CG_OCTAL_COMPARED],
                         uint16_t (*least)[CG_OCTAL_CHUNK]);

/* The same by a plain loop (the reference the tests compare with). */
void cg_octal_compare_16_plain(const uint16_t *g, const cg_rare_position *rare, size_t from,
                               size_t to, size_t base, size_t count,
                               const uint16_t (*values)[CG_OCTAL_COMPARED],
                               uint16_t (*least)[CG_OCTAL_CHUNK]);

/* Bit i set where i < 64 is common under mask (i & mask has an odd
 * number of bits): the pattern of every run of 64 values, flipped where
 * the run's first value's bits under mask are odd. */
uint64_t cg_octal_common_of_64(uint32_t mask);

/* A heap's values to compare: the least common values under mask below
 * size whose byte in table is 0 (the table's bytes 0 or 1), at most
 * CG_OCTAL_COMPARED of them, into values (the rest zero); returns how many.
 * low is cg_octal_common_of_64(mask). Sixty-four values at a time: with
 * AVX-512 BW one test of 64 bytes, with AVX2 two of 32, elsewhere (where bytes are
 * little-endian) eight words folded by multiplication; no table of common
 * values is read, so a crew member can do this while the caller grows the
 * engine's tables. */
unsigned cg_octal_least_common(uint32_t mask, uint64_t low, const uint8_t *table, size_t size,
                               uint16_t *values);

/* The same without vectors (the portable way the tests compare). */
unsigned cg_octal_least_common_plain(uint32_t mask, uint64_t low, const uint8_t *table, size_t size,
                                     uint16_t *values);

/* The ways to compare: the plain loops, AVX2 (sixteen heaps a register,
 * a chunk in two halves) and AVX-512 BW (the chunk in one register). */
typedef enum cg_octal_compare_kind {
    CG_OCTAL_COMPARE_PLAIN,
    CG_OCTAL_COMPARE_AVX2,
    CG_OCTAL_COMPARE_AVX512,
} cg_octal_compare_kind;

/* Whether this processor runs kind; the fastest kind it runs. */
bool cg_octal_compare_supports(cg_octal_compare_kind kind);
cg_octal_compare_kind cg_octal_compare_best(void);

/* cg_octal_compare_16 and cg_octal_least_common by kind (the plain loops
 * where the processor does not run it): the tests compare each kind with
 * the plain one. */
void cg_octal_compare_16_by(cg_octal_compare_kind kind, const uint16_t *g,
                            const cg_rare_position *rare, size_t from, size_t to, size_t base,
                            size_t count, const uint16_t (*values)[CG_OCTAL_COMPARED],
                            uint16_t (*least)[CG_OCTAL_CHUNK]);
unsigned cg_octal_least_common_by(cg_octal_compare_kind kind, uint32_t mask, uint64_t low,
                                  const uint8_t *table, size_t size, uint16_t *values);

/* Whether cg_octal_compare_16 runs vectorised here (AVX2 or AVX-512 BW):
 * the engine compares only then, a plain comparison being slower than the
 * stores it saves. */
bool cg_octal_compare_vectorised(void);

#ifdef __cplusplus
}
#endif

#endif
