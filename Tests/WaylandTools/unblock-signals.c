// Runs a program with no signals blocked: `unblock-signals PROGRAM ARG...`. A process started
// from a test's worker thread inherits that thread's signal mask, in which SIGTERM is blocked,
// so a test of how the app answers SIGTERM starts it through this.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: unblock-signals PROGRAM [ARG...]\n"); return 2; }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execv(argv[1], argv + 1);
    perror("unblock-signals: execv");
    return 127;
}
