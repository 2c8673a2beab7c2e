/* The misère unit tests' shared set-up: a solver for an octal code. */
#ifndef CGSOLVE_TEST_MISERE_FIXTURE_H
#define CGSOLVE_TEST_MISERE_FIXTURE_H

#include "octal/misere_internal.h"
#include "octal/octal_internal.h"

/* A solver for the game `text` computing `terms` genus terms, its tables in
 * budget (NULL: unlimited); *code, when given, the parsed code. Any failure
 * fails the test. */
static inline cg_misere_solver *misere_solver(const char *text, size_t terms, cg_budget *budget,
                                              cg_octal_code *code) {
    cg_octal_code own;
    cg_octal_code *c = code != NULL ? code : &own;
    cg_error err;
    assert_int_equal(cg_octal_parse(text, c, &err), CG_OK);
    cg_misere_solver *s = NULL;
    assert_int_equal(cg_misere_new(c, terms, budget, &s, &err), CG_OK);
    return s;
}

#endif
