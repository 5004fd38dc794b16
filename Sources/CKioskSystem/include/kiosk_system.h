// GNU extensions that Swift's Glibc module does not show, for KioskSystem alone.
#ifndef KIOSK_SYSTEM_H
#define KIOSK_SYSTEM_H

#include <spawn.h>

/// pipe2(fds, O_CLOEXEC): a pipe no other spawned program inherits.
int kiosk_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addchdir_np: the spawned program's working directory.
int kiosk_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *directory);

/// Names the calling thread (15 bytes show), for `top -H` and debuggers.
void kiosk_name_thread(const char *name);

#endif
