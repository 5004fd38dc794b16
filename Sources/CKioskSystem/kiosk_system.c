#define _GNU_SOURCE
#include "kiosk_system.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

int kiosk_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int kiosk_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *directory) {
    return posix_spawn_file_actions_addchdir_np(actions, directory);
}

void kiosk_name_thread(const char *name) {
    char truncated[16];
    strncpy(truncated, name, sizeof truncated - 1);
    truncated[sizeof truncated - 1] = '\0';
    pthread_setname_np(pthread_self(), truncated);
}

int kiosk_lower_thread_priority(int niceness) {
    id_t thread = (id_t)gettid();
    errno = 0;
    int current = getpriority(PRIO_PROCESS, thread);
    if (current == -1 && errno != 0) return -1;
    return current >= niceness ? 0 : setpriority(PRIO_PROCESS, thread, niceness);
}
