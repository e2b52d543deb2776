/// The comparison as a GitHub-flavoured Markdown table: `| | A | B | Note |`, then the summary.
public struct DiffMarkdownFormatter {
    public init() {}

    public func format(_ diff: TraceDiff) -> String {
        let namesA = DisplayNames(diff.a), namesB = DisplayNames(diff.b)
        func label(_ trace: Trace, _ index: Int, _ names: DisplayNames) -> String {
            let e = trace.events[index]
            return MarkdownEscaper.cell("\(e.seq). \(names[e.object]).\(e.event)")
        }
        var out = "| | A: \(MarkdownEscaper.cell(diff.a.source)) | B: \(MarkdownEscaper.cell(diff.b.source)) | Note |\n"
        out += "| :-: | --- | --- | --- |\n"
        for row in diff.rows {
            switch row {
            case .same(let a, let b):
                out += "|  | \(label(diff.a, a, namesA)) | \(label(diff.b, b, namesB)) |  |\n"
            case .changed(let a, let b, let differences):
                out += "| ~ | \(label(diff.a, a, namesA)) | \(label(diff.b, b, namesB)) | changed: \(MarkdownEscaper.cell(differences.joined(separator: "; "))) |\n"
            case .missing(let a):
                out += "| − | \(label(diff.a, a, namesA)) |  | missing from B |\n"
            case .extra(let b):
                out += "| + |  | \(label(diff.b, b, namesB)) | extra in B |\n"
            case .movedFrom(let a, _):
                out += "| ↕ | ~~\(label(diff.a, a, namesA))~~ |  | moved (see below) |\n"
            case .movedTo(_, let b, let anchor):
                out += "| ↕ |  | **\(label(diff.b, b, namesB))** | \(MarkdownEscaper.cell(anchor)) |\n"
            }
        }
        out += "\n**Summary:** \(diff.summary.line).\n"
        return out
    }
}
