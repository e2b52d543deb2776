/// Why a trace could not be read. Every way of reading a trace throws only this.
public struct TraceReadError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Reason: Sendable, Hashable {
        /// The input could not be opened or read, or a reading option is not usable (such as
        /// a pattern that is not a regular expression).
        case unreadable
        /// The input looks like source code or documentation, not a log.
        case notALog
        /// The input was read, but no line of it is a lifecycle call.
        case noCalls
    }

    /// What kind of failure it was.
    public var reason: Reason
    /// What went wrong, with the input's name; for `noCalls`, the first lines that could not
    /// be read and a pattern that might read them.
    public var description: String
    /// Warnings met before the failure (binary bytes, overlong lines, wrong JSON types), which
    /// often say why nothing was read.
    public var warnings: [Diagnostic]

    package init(_ reason: Reason, _ description: String, warnings: [Diagnostic] = []) {
        self.reason = reason
        self.description = description
        self.warnings = warnings
    }

    /// A read error for any failure met while reading: itself when it is one already.
    package init(_ error: any Error) {
        if let error = error as? TraceReadError {
            self = error
        } else {
            self.init(.unreadable, "\(error)")
        }
    }

    /// The error for an input in which no call was read.
    package init(_ empty: TraceLoader.EmptyTrace) {
        self.init(empty.notALog == nil ? .noCalls : .notALog, empty.description, warnings: empty.warnings)
    }
}
