/// A whole recorded scenario: events in order, plus what the reader noticed on the way.
public struct Trace: Sendable {
    public var events: EventList
    /// Problems met while reading: unparsed lines, invalid UTF-8, oversized lines.
    public var diagnostics: [Diagnostic]
    /// Findings about the app that the log itself carried, such as UIKit's
    /// "Unbalanced calls to begin/end appearance transitions".
    public var findings: [Diagnostic] = []
    /// The file name the trace was read from, or `-`.
    public var source: String

    public init(events: EventList = [], diagnostics: [Diagnostic] = [], source: String = "-") {
        self.events = events
        self.diagnostics = diagnostics
        self.source = source
    }

    /// Object ids in order of first appearance, including objects named only in arguments.
    public var objects: [String] {
        var seen = [Bool](repeating: false, count: events.symbols.count)
        var order: [String] = []
        for index in events.indices {
            let symbol = Int(events.objectSymbol(at: index))
            if !seen[symbol] {
                seen[symbol] = true
                order.append(events.symbols[SymbolTable.ID(symbol)])
            }
        }
        return order
    }

}
