/* mincore is beyond POSIX: the system's own name. */
#define _DEFAULT_SOURCE 1

/* The windowed store with a spill file (octal_store_internal.h, cg_octal_store_spill):
 * where a plain window must stop (a scan deeper than the head, rare
 * positions past it, the naive engine) the spilled one reads the dropped
 * values back from the file and gives the full store's values; the dropped
 * pages leave memory; a windowed checkpoint resumes onto its run's file,
 * the rare positions between head and window counted again, and a file of
 * another run, a short one or none is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "octal/grundy_table_internal.h"
#include "octal/octal_engine_internal.h"
#include "octal/octal_engine_parts_internal.h"
#include "octal/octal_scan_internal.h"
#include "octal_store_fixture.h"

/* A fresh temporary name (the file itself removed: the store creates it). */
static void temporary_name(char *path) {
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    remove(path);
}

static void spilled_init(cg_octal_engine *e, const char *text, size_t from, size_t head,
                         const char *spill, size_t upto) {
    cg_octal_code code;
    assert_int_equal(cg_octal_parse(text, &code, NULL), CG_OK);
    cg_octal_engine_init(e, &code, CG_ENGINE_AUTO, NULL);
    cg_octal_engine_expect(e, upto);
    assert_int_equal(cg_octal_store_spill(e, spill, NULL), CG_OK);
    assert_int_equal(cg_octal_store_window(e, from, head, 500, NULL), CG_OK);
    assert_non_null(e->store.map);
}

/* Extend in chunks of 500, each value compared once computed. */
static void follow(cg_octal_engine *e, const cg_octal_engine *full, size_t upto) {
    for (size_t done = e->count; e->count <= upto;) {
        size_t target = done + 499 < upto ? done + 499 : upto;
        cg_error err;
        if (cg_octal_engine_extend(e, target, &err) != CG_OK) {
            fail_msg("extending to %zu: %s", target, err.message);
        }
        for (size_t n = done; n < e->count; n++) {
            if (cg_octal_engine_at(e, n) != cg_octal_engine_at(full, n)) {
                fail_msg("G(%zu): spilled %u, full %u", n, cg_octal_engine_at(e, n),
                         cg_octal_engine_at(full, n));
            }
        }
        done = e->count;
    }
}

/* The resident kilobytes of the mapping that starts at map, from the
 * process's smaps (0 when it is not found). */
static size_t mapped_kb(const void *map) {
    FILE *f = fopen("/proc/self/smaps", "r");
    assert_non_null(f);
    char line[512];
    bool inside = false;
    size_t kb = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned long long from, to;
        if (sscanf(line, "%llx-%llx ", &from, &to) == 2 && strchr(line, '-') < strchr(line, ' ')) {
            inside = from == (unsigned long long)(uintptr_t)map;
        } else if (inside && sscanf(line, "Rss: %zu kB", &kb) == 1) {
            break;
        }
    }
    fclose(f);
    return inside ? kb : 0;
}

/* Every value, dropped or not, read back equal to the full store's. */
static void all_readable(const cg_octal_engine *e, const cg_octal_engine *full) {
    for (size_t n = 0; n < e->count; n++) {
        assert_true(cg_octal_store_holds(e, n));
        assert_int_equal(cg_octal_engine_at(e, n), cg_octal_engine_at(full, n));
    }
}

/* 0.1777 with a head of 128: the plain window stops at G(~2,600), whose
 * scan reaches past it (test_octal_store's deep_scan_stops); spilled, the
 * scan reads on from the file. */
static void deep_scans_read_back(void **state) {
    (void)state;
    char path[] = "/tmp/cgsolve-spill-XXXXXX";
    temporary_name(path);
    cg_octal_engine full = full_run("0.1777", 20000), e;
    spilled_init(&e, "0.1777", 2048, 128, path, 200000);
    follow(&e, &full, 20000);
    assert_true(e.store.windowed && e.store.low > e.store.head);
    assert_int_equal(cg_octal_store_checksum(&e), checksum_of(&full, 20001));
    all_readable(&e, &full);
    /* every page was read back just now; as the window moves on, the
     * dropped ones leave the process again (they stay in the file and,
     * while the system likes, in its page cache): what stays are the head,
     * the window and the pages the scans read since the last drop (0.1777's
     * scans reach a few thousand heaps at most) */
    assert_true(mapped_kb(e.store.map) * 1024 >= 20001 * e.store.width);
    cg_octal_engine bigger = full_run("0.1777", 200000);
    follow(&e, &bigger, 200000);
    assert_true(mapped_kb(e.store.map) * 1024 < 200001 * e.store.width / 4);
    cg_octal_engine_free(&bigger);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
    remove(path);
}

/* 0.007's rare positions go on: the window engages anyway, and the rare
 * splits read their partners from the file. */
static void late_rare_positions_read_back(void **state) {
    (void)state;
    char path[] = "/tmp/cgsolve-spill-XXXXXX";
    temporary_name(path);
    cg_octal_engine full = full_run("0.007", 30000), e;
    spilled_init(&e, "0.007", 4096, 256, path, 30000);
    follow(&e, &full, 30000);
    assert_true(e.store.windowed && e.store.low > e.store.head);
    assert_true(cg_rare_at(e.rare[e.rare_count - 1]) >
                e.store.low); /* rare past the window's start */
    assert_int_equal(e.rare_count, full.rare_count);
    assert_int_equal(e.mask, full.mask); /* chosen again as the values double */
    all_readable(&e, &full);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
    remove(path);
}

/* Giving pages back in the middle of a scan changes nothing it finds: the
 * pages are read back from the file when a later stretch or heap needs
 * them, and 0.6 and 0.007, whose scans are long, computed with give backs
 * every 1,024 splits equal the full store, by the set scan with 16-bit
 * values and by the plain one, in stretches, with 32-bit values. */
static void pages_given_back_mid_scan_read_back(void **state) {
    (void)state;
    static const char *const codes[] = {"0.6", "0.007", "0.6", "0.007"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        char path[] = "/tmp/cgsolve-spill-XXXXXX";
        temporary_name(path);
        cg_octal_engine full = full_run(codes[i], 20000), e;
        spilled_init(&e, codes[i], 4096, 128, path, 20000);
        if (i >= 2) {
            assert_int_equal(cg_octal_store_widen(&e, NULL), CG_OK);
            assert_non_null(e.wide);
        }
        e.store.give_back_every = 1024;
        follow(&e, &full, 20000);
        cg_octal_engine_free(&e);
        cg_octal_engine_free(&full);
        remove(path);
    }
}

/* Scan every split of the last heap for a value no split gives: the least
 * power of two above the largest value (a nim-sum of smaller values is
 * smaller), the only one missing below the candidate. A candidate up to
 * CG_OCTAL_SET_VALUES takes the set scan with 16-bit values, a larger one
 * the plain scan. Returns how many are still missing. */
static size_t scan_everything(cg_octal_engine *e, uint32_t candidate) {
    uint32_t missing_value = 1;
    while (missing_value <= e->largest) {
        missing_value *= 2;
    }
    assert_true(missing_value < candidate);
    uint8_t *hit = test_malloc(candidate), *engine_hit = e->hit;
    size_t engine_hit_size = e->hit_size;
    memset(hit, 1, candidate);
    hit[missing_value] = 0;
    e->hit = hit;
    e->hit_size = candidate;
    size_t rest = e->count - 1;
    size_t missing = cg_octal_scan_to_end(e, rest, 1, rest / 2 + 1, candidate, 1, 0);
    e->hit = engine_hit;
    e->hit_size = engine_hit_size;
    test_free(hit);
    return missing;
}

/* The resident kilobytes of e's store after one scan of everything with
 * give backs every 2^17 splits (*every_kb) and after one without (2^22
 * splits, more than the scan's 2^19: *default_kb), the pages given back
 * before each. */
static void resident_after_scans(cg_octal_engine *e, uint32_t candidate, size_t *every_kb,
                                 size_t *default_kb) {
    cg_octal_store_trim(e);
    e->store.give_back_every = 1 << 17;
    assert_int_equal(scan_everything(e, candidate), 1);
    *every_kb = mapped_kb(e->store.map);
    cg_octal_store_trim(e);
    e->store.give_back_every = 0;
    assert_int_equal(scan_everything(e, candidate), 1);
    *default_kb = mapped_kb(e->store.map);
}

/* A long scan over a spill file gives back the pages it read as it goes
 * (octal_engine_missing.c; 0.167's heap 332,129,728 read 664 MB of its file
 * before it did). One scan of 0.6's last heap reads the whole dropped
 * stretch: with give backs a few pages of it stay in the process, without
 * all of it until the next trim; so by the set scan, the plain one with
 * 16-bit values (more rare values looked for than a set holds) and the
 * plain one with 32-bit values. */
static void long_scans_give_their_pages_back(void **state) {
    (void)state;
    enum { UPTO = 1 << 20, PLAIN = 2 * CG_OCTAL_SET_VALUES };
    char path[] = "/tmp/cgsolve-spill-XXXXXX";
    temporary_name(path);
    cg_octal_engine full = full_run("0.6", UPTO), e;
    spilled_init(&e, "0.6", 4096, 128, path, UPTO);
    follow(&e, &full, UPTO);
    assert_true(e.store.windowed && e.store.gone > e.store.kept);
    size_t before_kb = mapped_kb(e.store.map);
    static const char *const scans[] = {"the set scan", "the plain scan", "the wide scan"};
    for (size_t i = 0; i < sizeof scans / sizeof scans[0]; i++) {
        if (i == 2) {
            assert_int_equal(cg_octal_store_widen(&e, NULL), CG_OK);
            assert_non_null(e.wide);
        }
        size_t dropped_kb = (e.store.gone - e.store.kept) * e.store.width / 1024;
        uint32_t candidate = i == 1 ? PLAIN : (uint32_t)e.largest * 2 + 2;
        size_t every_kb, default_kb;
        resident_after_scans(&e, candidate, &every_kb, &default_kb);
        /* the scan with give backs leaves fewer pages than the heaps' own
         * scans had read; the one without leaves at least the dropped
         * stretch */
        if (every_kb > before_kb * e.store.width / 2 || default_kb < dropped_kb ||
            every_kb * 2 > default_kb) {
            fail_msg("%s: resident %zu KB before, %zu KB after a scan with give backs, %zu KB "
                     "after one without; %zu KB dropped",
                     scans[i], before_kb, every_kb, default_kb, dropped_kb);
        }
    }
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
    remove(path);
}

/* A windowed checkpoint of 0.007 resumes onto its run's spill file: the
 * rare positions between the head and the window (not in the checkpoint)
 * are counted again from the file, and the values go on as the full
 * store's. Without the file those positions would be missing and the
 * values wrong from the first heap. */
static void checkpoint_resumes_onto_its_file(void **state) {
    (void)state;
    char spill[] = "/tmp/cgsolve-spill-XXXXXX", checkpoint[] = "/tmp/cgsolve-spill-cp-XXXXXX";
    char other[] = "/tmp/cgsolve-spill-other-XXXXXX";
    temporary_name(spill);
    temporary_name(checkpoint);
    temporary_name(other);
    cg_octal_engine full = full_run("0.007", 40000), e;
    spilled_init(&e, "0.007", 4096, 256, spill, 40000);
    follow(&e, &full, 25000);
    assert_true(e.store.low > e.store.head);
    assert_int_equal(cg_octal_engine_save(&e, checkpoint, NULL), CG_OK);
    cg_octal_engine_free(&e);

    cg_octal_engine back;
    cg_error err;
    assert_int_equal(cg_octal_engine_load_spilled(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint,
                                                  spill, 40000, &err),
                     CG_OK);
    assert_true(back.store.windowed && back.store.spill != NULL);
    size_t below = 0;
    while (below < full.rare_count && cg_rare_at(full.rare[below]) < back.count) {
        below++;
    }
    assert_int_equal(back.rare_count, below);
    follow(&back, &full, 40000);
    assert_int_equal(cg_octal_store_checksum(&back), checksum_of(&full, 40001));
    cg_octal_engine_free(&back);

    /* its dropped values hold rare positions: without the file, refused
     * (read as a plain window it would give wrong values) */
    assert_int_equal(cg_octal_engine_load(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint, &err),
                     CG_ERR_USAGE);
    assert_non_null(strstr(err.message, "was written by a run with --spill"));
    /* another run's file (0.167's values) does not hold the dropped values */
    cg_octal_engine full167 = full_run("0.167", 30000), f2;
    spilled_init(&f2, "0.167", 4096, 256, other, 30000);
    follow(&f2, &full167, 30000);
    cg_octal_engine_free(&f2);
    cg_octal_engine_free(&full167);
    assert_int_equal(cg_octal_engine_load_spilled(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint,
                                                  other, 40000, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.message, "does not hold the values the checkpoint dropped"));
    /* a file cut short, and none */
    assert_int_equal(truncate(other, 100), 0);
    assert_int_equal(cg_octal_engine_load_spilled(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint,
                                                  other, 40000, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.message, "holds fewer values than the checkpoint dropped"));
    remove(other);
    assert_int_equal(cg_octal_engine_load_spilled(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint,
                                                  other, 40000, &err),
                     CG_ERR_IO);
    remove(spill);
    remove(checkpoint);
    cg_octal_engine_free(&full);
}

/* A checkpoint written once the window is engaged but before it has
 * dropped anything: its span (the look-back kept) exceeds the values
 * computed, which the reader once took for a damaged header, and its
 * spill file has nothing to give back (once refused when short). */
static void checkpoint_before_any_drop_resumes(void **state) {
    (void)state;
    char spill[] = "/tmp/cgsolve-spill-XXXXXX", checkpoint[] = "/tmp/cgsolve-spill-cp-XXXXXX";
    temporary_name(spill);
    temporary_name(checkpoint);
    cg_octal_engine full = full_run("0.007", 30000), e;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.007", &code, NULL), CG_OK);
    cg_octal_engine_init(&e, &code, CG_ENGINE_AUTO, NULL);
    cg_octal_engine_expect(&e, 30000);
    assert_int_equal(cg_octal_store_spill(&e, spill, NULL), CG_OK);
    assert_int_equal(cg_octal_store_window(&e, 4096, 256, 20000, NULL), CG_OK);
    follow(&e, &full, 10000);
    assert_true(e.store.windowed);
    assert_int_equal(e.store.low, e.store.head); /* nothing dropped */
    assert_true(e.store.span > e.count);
    assert_int_equal(cg_octal_engine_save(&e, checkpoint, NULL), CG_OK);
    cg_octal_engine_free(&e);
    /* the checkpoint holds every value: the file, cut short, is written
     * afresh, not refused */
    assert_int_equal(truncate(spill, 100), 0);

    cg_octal_engine back;
    cg_error err;
    if (cg_octal_engine_load_spilled(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint, spill, 30000,
                                     &err) != CG_OK) {
        fail_msg("resuming: %s", err.message);
    }
    follow(&back, &full, 30000);
    assert_int_equal(cg_octal_store_checksum(&back), checksum_of(&full, 30001));
    cg_octal_engine_free(&back);
    remove(spill);
    remove(checkpoint);
    cg_octal_engine_free(&full);
}

/* The wide value dropped with the rest: the window restored holds only
 * 16-bit values, but the file is 32-bit, so the store is widened before
 * the file is attached. The reference is a full store given the same
 * value. */
static void wide_value_in_the_dropped_stretch(void **state) {
    (void)state;
    char path[] = "/tmp/cgsolve-spill-XXXXXX", checkpoint[] = "/tmp/cgsolve-spill-cp-XXXXXX";
    temporary_name(path);
    temporary_name(checkpoint);
    uint32_t big = 65536 + 1; /* as above */
    cg_octal_engine full = full_run("0.1777", 50000), e, back;
    assert_int_equal(cg_octal_engine_restore(&full, &big, 1, NULL), CG_OK);
    assert_int_equal(cg_octal_engine_extend(&full, 90000, NULL), CG_OK);
    spilled_init(&e, "0.1777", 4096, 512, path, 100000);
    assert_int_equal(cg_octal_engine_extend(&e, 50000, NULL), CG_OK);
    assert_int_equal(cg_octal_engine_restore(&e, &big, 1, NULL), CG_OK);
    follow(&e, &full, 80000);
    assert_true(e.store.low > 50001); /* dropped */
    assert_int_equal(cg_octal_engine_save(&e, checkpoint, NULL), CG_OK);
    cg_error err;
    if (cg_octal_engine_load_spilled(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint, path, 100000,
                                     &err) != CG_OK) {
        fail_msg("resuming: %s", err.message);
    }
    assert_non_null(back.wide);
    assert_int_equal(cg_octal_engine_at(&back, 50001), big);
    follow(&back, &full, 90000);
    cg_octal_engine_free(&back);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
    remove(checkpoint);
    remove(path);
}

/* A plain window's checkpoint has no file: refused with one. */
static void plain_checkpoint_refuses_a_file(void **state) {
    (void)state;
    char checkpoint[] = "/tmp/cgsolve-spill-cp-XXXXXX", spill[] = "/tmp/cgsolve-spill-XXXXXX";
    temporary_name(checkpoint);
    temporary_name(spill);
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.1777", &code, NULL), CG_OK);
    cg_octal_engine e, back;
    cg_octal_engine_init(&e, &code, CG_ENGINE_AUTO, NULL);
    assert_int_equal(cg_octal_store_window(&e, 4096, 512, 500, NULL), CG_OK);
    assert_int_equal(cg_octal_engine_extend(&e, 30000, NULL), CG_OK);
    assert_true(e.store.windowed);
    assert_int_equal(cg_octal_engine_save(&e, checkpoint, NULL), CG_OK);
    cg_error err;
    assert_int_equal(cg_octal_engine_load_spilled(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint,
                                                  spill, 40000, &err),
                     CG_ERR_USAGE);
    assert_non_null(strstr(err.message, "was written without --spill"));
    cg_octal_engine_free(&e);
    remove(checkpoint);
}

/* Widening to 32 bits moves every value, the dropped ones too, to a new
 * file at the same name; a checkpoint after it resumes onto that file of
 * 32-bit values (its window holds the wide value), the values going on as
 * the full store's. */
static void widening_moves_the_file(void **state) {
    (void)state;
    char path[] = "/tmp/cgsolve-spill-XXXXXX";
    temporary_name(path);
    cg_octal_engine full = full_run("0.1777", 50000), e;
    spilled_init(&e, "0.1777", 4096, 512, path, 60000);
    follow(&e, &full, 50000);
    assert_true(e.store.low > e.store.head);
    /* common under 0.1777's mask 61, and within heap 50,001's options
     * (a checkpoint refuses more) */
    uint32_t big = 65536 + 1;
    assert_int_equal(e.mask, 61);
    assert_int_equal(cg_octal_engine_restore(&e, &big, 1, NULL), CG_OK);
    assert_non_null(e.wide);
    for (size_t n = 0; n <= 50000; n++) {
        assert_int_equal(cg_octal_engine_at(&e, n), cg_octal_engine_at(&full, n));
    }
    assert_int_equal(cg_octal_engine_at(&e, 50001), big);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    assert_true((size_t)ftell(f) >= 50002 * sizeof(uint32_t));
    fclose(f);
    char checkpoint[] = "/tmp/cgsolve-spill-cp-XXXXXX", wide_name[sizeof path + 8];
    temporary_name(checkpoint);
    snprintf(wide_name, sizeof wide_name, "%s.wide", path);
    assert_int_equal(access(wide_name, F_OK), -1); /* renamed over the run's file */
    assert_int_equal(cg_octal_engine_save(&e, checkpoint, NULL), CG_OK);
    cg_octal_engine back;
    cg_error err;
    if (cg_octal_engine_load_spilled(&back, NULL, CG_ENGINE_AUTO, NULL, checkpoint, path, 60000,
                                     &err) != CG_OK) {
        fail_msg("resuming after widening: %s", err.message);
    }
    assert_non_null(back.wide);
    for (size_t n = 0; n <= 50000; n++) {
        assert_int_equal(cg_octal_engine_at(&back, n), cg_octal_engine_at(&full, n));
    }
    assert_int_equal(cg_octal_engine_at(&back, 50001), big);
    cg_octal_engine_free(&back);
    remove(checkpoint);
    cg_octal_engine_free(&e);
    cg_octal_engine_free(&full);
    remove(path);
}

static void refusals(void **state) {
    (void)state;
    cg_octal_code code;
    assert_int_equal(cg_octal_parse("0.007", &code, NULL), CG_OK);
    cg_octal_engine e;
    cg_octal_engine_init(&e, &code, CG_ENGINE_AUTO, NULL);
    cg_error err;
    assert_int_equal(cg_octal_store_spill(&e, "", &err), CG_ERR_USAGE);
    assert_int_equal(cg_octal_store_spill(&e, NULL, &err), CG_ERR_USAGE);
    assert_int_equal(cg_octal_store_attach(&e, "/tmp/no-window", &err), CG_ERR_INTERNAL);
    assert_int_equal(cg_octal_store_spill(&e, "/nonexistent-dir/spill", NULL), CG_OK);
    assert_int_equal(cg_octal_store_spill(&e, "/tmp/again", &err), CG_ERR_INTERNAL);
    assert_int_equal(cg_octal_store_window(&e, 4096, 256, 0, &err), CG_ERR_IO);
    assert_non_null(strstr(err.message, "/nonexistent-dir/spill"));
    cg_octal_engine_free(&e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deep_scans_read_back),
        cmocka_unit_test(late_rare_positions_read_back),
        cmocka_unit_test(pages_given_back_mid_scan_read_back),
        cmocka_unit_test(long_scans_give_their_pages_back),
        cmocka_unit_test(checkpoint_resumes_onto_its_file),
        cmocka_unit_test(checkpoint_before_any_drop_resumes),
        cmocka_unit_test(widening_moves_the_file),
        cmocka_unit_test(plain_checkpoint_refuses_a_file),
        cmocka_unit_test(wide_value_in_the_dropped_stretch),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
