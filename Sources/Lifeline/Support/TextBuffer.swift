/// Text built as UTF-8 bytes: appending a string or a number is a copy, with none of the
/// bookkeeping of growing a `String`. Long outputs are built here and written as they are.
public struct TextBuffer: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public init(_ text: String) { bytes = Array(text.utf8) }

    public static func += (buffer: inout TextBuffer, text: String) {
        var text = text
        text.withUTF8 { buffer.bytes.append(contentsOf: $0) }
    }

    public static func += (buffer: inout TextBuffer, text: [UInt8]) {
        buffer.bytes.append(contentsOf: text)
    }

    /// A decimal integer.
    public mutating func append(_ value: Int) {
        NumberFormat.appendInteger(Int64(value), to: &bytes)
    }

    public mutating func removeLast(_ count: Int) { bytes.removeLast(count) }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
