/* poll(), as xnu writes it: bsd/sys/poll.h (apple/darwin-xnu, the copy the index stores; the
 * same declarations in apple-oss-distributions/xnu). nfds_t is an unsigned int on Darwin (UInt32
 * in Swift) where Glibc's is an unsigned long (UInt): `nfds_t(count)` carries over, `UInt(count)`
 * does not. */
#ifndef CHECK_DARWIN_SYS_POLL_H
#define CHECK_DARWIN_SYS_POLL_H

#define POLLIN          0x0001          /* any readable data available */
#define POLLPRI         0x0002          /* OOB/Urgent readable data */
#define POLLOUT         0x0004          /* file descriptor is writeable */
#define POLLERR         0x0008          /* some poll error occurred */
#define POLLHUP         0x0010          /* file descriptor was "hung up" */
#define POLLNVAL        0x0020          /* requested events "invalid" */

struct pollfd
{
	int     fd;
	short   events;
	short   revents;
};

typedef unsigned int nfds_t;

extern int poll (struct pollfd *, nfds_t, int);

#endif
