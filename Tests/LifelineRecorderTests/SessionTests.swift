import Foundation
import Lifeline
import Testing

@testable import LifelineRecorder

/// A whole session as UIKit makes its calls (a tab bar over two navigation controllers: push,
/// pop, a full-screen presentation, a tab switch, a child added and removed), recorded from
/// fake controllers and read by Lifeline.
@Suite struct SessionTests {
    /// Records the session; the stage keeps the controllers still on screen.
    static func session() -> Stage {
        let s = Stage(
            app: FakeApp(), classNames: ["Home#1": "Demo.Home", "Detail#1": "Demo.Detail", "Sheet#1": "Demo.Sheet"])
        let (tabs, nav1, nav2) = ("UITabBarController", "UINavigationController#1", "UINavigationController#2")
        func tick() { s.app.now += 0.01 }
        s.app.onWrite = { _ in tick() }
        // Launch: each stack gets its root, the tab bar its tabs, and the first tab appears.
        for (nav, root) in [(nav1, "Home"), (nav2, "Profile")] {
            s.on(nav, .setViewControllers([s[root]], animated: false))
            s.on(nav, .addChild(s[root]))
            s.on(root, .willMoveToParent(s[nav]))
            s.on(root, .didMoveToParent(s[nav]))
            s.on(tabs, .addChild(s[nav]))
            s.on(nav, .willMoveToParent(s[tabs]))
            s.on(nav, .didMoveToParent(s[tabs]))
        }
        s.on(tabs, .setSelectedIndex(0, controller: s[nav1]))
        s.each([tabs, nav1, "Home"], .loadView)
        s.each([tabs, nav1, "Home"], .viewDidLoad)
        s.each([tabs, nav1, "Home"], .viewWillAppear(animated: false))
        s.each([tabs, nav1, "Home"], .viewDidAppear(animated: false))
        // Push a detail, then go back.
        s.on(nav1, .push(s["Detail"], animated: true))
        s.on(nav1, .addChild(s["Detail"]))
        s.on("Detail", .willMoveToParent(s[nav1]))
        s.each(["Detail"], .loadView)
        s.each(["Detail"], .viewDidLoad)
        s.on("Home", .viewWillDisappear(animated: true))
        s.on("Detail", .viewWillAppear(animated: true))
        s.on("Home", .viewDidDisappear(animated: true))
        s.on("Detail", .viewDidAppear(animated: true))
        s.on("Detail", .didMoveToParent(s[nav1]))
        s.on(nav1, .pop(animated: true, top: nil))
        s.on("Detail", .willMoveToParent(nil))
        s.on("Detail", .viewWillDisappear(animated: true))
        s.on("Home", .viewWillAppear(animated: true))
        s.on("Detail", .viewDidDisappear(animated: true))
        s.on("Home", .viewDidAppear(animated: true))
        s.on("Detail", .removeFromParent)
        s.on("Detail", .didMoveToParent(nil))
        s.release("Detail")
        // Present a sheet full screen over the tab bar, then dismiss it from inside.
        s.on("Home", .present(s["Sheet"], animated: true))
        s.each(["Sheet"], .loadView)
        s.each(["Sheet"], .viewDidLoad)
        s.each([tabs, nav1, "Home"], .viewWillDisappear(animated: true))
        s.on("Sheet", .viewWillAppear(animated: true))
        s.on("Sheet", .viewDidAppear(animated: true))
        s.each([tabs, nav1, "Home"], .viewDidDisappear(animated: true))
        s.on("Sheet", .dismiss(animated: true, presented: nil))
        s.on("Sheet", .viewWillDisappear(animated: true))
        s.each([tabs, nav1, "Home"], .viewWillAppear(animated: true))
        s.each([tabs, nav1, "Home"], .viewDidAppear(animated: true))
        s.on("Sheet", .viewDidDisappear(animated: true))
        s.release("Sheet")
        // A tap on the second tab.
        s.on(tabs, .shouldSelect(s[nav2], selected: nil))
        s.on(tabs, .setSelectedViewController(s[nav2], index: 1))
        s.each([nav2, "Profile"], .loadView)
        s.each([nav2, "Profile"], .viewDidLoad)
        s.each([nav1, "Home"], .viewWillDisappear(animated: false))
        s.each([nav2, "Profile"], .viewWillAppear(animated: false))
        s.each([nav1, "Home"], .viewDidDisappear(animated: false))
        s.each([nav2, "Profile"], .viewDidAppear(animated: false))
        s.on(tabs, .didSelect(s[nav2]))
        // A child shown in Profile with the appearance calls forwarded by hand, then removed.
        s.on("Profile", .addChild(s["Banner"]))
        s.on("Banner", .willMoveToParent(s["Profile"]))
        s.on("Profile", .addSubview(view: s["Banner"]))
        s.on("Banner", .beginAppearanceTransition(isAppearing: true, animated: false))
        s.on("Banner", .viewWillAppear(animated: false))
        s.on("Banner", .endAppearanceTransition)
        s.on("Banner", .viewDidAppear(animated: false))
        s.on("Banner", .didMoveToParent(s["Profile"]))
        s.on("Banner", .willMoveToParent(nil))
        s.on("Banner", .beginAppearanceTransition(isAppearing: false, animated: false))
        s.on("Banner", .viewWillDisappear(animated: false))
        s.on("Banner", .removeFromSuperview)
        s.on("Banner", .endAppearanceTransition)
        s.on("Banner", .viewDidDisappear(animated: false))
        s.on("Banner", .removeFromParent)
        s.on("Banner", .didMoveToParent(nil))
        return s
    }

    static func load(_ text: String, name: String) throws -> Trace {
        try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: name))
    }

    @Test func aCorrectSessionHasNoFindings() throws {
        let stage = Self.session()
        defer { withExtendedLifetime(stage) {} }
        let trace = try Self.load(stage.app.jsonl, name: "session.jsonl")
        #expect(trace.diagnostics.isEmpty)
        #expect(trace.events.count == stage.app.lines.count)
        #expect(Linter().run(trace).map { "\($0.rule) \($0.seq): \($0.message)" } == [])
    }

    @Test func lifelineWritesTheRecordingBackByteForByte() throws {
        let stage = Self.session()
        defer { withExtendedLifetime(stage) {} }
        let trace = try Self.load(stage.app.jsonl, name: "session.jsonl")
        #expect(JSONLinesFormatter().format(trace) == stage.app.jsonl)
    }

    /// `log stream --style ndjson` wraps each line in an entry; Lifeline reads the same trace.
    @Test func theUnifiedLogExportReadsAsTheSameTrace() throws {
        let stage = Self.session()
        defer { withExtendedLifetime(stage) {} }
        let entries = stage.app.lines.enumerated().map { n, line in
            #"{"traceID":1,"eventMessage":\#(JSONLine.quoted(line)),"eventType":"logEvent","subsystem":"lifeline","category":"trace","#
                + #""threadID":\#(1000 + n),"timestamp":"2026-11-24 10:00:00.000000+0000"}"#
        }
        let header = #"Filtering the log data using "subsystem == \"lifeline\"""#
        let trace = try Self.load(([header] + entries).joined(separator: "\n") + "\n", name: "stream.ndjson")
        #expect(trace.diagnostics.isEmpty)
        #expect(JSONLinesFormatter().format(trace) == stage.app.jsonl)
    }

    @Test func theSessionStateFollowsTheCalls() {
        let stage = Self.session()
        defer { withExtendedLifetime(stage) {} }
        let lines = stage.app.lines
        func line(_ object: String, _ event: String) -> [String] {
            lines.filter { $0.contains(#""object":"\#(object)","event":"\#(event)""#) }
        }
        // A bare pop names what was on top; a dismiss from inside names the presented one.
        #expect(line("UINavigationController#1", "pop").first?.contains(#""from":"Detail#1""#) == true)
        #expect(line("Sheet#1", "dismiss").first?.contains(#""from":"Sheet#1""#) == true)
        // The tap is asked with the tab selected before it, from the tab bar's own calls.
        let asked = line("UITabBarController#1", "shouldSelect").first ?? ""
        #expect(asked.contains(#""args":{"from":"UINavigationController#1","to":"UINavigationController#2"}"#))
        #expect(asked.contains(#""state":{"selectedViewController":"UINavigationController#1"}"#))
        #expect(
            line("UITabBarController#1", "setSelected").last?.contains(
                #""state":{"selectedIndex":1,"selectedViewController":"UINavigationController#2"}"#) == true)
        // A removed child names the parent it leaves; deinits are recorded and forget the object.
        #expect(line("Banner#1", "removeFromParent").first?.contains(#""args":{"parent":"Profile#1"}"#) == true)
        #expect(line("Detail#1", "deinit").count == 1)
        #expect(line("Sheet#1", "deinit").count == 1)
        let state = stage.app.recorder.state
        #expect(state.presented.isEmpty)
        #expect(state.parent[ObjectIdentifier(stage["Banner"])] == nil)
        #expect(state.parent[ObjectIdentifier(stage["Home"])] == ObjectIdentifier(stage["UINavigationController#1"]))
        #expect(state.stacks[ObjectIdentifier(stage["UINavigationController#1"])] == [ObjectIdentifier(stage["Home"])])
        #expect(
            state.selected[ObjectIdentifier(stage["UITabBarController"])]
                == ObjectIdentifier(stage["UINavigationController#2"]))
    }

    /// Calls from several threads come out numbered in one order, each with its thread.
    @Test func callsFromManyThreadsAreNumberedInOneOrder() {
        let lines = LockedLines()
        let recorder = Recorder(
            environment: RecorderEnvironment(
                clock: { 0 }, thread: { Thread.isMainThread ? "main" : "\(Thread.current.hash)" },
                className: { ($0 as! FakeController).className },
                watch: { ($0 as! FakeController).watcher = $1 }, write: { lines.append($0) }))
        let controllers = (0..<8).map { _ in FakeController("Worker") }
        DispatchQueue.concurrentPerform(iterations: controllers.count) { n in
            for _ in 0..<50 { recorder.record(.viewDidLoad, on: controllers[n]) }
        }
        let seqs = lines.all.map { line in Int(line.split(separator: ",")[0].dropFirst(7))! }
        #expect(seqs == Array(1...400))
        #expect(Set(lines.all.map { LineEncodingTests.field("object", $0) }).count == 8)
        withExtendedLifetime(controllers) {}
    }
}

/// Lines written from many threads.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
