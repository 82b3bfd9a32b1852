// How long a worker process takes to be gone after SIGKILL, threads spinning and memory held: what
// cancelling a decode by killing its worker costs (docs/design.md, "Decoders in a box").
//   cc -O1 -o /tmp/kill-latency-probe scripts/kill-latency-probe.c -lpthread
//   /tmp/kill-latency-probe MIB    (5 rounds: "MIB MiB, 3 threads: SIGKILL to reaped MS ms")
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static void *spin(void *p) { volatile unsigned long x = 0; for (;;) x++; }
int main(int argc, char **argv) {
    size_t mib = atoi(argv[1]);
    for (int round = 0; round < 5; round++) {
        int ready[2]; pipe(ready);
        pid_t pid = fork();
        if (pid == 0) {
            char *big = malloc(mib << 20); memset(big, 1, mib << 20);
            pthread_t t; pthread_create(&t, 0, spin, 0); pthread_create(&t, 0, spin, 0);
            write(ready[1], "x", 1); spin(0);
        }
        char c; read(ready[0], &c, 1); usleep(100000);
        double t0 = now(); kill(pid, SIGKILL); waitpid(pid, 0, 0); double t1 = now();
        printf("%zu MiB, 3 threads: SIGKILL to reaped %.2f ms\n", mib, (t1 - t0) * 1e3);
        close(ready[0]); close(ready[1]);
    }
}
