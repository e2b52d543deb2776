#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes written by plain copies into memory the caller provides and sizes: a row made of many
/// small pieces (texts kept once, numbers) is assembled here and goes to its output in one
/// append, instead of one append per piece.
struct ByteWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always) mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func put(_ literal: StaticString) {
        memcpy(base + count, literal.utf8Start, literal.utf8CodeUnitCount)
        count += literal.utf8CodeUnitCount
    }

    @inline(__always) mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let from = bytes.baseAddress else { return }
        memcpy(base + count, from, bytes.count)
        count += bytes.count
    }

    @inline(__always) mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { put($0) }
    }

    /// The bytes at `range` of `bytes` (a text in a `TextStore`, a part of a line).
    @inline(__always) mutating func put(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) {
        put(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    /// Appends to `out` what `write` puts in a buffer of `room` bytes, held on the stack when
    /// it is small: one append for a row of many pieces.
    @inline(__always) static func append(to out: inout [UInt8], room: Int, _ write: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { scratch in
            var writer = ByteWriter(scratch.baseAddress!)
            write(&writer)
            out.append(contentsOf: writer.bytes)
        }
    }

    /// Room a number takes at most: an integer, or a decimal that `NumberFormat.isShort`.
    static let numberRoom = 32

    /// An integer's decimal digits (with a `-` when negative).
    mutating func putInteger(_ value: Int64) {
        if value < 0 { put(0x2D) }
        let magnitude = value.magnitude
        let length = ByteWriter.digitCount(magnitude)
        ByteWriter.putDigits(magnitude, endingAt: base + count + length)
        count += length
    }

    /// `NumberFormat.decimal(value)`: at most six decimals, no trailing zeros. Takes at most
    /// `numberRoom` bytes when `NumberFormat.isShort(value)`, the text's length otherwise.
    mutating func putDecimal(_ value: Double) {
        guard NumberFormat.isShort(value) else {
            var text = NumberFormat.decimal(value)
            text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
            return
        }
        let micro = value.isFinite ? (value * 1_000_000).rounded() : 0
        let units = UInt64(Swift.abs(micro))
        if micro < 0 && units != 0 { put(0x2D) }
        let whole = units / 1_000_000, fraction = units % 1_000_000
        let length = ByteWriter.digitCount(whole)
        ByteWriter.putDigits(whole, endingAt: base + count + length)
        count += length
        guard fraction != 0 else { return }
        // All six decimals, leading zeros too, then the trailing zeros cut: one is not zero.
        put(0x2E)
        let at = base + count
        ByteWriter.putPair(fraction / 10_000, at: at)
        ByteWriter.putPair(fraction / 100 % 100, at: at + 2)
        ByteWriter.putPair(fraction % 100, at: at + 4)
        var decimals = 6
        while at[decimals - 1] == 0x30 { decimals -= 1 }
        count += decimals
    }

    /// How many decimal digits `value` has.
    @inline(__always) static func digitCount(_ value: UInt64) -> Int {
        var length = 1
        var power: UInt64 = 10
        while length < 20 && value >= power {
            length += 1
            power &*= 10
        }
        return length
    }

    /// Writes `value`'s decimal digits so that they end just before `end`, two at a time.
    @inline(__always) private static func putDigits(_ value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        var value = value
        var at = end
        while value >= 100 {
            at -= 2
            putPair(value % 100, at: at)
            value /= 100
        }
        if value >= 10 {
            putPair(value, at: at - 2)
        } else {
            at -= 1
            at[0] = 0x30 &+ UInt8(truncatingIfNeeded: value)
        }
    }

    /// The two digits of `value` (below 100) at `at`.
    @inline(__always) private static func putPair(_ value: UInt64, at: UnsafeMutablePointer<UInt8>) {
        let pair = digitPairs.utf8Start + Int(value) &* 2
        at[0] = pair[0]
        at[1] = pair[1]
    }

    /// "00", "01", … "99", end to end.
    private static var digitPairs: StaticString {
        // swift-format-ignore
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }
}
