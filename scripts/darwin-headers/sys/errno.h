/* errno and its values, as xnu writes them: bsd/sys/errno.h (apple-oss-distributions/xnu).
 * What Swift sees: `errno` is a macro over a call, which the importer skips; the Darwin overlay
 * (Darwin.swift here, swiftlang/swift stdlib/public/Platform/Platform.swift on a Mac) declares
 * `public var errno: Int32` over __error(). EWOULDBLOCK is EAGAIN's name again: the importer
 * imports a macro that names another as that one's value (Int32). */
#ifndef CHECK_DARWIN_SYS_ERRNO_H
#define CHECK_DARWIN_SYS_ERRNO_H

extern int * __error(void);
#define errno (*__error())

#define EPERM           1               /* Operation not permitted */
#define ENOENT          2               /* No such file or directory */
#define ESRCH           3               /* No such process */
#define EINTR           4               /* Interrupted system call */
#define EIO             5               /* Input/output error */
#define EBADF           9               /* Bad file descriptor */
#define ECHILD          10              /* No child processes */
#define ENOMEM          12              /* Cannot allocate memory */
#define EACCES          13              /* Permission denied */
#define EINVAL          22              /* Invalid argument */
#define EPIPE           32              /* Broken pipe */
#define EAGAIN          35              /* Resource temporarily unavailable */
#define EWOULDBLOCK     EAGAIN          /* Operation would block */
#define EINPROGRESS     36              /* Operation now in progress */
#define EALREADY        37              /* Operation already in progress */
#define EADDRINUSE      48              /* Address already in use */
#define EADDRNOTAVAIL   49              /* Can't assign requested address */
#define ECONNABORTED    53              /* Software caused connection abort */
#define ECONNRESET      54              /* Connection reset by peer */
#define ENOTCONN        57              /* Socket is not connected */
#define ETIMEDOUT       60              /* Operation timed out */
#define ECONNREFUSED    61              /* Connection refused */

#endif
