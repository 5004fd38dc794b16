// A fix, from outside, for URLSession's busy wait on Linux.
//
// swift-corelibs-foundation drives libcurl's multi interface with dispatch sources. When
// libcurl's socket callback changes what it waits for on a socket (CURLMOPT_SOCKETFUNCTION:
// CURL_POLL_OUT while connecting and sending, then CURL_POLL_IN for the answer), URLSession
// only ever adds the source the new interest needs and tears sources down only on
// CURL_POLL_REMOVE (MultiHandle.swift, `register(socket:…)` and `createSources`). So the
// write source of a fresh connection stays armed until the transfer ends, and a writable
// socket fires it without pause: while a first answer is awaited, the process wakes
// again and again and spends CPU the kiosk beside it needs.
//
// kiosk-http defines curl_multi_setopt itself (exported, so it comes before libcurl's for
// FoundationNetworking's calls) and passes everything through to libcurl's, except that it
// stands between libcurl and URLSession's socket callback: when the interest in a socket
// URLSession already watches changes, URLSession first hears CURL_POLL_REMOVE, so it drops
// both sources, and then the new interest, as for a socket it has never seen — and builds
// only the source that interest needs. libcurl itself is told nothing different.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

// libcurl's ABI (curl/multi.h): stable values, spelled here so the build needs no curl headers.
typedef void CURLM;
typedef void CURL;
typedef int curl_socket_t;
typedef int (*socket_callback)(CURL *easy, curl_socket_t socket, int what, void *userp, void *socketp);
enum { CURL_POLL_REMOVE = 4 };
enum { CURLMOPT_SOCKETFUNCTION = 20000 + 1, CURLMOPT_SOCKETDATA = 10000 + 2 };

typedef int (*multi_setopt_function)(CURLM *multi, int option, ...);
typedef int (*multi_assign_function)(CURLM *multi, curl_socket_t socket, void *socketp);

/// One multi handle's socket callback and the user pointer libcurl passes it. URLSession
/// makes one multi handle per session; kiosk-http has one session.
struct multi_entry {
    CURLM *multi;
    socket_callback callback;
    void *userp;
};

enum { MAXIMUM_MULTIS = 64 };
static struct multi_entry multis[MAXIMUM_MULTIS];
static pthread_mutex_t multis_lock = PTHREAD_MUTEX_INITIALIZER;

static multi_setopt_function libcurl_setopt(void) {
    static multi_setopt_function function;
    if (!function) function = (multi_setopt_function)dlsym(RTLD_NEXT, "curl_multi_setopt");
    return function;
}

static multi_assign_function libcurl_assign(void) {
    static multi_assign_function function;
    if (!function) function = (multi_assign_function)dlsym(RTLD_NEXT, "curl_multi_assign");
    return function;
}

/// The entry of `multi`, made if there is none; NULL when the table is full.
static struct multi_entry *entry_for(CURLM *multi) {
    struct multi_entry *free_entry = NULL;
    for (int index = 0; index < MAXIMUM_MULTIS; index++) {
        if (multis[index].multi == multi) return &multis[index];
        if (!multis[index].multi && !free_entry) free_entry = &multis[index];
    }
    if (free_entry) free_entry->multi = multi;
    return free_entry;
}

static int watch_socket(CURL *easy, curl_socket_t socket, int what, void *userp, void *socketp) {
    struct multi_entry entry = {0};
    pthread_mutex_lock(&multis_lock);
    for (int index = 0; index < MAXIMUM_MULTIS; index++) {
        if (multis[index].multi && multis[index].userp == userp && multis[index].callback) {
            entry = multis[index];
            break;
        }
    }
    pthread_mutex_unlock(&multis_lock);
    if (!entry.callback) return -1;
    multi_assign_function assign = libcurl_assign();
    // socketp is what URLSession stored for a socket it watches: a change of interest.
    if (what != CURL_POLL_REMOVE && socketp && assign) {
        int result = entry.callback(easy, socket, CURL_POLL_REMOVE, userp, socketp);
        if (result != 0) return result;
        // URLSession released what it stored; forget it, as libcurl would after a removal.
        assign(entry.multi, socket, NULL);
        return entry.callback(easy, socket, what, userp, NULL);
    }
    return entry.callback(easy, socket, what, userp, socketp);
}

__attribute__((visibility("default"))) int curl_multi_setopt(CURLM *multi, int option, ...) {
    va_list arguments;
    va_start(arguments, option);
    // Every multi option's value is one long, pointer, function pointer or curl_off_t: one
    // 64-bit word, passed on the same way whatever it is.
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    multi_setopt_function setopt = libcurl_setopt();
    if (!setopt) return 1; // CURLM_BAD_HANDLE: there is no libcurl to pass it to
    if (option == CURLMOPT_SOCKETFUNCTION || option == CURLMOPT_SOCKETDATA) {
        pthread_mutex_lock(&multis_lock);
        struct multi_entry *entry = entry_for(multi);
        if (entry && option == CURLMOPT_SOCKETFUNCTION) entry->callback = (socket_callback)value;
        if (entry && option == CURLMOPT_SOCKETDATA) {
            // A handle cleaned up leaves its entry behind: no other entry may answer to this pointer.
            for (int index = 0; index < MAXIMUM_MULTIS; index++) {
                if (&multis[index] != entry && multis[index].userp == value) multis[index] = (struct multi_entry){0};
            }
            entry->userp = value;
        }
        pthread_mutex_unlock(&multis_lock);
        if (entry && option == CURLMOPT_SOCKETFUNCTION && value) return setopt(multi, option, (void *)watch_socket);
    }
    return setopt(multi, option, value);
}
