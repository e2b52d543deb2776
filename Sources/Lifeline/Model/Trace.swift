/// A recorded scenario: its calls in order, plus what the reader noticed on the way.
///
/// Read one with ``init(contentsOf:format:options:)`` or ``init(parsing:format:options:)``,
/// then hand it to a ``TraceFormatter`` to make a table or a diagram, to ``Linter`` to check
/// it, or to ``TraceDiff`` with a second trace to compare the two.
public struct Trace: Sendable {
    /// The calls, in the order they were made.
    public package(set) var events: EventList
    /// Problems met while reading, such as lines that could not be read, invalid UTF-8 or
    /// overlong lines. The rest of the input is still read.
    public package(set) var diagnostics: [Diagnostic]
    /// Findings about the app that the log itself carried, such as UIKit's
    /// "Unbalanced calls to begin/end appearance transitions".
    public package(set) var findings: [Diagnostic] = []
    /// The file name the trace was read from, or `-`.
    public package(set) var source: String

    /// Makes a trace from calls already in hand, for example from a test or a recorder.
    public init(events: [TraceEvent] = [], source: String = "-") {
        self.init(events: EventList(events), diagnostics: [], source: source)
    }

    package init(events: EventList, diagnostics: [Diagnostic] = [], source: String = "-") {
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
