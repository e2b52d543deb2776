/// A message about the input or the trace, printed compiler-style: `file:line: warning: text`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The input could not be used.
        case error
        /// Part of the input was skipped or read with a guess.
        case warning
        /// More about an earlier diagnostic.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// Where in the input it was met, when it is about one line.
    public var location: TraceLocation?
    /// A short rule id such as `unparsed-line` or `uikit-warning`.
    public var rule: String
    /// What was met, in a sentence.
    public var message: String

    package init(_ severity: Severity, _ rule: String, _ message: String, at location: TraceLocation?) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
    }

    /// `file:line: warning: [rule] message`.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): [\(rule)] \(message)"
    }
}
