/* Reference PATH solver: the naive method. For each empty cell, place a
 * stone and flood-fill the whole board again: O(N^4). Returns the verdict
 * index in the judge's priority order (0 White has a path .. 4 none), or -1
 * on allocation failure. */
#ifndef CGSOLVE_REF_PATH_H
#define CGSOLVE_REF_PATH_H

#include <stddef.h>

int ref_path_verdict(const char *cells, size_t n);

#endif
