#include "octal/misere_table_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"

void cg_misere_table_init(cg_misere_table *table, cg_budget *budget) {
    memset(table, 0, sizeof *table);
    table->budget = budget;
}

void cg_misere_table_free(cg_misere_table *table) {
    cg_budget_give(table->budget, table->record_capacity, sizeof *table->records);
    cg_budget_give(table->budget, table->slot_capacity, sizeof *table->slots);
    free(table->records);
    free(table->slots);
    memset(table, 0, sizeof *table);
}

/* FNV-1a over the words, then a final mix so that the low bits (the slot)
 * and the high bits (the slot's tag) both depend on every word. */
uint64_t cg_misere_table_hash(const uint16_t *words, size_t length) {
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < length; i++) {
        h = (h ^ words[i]) * UINT64_C(1099511628211);
    }
    h ^= h >> 31;
    h *= UINT64_C(0x9e3779b97f4a7c15);
    return h ^ (h >> 29);
}

static bool same(const cg_misere_table *t, uint32_t entry, const uint16_t *words, size_t length) {
    return cg_misere_table_length(t, entry) == length &&
           memcmp(cg_misere_table_words(t, entry), words, length * sizeof *words) == 0;
}

/* Double the hash slots and place every record again, in the order they
 * lie in the arena. */
static cg_status rehash(cg_misere_table *t, cg_error *err) {
    size_t capacity = t->slot_capacity == 0 ? 1024 : 2 * t->slot_capacity;
    cg_status st = cg_budget_take(t->budget, capacity, sizeof *t->slots, "misère positions", err);
    if (st != CG_OK) {
        return st;
    }
    uint64_t *slots = calloc(capacity, sizeof *slots);
    if (slots == NULL) {
        cg_budget_give(t->budget, capacity, sizeof *t->slots);
        return cg_error_nomem(err, "the misère position table");
    }
    cg_budget_give(t->budget, t->slot_capacity, sizeof *t->slots);
    free(t->slots);
    t->slots = slots;
    t->slot_capacity = capacity;
    for (size_t at = 0; at < t->record_words;) {
        uint32_t entry = (uint32_t)at;
        size_t length = cg_misere_table_length(t, entry);
        uint64_t hash = cg_misere_table_hash(cg_misere_table_words(t, entry), length);
        size_t s = hash & (capacity - 1);
        while (slots[s] != 0) {
            s = (s + 1) & (capacity - 1);
        }
        slots[s] = cg_misere_table_slot_of(hash, entry);
        at += CG_MISERE_RECORD_HEAD + length;
    }
    return CG_OK;
}

cg_status cg_misere_table_intern(cg_misere_table *t, const uint16_t *words, size_t length,
                                 uint32_t *entry, cg_error *err) {
    return cg_misere_table_intern_hashed(t, words, length, cg_misere_table_hash(words, length),
                                         entry, err);
}

cg_status cg_misere_table_intern_hashed(cg_misere_table *t, const uint16_t *words, size_t length,
                                        uint64_t hash, uint32_t *entry, cg_error *err) {
    cg_status st = CG_OK;
    if (4 * (t->entry_count + 1) > 3 * t->slot_capacity && (st = rehash(t, err)) != CG_OK) {
        return st;
    }
    size_t s = hash & (t->slot_capacity - 1);
    while (t->slots[s] != 0) {
        uint32_t at = cg_misere_table_entry_of(t->slots[s]);
        if (cg_misere_table_tag_matches(t->slots[s], hash) && same(t, at, words, length)) {
            *entry = at;
            return CG_OK;
        }
        s = (s + 1) & (t->slot_capacity - 1);
    }
    /* an entry is a record's offset; entry + 1 must fit a slot's low half
     * (compared so that no sum can wrap, whatever size_t's width) */
    if (length > UINT16_MAX) {
        return cg_error_set(err, CG_ERR_LIMIT, "a misère position of more than %u words",
                            UINT16_MAX);
    }
    if (t->record_words >= (size_t)UINT32_MAX - CG_MISERE_RECORD_HEAD - length) {
        return cg_error_set(err, CG_ERR_LIMIT, "too many misère positions");
    }
    size_t end = t->record_words + CG_MISERE_RECORD_HEAD + length;
    if ((st = cg_grow_within(t->budget, &t->records, &t->record_capacity, end, sizeof *t->records,
                             "misère positions", err)) != CG_OK) {
        return st;
    }
    uint32_t at = (uint32_t)t->record_words;
    cg_misere_table_set_value(t, at, CG_MISERE_UNKNOWN);
    t->records[at + CG_MISERE_RECORD_LENGTH] = (uint16_t)length;
    if (length > 0) {
        memcpy(t->records + at + CG_MISERE_RECORD_HEAD, words, length * sizeof *words);
    }
    t->record_words = end;
    t->slots[s] = cg_misere_table_slot_of(hash, at);
    t->entry_count++;
    *entry = at;
    return CG_OK;
}
