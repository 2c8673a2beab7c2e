/* Running the user's program for `cgsolve stress`: directly (no shell),
 * its standard input fed and its output captured through pipes without
 * deadlock, its output bounded, and killed at the time limit. */
#include "process.h"

#include "cgsolve/clock.h"
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUTPUT_LIMIT ((size_t)64 << 20)

static void set_nonblocking(int fd) {
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/* Feed input, collect output, until the program closes its output or the
 * time runs out; true when it ran out. */
static bool exchange(int to_child, int from_child, const char *input, size_t len, double limit,
                     cg_buf *output, bool *too_long) {
    double deadline = cg_seconds() + limit;
    size_t written = 0;
    char chunk[65536];
    for (;;) {
        struct pollfd fds[2] = {{from_child, POLLIN, 0}, {to_child, POLLOUT, 0}};
        nfds_t count = to_child >= 0 ? 2 : 1;
        double left = deadline - cg_seconds();
        if (left <= 0) {
            if (to_child >= 0) {
                close(to_child);
            }
            return true;
        }
        int ready = poll(fds, count, (int)(left * 1000) + 1);
        if (ready < 0 && errno != EINTR) {
            return false;
        }
        if (count == 2 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ssize_t n = write(to_child, input + written, len - written);
            written += n > 0 ? (size_t)n : 0;
            if (n < 0 || written == len) { /* done, or the program stopped reading */
                close(to_child);
                to_child = -1;
            }
        }
        if (fds[0].revents & (POLLIN | POLLERR | POLLHUP)) {
            ssize_t n = read(from_child, chunk, sizeof chunk);
            if (n <= 0) {
                if (to_child >= 0) {
                    close(to_child);
                }
                return false;
            }
            if (output->len + (size_t)n <= OUTPUT_LIMIT) {
                cg_buf_append(output, chunk, (size_t)n);
            } else {
                *too_long = true;
            }
        }
    }
}

cg_status cli_run_program(void *context, const char *input, size_t len, cg_buf *output,
                          cg_run_outcome *outcome, cg_buf *how, cg_error *err) {
    const program *p = context;
    int in_pipe[2], out_pipe[2];
    if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) {
        return cg_error_set(err, CG_ERR_IO, "cannot make a pipe: %s", strerror(errno));
    }
    pid_t child = fork();
    if (child < 0) {
        return cg_error_set(err, CG_ERR_IO, "cannot start '%s': %s", p->argv[0], strerror(errno));
    }
    if (child == 0) {
        dup2(in_pipe[0], STDIN_FILENO);
        dup2(out_pipe[1], STDOUT_FILENO);
        close(in_pipe[0]);
        close(in_pipe[1]);
        close(out_pipe[0]);
        close(out_pipe[1]);
        setpgid(0, 0); /* its own group, so a time-out kills its children too */
        execvp(p->argv[0], p->argv);
        fprintf(stderr, "cgsolve stress: cannot run '%s': %s\n", p->argv[0], strerror(errno));
        _exit(127);
    }
    close(in_pipe[0]);
    close(out_pipe[1]);
    set_nonblocking(in_pipe[1]);
    signal(SIGPIPE, SIG_IGN);
    bool too_long = false;
    bool timed_out =
        exchange(in_pipe[1], out_pipe[0], input, len, p->time_limit, output, &too_long);
    if (timed_out) {
        kill(-child, SIGKILL);
        kill(child, SIGKILL);
    }
    close(out_pipe[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    cg_buf_clear(how);
    if (timed_out) {
        *outcome = CG_RUN_TIMED_OUT;
        cg_buf_printf(how, "no answer within %g s", p->time_limit);
    } else if (WIFSIGNALED(status)) {
        *outcome = CG_RUN_CRASHED;
        cg_buf_printf(how, "killed by signal %d (%s)", WTERMSIG(status),
                      strsignal(WTERMSIG(status)));
    } else if (WEXITSTATUS(status) == 127) {
        *outcome = CG_RUN_CRASHED;
        cg_buf_printf(how, "exit status 127 (could '%s' be run?)", p->argv[0]);
    } else if (WEXITSTATUS(status) != 0) {
        *outcome = CG_RUN_CRASHED;
        cg_buf_printf(how, "exit status %d", WEXITSTATUS(status));
    } else if (too_long) {
        *outcome = CG_RUN_CRASHED;
        cg_buf_printf(how, "more than %zu bytes of output", OUTPUT_LIMIT);
    } else {
        *outcome = CG_RUN_FINISHED;
    }
    return cg_buf_failed(output) ? cg_error_nomem(err, "capturing the output") : CG_OK;
}
