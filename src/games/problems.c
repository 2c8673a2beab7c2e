/* Each game's problem for `cgsolve package` (framework/package_internal.h):
 * its title, the statement's sample input and output byte for byte (the
 * same bytes as tests/golden/GAME/judge-sample.in and .out, which
 * tests/contest/package.sh compares with what a package holds), and the
 * default test plan: small, random, the boundary cases, maximal and
 * adversarial inputs, every size inside the judge's limits. */
#include <string.h>

#include "framework/package_internal.h"

/* The first lines of every default plan. */
#define PLAN_HEAD(game)                                                                            \
    "# The tests of `cgsolve package " game "`, one judge input a line: gen's\n"                   \
    "# options and the seed. `cgsolve gen " game " --plan FILE --out DIR` writes\n"                \
    "# them again, byte for byte.\n"

static const cg_problem problems[] = {
    {.game = "domino",
     .title = "Domino Game",
     .sample_input = "1 6 6 0 0\n"
                     "2 5 5 3 4 1 5 3 5\n"
                     "2 1 1 2 2 3 3 4 4\n"
                     "1 4 5 4 4\n"
                     "0\n",
     .sample_answer = "Only player Red can win\n"
                      "\n"
                      "Both players can win\n"
                      "\n"
                      "No players can win\n"
                      "\n"
                      "Only player Green can win\n",
     .plan = PLAN_HEAD("domino") "# small: hands of one and two tiles\n"
                                 "--cases 20 --tiles 1 --seed 1\n"
                                 "--cases 20 --tiles 2 --seed 2\n"
                                 "# random: 1 to 7 tiles a hand\n"
                                 "--cases 50 --seed 3\n"
                                 "# the boundary cases, smallest and largest\n"
                                 "--cases 20 --edge --seed 4\n"
                                 "# maximal: 14 tiles a hand\n"
                                 "--cases 10 --tiles 14 --seed 5\n"
                                 "# adversarial: cases that break common wrong solutions\n"
                                 "--cases 30 --hard --seed 6\n"
                                 "--cases 10 --hard --tiles 14 --seed 7\n"},
    {.game = "treblecross",
     .title = "Treblecross",
     .sample_input = "4\n"
                     ".....\n"
                     "X.....X..X.............X....X..X\n"
                     ".X.X...X\n"
                     "...............................................\n",
     .sample_answer = "WINNING\n"
                      "3\n"
                      "LOSING\n"
                      "\n"
                      "WINNING\n"
                      "3\n"
                      "WINNING\n"
                      "1 12 15 17 20 24 28 31 33 36 47\n",
     .plan = PLAN_HEAD("treblecross") "# small: boards of 3 cells\n"
                                      "--cases 20 --length 3 --seed 1\n"
                                      "# random: 3 to 40 cells\n"
                                      "--cases 50 --seed 2\n"
                                      "# the boundary cases, smallest and largest\n"
                                      "--cases 20 --edge --seed 3\n"
                                      "# maximal: 99 boards of 200 cells, one of them empty of X\n"
                                      "--cases 99 --length 200 --seed 4\n"
                                      "--cases 99 --length 200 --density 0 --seed 5\n"
                                      "# adversarial: cases that break common wrong solutions\n"
                                      "--cases 50 --hard --seed 6\n"},
    {.game = "gamecs",
     .title = "Game of CS",
     .sample_input = "4\n"
                     "4\n"
                     "0 1 1\n"
                     "1 2 1\n"
                     "0 3 2\n"
                     "5\n"
                     "0 1 1\n"
                     "1 2 2\n"
                     "0 3 3\n"
                     "0 4 7\n"
                     "3\n"
                     "0 1 1\n"
                     "0 2 1\n"
                     "4\n"
                     "0 1 1\n"
                     "1 2 1\n"
                     "1 3 1\n",
     .sample_answer = "Case 1: Emily\n"
                      "Case 2: Emily\n"
                      "Case 3: Jolly\n"
                      "Case 4: Emily\n",
     .plan = PLAN_HEAD(
         "gamecs") "# small: trees of 2 nodes\n"
                   "--cases 20 --nodes 2 --seed 1\n"
                   "# random: 2 to 12 nodes\n"
                   "--cases 100 --seed 2\n"
                   "# the boundary cases, smallest and largest\n"
                   "--cases 20 --edge --seed 3\n"
                   "# maximal: 1000 nodes, weights up to 10^9, random, a chain and a star\n"
                   "--cases 10 --nodes 1000 --max-weight 1000000000 --seed 4\n"
                   "--cases 5 --nodes 1000 --shape chain --max-weight 1000000000 --seed 5\n"
                   "--cases 5 --nodes 1000 --shape star --max-weight 1000000000 --seed 6\n"
                   "# adversarial: cases that break common wrong solutions\n"
                   "--cases 50 --hard --seed 7\n"},
    {.game = "path",
     .title = "The PATH",
     .sample_input = "7\n"
                     "\n"
                     "WBBUUUU\n"
                     "WWBUWWW\n"
                     "UWBBBWB\n"
                     "BWBBWWB\n"
                     "BWWBWBB\n"
                     "UBWWWBU\n"
                     "UWBBBWW\n"
                     "\n"
                     "3\n"
                     "\n"
                     "WBB\n"
                     "WWU\n"
                     "WBB\n"
                     "\n"
                     "0\n",
     .sample_answer = "White has a winning path.\n"
                      "White can win in one move.\n",
     .plan = PLAN_HEAD("path") "# small: boards of side 1 and 2\n"
                               "--cases 10 --size 1 --seed 1\n"
                               "--cases 20 --size 2 --seed 2\n"
                               "# random: sides 1 to 8\n"
                               "--cases 30 --seed 3\n"
                               "# the boundary cases, smallest and largest\n"
                               "--cases 20 --edge --seed 4\n"
                               "# maximal: boards of side 80\n"
                               "--cases 5 --size 80 --seed 5\n"
                               "# adversarial: cases that break common wrong solutions\n"
                               "--cases 30 --hard --seed 6\n"},
    {.game = "numbergame",
     .title = "Number Game",
     .sample_input = "2\n"
                     "1\n"
                     "2\n"
                     "2\n"
                     "2 3\n",
     .sample_answer = "Scenario #1:\n"
                      "The winning moves are: 2.\n"
                      "\n"
                      "Scenario #2:\n"
                      "There is no winning move.\n"
                      "\n",
     .plan = PLAN_HEAD("numbergame") "# small: the numbers 2 to 5\n"
                                     "--cases 20 --max 5 --seed 1\n"
                                     "# random\n"
                                     "--cases 50 --seed 2\n"
                                     "# the boundary cases, smallest and largest\n"
                                     "--cases 20 --edge --seed 3\n"
                                     "# adversarial: the positions searched longest\n"
                                     "--cases 50 --hard --seed 4\n"},
};

const cg_problem *cg_find_problem(const char *name) {
    for (size_t i = 0; name != NULL && i < sizeof problems / sizeof problems[0]; i++) {
        if (strcmp(problems[i].game, name) == 0) {
            return &problems[i];
        }
    }
    return NULL;
}
