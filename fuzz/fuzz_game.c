/* libFuzzer target for one game's whole input path, raw bytes to answers:
 * the scanner, the game's parser and validation, the solver, and every
 * output mode (judge, explanation text, JSON). The first byte picks the
 * variant: the output mode, and the game's own options (domino's perfect
 * play, the number game's larger M). FUZZ_GAME names the game at compile
 * time. Inputs must never crash, hang or leak; errors are expected. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "framework/cgsolve_internal.h"

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
    unsigned variant = size > 0 ? data[0] : 0;
    /* Inputs without a variant byte (the golden seeds start with a digit)
     * are run in every mode. */
    bool all = size == 0 || (data[0] >= '0' && data[0] <= '9') || data[0] == 0xEF;
    size_t skip = all ? 0 : 1;
    static const cg_output_mode modes[] = {CG_OUTPUT_JUDGE, CG_OUTPUT_EXPLAIN, CG_OUTPUT_JSON};
    for (size_t m = 0; m < 3; m++) {
        if (!all && m != variant % 3) {
            continue;
        }
        cg_scanner *scanner = NULL;
        if (cg_scanner_open_memory(&scanner, data + skip, size - skip, "<fuzz>", NULL) != CG_OK) {
            return 0;
        }
        cg_options options;
        cg_options_init(&options);
        options.output = modes[m];
        options.memory_limit = (size_t)64 << 20; /* keep runs small */
        options.optimal = (variant / 3) % 2 == 1 && !all;
        /* The number game on 2..M for M up to 30 keeps each run fast. */
        options.max_number = all ? 0 : 2 + (int64_t)((variant / 6) % 29);
        options.color = (variant & 0x80) != 0;
        cg_error err;
        cg_run(game, scanner, &options, sink, NULL, &err);
        cg_scanner_close(scanner);
    }
    return 0;
}
