#ifndef CGSOLVE_OPTION_TABLES_H
#define CGSOLVE_OPTION_TABLES_H

/* Every option table of the library, commands' and games' alike. The toolkit
 * (core/options_internal.h) only stores, resets and finds one option from its
 * declaration; the list of all of them lives here, above the games. */

#include "core/options_internal.h"

/* The option tables of one command of the library, as its front ends name
 * it ("common": the options every game's run takes). */
#define CG_COMMAND_TABLES 3
typedef struct cg_command_options {
    const char *name;
    const cg_option_spec *tables[CG_COMMAND_TABLES]; /* NULL after the last */
} cg_command_options;

/* Every command's tables: common, grundy, census, verify, misere, play, gen,
 * stress, check, package; ended by a NULL name. The one list the catalog
 * (cg_catalog), the defaults and the front ends read. */
extern const cg_command_options cg_command_options_list[];

/* The entry of cg_command_options_list called name, or NULL. */
const cg_command_options *cg_command_options_find(const char *name);

/* Every option to its default: each declared option's def, every other
 * field zero (memory_limit 0: the game's default). */
void cg_options_init(cg_options *options);

/* Call fn on every table of run options the library declares: the common
 * ones, each command's, each game's (solving, generating). */
void cg_each_option_table(void (*fn)(const cg_option_spec *table, void *context), void *context);

#endif
