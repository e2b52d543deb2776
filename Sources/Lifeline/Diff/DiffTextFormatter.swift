/// The comparison for a terminal: two columns, a marker between them, and a summary line.
/// Markers: `-` missing from B, `+` extra in B, `<` where a moved call was, `>` where it is
/// now, `~` changed arguments or state. Colour only when asked (the CLI asks on a TTY without
/// `NO_COLOR`). With `context`, only that many unchanged calls are shown around each
/// difference, as `diff -U`; longer runs of unchanged calls are counted on one line.
public struct DiffTextFormatter {
    public var width: Int
    public var color: Bool
    public var context: Int?

    public init(width: Int = 120, color: Bool = false, context: Int? = nil) {
        self.width = max(60, width)
        self.color = color
        self.context = context.map { max(0, $0) }
    }

    public func format(_ diff: TraceDiff) -> String {
        let column = (width - 5) / 2
        let spaces = String(repeating: " ", count: column)
        /// The text fitted to the column: cut with `…` when too long; padded on the left side.
        func cell(_ text: String, padded: Bool = true) -> String {
            let t = TextEscaper.line(text)
            let width = columns(t)
            if width > column { return String(t.prefix(column - 1)) + "…" }
            return padded ? t + spaces.prefix(column - width) : t
        }
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var out = cell("A: " + diff.a.source) + "     " + cell("B: " + diff.b.source, padded: false) + "\n"
        let shown = visibleRows(diff.rows)
        var hidden = 0
        for (index, row) in diff.rows.enumerated() {
            guard shown[index] else {
                hidden += 1
                continue
            }
            if hidden > 0 {
                out += "  ⋯ \(hidden) same call\(hidden == 1 ? "" : "s")\n"
                hidden = 0
            }
            switch row {
            case .same(let a, let b):
                out += cell(diff.callInA(a)) + "     " + cell(diff.callInB(b), padded: false) + "\n"
            case .changed(let a, let b, let differences):
                out += paint(cell(diff.callInA(a)) + "  ~  " + cell(diff.callInB(b), padded: false), "36") + "\n"
                for d in differences { out += paint(String(repeating: " ", count: column + 5) + "  " + TextEscaper.line(d), "36") + "\n" }
            case .missing(let a):
                out += paint(cell(diff.callInA(a)) + "  -", "31") + "\n"
            case .extra(let b):
                out += paint(String(repeating: " ", count: column) + "  +  " + cell(diff.callInB(b), padded: false), "32") + "\n"
            case .movedFrom(let a, _):
                out += paint(cell(diff.callInA(a)) + "  <  " + "(moved)", "33") + "\n"
            case .movedTo(_, let b, let anchor):
                out += paint(String(repeating: " ", count: column) + "  >  " + cell(diff.callInB(b) + "  ← " + anchor, padded: false), "33") + "\n"
            }
        }
        if hidden > 0 { out += "  ⋯ \(hidden) same call\(hidden == 1 ? "" : "s")\n" }
        out += diff.summary.line + "\n"
        return out
    }

    /// Which rows to print: all without `context`; otherwise the differences and the unchanged
    /// rows within `context` of one.
    private func visibleRows(_ rows: TraceDiff.Rows) -> [Bool] {
        guard let context else { return [Bool](repeating: true, count: rows.count) }
        var shown = [Bool](repeating: false, count: rows.count)
        var lastDifference = -1
        for (index, row) in rows.enumerated() {
            if case .same = row {
                if lastDifference >= 0, index - lastDifference <= context { shown[index] = true }
                continue
            }
            shown[index] = true
            for before in max(0, index - context)..<index { shown[before] = true }
            lastDifference = index
        }
        return shown
    }
}
