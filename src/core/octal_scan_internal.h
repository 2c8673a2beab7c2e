/* The sparse octal engine's long common scan, vectorised.
 *
 * Once the first splits of a heap have been looked at, only a few rare
 * values are still missing, and the rest of the scan looks for the first
 * split whose nim-sum is one of them: sixteen splits at a time with AVX2
 * where the processor has it (16-bit values: one load from each end, one
 * reversal, one XOR and a comparison with each value looked for), a plain
 * loop elsewhere. Both give the same answer for every input; the tests
 * compare them on random data. */
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

/* Whether cg_octal_first_target_16 runs vectorised on this processor. */
bool cg_octal_scan_vectorised(void);

#ifdef __cplusplus
}
#endif

#endif
