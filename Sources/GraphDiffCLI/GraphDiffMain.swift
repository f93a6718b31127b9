import Foundation
import GraphDiff

/// The `graphdiff` executable: runs the tool on a thread with a large stack
/// (see ``onLargeStack(stackSize:_:)``) and exits with its status.
@main
enum GraphDiffMain {
    static func main() {
        tuneAllocatorForLargeInputs()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `io` lives until `exit`, with the inputs it keeps (see
        // ``CommandIO/keepUntilExit(_:)``).
        let io = CommandIO.standard
        let status = onLargeStack {
            GraphDiffTool.run(arguments, io: io)
        }
        exit(status.code)
    }
}
