// libFuzzer entry point for Lifeline's readers. Built by scripts/fuzz together with the
// Lifeline sources, as one module that must be named Lifeline (the sources write
// `Lifeline.scan(...)`); so no `import Lifeline` here. LIFELINE_FUZZ_TARGET picks the reader:
//   detect, console (the default), jsonl, oslog-json, oslog-ndjson, pattern
// Every input must end as a trace or a clear error; a crash or sanitizer report is a bug.

import Foundation

let fuzzTargets = ["detect", "console", "jsonl", "oslog-json", "oslog-ndjson", "pattern"]

/// The reader to fuzz; a misspelt name stops the run before the first input rather than
/// quietly fuzzing the console reader under another name.
let fuzzTarget: String = {
    let name = ProcessInfo.processInfo.environment["LIFELINE_FUZZ_TARGET"] ?? "console"
    guard fuzzTargets.contains(name) else {
        FileHandle.standardError.write(
            Data(
                "LIFELINE_FUZZ_TARGET=\(name) is not one of \(fuzzTargets.joined(separator: " "))\n".utf8))
        exit(2)
    }
    return name
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func lifelineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let input = ByteInput(bytes: bytes, name: "fuzz")
    var options = ReadOptions(maxLineBytes: 4096)
    switch fuzzTarget {
    case "detect":
        _ = InputFormat.detect(ArraySlice(bytes))
        return 0
    case "jsonl": options.format = .jsonl
    case "oslog-json": options.format = .oslogJSON
    case "oslog-ndjson": options.format = .oslogNDJSON
    case "pattern": options.pattern = #"^(?<time>\S+) (?<thread>\w+) (?<object>\S+) (?<event>\S+)"#
    default: options.format = .console  // "console"
    }
    if let trace = try? TraceLoader.load(input, options: options) {
        // Exercise what every command builds on.
        _ = JSONLinesFormatter().format(trace)
        _ = MarkdownTableFormatter().format(trace)
        _ = TransitionDetector.detect(trace)
        _ = Hierarchy(trace)
        _ = Linter().run(trace)
    }
    return 0
}
