#include "core/nimber_internal.h"

#include "core/grow_internal.h"

#include <stdlib.h>
#include <string.h>

/* A mex set never needs more bits than there are options, so this bound
 * (2^32 values, 512 MiB) is only reached by a bug or an absurd game. */
#define MEX_DEFAULT_WORD_LIMIT ((size_t)1 << 26)

cg_nimber cg_nim_sum(const cg_nimber *values, size_t count) {
    cg_nimber sum = 0;
    for (size_t i = 0; i < count; i++) {
        sum = cg_nim_add(sum, values[i]);
    }
    return sum;
}

void cg_mex_init(cg_mex_set *set) {
    set->words = NULL;
    set->capacity = 0;
    set->used = 0;
    set->limit = MEX_DEFAULT_WORD_LIMIT;
}

void cg_mex_free(cg_mex_set *set) {
    free(set->words);
    cg_mex_init(set);
}

void cg_mex_clear(cg_mex_set *set) {
    if (set->used > 0) {
        memset(set->words, 0, set->used * sizeof *set->words);
    }
    set->used = 0;
}

cg_status cg_mex_add_grow(cg_mex_set *set, cg_nimber value) {
    cg_nimber word = value >> 6;
    if (word >= set->limit) {
        return CG_ERR_LIMIT;
    }
    if (word >= set->capacity) {
        size_t old = set->capacity;
        uint64_t *grown = cg_grow(set->words, &set->capacity, (size_t)word + 1, sizeof *grown);
        if (grown == NULL) {
            return CG_ERR_NOMEM;
        }
        memset(grown + old, 0, (set->capacity - old) * sizeof *grown);
        set->words = grown;
    }
    set->words[word] |= (uint64_t)1 << (value & 63);
    if (word >= set->used) {
        set->used = (size_t)word + 1;
    }
    return CG_OK;
}

cg_status cg_mex_reserve(cg_mex_set *set, cg_nimber bound) {
    /* Invariant: words from `used` on are zero, so widening `used` is free. */
    cg_nimber words = (bound + 63) >> 6;
    if (words > set->limit) {
        return CG_ERR_LIMIT;
    }
    if (words > set->capacity) {
        size_t old = set->capacity;
        uint64_t *grown = cg_grow(set->words, &set->capacity, (size_t)words, sizeof *grown);
        if (grown == NULL) {
            return CG_ERR_NOMEM;
        }
        memset(grown + old, 0, (set->capacity - old) * sizeof *grown);
        set->words = grown;
    }
    if (words > set->used) {
        set->used = (size_t)words;
    }
    return CG_OK;
}

bool cg_mex_contains(const cg_mex_set *set, cg_nimber value) {
    cg_nimber word = value >> 6;
    return word < set->used && (set->words[word] >> (value & 63) & 1) != 0;
}

cg_nimber cg_mex_value(const cg_mex_set *set) {
    for (size_t w = 0; w < set->used; w++) {
        uint64_t free_bits = ~set->words[w];
        if (free_bits != 0) {
            return (cg_nimber)w * 64 + (cg_nimber)__builtin_ctzll(free_bits);
        }
    }
    return (cg_nimber)set->used * 64;
}
