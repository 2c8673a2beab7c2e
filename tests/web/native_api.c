/* web/wasm_api.c run natively (under ASan and UBSan when run.sh can build
 * it so): the page's calls on inputs too big for the wasm stack, whose
 * answers run.sh checks against the command line's.
 *   native_api solve GAME FILE [OPTIONS]   cgw_solve's answer
 *   native_api explain GAME FILE      cgw_explain's answer
 *   native_api games                  cgw_games' answer
 *   native_api grundy CODE UPTO       cgw_grundy's answer
 *   native_api play GAME POSITION-FILE MOVES-FILE
 * Each prints the JSON answer on one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *cgw_solve(const char *name, const char *input, const char *options);
char *cgw_explain(const char *name, const char *input, const char *options);
char *cgw_play(const char *name, const char *position, const char *commands, const char *options);
char *cgw_games(void);
char *cgw_grundy(const char *code, int upto);
char *cgw_grundy_misere(const char *code, int upto);
void cgw_free(char *text);

static char *slurp(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        perror(path);
        exit(2);
    }
    size_t size = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    for (size_t got;
         text != NULL && (got = fread(text + size, 1, capacity - size - 1, file)) > 0;) {
        size += got;
        if (capacity - size < 2) {
            char *grown = realloc(text, capacity *= 2);
            if (grown == NULL) {
                free(text);
                text = NULL;
            }
            text = grown;
        }
    }
    fclose(file);
    if (text == NULL) {
        exit(3);
    }
    text[size] = '\0';
    return text;
}

int main(int argc, char **argv) {
    char *answer = NULL;
    if ((argc == 4 || argc == 5) && strcmp(argv[1], "solve") == 0) {
        char *input = slurp(argv[3]);
        answer = cgw_solve(argv[2], input, argc == 5 ? argv[4] : "");
        free(input);
    } else if (argc == 4 && strcmp(argv[1], "explain") == 0) {
        char *input = slurp(argv[3]);
        answer = cgw_explain(argv[2], input, "");
        free(input);
    } else if (argc == 2 && strcmp(argv[1], "games") == 0) {
        answer = cgw_games();
    } else if (argc == 4 && strcmp(argv[1], "grundy") == 0) {
        answer = cgw_grundy(argv[2], atoi(argv[3]));
    } else if (argc == 4 && strcmp(argv[1], "grundy-misere") == 0) {
        answer = cgw_grundy_misere(argv[2], atoi(argv[3]));
    } else if (argc == 5 && strcmp(argv[1], "play") == 0) {
        char *position = slurp(argv[3]);
        char *moves = slurp(argv[4]);
        answer = cgw_play(argv[2], position, moves, "seed=1\nlevel=perfect");
        free(position);
        free(moves);
    } else {
        fprintf(stderr,
                "usage: native_api solve|explain GAME FILE [OPTIONS] | games | grundy CODE UPTO"
                " | grundy-misere CODE UPTO | play GAME POS MOVES\n");
        return 2;
    }
    if (answer == NULL) {
        return 3;
    }
    puts(answer);
    cgw_free(answer);
    return 0;
}
