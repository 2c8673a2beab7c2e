/* The one table every game is registered in. */
#include <stddef.h>
#include <string.h>

#include "framework/game_internal.h"
#include "games/domino_internal.h"
#include "games/gamecs_internal.h"
#include "games/numbergame_internal.h"
#include "games/octal_play_internal.h"
#include "games/path_internal.h"
#include "games/treblecross_internal.h"

static const cg_game *const registered[] = {
    &cg_game_domino, &cg_game_treblecross, &cg_game_gamecs,
    &cg_game_path,   &cg_game_numbergame,  NULL,
};

const cg_game *const *cg_games(void) {
    return registered;
}

static const cg_game *find_in(const cg_game *const *table, const char *name) {
    for (size_t i = 0; table[i] != NULL; i++) {
        if (strcmp(table[i]->name, name) == 0) {
            return table[i];
        }
    }
    return NULL;
}

const cg_game *cg_find_game(const char *name) {
    return find_in(registered, name);
}

static const cg_game *const play_only[] = {
    &cg_game_octal_play,
    NULL,
};

const cg_game *const *cg_play_only_games(void) {
    return play_only;
}

const cg_game *cg_find_play_only_game(const char *name) {
    return find_in(play_only, name);
}
