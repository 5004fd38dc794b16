// The one door to libmosquitto, the MQTT client library.
//
// libmosquitto is loaded with dlopen when the first MQTT sink is made, not linked: loading
// it and OpenSSL would add to the start-up of a run that has no MQTT sink, and kiosk's
// start-up has a budget (docs/PERFORMANCE.md). Its functions are reached through a
// `kiosk_mosq_api` table that kiosk_mosq_load() fills in; Swift calls the inline wrappers
// below, never the table's function pointers itself. The table lives on the Swift side
// and is passed in: static storage in this header would be copied into every Swift file
// that calls it.
#ifndef KIOSK_CMOSQUITTO_SHIM_H
#define KIOSK_CMOSQUITTO_SHIM_H

#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
// Declarations and types only: nothing here refers to a libmosquitto symbol directly.
#include <mosquitto.h>
#include <mqtt_protocol.h>

typedef void (*kiosk_mosq_connect_callback)(struct mosquitto *, void *, int, int, const mosquitto_property *);
typedef void (*kiosk_mosq_disconnect_callback)(struct mosquitto *, void *, int, const mosquitto_property *);
typedef void (*kiosk_mosq_publish_callback)(struct mosquitto *, void *, int, int, const mosquitto_property *);
typedef void (*kiosk_mosq_log_callback)(struct mosquitto *, void *, int, const char *);

/// libmosquitto's functions, as kiosk uses them.
struct kiosk_mosq_api {
    int (*lib_init)(void);
    struct mosquitto *(*new_client)(const char *, bool, void *);
    void (*destroy)(struct mosquitto *);
    int (*int_option)(struct mosquitto *, enum mosq_opt_t, int);
    int (*username_pw_set)(struct mosquitto *, const char *, const char *);
    int (*will_set_v5)(struct mosquitto *, const char *, int, const void *, int, bool, mosquitto_property *);
    int (*tls_set)(struct mosquitto *, const char *, const char *, const char *, const char *,
                   int (*)(char *, int, int, void *));
    int (*reconnect_delay_set)(struct mosquitto *, unsigned int, unsigned int, bool);
    int (*connect_bind_v5)(struct mosquitto *, const char *, int, int, const char *, const mosquitto_property *);
    int (*disconnect_v5)(struct mosquitto *, int, const mosquitto_property *);
    int (*loop_start)(struct mosquitto *);
    int (*loop_stop)(struct mosquitto *, bool);
    int (*publish_v5)(struct mosquitto *, int *, const char *, int, const void *, int, bool, const mosquitto_property *);
    int (*property_add_byte)(mosquitto_property **, int, uint8_t);
    int (*property_add_int32)(mosquitto_property **, int, uint32_t);
    int (*property_add_string)(mosquitto_property **, int, const char *);
    int (*property_add_string_pair)(mosquitto_property **, int, const char *, const char *);
    void (*property_free_all)(mosquitto_property **);
    void (*connect_v5_callback_set)(struct mosquitto *, kiosk_mosq_connect_callback);
    void (*disconnect_v5_callback_set)(struct mosquitto *, kiosk_mosq_disconnect_callback);
    void (*publish_v5_callback_set)(struct mosquitto *, kiosk_mosq_publish_callback);
    void (*log_callback_set)(struct mosquitto *, kiosk_mosq_log_callback);
    const char *(*strerror)(int);
    const char *(*reason_string)(int);
    const char *(*connack_string)(int);
};

/// Loads libmosquitto, fills in `table` and initialises the library. Returns NULL when
/// every function was found, else why not. Not thread-safe: the caller runs it once.
static inline const char *kiosk_mosq_load(struct kiosk_mosq_api *table) {
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libmosquitto.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return dlerror();
    struct kiosk_mosq_api api;
#define KIOSK_MOSQ_FIND(field, symbol) \
    do { *(void **)&api.field = dlsym(library, symbol); if (api.field == NULL) return "missing " symbol; } while (0)
    KIOSK_MOSQ_FIND(lib_init, "mosquitto_lib_init");
    KIOSK_MOSQ_FIND(new_client, "mosquitto_new");
    KIOSK_MOSQ_FIND(destroy, "mosquitto_destroy");
    KIOSK_MOSQ_FIND(int_option, "mosquitto_int_option");
    KIOSK_MOSQ_FIND(username_pw_set, "mosquitto_username_pw_set");
    KIOSK_MOSQ_FIND(will_set_v5, "mosquitto_will_set_v5");
    KIOSK_MOSQ_FIND(tls_set, "mosquitto_tls_set");
    KIOSK_MOSQ_FIND(reconnect_delay_set, "mosquitto_reconnect_delay_set");
    KIOSK_MOSQ_FIND(connect_bind_v5, "mosquitto_connect_bind_v5");
    KIOSK_MOSQ_FIND(disconnect_v5, "mosquitto_disconnect_v5");
    KIOSK_MOSQ_FIND(loop_start, "mosquitto_loop_start");
    KIOSK_MOSQ_FIND(loop_stop, "mosquitto_loop_stop");
    KIOSK_MOSQ_FIND(publish_v5, "mosquitto_publish_v5");
    KIOSK_MOSQ_FIND(property_add_byte, "mosquitto_property_add_byte");
    KIOSK_MOSQ_FIND(property_add_int32, "mosquitto_property_add_int32");
    KIOSK_MOSQ_FIND(property_add_string, "mosquitto_property_add_string");
    KIOSK_MOSQ_FIND(property_add_string_pair, "mosquitto_property_add_string_pair");
    KIOSK_MOSQ_FIND(property_free_all, "mosquitto_property_free_all");
    KIOSK_MOSQ_FIND(connect_v5_callback_set, "mosquitto_connect_v5_callback_set");
    KIOSK_MOSQ_FIND(disconnect_v5_callback_set, "mosquitto_disconnect_v5_callback_set");
    KIOSK_MOSQ_FIND(publish_v5_callback_set, "mosquitto_publish_v5_callback_set");
    KIOSK_MOSQ_FIND(log_callback_set, "mosquitto_log_callback_set");
    KIOSK_MOSQ_FIND(strerror, "mosquitto_strerror");
    KIOSK_MOSQ_FIND(reason_string, "mosquitto_reason_string");
    KIOSK_MOSQ_FIND(connack_string, "mosquitto_connack_string");
#undef KIOSK_MOSQ_FIND
    if (api.lib_init() != MOSQ_ERR_SUCCESS) return "mosquitto_lib_init failed";
    *table = api;
    return NULL;
}

/// The version of the libmosquitto kiosk loads, loading it if need be: for `kiosk --version`,
/// which says what it would run with. 1 with the three numbers set, 0 when it cannot be
/// loaded. Nothing else of the library is touched (no mosquitto_lib_init).
static inline int kiosk_mosq_library_version(int *major, int *minor, int *revision) {
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libmosquitto.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    int (*version)(int *, int *, int *);
    *(void **)&version = dlsym(library, "mosquitto_lib_version");
    if (version == NULL) return 0;
    version(major, minor, revision);
    return 1;
}

// Thin wrappers, so Swift calls plain functions rather than optional function pointers.
// `api` is the table kiosk_mosq_load() filled in; `m` a handle from kiosk_mosq_new().
typedef const struct kiosk_mosq_api *kiosk_mosq_table;

static inline struct mosquitto *kiosk_mosq_new(kiosk_mosq_table api, const char *id, bool clean_session) {
    return api->new_client(id, clean_session, NULL);
}
static inline void kiosk_mosq_destroy(kiosk_mosq_table api, struct mosquitto *m) { api->destroy(m); }
static inline int kiosk_mosq_int_option(kiosk_mosq_table api, struct mosquitto *m, enum mosq_opt_t option, int value) {
    return api->int_option(m, option, value);
}
static inline int kiosk_mosq_username_pw_set(kiosk_mosq_table api, struct mosquitto *m, const char *username,
                                             const char *password) {
    return api->username_pw_set(m, username, password);
}
static inline int kiosk_mosq_will_set(kiosk_mosq_table api, struct mosquitto *m, const char *topic, int length,
                                      const void *payload, int qos, bool retain) {
    return api->will_set_v5(m, topic, length, payload, qos, retain, NULL);
}
static inline int kiosk_mosq_tls_set(kiosk_mosq_table api, struct mosquitto *m, const char *cafile, const char *capath,
                                     const char *certfile, const char *keyfile) {
    return api->tls_set(m, cafile, capath, certfile, keyfile, NULL);
}
static inline int kiosk_mosq_reconnect_delay_set(kiosk_mosq_table api, struct mosquitto *m, unsigned int delay) {
    return api->reconnect_delay_set(m, delay, delay, false);
}
static inline int kiosk_mosq_connect(kiosk_mosq_table api, struct mosquitto *m, const char *host, int port, int keepalive,
                                     const mosquitto_property *properties) {
    return api->connect_bind_v5(m, host, port, keepalive, NULL, properties);
}
static inline int kiosk_mosq_disconnect(kiosk_mosq_table api, struct mosquitto *m) { return api->disconnect_v5(m, 0, NULL); }
static inline int kiosk_mosq_loop_start(kiosk_mosq_table api, struct mosquitto *m) { return api->loop_start(m); }
static inline int kiosk_mosq_loop_stop(kiosk_mosq_table api, struct mosquitto *m) { return api->loop_stop(m, false); }
static inline int kiosk_mosq_publish(kiosk_mosq_table api, struct mosquitto *m, int *mid, const char *topic, int length,
                                     const void *payload, int qos, bool retain, const mosquitto_property *properties) {
    return api->publish_v5(m, mid, topic, length, payload, qos, retain, properties);
}
static inline int kiosk_mosq_property_add_byte(kiosk_mosq_table api, mosquitto_property **list, int identifier,
                                               uint8_t value) {
    return api->property_add_byte(list, identifier, value);
}
static inline int kiosk_mosq_property_add_int32(kiosk_mosq_table api, mosquitto_property **list, int identifier,
                                                uint32_t value) {
    return api->property_add_int32(list, identifier, value);
}
static inline int kiosk_mosq_property_add_string(kiosk_mosq_table api, mosquitto_property **list, int identifier,
                                                 const char *value) {
    return api->property_add_string(list, identifier, value);
}
static inline int kiosk_mosq_property_add_string_pair(kiosk_mosq_table api, mosquitto_property **list, int identifier,
                                                      const char *name, const char *value) {
    return api->property_add_string_pair(list, identifier, name, value);
}
static inline void kiosk_mosq_property_free_all(kiosk_mosq_table api, mosquitto_property **list) {
    api->property_free_all(list);
}

/// Sets the callbacks. They run on the network thread, with no context of their own: the
/// Swift side finds its client by the handle.
static inline void kiosk_mosq_callbacks_set(kiosk_mosq_table api, struct mosquitto *m,
                                            kiosk_mosq_connect_callback on_connect,
                                            kiosk_mosq_disconnect_callback on_disconnect,
                                            kiosk_mosq_publish_callback on_publish, kiosk_mosq_log_callback on_log) {
    api->connect_v5_callback_set(m, on_connect);
    api->disconnect_v5_callback_set(m, on_disconnect);
    api->publish_v5_callback_set(m, on_publish);
    api->log_callback_set(m, on_log);
}

/// Sets or (with NULL) clears the log callback alone. libmosquitto formats a debug line for
/// every packet while one is set, so kiosk sets it only while connecting.
static inline void kiosk_mosq_log_callback_set(kiosk_mosq_table api, struct mosquitto *m, kiosk_mosq_log_callback on_log) {
    api->log_callback_set(m, on_log);
}

static inline const char *kiosk_mosq_strerror(kiosk_mosq_table api, int code) { return api->strerror(code); }
static inline const char *kiosk_mosq_reason_string(kiosk_mosq_table api, int code) { return api->reason_string(code); }
static inline const char *kiosk_mosq_connack_string(kiosk_mosq_table api, int code) { return api->connack_string(code); }

#endif
