import Foundation
import GraphJSON

/// The `graphdiff` executable: runs the tool on a thread with a large stack
/// (see ``onLargeStack(stackSize:_:)``) and exits with its status.
@main
enum GraphDiffMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let status = onLargeStack {
            GraphDiffTool.run(arguments, io: .standard)
        }
        exit(status.code)
    }
}
