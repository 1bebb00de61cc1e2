/* The process and memory, as Apple's Libc writes them: include/stdlib.h (Apple's Libc; see
 * unistd.h for the copy followed). exit is `__dead2` there (noreturn): Swift sees `Never`. */
#ifndef CHECK_DARWIN_STDLIB_H
#define CHECK_DARWIN_STDLIB_H

#include "sys/_types.h"

void	 exit(int) __attribute__((__noreturn__));
void	 free(void *);
char	*getenv(const char *);
void	*malloc(size_t __size);

#endif
