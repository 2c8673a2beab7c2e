/* The sparse octal engine's common scans, vectorised.
 *
 * A heap's common scan looks for the rare values below its candidate that
 * no split with a rare member gave. The set scan holds them as a set of
 * bits and looks 64 (AVX-512 VBMI) or 32 (AVX2) splits at a time up in it,
 * however many there are; the target scan (for candidates past the set's
 * values) compares sixteen splits at a time with each of the last few
 * values missing. Both are vectorised where the processor can (16-bit
 * values: one load from each end, one reversal, one XOR), a plain loop
 * elsewhere. Each gives the same answer as its plain loop for every input;
 * the tests compare them on random data. */
#ifndef CGSOLVE_OCTAL_SCAN_H
#define CGSOLVE_OCTAL_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Values looked for at once, at most: eight are compared while at most
 * eight are missing, sixteen above (0.18 and 0.28 ns a split here, against
 * about 1 ns for the plain scan with a table of marks). */
#define CG_OCTAL_SCAN_TARGETS 16

/* The first split a, from <= a < to, of rest (to <= rest / 2 + 1, so
 * a <= rest - a) whose nim-sum g[a] ^ g[rest - a] is one of targets[0..count)
 * (1 <= count <= CG_OCTAL_SCAN_TARGETS), or to when there is none. */
size_t cg_octal_first_target_16(const uint16_t *g, size_t rest, size_t from, size_t to,
                                const uint16_t *targets, size_t count);

/* The same by a plain loop (the reference the tests compare with). */
size_t cg_octal_first_target_16_plain(const uint16_t *g, size_t rest, size_t from, size_t to,
                                      const uint16_t *targets, size_t count);

/* The values a set of nim-sums (cg_octal_collect_16) may hold: below 2048,
 * CG_OCTAL_SET_BYTES bytes of bits. */
#define CG_OCTAL_SET_VALUES 2048
#define CG_OCTAL_SET_BYTES (CG_OCTAL_SET_VALUES / 8)

/* Scan the splits *from <= a < to of rest (to <= rest / 2 + 1) for nim-sums
 * in set: v is in it when v < 8 * bytes and bit v % 8 of set[v / 8] is
 * (set holds CG_OCTAL_SET_BYTES bytes, zero from bytes on; bytes <=
 * CG_OCTAL_SET_BYTES). Each split whose nim-sum is in the set takes that
 * value out of it and goes to found (unless found is NULL: the splits are
 * then only counted), until want (>= 1) are found or the
 * scan reaches to; *from becomes where it stopped (the split after the
 * last found, or to). Returns how many were found, count: found[0..count)
 * are the splits in order, and found[count..want) may hold scratch (the
 * vectorised kinds write a round's lanes there first). Vectorised, 32 or 64
 * splits at a time whatever the set's size: the nim-sums' bytes v / 8 look
 * up the set by byte shuffles of its 16-byte pieces (AVX2) or by byte
 * permutations of its 64-byte quarters (AVX-512, one to four registers as
 * the set's bytes need), so the cost does not grow with the values looked
 * for, where cg_octal_first_target_16 compares each. */
size_t cg_octal_collect_16(const uint16_t *g, size_t rest, size_t *from, size_t to, uint8_t *set,
                           size_t bytes, size_t *found, size_t want);

/* The same by a plain loop (the reference the tests compare with). */
size_t cg_octal_collect_16_plain(const uint16_t *g, size_t rest, size_t *from, size_t to,
                                 uint8_t *set, size_t bytes, size_t *found, size_t want);

/* Whether cg_octal_first_target_16 and cg_octal_collect_16 run vectorised
 * on this processor (AVX2 at least). */
bool cg_octal_scan_vectorised(void);

/* The ways the set scan runs, each giving the same answer for every input.
 * cg_octal_collect_16 takes the best this processor supports; the tests and
 * the benchmark run each. */
typedef enum cg_octal_scan_kind {
    CG_OCTAL_SCAN_PLAIN,  /* a loop over the splits */
    CG_OCTAL_SCAN_AVX2,   /* 32 splits a round, the set in 16-byte pieces */
    CG_OCTAL_SCAN_AVX512, /* 64 splits a round, the set in 1-4 registers (AVX-512 VBMI) */
    CG_OCTAL_SCAN_KINDS
} cg_octal_scan_kind;

/* Whether this processor (and this build) runs kind. */
bool cg_octal_scan_supports(cg_octal_scan_kind kind);

/* The fastest kind this processor runs. */
cg_octal_scan_kind cg_octal_scan_best(void);

/* The kind's name, for messages and the benchmark. */
const char *cg_octal_scan_name(cg_octal_scan_kind kind);

/* cg_octal_collect_16 by kind (plainly where kind is not supported). */
size_t cg_octal_collect_16_by(cg_octal_scan_kind kind, const uint16_t *g, size_t rest, size_t *from,
                              size_t to, uint8_t *set, size_t bytes, size_t *found, size_t want);

#ifdef __cplusplus
}
#endif

#endif
