// The one-call API of cgsolve.h from C++: results held by small RAII owners
// that call the API's free functions, failures turned into exceptions.
// Solves a judge input, reads the Grundy values of Dawson's Kayles (0.07)
// and plays Treblecross's winning line on an empty board of 7 cells.
// Build: find_package(cgsolve CONFIG) and link cgsolve::cgsolve (see
// CMakeLists.txt here).
#include <algorithm>
#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <cgsolve/cgsolve.h>

namespace {

struct failure : std::runtime_error {
    cg_status status;
    unsigned long long line, column;
    explicit failure(const cg_api_error &err)
        : std::runtime_error(err.message), status(err.status), line(err.line), column(err.column) {}
};

void check(cg_status st, const cg_api_error &err) {
    if (st != CG_OK) {
        throw failure(err);
    }
}

struct solved {
    cg_solve_result result{};
    ~solved() {
        cg_solve_result_free(&result);
    }
};

struct grundy {
    cg_grundy_result result{};
    ~grundy() {
        cg_grundy_result_free(&result);
    }
};

struct session_closer {
    void operator()(cg_session *s) const {
        cg_session_close(s);
    }
};
using session_ptr = std::unique_ptr<cg_session, session_closer>;

std::string take(cg_session *s) {
    cg_api_error err;
    cg_text events;
    check(cg_session_read(s, &events, &err), err);
    std::string text = events.data != nullptr ? std::string(events.data, events.len) : "";
    cg_text_free(&events);
    return text;
}

} // namespace

int main() {
    try {
        cg_api_error err;
        const std::string input = "3\n.......\nX.X\n....X....\n";
        solved s;
        check(cg_solve_text("treblecross", input.data(), input.size(), nullptr, &s.result, &err),
              err);
        std::cout << "cases: " << s.result.cases << "\n" << s.result.judge.data;

        grundy g;
        std::vector<cg_option_value> options = {{"method", "naive"}};
        cg_call call = {options.data(), options.size(), nullptr, false, nullptr, nullptr};
        check(cg_grundy_values("0.07", 20, &call, &g.result, &err), err);
        std::cout << "0.07:";
        for (std::size_t n = 0; n < g.result.count; ++n) {
            std::cout << ' ' << g.result.values[n];
        }
        std::cout << '\n';

        cg_session *raw = nullptr;
        check(cg_session_open(&raw, "treblecross", ".......", 7, nullptr, &err), err);
        session_ptr play(raw);
        take(play.get());
        check(cg_session_send(play.get(), "4", &err), err);
        std::string events = take(play.get());
        std::cout << "after 4: " << std::count(events.begin(), events.end(), '\n') << " events, "
                  << (events.find("\"by\":\"computer\"") != std::string::npos ? "computer moved"
                                                                              : "no answer")
                  << '\n';

        solved bad;
        const char *text = "1\n..Q\n";
        check(cg_solve_text("treblecross", text, std::strlen(text), nullptr, &bad.result, &err),
              err);
    } catch (const failure &f) {
        std::cout << "failure: " << cg_status_name(f.status) << " at " << f.line << ':' << f.column
                  << ": " << f.what() << '\n';
        return f.status == CG_ERR_INPUT ? 0 : 1;
    }
    return 1; // the bad input must have thrown
}
