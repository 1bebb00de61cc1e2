/* Internet addresses, as xnu writes them: bsd/netinet/in.h at apple-oss-distributions/xnu
 * commit 5c2921b0 (IPPROTO_*, struct in_addr, INADDR_*, struct sockaddr_in), which includes
 * netinet6/in6.h (IPv6's, below). sockaddr_in starts with sin_len, which Glibc's has not: Swift's
 * memberwise initializer of the struct differs (`sockaddr_in(sin_len:sin_family:sin_port:
 * sin_addr:sin_zero:)`), and code for both sets the fields of `sockaddr_in()` one by one. */
#ifndef CHECK_DARWIN_NETINET_IN_H
#define CHECK_DARWIN_NETINET_IN_H

#include "../sys/_types.h"
#include "../sys/socket.h"
#include "../sys/_endian.h"

#define IPPROTO_IP              0               /* dummy for IP */
#define IPPROTO_TCP             6               /* tcp */
#define IPPROTO_UDP             17              /* user datagram protocol */
#define         IPPROTO_IPV6            41              /* IP6 header */

struct in_addr {
	in_addr_t s_addr;
};

/* Casts of a literal: the importer imports them, as UInt32 (Glibc's are in_addr_t: UInt32). */
#define INADDR_ANY              (u_int32_t)0x00000000
#define INADDR_LOOPBACK         (u_int32_t)0x7f000001

struct sockaddr_in {
	__uint8_t       sin_len;
	sa_family_t     sin_family;
	in_port_t       sin_port;
	struct  in_addr sin_addr;
	char            sin_zero[8];
};

#define INET_ADDRSTRLEN                 16

#include "../netinet6/in6.h"

#endif
