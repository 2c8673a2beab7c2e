#ifndef CGSOLVE_OPTION_TABLES_H
#define CGSOLVE_OPTION_TABLES_H

/* Every option table of the library, commands' and games' alike. The toolkit
 * (core/options_internal.h) only stores, resets and finds one option from its
 * declaration; the list of all of them lives here, above the games. */

#include "core/options_internal.h"

/* Every option to its default: each declared option's def, every other
 * field zero (memory_limit 0: the game's default). */
void cg_options_init(cg_options *options);

/* Call fn on every table of run options the library declares: the common
 * ones, each command's, each game's (solving, generating). */
void cg_each_option_table(void (*fn)(const cg_option_spec *table, void *context), void *context);

#endif
