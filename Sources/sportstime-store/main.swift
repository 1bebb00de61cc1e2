import Foundation
import StoreCLI

var context = CommandContext.process()
#if canImport(Darwin)
  context.notificationTransport = URLSessionTransport()
#else
  // FoundationNetworking (libcurl and its libraries) would load in every process of the tool:
  // http:// is posted over a socket instead.
  context.notificationTransport = HTTPPostTransport()
#endif
let code = await StoreCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
exit(code)
