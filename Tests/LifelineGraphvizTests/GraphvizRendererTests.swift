import Foundation
import Testing

@testable import LifelineGraphviz

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The in-process renderer: real libgraphviz, no `dot` process.
struct GraphvizRendererTests {
    static let dot = #"digraph "lifeline" { "A" -> "B" [xlabel="addChild"]; "B" -> "C"; }"#

    final class SVGCounter: NSObject, XMLParserDelegate {
        var nodes = 0, edges = 0, texts: [String] = []
        private var inText = false
        func parser(
            _ p: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            if name == "g" && attributes["class"] == "node" { nodes += 1 }
            if name == "g" && attributes["class"] == "edge" { edges += 1 }
            inText = name == "text"
            if inText { texts.append("") }
        }
        func parser(_ p: XMLParser, foundCharacters s: String) { if inText { texts[texts.count - 1] += s } }
        func parser(_ p: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            inText = false
        }
    }

    static func parseSVG(_ bytes: [UInt8]) throws -> SVGCounter {
        let parser = XMLParser(data: Data(bytes))
        let counter = SVGCounter()
        parser.delegate = counter
        #expect(parser.parse(), "SVG is not well-formed XML")
        return counter
    }

    @Test func rendersSVGWithTheGraphsStructure() throws {
        let svg = try GraphvizRenderer.render(dot: GraphvizRendererTests.dot, format: .svg)
        let counted = try GraphvizRendererTests.parseSVG(svg)
        #expect(counted.nodes == 3)
        #expect(counted.edges == 2)
        #expect(counted.texts.contains("addChild"))
    }

    @Test func rendersPNGAndPDF() throws {
        let png = try GraphvizRenderer.render(dot: GraphvizRendererTests.dot, format: .png)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let pdf = try GraphvizRenderer.render(dot: GraphvizRendererTests.dot, format: .pdf)
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
    }

    @Test func badDOTIsAParseErrorWithGraphvizsMessage() {
        #expect {
            _ = try GraphvizRenderer.render(dot: "digraph { a -> }}}", format: .svg)
        } throws: { error in
            guard let e = error as? GraphvizError else { return false }
            return e.stage == .parse && e.message.contains("syntax error")
        }
    }

    @Test func unknownFormatIsATypedError() {
        #expect(throws: GraphvizError.self) {
            _ = try GraphvizRenderer.render(dot: GraphvizRendererTests.dot, formatName: "bogus")
        }
    }

    @Test func unknownLayoutEngineIsALayoutError() {
        #expect {
            _ = try GraphvizRenderer.render(dot: GraphvizRendererTests.dot, format: .svg, engine: "nope")
        } throws: { error in
            (error as? GraphvizError)?.stage == .layout
        }
    }

    @Test func sixteenParallelRendersAreSafe() async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<16 {
                group.addTask {
                    let dot = "digraph \"g\(i)\" { \(String((0...i).map { "n\($0) -> n\($0 + 1); " }.joined())) }"
                    let svg = try GraphvizRenderer.render(dot: dot, format: .svg)
                    return try GraphvizRendererTests.parseSVG(svg).nodes - (i + 2)
                }
            }
            for try await difference in group { #expect(difference == 0) }
        }
    }
}
