import APODViewer
import Foundation

exit(
    ViewerLauncher.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment))
