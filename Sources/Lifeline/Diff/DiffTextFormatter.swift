/// The comparison for a terminal: two columns, a marker between them, and a summary line.
/// Markers: `-` missing from B, `+` extra in B, `<` where a moved call was, `>` where it is
/// now, `~` changed arguments or state. Colour only when asked (the CLI asks on a TTY without
/// `NO_COLOR`). With `context`, only that many unchanged calls are shown around each
/// difference, as `diff -U`; longer runs of unchanged calls are counted on one line.
public struct DiffTextFormatter: TraceDiffFormatter {
    package var width: Int
    package var color: Bool
    package var context: Int?

    /// A formatter for `width` columns, in ANSI colours when `color` is true, showing only
    /// `context` unchanged rows around each change when it is set.
    public init(width: Int = 120, color: Bool = false, context: Int? = nil) {
        self.width = max(60, width)
        self.color = color
        self.context = context.map { max(0, $0) }
    }

    /// Writes the side-by-side text to `output`.
    public func write(_ diff: TraceDiff, to output: inout some TextOutputStream) {
        output.write(text(diff).string)
    }

    /// The comparison as UTF-8 bytes. Unchanged rows, nearly all of a long comparison, are
    /// copied from each label's bytes, made once; the few differences are made as strings.
    package func text(_ diff: TraceDiff, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let column = (width - 5) / 2
        let spaces = String(repeating: " ", count: column)
        let spaceBytes = [UInt8](repeating: 0x20, count: column)
        /// The text fitted to the column: cut with `…` when too long; padded on the left side.
        func cell(_ text: String, padded: Bool = true) -> String {
            let t = TextEscaper.line(text)
            let width = columns(t)
            if width > column { return String(t.prefix(column - 1)) + "…" }
            return padded ? t + spaces.prefix(column - width) : t
        }
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var labelsA = DiffLabels(diff.a.events, diff.namesA, escape: TextEscaper.line)
        var labelsB = DiffLabels(diff.b.events, diff.namesB, escape: TextEscaper.line)
        /// `3. A.viewWillAppear` fitted like `cell`, from the escaped label of its object and
        /// event, made once per pair.
        func call(_ labels: inout DiffLabels, _ index: Int, padded: Bool = true, into bytes: inout [UInt8]) {
            let label = labels.label(index)
            let seq = labels.events.seq(at: index)
            let width = NumberFormat.digitCount(seq) + 2 + label.characters
            guard width <= column else {
                bytes.append(contentsOf: cell(String(seq) + ". " + label.text, padded: padded).utf8)
                return
            }
            NumberFormat.appendInteger(Int64(seq), to: &bytes)
            bytes.append(". ")
            bytes.append(contentsOf: label.bytes)
            if padded { bytes.append(contentsOf: spaceBytes[0..<(column - width)]) }
        }
        func call(_ labels: inout DiffLabels, _ index: Int, padded: Bool = true) -> String {
            var bytes: [UInt8] = []
            call(&labels, index, padded: padded, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = out
        // Names too long for their columns go on lines of their own, whole: cut, two paths
        // often lose the very part that tells them apart.
        let headA = TextEscaper.line("A: " + diff.a.source), headB = TextEscaper.line("B: " + diff.b.source)
        if columns(headA) > column || columns(headB) > column {
            out += headA + "\n" + headB + "\n"
        } else {
            out += cell(headA) + "     " + cell(headB, padded: false) + "\n"
        }
        let shown = visibleRows(diff.rows)
        var hidden = 0
        func sameCalls(_ bytes: inout [UInt8]) {
            bytes.append("  ⋯ ")
            NumberFormat.appendInteger(Int64(hidden), to: &bytes)
            if hidden == 1 { bytes.append(" same call\n") } else { bytes.append(" same calls\n") }
            hidden = 0
        }
        let rows = diff.rows
        var index = 0
        while index < rows.count {
            // A few thousand rows at a time, so a long comparison goes to the file as it is made.
            let end = min(rows.count, index + 4096)
            out.write { bytes in
                while index < end {
                    defer { index += 1 }
                    guard shown[index] else {
                        hidden += 1
                        continue
                    }
                    if hidden > 0 { sameCalls(&bytes) }
                    if let (a, b) = rows.same(index) {
                        call(&labelsA, a, into: &bytes)
                        bytes.append("     ")
                        call(&labelsB, b, padded: false, into: &bytes)
                        bytes.append("\n")
                        continue
                    }
                    var line = ""
                    switch rows[index] {
                    case .same: break
                    case .changed(let a, let b, let differences):
                        line = paint(call(&labelsA, a) + "  ~  " + call(&labelsB, b, padded: false), "36") + "\n"
                        for d in differences {
                            line +=
                                paint(String(repeating: " ", count: column + 5) + "  " + TextEscaper.line(d), "36")
                                + "\n"
                        }
                    case .missing(let a):
                        line = paint(call(&labelsA, a) + "  -", "31") + "\n"
                    case .extra(let b):
                        line = paint(spaces + "  +  " + call(&labelsB, b, padded: false), "32") + "\n"
                    case .movedFrom(let a, _):
                        line = paint(call(&labelsA, a) + "  <  " + "(moved)", "33") + "\n"
                    case .movedTo(_, let b, let anchor):
                        // The note goes on a line of its own when it would not fit beside the call.
                        let callText = diff.callInB(b)
                        if columns(TextEscaper.line(callText + "  ← " + anchor)) <= column {
                            line =
                                paint(spaces + "  >  " + cell(callText + "  ← " + anchor, padded: false), "33") + "\n"
                        } else {
                            line = paint(spaces + "  >  " + cell(callText, padded: false), "33") + "\n"
                            line += paint(spaces + "       ← " + TextEscaper.line(anchor), "33") + "\n"
                        }
                    }
                    bytes.append(contentsOf: line.utf8)
                }
            }
        }
        out.write { bytes in
            if hidden > 0 { sameCalls(&bytes) }
            bytes.append(contentsOf: (diff.summary.line + "\n").utf8)
        }
        return out
    }

    /// Which rows to print: all without `context`; otherwise the differences and the unchanged
    /// rows within `context` of one.
    private func visibleRows(_ rows: TraceDiff.Rows) -> [Bool] {
        guard let context else { return [Bool](repeating: true, count: rows.count) }
        var shown = [Bool](repeating: false, count: rows.count)
        var lastDifference = -1
        for index in rows.indices {
            if rows.same(index) != nil {
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
