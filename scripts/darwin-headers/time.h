/* The calendar time, as Apple's Libc writes it: include/time.h (apple-oss-distributions/Libc).
 * Only time(3); time_t is bsd/sys/_types/_time_t.h's, in sys/_types.h. */
#ifndef CHECK_DARWIN_TIME_H
#define CHECK_DARWIN_TIME_H

#include "sys/_types.h"

time_t time(time_t *);

#endif
