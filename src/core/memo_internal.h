/* A hashed memo table from 64-bit keys to small values, for game searches.
 *
 * Open addressing with linear probing over one array of 64-bit slots: the
 * key (below CG_MEMO_KEY_LIMIT) and an 8-bit value share a slot, so a table
 * costs 8 bytes per slot and nothing per entry beyond that. The table doubles
 * at 3/4 load; both blocks are counted in its budget while it rehashes, and it
 * refuses to grow past the budget (CG_ERR_LIMIT). */
#ifndef CGSOLVE_MEMO_H
#define CGSOLVE_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_MEMO_KEY_BITS 56
#define CG_MEMO_KEY_LIMIT (((uint64_t)1 << CG_MEMO_KEY_BITS) - 1)

typedef struct cg_memo {
    uint64_t *slots; /* 0 = empty; else value << 56 | (key + 1) */
    size_t capacity; /* a power of two */
    size_t count;
    cg_budget *budget; /* where its bytes are counted; NULL: unlimited */
} cg_memo;

/* An empty table counted in budget (NULL: unlimited); no allocation yet. */
void cg_memo_init(cg_memo *memo, cg_budget *budget);
void cg_memo_free(cg_memo *memo);
/* Forget every entry, keeping the storage. */
void cg_memo_clear(cg_memo *memo);

/* Look key up; true and *value when present. */
bool cg_memo_get(const cg_memo *memo, uint64_t key, uint8_t *value);

/* Insert or overwrite key (< CG_MEMO_KEY_LIMIT). CG_ERR_LIMIT with a message
 * when the table would outgrow its budget, CG_ERR_NOMEM when allocation fails. */
cg_status cg_memo_put(cg_memo *memo, uint64_t key, uint8_t value, cg_error *err);

/* Insert key with value unless present: *inserted tells which happened (an
 * existing value is left alone). One probe sequence instead of get + put. */
cg_status cg_memo_insert(cg_memo *memo, uint64_t key, uint8_t value, bool *inserted, cg_error *err);

/* Hint that key will be looked up soon: start loading its slot. */
void cg_memo_prefetch(const cg_memo *memo, uint64_t key);

#ifdef __cplusplus
}
#endif

#endif
