/* IPv6 addresses, as xnu writes them: bsd/netinet6/in6.h at apple-oss-distributions/xnu commit
 * 5c2921b0 (included by netinet/in.h). s6_addr is a macro naming a union member
 * (`__u6_addr.__u6_addr8`), which the importer skips: Swift reaches the bytes as
 * `addr.__u6_addr.__u6_addr8`, where Glibc's are `addr.__in6_u.__u6_addr8`. */
#ifndef CHECK_DARWIN_NETINET6_IN6_H
#define CHECK_DARWIN_NETINET6_IN6_H

#include "../sys/_types.h"

typedef struct in6_addr {
	union {
		__uint8_t   __u6_addr8[16];
		__uint16_t  __u6_addr16[8];
		__uint32_t  __u6_addr32[4];
	} __u6_addr;                    /* 128-bit IP6 address */
} in6_addr_t;

#define s6_addr   __u6_addr.__u6_addr8

#define INET6_ADDRSTRLEN        46

struct sockaddr_in6 {
	__uint8_t       sin6_len;       /* length of this struct(sa_family_t) */
	sa_family_t     sin6_family;    /* AF_INET6 (sa_family_t) */
	in_port_t       sin6_port;      /* Transport layer port # (in_port_t) */
	__uint32_t      sin6_flowinfo;  /* IP6 flow information */
	struct in6_addr sin6_addr;      /* IP6 address */
	__uint32_t      sin6_scope_id;  /* scope zone index */
};

extern const struct in6_addr in6addr_any;
extern const struct in6_addr in6addr_loopback;

#define IPV6_V6ONLY             27 /* bool; only bind INET6 at wildcard bind */

#endif
