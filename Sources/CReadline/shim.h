// The one door to GNU readline.
//
// readline is loaded with dlopen when the REPL starts on a terminal, not linked: loading
// it and libtinfo would add to every start, which scripts and pipes — that never
// prompt — should not pay. Its functions and globals are reached through
// `kiosk_rl`, filled in by kiosk_rl_load(); its globals are set here, in C, so Swift never
// touches shared mutable C state directly.
#ifndef KIOSK_CREADLINE_SHIM_H
#define KIOSK_CREADLINE_SHIM_H

#include <dlfcn.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// Declarations and types only: nothing here refers to a readline symbol directly.
#include <readline/readline.h>
#include <readline/history.h>

typedef char *(*kiosk_rl_generator)(const char *text, int state);

/// readline's functions and the addresses of its globals.
struct kiosk_rl_api {
    char *(*readline)(const char *);
    void (*replace_line)(const char *, int);
    int (*crlf)(void);
    int (*on_new_line)(void);
    void (*redisplay)(void);
    int (*variable_bind)(const char *, const char *);
    char **(*completion_matches)(const char *, rl_compentry_func_t *);
    void (*using_history)(void);
    void (*stifle_history)(int);
    HIST_ENTRY *(*history_get)(int);
    HIST_ENTRY *(*remove_history)(int);
    histdata_t (*free_history_entry)(HIST_ENTRY *);
    void (*add_history)(const char *);
    int (*read_history)(const char *);
    int (*write_history)(const char *);
    const char **readline_name;
    int *catch_signals;
    char **completer_word_break_characters;
    char **basic_word_break_characters;
    rl_completion_func_t **attempted_completion_function;
    rl_hook_func_t **signal_event_hook;
    rl_hook_func_t **event_hook;
    int *attempted_completion_over;
    char **line_buffer;
    int *point;
    int *history_length;
    int *history_base;
    int *done;
};

/// The table itself. Storage inside a function: Swift's Clang code generation emits the
/// static inline functions a header defines, but not a static aggregate at file scope.
static inline struct kiosk_rl_api *kiosk_rl_table(void) {
    static struct kiosk_rl_api table;
    return &table;
}
#define kiosk_rl (*kiosk_rl_table())

/// Set by the SIGINT handler, cleared by the hook that acts on it.
static volatile sig_atomic_t kiosk_rl_interrupted = 0;

/// Asks Swift whether the process was told to stop (SIGTERM): then readline returns.
typedef int (*kiosk_rl_stop_check)(void);
static kiosk_rl_stop_check kiosk_rl_should_stop = NULL;

/// Produces completion matches: Swift's generator, called as readline's entry function.
static kiosk_rl_generator kiosk_rl_swift_generator = NULL;

/// Loads readline. Returns 1 when every function and global was found, 0 otherwise.
static inline int kiosk_rl_load(void) {
    if (kiosk_rl.readline != NULL) return 1;
    void *library = dlopen("libreadline.so.8", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libreadline.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    struct kiosk_rl_api api;
#define KIOSK_RL_FIND(field, symbol) \
    do { *(void **)&api.field = dlsym(library, symbol); if (api.field == NULL) return 0; } while (0)
    KIOSK_RL_FIND(readline, "readline");
    KIOSK_RL_FIND(replace_line, "rl_replace_line");
    KIOSK_RL_FIND(crlf, "rl_crlf");
    KIOSK_RL_FIND(on_new_line, "rl_on_new_line");
    KIOSK_RL_FIND(redisplay, "rl_redisplay");
    KIOSK_RL_FIND(variable_bind, "rl_variable_bind");
    KIOSK_RL_FIND(completion_matches, "rl_completion_matches");
    KIOSK_RL_FIND(using_history, "using_history");
    KIOSK_RL_FIND(stifle_history, "stifle_history");
    KIOSK_RL_FIND(history_get, "history_get");
    KIOSK_RL_FIND(remove_history, "remove_history");
    KIOSK_RL_FIND(free_history_entry, "free_history_entry");
    KIOSK_RL_FIND(add_history, "add_history");
    KIOSK_RL_FIND(read_history, "read_history");
    KIOSK_RL_FIND(write_history, "write_history");
    KIOSK_RL_FIND(readline_name, "rl_readline_name");
    KIOSK_RL_FIND(catch_signals, "rl_catch_signals");
    KIOSK_RL_FIND(completer_word_break_characters, "rl_completer_word_break_characters");
    KIOSK_RL_FIND(basic_word_break_characters, "rl_basic_word_break_characters");
    KIOSK_RL_FIND(attempted_completion_function, "rl_attempted_completion_function");
    KIOSK_RL_FIND(signal_event_hook, "rl_signal_event_hook");
    KIOSK_RL_FIND(event_hook, "rl_event_hook");
    KIOSK_RL_FIND(attempted_completion_over, "rl_attempted_completion_over");
    KIOSK_RL_FIND(line_buffer, "rl_line_buffer");
    KIOSK_RL_FIND(point, "rl_point");
    KIOSK_RL_FIND(history_length, "history_length");
    KIOSK_RL_FIND(history_base, "history_base");
    KIOSK_RL_FIND(done, "rl_done");
#undef KIOSK_RL_FIND
    kiosk_rl = api;
    return 1;
}

/// The version of the readline kiosk loads ("8.2"), loading it if need be: for
/// `kiosk --version`, which says what it would run with. NULL when it cannot be loaded.
static inline const char *kiosk_rl_library_version(void) {
    void *library = dlopen("libreadline.so.8", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libreadline.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return NULL;
    const char **version = (const char **)dlsym(library, "rl_library_version");
    return version != NULL ? *version : NULL;
}

/// kiosk's work while readline waits for input (the order board's clock); returns 1 when
/// it wrote over the prompt, which is then drawn again with the line typed so far.
typedef int (*kiosk_rl_idle_work)(void);
static kiosk_rl_idle_work kiosk_rl_idle = NULL;

/// Sets the work done while readline waits; NULL for none.
static inline void kiosk_rl_set_idle(kiosk_rl_idle_work work) { kiosk_rl_idle = work; }

static void kiosk_rl_on_sigint(int signal_number) {
    (void)signal_number;
    kiosk_rl_interrupted = 1;
}

/// Called by readline when a read is interrupted by a signal, and every tenth of a second
/// while it waits for input (a signal that lands while readline is busy redrawing
/// interrupts no read): on Ctrl-C, drop the line and show a fresh prompt.
static int kiosk_rl_signal_hook(void) {
    if (kiosk_rl_should_stop != NULL && kiosk_rl_should_stop()) {
        // readline returns once its event hook has run with rl_done set.
        *kiosk_rl.done = 1;
        return 0;
    }
    if (kiosk_rl_interrupted) {
        kiosk_rl_interrupted = 0;
        kiosk_rl.replace_line("", 0);
        kiosk_rl.crlf();
        kiosk_rl.on_new_line();
        kiosk_rl.redisplay();
    }
    if (kiosk_rl_idle != NULL && kiosk_rl_idle()) {
        kiosk_rl.on_new_line();
        kiosk_rl.redisplay();
    }
    return 0;
}

static char **kiosk_rl_attempt_completion(const char *text, int start, int end) {
    (void)start;
    (void)end;
    *kiosk_rl.attempted_completion_over = 1; // never fall back to file names
    if (kiosk_rl_swift_generator == NULL) return NULL;
    return kiosk_rl.completion_matches(text, kiosk_rl_swift_generator);
}

/// Configures readline for kiosk: a UTF-8 character type, no bracketed paste or other
/// escape noise, completion by Swift's generator, Ctrl-C handled without killing the
/// process. Call after a successful kiosk_rl_load(), before the first readline().
static inline void kiosk_rl_setup(const char *name, kiosk_rl_generator generator, kiosk_rl_stop_check should_stop) {
    // readline reads multibyte characters only in a multibyte locale; without one it takes
    // each byte of a Korean syllable for a character (a backspace then leaves invalid
    // UTF-8). kiosk reads and writes UTF-8 whatever the environment says, so a locale that
    // is not UTF-8 (none set: "C") gives way to C.UTF-8, for the character type only.
    const char *locale = setlocale(LC_CTYPE, "");
    if (locale == NULL || strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
        if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "C.utf8");
    }
    kiosk_rl_should_stop = should_stop;
    *kiosk_rl.readline_name = name;
    *kiosk_rl.catch_signals = 0;
    kiosk_rl.variable_bind("enable-bracketed-paste", "off");
    kiosk_rl.variable_bind("enable-meta-key", "off");
    kiosk_rl.variable_bind("completion-ignore-case", "on");
    *kiosk_rl.completer_word_break_characters = (char *)" \t\n,";
    *kiosk_rl.basic_word_break_characters = (char *)" \t\n,";
    kiosk_rl_swift_generator = generator;
    *kiosk_rl.attempted_completion_function = kiosk_rl_attempt_completion;
    *kiosk_rl.signal_event_hook = kiosk_rl_signal_hook;
    *kiosk_rl.event_hook = kiosk_rl_signal_hook;

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = kiosk_rl_on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: the read must return EINTR for the hook to run
    sigaction(SIGINT, &action, NULL);

    // A parent may have started us with SIGINT blocked; Ctrl-C must reach the handler.
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    sigprocmask(SIG_UNBLOCK, &interrupt, NULL);
}

/// One line from the terminal, to be released with kiosk_rl_release(); NULL at end of
/// input.
static inline char *kiosk_rl_readline(const char *prompt) { return kiosk_rl.readline(prompt); }

/// Releases a line kiosk_rl_readline() returned.
static inline void kiosk_rl_release(char *line) { free(line); }

/// The length of a line in bytes, without its terminating NUL.
static inline size_t kiosk_rl_length(const char *line) { return strlen(line); }

/// A copy of a completion match that readline frees itself.
static inline char *kiosk_rl_match(const char *text) { return strdup(text); }

/// The whole line being edited, and where the cursor is, for completion by context.
static inline const char *kiosk_rl_line_buffer(void) { return *kiosk_rl.line_buffer; }
static inline int kiosk_rl_point(void) { return *kiosk_rl.point; }

/// Whether Ctrl-C was pressed since the last call (and clears it).
static inline int kiosk_rl_take_interrupt(void) {
    int was = kiosk_rl_interrupted;
    kiosk_rl_interrupted = 0;
    return was;
}

// History: a capped list without duplicates.

static inline void kiosk_rl_history_start(int cap) {
    kiosk_rl.using_history();
    kiosk_rl.stifle_history(cap);
}

/// Adds a line, first removing every earlier copy of it.
static inline void kiosk_rl_history_add_unique(const char *line) {
    for (int i = *kiosk_rl.history_length - 1; i >= 0; i--) {
        HIST_ENTRY *entry = kiosk_rl.history_get(*kiosk_rl.history_base + i);
        if (entry != NULL && entry->line != NULL && strcmp(entry->line, line) == 0) {
            HIST_ENTRY *removed = kiosk_rl.remove_history(i);
            if (removed != NULL) {
                histdata_t data = kiosk_rl.free_history_entry(removed);
                (void)data;
            }
        }
    }
    kiosk_rl.add_history(line);
}

static inline int kiosk_rl_history_read(const char *path) { return kiosk_rl.read_history(path); }
static inline int kiosk_rl_history_write(const char *path) { return kiosk_rl.write_history(path); }

#endif
