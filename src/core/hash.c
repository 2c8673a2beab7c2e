#include "core/hash_internal.h"

uint64_t cg_fnv1a(uint64_t hash, const void *data, size_t len) {
    const unsigned char *bytes = data;
    for (size_t i = 0; i < len; i++) {
        hash = (hash ^ bytes[i]) * 1099511628211u; /* the 64-bit FNV prime */
    }
    return hash;
}
