/* A windowed checkpoint (octal_engine_file.c's format 2) far out, made from
 * a proven period, so the windowed store can be measured past 2^31 or 2^32
 * in minutes instead of computing every heap before: G(n) for n beyond a
 * full checkpoint's values is G(pre + (n - pre) mod period), which the
 * periodicity theorem proves once the checkpoint holds 2 pre + 2 period +
 * last values (0.1777: pre 160,949,018, period 60,620,715, Flammenkamp's;
 * `grundy --certificate` proved it here). The head is G(0..head-1), the
 * window G(count - span..count-1), the checksum of G(0..count - span - 1)
 * summed value by value as grundy's. With UPTO, prints the checksum of
 * G(0..UPTO) the same way: what `grundy --resume OUT --upto UPTO --json`
 * must report.
 *
 * Usage: window_jump FULL_CHECKPOINT PRE PERIOD COUNT HEAD SPAN OUT [UPTO] */
#include <stdio.h>
#include <stdlib.h>

#include "core/hash_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/octal_engine_internal.h"

static const cg_octal_engine *table;
static size_t pre, period;

static uint32_t value(size_t n) {
    return n < table->count ? cg_octal_engine_at(table, n)
                            : cg_octal_engine_at(table, pre + (n - pre) % period);
}

static void put(FILE *f, uint64_t *hash, size_t from, size_t to) {
    for (size_t n = from; n < to; n++) {
        uint32_t v = value(n);
        unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                              (unsigned char)(v >> 24)};
        *hash = cg_fnv1a(*hash, b, 4);
        fwrite(b, 1, 4, f);
    }
}

int main(int argc, char **argv) {
    if (argc < 8) {
        fprintf(stderr,
                "usage: window_jump FULL_CHECKPOINT PRE PERIOD COUNT HEAD SPAN OUT [UPTO]\n");
        return 2;
    }
    cg_octal_engine e;
    cg_error err;
    if (cg_octal_engine_load(&e, NULL, CG_ENGINE_AUTO, NULL, argv[1], &err) != CG_OK) {
        fprintf(stderr, "window_jump: %s\n", err.message);
        return 2;
    }
    table = &e;
    pre = strtoull(argv[2], NULL, 10);
    period = strtoull(argv[3], NULL, 10);
    size_t count = strtoull(argv[4], NULL, 10), head = strtoull(argv[5], NULL, 10);
    size_t span = strtoull(argv[6], NULL, 10), low = count - span;
    size_t upto = argc > 8 ? strtoull(argv[8], NULL, 10) : 0;
    if (period == 0 || pre + period > e.count || head > low || span > count || e.mask == 0) {
        fprintf(stderr, "window_jump: the checkpoint does not cover pre + period, or the window "
                        "does not fit\n");
        cg_octal_engine_free(&e);
        return 2;
    }
    uint64_t below = CG_GRUNDY_CHECKSUM_START;
    for (size_t n = 0; n < low; n++) {
        below = cg_grundy_checksum_add(below, n, value(n));
    }
    FILE *f = fopen(argv[7], "wb");
    if (f == NULL) {
        perror(argv[7]);
        cg_octal_engine_free(&e);
        return 2;
    }
    char name[CG_OCTAL_NAME_SIZE], header[256];
    cg_octal_format(&e.code, name, sizeof name);
    int len =
        snprintf(header, sizeof header, "cgsolve-grundy 2 %s %zu %zu %zu %zu %lu %lu %zu %016llx\n",
                 name, count, head, span, low, (unsigned long)e.mask, (unsigned long)e.largest,
                 e.largest_at, (unsigned long long)below);
    uint64_t hash = cg_fnv1a(CG_FNV1A_START, header, (size_t)len);
    fwrite(header, 1, (size_t)len, f);
    put(f, &hash, 0, head);
    put(f, &hash, low, count);
    fprintf(f, "fnv64 %016llx\n", (unsigned long long)hash);
    if (fclose(f) != 0) {
        perror(argv[7]);
        cg_octal_engine_free(&e);
        return 2;
    }
    if (upto >= low) {
        uint64_t sum = below;
        for (size_t n = low; n <= upto; n++) {
            sum = cg_grundy_checksum_add(sum, n, value(n));
        }
        printf("checksum of G(0..%zu): %016llx\n", upto, (unsigned long long)sum);
    }
    cg_octal_engine_free(&e);
    return 0;
}
