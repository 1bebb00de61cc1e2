/* posix_spawn, as xnu writes it: libsyscall/wrappers/spawn/spawn.h at
 * apple-oss-distributions/xnu commit e7776783 (the user-space <spawn.h> of a Mac; the line of
 * each declaration there follows it). Availability attributes left out: Linux's Swift reads none.
 * What Swift sees: the two types are `void *`, so posix_spawn_file_actions_t is an
 * UnsafeMutableRawPointer and the functions take `UnsafeMutablePointer<posix_spawn_file_actions_t?>`:
 * `var actions: posix_spawn_file_actions_t? = nil`, which posix_spawn_file_actions_init
 * allocates. Glibc's is a struct, `posix_spawn_file_actions_t()`, which does not exist here. */
#ifndef CHECK_DARWIN_SPAWN_H
#define CHECK_DARWIN_SPAWN_H

#include "sys/_types.h"

typedef  void *posix_spawnattr_t;                                               /* :51 */
typedef  void *posix_spawn_file_actions_t;                                      /* :52 */

int     posix_spawn(pid_t * __restrict, const char * __restrict,                /* :60 */
    const posix_spawn_file_actions_t *,
    const posix_spawnattr_t * __restrict,
    char *const __argv[__restrict],
    char *const __envp[__restrict]);

int     posix_spawnp(pid_t * __restrict, const char * __restrict,               /* :67 */
    const posix_spawn_file_actions_t *,
    const posix_spawnattr_t * __restrict,
    char *const __argv[__restrict],
    char *const __envp[__restrict]);

int     posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *, int);  /* :73 */

int     posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int,    /* :75 */
    int);

int     posix_spawn_file_actions_addopen(                                       /* :78 */
	posix_spawn_file_actions_t * __restrict, int,
	const char * __restrict, int, mode_t);

int     posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);        /* :82 */

int     posix_spawn_file_actions_init(posix_spawn_file_actions_t *);           /* :84 */

int     posix_spawnattr_destroy(posix_spawnattr_t *);                           /* :86 */

int     posix_spawnattr_init(posix_spawnattr_t *);                              /* :100 */

int     posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *,
    const char * __restrict);

#endif
