/* Address conversion, as Apple's Libc writes it: include/arpa/inet.h (Apple's Libc; the index
 * stores no copy of apple-oss-distributions/Libc's include/, so these follow the mirror
 * Apple-FOSS-Mirror/Libc). inet_ntop returns `const char *`: Swift sees
 * `UnsafePointer<CChar>!`, as with Glibc. */
#ifndef CHECK_DARWIN_ARPA_INET_H
#define CHECK_DARWIN_ARPA_INET_H

#include "../sys/_types.h"
#include "../netinet/in.h"

in_addr_t        inet_addr(const char *);
const char      *inet_ntop(int, const void *, char *, socklen_t);
int              inet_pton(int, const char *, void *);

#endif
