import ArgumentParser
import Lifeline

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Write a trace in the native format (JSON Lines v1).",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline convert Samples/tab-switch/trace.log -o tab-switch.jsonl

            Reading the output again and converting it gives the same bytes. The trace is
            streamed: events are written as they are read, so memory stays flat.

            To see how each line of a console log was read (the event, the object and the rule
            that found each), or why a line was skipped:
              lifeline convert app.log --explain
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Flag(
        name: .long,
        help:
            "Print, for each line of a console log, what was read and by which rule, or why it was skipped; write no trace."
    )
    var explain = false

    func run() throws {
        if explain {
            try ReadingExplainer.explain(
                ByteInput(path: input.path, progress: nil), maxLineBytes: input.maxLineBytes,
                forced: input.from != nil
            ) {
                Console.out($0 + "\n")
            }
            return
        }
        // Under --strict, standard output gets nothing unless the whole input reads cleanly:
        // the trace is read first, and only then written.
        let checkedFirst = input.strict && output.output == nil
        let whole = checkedFirst ? try input.load() : nil
        let stream = try OutputFile.Stream(path: output.output, inputs: [input.path])
        let trace: Trace
        do {
            if let whole {
                try StreamedConvert.write(whole, to: stream)
                trace = whole
            } else {
                trace = try StreamedConvert.write(path: input.path, options: input.readOptions, to: stream)
            }
        } catch {
            stream.discard()
            throw error
        }
        if whole == nil, !input.quiet { Console.report(trace.diagnostics) }
        if input.strict && !trace.diagnostics.isEmpty {
            stream.discard()
            Console.error("\(trace.diagnostics.count) warning(s) and --strict is set")
            throw ExitCode(2)
        }
        try stream.commit()
    }
}
