// Test support: start a program on a new pseudo-terminal, as a person's terminal would.
#ifndef KIOSK_PSEUDO_TERMINAL_H
#define KIOSK_PSEUDO_TERMINAL_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` as the session leader of a new pseudo-terminal
/// of `columns` × `rows`, with the terminal as its controlling terminal (so Ctrl-C sends
/// SIGINT). Returns the child's pid and puts the terminal's master side in `*master`, or
/// returns -1 with errno set. Only `execve` and `_exit` run in the child after the fork.
pid_t kiosk_spawn_in_pty(const char *path, char *const argv[], char *const envp[],
                         unsigned short columns, unsigned short rows, int *master);

#endif
