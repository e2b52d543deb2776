import Foundation

/// A scalar value carried in an event's `args` or `state`.
public enum ArgValue: Sendable, Hashable, CustomStringConvertible {
    /// Text, or a controller's id such as `HomeViewController#1`.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// `true` or `false`; logs' `YES`/`NO` read as these.
    case bool(Bool)
    /// No value: `nil` or `(null)` in a log.
    case null

    /// The value as a person reads it: `B`, `1`, `true`, `nil`.
    public var description: String {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return NumberFormat.decimal(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "nil"
        }
    }

    /// The text, for a `.string`.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The truth value, for a `.bool` or an `.int` (non-zero is true).
    public var boolValue: Bool? {
        switch self {
        case .bool(let b): return b
        case .int(let i): return i != 0
        default: return nil
        }
    }

    /// Interprets a word written in a log: `YES`, `true`, `1`, `nil`, `(null)`, a number, or text.
    package static func parse(logWord raw: String) -> ArgValue {
        var word = Substring(raw)
        while word.first == " " || word.first == "\t" { word = word.dropFirst() }
        while word.last == " " || word.last == "\t" { word = word.dropLast() }
        guard let first = word.utf8.first else { return .string("") }
        switch word {
        case "YES", "true", "True", "TRUE": return .bool(true)
        case "NO", "false", "False", "FALSE": return .bool(false)
        case "nil", "(null)", "null", "<nil>", "none", "None": return .null
        default: break
        }
        // Numbers start with a digit or a sign.
        if ASCII.isDigit(first) || first == ASCII.dash || first == ASCII.plus {
            if let i = Int(word) { return .int(i) }
            if word.contains("."), let d = Double(word), d.isFinite { return .double(d) }
        }
        return .string(String(word))
    }
}

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
