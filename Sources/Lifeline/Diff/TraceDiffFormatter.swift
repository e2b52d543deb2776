/// Turns the comparison of two traces into the text of one output format.
public protocol TraceDiffFormatter {
    /// Writes the comparison's text to `output`.
    func write(_ diff: TraceDiff, to output: inout some TextOutputStream)
}

extension TraceDiffFormatter {
    /// The comparison's text.
    public func format(_ diff: TraceDiff) -> String {
        var text = ""
        write(diff, to: &text)
        return text
    }
}
