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
        bool unequal = (d & CG_OCTAL_UNEQUAL) != 0; /* '!': no two heaps the same size */
        for (size_t a = 1; (d & 4) && a < rest; a++) {
            size_t b = rest - a;
            if (a <= b && !(unequal && a == b)) {
                flag[values[a] ^ values[b]] = true;
            }
        }
        for (size_t a = 1; (d & 8) && a < rest; a++) {
            for (size_t b = a; a + b < rest; b++) {
                size_t c = rest - a - b;
                if (b <= c && !(unequal && (a == b || b == c))) {
                    flag[values[a] ^ values[b] ^ values[c]] = true;
                }
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
