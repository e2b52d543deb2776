import ArgumentParser
import Lifeline

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Write a trace in the native format (JSON Lines v1).",
        discussion: """
            Example:
              lifeline convert Samples/tab-switch/trace.log -o tab-switch.jsonl
            Reading the output again and converting it gives the same bytes. The trace is
            streamed: events are written as they are read, so memory stays flat.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let stream = try OutputFile.Stream(path: output.output, inputs: [input.input])
        let trace: Trace
        do {
            // Lines go to the file on another thread, 4 MB at a time, while reading goes on.
            var out = TextBuffer(writingTo: ChunkWriter(stream))
            var writer = JSONLinesWriter()
            trace = try TraceLoader.stream(path: input.input, options: input.readOptions) { events, index in
                out.write { writer.append(events, at: index, to: &$0) }
            }
            try out.finish()
        } catch {
            stream.discard()
            throw error
        }
        Console.report(trace.diagnostics)
        if input.strict && !trace.diagnostics.isEmpty {
            stream.discard()
            Console.error("\(trace.diagnostics.count) warning(s) and --strict is set")
            throw ExitCode(2)
        }
        try stream.commit()
    }
}
