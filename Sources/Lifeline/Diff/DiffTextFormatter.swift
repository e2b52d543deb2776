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
        var labelsA = Labels(events: diff.a.events, names: diff.namesA)
        var labelsB = Labels(events: diff.b.events, names: diff.namesB)
        /// `3. A.viewWillAppear` fitted like `cell`, from the escaped label of its object and
        /// event, made once per pair.
        func call(_ labels: inout Labels, _ index: Int, padded: Bool = true) -> String {
            let (label, labelWidth) = labels.label(index)
            let text = String(labels.events.seq(at: index)) + ". " + label
            let width = text.utf8.count - label.utf8.count + labelWidth
            if width > column { return cell(text, padded: padded) }
            return padded ? text + spaces.prefix(column - width) : text
        }
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
                out += call(&labelsA, a) + "     " + call(&labelsB, b, padded: false) + "\n"
            case .changed(let a, let b, let differences):
                out += paint(call(&labelsA, a) + "  ~  " + call(&labelsB, b, padded: false), "36") + "\n"
                for d in differences { out += paint(String(repeating: " ", count: column + 5) + "  " + TextEscaper.line(d), "36") + "\n" }
            case .missing(let a):
                out += paint(call(&labelsA, a) + "  -", "31") + "\n"
            case .extra(let b):
                out += paint(spaces + "  +  " + call(&labelsB, b, padded: false), "32") + "\n"
            case .movedFrom(let a, _):
                out += paint(call(&labelsA, a) + "  <  " + "(moved)", "33") + "\n"
            case .movedTo(_, let b, let anchor):
                out += paint(spaces + "  >  " + cell(diff.callInB(b) + "  ← " + anchor, padded: false), "33") + "\n"
            }
        }
        if hidden > 0 { out += "  ⋯ \(hidden) same call\(hidden == 1 ? "" : "s")\n" }
        out += diff.summary.line + "\n"
        return out
    }

    /// Each object-and-event label of one trace, escaped for a line, with its width in columns.
    private struct Labels {
        let events: EventList, names: DisplayNames
        var index = IdMap(), texts: [(String, Int)] = []

        mutating func label(_ i: Int) -> (String, Int) {
            let key = UInt64(events.objectSymbol(at: i)) << 32 | UInt64(events.eventSymbol(at: i))
            if let known = index[key] { return texts[Int(known)] }
            let text = TextEscaper.line(TraceDiff.label(events, i, names))
            index.insert(key, Int32(texts.count))
            texts.append((text, columns(text)))
            return texts[texts.count - 1]
        }
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
