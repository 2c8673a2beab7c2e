/* The octal engines: the sparse engine (rare and common values) against the
 * definition (naive), in the same run on the same codes, with their values
 * compared; then the naive engine on two threads against one, on 0.007; then the common scan's
 * vectorised tail and its set scan against their plain loops (octal_scan_internal.h). Usage:
 * bench_octal [scale [scan]] (heaps are multiplied by scale / 8; default 8). Published figures for
 * other engines are in RESULTS.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "core/rng_internal.h"
#include "octal/octal_compare_internal.h"
#include "octal/octal_engine_internal.h"
#include "octal/octal_scan_internal.h"

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

/* The common scan's tail, vectorised and plain, on 2^20 random values below
 * 1024 with count targets (8 or 16) none of which is found: the same
 * answers, and the time of each. */
static bool bench_scan(size_t scale, size_t count) {
    enum { VALUES = 1 << 20 };
    static uint16_t g[VALUES];
    cg_rng rng = {2026};
    for (size_t i = 0; i < VALUES; i++) {
        g[i] = (uint16_t)cg_rng_below(&rng, 1024);
    }
    uint16_t targets[CG_OCTAL_SCAN_TARGETS];
    for (size_t t = 0; t < CG_OCTAL_SCAN_TARGETS; t++) {
        targets[t] = (uint16_t)(1024 + t);
    }
    size_t rounds = 64 * scale / 8, splits = 0;
    size_t fast_sum = 0, plain_sum = 0;
    double t0 = bench_now();
    for (size_t r = 0; r < rounds; r++) {
        size_t rest = VALUES - 1 - r;
        fast_sum += cg_octal_first_target_16(g, rest, 1, rest / 2 + 1, targets, count);
        splits += rest / 2;
    }
    double fast = bench_now() - t0;
    t0 = bench_now();
    for (size_t r = 0; r < rounds; r++) {
        size_t rest = VALUES - 1 - r;
        plain_sum += cg_octal_first_target_16_plain(g, rest, 1, rest / 2 + 1, targets, count);
    }
    double plain = bench_now() - t0;
    bool agree = fast_sum == plain_sum;
    printf("scan   %zu splits, %2zu targets: plain %8.3f s (%.2f ns a split)  %s %8.3f s (%.2f "
           "ns)  ratio %6.2fx  %s\n",
           splits, count, plain, plain * 1e9 / (double)splits,
           cg_octal_scan_vectorised() ? "vectorised" : "plain again", fast,
           fast * 1e9 / (double)splits, plain / fast, agree ? "agree" : "ANSWERS DIFFER");
    return agree;
}

/* The set scan (octal_scan_internal.h), each kind this processor runs, on random
 * even values below 1024 with the odd values below 8 * bytes in the set:
 * as many values looked for as a heap of 0.007 has at first, none found,
 * so every split is looked at. values of them (2^20, or 2^14 whose 32 KB
 * stay in the first-level cache: the difference is the memory's share).
 * The same answers, and the time of each against the plain loop. */
static bool bench_set_scan(size_t scale, size_t bytes, size_t values) {
    static uint16_t g[(size_t)1 << 20];
    cg_rng rng = {1201};
    for (size_t i = 0; i < values; i++) {
        g[i] = (uint16_t)(2 * cg_rng_below(&rng, 512));
    }
    uint8_t odd[CG_OCTAL_SET_BYTES] = {0};
    memset(odd, 0xaa, bytes);
    size_t rounds = (64 * scale / 8) * (((size_t)1 << 20) / values), found[1];
    double seconds[CG_OCTAL_SCAN_KINDS] = {0};
    size_t sums[CG_OCTAL_SCAN_KINDS] = {0}, splits = 0;
    uint8_t set[CG_OCTAL_SET_BYTES];
    for (int k = 0; k < CG_OCTAL_SCAN_KINDS; k++) {
        if (!cg_octal_scan_supports((cg_octal_scan_kind)k)) {
            continue;
        }
        splits = 0;
        double t0 = bench_now();
        for (size_t r = 0; r < rounds; r++) {
            size_t rest = values - 1 - r % (values / 4), from = 1;
            memcpy(set, odd, sizeof set);
            sums[k] += cg_octal_collect_16_by((cg_octal_scan_kind)k, g, rest, &from, rest / 2 + 1,
                                              set, bytes, found, 1) +
                       from;
            splits += rest / 2;
        }
        seconds[k] = bench_now() - t0;
    }
    bool agree = true;
    printf("set    %7zu values, %4zu looked for:", values, 4 * bytes);
    for (int k = 0; k < CG_OCTAL_SCAN_KINDS; k++) {
        if (cg_octal_scan_supports((cg_octal_scan_kind)k)) {
            agree = agree && sums[k] == sums[CG_OCTAL_SCAN_PLAIN];
            printf("  %s %.3f ns a split (%.2fx)", cg_octal_scan_name((cg_octal_scan_kind)k),
                   seconds[k] * 1e9 / (double)splits, seconds[CG_OCTAL_SCAN_PLAIN] / seconds[k]);
        }
    }
    printf("  %s\n", agree ? "agree" : "ANSWERS DIFFER");
    return agree;
}

/* The compared half's kernel (octal_compare_internal.h), vectorised and plain, on
 * 2^20 random values and a rare list of 22,000 positions spread over them
 * (0.007's near 2^19): 32 heaps' twelve values against every entry. The
 * same minima, and the time of each an entry. */
static bool bench_compare(size_t scale) {
    enum { VALUES = 1 << 20, ENTRIES = 22000 };
    static uint16_t g[VALUES];
    static cg_rare_position rare[ENTRIES];
    cg_rng rng = {1202};
    for (size_t i = 0; i < VALUES; i++) {
        g[i] = (uint16_t)cg_rng_below(&rng, 2048);
    }
    for (size_t i = 0; i < ENTRIES; i++) {
        rare[i] = cg_rare_position_of((uint32_t)(1 + i * (VALUES - 64) / ENTRIES),
                                      (uint32_t)cg_rng_below(&rng, 2048));
    }
    static uint16_t values[CG_OCTAL_CHUNK][CG_OCTAL_COMPARED];
    for (size_t j = 0; j < CG_OCTAL_CHUNK; j++) {
        for (size_t c = 0; c < CG_OCTAL_COMPARED; c++) {
            values[j][c] = (uint16_t)cg_rng_below(&rng, 2048);
        }
    }
    uint16_t fast[CG_OCTAL_COMPARED][CG_OCTAL_CHUNK], plain[CG_OCTAL_COMPARED][CG_OCTAL_CHUNK];
    size_t rounds = scale;
    memset(fast, 0xff, sizeof fast);
    double t0 = bench_now();
    for (size_t r = 0; r < rounds; r++) {
        cg_octal_compare_16(g, rare, 0, ENTRIES, VALUES - 40, CG_OCTAL_CHUNK,
                            (const uint16_t(*)[CG_OCTAL_COMPARED])values, fast);
    }
    double vectorised = bench_now() - t0;
    memset(plain, 0xff, sizeof plain);
    t0 = bench_now();
    for (size_t r = 0; r < rounds; r++) {
        cg_octal_compare_16_plain(g, rare, 0, ENTRIES, VALUES - 40, CG_OCTAL_CHUNK,
                                  (const uint16_t(*)[CG_OCTAL_COMPARED])values, plain);
    }
    double loop = bench_now() - t0;
    bool agree = memcmp(fast, plain, sizeof fast) == 0;
    double entries = (double)rounds * ENTRIES;
    printf("compare %zu entries x %d heaps x %d values: plain %.2f ns an entry  %s %.2f ns  "
           "ratio %6.2fx  %s\n",
           (size_t)ENTRIES * rounds, CG_OCTAL_CHUNK, CG_OCTAL_COMPARED, loop * 1e9 / entries,
           cg_octal_compare_vectorised() ? "vectorised" : "plain again", vectorised * 1e9 / entries,
           loop / vectorised, agree ? "agree" : "MINIMA DIFFER");
    return agree;
}

/* 0.007 to heaps by method on one thread and on two: the same values, and
 * the time of each (wall clock: the threads' gain). */
static bool threads_against_one(cg_engine_method method, size_t heaps) {
    cg_octal_code treblecross;
    cg_octal_parse("0.007", &treblecross, NULL);
    cg_octal_engine alone, shared;
    double one = run(&treblecross, method, heaps, &alone);
    cg_octal_engine_init(&shared, &treblecross, method, NULL);
    cg_octal_engine_set_threads(&shared, 2);
    double t0 = bench_now();
    bool agree = cg_octal_engine_extend(&shared, heaps, NULL) == CG_OK && one >= 0;
    double two = bench_now() - t0;
    for (size_t n = 0; agree && n <= heaps; n++) {
        agree = cg_octal_engine_at(&alone, n) == cg_octal_engine_at(&shared, n);
    }
    printf("0.007  to %8zu: %-6s 1 thread %8.2f s (%.3g values/s)  2 threads %8.2f s (%.3g "
           "values/s, %.3g per core)  ratio %6.2fx  %s\n",
           heaps, method == CG_ENGINE_NAIVE ? "naive," : "sparse,", one, (double)heaps / one, two,
           (double)heaps / two, (double)heaps / two / 2, one / two,
           agree ? "agree" : "VALUES DIFFER");
    cg_octal_engine_free(&alone);
    cg_octal_engine_free(&shared);
    return agree;
}

int main(int argc, char **argv) {
    size_t scale = argc > 1 ? (size_t)atoll(argv[1]) : 8;
    if (argc > 2 && strcmp(argv[2], "scan") == 0) {
        bool agree = bench_scan(scale, 8);
        agree = bench_scan(scale, CG_OCTAL_SCAN_TARGETS) && agree;
        for (size_t bytes = 16; bytes <= CG_OCTAL_SET_BYTES; bytes *= 4) {
            agree = bench_set_scan(scale, bytes, (size_t)1 << 20) && agree;
            agree = bench_set_scan(scale, bytes, (size_t)1 << 14) && agree;
        }
        agree = bench_compare(scale) && agree;
        return agree ? 0 : 1; /* the scans alone */
    }
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
               "%zu rare, last %zu)  ratio %6.1fx  %s\n",
               jobs[j].code, heaps, slow, (double)naive.pairs, fast, (double)sparse.pairs,
               sparse.mask, cg_octal_engine_rare_count(&sparse),
               sparse.rare_count > 0 ? cg_rare_at(sparse.rare[sparse.rare_count - 1]) : (size_t)0,
               slow / fast, agree ? "agree" : "VALUES DIFFER");
        cg_octal_engine_free(&naive);
        cg_octal_engine_free(&sparse);
    }
    /* The naive engine on one thread and shared between two, on 0.007 (the
     * game the sparse engine does not help); then the sparse one, whose next
     * block is marked on the second thread while the first computes the
     * current block's heaps. */
    bool agree = threads_against_one(CG_ENGINE_NAIVE, ((size_t)1 << 18) * scale / 8);
    agree = threads_against_one(CG_ENGINE_SPARSE, ((size_t)1 << 18) * scale / 8) && agree;
    bool scans_agree = bench_scan(scale, 8);
    scans_agree = bench_scan(scale, CG_OCTAL_SCAN_TARGETS) && scans_agree;
    for (size_t bytes = 16; bytes <= CG_OCTAL_SET_BYTES; bytes *= 4) {
        scans_agree = bench_set_scan(scale, bytes, (size_t)1 << 20) && scans_agree;
        scans_agree = bench_set_scan(scale, bytes, (size_t)1 << 14) && scans_agree;
    }
    scans_agree = bench_compare(scale) && scans_agree;
    return agree_all && agree && scans_agree ? 0 : 1;
}
