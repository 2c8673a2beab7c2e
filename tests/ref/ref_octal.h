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

#include "cgsolve/octal.h"

/* values[0..upto] = G(0..upto); false when out of memory. */
bool ref_octal_values(const cg_octal_code *code, size_t upto, uint32_t *values);

#endif
