/* A small C program using libcgsolve: solve a Treblecross board given on the
 * command line with the solver's own API, then run the whole judge runner
 * on a two-board input held in memory.
 * Build: cc solve.c $(pkg-config --cflags --libs cgsolve) */
#include <stdio.h>
#include <string.h>

#include <cgsolve/cgsolve.h>
#include <cgsolve/games/treblecross.h>

int main(int argc, char **argv) {
    const char *board = argc > 1 ? argv[1] : "......";
    cg_treblecross_solver solver;
    cg_treblecross_init(&solver, NULL);
    cg_error err;
    size_t offset;
    const char *reason;
    if (!cg_treblecross_valid(board, strlen(board), &offset, &reason)) {
        fprintf(stderr, "bad board at %zu: %s\n", offset + 1, reason);
        return 1;
    }
    if (cg_treblecross_solve(&solver, board, strlen(board), &err) != CG_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    printf("cgsolve %s: %s is %s\n", cg_version(), board,
           solver.result.winning ? "winning" : "losing");
    cg_treblecross_free(&solver);

    static const char input[] = "2\n.....\nX.....X..X.............X....X..X\n";
    cg_scanner *scanner;
    if (cg_scanner_open_memory(&scanner, input, sizeof input - 1, "example", &err) != CG_OK) {
        return 1;
    }
    cg_options options;
    cg_options_init(&options);
    cg_status st = cg_run(cg_find_game("treblecross"), scanner, &options, stdout, NULL, &err);
    cg_scanner_close(scanner);
    if (st != CG_OK) {
        fprintf(stderr, "%s\n", err.message);
    }
    return st == CG_OK ? 0 : 1;
}
