/// Texts made once and kept end to end in one buffer, each known by its range. Copying one out
/// is a single copy with nothing to retain, which is what writers of millions of rows want.
struct TextStore {
    private var bytes: [UInt8] = []
    private var scratch: [UInt8] = []

    /// Keeps `text` and tells where it is.
    mutating func keep(_ text: String) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        return start..<bytes.count
    }

    /// Keeps two kept texts end to end, as one.
    mutating func join(_ first: Range<Int>, _ second: Range<Int>) -> Range<Int> {
        // Copied out first: appending a slice of the buffer to itself would copy the buffer.
        scratch.removeAll(keepingCapacity: true)
        bytes.withUnsafeBufferPointer { b in
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[first]))
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[second]))
        }
        let start = bytes.count
        bytes.append(contentsOf: scratch)
        return start..<bytes.count
    }

    /// Lends the stored bytes to `body`, to copy several texts out with no check between.
    @inline(__always) func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R { bytes.withUnsafeBytes(body) }

    /// Appends the text at `range` to `out`.
    @inline(__always) func copy(_ range: Range<Int>, to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
