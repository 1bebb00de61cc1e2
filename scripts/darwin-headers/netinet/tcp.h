/* TCP's socket options, as xnu writes them: bsd/netinet/tcp.h (apple-oss-distributions/xnu). */
#ifndef CHECK_DARWIN_NETINET_TCP_H
#define CHECK_DARWIN_NETINET_TCP_H

#define TCP_NODELAY             0x01    /* don't delay send to coalesce packets */

#endif
