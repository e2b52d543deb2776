import Foundation

/// Numbers as every output writes them: the shortest decimal that reads back the same, no
/// exponent, and digit counts for laying out columns.
enum NumberFormat {
    /// How many characters `String(value)` has.
    static func digitCount(_ value: Int) -> Int {
        var n = value < 0 ? 2 : 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            n += 1
        }
        return n
    }

    /// Whether `decimal(value)` takes the short form (at most 21 bytes): any value under about
    /// nine million million in size.
    static func isShort(_ value: Double) -> Bool {
        !value.isFinite || Swift.abs((value * 1_000_000).rounded()) < 9.0e18
    }

    /// `decimal` written straight into a byte buffer.
    static func appendDecimal(_ value: Double, to out: inout [UInt8]) {
        guard isShort(value) else {
            out.append(contentsOf: decimal(value).utf8)
            return
        }
        ByteWriter.append(to: &out, room: ByteWriter.numberRoom) { $0.putDecimal(value) }
    }

    /// An integer's decimal digits, written into a byte buffer.
    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        ByteWriter.append(to: &out, room: ByteWriter.numberRoom) { $0.putInteger(value) }
    }

    /// Fixed, locale-free formatting with at most six decimals and no trailing zeros.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let micro = (value * 1_000_000).rounded()
        let negative = micro < 0
        let magnitude = Swift.abs(micro)
        guard magnitude < 9.0e18 else { return String(format: "%.0f", value) }
        let units = Int64(magnitude)
        let whole = units / 1_000_000
        var frac = units % 1_000_000
        var text = (negative && units != 0 ? "-" : "") + String(whole)
        if frac != 0 {
            var digits = 6
            while frac % 10 == 0 { frac /= 10; digits -= 1 }
            let f = String(frac)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }
}

extension Int {
    /// A double from untrusted input as an Int: rounded, with infinities, NaN and values out of
    /// range clamped instead of trapping.
    init(clamping value: Double) {
        guard value.isFinite else {
            self = value.isNaN ? 0 : (value > 0 ? Int.max / 2 : Int.min / 2)
            return
        }
        let limit = 4.0e18
        self = Int(Swift.max(-limit, Swift.min(limit, value.rounded())))
    }
}
