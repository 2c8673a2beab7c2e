/* Differential test: the windowed value store (octal_store_internal.h) against the
 * full one, on seeded random octal codes (digits 0-7, d0 = 0 or 4) and the
 * codes whose rare positions stop early. Each code runs to HEAPS twice: with
 * every value kept, and with the store allowed to engage from heap FROM
 * keeping a head of HEAD values (a test-sized window: the grundy command's
 * starts at 2^31), both extended in chunks as a stream asks. Every value is
 * compared as soon as it is computed, and the windowed store's running
 * checksum with the full values'. A windowed run may stop with CG_ERR_LIMIT
 * (a scan deeper than the head, a late rare position), never with a
 * different value: the values up to the stop must agree, and the codes
 * known to window must window to the end. */
#include <stdio.h>
#include <string.h>

#include "octal/grundy_table_internal.h"
#include "octal/octal_engine_internal.h"
#include "ref_rng.h"

#define CODES 80
#define HEAPS 12000
#define FROM 2048
#define HEAD 512
#define CHUNK 500

static int failures;

static void fail(const char *code, const char *what) {
    if (failures++ < 20) {
        fprintf(stderr, "diff_octal_store: %s: %s\n", code, what);
    }
}

static void random_code(ref_rng *rng, char *text) {
    size_t o = 0;
    text[o++] = ref_rng_below(rng, 4) == 0 ? '4' : '0';
    text[o++] = '.';
    size_t n = 1 + (size_t)ref_rng_below(rng, 4);
    for (size_t i = 0; i < n; i++) {
        text[o++] = (char)('0' + ref_rng_below(rng, 8));
    }
    while (o > 2 && text[o - 1] == '0') {
        o--; /* a last digit 0 is no digit */
    }
    if (o == 2) {
        text[o++] = '7';
    }
    text[o] = '\0';
}

typedef struct outcome {
    bool windowed, dropped, stopped;
} outcome;

/* One code both ways; how the windowed run went. */
static outcome compare(const char *text) {
    outcome out = {false, false, false};
    cg_octal_code code;
    if (cg_octal_parse(text, &code, NULL) != CG_OK) {
        fail(text, "does not parse");
        return out;
    }
    cg_octal_engine full, part;
    cg_octal_engine_init(&full, &code, CG_ENGINE_AUTO, NULL);
    cg_octal_engine_init(&part, &code, CG_ENGINE_AUTO, NULL);
    cg_octal_engine_expect(&full, HEAPS);
    cg_octal_engine_expect(&part, HEAPS);
    cg_error err;
    if (cg_octal_store_window(&part, FROM, HEAD, CHUNK, &err) != CG_OK) {
        fail(text, err.message);
    }
    uint64_t sum = CG_GRUNDY_CHECKSUM_START;
    if (cg_octal_engine_extend(&full, HEAPS, &err) != CG_OK) {
        fail(text, err.message);
    }
    for (size_t done = 0; done <= HEAPS && full.count > HEAPS;) {
        size_t target = done + CHUNK - 1 < HEAPS ? done + CHUNK - 1 : HEAPS;
        cg_status st = cg_octal_engine_extend(&part, target, &err);
        for (size_t n = done; n < part.count; n++) {
            uint32_t want = cg_octal_engine_at(&full, n);
            if (!cg_octal_store_holds(&part, n) || cg_octal_engine_at(&part, n) != want) {
                char what[160];
                snprintf(what, sizeof what, "G(%zu): windowed %u, full %u", n,
                         cg_octal_store_holds(&part, n) ? cg_octal_engine_at(&part, n) : 0, want);
                fail(text, what);
                break;
            }
            sum = cg_grundy_checksum_add(sum, n, want);
        }
        done = part.count;
        out.windowed |= part.store.windowed;
        if (st == CG_ERR_LIMIT) {
            out.stopped = true;
            break;
        }
        if (st != CG_OK) {
            fail(text, err.message);
            break;
        }
    }
    if (part.store.windowed) {
        out.dropped = part.store.low > part.store.head && part.store.gone > part.store.kept;
        if (cg_octal_store_checksum(&part) != sum) {
            fail(text, "the windowed store's checksum differs");
        }
    }
    cg_octal_engine_free(&full);
    cg_octal_engine_free(&part);
    return out;
}

int main(void) {
    /* rare positions that stop early (0.1777's last of 15 is heap 123,
     * 0.167's of 59 heap 1303 at 2^24: beyond HEAD, so it keeps every value) */
    static const char *const known[] = {"0.1777", "0.16", "0.167", "0.77", "0.07", "0.137"};
    static const bool must_window[] = {true, false, false, false, false, false};
    size_t windowed = 0, dropped = 0, stopped = 0, codes = 0;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++, codes++) {
        outcome o = compare(known[i]);
        if (must_window[i] && (!o.dropped || o.stopped)) {
            fail(known[i], "did not run windowed to the end");
        }
        windowed += o.windowed;
        dropped += o.dropped;
        stopped += o.stopped;
    }
    ref_rng rng = cg_rng_make(26);
    for (size_t i = 0; i < CODES; i++, codes++) {
        char text[16];
        random_code(&rng, text);
        outcome o = compare(text);
        windowed += o.windowed;
        dropped += o.dropped;
        stopped += o.stopped;
    }
    if (dropped < 10) {
        fail("all", "too few codes ran windowed to say anything");
    }
    printf("diff_octal_store: %zu codes to heap %d: %zu windowed (%zu dropping values, %zu "
           "stopped short, never a different value), %d failures\n",
           codes, HEAPS, windowed, dropped, stopped, failures);
    return failures == 0 ? 0 : 1;
}
