#include "core/hash_internal.h"

#include "core/buf_internal.h"

uint64_t cg_fnv1a(uint64_t hash, const void *data, size_t len) {
    const unsigned char *bytes = data;
    for (size_t i = 0; i < len; i++) {
        hash = (hash ^ bytes[i]) * 1099511628211u; /* the 64-bit FNV prime */
    }
    return hash;
}

uint64_t cg_grundy_checksum(const uint64_t *values, size_t count) {
    uint64_t hash = CG_GRUNDY_CHECKSUM_START;
    for (size_t i = 0; i < count; i++) {
        hash = cg_grundy_checksum_add(hash, i, values[i]);
    }
    return hash;
}

uint64_t cg_grundy_checksum_add(uint64_t hash, size_t index, uint64_t value) {
    char digits[CG_UINT_DIGITS + 1] = ",";
    size_t n = cg_format_uint(digits + 1, value);
    return index == 0 ? cg_fnv1a(hash, digits + 1, n) : cg_fnv1a(hash, digits, n + 1);
}
