// A pointer for tests in a headless wlroots compositor (sway), whose seat has no devices: creates
// one virtual pointer and plays the commands it reads, one a line, on standard input:
//   move X Y      pointer to (X, Y) in the output layout's logical coordinates
//   down / up     left button pressed / released
//   sleep MS      wait MS milliseconds (events are flushed first, so they arrive apart)
//   sync          wait until the compositor has handled everything sent so far, then print "ok"
// The layout's size (for absolute motion) is given as arguments: virtual-pointer WIDTH HEIGHT.
// It is built at test time with wayland-scanner and cc (see Tests/swivelTests/Support/Sway.swift).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "virtual-pointer-client-protocol.h"

static struct zwlr_virtual_pointer_manager_v1 *manager;

static void global_added(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                         uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
}

static void global_removed(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { global_added, global_removed };

static uint32_t milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: virtual-pointer WIDTH HEIGHT < commands\n"); return 2; }
    uint32_t width = (uint32_t)atoi(argv[1]), height = (uint32_t)atoi(argv[2]);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "virtual-pointer: cannot connect to the compositor\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) { fprintf(stderr, "virtual-pointer: the compositor has no zwlr_virtual_pointer_manager_v1\n"); return 1; }
    struct zwlr_virtual_pointer_v1 *pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);

    const uint32_t left_button = 0x110;    // BTN_LEFT in linux/input-event-codes.h
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        unsigned x, y, ms;
        if (sscanf(line, "move %u %u", &x, &y) == 2) {
            zwlr_virtual_pointer_v1_motion_absolute(pointer, milliseconds(), x, y, width, height);
            zwlr_virtual_pointer_v1_frame(pointer);
        } else if (strncmp(line, "down", 4) == 0 || strncmp(line, "up", 2) == 0) {
            zwlr_virtual_pointer_v1_button(pointer, milliseconds(), left_button, line[0] == 'd');
            zwlr_virtual_pointer_v1_frame(pointer);
        } else if (sscanf(line, "sleep %u", &ms) == 1) {
            wl_display_flush(display);
            struct timespec pause = { ms / 1000, (long)(ms % 1000) * 1000000L };
            nanosleep(&pause, NULL);
        } else if (strncmp(line, "sync", 4) == 0) {
            wl_display_roundtrip(display);
            printf("ok\n");
            fflush(stdout);
        } else {
            fprintf(stderr, "virtual-pointer: unknown command: %s", line);
            return 2;
        }
        if (wl_display_flush(display) < 0) { fprintf(stderr, "virtual-pointer: connection lost\n"); return 1; }
    }
    zwlr_virtual_pointer_v1_destroy(pointer);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
