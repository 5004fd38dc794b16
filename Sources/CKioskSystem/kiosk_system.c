#define _GNU_SOURCE
#include "kiosk_system.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

// The Makefile compiles a one-line object defining this array with the commit and links it
// into every build it makes (-Xlinker): a strong definition, which wins over this weak,
// empty one. A plain `swift build` links only this one. Weak, so the compiler does not
// fold the empty string into the function below either.
__attribute__((weak)) const char kiosk_build_commit[] = "";

const char *kiosk_build_commit_text(void) {
    return kiosk_build_commit;
}

// SIGHUP and SIGUSR1, counted. Lock-free atomics: the handlers may touch nothing else.
static atomic_long kiosk_hangups;
static atomic_long kiosk_reopens;

static void kiosk_on_hangup(int number) {
    (void)number;
    atomic_fetch_add_explicit(&kiosk_hangups, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&kiosk_reopens, 1, memory_order_relaxed);
}

static void kiosk_on_reopen(int number) {
    (void)number;
    atomic_fetch_add_explicit(&kiosk_reopens, 1, memory_order_relaxed);
}

void kiosk_watch_hangups(void) {
    sigset_t both;
    sigemptyset(&both);
    sigaddset(&both, SIGHUP);
    sigaddset(&both, SIGUSR1);
    // Blocked while the handlers go in: one that comes meanwhile waits, and reaches its
    // handler when they are unblocked, rather than finding one installed and not the other.
    sigprocmask(SIG_BLOCK, &both, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = kiosk_on_hangup;
    sigaction(SIGHUP, &action, NULL);
    action.sa_handler = kiosk_on_reopen;
    sigaction(SIGUSR1, &action, NULL);
    // Unblocked even if the parent started us with them blocked: they would never arrive.
    sigprocmask(SIG_UNBLOCK, &both, NULL);
}

long kiosk_hangup_count(void) {
    return atomic_load_explicit(&kiosk_hangups, memory_order_relaxed);
}

long kiosk_reopen_count(void) {
    return atomic_load_explicit(&kiosk_reopens, memory_order_relaxed);
}

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

#if defined(__x86_64__)
int kiosk_crc32c_available(void) {
    unsigned int a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_2) != 0;
}

__attribute__((target("sse4.2")))
uint32_t kiosk_crc32c(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = bytes;
    uint64_t value = (uint32_t)~crc;
    for (; count >= 8; p += 8, count -= 8) {
        uint64_t word;
        memcpy(&word, p, sizeof word);
        value = __builtin_ia32_crc32di(value, word);
    }
    uint32_t tail = (uint32_t)value;
    if (count >= 4) {
        uint32_t word;
        memcpy(&word, p, sizeof word);
        tail = __builtin_ia32_crc32si(tail, word);
        p += 4;
        count -= 4;
    }
    if (count >= 2) {
        uint16_t half;
        memcpy(&half, p, sizeof half);
        tail = __builtin_ia32_crc32hi(tail, half);
        p += 2;
        count -= 2;
    }
    if (count > 0) tail = __builtin_ia32_crc32qi(tail, *p);
    return ~tail;
}
#else
int kiosk_crc32c_available(void) {
    return 0;
}

uint32_t kiosk_crc32c(uint32_t crc, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}
#endif
