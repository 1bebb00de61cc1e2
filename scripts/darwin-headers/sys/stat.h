/* A file's status, as xnu writes it: bsd/sys/stat.h (apple-oss-distributions/xnu). Only stat(2)
 * and the 64-bit-inode struct stat a Mac's Swift sees (__DARWIN_64_BIT_INO_T is set: the
 * struct is __DARWIN_STRUCT_STAT64, its times in timespecs). st_dev is an Int32 on Darwin
 * (Glibc's is a UInt64); st_ino is a UInt64 on both. */
#ifndef CHECK_DARWIN_SYS_STAT_H
#define CHECK_DARWIN_SYS_STAT_H

#include "sys/_types.h"

struct stat {
	dev_t           st_dev;                 /* [XSI] ID of device containing file */
	mode_t          st_mode;                /* [XSI] Mode of file (see below) */
	nlink_t         st_nlink;               /* [XSI] Number of hard links */
	__darwin_ino64_t st_ino;                /* [XSI] File serial number */
	uid_t           st_uid;                 /* [XSI] User ID of the file */
	gid_t           st_gid;                 /* [XSI] Group ID of the file */
	dev_t           st_rdev;                /* [XSI] Device ID */
	struct timespec st_atimespec;           /* time of last access */
	struct timespec st_mtimespec;           /* time of last data modification */
	struct timespec st_ctimespec;           /* time of last status change */
	struct timespec st_birthtimespec;       /* time of file creation(birth) */
	off_t           st_size;                /* [XSI] file size, in bytes */
	blkcnt_t        st_blocks;              /* [XSI] blocks allocated for file */
	blksize_t       st_blksize;             /* [XSI] optimal blocksize for I/O */
	__uint32_t      st_flags;               /* user defined flags for file */
	__uint32_t      st_gen;                 /* file generation number */
	__int32_t       st_lspare;              /* RESERVED: DO NOT USE! */
	__int64_t       st_qspare[2];           /* RESERVED: DO NOT USE! */
};

int     stat(const char *, struct stat *);

#endif
