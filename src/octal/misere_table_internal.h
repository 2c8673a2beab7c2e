/* The misère search's table of positions: each sum of heaps met (sorted,
 * as 16-bit words) interned once, with what is known of its misère value.
 * Keys are whole positions, compared word by word (a sum of heaps does not
 * fit cg_memo's 56-bit keys, and a hashed key could collide: a wrong answer).
 * The words, the entries and the hash slots are counted in the budget. */
#ifndef CGSOLVE_MISERE_TABLE_H
#define CGSOLVE_MISERE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_MISERE_UNKNOWN UINT32_MAX       /* nothing known yet */
#define CG_MISERE_N_ONLY (UINT32_MAX - 1u) /* an N-position, its value not computed */

typedef struct cg_misere_entry {
    uint32_t offset; /* its words in the arena */
    uint32_t length;
    uint32_t value; /* G-, or CG_MISERE_UNKNOWN / CG_MISERE_N_ONLY */
} cg_misere_entry;

typedef struct cg_misere_table {
    cg_budget *budget;
    uint16_t *words;
    size_t word_count, word_capacity;
    cg_misere_entry *entries;
    size_t entry_count, entry_capacity;
    uint32_t *slots; /* a tag of the hash's high bits | entry index + 1; 0 = empty */
    size_t slot_capacity;
} cg_misere_table;

void cg_misere_table_init(cg_misere_table *table, cg_budget *budget);
void cg_misere_table_free(cg_misere_table *table);

/* The entry of the position words[0..length-1], added (value unknown) when
 * new. CG_ERR_LIMIT past the budget. */
cg_status cg_misere_table_intern(cg_misere_table *table, const uint16_t *words, size_t length,
                                 uint32_t *entry, cg_error *err);

/* The hash the table files words under. */
uint64_t cg_misere_table_hash(const uint16_t *words, size_t length);

/* A slot holds its entry's index + 1 in its low bits, as many as the
 * table has slots (the index fits: the table is at most 3/4 full), and
 * above them a tag, the same bits of the high half of the entry's hash: a
 * probe that meets another position is told so by the tag most of the time
 * (1 in 2^(32 - log2 slots) not), without reading the entry or its words,
 * two cache misses each. Past 2^32 slots there is no tag. */
static inline uint32_t cg_misere_table_tag_mask(const cg_misere_table *table) {
    return (uint64_t)table->slot_capacity > UINT32_MAX ? 0 : ~(uint32_t)(table->slot_capacity - 1);
}

static inline uint32_t cg_misere_table_slot_of(const cg_misere_table *table, uint64_t hash,
                                               size_t entry) {
    return ((uint32_t)(hash >> 32) & cg_misere_table_tag_mask(table)) | (uint32_t)(entry + 1);
}

/* The entry a full slot names, and whether its tag is the hash's. */
static inline uint32_t cg_misere_table_entry_of(const cg_misere_table *table, uint32_t slot) {
    return (slot & ~cg_misere_table_tag_mask(table)) - 1;
}

static inline bool cg_misere_table_tag_matches(const cg_misere_table *table, uint32_t slot,
                                               uint64_t hash) {
    return ((slot ^ (uint32_t)(hash >> 32)) & cg_misere_table_tag_mask(table)) == 0;
}

/* Ask the processor for the slot of a hash ahead of its look-up: a search
 * that hashes all of a position's children first, then looks them up, has
 * their cache misses under way at once rather than one after another. */
static inline void cg_misere_table_prefetch(const cg_misere_table *table, uint64_t hash) {
    if (table->slot_capacity != 0) {
        __builtin_prefetch(&table->slots[hash & (table->slot_capacity - 1)]);
    }
}

/* The second step of the same: once the slot has come, ask for the entry
 * it names when its tag is the hash's (a slot taken by another position
 * sends the look-up further along; that is left to the look-up). */
static inline void cg_misere_table_prefetch_entry(const cg_misere_table *table, uint64_t hash) {
    if (table->slot_capacity != 0) {
        uint32_t slot = table->slots[hash & (table->slot_capacity - 1)];
        if (slot != 0 && cg_misere_table_tag_matches(table, slot, hash)) {
            __builtin_prefetch(&table->entries[cg_misere_table_entry_of(table, slot)]);
        }
    }
}

/* cg_misere_table_intern with the words' hash already computed. */
cg_status cg_misere_table_intern_hashed(cg_misere_table *table, const uint16_t *words,
                                        size_t length, uint64_t hash, uint32_t *entry,
                                        cg_error *err);

/* The words of an entry (valid until the next intern). */
static inline const uint16_t *cg_misere_table_words(const cg_misere_table *table, uint32_t entry) {
    return table->words + table->entries[entry].offset;
}

#ifdef __cplusplus
}
#endif

#endif
