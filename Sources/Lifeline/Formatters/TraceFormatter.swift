/// Turns a trace into the text of one output format: a table, a diagram's source, an SVG
/// picture, or the native format.
///
/// Every formatter writes into any `TextOutputStream`, and ``format(_:)`` gives the text as a
/// `String`:
///
/// ```swift
/// let trace = try Trace(contentsOf: URL(fileURLWithPath: "trace.log"))
/// print(MarkdownTableFormatter().format(trace))
/// ```
///
/// The output depends on the trace alone: the same trace gives the same bytes.
public protocol TraceFormatter {
    /// What the formatter throws when it refuses a trace (such as a chart too big to read);
    /// `Never` for formatters that take any trace.
    associatedtype Failure: Error = Never

    /// Writes the trace's text to `output`.
    func write(_ trace: Trace, to output: inout some TextOutputStream) throws(Failure)
}

extension TraceFormatter {
    /// The trace's text.
    public func format(_ trace: Trace) throws(Failure) -> String {
        var text = ""
        try write(trace, to: &text)
        return text
    }
}
