/* open() and fcntl() with their flags, as xnu writes them: bsd/sys/fcntl.h
 * (apple-oss-distributions/xnu).
 * What Swift sees: both are variadic (`int open(const char *, int, ...)`), which the importer
 * does not import; the Darwin overlay declares their fixed forms (Darwin.swift here;
 * Platform.swift's open(_:_:), open(_:_:_:), fcntl(_:_:), fcntl(_:_:_:) on a Mac). O_NONBLOCK is
 * 0x4 here and 0x800 in Glibc: only the names carry over. */
#ifndef CHECK_DARWIN_SYS_FCNTL_H
#define CHECK_DARWIN_SYS_FCNTL_H

#include "_types.h"

#define O_RDONLY        0x0000          /* open for reading only */
#define O_WRONLY        0x0001          /* open for writing only */
#define O_RDWR          0x0002          /* open for reading and writing */
#define O_NONBLOCK      0x00000004      /* no delay */
#define O_APPEND        0x00000008      /* set append mode */
#define O_CREAT         0x00000200      /* create if nonexistant */
#define O_TRUNC         0x00000400      /* truncate to zero length */
#define O_EXCL          0x00000800      /* error if already exists */
#define O_CLOEXEC       0x01000000      /* implicitly set FD_CLOEXEC */

#define F_DUPFD         0               /* duplicate file descriptor */
#define F_GETFD         1               /* get file descriptor flags */
#define F_SETFD         2               /* set file descriptor flags */
#define F_GETFL         3               /* get file status flags */
#define F_SETFL         4               /* set file status flags */

#define FD_CLOEXEC      1               /* close-on-exec flag */

int     open(const char *, int, ...);
int     fcntl(int, int, ...);

#endif
