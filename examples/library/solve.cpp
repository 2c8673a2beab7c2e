// A small C++ program using libcgsolve through its C interface: list the
// registered games, then ask the number game solver for the winning moves
// of every position given on the command line (default: {2, 3, 5}).
// Build: find_package(cgsolve CONFIG) and link cgsolve::cgsolve (see
// CMakeLists.txt here).
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include <cgsolve/cgsolve.h>
#include <cgsolve/games/numbergame.h>

int main(int argc, char **argv) {
    std::cout << "cgsolve " << cg_version() << " games:";
    for (const cg_game *const *game = cg_games(); *game != nullptr; ++game) {
        std::cout << ' ' << (*game)->name << ((*game)->play != nullptr ? "*" : "");
    }
    std::cout << '\n';

    std::vector<int> numbers;
    for (int i = 1; i < argc; ++i) {
        numbers.push_back(std::stoi(argv[i]));
    }
    if (numbers.empty()) {
        numbers = {2, 3, 5};
    }
    cg_budget budget = cg_budget_make(std::size_t{64} << 20);
    cg_numbergame game;
    cg_error err;
    if (cg_numbergame_init(&game, CG_NUMBERGAME_DEFAULT_MAX, &budget, &err) != CG_OK) {
        std::cerr << err.message << '\n';
        return 1;
    }
    std::uint64_t position = 0;
    for (int x : numbers) {
        position |= cg_numbergame_bit(x);
    }
    std::uint64_t winning = 0;
    if (cg_numbergame_winning_moves(&game, position, &winning, &err) != CG_OK) {
        std::cerr << err.message << '\n';
        cg_numbergame_free(&game);
        return 1;
    }
    std::cout << "winning moves:";
    for (int x = 2; x <= CG_NUMBERGAME_DEFAULT_MAX; ++x) {
        if (winning & cg_numbergame_bit(x)) {
            std::cout << ' ' << x;
        }
    }
    std::cout << '\n';
    cg_numbergame_free(&game);
    return 0;
}
