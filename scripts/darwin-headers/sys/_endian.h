/* Byte order, as xnu writes it: bsd/sys/_endian.h at apple-oss-distributions/xnu commit
 * 1031c584. On a little-endian Mac (every one Swift supports) the branch
 * `__DARWIN_BYTE_ORDER == __DARWIN_LITTLE_ENDIAN` holds, where htons, ntohs, htonl and ntohl are
 * function-like macros over __DARWIN_OSSwapInt16/32:
 *
 *     #define ntohs(x)        __DARWIN_OSSwapInt16(x)
 *     #define htons(x)        __DARWIN_OSSwapInt16(x)
 *
 * What Swift sees: nothing. The importer imports no function-like macro, so `htons` does not
 * exist in Swift on a Mac, where Glibc declares it as a function (`extern uint16_t htons
 * (uint16_t __hostshort)`, netinet/in.h). Code for both writes `port.bigEndian` and
 * `UInt16(bigEndian: value)`. Only the `lint` branch declares them as functions. */
#ifndef CHECK_DARWIN_SYS__ENDIAN_H
#define CHECK_DARWIN_SYS__ENDIAN_H

#include "_types.h"

/* libkern/_OSByteOrder.h defines these two over its _OSSwapInt16/32 (a stand-in here: no Swift
 * sees either, as function-like macros). */
#define __DARWIN_OSSwapInt16(x) ((__uint16_t)__builtin_bswap16((__uint16_t)(x)))
#define __DARWIN_OSSwapInt32(x) ((__uint32_t)__builtin_bswap32((__uint32_t)(x)))

#define ntohs(x)        __DARWIN_OSSwapInt16(x)
#define htons(x)        __DARWIN_OSSwapInt16(x)

#define ntohl(x)        __DARWIN_OSSwapInt32(x)
#define htonl(x)        __DARWIN_OSSwapInt32(x)

#endif
