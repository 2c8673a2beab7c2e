/* How a game plugs into cgsolve.
 *
 * A game is a table of functions: it reads one case at a time from the
 * scanner, solves it, writes the judge's answer and, on request, fills a
 * report explaining it. The core (runner.c) owns the reading loop and the
 * output modes, so a game never formats JSON or explanations itself. */
#ifndef CGSOLVE_GAME_H
#define CGSOLVE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgsolve/buf.h"
#include "cgsolve/report.h"
#include "cgsolve/scanner.h"
#include "cgsolve/status.h"

typedef enum cg_output_mode {
    CG_OUTPUT_JUDGE,   /* exactly the judge's output */
    CG_OUTPUT_EXPLAIN, /* judge output, each answer followed by its explanation */
    CG_OUTPUT_JSON     /* one JSON object per case and line */
} cg_output_mode;

/* Default budget for a game's search tables. */
#define CG_DEFAULT_MEMORY_LIMIT ((size_t)1 << 30)

/* Options a run is given; games read the ones they declare. */
typedef struct cg_options {
    cg_output_mode output;
    size_t memory_limit; /* bytes a game may spend on its tables */
    bool optimal;        /* CG_GAME_OPTION_OPTIMAL: perfect play instead of judge question */
    int64_t max_number;  /* CG_GAME_OPTION_MAX: upper bound of a number game (0 = default) */
    bool color;          /* explanations may use ANSI colours */
} cg_options;

/* Set the defaults: judge output, CG_DEFAULT_MEMORY_LIMIT, no extras. */
void cg_options_init(cg_options *options);

/* Game-specific options a game accepts (bits of cg_game.extra_options). */
enum {
    CG_GAME_OPTION_OPTIMAL = 1u << 0,
    CG_GAME_OPTION_MAX = 1u << 1,
};

typedef struct cg_game {
    const char *name;           /* the subcommand */
    const char *summary;        /* one line for `cgsolve list` */
    const char *input_help;     /* several lines for `cgsolve GAME --help` */
    unsigned extra_options;     /* CG_GAME_OPTION_* bits */
    const char *case_separator; /* judge output between two consecutive answers */
    /* Non-NULL when the input starts with the number of cases: what to call
     * that number in messages. The runner reads it and asks for exactly that
     * many cases. NULL: the game's read_case says where the input ends. */
    const char *case_count;

    size_t state_size; /* bytes of the run's state; the runner allocates it zeroed */
    /* The game's own memory budget when the user sets none (0: the global
     * CG_DEFAULT_MEMORY_LIMIT). */
    size_t default_memory;

    /* Initialise the run's state. */
    cg_status (*open)(void *state, const cg_options *options, cg_error *err);
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
} cg_game;

#endif
