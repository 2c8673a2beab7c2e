/* mincore is beyond POSIX: the system's own name. */
#define _DEFAULT_SOURCE 1

/* The windowed value store (octal_store_internal.h) at test scale: engaged from a
 * few thousand heaps with a head of hundreds, it gives the full store's
 * values and checksum; a scan deeper than the head or a late rare position
 * stops the run with CG_ERR_LIMIT once values are dropped and falls back to
 * every value before; widening keeps the held values; a windowed checkpoint
 * resumes; the budget holds what a full table would not fit in. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/hash_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/octal_engine_internal.h"
#include "octal_store_fixture.h"

static void windowed_init(cg_octal_engine *e, const char *text, size_t from, size_t head,
                          cg_budget *budget) {
    cg_octal_code code;
    assert_int_equal(cg_octal_parse(text, &code, NULL), CG_OK);
    cg_octal_engine_init(e, &code, CG_ENGINE_AUTO, budget);
    assert_int_equal(cg_octal_store_window(e, from, head, 500, NULL),
                     CG_OK); /* follow reads a chunk back */
    assert_non_null(e->store.map);
}

/* Extend in chunks, comparing each value once computed; the status of the
 * last extension. */
static cg_status follow(cg_octal_engine *e, const cg_octal_engine *full, size_t upto,
                        cg_error *err) {
    cg_status st = CG_OK;
    for (size_t done = e->count; st == CG_OK && e->count <= upto;) {
        size_t target = done + 499 < upto ? done + 499 : upto;
        st = cg_octal_engine_extend(e, target, err);
        for (size_t n = done; n < e->count; n++) {
            assert_true(cg_octal_store_holds(e, n));
            if (cg_octal_engine_at(e, n) != cg_octal_engine_at(full, n)) {
                fail_msg("G(%zu): windowed %u, full %u", n, cg_octal_engine_at(e, n),
                         cg_octal_engine_at(full, n));
            }
        }
        done = e->count;
    }
    return st;
}

static void windowed_values_agree(void **state) {
    (void)state;
    cg_octal_engine full = full_run("0.1777", 40000), e;
    windowed_init(&e, "0.1777", 4096, 512, NULL);
    assert_int_equal(follow(&e, &full, 40000, NULL), CG_OK);
    assert_true(e.store.windowed);
    assert_true(e.store.low > 30000);              /* the window: the last values */
    assert_true(e.store.gone > e.store.kept);      /* pages given back */
    assert_false(cg_octal_store_holds(&e, 10000)); /* dropped */
    assert_true(cg_octal_store_holds(&e, 100));    /* the head */
    assert_int_equal(cg_octal_store_scan_limit(&e), 512);
    assert_int_equal(cg_octal_store_checksum(&e), checksum_of(&full, 40001));
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
}

/* The whole dropped pages are given back and fault when read (a child
 * reads one and dies of SIGSEGV). */
static void dropped_pages_fault(void **state) {
    (void)state;
    cg_octal_engine full = full_run("0.1777", 40000), e;
    windowed_init(&e, "0.1777", 4096, 512, NULL);
    assert_int_equal(follow(&e, &full, 40000, NULL), CG_OK);
    assert_true(e.store.gone > e.store.kept);
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char resident = 1;
    assert_int_equal(
        mincore((unsigned char *)e.store.map + e.store.kept * e.store.width, page, &resident), 0);
    assert_int_equal(resident & 1, 0);
    const volatile uint16_t *dropped = e.narrow + e.store.kept;
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        signal(SIGSEGV, SIG_DFL);  /* cmocka's handler would go on with the tests */
        uint16_t value = *dropped; /* faults: the child dies of SIGSEGV here */
        _exit(value == 0 ? 0 : 1); /* reached only if the read did not fault */
    }
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
}

static void deep_scan_stops(void **state) {
    (void)state;
    cg_octal_engine full = full_run("0.1777", 20000), e;
    windowed_init(&e, "0.1777", 2048, 128, NULL); /* the last rare position is heap 123 */
    cg_error err;
    assert_int_equal(follow(&e, &full, 20000, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.message, "needs values the windowed store dropped"));
    assert_true(e.count < 20000 && e.store.low > e.store.head);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
}

static void falls_back_before_dropping(void **state) {
    (void)state;
    /* 0.16's rare positions go on to heap 13,935: engaged at 4,096 (the last
     * so far 3,604), it meets a deeper scan or a new one before dropping */
    cg_octal_engine full = full_run("0.16", 40000), e;
    windowed_init(&e, "0.16", 4096, 3700, NULL);
    assert_int_equal(follow(&e, &full, 40000, NULL), CG_OK);
    assert_false(e.store.windowed);
    assert_int_equal(e.store.from, SIZE_MAX); /* not again */
    assert_int_equal(e.rare_count, full.rare_count);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
}

/* Record values as if computed (what a checkpoint's restore does). */
static cg_status inject(cg_octal_engine *e, uint32_t value, cg_error *err) {
    return cg_octal_engine_restore(e, &value, 1, err);
}

static void late_rare_stops(void **state) {
    (void)state;
    cg_octal_engine full = full_run("0.1777", 30000), e;
    windowed_init(&e, "0.1777", 4096, 512, NULL);
    assert_int_equal(follow(&e, &full, 30000, NULL), CG_OK);
    assert_false(e.common[0]); /* 0 is rare under every mask */
    cg_error err;
    assert_int_equal(inject(&e, 0, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.message, "is rare"));
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
}

static void widening_keeps_the_window(void **state) {
    (void)state;
    cg_octal_engine full = full_run("0.1777", 30000), e;
    windowed_init(&e, "0.1777", 4096, 512, NULL);
    assert_int_equal(follow(&e, &full, 30000, NULL), CG_OK);
    assert_null(e.wide);
    uint32_t big = 65536 + 1; /* common under 0.1777's mask 61 */
    assert_true(e.common[big & (2 * e.bound - 1)] || e.mask != 61);
    assert_int_equal(e.mask, 61);
    assert_int_equal(inject(&e, big, NULL), CG_OK);
    assert_non_null(e.wide);
    for (size_t n = 0; n <= 30000; n++) {
        if (cg_octal_store_holds(&e, n)) {
            assert_int_equal(cg_octal_engine_at(&e, n), cg_octal_engine_at(&full, n));
        }
    }
    assert_int_equal(cg_octal_engine_at(&e, 30001), big);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
}

/* Make a windowed checkpoint's low (the header's fifth field past the
 * magic) start with a 9, past its count, and write the fnv trailer anew
 * over the edited header and the values. */
static void low_past_the_count(const char *path) {
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char file[1 << 20];
    size_t size = fread(file, 1, sizeof file, f);
    fclose(f);
    assert_true(size > 0 && size < sizeof file);
    char *low = strchr(strchr(strchr(strchr(file + 17, ' ') + 1, ' ') + 1, ' ') + 1, ' ') + 1;
    *low = '9';
    char *trailer = file + size - 23; /* "fnv64 HEX\n", 16 hex digits */
    assert_int_equal(strncmp(trailer, "fnv64 ", 6), 0);
    size_t body = (size_t)(trailer - file);
    uint64_t hash = cg_fnv1a(CG_FNV1A_START, file, body);
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(file, 1, body, f), body);
    assert_true(fprintf(f, "fnv64 %016llx\n", (unsigned long long)hash) > 0);
    assert_int_equal(fclose(f), 0);
}

static void checkpoint_resumes_windowed(void **state) {
    (void)state;
    char path[] = "/tmp/cgsolve-window-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    cg_octal_engine full = full_run("0.1777", 60000), e;
    windowed_init(&e, "0.1777", 4096, 512, NULL);
    assert_int_equal(follow(&e, &full, 30000, NULL), CG_OK);
    assert_int_equal(cg_octal_engine_save(&e, path, NULL), CG_OK);
    cg_octal_engine back;
    cg_error err;
    assert_int_equal(cg_octal_engine_load(&back, NULL, CG_ENGINE_AUTO, NULL, path, &err), CG_OK);
    assert_true(back.store.windowed);
    assert_int_equal(back.count, e.count);
    assert_int_equal(back.store.head, e.store.head);
    assert_int_equal(back.store.low, e.store.low);
    assert_int_equal(back.mask, e.mask);
    assert_int_equal(back.rare_count, e.rare_count);
    assert_int_equal(back.largest, e.largest);
    assert_int_equal(back.largest_at, e.largest_at);
    assert_int_equal(cg_octal_store_checksum(&back), checksum_of(&full, e.count));
    assert_int_equal(follow(&back, &full, 60000, NULL), CG_OK);
    assert_int_equal(cg_octal_store_checksum(&back), checksum_of(&full, 60001));
    cg_octal_engine_free(&back);
    /* the naive engine reads every value: refused */
    assert_int_equal(cg_octal_engine_load(&back, NULL, CG_ENGINE_NAIVE, NULL, path, &err),
                     CG_ERR_USAGE);
    /* a damaged header (low past the count) is the file's fault: refused by
     * the header's range checks, the fnv recomputed so that the checksum
     * does not refuse it first */
    low_past_the_count(path);
    assert_int_equal(cg_octal_engine_load(&back, NULL, CG_ENGINE_AUTO, NULL, path, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.message, "its header is malformed"));
    remove(path);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
}

static void budget_fits_the_window(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.1777", &code, NULL), CG_OK);
    /* 400,001 values take 800 KB in 16 bits; the window far less */
    cg_budget small = cg_budget_make(400000);
    cg_octal_engine e;
    cg_octal_engine_init(&e, &code, CG_ENGINE_AUTO, &small);
    assert_int_equal(cg_octal_engine_extend(&e, 400000, NULL), CG_ERR_LIMIT);
    cg_octal_engine_free(&e);
    assert_int_equal(small.used, 0);
    small.peak = 0;
    windowed_init(&e, "0.1777", 8192, 4096, &small);
    for (size_t n = 0; n <= 400000; n += 50000) {
        cg_error err;
        if (cg_octal_engine_extend(&e, n, &err) != CG_OK) {
            fail_msg("%s (%zu bytes held, %zu in the range)", err.message, small.used,
                     e.store.held);
        }
    }
    assert_true(e.store.windowed);
    assert_true(small.peak < 300000);
    cg_octal_engine full = full_run("0.1777", 400000);
    assert_int_equal(cg_octal_store_checksum(&e), checksum_of(&full, 400001));
    cg_octal_engine_free(&full);
    cg_octal_engine_free(&e);
    assert_int_equal(small.used, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(windowed_values_agree),       cmocka_unit_test(deep_scan_stops),
        cmocka_unit_test(falls_back_before_dropping),  cmocka_unit_test(late_rare_stops),
        cmocka_unit_test(widening_keeps_the_window),   cmocka_unit_test(dropped_pages_fault),
        cmocka_unit_test(checkpoint_resumes_windowed), cmocka_unit_test(budget_fits_the_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
