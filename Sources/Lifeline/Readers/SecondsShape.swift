/// `:SS[.fraction][+zzzz|+zz:zz|Z]`, the seconds of a timestamp, parsed into its parts.
struct SecondsPart {
    var second: Int
    /// The fraction's first 18 digits as an integer (0 unless asked for), and how many digits
    /// it has; `hasFraction` when a `.` or `,` follows the seconds.
    var units = 0, fractionCount = 0
    var hasFraction = false
    /// The zone's offset from UTC, in seconds.
    var offset = 0
    /// Where the timestamp ends.
    var end: Int

    static func parse(_ b: Bytes, from i: Int, to end: Int, readsFraction: Bool) -> SecondsPart? {
        guard i < end, b[i] == ASCII.colon, let second = LogPrefix.digits(b, i + 1, 2, end) else { return nil }
        var part = SecondsPart(second: second, end: i + 3)
        var j = i + 3
        // `16:12:29.263`, `16:12:29,263`, and milliseconds after a colon (`16:12:29:263`, as a
        // date format of `HH:mm:ss:SSS` writes them).
        let colonMilliseconds =
            j + 4 <= end && b[j] == ASCII.colon && LogPrefix.digits(b, j + 1, 3, end) != nil
            && (j + 4 == end || !ASCII.isDigit(b[j + 4]))
        if j < end, b[j] == ASCII.dot || b[j] == ASCII.comma || colonMilliseconds {
            part.hasFraction = true
            j += 1
            let first = j
            if readsFraction {
                while j < end, case let digit = b[j] &- 0x30, digit < 10 {
                    if j &- first < 18 { part.units = part.units &* 10 &+ Int(digit) }
                    j &+= 1
                }
            } else {
                while j < end, b[j] &- 0x30 < 10 { j &+= 1 }
            }
            part.fractionCount = j - first
        }
        if j < end, b[j] == ASCII.plus || b[j] == ASCII.dash {
            let sign = b[j] == ASCII.plus ? 1 : -1
            if let hh = LogPrefix.digits(b, j + 1, 2, end) {
                var k = j + 3
                if k < end, b[k] == ASCII.colon { k += 1 }
                if let mm = LogPrefix.digits(b, k, 2, end) {
                    part.offset = sign * (hh * 3600 + mm * 60)
                    j = k + 2
                }
            }
        } else if j < end, b[j] == 0x5A {  // Z
            j += 1
        }
        part.end = j
        return part
    }

    /// Seconds since 1970, after a minute worth `minute` seconds.
    func value(minute: Int) -> Double {
        // Milli- and microseconds, the usual cases, without the table.
        let count = fractionCount
        let fraction = Double(units) / (count == 6 ? 1e6 : count == 3 ? 1e3 : Decimal10.powers[min(count, 18)])
        return Double(minute + second - offset) + fraction
    }
}

/// The layout of the last timestamp seconds parsed, with the byte after them. Most lines of a
/// log share it: bytes that equal it in every fixed place, and hold digits where the seconds
/// and the fraction go, parse exactly as it did (the parse looks at nothing else), so they are
/// read off it with a few word compares.
struct SecondsShape {
    /// Bytes from the colon to the end of the zone; 0 when there is no layout.
    private var length = 0
    /// Sixteen bytes from the colon, as two words: their values, the bytes that must equal
    /// them, and the bytes that must be digits.
    private var fixed: (UInt64, UInt64) = (0, 0)
    private var fixedMask: (UInt64, UInt64) = (0, 0)
    private var digitMask: (UInt64, UInt64) = (0, 0)
    private var fractionCount = 0
    private var offset = 0

    /// The time (NaN without `value`) and where it ends, when the bytes at `start` have the
    /// layout; nil otherwise.
    @inline(__always) func read(_ raw: UnsafeRawBufferPointer, at start: Int, end: Int, minute: Int, value: Bool) -> (
        Double, Int
    )? {
        guard length > 0, start + 16 <= end else { return nil }
        let low = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
        let high = raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)
        guard (low ^ fixed.0) & fixedMask.0 == 0, (high ^ fixed.1) & fixedMask.1 == 0,
            SecondsShape.allDigits(low, digitMask.0), SecondsShape.allDigits(high, digitMask.1)
        else { return nil }
        guard value else { return (.nan, start + length) }
        var part = SecondsPart(
            second: Int(raw[start + 1] &- 0x30) * 10 + Int(raw[start + 2] &- 0x30), end: start + length)
        for k in (start + 4)..<(start + 4 + fractionCount) { part.units = part.units &* 10 &+ Int(raw[k] &- 0x30) }
        (part.fractionCount, part.offset) = (fractionCount, offset)
        return (part.value(minute: minute), part.end)
    }

    /// Takes the layout of `part`, just parsed at `start`, when it and the byte after it fit
    /// in sixteen bytes.
    mutating func learn(_ raw: UnsafeRawBufferPointer, at start: Int, end: Int, _ part: SecondsPart) {
        length = 0
        let count = part.end - start
        guard count < 16, start + 16 <= end, part.fractionCount <= 12 else { return }
        // A sign after the end is a zone that did not parse, whose bytes were looked at.
        guard raw[part.end] != ASCII.plus, raw[part.end] != ASCII.dash else { return }
        // The digits that may change: the seconds (bytes 1–2) and the fraction (from byte 4).
        let fraction = part.hasFraction ? 4..<(4 + part.fractionCount) : 0..<0
        var fixedBits: (UInt64, UInt64) = (0, 0), digitBits: (UInt64, UInt64) = (0, 0)
        for k in 0...count {
            let bit = UInt64(0xFF) << UInt64(8 * (k % 8))
            let isDigit = k == 1 || k == 2 || fraction.contains(k)
            switch (isDigit, k < 8) {
            case (true, true): digitBits.0 |= bit
            case (true, false): digitBits.1 |= bit
            case (false, true): fixedBits.0 |= bit
            case (false, false): fixedBits.1 |= bit
            }
        }
        fixed = (
            raw.loadUnaligned(fromByteOffset: start, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)
        )
        (fixedMask, digitMask) = (fixedBits, digitBits)
        (fractionCount, offset, length) = (part.fractionCount, part.offset, count)
    }

    /// Whether every byte of `x` that `mask` covers is an ASCII digit.
    @inline(__always) private static func allDigits(_ x: UInt64, _ mask: UInt64) -> Bool {
        let zeros: UInt64 = 0x3030_3030_3030_3030, highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let y = (x & mask) | (zeros & ~mask)  // bytes outside the mask count as "0"
        // A digit is 0x3_ with a low half under 10: adding 6 leaves its high half at 3.
        return y & highNibbles == zeros && (y &+ 0x0606_0606_0606_0606) & highNibbles == zeros
    }
}
