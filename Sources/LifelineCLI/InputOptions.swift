import ArgumentParser
import Foundation
import Lifeline

extension InputFormat: ExpressibleByArgument {}

/// How a command reads its trace.
struct InputOptions: ParsableArguments {
    @Argument(
        help:
            "The trace: a console log, native .jsonl, or `log show` JSON/NDJSON. Use - for standard input, which is also read when INPUT is left out and standard input is a pipe or file."
    )
    var input: String?

    /// The path read: the one given, else `-` (standard input).
    var path: String { input ?? "-" }

    func validate() throws {
        Console.quiet = quiet
        if input == nil, isatty(STDIN_FILENO) != 0 {
            throw ValidationError(
                "no INPUT given and standard input is a terminal: give a trace file, or pipe a log in")
        }
    }

    @Option(
        name: .long, help: "Force the input format: \(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var from: InputFormat?

    @Option(
        name: .long,
        help:
            "Read each line with this regular expression; named groups: object, event, and optionally time, thread, class."
    )
    var pattern: String?

    @Flag(name: .long, help: "Fail (exit 2) when the input has warnings, such as unreadable lines.")
    var strict = false

    @Option(name: .long, help: "Skip lines longer than this many bytes.")
    var maxLineBytes: Int = 1 << 20

    @Flag(name: .long, help: "Print no reading progress and no reading warnings on standard error (errors still).")
    var quiet = false

    var readOptions: ReadOptions {
        var options = ReadOptions(maxLineBytes: maxLineBytes, format: from, pattern: pattern)
        options.progress = quiet ? nil : Console.progress
        return options
    }

    /// Loads the trace, prints reading warnings to stderr, and stops under `--strict`.
    func load(derivingState: Bool = true, readingTimes: Bool = true) throws -> Trace {
        KeptUntilExit.keep(
            try checked(
                TraceLoader.load(
                    path: path, options: options(derivingState: derivingState, readingTimes: readingTimes))))
    }

    /// Reads a growing input, handing each call to `sink` as soon as its line is read, until
    /// the input ends or a signal stops it (see `ReadOptions.follows`); then returns the rest of
    /// the trace, as `stream` does.
    func follow(derivingState: Bool = true, sink: @escaping (EventList) -> Void) throws -> Trace {
        var options = options(derivingState: derivingState, readingTimes: true)
        options.follows = true
        options.progress = nil
        FollowStop.catchSignals()
        return KeptUntilExit.keep(try checked(TraceLoader.stream(path: path, options: options, sink: sink)))
    }

    private func options(derivingState: Bool, readingTimes: Bool) -> ReadOptions {
        var options = readOptions
        options.derivesState = derivingState
        options.readsTimes = readingTimes
        return options
    }

    /// Prints the reading warnings of a trace read by a pipeline, and stops under `--strict`.
    func check(_ trace: Trace) throws { _ = try checked(trace) }

    /// Prints the trace's reading warnings to stderr, and stops under `--strict`.
    private func checked(_ trace: Trace) throws -> Trace {
        if !quiet { Console.report(trace.diagnostics) }
        if strict && !trace.diagnostics.isEmpty {
            Console.error("\(trace.diagnostics.count) warning(s) and --strict is set")
            throw ExitCode(2)
        }
        return trace
    }
}

/// Where a command writes its text.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    /// Builds the output with `make`, writing it to the file (atomically) or to standard
    /// output as it grows, on another thread.
    func emit(inputs: [String], _ make: (TextBuffer) throws -> TextBuffer) throws {
        try OutputOptions.write(to: output, inputs: inputs, make)
    }

    /// Writes what `make` puts in the buffer it is given to `path` (standard output when nil),
    /// as it is made, into a temporary file that replaces `path` once all is written.
    static func write(to path: String?, inputs: [String], _ make: (TextBuffer) throws -> TextBuffer) throws {
        let stream = try OutputFile.Stream(path: path, inputs: inputs)
        do {
            var rest = try make(TextBuffer(writingTo: ChunkWriter(stream)))
            try rest.finish()
            try stream.commit()
        } catch {
            stream.discard()
            throw error
        }
    }

    func emit(_ text: String, inputs: [String]) throws {
        if let output {
            try OutputFile.write(text, to: output, inputs: inputs)
        } else {
            Console.out(text)
        }
    }
}
