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
        guard value >= 0 else {
            var text = String(value)
            text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
            return
        }
        // Written backwards into 24 bytes, then copied once.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var v = UInt64(value)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var i = 24
            repeat {
                i -= 1
                buffer[i] = 0x30 &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v > 0
            put(UnsafeRawBufferPointer(rebasing: buffer[i...]))
        }
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
        var whole = units / 1_000_000, frac = units % 1_000_000
        var digits = 6
        while frac != 0 && frac % 10 == 0 {
            frac /= 10
            digits -= 1
        }
        // Written backwards into 32 bytes (at most 21 are used), then copied once.
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { b in
            var i = 32
            if frac != 0 {
                for _ in 0..<digits {
                    i -= 1
                    b[i] = 0x30 &+ UInt8(truncatingIfNeeded: frac % 10)
                    frac /= 10
                }
                i -= 1
                b[i] = 0x2E
            }
            repeat {
                i -= 1
                b[i] = 0x30 &+ UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole > 0
            if micro < 0 && units != 0 {
                i -= 1
                b[i] = 0x2D
            }
            put(UnsafeRawBufferPointer(rebasing: b[i...]))
        }
    }
}
