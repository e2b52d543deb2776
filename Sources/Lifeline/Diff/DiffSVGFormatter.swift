/// The comparison as SVG: A's calls down the left, B's down the right, a line joining each
/// matched pair. Moved calls are drawn in orange with thick lines, missing calls in red,
/// extra calls in green, changed calls in blue.
public struct DiffSVGFormatter {
    public init() {}

    public func format(_ diff: TraceDiff) -> String {
        var rowA: [Int: Int] = [:], rowB: [Int: Int] = [:]
        for (r, index) in diff.keptA.enumerated() { rowA[index] = r }
        for (r, index) in diff.keptB.enumerated() { rowB[index] = r }
        let longest = (diff.labelsA + diff.labelsB).map(\.count).max() ?? 10
        let column = min(420, max(200, longest * 7 + 50))
        let gap = 160, top = 70, step = 22
        let width = column * 2 + gap + 40
        let height = top + max(diff.keptA.count, diff.keptB.count) * step + 30
        let ax = 20, bx = 20 + column + gap
        func y(_ row: Int) -> Int { top + row * step }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"\(ax)\" y=\"22\" font-weight=\"bold\">\(SVGEscaper.text(diff.summary.line))</text>\n"
        out += "<text x=\"\(ax)\" y=\"48\" font-weight=\"bold\">A: \(SVGEscaper.text(diff.a.source))</text>"
        out += "<text x=\"\(bx)\" y=\"48\" font-weight=\"bold\">B: \(SVGEscaper.text(diff.b.source))</text>\n"
        var colorA: [Int: String] = [:], colorB: [Int: String] = [:]
        var links = ""
        for row in diff.rows {
            switch row {
            case .same(let a, let b):
                links += link(y(rowA[a]!), y(rowB[b]!), ax + column, bx, "#b0b7bf", 1)
            case .changed(let a, let b, _):
                colorA[a] = "#1f6feb"; colorB[b] = "#1f6feb"
                links += link(y(rowA[a]!), y(rowB[b]!), ax + column, bx, "#1f6feb", 1.5)
            case .missing(let a): colorA[a] = "#cf222e"
            case .extra(let b): colorB[b] = "#1a7f37"
            case .movedFrom: break
            case .movedTo(let a, let b, _):
                colorA[a] = "#bc4c00"; colorB[b] = "#bc4c00"
                links += link(y(rowA[a]!), y(rowB[b]!), ax + column, bx, "#fb8500", 3)
            }
        }
        out += "<g class=\"links\">\n" + links + "</g>\n"
        out += "<g class=\"a\">\n"
        for (r, index) in diff.keptA.enumerated() {
            out += "<text class=\"call\" x=\"\(ax)\" y=\"\(y(r) + 4)\" fill=\"\(colorA[index] ?? "#1f2328")\">\(SVGEscaper.text(diff.callInA(index)))</text>\n"
        }
        out += "</g>\n<g class=\"b\">\n"
        for (r, index) in diff.keptB.enumerated() {
            out += "<text class=\"call\" x=\"\(bx)\" y=\"\(y(r) + 4)\" fill=\"\(colorB[index] ?? "#1f2328")\">\(SVGEscaper.text(diff.callInB(index)))</text>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    private func link(_ y1: Int, _ y2: Int, _ x1: Int, _ x2: Int, _ color: String, _ width: Double) -> String {
        "<path class=\"link\" d=\"M\(x1 - 4),\(y1) C\(x1 + 60),\(y1) \(x2 - 70),\(y2) \(x2 - 8),\(y2)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(NumberFormat.decimal(width))\"/>\n"
    }
}
