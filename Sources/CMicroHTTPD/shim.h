// The one door to libmicrohttpd, the HTTP server library of `kiosk serve`.
//
// libmicrohttpd is loaded with dlopen when `kiosk serve` starts, not linked: it brings
// GnuTLS and its libraries, whose loading and relocation would add to the start-up of
// every other run of kiosk, which has a budget (docs/PERFORMANCE.md). Its functions are
// reached through a `kiosk_mhd_api` table that kiosk_mhd_load() fills in; Swift calls
// the inline wrappers below, never the table's function pointers itself. The table lives
// on the Swift side and is passed in: static storage in this header would be copied into
// every Swift file that includes it.
//
// libmicrohttpd's variadic functions (MHD_start_daemon, MHD_get_daemon_info,
// MHD_get_connection_info, MHD_set_connection_option) are called here, in C, with fixed
// arguments: Swift cannot call a C variadic function. The daemon's options go in one
// MHD_OPTION_ARRAY that the wrapper builds.
#ifndef KIOSK_CMICROHTTPD_SHIM_H
#define KIOSK_CMICROHTTPD_SHIM_H

#include <dlfcn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
// Declarations and types only: nothing here refers to a libmicrohttpd symbol directly.
#include <microhttpd.h>

/// libmicrohttpd's functions, as kiosk uses them.
struct kiosk_mhd_api {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *, MHD_AccessHandlerCallback,
                                       void *, ...);
    MHD_socket (*quiesce_daemon)(struct MHD_Daemon *);
    void (*stop_daemon)(struct MHD_Daemon *);
    const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);
    int (*get_connection_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    enum MHD_Result (*set_connection_option)(struct MHD_Connection *, enum MHD_CONNECTION_OPTION, ...);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    struct MHD_Response *(*create_response_from_callback)(uint64_t, size_t, MHD_ContentReaderCallback, void *,
                                                          MHD_ContentReaderFreeCallback);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*destroy_response)(struct MHD_Response *);
    void (*suspend_connection)(struct MHD_Connection *);
    void (*resume_connection)(struct MHD_Connection *);
    enum MHD_Result (*is_feature_supported)(enum MHD_FEATURE);
    const char *(*get_version)(void);
};

/// Loads libmicrohttpd and fills in `table`. Returns NULL when every function was found,
/// else why not. Not thread-safe: the caller runs it once.
static inline const char *kiosk_mhd_load(struct kiosk_mhd_api *table) {
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return dlerror();
    struct kiosk_mhd_api api;
#define KIOSK_MHD_FIND(field, symbol) \
    do { *(void **)&api.field = dlsym(library, symbol); if (api.field == NULL) return "missing " symbol; } while (0)
    KIOSK_MHD_FIND(start_daemon, "MHD_start_daemon");
    KIOSK_MHD_FIND(quiesce_daemon, "MHD_quiesce_daemon");
    KIOSK_MHD_FIND(stop_daemon, "MHD_stop_daemon");
    KIOSK_MHD_FIND(get_daemon_info, "MHD_get_daemon_info");
    KIOSK_MHD_FIND(get_connection_values, "MHD_get_connection_values");
    KIOSK_MHD_FIND(get_connection_info, "MHD_get_connection_info");
    KIOSK_MHD_FIND(set_connection_option, "MHD_set_connection_option");
    KIOSK_MHD_FIND(create_response_from_buffer, "MHD_create_response_from_buffer");
    KIOSK_MHD_FIND(create_response_from_callback, "MHD_create_response_from_callback");
    KIOSK_MHD_FIND(add_response_header, "MHD_add_response_header");
    KIOSK_MHD_FIND(queue_response, "MHD_queue_response");
    KIOSK_MHD_FIND(destroy_response, "MHD_destroy_response");
    KIOSK_MHD_FIND(suspend_connection, "MHD_suspend_connection");
    KIOSK_MHD_FIND(resume_connection, "MHD_resume_connection");
    KIOSK_MHD_FIND(is_feature_supported, "MHD_is_feature_supported");
    KIOSK_MHD_FIND(get_version, "MHD_get_version");
#undef KIOSK_MHD_FIND
    *table = api;
    return NULL;
}

typedef const struct kiosk_mhd_api *kiosk_mhd_table;

/// Where libmicrohttpd's own messages go: the last one is kept, so that a daemon that
/// would not start can say why. Written by libmicrohttpd's threads; read only after
/// `kiosk_mhd_start` failed, when no such thread runs.
struct kiosk_mhd_log {
    char last[256];
};

static inline void kiosk_mhd_log_message(void *cls, const char *format, va_list arguments) {
    struct kiosk_mhd_log *log = (struct kiosk_mhd_log *)cls;
    vsnprintf(log->last, sizeof log->last, format, arguments);
    size_t length = strlen(log->last);
    while (length > 0 && (log->last[length - 1] == '\n' || log->last[length - 1] == '\r')) log->last[--length] = '\0';
}

/// Leaves the request's path and query as the client sent them (percent-encoded): kiosk
/// decodes each path segment itself, so that an encoded `/` inside a name stays part of it.
static inline size_t kiosk_mhd_keep_escaped(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

/// How `kiosk serve` runs libmicrohttpd: each limit chosen, none left to its default.
struct kiosk_mhd_settings {
    /// A socket bound and listening already: binding is done by kiosk, so that a port in
    /// use is an errno it can explain.
    int listen_socket;
    bool ipv6;
    /// Connections open at once, in all and from one address.
    unsigned int connection_limit;
    unsigned int per_address_limit;
    /// Seconds a connection may stay idle (0 would be never).
    unsigned int connection_timeout;
    /// Bytes of each connection's memory pool: the request line and headers must fit in it.
    size_t connection_memory_limit;
    /// PEM, for HTTPS; both NULL for plain HTTP.
    const char *tls_key;
    const char *tls_certificate;
};

/// Starts a daemon on libmicrohttpd's epoll thread, with suspend and resume allowed.
/// NULL when it did not start; `log` then says why, when libmicrohttpd said.
static inline struct MHD_Daemon *kiosk_mhd_start(kiosk_mhd_table api, const struct kiosk_mhd_settings *settings,
                                                 MHD_AccessHandlerCallback handler, void *handler_cls,
                                                 MHD_RequestCompletedCallback completed, void *completed_cls,
                                                 struct kiosk_mhd_log *log) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    if (settings->ipv6) flags |= MHD_USE_IPv6;
    struct MHD_OptionItem options[12];
    size_t count = 0;
#define KIOSK_MHD_OPTION(name, number, pointer) \
    do { options[count].option = (name); options[count].value = (intptr_t)(number); options[count].ptr_value = (pointer); count++; } while (0)
    KIOSK_MHD_OPTION(MHD_OPTION_LISTEN_SOCKET, settings->listen_socket, NULL);
    KIOSK_MHD_OPTION(MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit, NULL);
    KIOSK_MHD_OPTION(MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_address_limit, NULL);
    KIOSK_MHD_OPTION(MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout, NULL);
    KIOSK_MHD_OPTION(MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory_limit, NULL);
    KIOSK_MHD_OPTION(MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls);
    KIOSK_MHD_OPTION(MHD_OPTION_UNESCAPE_CALLBACK, kiosk_mhd_keep_escaped, NULL);
    KIOSK_MHD_OPTION(MHD_OPTION_EXTERNAL_LOGGER, kiosk_mhd_log_message, log);
    // kiosk ignores SIGPIPE itself (a write to a closed socket fails with EPIPE).
    KIOSK_MHD_OPTION(MHD_OPTION_SIGPIPE_HANDLED_BY_APP, 1, NULL);
    if (settings->tls_key != NULL && settings->tls_certificate != NULL) {
        flags |= MHD_USE_TLS;
        KIOSK_MHD_OPTION(MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)settings->tls_key);
        KIOSK_MHD_OPTION(MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)settings->tls_certificate);
    }
    KIOSK_MHD_OPTION(MHD_OPTION_END, 0, NULL);
#undef KIOSK_MHD_OPTION
    // Port 0: the listening socket given decides.
    return api->start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

static inline void kiosk_mhd_stop(kiosk_mhd_table api, struct MHD_Daemon *daemon) { api->stop_daemon(daemon); }

/// Stops accepting connections; returns the listening socket, which is the caller's to close.
static inline int kiosk_mhd_quiesce(kiosk_mhd_table api, struct MHD_Daemon *daemon) { return api->quiesce_daemon(daemon); }

/// The number of connections the daemon has open, or -1 when it cannot say.
static inline int kiosk_mhd_connection_count(kiosk_mhd_table api, struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = api->get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? -1 : (int)info->num_connections;
}

/// Calls `iterator` with each header (or each query argument) of the request.
static inline int kiosk_mhd_values(kiosk_mhd_table api, struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                   MHD_KeyValueIterator iterator, void *cls) {
    return api->get_connection_values(connection, kind, iterator, cls);
}

/// The client's address, or NULL.
static inline const struct sockaddr *kiosk_mhd_client_address(kiosk_mhd_table api, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = api->get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// The bytes of the request line and headers as received, or 0 when it cannot say.
static inline size_t kiosk_mhd_header_size(kiosk_mhd_table api, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = api->get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/// The connection's socket, or -1.
static inline int kiosk_mhd_connection_socket(kiosk_mhd_table api, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = api->get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// Sets this connection's idle timeout, in seconds (0: none).
static inline bool kiosk_mhd_set_timeout(kiosk_mhd_table api, struct MHD_Connection *connection, unsigned int seconds) {
    return api->set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds) == MHD_YES;
}

/// A response holding a copy of `bytes`.
static inline struct MHD_Response *kiosk_mhd_response(kiosk_mhd_table api, const void *bytes, size_t count) {
    return api->create_response_from_buffer(count, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

/// A response of unknown length whose body `reader` writes as it comes (chunked).
static inline struct MHD_Response *kiosk_mhd_stream_response(kiosk_mhd_table api, size_t block, MHD_ContentReaderCallback reader,
                                                             void *cls, MHD_ContentReaderFreeCallback free_cls) {
    return api->create_response_from_callback(MHD_SIZE_UNKNOWN, block, reader, cls, free_cls);
}

static inline bool kiosk_mhd_add_header(kiosk_mhd_table api, struct MHD_Response *response, const char *name, const char *value) {
    return api->add_response_header(response, name, value) == MHD_YES;
}

static inline bool kiosk_mhd_queue(kiosk_mhd_table api, struct MHD_Connection *connection, unsigned int status,
                                   struct MHD_Response *response) {
    return api->queue_response(connection, status, response) == MHD_YES;
}

static inline void kiosk_mhd_destroy_response(kiosk_mhd_table api, struct MHD_Response *response) {
    api->destroy_response(response);
}

static inline void kiosk_mhd_suspend(kiosk_mhd_table api, struct MHD_Connection *connection) { api->suspend_connection(connection); }
static inline void kiosk_mhd_resume(kiosk_mhd_table api, struct MHD_Connection *connection) { api->resume_connection(connection); }

/// Whether this libmicrohttpd was built with HTTPS.
static inline bool kiosk_mhd_has_tls(kiosk_mhd_table api) { return api->is_feature_supported(MHD_FEATURE_TLS) == MHD_YES; }

static inline const char *kiosk_mhd_version(kiosk_mhd_table api) { return api->get_version(); }

#endif
