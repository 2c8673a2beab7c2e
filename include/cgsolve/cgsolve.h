/* cgsolve: exact solvers for two-player combinatorial games.
 *
 * The library's public face: this header, cgsolve/status.h (the status
 * codes), cgsolve/version.h and cgsolve/export.h are everything that is
 * installed, and the functions marked CG_API here are everything a shared
 * build exports. The registry, the runner, the solvers and the toolkit they
 * are built from are internal (src/core/ and src/games/ *_internal.h) and
 * may change in any release; what is below changes only by the SONAME rule
 * of HACKING.md. */
#ifndef CGSOLVE_CGSOLVE_H
#define CGSOLVE_CGSOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgsolve/export.h"
#include "cgsolve/status.h"
#include "cgsolve/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the library, CGSOLVE_VERSION of the build ("1.1.0"). */
CG_API const char *cg_version(void);

/* ---- The one-call API ---------------------------------------------------
 *
 * Three conversations with the library that need no wiring of registry,
 * runner, report and options by hand, for programs that embed cgsolve and
 * for bindings (the Python package is built on them):
 *
 *   cg_solve_text     a judge input as bytes -> the judge's output and the
 *                     `--json` lines, byte for byte what `cgsolve GAME`
 *                     and `cgsolve GAME --json` write for it;
 *   cg_grundy_values  an octal code -> G(0..upto) as an array and the
 *                     analysis line of `cgsolve grundy CODE --json`;
 *   cg_session_*      a game played against a perfect opponent, one command
 *                     line at a time -> the `cgsolve play --json` events.
 *
 * Games are named as on the command line (`cgsolve list`; "grundy" for
 * octal games played on heaps) and options are given as the command line
 * spells them, parsed by the command line's own declarations (the common
 * options, the game's, grundy's, play's, gen's), so a value is checked,
 * bounded and defaulted exactly as on the command line.
 *
 * Numbering: this interface counts as the command line does, from 1,
 * everywhere it reads or writes a place: cases, lines and columns, cells
 * (Treblecross's "1" is the leftmost cell, in the judge's answer, in the
 * JSON and as a move), heaps (grundy's move "2:3" takes 3 from the second
 * heap given) and board rows (PATH's "b3": column b, row 3 from the top).
 * Moves are strings written as they are typed at `cgsolve play`. What a
 * judge input labels itself (GAMECS's nodes, domino pips, the number game's
 * numbers) keeps its own values. The solvers inside the library count from
 * 0; that never crosses this interface (tests/unit/test_api_numbering.c).
 *
 * Every entry point checks its arguments (NULL pointers, lengths, unknown
 * games and options) and returns a status; on failure *err says why. Results
 * belong to the caller, who releases each with its one free function (also
 * after a failure: a result is always left valid, empty or partial). */

/* Long work tells the caller how far it is, about twice a second once it
 * has run half a second: what it computes, done of total. Returning true
 * asks it to stop: the work ends with CG_ERR_STOPPED, what was done kept. */
typedef bool (*cg_progress_hook)(void *context, const char *what, uint64_t done, uint64_t total);

/* One option as the command line spells it. name: the long name with or
 * without its dashes ("memory", "--memory") or the short one ("m", "-m");
 * value: its argument as typed ("256M"), NULL for a flag. */
typedef struct cg_option_value {
    const char *name;
    const char *value;
} cg_option_value;

/* What a call is given besides its subject; a NULL cg_call is all defaults. */
typedef struct cg_call {
    const cg_option_value *options; /* option_count of them, applied in order */
    size_t option_count;
    const char *name; /* the input's name in messages and JSON (NULL: "<input>") */
    bool json;        /* cg_solve_text: also write the --json lines */
    /* Long work tells how far it is (cg_progress_hook); returning true stops
     * it with CG_ERR_STOPPED, what was done so far kept in the result. Called
     * on the calling thread (a play session's: on the session's thread). */
    cg_progress_hook progress;
    void *progress_context;
} cg_call;

/* A failure of the one-call API. line and column (from 1) are the place the
 * message names, recorded where the fault was found (never read back from
 * the text): "NAME:L:C: ..." in the text given (or in a file the call reads,
 * such as a certificate, which the message names), "NAME:L: ..." with
 * column 0 for a case that failed as a whole, both 0 for a failure with no
 * place. The message is the library's, byte for byte the one the command
 * line prints after "cgsolve: ". */
typedef struct cg_api_error {
    cg_status status;
    uint64_t line;
    uint64_t column;
    char message[CG_ERROR_MESSAGE_MAX];
} cg_api_error;

/* A block of text the library allocated (NUL-terminated; len excludes the
 * NUL). Empty: data NULL, len 0. */
typedef struct cg_text {
    char *data;
    size_t len;
} cg_text;

CG_API void cg_text_free(cg_text *text);

typedef struct cg_solve_result {
    cg_text judge;  /* the judge's output */
    cg_text json;   /* the --json lines, one a case, when call->json */
    uint64_t cases; /* cases answered */
} cg_solve_result;

/* Solve the judge input input[0..len) of game with the options of call.
 * On an error the result holds the answers before the bad case, as the
 * command line prints them. CG_ERR_USAGE for an unknown game or option, an
 * option of another command, or the output-mode options (explain, format,
 * json: the call chooses what it returns). */
CG_API cg_status cg_solve_text(const char *game, const char *input, size_t len, const cg_call *call,
                               cg_solve_result *result, cg_api_error *err);
CG_API void cg_solve_result_free(cg_solve_result *result);

typedef struct cg_grundy_result {
    uint32_t *values; /* G(0..count-1) (NULL from cg_grundy_values_table) */
    size_t count;
    cg_text json; /* the analysis line of `cgsolve grundy --json` (empty when stopped) */
    void *table;  /* cg_grundy_values_table: G(0..count-1), width bytes each */
    size_t width; /* 2 while every value fits in 16 bits, else 4 */
} cg_grundy_result;

/* G(0..upto) of the octal game code ("0.007"; NULL with the resume option:
 * the checkpoint's code) with the options of `cgsolve grundy` and memory
 * (checkpoint and resume read and write the command line's files; not
 * upto, given here, nor values-out). Stopped by call->progress
 * (CG_ERR_STOPPED), the result holds the values computed so far, every one
 * valid, and the checkpoint, if one was asked, is saved. */
CG_API cg_status cg_grundy_values(const char *code, uint64_t upto, const cg_call *call,
                                  cg_grundy_result *result, cg_api_error *err);
/* As cg_grundy_values, with the engine's own table handed over instead of
 * widened to 32 bits: result->table and result->width (values stays NULL),
 * for bindings that wrap the memory without copying it (the Python
 * package's arrays). */
CG_API cg_status cg_grundy_values_table(const char *code, uint64_t upto, const cg_call *call,
                                        cg_grundy_result *result, cg_api_error *err);
CG_API void cg_grundy_result_free(cg_grundy_result *result);

/* Misère play of the octal game code, *json the analysis line `cgsolve
 * grundy CODE --misere --json` writes: with heaps NULL, of heaps 0..upto
 * (misère value, genus and tameness of each, first_wild, checksum); else
 * of the sum heaps[0..count-1] (decimal text, as the command line's words
 * after --sum; upto unused): outcome, method, winning_moves. Options:
 * memory and cg_misere_options' terms, positions, quotient. A sum nothing
 * settles within the budget is CG_ERR_LIMIT; stopped by call->progress
 * (CG_ERR_STOPPED), *json is the analysis of the heaps done so far (its
 * "computed" short of upto + 1; free it) or, for a sum, nothing. */
CG_API cg_status cg_misere_text(const char *code, uint64_t upto, const char *const *heaps,
                                size_t count, const cg_call *call, cg_text *json,
                                cg_api_error *err);

/* A game played against the perfect opponent of `cgsolve play --json`. The
 * game runs on a thread of its own that waits for each command line, so a
 * command costs what the same line costs typed at `cgsolve play` (nothing is
 * replayed); the events are kept until read. */
typedef struct cg_session cg_session;

/* Start game from position[0..len) (a position file's bytes as `cgsolve play
 * GAME FILE` reads it; NULL for the usual start; for "grundy" the code and
 * heaps, "0.77 5 7") with the options memory, the game's own and play's
 * (first, case, random, seed, level, misere). The events up to the first
 * command (start, position, the computer's first move) are ready to read.
 * The option "misere" (no value) opens a misère game, where whoever cannot
 * move wins (for games that have misère play: grundy); its events carry
 * "play":"misere". */
CG_API cg_status cg_session_open(cg_session **session, const char *game, const char *position,
                                 size_t len, const cg_call *call, cg_api_error *err);

/* Send one command line (a move, "hint", "undo", "help", "quit"...; no
 * newline, at most CG_SESSION_LINE_MAX bytes) and wait until it is answered.
 * An illegal move is not a failure: it is answered with an "error" event.
 * CG_ERR_USAGE once the game is over. */
#define CG_SESSION_LINE_MAX 1024
CG_API cg_status cg_session_send(cg_session *session, const char *line, cg_api_error *err);

/* cg_session_send in two steps, for a front end that must stay responsive
 * while a command is answered (a binding checking for Ctrl-C): post sends
 * the line, wait sleeps at most timeout_ms (negative: until answered) and
 * says whether the answer came (*answered), returning what send would
 * then. */
CG_API cg_status cg_session_post(cg_session *session, const char *line, cg_api_error *err);
CG_API cg_status cg_session_wait(cg_session *session, int timeout_ms, bool *answered,
                                 cg_api_error *err);

/* Ask the command being answered to stop (from any thread; async-signal
 * safe): the game's next look at its progress hook ends the work with
 * CG_ERR_STOPPED, and the game goes back to the position before the command
 * (a "stopped" event with moves_taken_back) and waits for the next one. Work
 * that never looks at the hook (a quick command) is answered as usual; a
 * stop during the computer's first move, before any command, ends the game
 * with CG_ERR_STOPPED. The request lasts until the next post. */
CG_API void cg_session_stop(cg_session *session);

/* The events written since the last read, one JSON object a line, moved
 * into *events (which the caller frees with cg_text_free). */
CG_API cg_status cg_session_read(cg_session *session, cg_text *events, cg_api_error *err);

/* Whether the game has ended (won, quit or failed): no command is read any
 * more. A failure of the game itself is returned by cg_session_status. */
CG_API bool cg_session_over(cg_session *session);
CG_API cg_status cg_session_status(cg_session *session, cg_api_error *err);

/* Abandon the game if it is still on (an "abandoned" event nobody reads)
 * and release everything. NULL is allowed. */
CG_API void cg_session_close(cg_session *session);

/* The contest tools. cg_gen_text writes a random judge input for game, the
 * bytes `cgsolve gen GAME` writes with the same options (gen's and the
 * game's generator's: cases, seed, hard, edge, tiles...). */
CG_API cg_status cg_gen_text(const char *game, const cg_call *call, cg_text *input,
                             cg_api_error *err);

/* cg_check_text judges output[0..output_len) as the answer to the judge
 * input input[0..input_len), as `cgsolve check GAME INPUT OUTPUT` (options:
 * memory and the game's own). A wrong answer is not a failure: it is the
 * verdict. */
typedef enum cg_verdict {
    CG_ACCEPTED,
    CG_WRONG_ANSWER,
    CG_PRESENTATION_ERROR,
} cg_verdict;

typedef struct cg_check_outcome {
    cg_verdict verdict;
    uint64_t cases;        /* in the judge input */
    uint64_t case_number;  /* the case a wrong answer or presentation error is in */
    uint64_t line, column; /* presentation error: the first differing place */
    cg_text summary;       /* the verdict's line, e.g. "wrong answer: case 3" */
    cg_text expected;      /* the expected answer of that case */
    cg_text given;         /* what the output has there */
    cg_text explanation;   /* why the expected answer holds (YAML, indented) */
} cg_check_outcome;

CG_API cg_status cg_check_text(const char *game, const char *input, size_t input_len,
                               const char *output, size_t output_len, const cg_call *call,
                               cg_check_outcome *outcome, cg_api_error *err);
CG_API void cg_check_outcome_free(cg_check_outcome *outcome);

/* ---- What the library offers ---------------------------------------------
 *
 * cg_catalog writes into *json (which the caller frees with cg_text_free)
 * every game and every command's options as one JSON object on one line,
 * from the same registry and option declarations the calls above parse by,
 * so a binding or a page lists them without a table of its own:
 *
 *   {"schema": "cgsolve/1", "version": cg_version(),
 *    "games": [GAME...], "commands": [{"name": NAME, "options": [OPTION...]}...]}
 *
 * GAME: "name" (as the calls take it), "summary" (one line), "input_help"
 * (the judge input, several lines), "solvable" (cg_solve_text, cg_check_text
 * take it; false for "grundy", which is only played), "playable"
 * (cg_session_open takes it), "misere" (its sessions take the option
 * "misere"), "generates" (cg_gen_text takes it), "position_from_arguments"
 * (a session's position is words, "0.77 5 7", not a position file),
 * "play_refusal" (why it cannot be played, or null), "judge_limits" (the
 * problem's stated limits, or null), "options" (its own, taken when it is
 * solved, checked and played) and "gen_options" (its generator's).
 *
 * commands, each with its own options, in this order: "common" (every
 * game's, solved, checked or played: memory...), "grundy"
 * (cg_grundy_values), "census" and "verify" (the command line's), "misere"
 * (cg_misere_text), "play" (cg_session_open), "gen" (cg_gen_text; --plan
 * and --out are the command line's), "stress", "check", "validate" and
 * "package" (the command line's). A call takes the options its comments
 * above name, less those they say it refuses.
 *
 * OPTION: "name" (the long name, as cg_option_value's name takes it),
 * "short" (its one letter, or null), "kind" ("flag": no value; "int": a
 * decimal integer from "min" to "max"; "size": bytes with an optional K, M
 * or G; "choice": one of the words of "choices"; "seconds": a decimal
 * number of seconds; "text": any text, such as a file name), "arg" (the
 * value's name in help, e.g. "N", or null for a flag), "help" (one line)
 * and "default" (the value it has when not given, as it is typed, or null
 * when it has none to show: a flag, a text, a default the command
 * resolves itself). Keys may be added in later versions; none is removed
 * or changes its meaning but by the SONAME rule. CG_ERR_NOMEM when memory
 * runs out; CG_ERR_USAGE for a NULL json. */
CG_API cg_status cg_catalog(cg_text *json, cg_api_error *err);

#ifdef __cplusplus
}
#endif

#endif
