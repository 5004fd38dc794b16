#include "pseudo_terminal.h"

#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

pid_t kiosk_spawn_in_pty(const char *path, char *const argv[], char *const envp[],
                         unsigned short columns, unsigned short rows, int *master) {
    struct winsize size = {0};
    size.ws_col = columns;
    size.ws_row = rows;
    int fd = -1;
    pid_t pid = forkpty(&fd, NULL, NULL, &size);
    if (pid == 0) {
        // A fresh signal state: the test runner's threads block and ignore signals, and a
        // blocked mask would survive execve.
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGINT, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        execve(path, argv, envp);
        _exit(127);
    }
    if (pid > 0) *master = fd;
    return pid;
}
