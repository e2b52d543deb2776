/// Texts made once and kept end to end in one buffer, each known by its range. Copying one out
/// is a single copy with nothing to retain, which is what writers of millions of rows want.
struct TextStore {
    private var bytes: [UInt8] = []

    /// Keeps `text` and tells where it is.
    mutating func keep(_ text: String) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        return start..<bytes.count
    }

    /// Keeps what `write` puts, at most `room` bytes, and tells where it is.
    mutating func keep(room: Int, _ write: (inout ByteWriter) -> Void) -> Range<Int> {
        let start = bytes.count
        ByteWriter.append(to: &bytes, room: room, write)
        return start..<bytes.count
    }

    /// Lends the stored bytes to `body`, to copy several texts out with no check between.
    @inline(__always) func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R { bytes.withUnsafeBytes(body) }

    /// Appends the text at `range` to `out`.
    @inline(__always) func copy(_ range: Range<Int>, to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
