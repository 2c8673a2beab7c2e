/* FNV-1a (64-bit): the one hash of the library's checksums (of Grundy
 * values, of checkpoint files, of census runs). */
#ifndef CGSOLVE_HASH_H
#define CGSOLVE_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* hash advanced over len bytes at data, starting from CG_FNV1A_START. */
#define CG_FNV1A_START UINT64_C(14695981039346656037)
uint64_t cg_fnv1a(uint64_t hash, const void *data, size_t len);

/* The checksum of a table of values (Grundy values, misère values): FNV-1a
 * over the decimal values, comma-separated, so comparable across tools. The
 * running form: start from CG_GRUNDY_CHECKSUM_START and add value(index) in
 * order, index 0 first. */
#define CG_GRUNDY_CHECKSUM_START CG_FNV1A_START
uint64_t cg_grundy_checksum(const uint64_t *values, size_t count);
uint64_t cg_grundy_checksum_add(uint64_t hash, size_t index, uint64_t value);

#ifdef __cplusplus
}
#endif

#endif
