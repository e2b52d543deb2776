// libFuzzer entry point for Lifeline's readers. Built by scripts/fuzz together with the
// Lifeline sources; LIFELINE_FUZZ_TARGET picks the reader:
//   detect, console, jsonl, oslog-json, oslog-ndjson, pattern
// Every input must end as a trace or a clear error; a crash or sanitizer report is a bug.

import Foundation

let fuzzTarget = ProcessInfo.processInfo.environment["LIFELINE_FUZZ_TARGET"] ?? "console"

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
    default: options.format = .console
    }
    if let trace = try? TraceLoader.load(input, options: options) {
        // Exercise what every command builds on.
        _ = JSONLinesFormatter.format(trace)
        _ = MarkdownTableFormatter().format(trace)
        _ = TransitionDetector.detect(trace)
        _ = Hierarchy(trace)
        _ = Linter().run(trace)
    }
    return 0
}
