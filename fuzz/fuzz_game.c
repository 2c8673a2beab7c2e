/* libFuzzer target for one game's whole input path, raw bytes to answers:
 * the scanner, the game's parser and validation, the solver and the judge
 * and JSON writers. FUZZ_GAME names the game at compile time. Inputs must
 * never crash, hang or leak; errors are expected and fine. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cgsolve/cgsolve.h"

#ifndef FUZZ_GAME
#error "define FUZZ_GAME"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static FILE *sink;
    if (sink == NULL) {
        sink = fopen("/dev/null", "w");
    }
    const cg_game *game = cg_find_game(FUZZ_GAME);
    static const cg_output_mode modes[] = {CG_OUTPUT_JUDGE, CG_OUTPUT_JSON};
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        cg_scanner *scanner = NULL;
        if (cg_scanner_open_memory(&scanner, data, size, "<fuzz>", NULL) != CG_OK) {
            return 0;
        }
        cg_options options;
        cg_options_init(&options);
        options.output = modes[m];
        options.memory_limit = (size_t)64 << 20; /* keep runs small */
        cg_error err;
        cg_run(game, scanner, &options, sink, NULL, &err);
        cg_scanner_close(scanner);
    }
    return 0;
}
