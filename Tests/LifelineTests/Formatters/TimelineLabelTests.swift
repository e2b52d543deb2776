import Testing

@testable import Lifeline

/// A band's label cut to its room in one pass, against cutting a character at a time.
@Suite struct TimelineLabelTests {
    static func reference(_ text: String, room: Double) -> String? {
        if Double(TextWidth.pixels(text, size: 10)) <= room { return text }
        var characters = Array(text)
        while characters.count > 4 {
            characters.removeLast()
            let shown = String(characters) + "…"
            if Double(TextWidth.pixels(shown, size: 10)) <= room { return shown }
        }
        return nil
    }

    @Test func fittedMatchesCuttingACharacterAtATime() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("HomeViewController#12 iWMé漢e\u{301}👍🏽→")
        for _ in 0..<3000 {
            let text = String((0..<Int.random(in: 0...30, using: &random)).map { _ in alphabet.randomElement()! })
            let room = Double(Int.random(in: 0...200, using: &random))
            #expect(
                SVGTimelineFormatter.fitted(text, room: room) == Self.reference(text, room: room), "\(text) \(room)")
        }
    }

    /// A label of 40 000 letters is cut in one pass (cutting a letter at a time took minutes).
    @Test func aLongNameIsCutAtOnce() {
        let label = SVGTimelineFormatter.fitted(String(repeating: "Q", count: 40_000), room: 100)
        #expect(label == String(repeating: "Q", count: 11) + "…")
    }

    /// A lane's name wider than the column of names is cut there, whole in its tooltip, so it
    /// never runs into the lane's boxes.
    @Test func aLongLaneNameIsCutToItsColumn() throws {
        let long = "VeryLongAccountSettingsNotificationPreferencesDetailViewController"
        let trace = try Fixture.trace(
            "Home viewWillAppear\nHome viewDidAppear\n\(long) viewWillAppear\n\(long) viewDidAppear\n")
        let svg = SVGTimelineFormatter().text(trace).string
        let width = SVGTimelineFormatter.maxLabelWidth
        let cut = try #require(SVGTimelineFormatter.laneLabel(long, width: width))
        #expect(cut.hasSuffix("…") && TextWidth.pixels(cut, size: 12) <= width - 14)
        #expect(svg.contains(">\(cut)</text>") && svg.contains("<title>\(long)</title>\(cut)"))
        #expect(SVGTimelineFormatter.laneLabel("Home", width: 120) == nil && svg.contains(">Home</text>"))
    }

    /// The column grows to a name of wide letters that fits under its cap, measured, not
    /// counted: the name is shown whole.
    @Test func aShortNameOfWideLettersIsWhole() throws {
        for name in ["WWWWWWWWWWWW", "首页视图控制器详情页面设置中心"] {
            let log = "<App.\(name): 0x1> viewWillAppear(_:) true\n<App.\(name): 0x1> viewDidAppear(_:) true\n"
            let svg = SVGTimelineFormatter().text(try Fixture.trace(log)).string
            #expect(svg.contains(">\(name)</text>") && !svg.contains("…</text>"), "\(name)")
        }
    }

    /// On an axis cut at an idle stretch, the end of one piece and the start of the next are
    /// labelled only where their labels do not touch.
    @Test func axisLabelsAroundACutDoNotTouch() throws {
        let log = """
            2021-02-20 16:00:00.000000+0800 App[1:1] <App.Home: 0x1> viewDidLoad
            2021-02-20 16:00:00.100000+0800 App[1:1] <App.Home: 0x1> viewWillAppear(_:) true
            2021-02-20 16:00:00.200000+0800 App[1:1] <App.Home: 0x1> viewDidAppear(_:) true
            2021-02-20 16:00:01.100000+0800 App[1:1] <App.Home: 0x1> viewWillDisappear(_:) true
            2021-02-20 16:00:01.150000+0800 App[1:1] <App.Detail: 0x2> viewWillAppear(_:) true
            2021-02-20 16:00:01.600000+0800 App[1:1] <App.Home: 0x1> viewDidDisappear(_:) true
            2021-02-20 16:00:01.650000+0800 App[1:1] <App.Detail: 0x2> viewDidAppear(_:) true
            """
        let svg = SVGTimelineFormatter().text(try Fixture.trace(log)).string
        #expect(svg.contains(" cut</text>"))
        let labels = try Regex(#"<text x="([0-9.]+)" y="\d+" text-anchor="middle" font-size="10">([^<]+)</text>"#)
        let ticks = svg.matches(of: labels).map {
            (x: Double(String($0.output[1].substring!))!, text: String($0.output[2].substring!))
        }
        #expect(ticks.count >= 4)
        for (left, right) in zip(ticks, ticks.dropFirst()) {
            let gap =
                (right.x - Double(TextWidth.pixels(right.text, size: 10)) / 2)
                - (left.x + Double(TextWidth.pixels(left.text, size: 10)) / 2)
            #expect(gap >= 6, "\(left.text) and \(right.text)")
        }
    }
}
