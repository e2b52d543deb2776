import Foundation
import Testing

@testable import Lifeline

/// `lifeline convert` makes lines from the batches on two queues that take them in turn, and
/// hands them to a writer with several chunks on their way: whatever the batches, the file
/// must hold the whole trace's lines, in order.
@Suite struct StreamedConvertTests {
    /// Every console sample, many times over, so the batches' lines pass the size at which
    /// the output takes a buffer whole instead of copying it.
    static func longLog() throws -> [UInt8] {
        var one: [UInt8] = []
        for input in Fixture.sampleInputs where input.hasSuffix(".log") {
            one += try [UInt8](Data(contentsOf: Fixture.packageRoot.appendingPathComponent(input))) + [0x0A]
        }
        return Array(repeating: one, count: 120).flatMap { $0 }
    }

    @Test(arguments: [1, 5, 64, 700, 4096])
    func theFileHoldsTheWholeTracesLinesInOrder(batchSize size: Int) throws {
        let bytes = try Self.longLog()
        let whole = JSONLinesFormatter().format(try TraceLoader.load(ByteInput(bytes: bytes, name: "all.log")))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lifeline-convert-\(getpid())-\(size).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let stream = try OutputFile.Stream(path: path)
        let queue = JSONLinesQueue(TextBuffer(writingTo: ChunkWriter(stream, depth: 3)))
        var batches = 0
        var builder = TraceBuilder(
            source: "all.log",
            sink: { batch in
                batches += 1
                queue.add(batch)
            }, derivingState: true, batchSize: size)
        let input = ByteInput(bytes: bytes, name: "all.log")
        try InputFormat.detect(input.peek(64 * 1024)).reader(options: ReadOptions()).read(input, into: &builder)
        let rest = builder.finish()
        #expect(rest.events.isEmpty)
        try queue.finish()
        try stream.commit()
        #expect(batches > 2)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.utf8.count == whole.utf8.count)
        #expect(written == whole)
    }
}
