#include "ref_misere.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARTS 64 /* heaps and nim-heaps in one position */
#define BUCKETS 65536
#define SEEN 1024 /* values of options are below this (checked) */

typedef struct known {
    char *key;
    unsigned value;
    struct known *next;
} known;

static cg_octal_code the_code;
static known *bucket[BUCKETS];

void ref_misere_begin(const cg_octal_code *code) {
    ref_misere_end();
    the_code = *code;
}

void ref_misere_end(void) {
    for (size_t i = 0; i < BUCKETS; i++) {
        while (bucket[i] != NULL) {
            known *k = bucket[i];
            bucket[i] = k->next;
            free(k->key);
            free(k);
        }
    }
}

static int descending(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

static void make_key(const size_t *heaps, size_t count, const size_t *nims, size_t nim_count,
                     char *key, size_t size) {
    size_t o = 0;
    for (size_t i = 0; i < count; i++) {
        o += (size_t)snprintf(key + o, size - o, "%zu,", heaps[i]);
    }
    o += (size_t)snprintf(key + o, size - o, "|");
    for (size_t i = 0; i < nim_count; i++) {
        o += (size_t)snprintf(key + o, size - o, "%zu,", nims[i]);
    }
}

static size_t hash(const char *key) {
    size_t h = 5381;
    for (; *key != '\0'; key++) {
        h = h * 33 + (unsigned char)*key;
    }
    return h % BUCKETS;
}

static unsigned value_of(size_t *heaps, size_t count, size_t *nims, size_t nim_count);

/* Mark value v as an option's. */
static void mark(bool *seen, unsigned v) {
    if (v >= SEEN) {
        fprintf(stderr, "ref_misere: a value of %u is beyond the reference's table\n", v);
        abort();
    }
    seen[v] = true;
}

/* The value of heaps with heap `at` replaced by parts[0..parts_count-1]. */
static unsigned after_move(const size_t *heaps, size_t count, size_t at, const size_t *parts,
                           size_t parts_count, const size_t *nims, size_t nim_count) {
    size_t h[MAX_PARTS], n[MAX_PARTS];
    size_t c = 0;
    for (size_t i = 0; i < count; i++) {
        if (i != at) {
            h[c++] = heaps[i];
        }
    }
    for (size_t i = 0; i < parts_count; i++) {
        h[c++] = parts[i];
    }
    memcpy(n, nims, nim_count * sizeof *n);
    return value_of(h, c, n, nim_count);
}

static unsigned value_of(size_t *heaps, size_t count, size_t *nims, size_t nim_count) {
    qsort(heaps, count, sizeof *heaps, descending);
    qsort(nims, nim_count, sizeof *nims, descending);
    char key[8 * MAX_PARTS * 2];
    make_key(heaps, count, nims, nim_count, key, sizeof key);
    size_t b = hash(key);
    for (known *k = bucket[b]; k != NULL; k = k->next) {
        if (strcmp(k->key, key) == 0) {
            return k->value;
        }
    }
    bool seen[SEEN] = {false};
    size_t options = 0;
    for (size_t i = 0; i < count; i++) {
        size_t n = heaps[i];
        for (size_t k = 0; k <= the_code.last && k <= n; k++) {
            unsigned d = the_code.digit[k];
            size_t rest = n - k, parts[3];
            if (k > 0 && (d & 1) && rest == 0) {
                mark(seen, after_move(heaps, count, i, parts, 0, nims, nim_count));
                options++;
            }
            if (k > 0 && (d & 2) && rest > 0) {
                parts[0] = rest;
                mark(seen, after_move(heaps, count, i, parts, 1, nims, nim_count));
                options++;
            }
            for (size_t a = 1; (d & 4) && 2 * a <= rest; a++) {
                parts[0] = a;
                parts[1] = rest - a;
                mark(seen, after_move(heaps, count, i, parts, 2, nims, nim_count));
                options++;
            }
            for (size_t a = 1; (d & 8) && 3 * a <= rest; a++) {
                for (size_t c = a; a + 2 * c <= rest; c++) {
                    parts[0] = a;
                    parts[1] = c;
                    parts[2] = rest - a - c;
                    mark(seen, after_move(heaps, count, i, parts, 3, nims, nim_count));
                    options++;
                }
            }
        }
    }
    for (size_t i = 0; i < nim_count; i++) {
        for (size_t to = 0; to < nims[i]; to++) {
            size_t h[MAX_PARTS], n[MAX_PARTS];
            memcpy(h, heaps, count * sizeof *h);
            memcpy(n, nims, nim_count * sizeof *n);
            n[i] = to;
            mark(seen, value_of(h, count, n, nim_count));
            options++;
        }
    }
    unsigned v = 0;
    if (options == 0) {
        v = 1; /* no move: the player to move has won */
    } else {
        while (seen[v]) {
            v++;
        }
    }
    known *k = malloc(sizeof *k);
    k->key = malloc(strlen(key) + 1);
    strcpy(k->key, key);
    k->value = v;
    k->next = bucket[b];
    bucket[b] = k;
    return v;
}

unsigned ref_misere_value(const size_t *heaps, size_t count, const size_t *nims, size_t nim_count) {
    size_t h[MAX_PARTS], n[MAX_PARTS];
    for (size_t i = 0; i < count; i++) {
        h[i] = heaps[i];
    }
    for (size_t i = 0; i < nim_count; i++) {
        n[i] = nims[i];
    }
    return value_of(h, count, n, nim_count);
}

bool ref_misere_is_p(const size_t *heaps, size_t count) {
    return ref_misere_value(heaps, count, NULL, 0) == 0;
}
