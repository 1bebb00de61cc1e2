/* The umbrella of the Darwin module (module.modulemap): every header below, none of the host's.
 * No header here includes a system header (`#include "..."` only, which scripts/check-darwin
 * checks): a Glibc declaration must never leak into the Darwin shape. */
#ifndef CHECK_DARWIN_H
#define CHECK_DARWIN_H

#include "sys/_types.h"
#include "sys/errno.h"
#include "sys/signal.h"
#include "sys/wait.h"
#include "sys/stat.h"
#include "sys/fcntl.h"
#include "sys/poll.h"
#include "sys/socket.h"
#include "sys/_endian.h"
#include "netinet/in.h"
#include "netinet/tcp.h"
#include "arpa/inet.h"
#include "netdb.h"
#include "spawn.h"
#include "unistd.h"
#include "string.h"
#include "time.h"
#include "stdlib.h"

#endif
