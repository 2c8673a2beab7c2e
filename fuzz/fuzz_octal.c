/* libFuzzer target for the octal-code parser and the Grundy engine: any
 * bytes as a code; a valid one is expanded to G(0..200) and printed. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "octal/octal_engine_internal.h"
#include "octal/octal_internal.h"

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
        cg_octal_engine engine;
        cg_octal_engine_init(&engine, &code, CG_ENGINE_AUTO, NULL);
        cg_octal_engine_extend(&engine, 200, NULL);
        cg_nimber values[201];
        for (size_t n = 0; n <= 200; n++) {
            values[n] = cg_octal_engine_at(&engine, n);
        }
        size_t preperiod;
        cg_octal_find_period(values, 201, &code, &preperiod);
        cg_octal_engine_free(&engine);
    }
    free(text);
    return 0;
}
