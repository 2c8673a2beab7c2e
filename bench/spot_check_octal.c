/* Spot check of a Grundy table far beyond what the definition can redo:
 * G(n) recomputed by the definition (every option of heap n, from the
 * stored G(0..n-1)) for random heaps n of a checkpoint, compared with the
 * stored value. Each check costs O(n), so thousands of heaps of a 2^24 table
 * take seconds, where recomputing the table by the definition would take
 * hours. Usage: spot_check_octal CHECKPOINT [HEAPS [FROM]] (default 1000
 * heaps drawn from FROM = 0 up). Exit 1 when a value differs. */
#include <stdio.h>
#include <stdlib.h>

#include "cgsolve/octal_engine.h"
#include "cgsolve/rng.h"

/* G(n) by the definition from the engine's G(0..n-1). */
static uint32_t by_definition(const cg_octal_engine *e, size_t n, uint8_t *seen, size_t size) {
    for (size_t v = 0; v < size; v++) {
        seen[v] = 0;
    }
    const cg_octal_code *code = &e->code;
    for (size_t k = 0; k <= code->last && k <= n; k++) {
        unsigned d = code->digit[k];
        size_t rest = n - k;
        if (k > 0 && (d & 1) && rest == 0) {
            seen[0] = 1;
        }
        if (k > 0 && (d & 2) && rest > 0) {
            seen[cg_octal_engine_at(e, rest)] = 1;
        }
        for (size_t a = 1; (d & 4) && 2 * a <= rest; a++) {
            seen[cg_octal_engine_at(e, a) ^ cg_octal_engine_at(e, rest - a)] = 1;
        }
        for (size_t a = 1; (d & 8) && 3 * a <= rest; a++) {
            for (size_t b = a; a + 2 * b <= rest; b++) {
                seen[cg_octal_engine_at(e, a) ^ cg_octal_engine_at(e, b) ^
                     cg_octal_engine_at(e, rest - a - b)] = 1;
            }
        }
    }
    uint32_t v = 0;
    while (v < size && seen[v]) {
        v++;
    }
    return v;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: spot_check_octal CHECKPOINT [HEAPS [FROM]]\n");
        return 2;
    }
    size_t heaps = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000;
    size_t from = argc > 3 ? strtoull(argv[3], NULL, 10) : 0;
    cg_octal_engine e;
    cg_error err;
    if (cg_octal_engine_load(&e, NULL, CG_ENGINE_NAIVE, NULL, argv[1], &err) != CG_OK) {
        fprintf(stderr, "spot_check_octal: %s\n", err.message);
        return 2;
    }
    if (from >= e.count) {
        fprintf(stderr, "spot_check_octal: the checkpoint holds %zu values\n", e.count);
        return 2;
    }
    size_t size = (size_t)e.bound * 2 + 1; /* above every nim-sum and the mex */
    uint8_t *seen = malloc(size);
    cg_rng rng = {1};
    size_t differ = 0;
    for (size_t i = 0; seen != NULL && i < heaps; i++) {
        size_t n = from + (size_t)cg_rng_below(&rng, e.count - from);
        uint32_t value = by_definition(&e, n, seen, size);
        if (value != cg_octal_engine_at(&e, n)) {
            printf("G(%zu): stored %u, the definition gives %u\n", n, cg_octal_engine_at(&e, n),
                   value);
            differ++;
        }
    }
    printf("%zu heaps drawn from [%zu, %zu) checked by the definition: %zu differ\n", heaps, from,
           e.count, differ);
    free(seen);
    cg_octal_engine_free(&e);
    return differ != 0 || seen == NULL;
}
