#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// stat(2), and nothing else: this file imports only Glibc or Darwin, so that the Darwin
// type-check compiles it alone. `st_dev` is a UInt64 on Glibc and an Int32 on Darwin; the
// identity is text, which takes either.

/// The device and inode of the file at `path`, `nil` when there is none: what tells a state
/// that `reset` replaced (a new file moved over the old) from the one the server holds open.
/// Asked on every request; `FileManager.attributesOfItem` also looked up the owner's name and
/// took a thirtieth of a request's time.
func fileIdentity(_ path: String) -> String? {
  var status = stat()
  guard stat(path, &status) == 0 else { return nil }
  return "\(status.st_dev)/\(status.st_ino)"
}
