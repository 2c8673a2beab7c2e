/* The list of every option table the library declares, and the defaults
 * they give: the framework's, since it is the one layer that knows every
 * command (grundy, census, verify, misere, play, gen, stress, check) and
 * every game. */
#include "framework/option_tables_internal.h"

#include <string.h>

#include "framework/cgsolve_internal.h"
#include "framework/testdata_internal.h"
#include "octal/census_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/misere_report_internal.h"

void cg_each_option_table(void (*fn)(const cg_option_spec *table, void *context), void *context) {
    static const cg_option_spec *const commands[] = {
        cg_common_options,     cg_grundy_options, cg_census_options, cg_verify_options,
        cg_misere_run_options, cg_misere_options, cg_play_options,   cg_gen_common_options,
        cg_stress_options,     cg_check_options,
    };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        fn(commands[i], context);
    }
    const cg_game *const *lists[] = {cg_games(), cg_play_only_games()};
    for (size_t l = 0; l < 2; l++) {
        for (const cg_game *const *game = lists[l]; *game != NULL; game++) {
            if ((*game)->options != NULL) {
                fn((*game)->options, context);
            }
            if ((*game)->gen_options != NULL && (*game)->gen_options != (*game)->options) {
                fn((*game)->gen_options, context);
            }
        }
    }
}

static void reset_table(const cg_option_spec *table, void *context) {
    cg_option_reset_table(context, table);
}

void cg_options_init(cg_options *options) {
    if (options == NULL) {
        return;
    }
    memset(options, 0, sizeof *options);
    cg_each_option_table(reset_table, options);
}
