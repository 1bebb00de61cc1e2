/* Sockets, as xnu writes them: bsd/sys/socket.h at apple-oss-distributions/xnu commit 1031c584
 * (the constants, struct sockaddr and sockaddr_storage, the user-space prototypes at its end).
 * What Swift sees: SOCK_STREAM and the other constants are plain integer macros, imported as
 * Int32; Glibc's SOCK_STREAM is a member of the enum __socket_type, imported as a struct
 * (`Int32(SOCK_STREAM.rawValue)`), so the two shapes differ. Every sockaddr starts with a
 * one-byte length on Darwin (sa_len, ss_len), which Glibc's have not. */
#ifndef CHECK_DARWIN_SYS_SOCKET_H
#define CHECK_DARWIN_SYS_SOCKET_H

#include "_types.h"

#define SOCK_STREAM     1               /* stream socket */
#define SOCK_DGRAM      2               /* datagram socket */
#define SOCK_RAW        3               /* raw-protocol interface */

#define SO_DEBUG        0x0001          /* turn on debugging info recording */
#define SO_ACCEPTCONN   0x0002          /* socket has had listen() */
#define SO_REUSEADDR    0x0004          /* allow local address reuse */
#define SO_KEEPALIVE    0x0008          /* keep connections alive */
#define SO_REUSEPORT    0x0200          /* allow local address & port reuse */
#define SO_SNDBUF       0x1001          /* send buffer size */
#define SO_RCVBUF       0x1002          /* receive buffer size */
#define SO_SNDTIMEO     0x1005          /* send timeout */
#define SO_RCVTIMEO     0x1006          /* receive timeout */
#define SO_ERROR        0x1007          /* get error status and clear */
#define SO_TYPE         0x1008          /* get socket type */
#define SO_NOSIGPIPE    0x1022          /* APPLE: No SIGPIPE on EPIPE */

#define SOL_SOCKET      0xffff          /* options for socket level */

#define AF_UNSPEC       0               /* unspecified */
#define AF_UNIX         1               /* local to host (pipes) */
#define AF_INET         2               /* internetwork: UDP, TCP, etc. */
#define AF_INET6        30              /* IPv6 */

#define PF_UNSPEC       AF_UNSPEC
#define PF_INET         AF_INET
#define PF_INET6        AF_INET6

struct sockaddr {
	__uint8_t       sa_len;         /* total length */
	sa_family_t     sa_family;      /* [XSI] address family */
	char            sa_data[14];    /* [XSI] addr value (actually smaller or larger) */
};

#define _SS_MAXSIZE     128
#define _SS_ALIGNSIZE   (sizeof(__int64_t))
#define _SS_PAD1SIZE    \
	        (_SS_ALIGNSIZE - sizeof(__uint8_t) - sizeof(sa_family_t))
#define _SS_PAD2SIZE    \
	        (_SS_MAXSIZE - sizeof(__uint8_t) - sizeof(sa_family_t) - \
	                        _SS_PAD1SIZE - _SS_ALIGNSIZE)

struct sockaddr_storage {
	__uint8_t       ss_len;         /* address length */
	sa_family_t     ss_family;      /* [XSI] address family */
	char                    __ss_pad1[_SS_PAD1SIZE];
	__int64_t       __ss_align;     /* force structure storage alignment */
	char                    __ss_pad2[_SS_PAD2SIZE];
};

#define SOMAXCONN       128

#define MSG_OOB         0x1             /* process out-of-band data */
#define MSG_PEEK        0x2             /* peek at incoming message */
#define MSG_WAITALL     0x40            /* wait for full request or error */
#define MSG_DONTWAIT    0x80            /* this message should be nonblocking */
/* Under `#if __DARWIN_C_LEVEL >= 200809L` there, which a Mac's default C level meets; an SDK
 * whose socket.h predates it lacks the name, so the package sets SO_NOSIGPIPE instead. */
#define MSG_NOSIGNAL    0x80000         /* do not generate SIGPIPE on EOF */

/* Int32 in Swift here; Glibc's are enum members re-#defined as themselves (Int in Swift):
 * `Int32(SHUT_RDWR)` carries over, `shutdown(fd, SHUT_RDWR)` compiles on a Mac only. */
#define SHUT_RD         0               /* shut down the reading side */
#define SHUT_WR         1               /* shut down the writing side */
#define SHUT_RDWR       2               /* shut down both sides */

int     accept(int, struct sockaddr * __restrict, socklen_t * __restrict);
int     bind(int, const struct sockaddr *, socklen_t);
int     connect(int, const struct sockaddr *, socklen_t);
int     getpeername(int, struct sockaddr * __restrict, socklen_t * __restrict);
int     getsockname(int, struct sockaddr * __restrict, socklen_t * __restrict);
int     getsockopt(int, int, int, void * __restrict, socklen_t * __restrict);
int     listen(int, int);
ssize_t recv(int, void *, size_t, int);
ssize_t recvfrom(int, void *, size_t, int, struct sockaddr * __restrict,
    socklen_t * __restrict);
ssize_t send(int, const void *, size_t, int);
ssize_t sendto(int, const void *, size_t,
    int, const struct sockaddr *, socklen_t);
int     setsockopt(int, int, int, const void *, socklen_t);
int     shutdown(int, int);
int     socket(int, int, int);
int     socketpair(int, int, int, int *);

#endif
