/* How a game plugs into cgsolve.
 *
 * A game is one table (cg_game): it reads one case at a time from the
 * scanner, solves it, writes the judge's answer and, on request, fills a
 * report explaining it; it declares the options it accepts; and, when it can
 * be played against a perfect opponent, it has a play part (cg_play_rules).
 * The core (runner.c, play.c) owns the reading loop, the output modes and the
 * conversation, so a game never formats JSON or explanations itself and the
 * core never names a game. */
#ifndef CGSOLVE_GAME_H
#define CGSOLVE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget_internal.h"
#include "core/buf_internal.h"
#include "core/nimber_internal.h"
#include "core/options_internal.h"
#include "core/report_internal.h"
#include "core/rng_internal.h"
#include "core/scanner_internal.h"
#include "core/state_graph_internal.h"
#include "core/status_internal.h"
#include "core/strlist_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a game with no legal move left ended. */
typedef enum cg_play_end {
    CG_PLAY_LAST_MOVER_WON, /* normal play: the player to move has lost */
    CG_PLAY_NOBODY_WON      /* e.g. a blocked domino game */
} cg_play_end;

/* What the solver knows of a move (for the player making it) or of a
 * position (for the player to move): its outcome and the game's measure. */
typedef enum cg_play_measure {
    CG_MEASURE_UNKNOWN = 0, /* not to be had within the run's memory budget, or not defined */
    CG_MEASURE_GRUNDY,      /* impartial games: the Grundy value of the position left */
    CG_MEASURE_REMOTENESS,  /* moves to the end under perfect play (GamesmanOne's remoteness) */
    CG_MEASURE_MISERE       /* misère play: the misère Grundy value G- of the position (0: P) */
} cg_play_measure;

/* At most this many components are kept per value; the rest are counted. */
#define CG_PLAY_MAX_COMPONENTS 32

typedef struct cg_play_value {
    cg_outcome outcome; /* for the player making the move (a position: the player to move) */
    cg_play_measure measure;
    uint64_t amount; /* the Grundy value or the remoteness */
    /* Grundy: the values of the independent parts the position left is made
     * of (heaps, stretches, subtrees), whose nim-sum is amount: a slice of
     * cg_play_values.components, plus how many were left out. */
    size_t first_component, component_count, components_omitted;
} cg_play_value;

/* The value of every legal move, in the order of legal_moves, and of the
 * position itself. Built with cg_play_values_add and friends (play.c);
 * like cg_buf, a failed allocation is remembered and later additions are
 * ignored. */
typedef struct cg_play_values {
    cg_play_value position;
    cg_play_value *moves;
    size_t count, capacity;
    cg_strlist names; /* the moves as typed */
    cg_strlist why;   /* the game's reason for each move ("" when the core writes one) */
    cg_nimber *components;
    size_t component_count, component_capacity;
    bool failed;
} cg_play_values;

#define CG_PLAY_VALUES_INIT                                                                        \
    {                                                                                              \
        {CG_OUTCOME_LOSS, CG_MEASURE_UNKNOWN, 0, 0, 0, 0}, NULL, 0, 0, CG_STRLIST_INIT,            \
            CG_STRLIST_INIT, NULL, 0, 0, false                                                     \
    }

void cg_play_values_free(cg_play_values *values);
/* Forget every value, keeping the storage. */
void cg_play_values_clear(cg_play_values *values);
bool cg_play_values_failed(const cg_play_values *values);
/* Append a move's value (measure, amount and why may be set afterwards
 * through the pointer, valid until the next add); NULL once failed. */
cg_play_value *cg_play_values_add(cg_play_values *values, const char *move, cg_outcome outcome);
/* A Grundy value made of components: start it, then add each part. */
void cg_play_value_grundy(cg_play_value *value, const cg_play_values *values);
void cg_play_values_component(cg_play_values *values, cg_play_value *value, cg_nimber part);
/* The game's reason for the last move added, printf-style. */
void cg_play_values_why(cg_play_values *values, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Outcome and remoteness of start for the player to move over an acyclic
 * graph, as GamesmanOne defines it: 0 at the end; a win is 1 + the
 * smallest remoteness of the losing positions it can move to (the winner
 * hurries), a loss 1 + the largest of its options' (the loser delays), a
 * draw 1 + the smallest of its drawing options'. memo (one per graph) keeps
 * outcome | remoteness << 2; a remoteness above 63 is CG_ERR_LIMIT. */
cg_status cg_play_remoteness(const cg_state_graph *graph, cg_memo *memo, uint64_t start,
                             cg_outcome *outcome, unsigned *remoteness, cg_error *err);

/* Playing one position after another against a perfect opponent. Moves are
 * strings written as a person types them. Unless `end` says otherwise, play
 * is normal: a player with no legal move has lost, so the last mover wins.
 * Under the misère end rule (options->misere, for games with a misere_intro)
 * it is the other way round: the player left without a move has won; the
 * game reads options->misere at start and values its moves accordingly. */
typedef struct cg_play_rules {
    const char *intro; /* the rules and how one wins, a few lines */
    /* Optional: the rules under misère play (whoever cannot move wins);
     * NULL: the game is played under the normal end rule only. */
    const char *misere_intro;
    const char *move_word; /* what a move is called: "cell", "number" */
    const char *move_help; /* what to type, for the prompt */
    size_t state_size;     /* the core allocates the state, zeroed */
    /* Set up the start: from `position` (one case in the judge's format,
     * without a case count) or, when NULL, the game's usual start.
     * options->computer_first says who moves first. */
    cg_status (*start)(void *state, cg_scanner *position, const cg_options *options,
                       cg_budget *budget, cg_error *err);
    /* Optional: set up a random start drawn from seed (the same on every
     * machine). */
    cg_status (*start_random)(void *state, uint64_t seed, const cg_options *options,
                              cg_budget *budget, cg_error *err);
    /* Draw the position for a person, in lines of at most columns
     * characters where the game can fold them (0: no bound). The core folds
     * lines at their spaces; a game folds what has none (a long board). */
    void (*show)(void *state, size_t columns, cg_buf *out);
    /* Every legal move of the player to move (none when the game is over). */
    cg_status (*legal_moves)(void *state, cg_strlist *moves, cg_error *err);
    /* Every move that wins against perfect play, in the order of legal_moves. */
    cg_status (*winning_moves)(void *state, cg_strlist *moves, cg_error *err);
    /* Optional, for games with draws: the moves after which perfect play
     * ends with nobody winning. */
    cg_status (*drawing_moves)(void *state, cg_strlist *moves, cg_error *err);
    /* Optional: how a game with no legal move ended (NULL: normal play). */
    cg_play_end (*end)(void *state);
    /* Play a move. An illegal one is CG_ERR_INPUT with the reason, and the
     * position is unchanged. */
    cg_status (*play)(void *state, const char *move, cg_error *err);
    /* Optional: the move to make when none wins, written into move (for
     * example one that keeps the game long). NULL: the first legal move. */
    cg_status (*losing_choice)(void *state, cg_buf *move, cg_error *err);
    /* Release what the state owns (also after a failed start). */
    void (*close)(void *state);
    /* Optional: the value of every legal move and of the position (see
     * cg_play_values), within the budget given at start; CG_ERR_LIMIT
     * (after releasing what it held) when that does not fit, and the core
     * then reports each move's outcome with the measure unknown. NULL:
     * outcomes only, from winning_moves and drawing_moves. */
    cg_status (*move_values)(void *state, cg_play_values *values, cg_error *err);
    /* Optional: the position as fields of the open JSON object "state"
     * (after its "kind", the game's name), for programs that draw it. */
    void (*describe)(void *state, cg_report *report);
    /* Optional: the position in the judge's input format for one case,
     * without a case count (NULL or CG_ERR_USAGE: it cannot be written). */
    cg_status (*write_position)(void *state, cg_buf *out, cg_error *err);
} cg_play_rules;

struct cg_validator; /* core/validate_internal.h */

typedef struct cg_game {
    const char *name;           /* the subcommand */
    const char *summary;        /* one line for `cgsolve list` */
    const char *input_help;     /* several lines describing the input */
    const char *case_separator; /* judge output between two consecutive answers */
    /* Non-NULL when the input starts with the number of cases: what to call
     * that number in messages. The runner reads it and asks for exactly that
     * many cases. NULL: the game's read_case says where the input ends. */
    const char *case_count;
    /* The options this game accepts beyond cg_common_options, NULL-name
     * ended; they apply to solving and to playing. */
    const cg_option_spec *options;

    size_t state_size; /* bytes of the run's state; the runner allocates it zeroed */
    /* The game's own memory budget when the user sets none (0: the global
     * CG_DEFAULT_MEMORY_LIMIT). */
    size_t default_memory;

    /* Initialise the run's state; its tables are counted in budget. */
    cg_status (*open)(void *state, const cg_options *options, cg_budget *budget, cg_error *err);
    /* Read the next case; CG_END when the input has no more. */
    cg_status (*read_case)(void *state, cg_scanner *in, cg_error *err);
    /* Solve the case just read. */
    cg_status (*solve_case)(void *state, cg_error *err);
    /* Append the judge's answer for the case (number from 1), separators excluded. */
    void (*write_answer)(void *state, uint64_t case_number, cg_buf *out);
    /* Describe why the answer holds. */
    void (*explain_case)(void *state, cg_report *report);
    /* Release what the state owns (also after a failed open); the runner
     * frees the state itself. */
    void (*close)(void *state);

    /* Playing against a perfect opponent; NULL when the game is not playable. */
    const cg_play_rules *play;
    /* Test data for `cgsolve gen` and `stress` (optional). gen_options are
     * the sizes the generator takes, NULL-name ended. generate_case writes
     * one case in the judge's format (no case count, no terminator) drawn
     * from rng; index counts the cases of the input, which lets --edge and
     * --hard cycle through their kinds. shrink_case lists smaller variants
     * of one case for shrinking a failing input; they need not be valid (the
     * caller checks each with read_case). */
    const cg_option_spec *gen_options;
    cg_status (*generate_case)(const cg_options *options, cg_rng *rng, uint64_t index, cg_buf *out,
                               cg_error *err);
    void (*shrink_case)(const char *text, size_t len, cg_strlist *candidates);
    /* Optional: the size of one case in the game's own terms (its tiles a
     * hand, cells, nodes, numbers), named by size_unit (singular, plural),
     * for stress's report of a shrunk input. */
    uint64_t (*case_size)(const char *text, size_t len);
    const char *size_unit[2];

    /* Without play: why (shown to someone who asks to play), or NULL. */
    const char *play_refusal;
    /* The start position is given on the command line (octal games' code
     * and heaps) rather than in a file. */
    bool play_from_arguments;

    /* The judge's stated limits, a few lines for `help GAME` (or NULL).
     * gen and stress stay inside them unless options->beyond_limits. */
    const char *judge_limits;
    /* Check a whole judge input strictly against the problem's layout and
     * limits (`cgsolve validate`); NULL when the game has no judge input. */
    cg_status (*validate_input)(struct cg_validator *v);
} cg_game;

/* The registered games, in the order `cgsolve list` shows them, NULL-terminated. */
const cg_game *const *cg_games(void);

/* The game registered under name, or NULL. */
const cg_game *cg_find_game(const char *name);

/* Games that can only be played (no judge input), NULL-terminated: any
 * octal game on heaps ("grundy"). */
const cg_game *const *cg_play_only_games(void);
const cg_game *cg_find_play_only_game(const char *name);

#ifdef __cplusplus
}
#endif

#endif
