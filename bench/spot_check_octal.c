/* Spot check of a Grundy table far beyond what the definition can redo:
 * G(n) recomputed by the definition (every option of heap n, from the
 * stored G(0..n-1)) for random heaps n of a checkpoint, compared with the
 * stored value by tests/ref's ref_octal_value. Each check costs O(n), so
 * thousands of heaps of a 2^24 table take seconds, where recomputing the table by the definition
 * would take hours. Usage: spot_check_octal CHECKPOINT [HEAPS [FROM]] (default 1000 heaps drawn
 * from FROM = 0 up). Exit 1 when a value differs. */
#include <stdio.h>
#include <stdlib.h>

#include "core/rng_internal.h"
#include "octal/octal_engine_internal.h"
#include "ref_octal.h"

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
    bool *seen = malloc(size * sizeof *seen);
    uint32_t *values = malloc(e.count * sizeof *values); /* the reference reads an array */
    if (seen == NULL || values == NULL) {
        fprintf(stderr, "spot_check_octal: out of memory\n");
        free(seen);
        free(values);
        cg_octal_engine_free(&e);
        return 2;
    }
    for (size_t n = 0; n < e.count; n++) {
        values[n] = cg_octal_engine_at(&e, n);
    }
    cg_rng rng = {1};
    size_t differ = 0;
    for (size_t i = 0; i < heaps; i++) {
        size_t n = from + (size_t)cg_rng_below(&rng, e.count - from);
        uint32_t value = ref_octal_value(&e.code, n, values, seen, size);
        if (value != cg_octal_engine_at(&e, n)) {
            printf("G(%zu): stored %u, the definition gives %u\n", n, cg_octal_engine_at(&e, n),
                   value);
            differ++;
        }
    }
    printf("%zu heaps drawn from [%zu, %zu) checked by the definition: %zu differ\n", heaps, from,
           e.count, differ);
    free(seen);
    free(values);
    cg_octal_engine_free(&e);
    return differ != 0;
}
