#include "core/memo_internal.h"

#include <stdlib.h>
#include <string.h>

#define KEY_MASK CG_MEMO_KEY_LIMIT
#define INITIAL_CAPACITY ((size_t)1 << 12)

/* Mix all bits of the key (the splitmix64 finaliser): keys such as bitmasks
 * differ in few bits, and linear probing needs them spread. */
static size_t slot_of(uint64_t key, size_t capacity) {
    key ^= key >> 30;
    key *= 0xBF58476D1CE4E5B9u;
    key ^= key >> 27;
    key *= 0x94D049BB133111EBu;
    key ^= key >> 31;
    return (size_t)key & (capacity - 1);
}

void cg_memo_init(cg_memo *memo, cg_budget *budget) {
    memo->slots = NULL;
    memo->capacity = 0;
    memo->count = 0;
    memo->budget = budget;
}

void cg_memo_free(cg_memo *memo) {
    free(memo->slots);
    cg_budget_give(memo->budget, memo->capacity, sizeof *memo->slots);
    cg_memo_init(memo, memo->budget);
}

void cg_memo_clear(cg_memo *memo) {
    if (memo->slots != NULL) {
        memset(memo->slots, 0, memo->capacity * sizeof *memo->slots);
    }
    memo->count = 0;
}

bool cg_memo_get(const cg_memo *memo, uint64_t key, uint8_t *value) {
    if (memo->capacity == 0) {
        return false;
    }
    uint64_t tag = key + 1;
    for (size_t i = slot_of(key, memo->capacity);; i = (i + 1) & (memo->capacity - 1)) {
        uint64_t slot = memo->slots[i];
        if (slot == 0) {
            return false;
        }
        if ((slot & KEY_MASK) == tag) {
            *value = (uint8_t)(slot >> CG_MEMO_KEY_BITS);
            return true;
        }
    }
}

void cg_memo_prefetch(const cg_memo *memo, uint64_t key) {
    if (memo->capacity != 0) {
        __builtin_prefetch(&memo->slots[slot_of(key, memo->capacity)]);
    }
}

/* Place a slot known to be absent into a table with room. */
static void place(uint64_t *slots, size_t capacity, uint64_t slot) {
    size_t i = slot_of((slot & KEY_MASK) - 1, capacity);
    while (slots[i] != 0) {
        i = (i + 1) & (capacity - 1);
    }
    slots[i] = slot;
}

static cg_status grow(cg_memo *memo, cg_error *err) {
    size_t capacity = memo->capacity == 0 ? INITIAL_CAPACITY : memo->capacity * 2;
    /* The old table stays allocated while the new one fills: both count. */
    cg_status st =
        cg_budget_take(memo->budget, capacity, sizeof(uint64_t), "growing the search table", err);
    if (st != CG_OK) {
        return st;
    }
    uint64_t *slots = calloc(capacity, sizeof *slots);
    if (slots == NULL) {
        cg_budget_give(memo->budget, capacity, sizeof(uint64_t));
        return cg_error_nomem(err, "growing a search table");
    }
    for (size_t i = 0; i < memo->capacity; i++) {
        if (memo->slots[i] != 0) {
            place(slots, capacity, memo->slots[i]);
        }
    }
    free(memo->slots);
    cg_budget_give(memo->budget, memo->capacity, sizeof(uint64_t));
    memo->slots = slots;
    memo->capacity = capacity;
    return CG_OK;
}

/* Find key's slot, or the empty slot where it belongs, growing first when
 * an insertion could pass 3/4 load. */
static cg_status locate(cg_memo *memo, uint64_t key, size_t *index, cg_error *err) {
    if (key >= KEY_MASK) {
        return cg_error_set(err, CG_ERR_INTERNAL, "memo key %llu is too large",
                            (unsigned long long)key);
    }
    if ((memo->count + 1) * 4 > memo->capacity * 3) {
        cg_status st = grow(memo, err);
        if (st != CG_OK) {
            return st;
        }
    }
    uint64_t tag = key + 1;
    size_t i = slot_of(key, memo->capacity);
    while (memo->slots[i] != 0 && (memo->slots[i] & KEY_MASK) != tag) {
        i = (i + 1) & (memo->capacity - 1);
    }
    *index = i;
    return CG_OK;
}

cg_status cg_memo_put(cg_memo *memo, uint64_t key, uint8_t value, cg_error *err) {
    size_t i = 0;
    cg_status st = locate(memo, key, &i, err);
    if (st == CG_OK) {
        memo->count += memo->slots[i] == 0;
        memo->slots[i] = (uint64_t)value << CG_MEMO_KEY_BITS | (key + 1);
    }
    return st;
}

cg_status cg_memo_insert(cg_memo *memo, uint64_t key, uint8_t value, bool *inserted,
                         cg_error *err) {
    size_t i = 0;
    cg_status st = locate(memo, key, &i, err);
    *inserted = st == CG_OK && memo->slots[i] == 0;
    if (*inserted) {
        memo->slots[i] = (uint64_t)value << CG_MEMO_KEY_BITS | (key + 1);
        memo->count++;
    }
    return st;
}
