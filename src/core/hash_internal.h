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

#ifdef __cplusplus
}
#endif

#endif
