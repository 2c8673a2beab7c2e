/* The octal engines: the sparse engine (rare and common values) against the
 * definition (naive), in the same run on the same codes, with their values
 * compared; then the naive engine on two threads against one, on 0.007. Usage: bench_octal [scale]
 * (heaps are multiplied by scale / 8; default 8). Published figures for other engines are in
 * RESULTS.md. */
#include <stdio.h>
#include <stdlib.h>

#include "bench_clock.h"
#include "core/octal_engine_internal.h"

typedef struct job {
    const char *code;
    size_t heaps;
} job;

static double run(const cg_octal_code *code, cg_engine_method method, size_t heaps,
                  cg_octal_engine *engine) {
    cg_octal_engine_init(engine, code, method, NULL);
    double t0 = bench_now();
    if (cg_octal_engine_extend(engine, heaps, NULL) != CG_OK) {
        return -1;
    }
    return bench_now() - t0;
}

int main(int argc, char **argv) {
    size_t scale = argc > 1 ? (size_t)atoll(argv[1]) : 8;
    static const job jobs[] = {
        {"0.16", 1 << 17}, {"0.6", 1 << 18},   {"0.376", 1 << 17},
        {"0.77", 1 << 17}, {"0.007", 1 << 17}, {"0.137", 1 << 17},
    };
    bool agree_all = true;
    for (size_t j = 0; j < sizeof jobs / sizeof jobs[0]; j++) {
        cg_octal_code code;
        cg_octal_parse(jobs[j].code, &code, NULL);
        size_t heaps = jobs[j].heaps * scale / 8;
        cg_octal_engine naive, sparse;
        double slow = run(&code, CG_ENGINE_NAIVE, heaps, &naive);
        double fast = run(&code, CG_ENGINE_SPARSE, heaps, &sparse);
        bool agree = slow >= 0 && fast >= 0;
        for (size_t n = 0; agree && n <= heaps; n++) {
            agree = cg_octal_engine_at(&naive, n) == cg_octal_engine_at(&sparse, n);
        }
        agree_all = agree_all && agree;
        printf("%-6s to %8zu: naive %8.2f s (%.3g pairs)  sparse %8.2f s (%.3g pairs, mask %u, "
               "%zu rare, last %u)  ratio %6.1fx  %s\n",
               jobs[j].code, heaps, slow, (double)naive.pairs, fast, (double)sparse.pairs,
               sparse.mask, cg_octal_engine_rare_count(&sparse),
               sparse.rare_count > 0 ? sparse.rare[sparse.rare_count - 1].at : 0, slow / fast,
               agree ? "agree" : "VALUES DIFFER");
        cg_octal_engine_free(&naive);
        cg_octal_engine_free(&sparse);
    }
    /* The naive engine on one thread and shared between two, on 0.007 (the
     * game the sparse engine does not help). */
    cg_octal_code treblecross;
    cg_octal_parse("0.007", &treblecross, NULL);
    size_t heaps = ((size_t)1 << 18) * scale / 8;
    cg_octal_engine alone, shared;
    double one = run(&treblecross, CG_ENGINE_NAIVE, heaps, &alone);
    cg_octal_engine_init(&shared, &treblecross, CG_ENGINE_NAIVE, NULL);
    cg_octal_engine_set_threads(&shared, 2);
    double t0 = bench_now();
    bool agree = cg_octal_engine_extend(&shared, heaps, NULL) == CG_OK && one >= 0;
    double two = bench_now() - t0;
    for (size_t n = 0; agree && n <= heaps; n++) {
        agree = cg_octal_engine_at(&alone, n) == cg_octal_engine_at(&shared, n);
    }
    printf("0.007  to %8zu: naive, 1 thread %8.2f s (%.3g values/s)  2 threads %8.2f s (%.3g "
           "values/s, %.3g per core)  ratio %6.2fx  %s\n",
           heaps, one, (double)heaps / one, two, (double)heaps / two, (double)heaps / two / 2,
           one / two, agree ? "agree" : "VALUES DIFFER");
    cg_octal_engine_free(&alone);
    cg_octal_engine_free(&shared);
    return agree_all && agree ? 0 : 1;
}
