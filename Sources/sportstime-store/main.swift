import Foundation
import StoreCLI

let code = await StoreCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process())
exit(code)
