/* The base types, as xnu writes them (apple-oss-distributions/xnu):
 *   bsd/arm/_types.h and bsd/i386/_types.h (the machine's, the same on arm64 and x86_64),
 *   bsd/sys/_types.h (the __darwin_ names), bsd/sys/_types/_<name>.h (one typedef a file).
 * What Swift sees: the importer maps typedefs of the C integer types to Swift's (UInt8, Int32,
 * ...), and the names size_t and ssize_t to Int/UInt by name, whatever they are declared as. */
#ifndef CHECK_DARWIN_SYS__TYPES_H
#define CHECK_DARWIN_SYS__TYPES_H

/* bsd/arm/_types.h, bsd/i386/_types.h */
typedef signed char             __int8_t;
typedef unsigned char           __uint8_t;
typedef short                   __int16_t;
typedef unsigned short          __uint16_t;
typedef int                     __int32_t;
typedef unsigned int            __uint32_t;
typedef long long               __int64_t;
typedef unsigned long long      __uint64_t;
typedef unsigned long           __darwin_size_t;        /* sizeof() */
typedef long                    __darwin_ssize_t;       /* byte count or error */
typedef long                    __darwin_time_t;        /* time() */

/* bsd/sys/_types.h */
typedef __int32_t       __darwin_pid_t;         /* [???] process and group IDs */
typedef __uint16_t      __darwin_mode_t;        /* [???] Some file attributes */
typedef __int64_t       __darwin_off_t;         /* [???] Used for file sizes */
typedef __uint32_t      __darwin_socklen_t;     /* socklen_t (duh) */
typedef __uint32_t      __darwin_useconds_t;    /* [???] microseconds */
typedef __uint32_t      __darwin_sigset_t;      /* [???] signal set */
typedef __uint32_t      __darwin_uid_t;         /* [???] user IDs */
typedef __int32_t       __darwin_suseconds_t;   /* [???] microseconds */
typedef __int32_t       __darwin_dev_t;         /* dev_t */
typedef __uint32_t      __darwin_gid_t;         /* [???] process and group IDs */
typedef __uint64_t      __darwin_ino64_t;       /* [???] Used for 64 bit inodes */
typedef __int64_t       __darwin_blkcnt_t;      /* total blocks */
typedef __int32_t       __darwin_blksize_t;     /* preferred block size */

/* bsd/sys/_types/_size_t.h, _ssize_t.h, _pid_t.h, _mode_t.h, _off_t.h, _useconds_t.h,
 * _sigset_t.h, _uid_t.h */
typedef __darwin_size_t         size_t;
typedef __darwin_ssize_t        ssize_t;
typedef __darwin_pid_t          pid_t;
typedef __darwin_mode_t         mode_t;
typedef __darwin_off_t          off_t;
typedef __darwin_useconds_t     useconds_t;
typedef __darwin_sigset_t       sigset_t;
typedef __darwin_uid_t          uid_t;
typedef __darwin_time_t         time_t;         /* bsd/sys/_types/_time_t.h */
typedef __darwin_suseconds_t    suseconds_t;    /* bsd/sys/_types/_suseconds_t.h */
typedef __darwin_dev_t          dev_t;          /* bsd/sys/_types/_dev_t.h */
typedef __darwin_gid_t          gid_t;          /* bsd/sys/_types/_gid_t.h */
typedef __uint16_t              nlink_t;        /* bsd/sys/_types/_nlink_t.h */
typedef __darwin_blkcnt_t       blkcnt_t;       /* bsd/sys/_types/_blkcnt_t.h */
typedef __darwin_blksize_t      blksize_t;      /* bsd/sys/_types/_blksize_t.h */

/* bsd/sys/_types/_timespec.h */
struct timespec
{
	__darwin_time_t tv_sec;
	long            tv_nsec;
};

/* bsd/sys/_types/_timeval.h: tv_usec is an Int32 on Darwin (Glibc's is an Int), so
 * `timeval(tv_sec:tv_usec:)` takes an Int32 there. */
struct timeval
{
	__darwin_time_t         tv_sec;         /* seconds */
	__darwin_suseconds_t    tv_usec;        /* and microseconds */
};

/* bsd/sys/_types/_int8_t.h ... _uint64_t.h (stdint's names, which sys/types.h also gives) */
typedef __uint8_t               uint8_t;
typedef __uint16_t              uint16_t;
typedef __uint32_t              uint32_t;
typedef __uint64_t              uint64_t;
typedef __int32_t               int32_t;
typedef unsigned int            u_int32_t;      /* bsd/sys/_types/_u_int32_t.h */

/* bsd/sys/_types/_socklen_t.h, _sa_family_t.h, _in_addr_t.h, _in_port_t.h: sa_family_t is one
 * byte on Darwin (Glibc's is an unsigned short), after the one-byte length every sockaddr
 * starts with. */
typedef __darwin_socklen_t      socklen_t;
typedef __uint8_t               sa_family_t;
typedef __uint32_t              in_addr_t;      /* base type for internet address */
typedef __uint16_t              in_port_t;

#endif
