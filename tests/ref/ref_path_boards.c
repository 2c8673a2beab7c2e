#include "ref_path_boards.h"

#include <string.h>

void ref_path_random_stones(ref_rng *rng, char *cells, size_t n, size_t empty,
                            unsigned white_percent) {
    memset(cells, 'U', n * n);
    for (size_t k = 0; k + empty < n * n; k++) {
        size_t c;
        do {
            c = (size_t)ref_rng_below(rng, n * n);
        } while (cells[c] != 'U');
        cells[c] = ref_rng_below(rng, 100) < white_percent ? 'W' : 'B';
    }
}
