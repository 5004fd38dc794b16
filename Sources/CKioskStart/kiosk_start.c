#include "kiosk_start.h"

#include "kiosk_system.h"

// Linked into the `kiosk` executable only. A SIGHUP or SIGUSR1 kills a process that does not
// catch it, and logrotate's postrotate may send one at any moment, kiosk's start-up included:
// the Swift runtime's initialisers and `main` run for a while before any Swift code could
// install a handler. A constructor of priority 101 runs before every other initialiser of
// the executable (101 is the first priority programs may use), right after the dynamic
// loader's work is done.
__attribute__((constructor(101))) static void kiosk_start(void) {
    kiosk_watch_hangups();
}
