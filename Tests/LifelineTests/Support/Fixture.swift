import Foundation
import Testing

@testable import Lifeline

/// Paths and helpers shared by the tests.
enum Fixture {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = packageRoot.appendingPathComponent("Samples")
    static let snapshots = packageRoot.appendingPathComponent("Tests/LifelineTests/Snapshots")

    /// Every sample input, as paths relative to the package root (stable in outputs).
    static var sampleInputs: [String] {
        let fm = FileManager.default
        let dirs = (try? fm.contentsOfDirectory(atPath: samples.path)) ?? []
        var inputs: [String] = []
        for dir in dirs.sorted() {
            let files = (try? fm.contentsOfDirectory(atPath: samples.appendingPathComponent(dir).path)) ?? []
            for file in files.sorted() where file.hasPrefix("trace") {
                inputs.append("Samples/\(dir)/\(file)")
            }
        }
        return inputs
    }

    static func trace(_ text: String, name: String = "test.log", options: ReadOptions = ReadOptions()) throws -> Trace {
        try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: name), options: options)
    }

    static func trace(bytes: [UInt8], name: String = "test.log") throws -> Trace {
        try TraceLoader.load(ByteInput(bytes: bytes, name: name))
    }

    static func loadSample(_ relative: String) throws -> Trace {
        _ = FileManager.default.changeCurrentDirectoryPath(packageRoot.path)
        let bytes = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent(relative)))
        return try TraceLoader.load(ByteInput(bytes: bytes, name: relative))
    }

    /// Compares `actual` with the golden file `name`. A missing golden file fails; set
    /// LIFELINE_RECORD=1 to write it on purpose.
    static func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let url = snapshots.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LIFELINE_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing snapshot \(name); record it with LIFELINE_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
    }

    /// Runs a tool with `input` on standard input and returns its standard output.
    static func run(_ tool: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func toolExists(_ tool: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(tool)"], input: ""))?.status == 0
    }
}
