#include "octal/misere_table_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"

void cg_misere_table_init(cg_misere_table *table, cg_budget *budget) {
    memset(table, 0, sizeof *table);
    table->budget = budget;
}

void cg_misere_table_free(cg_misere_table *table) {
    cg_budget_give(table->budget, table->word_capacity, sizeof *table->words);
    cg_budget_give(table->budget, table->entry_capacity, sizeof *table->entries);
    cg_budget_give(table->budget, table->slot_capacity, sizeof *table->slots);
    free(table->words);
    free(table->entries);
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

static bool same(const cg_misere_table *t, const cg_misere_entry *e, const uint16_t *words,
                 size_t length) {
    return e->length == length && memcmp(t->words + e->offset, words, length * sizeof *words) == 0;
}

/* Double the hash slots and place every entry again, with a tag one bit
 * shorter. */
static cg_status rehash(cg_misere_table *t, cg_error *err) {
    size_t capacity = t->slot_capacity == 0 ? 1024 : 2 * t->slot_capacity;
    cg_status st = cg_budget_take(t->budget, capacity, sizeof *t->slots, "misère positions", err);
    if (st != CG_OK) {
        return st;
    }
    uint32_t *slots = calloc(capacity, sizeof *slots);
    if (slots == NULL) {
        cg_budget_give(t->budget, capacity, sizeof *t->slots);
        return cg_error_nomem(err, "the misère position table");
    }
    cg_budget_give(t->budget, t->slot_capacity, sizeof *t->slots);
    free(t->slots);
    t->slots = slots;
    t->slot_capacity = capacity;
    for (size_t i = 0; i < t->entry_count; i++) {
        const cg_misere_entry *e = &t->entries[i];
        uint64_t hash = cg_misere_table_hash(t->words + e->offset, e->length);
        size_t s = hash & (capacity - 1);
        while (slots[s] != 0) {
            s = (s + 1) & (capacity - 1);
        }
        slots[s] = cg_misere_table_slot_of(t, hash, i);
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
        uint32_t at = cg_misere_table_entry_of(t, t->slots[s]);
        if (cg_misere_table_tag_matches(t, t->slots[s], hash) &&
            same(t, &t->entries[at], words, length)) {
            *entry = at;
            return CG_OK;
        }
        s = (s + 1) & (t->slot_capacity - 1);
    }
    if (t->entry_count >= UINT32_MAX - 1 || t->word_count + length > UINT32_MAX) {
        return cg_error_set(err, CG_ERR_LIMIT, "too many misère positions");
    }
    if ((st = cg_grow_within(t->budget, &t->words, &t->word_capacity, t->word_count + length + 1,
                             sizeof *t->words, "misère positions", err)) != CG_OK ||
        (st = cg_grow_within(t->budget, &t->entries, &t->entry_capacity, t->entry_count + 1,
                             sizeof *t->entries, "misère positions", err)) != CG_OK) {
        return st;
    }
    if (length > 0) {
        memcpy(t->words + t->word_count, words, length * sizeof *words);
    }
    t->entries[t->entry_count] =
        (cg_misere_entry){(uint32_t)t->word_count, (uint32_t)length, CG_MISERE_UNKNOWN};
    t->word_count += length;
    t->slots[s] = cg_misere_table_slot_of(t, hash, t->entry_count);
    *entry = (uint32_t)t->entry_count++;
    return CG_OK;
}
