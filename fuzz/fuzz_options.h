/* The fuzz targets' shared reading of arbitrary text as a call's options. */
#ifndef CGSOLVE_FUZZ_OPTIONS_H
#define CGSOLVE_FUZZ_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "cgsolve/cgsolve.h"

/* The words of text between separators ("name=value" or "name"), at most
 * max of them, into options, but for those whose name left_out turns away
 * (a target's bounds: files written, budgets raised). text is modified: the
 * options point into it. Returns how many were stored. */
size_t fuzz_words_as_options(char *text, const char *separators, bool (*left_out)(const char *),
                             cg_option_value *options, size_t max);

#endif
