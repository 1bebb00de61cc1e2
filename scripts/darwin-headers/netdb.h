/* Name resolution, as Apple's Libinfo writes it: lookup.subproj/netdb.h (Libinfo, which Libc's
 * netdb.h is on a Mac). struct addrinfo keeps BSD's order, ai_canonname before ai_addr, where
 * Glibc's has ai_addr first: Swift's memberwise initializer differs, `addrinfo()` and field
 * assignments carry over. */
#ifndef CHECK_DARWIN_NETDB_H
#define CHECK_DARWIN_NETDB_H

#include "sys/_types.h"
#include "sys/socket.h"

struct addrinfo {
	int	ai_flags;	/* AI_PASSIVE, AI_CANONNAME, AI_NUMERICHOST */
	int	ai_family;	/* PF_xxx */
	int	ai_socktype;	/* SOCK_xxx */
	int	ai_protocol;	/* 0 or IPPROTO_xxx for IPv4 and IPv6 */
	socklen_t ai_addrlen;	/* length of ai_addr */
	char	*ai_canonname;	/* canonical name for hostname */
	struct	sockaddr *ai_addr;	/* binary address */
	struct	addrinfo *ai_next;	/* next structure in linked list */
};

#define	AI_PASSIVE	0x00000001 /* get address to use bind() */
#define	AI_CANONNAME	0x00000002 /* fill ai_canonname */
#define	AI_NUMERICHOST	0x00000004 /* prevent host name resolution */
#define	AI_NUMERICSERV	0x00001000 /* prevent service name resolution */

void		freeaddrinfo(struct addrinfo *);
const char	*gai_strerror(int);
int		getaddrinfo(const char * __restrict, const char * __restrict,
		    const struct addrinfo * __restrict,
		    struct addrinfo ** __restrict);

#endif
