/// The comparison as SVG: A's calls down the left, B's down the right, a line joining each
/// matched pair. Moved calls are drawn in orange with thick lines, missing calls in red,
/// extra calls in green, changed calls in blue.
public struct DiffSVGFormatter: TraceDiffFormatter {
    /// A formatter for a standalone SVG picture.
    public init() {}

    /// Writes the side-by-side picture to `output`.
    public func write(_ diff: TraceDiff, to output: inout some TextOutputStream) {
        output.write(text(diff).string)
    }

    /// The picture, written into `out` as it is made: the links, then each side's calls.
    package func text(_ diff: TraceDiff, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        // Each kept call's row on its side, by its index in its trace.
        var rowA = [Int32](repeating: -1, count: diff.a.events.count),
            rowB = [Int32](repeating: -1, count: diff.b.events.count)
        for (r, index) in diff.keptA.enumerated() { rowA[index] = Int32(r) }
        for (r, index) in diff.keptB.enumerated() { rowB[index] = Int32(r) }
        let longest =
            [
                DiffSVGFormatter.longestLabel(diff.a.events, diff.keptA, diff.namesA),
                DiffSVGFormatter.longestLabel(diff.b.events, diff.keptB, diff.namesB),
            ].compactMap { $0 }.max() ?? 10
        let column = min(420, max(200, longest * 7 + 50))
        let gap = 160, top = 96, step = 22
        // Each side's heading is its whole file name: the picture widens to hold them.
        let headWidth = { (source: String) in TextWidth.pixels("A: " + source, size: 12) * 11 / 10 + 24 }
        let columnA = max(column, headWidth(diff.a.source) - gap)
        let width = 20 + columnA + gap + max(column, headWidth(diff.b.source)) + 20
        let height = top + max(diff.keptA.count, diff.keptB.count) * step + 30
        let ax = 20, bx = 20 + columnA + gap
        func y(_ row: Int32) -> Int64 { Int64(top) + Int64(row) * Int64(step) }
        var out = out
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"\(ax)\" y=\"22\" font-weight=\"bold\">\(SVGEscaper.text(diff.summary.line))</text>\n"
        out += DiffSVGFormatter.legend(x: ax, y: 44)
        out += "<text x=\"\(ax)\" y=\"74\" font-weight=\"bold\">A: \(SVGEscaper.text(diff.a.source))</text>"
        out += "<text x=\"\(bx)\" y=\"74\" font-weight=\"bold\">B: \(SVGEscaper.text(diff.b.source))</text>\n"
        // The colour of each call that is not unchanged, by its index in its trace.
        var colorA = [Paint](repeating: .plain, count: diff.a.events.count),
            colorB = [Paint](repeating: .plain, count: diff.b.events.count)
        let x1 = ax + column, x2 = bx
        let linkParts = (
            Array("<path class=\"link\" d=\"M\(x1 - 4),".utf8), Array(" C\(x1 + 60),".utf8), Array(" \(x2 - 70),".utf8),
            Array(" \(x2 - 8),".utf8)
        )
        func link(_ a: Int, _ b: Int, _ style: Link, _ bytes: inout [UInt8]) {
            let (y1, y2) = (y(rowA[a]), y(rowB[b]))
            bytes.append(contentsOf: linkParts.0)
            NumberFormat.appendInteger(y1, to: &bytes)
            bytes.append(contentsOf: linkParts.1)
            NumberFormat.appendInteger(y1, to: &bytes)
            bytes.append(contentsOf: linkParts.2)
            NumberFormat.appendInteger(y2, to: &bytes)
            bytes.append(contentsOf: linkParts.3)
            NumberFormat.appendInteger(y2, to: &bytes)
            bytes.append(style.attributes)
        }
        out += "<g class=\"links\">\n"
        let rows = diff.rows
        out.write(itemsOf: rows.count) { range, bytes in
            for row in rows[range] {
                switch row {
                case .same(let a, let b):
                    link(a, b, .same, &bytes)
                case .changed(let a, let b, _):
                    (colorA[a], colorB[b]) = (.changed, .changed)
                    link(a, b, .changed, &bytes)
                case .missing(let a): colorA[a] = .missing
                case .extra(let b): colorB[b] = .extra
                case .movedFrom: break
                case .movedTo(let a, let b, _):
                    (colorA[a], colorB[b]) = (.moved, .moved)
                    link(a, b, .moved, &bytes)
                }
            }
        }
        out += "</g>\n"
        for (side, x, kept, events, names, colors) in [
            ("a", ax, diff.keptA, diff.a.events, diff.namesA, colorA),
            ("b", bx, diff.keptB, diff.b.events, diff.namesB, colorB),
        ] {
            out += "<g class=\"\(side)\">\n"
            var labels = DiffLabels(events, names, escape: { SVGEscaper.text($0) })
            let head = Array("<text class=\"call\" x=\"\(x)\" y=\"".utf8)
            out.write(itemsOf: kept.count) { range, bytes in
                for r in range {
                    let index = kept[r]
                    bytes.append(contentsOf: head)
                    NumberFormat.appendInteger(y(Int32(r)) + 4, to: &bytes)
                    bytes.append(colors[index].attribute)
                    labels.appendCall(index, to: &bytes)
                    bytes.append("</text>\n")
                }
            }
            out += "</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// What each colour and line means, in one row from (`x`, `y`).
    static func legend(x: Int, y: Int) -> String {
        var out = "<g class=\"legend\" font-size=\"11\">"
        var cursor = x
        for (stroke, width, label) in [
            ("#b0b7bf", 1.0, "same call"), ("#fb8500", 3, "moved"), ("#1f6feb", 1.5, "changed"),
        ] {
            out +=
                "<line x1=\"\(cursor)\" y1=\"\(y - 4)\" x2=\"\(cursor + 24)\" y2=\"\(y - 4)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"/>"
            out += "<text x=\"\(cursor + 30)\" y=\"\(y)\" fill=\"#1f2328\">\(label)</text>"
            cursor += 30 + TextWidth.pixels(label, size: 11) + 18
        }
        for (fill, label) in [("#cf222e", "only in A (missing from B)"), ("#1a7f37", "only in B (extra)")] {
            out += "<text x=\"\(cursor)\" y=\"\(y)\" fill=\"\(fill)\">\(label)</text>"
            cursor += TextWidth.pixels(label, size: 11) + 18
        }
        return out + "</g>\n"
    }

    /// How a call is painted.
    private enum Paint: UInt8 {
        case plain, changed, missing, extra, moved

        /// Its colour, as the attribute that follows its `y`.
        var attribute: StaticString {
            switch self {
            case .plain: "\" fill=\"#1f2328\">"
            case .changed: "\" fill=\"#1f6feb\">"
            case .missing: "\" fill=\"#cf222e\">"
            case .extra: "\" fill=\"#1a7f37\">"
            case .moved: "\" fill=\"#bc4c00\">"
            }
        }
    }

    /// How a link is drawn.
    private enum Link {
        case same, changed, moved

        /// The attributes that end its `<path>`.
        var attributes: StaticString {
            switch self {
            case .same: "\" fill=\"none\" stroke=\"#b0b7bf\" stroke-width=\"1\"/>\n"
            case .changed: "\" fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"1.5\"/>\n"
            case .moved: "\" fill=\"none\" stroke=\"#fb8500\" stroke-width=\"3\"/>\n"
            }
        }
    }

    /// The most characters any kept call's `Object.event` label has; nil when none is kept.
    private static func longestLabel(_ events: EventList, _ kept: TraceDiff.Indexes, _ names: DisplayNames) -> Int? {
        var seen = IdMap()
        var longest: Int? = nil
        for i in kept {
            let key = UInt64(events.objectSymbol(at: i)) << 32 | UInt64(events.eventSymbol(at: i))
            guard seen[key] == nil else { continue }
            seen.insert(key, 0)
            longest = max(longest ?? 0, TraceDiff.label(events, i, names).count)
        }
        return longest
    }
}
