/* The misère search's table of positions: each sum of heaps met (sorted,
 * as 16-bit words) interned once, with what is known of its misère value.
 * Keys are whole positions, compared word by word (a sum of heaps does not
 * fit cg_memo's 56-bit keys, and a hashed key could collide: a wrong answer).
 * The words, the entries and the hash slots are counted in the budget. */
#ifndef CGSOLVE_MISERE_TABLE_H
#define CGSOLVE_MISERE_TABLE_H

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
    uint64_t *slots; /* hash tag << 32 | entry index + 1; 0 = empty */
    size_t slot_capacity;
} cg_misere_table;

void cg_misere_table_init(cg_misere_table *table, cg_budget *budget);
void cg_misere_table_free(cg_misere_table *table);

/* The entry of the position words[0..length-1], added (value unknown) when
 * new. CG_ERR_LIMIT past the budget. */
cg_status cg_misere_table_intern(cg_misere_table *table, const uint16_t *words, size_t length,
                                 uint32_t *entry, cg_error *err);

/* The words of an entry (valid until the next intern). */
static inline const uint16_t *cg_misere_table_words(const cg_misere_table *table, uint32_t entry) {
    return table->words + table->entries[entry].offset;
}

#ifdef __cplusplus
}
#endif

#endif
