/* Random PATH boards for the tests of the search's prunes. */
#ifndef CGSOLVE_REF_PATH_BOARDS_H
#define CGSOLVE_REF_PATH_BOARDS_H

#include <stddef.h>

#include "ref_rng.h"

/* Fill cells (n * n) with `empty` empty cells ('U') and stones elsewhere at
 * random places, each White ('W') with probability white_percent / 100,
 * else Black ('B'). */
void ref_path_random_stones(ref_rng *rng, char *cells, size_t n, size_t empty,
                            unsigned white_percent);

#endif
