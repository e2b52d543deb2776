/// The comparison as a GitHub-flavoured Markdown table: `| | A | B | Note |`, then the summary.
public struct DiffMarkdownFormatter: TraceDiffFormatter {
    /// A formatter for GitHub-flavoured Markdown.
    public init() {}

    /// Writes the comparison table to `output`.
    public func write(_ diff: TraceDiff, to output: inout some TextOutputStream) {
        output.write(text(diff).string)
    }

    /// The table, written into `out` row by row; each label is escaped once.
    package func text(_ diff: TraceDiff, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        var labelsA = DiffLabels(diff.a.events, diff.namesA, escape: MarkdownEscaper.cell)
        var labelsB = DiffLabels(diff.b.events, diff.namesB, escape: MarkdownEscaper.cell)
        var out = out
        out += "| | A: \(MarkdownEscaper.cell(diff.a.source)) | B: \(MarkdownEscaper.cell(diff.b.source)) | Note |\n"
        out += "| :-: | --- | --- | --- |\n"
        let rows = diff.rows
        // Where each moved call stands now, so its old row can point up or down to it.
        var newPlace: [Int: Int] = [:]
        for (k, row) in rows.enumerated() { if case .movedTo(let a, _, _) = row { newPlace[a] = k } }
        out.write(itemsOf: rows.count) { range, bytes in
            for (k, row) in zip(range, rows[range]) {
                switch row {
                case .same(let a, let b):
                    bytes.append("|  | ")
                    labelsA.appendCall(a, to: &bytes)
                    bytes.append(" | ")
                    labelsB.appendCall(b, to: &bytes)
                    bytes.append(" |  |\n")
                case .changed(let a, let b, let differences):
                    bytes.append("| ~ | ")
                    labelsA.appendCall(a, to: &bytes)
                    bytes.append(" | ")
                    labelsB.appendCall(b, to: &bytes)
                    bytes.append(
                        contentsOf: " | changed: \(MarkdownEscaper.cell(differences.joined(separator: "; "))) |\n".utf8)
                case .missing(let a):
                    bytes.append("| − | ")
                    labelsA.appendCall(a, to: &bytes)
                    bytes.append(" |  | missing from B |\n")
                case .extra(let b):
                    bytes.append("| + |  | ")
                    labelsB.appendCall(b, to: &bytes)
                    bytes.append(" | extra in B |\n")
                case .movedFrom(let a, _):
                    bytes.append("| ↕ | ~~")
                    labelsA.appendCall(a, to: &bytes)
                    bytes.append(
                        (newPlace[a] ?? k) < k ? "~~ |  | moved (see above) |\n" : "~~ |  | moved (see below) |\n")
                case .movedTo(_, let b, let anchor):
                    bytes.append("| ↕ |  | **")
                    labelsB.appendCall(b, to: &bytes)
                    bytes.append(contentsOf: "** | \(MarkdownEscaper.cell(anchor)) |\n".utf8)
                }
            }
        }
        out += "\n**Summary:** \(diff.summary.line).\n"
        return out
    }
}
