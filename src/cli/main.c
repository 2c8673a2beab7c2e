/* cgsolve: the command-line front end. main only dispatches: parsing,
 * help and each subcommand's driver live in their own files, and all game
 * logic in the library. */
#include "cli.h"

int main(int argc, char **argv) {
    cli c;
    int rc = cli_parse(&c, argc, argv);
    if (rc != EXIT_OK) {
        return rc;
    }
    if (c.version) {
        return cli_close_output(stdout, cli_print_version(stdout));
    }
    if (c.help) {
        return cli_close_output(stdout, cli_print_help(&c, stdout));
    }
    if (c.command == NULL) {
        cli_print_general_help(stderr);
        return EXIT_USAGE;
    }
    return c.command->run(&c);
}
