/* waitpid, as xnu writes it: bsd/sys/wait.h (apple-oss-distributions/xnu). WIFEXITED and its
 * kin are function-like macros there as in Glibc: Swift imports neither. */
#ifndef CHECK_DARWIN_SYS_WAIT_H
#define CHECK_DARWIN_SYS_WAIT_H

#include "_types.h"

#define WNOHANG         0x00000001  /* [XSI] no hang in wait/no child to reap */

pid_t   waitpid(pid_t, int *, int);

#endif
