import Foundation
import Testing

/// -o: refusing the input, creating folders, leaving no temporary files, round trips, the
/// Graphviz pictures, reports, and the scale limits.
@Suite struct OutputFileTests {
    @Test("output over the input is refused")
    func outputOverInput() throws {
        try withScratch { tmp in
            let input = try tmp.write("in.log", try sampleBytes())
            let before = tmp.read("in.log")
            let run = try lifeline("convert", input, "-o", input)
            #expect(run.exit == 2, run.errHead)
            #expect(tmp.read("in.log") == before, "input untouched")
        }
    }

    @Test("-o creates missing directories; the converted trace converts to the same bytes")
    func outputFolderAndRoundTrip() throws {
        try withScratch { tmp in
            let converted = tmp.path("new/dir/trace.jsonl")
            let run = try lifeline("convert", sample, "-o", converted)
            #expect(run.exit == 0, run.errHead)
            #expect(!(tmp.read("new/dir/trace.jsonl") ?? Data()).isEmpty, "output written")
            let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path("new/dir")).filter {
                $0 != "trace.jsonl"
            }
            #expect(left.isEmpty, "no temporary files left")
            let again = try lifeline("convert", converted, "-o", tmp.path("again.jsonl"))
            #expect(again.exit == 0, "convert the converted trace; \(again.errHead)")
            #expect(tmp.read("again.jsonl") == tmp.read("new/dir/trace.jsonl"), "round trip is byte-identical")
        }
    }

    @Test("hierarchy svg")
    func hierarchySVG() throws {
        try withScratch { tmp in
            let run = try lifeline(
                "hierarchy", "Samples/tab-switch-navigation/trace.log", "--format", "svg", "-o", tmp.path("h.svg"))
            #expect(run.exit == 0, run.errHead)
            #expect(isWellFormedXML(tmp.read("h.svg")), "hierarchy svg parses")
        }
    }

    @Test("hierarchy png")
    func hierarchyPNG() throws {
        try withScratch { tmp in
            let run = try lifeline(
                "hierarchy", "Samples/nav-push-pop/trace.log", "--at", "6", "--format", "png", "-o", tmp.path("h.png"))
            #expect(run.exit == 0, run.errHead)
            // head -c 4 h.png | grep -q PNG
            #expect(
                String(decoding: (tmp.read("h.png") ?? Data()).prefix(4), as: UTF8.self).contains("PNG"),
                "png signature")
        }
    }

    @Test("hierarchy --at out of range")
    func hierarchyAtOutOfRange() throws {
        let run = try lifeline("hierarchy", "Samples/nav-push-pop/trace.log", "--at", "99")
        #expect(run.exit == 2, run.errHead)
    }

    @Test("flow pdf")
    func flowPDF() throws {
        try withScratch { tmp in
            let run = try lifeline("flow", "Samples/tab-switch/trace.log", "--format", "pdf", "-o", tmp.path("f.pdf"))
            #expect(run.exit == 0, run.errHead)
        }
    }

    @Test("flow works with no dot on PATH")
    func flowWithoutDot() throws {
        try withScratch { tmp in
            let run = try lifeline(
                "flow", "Samples/tab-switch/trace.log", "--format", "svg", "-o", tmp.path("nodot.svg"),
                environment: ["PATH": "/nonexistent"])
            #expect(run.exit == 0, run.errHead)
        }
    }

    @Test("states text")
    func statesText() throws {
        let run = try lifeline("states", "Samples/child-addsubview-first/trace.log")
        #expect(run.exit == 0, run.errHead)
    }

    @Test("report: page and pictures, byte-identical when written again, --html")
    func report() throws {
        try withScratch { tmp in
            let run = try lifeline("report", "Samples/tab-switch/trace.log", "-o", tmp.path("report"))
            #expect(run.exit == 0, run.errHead)
            for name in ["README.md", "hierarchy.svg", "sequence.svg"] {
                #expect(!(tmp.read("report/\(name)") ?? Data()).isEmpty, "report page and pictures: \(name)")
            }
            try FileManager.default.copyItem(atPath: tmp.path("report"), toPath: tmp.path("report2"))
            let again = try lifeline("report", "Samples/tab-switch/trace.log", "-o", tmp.path("report2"))
            #expect(again.exit == 0, "report again; \(again.errHead)")
            #expect(tmp.read("report/README.md") == tmp.read("report2/README.md"), "report is byte-identical")
            let html = try lifeline("report", "Samples/tab-switch/trace.log", "-o", tmp.path("html"), "--html")
            #expect(html.exit == 0, "report --html; \(html.errHead)")
            #expect(!(tmp.read("html/index.html") ?? Data()).isEmpty, "html page written")
        }
    }

    @Test("report into a folder named by one letter, relative to the working folder")
    func reportIntoAOneLetterFolder() throws {
        try withScratch { tmp in
            let trace = packageRoot.appendingPathComponent("Samples/tab-switch/trace.log").path
            let run = try lifeline("report", trace, "-o", "d", cwd: tmp.url)
            #expect(run.exit == 0, run.errHead)
            #expect(!(tmp.read("d/README.md") ?? Data()).isEmpty, "report page written")
        }
    }

    @Test("sequence mermaid")
    func sequenceMermaid() throws {
        let run = try lifeline("sequence", "Samples/tab-switch/trace.log", "--format", "mermaid")
        #expect(run.exit == 0, run.errHead)
    }

    @Test("timeline chrome-json")
    func timelineChromeJSON() throws {
        try withScratch { tmp in
            let run = try lifeline(
                "timeline", "Samples/tab-switch/trace.log", "--format", "chrome-json", "-o", tmp.path("t.json"))
            #expect(run.exit == 0, run.errHead)
            #expect(isJSON(tmp.read("t.json")), "chrome json parses")
        }
    }

    /// A log of `parents` parents, each adding one child: a forest of twice as many objects.
    private func forestLog(parents: Int, in tmp: Scratch) throws -> String {
        try tmp.write("forest.log", (0..<parents).map { "P\($0) addChild(_:) C\($0)\n" }.joined())
    }

    @Test("a 2800-node forest is placed and drawn")
    func forest() throws {
        try withScratch { tmp in
            let log = try forestLog(parents: 1400, in: tmp)
            let run = try lifeline("hierarchy", log, "--format", "svg", "-o", tmp.path("forest.svg"))
            #expect(run.exit == 0, run.errHead)
            // grep -c 'class="node"': lines, not occurrences.
            let nodes = lines(tmp.text("forest.svg")).filter { String($0).contains(#"class="node""#) }.count
            #expect(nodes == 2800, "forest drawn whole")
        }
    }

    @Test("a forest over twice --max-nodes is refused, and the option lifts it")
    func forestTooBig() throws {
        try withScratch { tmp in
            let log = try forestLog(parents: 1550, in: tmp)
            let run = try lifeline("hierarchy", log, "--format", "svg", "-o", tmp.path("forest.svg"))
            #expect(run.exit == 2, run.errHead)
            #expect(run.err.contains("3100 objects, over the 3000"), run.errHead)
            #expect(run.err.contains("--max-nodes"), "refusal points to options")
            let lifted = try lifeline(
                "hierarchy", log, "--format", "svg", "--max-nodes", "1600", "-o", tmp.path("forest.svg"))
            #expect(lifted.exit == 0, lifted.errHead)
        }
    }

    @Test("a graph too big for dot's layout is refused; its DOT is fine")
    func graphTooBig() throws {
        try withScratch { tmp in
            let log = try tmp.write(
                "wide.log", (0..<800).map { "P\($0) addChild(_:) C\($0)\nQ\($0) addChild(_:) C\($0)\n" }.joined())
            let run = try lifeline("hierarchy", log, "--format", "svg", "-o", tmp.path("wide.svg"))
            #expect(run.exit == 2, run.errHead)
            #expect(run.err.contains("--max-nodes"), "refusal points to options")
            #expect(!FileManager.default.fileExists(atPath: tmp.path("wide.svg")), "no partial output after an error")
            let dot = try lifeline("hierarchy", log, "--format", "dot", "-o", tmp.path("wide.dot"))
            #expect(dot.exit == 0, "hierarchy DOT of a big graph is fine; \(dot.errHead)")
        }
    }
}
