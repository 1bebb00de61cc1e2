#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// No Foundation here: scripts/check-darwin type-checks this file's Darwin shape alone.

/// Ends this process at once with `SIGKILL`, which nothing can catch: how ``CrashPoint`` dies.
func killThisProcess() {
  kill(getpid(), SIGKILL)
}
