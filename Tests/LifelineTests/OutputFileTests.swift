import Foundation
import Testing

@testable import Lifeline

struct OutputFileTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-out-\(UUID().uuidString)")

    @Test func createsMissingDirectoriesAndLeavesNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("a/b/out.md").path
        try OutputFile.write("hello\n", to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "hello\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("a/b").path) == ["out.md"])
    }

    @Test func refusesToOverwriteAnInput() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let input = dir.appendingPathComponent("trace.log").path
        try Data("A: viewDidLoad\n".utf8).write(to: URL(fileURLWithPath: input))
        #expect(throws: OutputFile.RefusedError.self) {
            try OutputFile.write("x", to: dir.appendingPathComponent("./trace.log").path, inputs: [input])
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "A: viewDidLoad\n")
    }

    @Test func replacesAnExistingOutputWhole() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("out.md").path
        try OutputFile.write(String(repeating: "long ", count: 1000), to: target)
        try OutputFile.write("short\n", to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "short\n")
    }

    /// A device or a FIFO (`-o /dev/null`, `-o >(...)`) is written in place, not replaced by a
    /// renamed file.
    @Test func writesIntoAFIFOInPlace() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try OutputFile.write("through the pipe\n", to: fifo)
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer[..<max(0, n)], as: UTF8.self) == "through the pipe\n")
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
