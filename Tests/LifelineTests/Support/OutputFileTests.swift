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
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("a/b").path) == ["out.md"])
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

    /// Replacing a file keeps its permissions: a private trace stays private.
    @Test func anOverwrittenFileKeepsItsMode() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("private.jsonl").path
        try OutputFile.write("first\n", to: target)
        #expect(chmod(target, 0o600) == 0)
        try OutputFile.write("second\n", to: target)
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    /// The temporary name is short, so an output name of 255 bytes (the most a file system
    /// allows) can still be written.
    @Test func aLongestFileNameCanBeWritten() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent(String(repeating: "n", count: 251) + ".svg").path
        try OutputFile.write("<svg/>\n", to: target)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).map(\.count) == [255])
    }

    /// A report is written into a temporary folder and moved into place only when whole:
    /// a failure halfway leaves the old report as it was, files the report does not write
    /// are left alone, and no temporary folder remains.
    @Test func aFailedReportLeavesTheOldOneWhole() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("report").path
        let first = try ReportFolder(target)
        try first.write("README.md") { try OutputFile.write("old page\n", to: $0) }
        try first.write("a.svg") { try OutputFile.write("old picture\n", to: $0) }
        try first.commit()
        try OutputFile.write("mine\n", to: target + "/notes.txt")
        struct Halfway: Error {}
        let second = try ReportFolder(target)
        try second.write("a.svg") { try OutputFile.write("new picture\n", to: $0) }
        #expect(throws: Halfway.self) { try second.write("README.md") { _ in throw Halfway() } }
        second.discard()
        #expect(try String(contentsOfFile: target + "/a.svg", encoding: .utf8) == "old picture\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["report"])
        let third = try ReportFolder(target)
        try third.write("README.md") { try OutputFile.write("new page\n", to: $0) }
        try third.commit()
        #expect(try String(contentsOfFile: target + "/README.md", encoding: .utf8) == "new page\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: target).sorted() == ["README.md", "a.svg", "notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["report"])
    }
}
