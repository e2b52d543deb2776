/// The comparison as one self-contained HTML page: inline CSS, no scripts, no external assets.
public struct DiffHTMLFormatter: TraceDiffFormatter {
    package var title: String

    /// A formatter for a standalone page titled `title`.
    public init(title: String = "Lifeline comparison") {
        self.title = title
    }

    /// Writes the side-by-side page to `output`.
    public func write(_ diff: TraceDiff, to output: inout some TextOutputStream) {
        output.write(text(diff).string)
    }

    /// The page, written into `out` row by row; each label is escaped once.
    package func text(_ diff: TraceDiff, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        var labelsA = DiffLabels(diff.a.events, diff.namesA, escape: { SVGEscaper.text($0) })
        var labelsB = DiffLabels(diff.b.events, diff.namesB, escape: { SVGEscaper.text($0) })
        /// `<span class="seq">3.</span> A.viewWillAppear`
        func label(_ labels: inout DiffLabels, _ index: Int, _ bytes: inout [UInt8]) {
            bytes.append(#"<span class="seq">"#)
            NumberFormat.appendInteger(Int64(labels.events.seq(at: index)), to: &bytes)
            bytes.append(".</span> ")
            bytes.append(contentsOf: labels.label(index).bytes)
        }
        let s = diff.summary
        var out = out
        out += """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(SVGEscaper.text(title))</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px; color: #1f2328; }
            h1 { font-size: 20px; margin: 0 0 8px; }
            .summary span { display: inline-block; margin-right: 14px; padding: 2px 8px; border-radius: 10px; background: #eef1f4; }
            .summary .moved { background: #fff1c2; } .summary .missing { background: #ffd7d5; }
            .summary .extra { background: #d2f4d3; } .summary .changed { background: #d6ecff; }
            table { border-collapse: collapse; margin-top: 16px; width: 100%; max-width: 1100px; }
            th, td { border-bottom: 1px solid #e1e4e8; padding: 4px 10px; text-align: left; vertical-align: top; }
            th { background: #f6f8fa; }
            td.mark { width: 2em; text-align: center; font-weight: bold; }
            tr.moved td { background: #fff8dc; } tr.missing td { background: #ffeceb; }
            tr.extra td { background: #eafbea; } tr.changed td { background: #eaf4ff; }
            tr.movedFrom td.a { text-decoration: line-through; color: #8a6d00; }
            .seq { color: #6e7781; font-variant-numeric: tabular-nums; }
            .note { color: #57606a; }
            </style>
            </head>
            <body>
            <h1>\(SVGEscaper.text(title))</h1>
            <p>A: <code>\(SVGEscaper.text(diff.a.source))</code> &nbsp; B: <code>\(SVGEscaper.text(diff.b.source))</code></p>
            <p class="summary"><span>\(s.same) same</span><span class="moved">\(s.moved) moved</span><span class="missing">\(s.missing) missing</span><span class="extra">\(s.extra) extra</span><span class="changed">\(s.changed) changed</span></p>
            <table>
            <thead><tr><th></th><th>A</th><th>B</th><th>Note</th></tr></thead>
            <tbody>

            """
        let rows = diff.rows
        out.write(itemsOf: rows.count) { range, bytes in
            for row in rows[range] {
                switch row {
                case .same(let a, let b):
                    bytes.append(#"<tr class="same"><td class="mark"></td><td class="a">"#)
                    label(&labelsA, a, &bytes)
                    bytes.append(#"</td><td class="b">"#)
                    label(&labelsB, b, &bytes)
                    bytes.append("</td><td></td></tr>\n")
                case .changed(let a, let b, let d):
                    bytes.append(#"<tr class="changed"><td class="mark">~</td><td class="a">"#)
                    label(&labelsA, a, &bytes)
                    bytes.append(#"</td><td class="b">"#)
                    label(&labelsB, b, &bytes)
                    bytes.append(
                        contentsOf: "</td><td class=\"note\">\(SVGEscaper.text(d.joined(separator: "; ")))</td></tr>\n"
                            .utf8)
                case .missing(let a):
                    bytes.append(#"<tr class="missing"><td class="mark">−</td><td class="a">"#)
                    label(&labelsA, a, &bytes)
                    bytes.append("</td><td></td><td class=\"note\">missing from B</td></tr>\n")
                case .extra(let b):
                    bytes.append(#"<tr class="extra"><td class="mark">+</td><td></td><td class="b">"#)
                    label(&labelsB, b, &bytes)
                    bytes.append("</td><td class=\"note\">extra in B</td></tr>\n")
                case .movedFrom(let a, _):
                    bytes.append(#"<tr class="moved movedFrom"><td class="mark">↕</td><td class="a">"#)
                    label(&labelsA, a, &bytes)
                    bytes.append("</td><td></td><td class=\"note\">was here in A</td></tr>\n")
                case .movedTo(_, let b, let anchor):
                    bytes.append(#"<tr class="moved movedTo"><td class="mark">↕</td><td></td><td class="b"><strong>"#)
                    label(&labelsB, b, &bytes)
                    bytes.append(
                        contentsOf: "</strong></td><td class=\"note\">\(SVGEscaper.text(anchor))</td></tr>\n".utf8)
                }
            }
        }
        out += "</tbody>\n</table>\n</body>\n</html>\n"
        return out
    }
}
