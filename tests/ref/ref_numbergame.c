#include "ref_numbergame.h"

#include <stdlib.h>
#include <string.h>

#define BUCKETS 65536

typedef struct entry {
    char key[REF_NUMBERGAME_MAX + 2];
    bool wins;
    struct entry *next;
} entry;

struct ref_numbergame {
    int max;
    entry *bucket[BUCKETS];
};

ref_numbergame *ref_numbergame_new(int max) {
    ref_numbergame *g = calloc(1, sizeof *g);
    if (g != NULL) {
        g->max = max;
    }
    return g;
}

void ref_numbergame_delete(ref_numbergame *g) {
    if (g == NULL) {
        return;
    }
    for (size_t b = 0; b < BUCKETS; b++) {
        while (g->bucket[b] != NULL) {
            entry *e = g->bucket[b];
            g->bucket[b] = e->next;
            free(e);
        }
    }
    free(g);
}

void ref_numbergame_after(int max, const bool *available, int x, bool *out) {
    /* Forbidden before: everything not available. Generators: those plus x.
     * y is forbidden after iff y is a sum of one or more generators. */
    bool generator[REF_NUMBERGAME_MAX + 1] = {false};
    bool sum[REF_NUMBERGAME_MAX + 1] = {false};
    for (int y = 2; y <= max; y++) {
        generator[y] = !available[y] || y == x;
    }
    for (int y = 2; y <= max; y++) {
        sum[y] = generator[y];
        for (int g = 2; g < y && !sum[y]; g++) {
            sum[y] = generator[g] && y - g >= 2 && sum[y - g];
        }
        out[y] = !sum[y];
    }
    out[0] = out[1] = false;
}

static void key_of(int max, const bool *available, char *key) {
    for (int y = 2; y <= max; y++) {
        key[y - 2] = available[y] ? '1' : '0';
    }
    key[max - 1] = '\0';
}

static size_t hash_of(const char *key) {
    size_t h = 5381;
    for (; *key != '\0'; key++) {
        h = h * 33 + (unsigned char)*key;
    }
    return h % BUCKETS;
}

/* Recursion depth is at most the number of available numbers (< 30). */
bool ref_numbergame_wins(ref_numbergame *g, const bool *available) {
    char key[REF_NUMBERGAME_MAX + 2];
    key_of(g->max, available, key);
    size_t h = hash_of(key);
    for (entry *e = g->bucket[h]; e != NULL; e = e->next) {
        if (strcmp(e->key, key) == 0) {
            return e->wins;
        }
    }
    bool wins = false;
    for (int x = 2; x <= g->max && !wins; x++) {
        if (available[x]) {
            bool next[REF_NUMBERGAME_MAX + 1];
            ref_numbergame_after(g->max, available, x, next);
            wins = !ref_numbergame_wins(g, next);
        }
    }
    entry *e = malloc(sizeof *e);
    if (e != NULL) {
        strcpy(e->key, key);
        e->wins = wins;
        e->next = g->bucket[h];
        g->bucket[h] = e;
    }
    return wins;
}
