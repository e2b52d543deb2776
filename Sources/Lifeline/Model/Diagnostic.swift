/// A message about the input or the trace, printed compiler-style: `file:line: warning: text`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    public var location: TraceLocation?
    /// A short rule id such as `unparsed-line` or `uikit-warning`.
    public var rule: String
    public var message: String

    public init(_ severity: Severity, _ rule: String, _ message: String, at location: TraceLocation?) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
    }

    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): [\(rule)] \(message)"
    }
}
