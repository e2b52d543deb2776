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
