/// The comparison as one self-contained HTML page: inline CSS, no scripts, no external assets.
public struct DiffHTMLFormatter {
    public var title: String

    public init(title: String = "Lifeline comparison") {
        self.title = title
    }

    public func format(_ diff: TraceDiff) -> String {
        func label(_ trace: Trace, _ index: Int, _ names: DisplayNames) -> String {
            let e = trace.events[index]
            return "<span class=\"seq\">\(e.seq).</span> " + SVGEscaper.text("\(names[e.object]).\(e.event)")
        }
        let namesA = diff.namesA, namesB = diff.namesB
        let s = diff.summary
        var out = """
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
        for row in diff.rows {
            switch row {
            case .same(let a, let b):
                out += "<tr class=\"same\"><td class=\"mark\"></td><td class=\"a\">\(label(diff.a, a, namesA))</td><td class=\"b\">\(label(diff.b, b, namesB))</td><td></td></tr>\n"
            case .changed(let a, let b, let d):
                out += "<tr class=\"changed\"><td class=\"mark\">~</td><td class=\"a\">\(label(diff.a, a, namesA))</td><td class=\"b\">\(label(diff.b, b, namesB))</td><td class=\"note\">\(SVGEscaper.text(d.joined(separator: "; ")))</td></tr>\n"
            case .missing(let a):
                out += "<tr class=\"missing\"><td class=\"mark\">−</td><td class=\"a\">\(label(diff.a, a, namesA))</td><td></td><td class=\"note\">missing from B</td></tr>\n"
            case .extra(let b):
                out += "<tr class=\"extra\"><td class=\"mark\">+</td><td></td><td class=\"b\">\(label(diff.b, b, namesB))</td><td class=\"note\">extra in B</td></tr>\n"
            case .movedFrom(let a, _):
                out += "<tr class=\"moved movedFrom\"><td class=\"mark\">↕</td><td class=\"a\">\(label(diff.a, a, namesA))</td><td></td><td class=\"note\">was here in A</td></tr>\n"
            case .movedTo(_, let b, let anchor):
                out += "<tr class=\"moved movedTo\"><td class=\"mark\">↕</td><td></td><td class=\"b\"><strong>\(label(diff.b, b, namesB))</strong></td><td class=\"note\">\(SVGEscaper.text(anchor))</td></tr>\n"
            }
        }
        out += "</tbody>\n</table>\n</body>\n</html>\n"
        return out
    }
}
