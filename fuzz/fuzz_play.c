/* libFuzzer target for the play loop: bytes are split at the first newline
 * into a start position (the judge's format for one case, or the usual
 * start when empty) and the human's commands; the first byte picks the
 * game among the playable ones and who moves first. The conversation must
 * never crash, hang or leak, whatever is typed. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cgsolve/cgsolve.h"

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
    for (const cg_game *const *game = cg_games(); *game != NULL && count < 16; game++) {
        if ((*game)->play != NULL) {
            playable[count++] = *game;
        }
    }
    const cg_game *game = playable[data[0] % count];
    const uint8_t *rest = data + 1;
    size_t rest_size = size - 1;
    const uint8_t *newline = memchr(rest, '\n', rest_size);
    size_t position_size = newline != NULL ? (size_t)(newline - rest) : 0;
    size_t moves_at = newline != NULL ? position_size + 1 : 0;
    cg_scanner *position = NULL, *moves = NULL;
    cg_options options;
    cg_options_init(&options);
    options.memory_limit = (size_t)64 << 20;
    options.computer_first = (data[0] & 0x10) != 0;
    options.max_number = 2 + (data[0] >> 5) * 3; /* M from 2 to 23 */
    if (cg_scanner_open_memory(&moves, rest + moves_at, rest_size - moves_at, "<moves>", NULL) ==
            CG_OK &&
        (position_size == 0 ||
         cg_scanner_open_memory(&position, rest, position_size, "<start>", NULL) == CG_OK)) {
        cg_error err;
        cg_play(game, position, moves, &options, true, sink, &err);
    }
    cg_scanner_close(position);
    cg_scanner_close(moves);
    return 0;
}
