#define _GNU_SOURCE
#include "kiosk_system.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
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
