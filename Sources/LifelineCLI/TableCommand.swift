import ArgumentParser
import Lifeline

struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Print the Markdown step table, with a column per state value.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline table Samples/tab-switch/trace.log

            State columns (such as selectedViewController) carry the last value forward; the step
            where a value changes shows it in bold.
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Flag(
        help: """
            Follow a growing input (a pipe from `log stream`, a file being appended to): print each \
            row as its call is read, with one State column, until the input ends or Ctrl-C.
            """)
    var follow = false

    func validate() throws {
        try output.refuseWithFollow(follow)
    }

    func run() throws {
        if follow {
            var rows = FollowedTableFormatter()
            Console.out(FollowedTableFormatter.header)
            _ = try input.follow { batch in
                for i in batch.indices { Console.out(rows.row(batch[i])) }
            }
            return
        }
        let trace = try input.load()
        try output.emit(inputs: [input.path]) { MarkdownTableFormatter().text(trace, into: $0) }
    }
}
