import Foundation
import StoreCLI

var context = CommandContext.process()
context.notificationTransport = URLSessionTransport()
let code = await StoreCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
exit(code)
