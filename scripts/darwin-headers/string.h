/* Strings, as Apple's Libc writes them: include/string.h (Apple's Libc; see unistd.h for the
 * copy followed). */
#ifndef CHECK_DARWIN_STRING_H
#define CHECK_DARWIN_STRING_H

#include "sys/_types.h"

char	*strdup(const char *__s1);
char	*strerror(int __errnum);
size_t	 strlen(const char *__s);

#endif
