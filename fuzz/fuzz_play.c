/* libFuzzer target for the play loop: bytes are split at the first newline
 * into a start position file (or the usual start when empty) and the
 * human's commands; the first byte picks the game among the playable ones
 * (octal games included), who moves first, a random start, JSON events and
 * the case wanted. The conversation must never crash, hang or leak,
 * whatever is typed. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "framework/cgsolve_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static FILE *sink;
    if (sink == NULL) {
        sink = fopen("/dev/null", "w");
    }
    if (size == 0) {
        return 0;
    }
    const cg_game *playable[16];
    size_t count = 0;
    for (const cg_game *const *game = cg_games(); *game != NULL && count < 15; game++) {
        if ((*game)->play != NULL) {
            playable[count++] = *game;
        }
    }
    playable[count++] = cg_find_play_only_game("grundy");
    /* The first byte: bits 0-2 the game, 3 a random start, 4 the computer
     * first, 5 the second case of the file, 6 JSON events, 7 M = 12. */
    const cg_game *game = playable[(data[0] & 7) % count];
    const uint8_t *rest = data + 1;
    size_t rest_size = size - 1;
    const uint8_t *newline = memchr(rest, '\n', rest_size);
    size_t position_size = newline != NULL ? (size_t)(newline - rest) : 0;
    size_t moves_at = newline != NULL ? position_size + 1 : 0;
    cg_scanner *moves = NULL;
    cg_options options;
    cg_options_init(&options);
    options.memory_limit = (size_t)16 << 20; /* bounds domino's searches: fast runs */
    options.computer_first = (data[0] & 0x10) != 0;
    options.max_number = (data[0] & 0x80) != 0 ? 12 : 0;
    options.random_start = (data[0] & 0x08) != 0 && position_size == 0;
    options.seed = data[0];
    options.output = (data[0] & 0x40) != 0 ? CG_OUTPUT_JSON : CG_OUTPUT_JUDGE;
    options.case_number = 1 + ((data[0] >> 5) & 1);
    cg_play_start start = {(const char *)rest, position_size, "<start>"};
    if (cg_scanner_open_memory(&moves, rest + moves_at, rest_size - moves_at, "<moves>", NULL) ==
        CG_OK) {
        cg_error err;
        cg_play(game, position_size > 0 ? &start : NULL, moves, &options, true, sink, &err);
    }
    cg_scanner_close(moves);
    return 0;
}
