import Testing

@testable import Lifeline

/// Logs reach Lifeline copied from web pages, issues and mail, which change their spaces and
/// wrap them; the calls read are those of the log as it was printed.
@Suite struct CopiedLogTests {
    static func calls(_ text: String) throws -> [String] {
        let trace = try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: "t"))
        return trace.events.map { "\($0.object) \($0.event) \($0.thread ?? "-")" }
    }

    /// A log copied from a web page or a document keeps its `&nbsp;` as no-break spaces, and
    /// Chinese and Japanese text is indented with ideographic spaces.
    @Test func spacesCopiedFromAPageAreReadAsSpaces() throws {
        let plain = [
            "    HomeViewController viewDidLoad", "Home - viewWillAppear", "  Detail: viewDidAppear",
            "[Feed.swift:88] FeedViewController.viewDidDisappear(_:)",
        ]
        let copied = [
            "\u{A0}\u{A0}\u{A0}\u{A0}HomeViewController\u{A0}viewDidLoad", "Home\u{A0}- viewWillAppear",
            "\u{3000}\u{3000}Detail:\u{3000}viewDidAppear\u{2009}",
            "\u{FEFF}[Feed.swift:88]\u{202F}FeedViewController.viewDidDisappear(_:)\u{200B}",
        ]
        let expected = try Self.calls(plain.joined(separator: "\n"))
        #expect(expected.count == 4)
        #expect(try Self.calls(copied.joined(separator: "\n")) == expected)
    }

    /// A log written into a README without a code block keeps Markdown's escapes, and a page
    /// that escapes its code twice shows HTML entities.
    @Test func escapesOfAPageAreReadAsThePunctuation() throws {
        let log = """
            <App.HomeViewController: 0x7f8e0c1a2b30> viewWillAppear(_:)
            -[UIViewController viewDidAppear:]
            <App.TimelineViewController: 0x7f8e0c1a2c40>
            [Home] viewWillDisappear
            """
        let markdown = """
            \\<App.HomeViewController: 0x7f8e0c1a2b30\\> viewWillAppear(\\_:)
            -\\[UIViewController viewDidAppear:\\]
            \\<App.TimelineViewController: 0x7f8e0c1a2c40\\>
            \\[Home\\] viewWillDisappear
            """
        let html = """
            &lt;App.HomeViewController: 0x7f8e0c1a2b30&gt; viewWillAppear(_:)
            -[UIViewController viewDidAppear:]
            &lt;App.TimelineViewController: 0x7f8e0c1a2c40&gt;
            [Home]&nbsp;viewWillDisappear
            """
        let expected = try Self.calls(log)
        #expect(
            expected == [
                "HomeViewController#1 viewWillAppear -", "TimelineViewController#1 viewDidAppear -",
                "Home#1 viewWillDisappear -",
            ])
        #expect(try Self.calls(markdown) == expected)
        #expect(try Self.calls(html) == expected)
    }

    /// Escapes are undone once, and Swift source's own escapes are left: pasted code stays
    /// code, and text a log printed escaped stays as printed.
    @Test func escapesAreUndoneOnceAndSwiftSourceIsLeft() throws {
        // Read alone, a line of code is no log: no calls, and the error says so.
        #expect((try? Self.calls(#"log.debug("\(self) viewDidAppear")"#)) == nil)
        let nested = "&amp;" + String(repeating: "amp;", count: 10000) + "lt;Home viewDidLoad"
        #expect(try Self.calls(nested) == ["Home#1 viewDidLoad -"])
        let backslashes = String(repeating: "\\", count: 100_000) + "< Home viewDidLoad"
        #expect(try Self.calls(backslashes) == ["Home#1 viewDidLoad -"])
    }

    /// Lines found by `grep` in log files keep their NSLog prefix after grep's location, and
    /// the file's name names no object.
    @Test func linesFoundByGrepAreReadAsTheLog() throws {
        let log = """
            2016-03-06 16:12:29.263 App[1105:60b] -[HomeViewController viewDidLoad]
            2016-03-06 16:12:29.270 App[1105:60b] -[HomeViewController viewWillAppear:]
            2016-03-06 16:12:29.301 App[1105:60b] -[HomeViewController viewDidAppear:]
            """
        let found = """
            Logs/app.log:2016-03-06 16:12:29.263 App[1105:60b] -[HomeViewController viewDidLoad]
            app.log:1234:2016-03-06 16:12:29.270 App[1105:60b] -[HomeViewController viewWillAppear:]
            run-2.txt-1235-2016-03-06 16:12:29.301 App[1105:60b] -[HomeViewController viewDidAppear:]
            """
        let numbered = log.split(separator: "\n").enumerated().map { "\($0.offset + 41):\($0.element)" }
        let expected = try Self.calls(log)
        #expect(expected.first == "HomeViewController#1 viewDidLoad 60b")
        #expect(try Self.calls(found) == expected)
        #expect(try Self.calls(numbered.joined(separator: "\n")) == expected)
        #expect(try Self.calls("app.log:101:loadView\napp.log:102:viewDidLoad") == ["? loadView -", "? viewDidLoad -"])
    }

    /// A log quoted in Markdown or in a mail keeps its NSLog prefix: times and threads are read.
    @Test func aQuotedLogIsReadAsTheLog() throws {
        let log = """
            2016-03-06 16:12:29.263 App[1105:60b] -[HomeViewController viewDidLoad]
            2016-03-06 16:12:29.270 App[1105:60b] -[HomeViewController viewWillAppear:]

            2016-03-06 16:12:29.301 App[1105:60b] -[HomeViewController viewDidAppear:]
            """
        let quoted = log.split(separator: "\n", omittingEmptySubsequences: false).map { "> \($0)" }
        let expected = try Self.calls(log)
        #expect(expected.count == 3)
        #expect(expected.first == "HomeViewController#1 viewDidLoad 60b")
        #expect(try Self.calls(quoted.joined(separator: "\n")) == expected)
        #expect(try Self.calls(quoted.map { "> \($0)" }.joined(separator: "\n")) == expected)
    }
}
