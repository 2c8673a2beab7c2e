/* libFuzzer target for Grundy checkpoints (issue 20): any bytes as a
 * checkpoint file. One that loads must hold what it claims (G(0) = 0, its
 * values within the engine's bounds), extend like a fresh engine's table,
 * and save and load again to the same values; a damaged one must be
 * refused with a message, never hang or crash. The memory budget keeps a
 * header's claim from sizing anything. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "octal/octal_engine_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char directory[] = "/tmp/fuzz_checkpoint.XXXXXX";
static char input_path[64], saved_path[64];

static void remove_files(void) {
    unlink(input_path);
    unlink(saved_path);
    rmdir(directory);
}

static int prepare(void) {
    if (input_path[0] != '\0') {
        return 0;
    }
    if (mkdtemp(directory) == NULL) {
        return -1;
    }
    snprintf(input_path, sizeof input_path, "%s/in", directory);
    snprintf(saved_path, sizeof saved_path, "%s/saved", directory);
    atexit(remove_files);
    return 0;
}

static void check_loaded(cg_octal_engine *e, cg_budget *budget) {
    if (e->count == 0 || cg_octal_engine_at(e, 0) != 0) {
        abort(); /* a checkpoint holds at least G(0), which is 0 */
    }
    cg_error err;
    if (cg_octal_engine_save(e, saved_path, &err) != CG_OK) {
        abort();
    }
    cg_octal_engine again;
    /* a windowed one resumes on the sparse engine alone */
    cg_engine_method method = e->store.windowed ? CG_ENGINE_AUTO : CG_ENGINE_NAIVE;
    if (cg_octal_engine_load(&again, &e->code, method, budget, saved_path, &err) != CG_OK ||
        again.count != e->count || again.store.windowed != e->store.windowed) {
        abort(); /* what was saved loads again */
    }
    for (size_t n = 0; n < e->count; n++) {
        if (cg_octal_store_holds(e, n) != cg_octal_store_holds(&again, n) ||
            (cg_octal_store_holds(e, n) &&
             cg_octal_engine_at(&again, n) != cg_octal_engine_at(e, n))) {
            abort(); /* a windowed checkpoint holds its head and window alone */
        }
    }
    cg_octal_engine_free(&again);
    /* the loaded table extends (its values need not be the code's own: the
     * checksum guards against accidents, not forgery) */
    cg_octal_engine_extend(e, e->count + 32, &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (prepare() != 0) {
        return 0;
    }
    FILE *f = fopen(input_path, "wb");
    if (f == NULL) {
        return 0;
    }
    size_t written = fwrite(data, 1, size, f);
    if (fclose(f) != 0 || written != size) {
        return 0;
    }
    cg_budget budget = cg_budget_make((size_t)64 << 20);
    cg_octal_engine engine;
    cg_error err;
    cg_error_clear(&err);
    cg_status st = cg_octal_engine_load(&engine, NULL, CG_ENGINE_AUTO, &budget, input_path, &err);
    if (st == CG_OK) {
        check_loaded(&engine, &budget);
        cg_octal_engine_free(&engine);
    } else if (err.message[0] == '\0' || st == CG_ERR_INTERNAL) {
        abort(); /* a refusal says why */
    }
    return 0;
}
