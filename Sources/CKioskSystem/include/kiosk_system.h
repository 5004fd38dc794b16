// GNU extensions that Swift's Glibc module does not show, for KioskSystem alone.
#ifndef KIOSK_SYSTEM_H
#define KIOSK_SYSTEM_H

#include <spawn.h>
#include <stddef.h>
#include <stdint.h>

/// pipe2(fds, O_CLOEXEC): a pipe no other spawned program inherits.
int kiosk_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addchdir_np: the spawned program's working directory.
int kiosk_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *directory);

/// Names the calling thread (15 bytes show), for `top -H` and debuggers.
void kiosk_name_thread(const char *name);

/// Raises the calling thread's nice value to at least `niceness` (Linux schedules
/// threads, and programs a thread starts inherit its value). 0 on success, -1 with errno.
int kiosk_lower_thread_priority(int niceness);

/// 1 when the processor computes CRC-32C itself (x86-64 with SSE 4.2), else 0.
int kiosk_crc32c_available(void);

/// The CRC-32C (Castagnoli, reflected, inverted in and out) of `count` bytes, continuing
/// `crc` (0 to start), by the processor's instruction. Only where `kiosk_crc32c_available`.
uint32_t kiosk_crc32c(uint32_t crc, const void *bytes, size_t count);

/// Installs the SIGHUP and SIGUSR1 handlers, which only count (both blocked meanwhile), then
/// unblocks both. Called once, by the `kiosk` executable's first constructor
/// (Sources/CKioskStart): their default action kills the process, and logrotate's SIGHUP may
/// come at any moment of kiosk's start-up. Other programs never call it.
void kiosk_watch_hangups(void);

/// How many SIGHUPs arrived since the process started (0 where nothing watches them).
long kiosk_hangup_count(void);

/// How many SIGHUPs and SIGUSR1s arrived since the process started: each asks log files
/// to be reopened.
long kiosk_reopen_count(void);

/// The commit this program was built from, as the Makefile links it in (`kiosk --version`):
/// "4268a18c1f2e (2026-11-27)"; empty for a build the Makefile did not make.
const char *kiosk_build_commit_text(void);

#endif
