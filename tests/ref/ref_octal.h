/* The Grundy sequence of an octal game by its definition, deliberately
 * plain: for every heap, a fresh table of flags over the nim-sums of all its
 * options (nothing left, one heap, two heaps, three heaps), then the least
 * value not flagged. No rare/common split, no threads, no 16-bit values:
 * the reference the library's engine is compared with. */
#ifndef CGSOLVE_REF_OCTAL_H
#define CGSOLVE_REF_OCTAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "octal/octal_internal.h"

/* values[0..upto] = G(0..upto); false when out of memory. */
bool ref_octal_values(const cg_octal_code *code, size_t upto, uint32_t *values);

/* G(n) by the definition from values[0..n-1] = G(0..n-1): one heap alone,
 * as `bench/spot_check_octal` checks a long table. flag has room for size
 * flags, size above every nim-sum of G(0..n-1) and above G(n) (one more
 * than twice a power of two above every value will do). */
uint32_t ref_octal_value(const cg_octal_code *code, size_t n, const uint32_t *values, bool *flag,
                         size_t size);

#endif
