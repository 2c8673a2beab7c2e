/* libFuzzer target for the octal-code parser and the Grundy engine: any
 * bytes as a code; a valid one is expanded to G(0..200) and printed. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cgsolve/octal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    cg_octal_code code;
    cg_error err;
    if (cg_octal_parse(text, &code, &err) == CG_OK) {
        char shown[CG_OCTAL_MAX_DIGITS + 4];
        cg_octal_format(&code, shown, sizeof shown);
        cg_octal_code again;
        if (cg_octal_parse(shown, &again, NULL) != CG_OK || again.last != code.last ||
            memcmp(again.digit, code.digit, sizeof code.digit) != 0) {
            abort(); /* printing and parsing must round-trip */
        }
        cg_grundy_seq seq;
        cg_grundy_seq_init(&seq, &code, NULL);
        cg_grundy_seq_extend(&seq, 200, NULL);
        size_t preperiod;
        cg_octal_find_period(seq.values, seq.count, &code, &preperiod);
        cg_grundy_seq_free(&seq);
    }
    free(text);
    return 0;
}
