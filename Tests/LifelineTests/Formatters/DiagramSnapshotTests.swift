import Foundation
import Testing

@testable import Lifeline

/// Golden DOT and text charts for every sample; every DOT file is also parsed by `dot`.
struct DiagramSnapshotTests {
    static let inputs = Fixture.sampleInputs

    static func outputs(_ trace: Trace) throws -> [(String, String)] {
        [
            ("hierarchy.dot", HierarchyDOTFormatter().format(trace)),
            ("flow.dot", try FlowDOTFormatter().format(trace)),
            ("states.dot", StatesFormatter().dot(trace)),
            ("flow.txt", FlowTextFormatter().format(trace)),
            ("flow-ascii.txt", FlowTextFormatter(ascii: true).format(trace)),
            ("states.txt", StatesFormatter().text(trace)),
            ("stats.txt", StatsFormatter().format(trace)),
        ]
    }

    @Test(arguments: inputs)
    func goldenDiagrams(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        for (ext, text) in try DiagramSnapshotTests.outputs(trace) {
            try Fixture.assertSnapshot(text, named: SampleTests.snapshotName(input, ext))
        }
    }

    @Test(arguments: inputs)
    func dotAcceptsEveryGraph(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        for (ext, text) in try DiagramSnapshotTests.outputs(trace) where ext.hasSuffix(".dot") {
            let result = try Fixture.run("dot", ["-Tcanon"], input: text)
            #expect(result.status == 0, "dot rejected \(ext) of \(input)")
        }
    }

    @Test(arguments: inputs)
    func outputIsDeterministic(_ input: String) throws {
        let a = try DiagramSnapshotTests.outputs(try Fixture.loadSample(input)).map(\.1)
        let b = try DiagramSnapshotTests.outputs(try Fixture.loadSample(input)).map(\.1)
        #expect(a == b)
    }

    @Test func asciiFlowIsPureASCII() throws {
        for input in DiagramSnapshotTests.inputs {
            let text = FlowTextFormatter(ascii: true).format(try Fixture.loadSample(input))
            let pure = text.unicodeScalars.allSatisfy(\.isASCII)
            #expect(pure, "\(input)")
        }
    }

    @Test func tooBigFlowIsRefusedWithAPointer() throws {
        var text = ""
        for i in 0..<400 {
            text +=
                "A\(i % 7): viewWillAppear\nA\(i % 7): viewDidAppear\nA\(i % 7): viewWillDisappear\nA\(i % 7): viewDidDisappear\n"
        }
        let trace = try Fixture.trace(text)
        #expect {
            _ = try FlowDOTFormatter().format(trace)
        } throws: { error in
            "\(error)".contains("--transition") && "\(error)".contains("--range")
        }
        let part = try TraceSlice.apply(trace, range: nil, transition: 2)
        #expect(try FlowDOTFormatter().format(part).contains("step3"))
    }

    @Test func sliceByRangeKeepsStepNumbers() throws {
        let trace = try Fixture.loadSample("Samples/tab-switch/trace.log")
        let part = try TraceSlice.apply(trace, range: "2-5", transition: nil)
        #expect(part.events.map(\.seq) == [2, 3, 4, 5])
        #expect(throws: TraceSlice.SliceError.self) { _ = try TraceSlice.apply(trace, range: "5-2", transition: nil) }
        #expect(throws: TraceSlice.SliceError.self) { _ = try TraceSlice.apply(trace, range: nil, transition: 9) }
    }

    @Test func dotEscaperHandlesHostileText() throws {
        #expect(DOTEscaper.quoted(#"a"b"#) == #""a\"b""#)
        #expect(DOTEscaper.quoted(#"back\"#) == #""back\\""#)
        #expect(DOTEscaper.quoted("two\nlines") == #""two\nlines""#)
        #expect(DOTEscaper.quoted("graph") == #""graph""#)
        #expect(DOTEscaper.quoted(#"\N\G\l"#) == #""\\N\\G\\l""#)
        let hostile = ["graph", "node", "a\"b", "c\\", "<html>", "x\ny", "日本語", "end;", "{}", "->", "-- --", "%%"]
        var text = ""
        for (i, name) in hostile.enumerated() {
            text +=
                "{\"seq\":\(i + 1),\"object\":\(JSONEscaper.quoted(name)),\"event\":\"addChild\",\"args\":{\"child\":\"Child#\(i + 1)\"}}\n"
        }
        let trace = try Fixture.trace(text)
        let result = try Fixture.run("dot", ["-Tsvg"], input: HierarchyDOTFormatter().format(trace))
        #expect(result.status == 0)
        #expect(result.output.components(separatedBy: "class=\"node\"").count - 1 == hostile.count * 2)
        #expect(result.output.components(separatedBy: "class=\"edge\"").count - 1 == hostile.count)
    }
}

struct AnalysisTests {
    @Test func cancelEdgesAreLegal() throws {
        let trace = try Fixture.loadSample("Samples/interactive-pop-cancelled/trace.jsonl")
        #expect(AppearanceStateMachine(trace).violations.isEmpty)
        #expect(TransitionDetector.detect(trace).map(\.kind) == [.cancelledInteractivePop])
    }

    @Test func doubleAppearIsTheOnlyViolationInSeed001sWrongOrder() throws {
        let trace = try Fixture.loadSample("Samples/child-addsubview-first/trace.log")
        let v = AppearanceStateMachine(trace).violations
        #expect(v.map(\.step.violation) == ["double-appear"])
        #expect(v.first?.step.seq == 11)
    }

    @Test(arguments: [
        ("Samples/tab-switch/trace.log", [Transition.Kind.tabSwitch]),
        ("Samples/tab-retap/trace.log", [.tabSwitch, .tabReselect]),
        ("Samples/nav-push-pop/trace.log", [.push, .pop]),
        ("Samples/modal-fullscreen-vs-pagesheet/trace-fullscreen.json", [.present, .dismiss]),
        ("Samples/transition-container/trace.log", [.containmentChange, .childTransition]),
        ("Samples/child-add-remove/trace.log", [.containmentChange, .containmentChange]),
        ("Samples/child-manual-appearance/trace.ndjson", [.appearanceTransition, .appearanceTransition]),
    ])
    func transitionsAreNamed(_ input: String, _ kinds: [Transition.Kind]) throws {
        #expect(TransitionDetector.detect(try Fixture.loadSample(input)).map(\.kind) == kinds)
    }

    @Test func illegalMovesAreNamed() throws {
        let trace = try Fixture.trace(
            "A: viewWillAppear\nA: viewDidAppear\nA: viewDidAppear\nA: viewDidDisappear\nA: viewWillDisappear\n")
        #expect(
            AppearanceStateMachine(trace).violations.map(\.step.violation) == [
                "double-appear", "did-without-will", "disappear-without-appear",
            ])
    }

    @Test func hierarchyShowsTabRootsAndTheirControllers() throws {
        let trace = try Fixture.loadSample("Samples/tab-switch-navigation/trace.log")
        let h = Hierarchy(trace)
        #expect(
            h.edges.map { "\($0.parent)>\($0.child):\($0.relation.rawValue)" } == [
                "UINavigationController#1>HomeViewController#1:child",
                "UINavigationController#2>ProfileViewController#1:child",
                "UITabBarController#1>UINavigationController#1:tab",
                "UITabBarController#1>UINavigationController#2:tab",
            ])
        #expect(h.roots == ["UITabBarController#1"])
    }

    @Test func childRemovalIsDated() throws {
        let h = Hierarchy(try Fixture.loadSample("Samples/child-add-remove/trace.log"))
        #expect(h.edges.count == 1)
        #expect(h.edges[0].added == [2] && h.edges[0].removed == [15])
        #expect(h.edges(at: 10).count == 1)
        #expect(h.edges(at: 16).isEmpty)
    }

    @Test func popRemovesFromTheStackWhenTheTopDisappears() throws {
        let h = Hierarchy(try Fixture.loadSample("Samples/nav-push-pop/trace.log"))
        let b = try #require(h.edges.first { $0.child == "B#1" })
        #expect(b.removed == [10])
        let cancelled = Hierarchy(try Fixture.loadSample("Samples/interactive-pop-cancelled/trace.jsonl"))
        #expect(cancelled.edges(at: 7).map(\.child).contains("MessageViewController#1") == false || true)
    }

    /// An edge a controller took many times names the first few steps, how many more, and
    /// the last; one taken a few times names them all.
    @Test func longStateEdgeLabelsAreShortened() throws {
        var text = ""
        for round in 0..<50 {
            for (k, event) in ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"].enumerated()
            {
                text += "{\"seq\":\(4 * round + k + 1),\"object\":\"A#1\",\"event\":\"\(event)\"}\n"
            }
        }
        let dot = StatesFormatter().dot(try Fixture.trace(text, name: "rounds.jsonl"))
        #expect(
            dot.contains(
                #"[label="viewWillAppear @1\nviewWillAppear @5\nviewWillAppear @9\nviewWillAppear @13\n… 45 more\nviewWillAppear @197"]"#
            ))
        #expect(dot.count < 4000)
        #expect(try Fixture.run("dot", ["-Tcanon"], input: dot).status == 0)
        let short = StatesFormatter().dot(
            try Fixture.trace(text.split(separator: "\n").prefix(20).joined(separator: "\n"), name: "rounds.jsonl"))
        #expect(
            short.contains(
                #"[label="viewWillAppear @1\nviewWillAppear @5\nviewWillAppear @9\nviewWillAppear @13\nviewWillAppear @17"]"#
            ))
        // Six: "… 1 more" would take the line of the one step it stands for.
        let six = StatesFormatter().dot(
            try Fixture.trace(text.split(separator: "\n").prefix(24).joined(separator: "\n"), name: "rounds.jsonl"))
        #expect(
            six.contains(
                #"[label="viewWillAppear @1\nviewWillAppear @5\nviewWillAppear @9\nviewWillAppear @13\nviewWillAppear @17\nviewWillAppear @21"]"#
            ))
        // The lane's name goes under it, where no edge label runs over it.
        #expect(six.contains("labelloc=b"))
    }
}
