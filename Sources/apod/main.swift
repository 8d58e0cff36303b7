import APODCore
import Foundation

Localization.setUp()

let status = await APODCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment)
exit(status)
