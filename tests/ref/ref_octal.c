#include "ref_octal.h"

#include <stdlib.h>
#include <string.h>

uint32_t ref_octal_value(const cg_octal_code *code, size_t n, const uint32_t *values, bool *flag,
                         size_t size) {
    memset(flag, 0, size * sizeof *flag);
    for (size_t k = 0; k <= code->last && k <= n; k++) {
        unsigned d = code->digit[k];
        size_t rest = n - k;
        if ((d & 1) && k > 0 && rest == 0) {
            flag[0] = true;
        }
        if ((d & 2) && k > 0 && rest > 0) {
            flag[values[rest]] = true;
        }
        for (size_t a = 1; (d & 4) && 2 * a <= rest; a++) {
            flag[values[a] ^ values[rest - a]] = true;
        }
        for (size_t a = 1; (d & 8) && 3 * a <= rest; a++) {
            for (size_t b = a; a + 2 * b <= rest; b++) {
                flag[values[a] ^ values[b] ^ values[rest - a - b]] = true;
            }
        }
    }
    uint32_t g = 0;
    while (g < size && flag[g]) {
        g++;
    }
    return g;
}

bool ref_octal_values(const cg_octal_code *code, size_t upto, uint32_t *values) {
    size_t top = 1; /* a power of two above every value so far, so above every nim-sum */
    for (size_t n = 0; n <= upto; n++) {
        bool *flag = malloc((top + 1) * sizeof *flag);
        if (flag == NULL) {
            return false;
        }
        uint32_t g = ref_octal_value(code, n, values, flag, top + 1);
        free(flag);
        values[n] = g;
        while (g >= top) {
            top *= 2;
        }
    }
    return true;
}
