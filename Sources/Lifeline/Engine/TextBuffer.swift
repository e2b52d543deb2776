import Foundation

/// Text built as UTF-8 bytes: appending a string or a number is a copy, with none of the
/// bookkeeping of growing a `String`. Long outputs are built here and written as they are.
/// With a `ChunkWriter`, every few megabytes go to the output file on another thread while
/// the text goes on being built, in a buffer that is reused.
package struct TextBuffer: Sendable {
    package private(set) var bytes: [UInt8] = []
    private var writer: ChunkWriter? = nil
    private static let chunk = 1 << 19

    package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    package init(_ text: String) { bytes = Array(text.utf8) }

    /// A buffer whose bytes go to `writer` as they pile up.
    package init(writingTo writer: ChunkWriter) {
        self.writer = writer
        bytes.reserveCapacity(TextBuffer.chunk + (1 << 16))
    }

    package static func += (buffer: inout TextBuffer, text: String) {
        var text = text
        text.withUTF8 { buffer.bytes.append(contentsOf: $0) }
        buffer.handOff()
    }

    package static func += (buffer: inout TextBuffer, text: [UInt8]) {
        buffer.bytes.append(contentsOf: text)
        buffer.handOff()
    }

    package static func + (buffer: TextBuffer, text: String) -> TextBuffer {
        var buffer = buffer
        buffer += text
        return buffer
    }

    /// Lets `body` append bytes directly.
    package mutating func write(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
        handOff()
    }

    /// Lets `body` append the bytes of items `0..<count`, a few thousand at a time, so a long
    /// output goes to the writer as it is made.
    mutating func write(itemsOf count: Int, _ body: (Range<Int>, inout [UInt8]) -> Void) {
        var start = 0
        while start < count {
            let end = min(count, start + 4096)
            write { body(start..<end, &$0) }
            start = end
        }
    }

    /// Empties the buffer, keeping its memory.
    package mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    /// Appends `other`'s bytes and empties it. With a writer, the bytes are handed over whole
    /// instead of copied, and `other` gets an empty buffer of the writer's to reuse.
    package mutating func append(taking other: inout TextBuffer) {
        guard let writer, other.bytes.count >= TextBuffer.chunk / 4 else {
            bytes.append(contentsOf: other.bytes)
            other.clear()
            handOff()
            return
        }
        if !bytes.isEmpty { writer.take(&bytes) }
        writer.take(&other.bytes)
    }

    /// A decimal integer.
    package mutating func append(_ value: Int) {
        NumberFormat.appendInteger(Int64(value), to: &bytes)
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always) private mutating func handOff() {
        guard bytes.count >= TextBuffer.chunk, let writer else { return }
        writer.take(&bytes)
    }

    /// Hands the rest to the writer and waits until everything is written.
    package mutating func finish() throws {
        guard let writer else { return }
        writer.take(&bytes)
        try writer.finish()
    }
}

/// Where a `ChunkWriter` sends its chunks: an output file or standard output.
package protocol ByteSink: AnyObject {
    func write(bytes: [UInt8]) throws
}

/// Writes chunks of a `TextBuffer` to an output stream on a background thread, in order, with
/// up to `depth` chunks on their way: with more than one, the text goes on being built while
/// the kernel takes a chunk. The emptied buffers are handed back in turn, so their memory is
/// reused; each one kept can be as big as the biggest chunk handed over whole.
/// Unchecked `Sendable`: `next` is only touched by the thread that hands chunks over, and
/// `stream` and `failure` only on `queue` (`finish` reads `failure` after waiting for it).
package final class ChunkWriter: @unchecked Sendable {
    private let stream: any ByteSink
    private let queue = DispatchQueue(label: "lifeline.output")
    private let inFlight: DispatchSemaphore
    /// Used in turn: when `take` gets its turn, the chunk that last used the next box has been
    /// written (chunks are written in order), so the box is free.
    private let boxes: [Box]
    private var next = 0
    private var failure: Error? = nil

    /// Unchecked `Sendable`: `inFlight` hands a box to `queue` and back, one side at a time.
    private final class Box: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    /// One chunk on its way by default: outputs made on both cores hand over megabytes at
    /// once, and a trace held whole leaves no room for more.
    package init(_ stream: any ByteSink, depth: Int = 1) {
        self.stream = stream
        inFlight = DispatchSemaphore(value: depth)
        boxes = (0..<depth).map { _ in Box() }
    }

    func take(_ bytes: inout [UInt8]) {
        inFlight.wait()
        let chunk = boxes[next]
        next = (next + 1) % boxes.count
        swap(&chunk.bytes, &bytes)
        bytes.removeAll(keepingCapacity: true)
        queue.async { [self] in
            do { try stream.write(bytes: chunk.bytes) } catch { failure = error }
            chunk.bytes.removeAll(keepingCapacity: true)
            inFlight.signal()
        }
    }

    func finish() throws {
        queue.sync {}
        if let failure { throw failure }
    }
}

extension [UInt8] {
    /// Appends a literal's UTF-8 bytes: a copy from the binary, with no array to retain.
    @inline(__always) mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
