/* The list of every option table the library declares, and the defaults
 * they give: the framework's, since it is the one layer that knows every
 * command (grundy, census, verify, misere, play, gen, stress, check, package) and
 * every game. */
#include "framework/option_tables_internal.h"

#include <string.h>

#include "framework/cgsolve_internal.h"
#include "framework/package_internal.h"
#include "framework/plan_internal.h"
#include "framework/testdata_internal.h"
#include "octal/census_internal.h"
#include "octal/grundy_table_internal.h"
#include "octal/misere_report_internal.h"

const cg_command_options cg_command_options_list[] = {
    {.name = "common", .tables = {cg_common_options}},
    {.name = "grundy", .tables = {cg_grundy_options}},
    {.name = "census", .tables = {cg_census_options}},
    {.name = "verify", .tables = {cg_verify_options}},
    {.name = "misere", .tables = {cg_misere_run_options, cg_misere_options}},
    {.name = "play", .tables = {cg_play_options}},
    {.name = "gen", .tables = {cg_gen_common_options, cg_gen_plan_options}},
    {.name = "stress", .tables = {cg_gen_common_options, cg_stress_options}},
    {.name = "check", .tables = {cg_check_options, cg_testlib_options}},
    {.name = "validate", .tables = {cg_validate_options, cg_testlib_options}},
    {.name = "package", .tables = {cg_package_options}},
    {.name = NULL},
};

const cg_command_options *cg_command_options_find(const char *name) {
    for (const cg_command_options *c = cg_command_options_list; name != NULL && c->name != NULL;
         c++) {
        if (strcmp(c->name, name) == 0) {
            return c;
        }
    }
    return NULL;
}

/* Whether table is one of an earlier command's (stress shares gen's). */
static bool seen_before(const cg_command_options *command, const cg_option_spec *table) {
    for (const cg_command_options *c = cg_command_options_list; c < command; c++) {
        for (size_t t = 0; t < CG_COMMAND_TABLES && c->tables[t] != NULL; t++) {
            if (c->tables[t] == table) {
                return true;
            }
        }
    }
    return false;
}

void cg_each_option_table(void (*fn)(const cg_option_spec *table, void *context), void *context) {
    for (const cg_command_options *c = cg_command_options_list; c->name != NULL; c++) {
        for (size_t t = 0; t < CG_COMMAND_TABLES && c->tables[t] != NULL; t++) {
            if (!seen_before(c, c->tables[t])) {
                fn(c->tables[t], context);
            }
        }
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
