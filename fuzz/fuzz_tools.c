/* libFuzzer target for the contest tools: the first byte picks a game and
 * the generator's mode, the next eight a seed; the generated judge input
 * must be valid (strictly, by the game's validator; every case accepted by
 * the game's reader; every shrunk variant either valid or refused cleanly),
 * and the rest of the bytes, as a contestant's output, must be judged
 * without a crash whatever they hold. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/validate_internal.h"
#include "framework/cgsolve_internal.h"
#include "framework/testdata_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 9) {
        return 0;
    }
    const cg_game *const *games = cg_games();
    size_t count = 0;
    while (games[count] != NULL) {
        count++;
    }
    const cg_game *game = games[(data[0] & 7) % count];
    cg_options options;
    cg_options_init(&options);
    options.memory_limit = (size_t)64 << 20;
    memcpy(&options.seed, data + 1, sizeof options.seed);
    options.cases = 1 + (data[0] >> 6);
    options.hard = (data[0] & 0x08) != 0;
    options.edge = (data[0] & 0x10) != 0 && (data[0] & 0x20) == 0;
    options.tiles = game == cg_find_game("domino") ? 1 + data[1] % 5 : 0;
    options.nodes = game == cg_find_game("gamecs") ? 2 + data[2] % 40 : 0;
    options.length = game == cg_find_game("treblecross") ? 3 + data[3] % 60 : 0;
    options.size = game == cg_find_game("path") ? 1 + data[4] % 12 : 0;
    cg_strlist cases = CG_STRLIST_INIT, variants = CG_STRLIST_INIT;
    if (cg_generate_cases(game, &options, &cases, NULL) == CG_OK) {
        for (size_t i = 0; i < cases.count; i++) {
            if (!cg_case_valid(game, cg_strlist_at(&cases, i), &options)) {
                abort(); /* the generator wrote an invalid case */
            }
            const char *text = cg_strlist_at(&cases, i);
            cg_strlist_clear(&variants);
            game->shrink_case(text, strlen(text), &variants);
            for (size_t v = 0; v < variants.count && v < 8; v++) {
                cg_case_valid(game, cg_strlist_at(&variants, v), &options);
            }
        }
        cg_buf input = CG_BUF_INIT;
        cg_write_judge_input(game, &cases, &input);
        if (game->validate_input != NULL && !cg_buf_failed(&input)) {
            cg_validator v;
            cg_validator_init(&v, input.data, input.len, "<gen>", NULL);
            if (game->validate_input(&v) != CG_OK) {
                abort(); /* the generator left the judge's limits or layout */
            }
        }
        cg_scanner *in = NULL;
        if (cg_scanner_open_memory(&in, input.data, input.len, "<gen>", NULL) == CG_OK) {
            cg_check_result result;
            cg_check_result_init(&result);
            if (cg_check(game, in, (const char *)data + 9, size - 9, &options, &result, NULL) !=
                CG_OK) {
                abort(); /* a generated input is never an error */
            }
            cg_check_result_free(&result);
        }
        cg_scanner_close(in);
        cg_buf_free(&input);
    }
    cg_strlist_free(&variants);
    cg_strlist_free(&cases);
    return 0;
}
