// The one door to GNU readline. readline's globals are set here, in C, so Swift never
// touches shared mutable C state directly; Swift calls these small functions instead.
#ifndef KIOSK_CREADLINE_SHIM_H
#define KIOSK_CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <readline/readline.h>
#include <readline/history.h>

/// Set by the SIGINT handler, cleared by the signal hook that acts on it.
static volatile sig_atomic_t kiosk_rl_interrupted = 0;

/// Produces completion matches: Swift's generator, called as readline's entry function.
typedef char *(*kiosk_rl_generator)(const char *text, int state);
static kiosk_rl_generator kiosk_rl_swift_generator = NULL;

static void kiosk_rl_on_sigint(int signal_number) {
    (void)signal_number;
    kiosk_rl_interrupted = 1;
}

/// Called by readline when a read is interrupted by a signal, and every tenth of a second
/// while it waits for input (a signal that lands while readline is busy redrawing
/// interrupts no read): on Ctrl-C, drop the line and show a fresh prompt.
static int kiosk_rl_signal_hook(void) {
    if (kiosk_rl_interrupted) {
        kiosk_rl_interrupted = 0;
        rl_replace_line("", 0);
        rl_crlf();
        rl_on_new_line();
        rl_redisplay();
    }
    return 0;
}

static char **kiosk_rl_attempt_completion(const char *text, int start, int end) {
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1; // never fall back to file names
    if (kiosk_rl_swift_generator == NULL) return NULL;
    return rl_completion_matches(text, kiosk_rl_swift_generator);
}

/// Configures readline for kiosk: no bracketed paste or other escape noise, completion
/// by Swift's generator, Ctrl-C handled without killing the process.
static inline void kiosk_rl_setup(const char *name, kiosk_rl_generator generator) {
    rl_readline_name = name;
    rl_catch_signals = 0;
    rl_variable_bind("enable-bracketed-paste", "off");
    rl_variable_bind("enable-meta-key", "off");
    rl_variable_bind("completion-ignore-case", "on");
    rl_completer_word_break_characters = (char *)" \t\n,";
    rl_basic_word_break_characters = (char *)" \t\n,";
    kiosk_rl_swift_generator = generator;
    rl_attempted_completion_function = kiosk_rl_attempt_completion;
    rl_signal_event_hook = kiosk_rl_signal_hook;
    rl_event_hook = kiosk_rl_signal_hook;

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

/// The whole line being edited, and where the cursor is, for completion by context.
static inline const char *kiosk_rl_line_buffer(void) { return rl_line_buffer; }
static inline int kiosk_rl_point(void) { return rl_point; }

/// Whether the last prompt was interrupted by Ctrl-C (and clears it).
static inline int kiosk_rl_take_interrupt(void) {
    int was = kiosk_rl_interrupted;
    kiosk_rl_interrupted = 0;
    return was;
}

// History: a capped list without duplicates.

static inline void kiosk_rl_history_start(int cap) {
    using_history();
    stifle_history(cap);
}

/// Adds a line, first removing every earlier copy of it.
static inline void kiosk_rl_history_add_unique(const char *line) {
    for (int i = history_length - 1; i >= 0; i--) {
        HIST_ENTRY *entry = history_get(history_base + i);
        if (entry != NULL && entry->line != NULL && strcmp(entry->line, line) == 0) {
            HIST_ENTRY *removed = remove_history(i);
            if (removed != NULL) {
                histdata_t data = free_history_entry(removed);
                (void)data;
            }
        }
    }
    add_history(line);
}

static inline int kiosk_rl_history_read(const char *path) { return read_history(path); }
static inline int kiosk_rl_history_write(const char *path) { return write_history(path); }

#endif
