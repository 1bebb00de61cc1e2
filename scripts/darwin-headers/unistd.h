/* File descriptors and processes, as Apple's Libc writes them: include/unistd.h (Apple's Libc;
 * the index stores no copy of apple-oss-distributions/Libc's include/, so these follow the
 * mirror Apple-FOSS-Mirror/Libc). pipe takes `int [2]`: Swift sees
 * `UnsafeMutablePointer<Int32>!`, as with Glibc. */
#ifndef CHECK_DARWIN_UNISTD_H
#define CHECK_DARWIN_UNISTD_H

#include "sys/_types.h"

int	 close(int);
int	 dup2(int, int);
int	 fsync(int);
pid_t	 getpid(void);
int	 pipe(int [2]);
ssize_t	 read(int, void *, size_t);
unsigned int	 sleep(unsigned int);
int	 unlink(const char *);
int	 usleep(useconds_t);
ssize_t	 write(int __fd, const void * __buf, size_t __nbyte);

#endif
