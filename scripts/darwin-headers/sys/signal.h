/* Signals, as xnu writes them: bsd/sys/signal.h (apple-oss-distributions/xnu; signal() and
 * kill() are declared there for user space, under __BEGIN_DECLS).
 * What Swift sees: SIG_IGN and SIG_DFL are casts of integers to function pointers, which the
 * importer skips; the Darwin overlay (Darwin.swift here; Platform.swift in swiftlang/swift)
 * declares them as `sig_t` values. sig_t imports as `@convention(c) (Int32) -> Void` (Glibc's
 * is __sighandler_t, and Glibc has no sig_t). */
#ifndef CHECK_DARWIN_SYS_SIGNAL_H
#define CHECK_DARWIN_SYS_SIGNAL_H

#include "_types.h"

#define SIGHUP  1       /* hangup */
#define SIGINT  2       /* interrupt */
#define SIGQUIT 3       /* quit */
#define SIGABRT 6       /* abort() */
#define SIGKILL 9       /* kill (cannot be caught or ignored) */
#define SIGSEGV 11      /* segmentation violation */
#define SIGPIPE 13      /* write on a pipe with no one to read it */
#define SIGALRM 14      /* alarm clock */
#define SIGTERM 15      /* software termination signal from kill */
#define SIGCHLD 20      /* to parent on child stop or exit */

#define SIG_DFL         (void (*)(int))0
#define SIG_IGN         (void (*)(int))1

typedef void (*sig_t) (int);    /* type of signal function */

void    (*signal(int, void (*)(int)))(int);
int     kill(pid_t, int);

#endif
