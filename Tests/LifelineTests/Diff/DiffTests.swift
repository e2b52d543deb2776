import Foundation
import Testing

@testable import Lifeline

#if canImport(FoundationXML)
    import FoundationXML
#endif

struct DiffTests {
    static func diff(_ a: String, _ b: String, _ options: TraceDiff.Options = .init()) throws -> TraceDiff {
        TraceDiff(try Fixture.loadSample(a), try Fixture.loadSample(b), options: options)
    }

    @Test func seed000AgainstSeed002IsExactlyOneMove() throws {
        let d = try DiffTests.diff(
            "Samples/tab-order-compared/trace-1-old-tab-first.log",
            "Samples/tab-order-compared/trace-2-new-tab-first.log",
            .init(match: .role))
        #expect(d.summary == TraceDiff.Summary(same: 3, moved: 1, missing: 0, extra: 0, changed: 0))
        let moved = d.rows.compactMap { row -> String? in
            if case .movedTo(_, let b, let anchor) = row {
                return "\(d.b.events[b].object).\(d.b.events[b].event) \(anchor)"
            }
            return nil
        }
        #expect(moved == ["B#1.viewWillAppear moved before A.viewWillDisappear"])
    }

    @Test func seed001CorrectAgainstWrongShowsTheExtraViewDidAppear() throws {
        let d = try DiffTests.diff("Samples/addchild-order/trace-correct.log", "Samples/addchild-order/trace-wrong.log")
        #expect(d.summary.extra == 1 && d.summary.missing == 0)
        let extra = d.rows.compactMap { row -> String? in
            if case .extra(let b) = row { return d.b.events[b].event }
            return nil
        }
        #expect(extra == ["viewDidAppear"])
    }

    @Test func pushAgainstModalIsTheDidAppearDidDisappearSwap() throws {
        let d = try DiffTests.diff("Samples/push-vs-modal/trace-push.log", "Samples/push-vs-modal/trace-modal.log")
        #expect(d.summary == TraceDiff.Summary(same: 4, moved: 1, missing: 0, extra: 0, changed: 0))
        let text = DiffTextFormatter(width: 200).format(d)
        #expect(text.contains("DetailViewController.viewDidAppear  ← moved before ListViewController.viewDidDisappear"))
    }

    @Test func longRunsOfSameCallsAreCountedNotPrinted() throws {
        func trace(_ lines: [String]) throws -> Trace { try Fixture.trace(lines.joined(separator: "\n") + "\n") }
        let common = (1...20).map { "C\($0) viewDidLoad" }
        let a = try trace(
            common + ["X viewDidLoad"]
                + common.map { $0.replacingOccurrences(of: "viewDidLoad", with: "viewWillLayoutSubviews") })
        let b = try trace(
            common + common.map { $0.replacingOccurrences(of: "viewDidLoad", with: "viewWillLayoutSubviews") })
        let d = TraceDiff(a, b, options: .init(ignoreLayout: false))
        #expect(d.summary == TraceDiff.Summary(same: 40, moved: 0, missing: 1, extra: 0, changed: 0))
        let text = DiffTextFormatter(width: 100, context: 2).format(d)
        let lines = text.split(separator: "\n")
        // Header, 18 hidden, 2 before, the difference, 2 after, 18 hidden, the summary.
        #expect(lines.count == 9)
        #expect(lines[1] == "  ⋯ 18 same calls")
        #expect(lines[4].contains("X.viewDidLoad"))
        #expect(lines[7] == "  ⋯ 18 same calls")
        #expect(DiffTextFormatter(width: 100).format(d).split(separator: "\n").count == 43)
    }

    @Test func theSameScenarioInTwoLogStylesHasNoDifferences() throws {
        let d = try DiffTests.diff(
            "Samples/same-scenario-two-styles/trace-nslog.log", "Samples/same-scenario-two-styles/trace-print.log")
        #expect(d.summary.isIdentical)
        #expect(d.summary.same == 6)
    }

    @Test func changedArgumentsAndStateAreReported() throws {
        let a = try Fixture.trace("[shouldSelect] from: A, to: B\nA: viewWillAppear animated = YES\n")
        let b = try Fixture.trace("[shouldSelect] from: A, to: C\nA: viewWillAppear animated = NO\n")
        let d = TraceDiff(a, b)
        #expect(d.summary.changed == 2)
        guard case .changed(_, _, let differences) = d.rows[0] else { Issue.record("expected a change"); return }
        #expect(differences.contains("to: B → C"))
    }

    @Test func stateImpliedByACallsOwnArgumentsIsNotCompared() throws {
        // Read with derived state, A's `shouldSelect` adds nothing (B is already selected) and
        // the other's says B was selected before it: only the calls before differ.
        let a = try Fixture.trace("[didSelect] to: B\n[shouldSelect] from: B, to: C\n")
        let b = try Fixture.trace("[shouldSelect] from: B, to: C\n")
        #expect(a.events.state(at: 1).isEmpty && !b.events.state(at: 0).isEmpty)
        let d = TraceDiff(a, b)
        #expect(d.summary.changed == 0 && d.summary.missing == 1 && d.summary.same == 1)
        // State a trace logs beyond its arguments is still compared.
        let c = try Fixture.trace(#"{"seq":1,"object":"A","event":"viewDidAppear","state":{"mode":"edit"}}"# + "\n")
        let e = try Fixture.trace(#"{"seq":1,"object":"A","event":"viewDidAppear","state":{"mode":"read"}}"# + "\n")
        #expect(TraceDiff(c, e).summary.changed == 1)
        // The same pair of values met under another event is compared for that event: `to`
        // implies the selected tab on `didSelect`, not on `shouldSelect`.
        let said = #"{"args":{"to":"B"},"state":{"selectedViewController":"B"},"object":"T","seq":1,"event":"#
        let bare = #"{"args":{"to":"B"},"object":"T","seq":1,"event":"#
        var asLogged = ReadOptions()
        asLogged.derivesState = false
        let f = try Fixture.trace(
            said + #""didSelect"}"# + "\n" + said + #""shouldSelect"}"# + "\n", options: asLogged)
        let g = try Fixture.trace(
            bare + #""didSelect"}"# + "\n" + bare + #""shouldSelect"}"# + "\n", options: asLogged)
        #expect(f.events.extrasID(at: 0) == f.events.extrasID(at: 1))
        let kinds = TraceDiff(f, g)
        #expect(kinds.summary.same == 1 && kinds.summary.changed == 1)
    }

    @Test func ignoringAndFiltering() throws {
        let a = try Fixture.trace("A: viewDidLoad\nA: viewWillLayoutSubviews\nA: viewWillAppear\n")
        let b = try Fixture.trace("A: viewWillAppear\nA: viewDidLayoutSubviews\n")
        #expect(!TraceDiff(a, b).summary.isIdentical)
        #expect(TraceDiff(a, b, options: .init(ignore: ["viewDidLoad"])).summary.isIdentical)
        #expect(TraceDiff(a, b, options: .init(appearanceOnly: true)).summary.isIdentical)
        #expect(!TraceDiff(a, b, options: .init(ignore: ["viewDidLoad"], ignoreLayout: false)).summary.isIdentical)
    }

    @Test func classAndRoleMatching() throws {
        let a = try Fixture.trace(
            "<M.HomeViewController: 0x1> viewWillAppear\n<M.HomeViewController: 0x2> viewWillAppear\n")
        let b = try Fixture.trace("<M.HomeViewController: 0x9> viewWillAppear\n<M.HomeVC: 0x8> viewWillAppear\n")
        #expect(!TraceDiff(a, b).summary.isIdentical)
        #expect(TraceDiff(a, b, options: .init(match: .role)).summary.isIdentical)
        #expect(!TraceDiff(a, b, options: .init(match: .class)).summary.isIdentical)
        // A role's words, however joined.
        let c = try Fixture.trace("A ViewController viewWillAppear\nB_VC viewDidAppear\n")
        let d = try Fixture.trace("A: viewWillAppear\nB: viewDidAppear\n")
        #expect(TraceDiff(c, d, options: .init(match: .role)).summary.isIdentical)
    }

    @Test func longestIncreasingSubsequence() {
        #expect(TraceDiff.longestIncreasing([1, 0, 2, 3]) == [1, 2, 3])
        #expect(TraceDiff.longestIncreasing([]) == [])
        #expect(TraceDiff.longestIncreasing([3, 2, 1]).count == 1)
        #expect(TraceDiff.longestIncreasing([0, 8, 4, 12, 2, 10, 6, 14, 1, 9]).count == 4)
    }

    @Test func veryDifferentTracesStayFast() throws {
        // Reversed order: every call matched, almost all moved; the alignment is O(n log n).
        var a = "", b = ""
        for i in 0..<20_000 { a += "C\(i): viewDidLoad\n" }
        for i in (0..<20_000).reversed() { b += "C\(i): viewDidLoad\n" }
        let d = TraceDiff(try Fixture.trace(a), try Fixture.trace(b))
        #expect(d.summary.moved == 19_999 && d.summary.same == 1)
    }

    static let pairs = [
        (
            "Samples/tab-order-compared/trace-1-old-tab-first.log",
            "Samples/tab-order-compared/trace-2-new-tab-first.log",
            TraceDiff.Match.role
        ),
        ("Samples/addchild-order/trace-correct.log", "Samples/addchild-order/trace-wrong.log", .instance),
        ("Samples/push-vs-modal/trace-push.log", "Samples/push-vs-modal/trace-modal.log", .instance),
        (
            "Samples/same-scenario-two-styles/trace-nslog.log", "Samples/same-scenario-two-styles/trace-print.log",
            .instance
        ),
    ]

    @Test func goldenDiffsCheckedByTheirConsumers() throws {
        for (a, b, match) in DiffTests.pairs {
            let d = try DiffTests.diff(a, b, .init(match: match))
            let folder = a.split(separator: "/")[1]
            let outputs = [
                ("diff.txt", DiffTextFormatter().format(d)), ("diff.md", DiffMarkdownFormatter().format(d)),
                ("diff.html", DiffHTMLFormatter().format(d)), ("diff.svg", DiffSVGFormatter().format(d)),
            ]
            for (name, text) in outputs { try Fixture.assertSnapshot(text, named: "\(folder)/\(name)") }
            let html = try Fixture.run("cmark-gfm", ["-e", "table"], input: DiffMarkdownFormatter().format(d))
            #expect(html.output.components(separatedBy: "<tr>").count - 1 == d.rows.count + 1)
            #expect(XMLParser(data: Data(DiffSVGFormatter().format(d).utf8)).parse())
            let page = DiffHTMLFormatter().format(d)
            #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("<script"))
            #expect(
                XMLParser(
                    data: Data(
                        page.replacingOccurrences(of: "<!DOCTYPE html>\n", with: "").replacingOccurrences(
                            of: "&nbsp;", with: "&#160;"
                        ).utf8
                    )
                ).parse())
        }
    }

    @Test func colourOnlyWhenAsked() throws {
        let d = try DiffTests.diff("Samples/push-vs-modal/trace-push.log", "Samples/push-vs-modal/trace-modal.log")
        #expect(!DiffTextFormatter(color: false).format(d).contains("\u{1B}["))
        #expect(DiffTextFormatter(color: true).format(d).contains("\u{1B}[33m"))
    }
}

struct ReportTests {
    @Test func htmlReportIsSelfContained() throws {
        let trace = try Fixture.loadSample("Samples/tab-switch/trace.log")
        let other = try Fixture.loadSample("Samples/tab-switch-new-tab-first/trace.log")
        let builder = ReportBuilder(title: "T <b>&", command: "lifeline report x", compare: other, match: .role)
        let report = builder.build(trace)
        var pictures: [String: String] = [:]
        for file in report.files { if let content = file.content { pictures[file.name] = content } }
        let page = ReportHTMLFormatter(builder: builder).format(trace, pictures: pictures)
        #expect(
            !page.contains("<script") && !page.contains("<link") && !page.contains("src=\"http")
                && !page.contains("@import"))
        #expect(page.contains("T &lt;b&gt;&amp;"))
        let xml = page.replacingOccurrences(of: "<!DOCTYPE html>\n", with: "")
        #expect(XMLParser(data: Data(xml.utf8)).parse())
        #expect(report.markdown.contains("## Compared with"))
    }

    /// A long trace's page shows the transitions within its first `maxCalls` calls, says so,
    /// and names the commands that give the rest; a short one is shown whole.
    @Test func longTracePageShowsItsFirstTransitions() throws {
        var log = ""
        for k in 0..<40 {
            let (from, to) = k % 2 == 0 ? ("A", "B") : ("B", "A")
            log += "[shouldSelect] from: <\(from)ViewController: 0x1>, to: <\(to)ViewController: 0x2>\n"
            log += "-[\(from)ViewController viewWillDisappear:]\n-[\(to)ViewController viewWillAppear:]\n"
            log += "-[\(from)ViewController viewDidDisappear:]\n-[\(to)ViewController viewDidAppear:]\n"
            log += "[didSelect] to: <\(to)ViewController: 0x2>\n"
        }
        let trace = try Fixture.trace(log, name: "switches.log")
        #expect(trace.events.count == 240)
        let page = ReportBuilder(title: "T", command: "lifeline report x", maxCalls: 50).build(trace).markdown
        #expect(page.contains("This page shows steps 1–48 of 240"))
        #expect(page.contains("- … and 32 more transitions: `lifeline stats switches.log` lists them all."))
        #expect(page.contains("| 48 |") && !page.contains("| 49 |"))
        #expect(try Fixture.run("cmark-gfm", ["--extension", "table"], input: page).status == 0)
        let whole = ReportBuilder(title: "T", command: "lifeline report x", maxCalls: 240).build(trace).markdown
        #expect(!whole.contains("This page shows") && whole.contains("| 240 |"))
    }

    /// A page whose first calls end no transition says so, not that the trace has none, and
    /// counts one more transition in the singular.
    @Test func pageOfCallsBeforeTheOnlyTransitionSaysSo() throws {
        var log = ""
        for k in 0..<30 { log += "-[Cell\(k)ViewController viewDidLoad]\n" }
        log += "[shouldSelect] from: <AViewController: 0x1>, to: <BViewController: 0x2>\n"
        log += "-[AViewController viewWillDisappear:]\n-[BViewController viewWillAppear:]\n"
        log += "-[AViewController viewDidDisappear:]\n-[BViewController viewDidAppear:]\n"
        log += "[didSelect] to: <BViewController: 0x2>\n"
        let trace = try Fixture.trace(log, name: "late.log")
        let report = ReportBuilder(title: "T", command: "lifeline report x", maxCalls: 10)
        let page = report.build(trace).markdown
        #expect(page.contains("- No transition ends within the steps shown.\n"))
        #expect(!page.contains("the trace has no appearance or container calls"))
        #expect(page.contains("- … and 1 more transition: `lifeline stats late.log` lists them all."))
        let html = ReportHTMLFormatter(builder: report).format(trace, pictures: [:])
        #expect(html.contains("<li>No transition ends within the steps shown.</li>"))
        #expect(html.contains("<li>… and 1 more transition: <code>"))
    }

    @Test func storySaysWhenTheStateChanged() throws {
        let trace = try Fixture.loadSample("Samples/tab-switch/trace.log")
        let story = ReportBuilder.story(trace, TransitionDetector.detect(trace), DisplayNames(trace))
        #expect(
            story == [
                "Steps 1–6, tab switch: **AViewController** disappeared and **BViewController** appeared; AViewController.viewWillDisappear (step 2) came before BViewController.viewWillAppear (step 3); AViewController.viewDidDisappear (step 4) came before BViewController.viewDidAppear (step 5); `selectedViewController` was AViewController at step 1 (shouldSelect); `selectedViewController` changed from AViewController to BViewController at step 6 (didSelect), after BViewController.viewDidAppear."
            ])
    }
}

@Suite struct DiffAnchorTests {
    @Test func aCallMovedToTheEndIsAfterTheLastThatStayed() throws {
        let a = try Fixture.trace("X viewDidLoad\nA viewDidLoad\nB viewDidLoad\n")
        let b = try Fixture.trace("A viewDidLoad\nB viewDidLoad\nX viewDidLoad\n")
        let d = TraceDiff(a, b)
        let anchors = d.rows.compactMap { row -> String? in
            if case .movedTo(_, _, let anchor) = row { return anchor }
            return nil
        }
        #expect(anchors.count == 1)
        #expect(anchors.first == "moved after B.viewDidLoad")
    }
}

/// Each trace's name is shown whole: two paths cut at a column's end often lose the part that
/// tells them apart (`…-ios11-present.log`, `…-ios13-present.log`).
@Suite struct DiffHeadingTests {
    static let a = "logs/jako-03-leefilll-modal-ios11-present-with-a-long-name.log"
    static let b = "logs/jako-04-leefilll-modal-ios13-present-with-a-long-name.log"

    static func diff() throws -> TraceDiff {
        TraceDiff(
            try Fixture.trace("A viewWillAppear\nA viewDidAppear\n", name: a),
            try Fixture.trace("A viewWillAppear\nB viewDidAppear\n", name: b))
    }

    @Test func longNamesGoOnLinesOfTheirOwnInText() throws {
        let text = DiffTextFormatter(width: 100).text(try Self.diff()).string
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "A: " + Self.a)
        #expect(lines[1] == "B: " + Self.b)
    }

    @Test func thePictureIsWideEnoughForBothNames() throws {
        let svg = DiffSVGFormatter().text(try Self.diff()).string
        #expect(svg.contains("A: " + Self.a) && svg.contains("B: " + Self.b))
        let width = try #require(svg.firstRange(of: #/width="(\d+)"/#).map { Int(svg[$0].dropFirst(7).dropLast())! })
        let bx = try #require(svg.firstRange(of: #/<text x="(\d+)" y="74" font-weight="bold">B:/#))
        let x = Int(svg[bx].dropFirst(9).prefix(while: \.isNumber))!
        #expect(x + TextWidth.pixels("B: " + Self.b) <= width)
        #expect(20 + TextWidth.pixels("A: " + Self.a) < x)
    }
}
