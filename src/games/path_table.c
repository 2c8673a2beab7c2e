/* The PATH searches' transposition tables: exact positions in canonical
 * orientation found by Zobrist hash, two entries a bucket, the alpha-beta
 * search's bounds and the proof-number search's numbers in one allocation
 * sized within the budget. */
#include <stdlib.h>
#include <string.h>

#include "games/path_solve_internal.h"

size_t cg_path_table_bytes(size_t bits) {
    return ((size_t)1 << bits) * (sizeof(tt_entry) + sizeof(pn_entry));
}

/* A table for E empty cells: 2^E entries within the limits. */
cg_status cg_path_size_table(cg_path_search *s, cg_path_frame *f, cg_error *err) {
    size_t want = (size_t)f->empty;
    want = want < MIN_TABLE_BITS ? MIN_TABLE_BITS : want > MAX_TABLE_BITS ? MAX_TABLE_BITS : want;
    size_t limit = s->table_limit;
    if (limit == 0) {
        limit = s->budget == NULL ? (size_t)1 << 30 : (s->budget->limit - s->budget->used) / 2;
    }
    while (want > MIN_TABLE_BITS && cg_path_table_bytes(want) > limit) {
        want--;
    }
    if (f->table != NULL && f->table_bits >= want) {
        return CG_OK;
    }
    free(f->table);
    f->table = NULL;
    cg_budget_give(s->budget, f->table_held, 1);
    f->table_held = 0;
    f->table_bits = 0;
    cg_status st =
        cg_budget_take(s->budget, cg_path_table_bytes(want), 1, "the search's table", err);
    if (st != CG_OK) {
        return st;
    }
    f->table = calloc(1, cg_path_table_bytes(want));
    f->pn_table = f->table == NULL ? NULL : (pn_entry *)(void *)(f->table + ((size_t)1 << want));
    if (f->table == NULL) {
        cg_budget_give(s->budget, cg_path_table_bytes(want), 1);
        return cg_error_nomem(err, "the search's table");
    }
    f->table_held = cg_path_table_bytes(want);
    f->table_bits = want;
    f->generation = 1;
    return CG_OK;
}

void cg_path_store(cg_path_frame *f, const key *k, int lower, int upper, int move, int empty) {
    if (k->white == 0 && k->black == 0) {
        return;
    }
    size_t mask = ((size_t)1 << f->table_bits) - 2;
    tt_entry *bucket = &f->table[(size_t)(k->hash ^ k->hash >> 29) & mask];
    tt_entry *e = NULL;
    for (int j = 0; j < 2 && e == NULL; j++) {
        if (bucket[j].generation == f->generation && bucket[j].white == k->white &&
            bucket[j].black == k->black) {
            e = &bucket[j];
            lower = lower > e->lower ? lower : e->lower;
            upper = upper < e->upper ? upper : e->upper;
        }
    }
    if (e == NULL) { /* the first slot keeps the most work, the second takes the rest */
        tt_entry *deep = &bucket[0];
        e = deep->generation != f->generation || empty >= deep->empty ? deep : &bucket[1];
        if (e == deep && deep->generation == f->generation) {
            bucket[1] = *deep;
        }
    }
    e->white = k->white;
    e->black = k->black;
    e->lower = (int8_t)lower;
    e->upper = (int8_t)upper;
    e->move = move < 0 ? 0xFF : (uint8_t)(k->sym == 0 ? move : f->perm[k->sym][move]);
    e->empty = (uint8_t)empty;
    e->generation = f->generation;
}

/* The table's move back in the frame's orientation. */
int cg_path_unpermute_move(const cg_path_frame *f, int sym, int move) {
    if (sym == 0) {
        return move;
    }
    for (int i = 0; i < f->empty; i++) {
        if (f->perm[sym][i] == move) {
            return i;
        }
    }
    return -1;
}

/* Where a new entry for k goes: the first slot keeps the most work, the
 * second takes the rest. */
static pn_entry *pn_victim(cg_path_frame *f, const key *k, int attacker, uint32_t work) {
    pn_entry *bucket = pn_bucket(f, k, attacker);
    pn_entry *big = &bucket[0];
    if (big->generation != f->generation || work >= big->work) {
        if (big->generation == f->generation) {
            bucket[1] = *big;
        }
        return big;
    }
    return &bucket[1];
}

void cg_path_pn_store(cg_path_frame *f, const key *k, int attacker, uint32_t pn, uint32_t dn,
                      uint32_t work) {
    if (k->white == 0 && k->black == 0) {
        return; /* the frame itself: its numbers live in the caller */
    }
    pn_entry *e = pn_find(f, k, attacker);
    if (e == NULL) {
        e = pn_victim(f, k, attacker, work);
    }
    e->white = k->white;
    e->black = k->black;
    e->pn = pn;
    e->dn = dn;
    e->work = work;
    e->attacker = (uint8_t)attacker;
    e->generation = f->generation;
}
