/* What the value store's tests (test_octal_store.c, test_octal_spill.c)
 * compare with: the full store's values and their checksum. Include after
 * cmocka.h. */
#ifndef CGSOLVE_OCTAL_STORE_FIXTURE_H
#define CGSOLVE_OCTAL_STORE_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "octal/grundy_table_internal.h"
#include "octal/octal_engine_internal.h"

/* The full store's values of text to upto, the reference of every test. */
static inline cg_octal_engine full_run(const char *text, size_t upto) {
    cg_octal_code code;
    assert_int_equal(cg_octal_parse(text, &code, NULL), CG_OK);
    cg_octal_engine e;
    cg_octal_engine_init(&e, &code, CG_ENGINE_AUTO, NULL);
    assert_int_equal(cg_octal_engine_extend(&e, upto, NULL), CG_OK);
    return e;
}

/* The checksum (grundy_table_internal.h) of G(0..count-1) as e holds them. */
static inline uint64_t checksum_of(const cg_octal_engine *e, size_t count) {
    uint64_t hash = CG_GRUNDY_CHECKSUM_START;
    for (size_t n = 0; n < count; n++) {
        hash = cg_grundy_checksum_add(hash, n, cg_octal_engine_at(e, n));
    }
    return hash;
}

#endif
