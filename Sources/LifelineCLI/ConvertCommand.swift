import ArgumentParser
import Foundation
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
        // Batches are made into lines on another thread while reading goes on, and the lines
        // go to the file on a third, 4 MB at a time.
        let lines = Lines(TextBuffer(writingTo: ChunkWriter(stream)))
        let trace: Trace
        do {
            defer { lines.drain() }
            trace = try TraceLoader.stream(path: input.input, options: input.readOptions) { lines.add($0) }
        } catch {
            stream.discard()
            throw error
        }
        do {
            try lines.finish()
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

/// Native lines made from batches of events on a queue of their own, a few batches ahead at
/// most; only that queue touches the writer and the buffer.
private final class Lines: @unchecked Sendable {
    private let queue = DispatchQueue(label: "lifeline.convert.lines")
    private let room = DispatchSemaphore(value: 4)
    private var writer = JSONLinesWriter()
    private var out: TextBuffer

    init(_ out: TextBuffer) { self.out = out }

    func add(_ events: EventList) {
        room.wait()
        queue.async { [self] in
            out.write { bytes in
                for index in events.indices { writer.append(events, at: index, to: &bytes) }
            }
            room.signal()
        }
    }

    /// Waits for every batch added so far.
    func drain() { queue.sync {} }

    func finish() throws {
        drain()
        try out.finish()
    }
}
