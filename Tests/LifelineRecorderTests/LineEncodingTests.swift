import Foundation
import Testing

@testable import LifelineRecorder

/// The lines the recorder writes: key order, escaping, numbers, ids.
@Suite struct LineEncodingTests {
    @Test func keysComeInTheFormatsOrderWithArgsAndStateSorted() {
        let app = FakeApp()
        app.addresses = ["MyApp.Tabs": "0x10", "MyApp.Home": "0x20", "MyApp.Profile": "0x30"]
        let tabs = FakeController("MyApp.Tabs")
        let home = FakeController("MyApp.Home")
        let profile = FakeController("MyApp.Profile")
        app.now = 100
        app.thread = "259"
        app.call(tabs, .shouldSelect(profile, selected: home))
        app.now = 100.0125
        app.call(home, .viewWillDisappear(animated: true))
        #expect(
            app.lines == [
                #"{"seq":1,"object":"Tabs#1","event":"shouldSelect","class":"MyApp.Tabs","address":"0x10","time":0,"thread":"259","args":{"from":"Home#1","to":"Profile#1"},"state":{"selectedViewController":"Home#1"}}"#,
                #"{"seq":2,"object":"Home#1","event":"viewWillDisappear","class":"MyApp.Home","address":"0x20","time":0.0125,"thread":"259","args":{"animated":true}}"#,
            ])
    }

    @Test func stringsAreEscapedAsLifelineEscapesThem() {
        #expect(JSONLine.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONLine.quoted("line\nreturn\rtab\t") == #""line\nreturn\rtab\t""#)
        #expect(JSONLine.quoted("\u{1}\u{1F}\u{7F}") == #""\u0001\u001f\u007f""#)
        #expect(JSONLine.quoted("\u{2028}\u{2029}") == #""\u2028\u2029""#)
        #expect(JSONLine.quoted("Ünïcödé 控制器 🙂") == "\"Ünïcödé 控制器 🙂\"")
    }

    @Test func numbersHaveAtMostSixDecimals() {
        #expect(JSONLine.decimal(0) == "0")
        #expect(JSONLine.decimal(1.5) == "1.5")
        #expect(JSONLine.decimal(0.0000004) == "0")
        #expect(JSONLine.decimal(0.0000005) == "0.000001")
        #expect(JSONLine.decimal(2.1234567) == "2.123457")
        #expect(JSONLine.decimal(-0.25) == "-0.25")
        #expect(JSONLine.decimal(.nan) == "0")
    }

    @Test func idsAreNumberedPerClassWithoutTheModule() {
        let app = FakeApp()
        let first = FakeController("App.Detail")
        let second = FakeController("Other.Detail")
        let list = FakeController("List")
        app.call(first, .viewDidLoad)
        app.call(list, .present(second, animated: true))
        app.call(second, .viewDidLoad)
        let objects = app.lines.map { Self.field("object", $0) }
        #expect(objects == ["Detail#1", "List#1", "Detail#2"])
        #expect(app.lines[1].contains(#""args":{"animated":true,"to":"Detail#2"}"#))
    }

    @Test func aDeinitRetiresTheIdAndANewObjectGetsTheNext() {
        let app = FakeApp()
        var detail: FakeController? = FakeController("Detail")
        app.call(detail!, .viewDidLoad)
        detail = nil
        let again = FakeController("Detail")
        app.call(again, .viewDidLoad)
        #expect(
            app.lines.map { Self.field("object", $0) + " " + Self.field("event", $0) } == [
                "Detail#1 viewDidLoad", "Detail#1 deinit", "Detail#2 viewDidLoad",
            ])
    }

    @Test func theClassFilterLeavesOutCallsButNotIds() {
        let app = FakeApp()
        app.includes = LifelineRecorder.isAppController
        let input = FakeController("UIInputWindowController")
        let privateOne = FakeController("_UIAlertControllerShimPresenter")
        let home = FakeController("Home")
        app.call(input, .viewWillAppear(animated: false))
        app.call(privateOne, .viewDidLoad)
        app.call(home, .addChild(input))
        #expect(app.lines.count == 1)
        #expect(app.lines[0].contains(#""args":{"child":"UIInputWindowController#1"}"#))
    }

    @Test func layoutCallsAreKeptOnlyWhenAsked() {
        let dropping = FakeApp()
        let keeping = FakeApp()
        keeping.keepsLayout = true
        let homes = [FakeController("Home"), FakeController("Home")]
        for (app, home) in zip([dropping, keeping], homes) {
            app.call(home, .viewWillLayoutSubviews)
            app.call(home, .viewDidLayoutSubviews)
            app.call(home, .viewDidAppear(animated: false))
        }
        #expect(dropping.lines.count == 1)
        #expect(
            keeping.lines.map { Self.field("event", $0) } == [
                "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear",
            ])
    }

    @Test func aNestedCallOfTheSameFamilyIsRecordedOnce() {
        let app = FakeApp()
        #expect(app.recorder.enter("select"))
        #expect(!app.recorder.enter("select"))
        app.thread = "2"
        #expect(app.recorder.enter("select"))
        app.recorder.leave("select")
        app.thread = "1"
        app.recorder.leave("select")
        #expect(app.recorder.enter("select"))
    }

    @Test func theFileDestinationHoldsEachLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lifeline-recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var logged: [String] = []
        let options = LifelineRecorder.Options(destinations: [.unifiedLog, .file], fileName: "trace.jsonl")
        let output = RecorderOutput(options: options, temporaryDirectory: directory) { logged.append($0) }
        output.write(#"{"seq":1}"#)
        output.write(#"{"seq":2}"#)
        let text = try String(contentsOf: directory.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        #expect(text == "{\"seq\":1}\n{\"seq\":2}\n")
        #expect(logged.count == 2)
        let logOnly = RecorderOutput(options: LifelineRecorder.Options(), temporaryDirectory: directory) { _ in }
        #expect(logOnly.file == nil)
    }

    @Test func theAppsOwnEventsGoInOrderWithTheirArguments() {
        struct Size { var width = 2 }
        let app = FakeApp()
        let home = FakeController("Home")
        let detail = FakeController("Detail")
        Recorder.current = app.recorder
        defer { Recorder.current = nil }
        app.call(home, .viewDidLoad)
        LifelineRecorder.record(
            "didTapRow", on: home,
            [
                "row": 3, "ratio": 0.5, "title": "Inbox \"new\"", "open": true, "detail": detail, "none": nil,
                "size": Size(),
            ])
        #expect(
            app.lines[1].contains(
                #""event":"didTapRow","#)
                && app.lines[1].hasSuffix(
                    #""args":{"detail":"Detail#1","none":null,"open":true,"ratio":0.5,"row":3,"size":"Size(width: 2)","title":"Inbox \"new\""}}"#
                ))
    }

    /// The string value of a top-level key in one line.
    static func field(_ key: String, _ line: String) -> String {
        guard let start = line.range(of: "\"\(key)\":\"") else { return "" }
        let rest = line[start.upperBound...]
        return String(rest[..<rest.firstIndex(of: "\"")!])
    }
}
