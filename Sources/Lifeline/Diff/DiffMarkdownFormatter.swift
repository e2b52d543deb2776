/// The comparison as a GitHub-flavoured Markdown table: `| | A | B | Note |`, then the summary.
public struct DiffMarkdownFormatter {
    public init() {}

    public func format(_ diff: TraceDiff) -> String {
        func inA(_ index: Int) -> String { MarkdownEscaper.cell(diff.callInA(index)) }
        func inB(_ index: Int) -> String { MarkdownEscaper.cell(diff.callInB(index)) }
        var out = "| | A: \(MarkdownEscaper.cell(diff.a.source)) | B: \(MarkdownEscaper.cell(diff.b.source)) | Note |\n"
        out += "| :-: | --- | --- | --- |\n"
        for row in diff.rows {
            switch row {
            case .same(let a, let b):
                out += "|  | \(inA(a)) | \(inB(b)) |  |\n"
            case .changed(let a, let b, let differences):
                out += "| ~ | \(inA(a)) | \(inB(b)) | changed: \(MarkdownEscaper.cell(differences.joined(separator: "; "))) |\n"
            case .missing(let a):
                out += "| − | \(inA(a)) |  | missing from B |\n"
            case .extra(let b):
                out += "| + |  | \(inB(b)) | extra in B |\n"
            case .movedFrom(let a, _):
                out += "| ↕ | ~~\(inA(a))~~ |  | moved (see below) |\n"
            case .movedTo(_, let b, let anchor):
                out += "| ↕ |  | **\(inB(b))** | \(MarkdownEscaper.cell(anchor)) |\n"
            }
        }
        out += "\n**Summary:** \(diff.summary.line).\n"
        return out
    }
}
