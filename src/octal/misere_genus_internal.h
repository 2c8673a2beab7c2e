/* Heaps' misère values and genus from the proven quotient, not by search.
 *
 * The search values a heap through sums of its options, which grow without
 * bound where heaps are wild (Kayles past heap 40 doubles its time every
 * three heaps). The quotient of heaps <= N (misere_quotient_internal.h) is
 * built from far fewer searches, most of its steps proven without any;
 * once its elements' values are proven (misere_values_internal.h), each
 * heap n <= N is read off it: γk = value(n · (*2)^k), with a heap the
 * solver finds to be *2 in every sum standing for the genus's nim-heaps of
 * 2. Nothing is guessed: where the quotient is past its bounds or its
 * values are not proven, no heap is adopted and the search does the rest.
 *
 * A complete quotient (misere_period_internal.h) gives every heap, not
 * only those <= N: heap m > N has the element and the option elements of
 * m - p, so by induction on the tokens every sum's G- is the value of its
 * element, as the periodicity theorem argues for outcomes (the rule the
 * values obey, the mex, reads only those elements). */
#ifndef CGSOLVE_MISERE_GENUS_H
#define CGSOLVE_MISERE_GENUS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/status_internal.h"
#include "octal/misere_internal.h"
#include "octal/misere_oracle_internal.h"
#include "octal/misere_quotient_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_GENUS_MAX_ORDER 1024      /* a quotient's elements at most */
#define CG_GENUS_MAX_STATES 4000000u /* states of one proof at most */
/* Positions one question of the quotient's chain may search: 0.07's chain
 * reaches heap 33 as with 2,000,000, and gives up at heap 34 after 1 s
 * instead of 8 s. */
#define CG_GENUS_CHAIN_POSITIONS 200000u

/* How the heaps of a table are valued. */
typedef enum cg_misere_genus_way {
    CG_GENUS_BY_SEARCH,   /* the search alone */
    CG_GENUS_BY_QUOTIENT, /* the quotient's chain to its end first, then the search */
    CG_GENUS_BY_AUTO,     /* the search, with the chain given turns (below) */
} cg_misere_genus_way;

/* --by auto: the chain's first turn once the search has taken this long.
 * Codes whose search is quick (most, to heap 50) never build a quotient;
 * where the search grows (Kayles, Dawson's Kayles past heap 60) it does. */
#define CG_GENUS_AUTO_FIRST_SECONDS 0.25

/* A table's heaps valued one way. The chain's last proven quotient is kept
 * as the solver's oracle: its P-portion gives every sum's G- of 0 to 3 at
 * once (misere_oracle_internal.h), so the search expands only the sums of
 * G- 4 or more (Kayles to heap 70: half the positions, 14.3 s -> 9.7 s).
 * The chain's last quotient with proven values is kept as the oracle's
 * valued layer too: sums of its heaps get any G- at once (Kayles to heap
 * 100: 25.4 s -> 20.2 s). Each step's quotient is tried until one fails;
 * after that only each turn's last one is, as for adopting heaps.
 *
 * By auto, before a heap is searched, the chain gets a turn once the
 * search's time has reached CG_GENUS_AUTO_FIRST_SECONDS and again each time
 * it has doubled since; a turn goes on with the chain where the last one
 * stopped, while the chain's time in all is below the search's (one step
 * may go past; tests change next_turn and share to force turns). So the chain costs at most about
 * what the search costs, and where the quotient pays it is found: the heaps it proves are adopted,
 * and the search asks it. The table is the same whichever the way: nothing is adopted or answered
 * that is not proven. */
typedef struct cg_misere_genus_run {
    cg_misere_genus_way way;
    size_t upto;
    size_t two;                /* a heap that is *2 in every sum (0: none) */
    cg_misere_quotient chain;  /* the chain's last proven quotient (order 0: none) */
    uint32_t *chain_values;    /* the chain's proven values (NULL: none proven) */
    bool values_failed;        /* a chain's values did not pass: the next ones are not tried */
    cg_misere_quotient valued; /* the chain's last quotient with proven values, when the chain
                                  went on past it (order 0: none), and its values */
    uint32_t *valued_values;
    cg_misere_oracle oracle; /* reading chain (and valued), while attached */
    bool attached;           /* the solver asks oracle */
    bool over;               /* the chain goes no further */
    cg_status stopped;       /* a stop heard while heaps were adopted */
    size_t adopted;          /* heaps read off the chain's quotient, not searched */
    double search_seconds, chain_seconds;
    double next_turn; /* by auto: the search's seconds that give the chain its next turn */
    double share;     /* by auto: the chain's seconds at most share x the search's (1) */
} cg_misere_genus_run;

/* Start valuing heaps 0..upto of solver's table the given way (run zeroed
 * by the call). By quotient, the chain is built to its end now and the
 * heaps its proven values reach are adopted (upto when it is complete);
 * a stop heard then is CG_OK here and the heaps adopted before it stay,
 * cg_misere_genus_heap saying CG_ERR_STOPPED past them. A quotient or a
 * proof past its bounds, the chain's positions or the memory budget is no
 * error: fewer heaps are adopted and the search does the rest. */
cg_status cg_misere_genus_start(cg_misere_solver *solver, cg_misere_genus_way way, size_t upto,
                                cg_misere_genus_run *run, cg_error *err);

/* Heap n (<= upto) of the table valued: adopted already, or searched (by
 * auto, after the chain's turn when one is due). Errors as
 * cg_misere_extend's. */
cg_status cg_misere_genus_heap(cg_misere_solver *solver, cg_misere_genus_run *run, size_t n,
                               cg_error *err);

/* The chain and its oracle given back, the solver told to ask no oracle. */
void cg_misere_genus_end(cg_misere_solver *solver, cg_misere_genus_run *run);

#ifdef __cplusplus
}
#endif

#endif
