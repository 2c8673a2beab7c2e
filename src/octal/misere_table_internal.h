/* The misère search's table of positions: each sum of heaps met (sorted,
 * as 16-bit words) interned once, with what is known of its misère value.
 * Keys are whole positions, compared word by word (a sum of heaps does not
 * fit cg_memo's 56-bit keys, and a hashed key could collide: a wrong answer).
 *
 * A position is one record in an arena of 16-bit words: its value (two
 * words), its length, then its words; its entry is the record's offset. A
 * look-up that finds its position reads the slot, then the record, and the
 * search reads the value next from the same place: the records are read at
 * random (a search of Kayles to heap 100 holds millions), so each place
 * read is a cache miss, and a separate array of entries would be one more.
 * The records and the hash slots are counted in the budget. */
#ifndef CGSOLVE_MISERE_TABLE_H
#define CGSOLVE_MISERE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_MISERE_UNKNOWN UINT32_MAX       /* nothing known yet */
#define CG_MISERE_N_ONLY (UINT32_MAX - 1u) /* an N-position, its value not computed */

/* A record's words before the position's: the value (two), the length. */
#define CG_MISERE_RECORD_LENGTH 2u
#define CG_MISERE_RECORD_HEAD 3u

typedef struct cg_misere_table {
    cg_budget *budget;
    uint16_t *records; /* value, length, words; value, length, words; ... */
    size_t record_words, record_capacity;
    size_t entry_count; /* positions held */
    uint64_t *slots;    /* the hash's high half << 32 | entry + 1; 0 = empty */
    size_t slot_capacity;
} cg_misere_table;

void cg_misere_table_init(cg_misere_table *table, cg_budget *budget);
void cg_misere_table_free(cg_misere_table *table);

/* The entry of the position words[0..length-1], added (value
 * CG_MISERE_UNKNOWN) when new. CG_ERR_LIMIT past the budget, past 2^32
 * words of records or for a position of more than 65,535 words. */
cg_status cg_misere_table_intern(cg_misere_table *table, const uint16_t *words, size_t length,
                                 uint32_t *entry, cg_error *err);

/* cg_misere_table_intern with the words' hash already computed. */
cg_status cg_misere_table_intern_hashed(cg_misere_table *table, const uint16_t *words,
                                        size_t length, uint64_t hash, uint32_t *entry,
                                        cg_error *err);

/* The hash the table files words under. */
uint64_t cg_misere_table_hash(const uint16_t *words, size_t length);

/* An entry's value: G-, CG_MISERE_UNKNOWN or CG_MISERE_N_ONLY (two 16-bit
 * words, copied: a record's value need not be aligned for a uint32_t). */
static inline uint32_t cg_misere_table_value(const cg_misere_table *table, uint32_t entry) {
    uint32_t value;
    memcpy(&value, table->records + entry, sizeof value);
    return value;
}

static inline void cg_misere_table_set_value(cg_misere_table *table, uint32_t entry,
                                             uint32_t value) {
    memcpy(table->records + entry, &value, sizeof value);
}

static inline size_t cg_misere_table_length(const cg_misere_table *table, uint32_t entry) {
    return table->records[entry + CG_MISERE_RECORD_LENGTH];
}

/* The words of an entry (valid until the next intern). */
static inline const uint16_t *cg_misere_table_words(const cg_misere_table *table, uint32_t entry) {
    return table->records + entry + CG_MISERE_RECORD_HEAD;
}

/* A slot holds its entry + 1 in its low half and the high half of the
 * entry's hash above: a probe that meets another position is told so by
 * the hash (1 in 2^32 not) without reading its record. */
static inline uint64_t cg_misere_table_slot_of(uint64_t hash, uint32_t entry) {
    return (hash & ~(uint64_t)UINT32_MAX) | ((uint64_t)entry + 1);
}

static inline uint32_t cg_misere_table_entry_of(uint64_t slot) {
    return (uint32_t)(slot & UINT32_MAX) - 1;
}

static inline bool cg_misere_table_tag_matches(uint64_t slot, uint64_t hash) {
    return ((slot ^ hash) >> 32) == 0;
}

/* Ask the processor for the slot of a hash ahead of its look-up: a search
 * that hashes all of a position's children first, then looks them up, has
 * their cache misses under way at once rather than one after another. */
static inline void cg_misere_table_prefetch(const cg_misere_table *table, uint64_t hash) {
    if (table->slot_capacity != 0) {
        __builtin_prefetch(&table->slots[hash & (table->slot_capacity - 1)]);
    }
}

/* The second step of the same: once the slot has come, ask for the record
 * it names when its tag is the hash's (a slot taken by another position
 * sends the look-up further along; that is left to the look-up). */
static inline void cg_misere_table_prefetch_entry(const cg_misere_table *table, uint64_t hash) {
    if (table->slot_capacity != 0) {
        uint64_t slot = table->slots[hash & (table->slot_capacity - 1)];
        if (slot != 0 && cg_misere_table_tag_matches(slot, hash)) {
            __builtin_prefetch(table->records + cg_misere_table_entry_of(slot));
        }
    }
}

#ifdef __cplusplus
}
#endif

#endif
