import Testing

@testable import Lifeline

/// A line quoted in a warning reads as Swift's `debugDescription` writes it.
@Suite struct DebugQuotedTests {
    @Test(arguments: [
        "", "viewDidLoad", "it's", "a \"b\"", "back\\slash", "tab\there", "bell\u{7}", "\u{7F}",
        "café", "漢字 viewDidLoad", "e\u{301}", "\u{0}", "line\nbreak", "\r",
    ])
    func matchesDebugDescription(text: String) {
        #expect(text.debugQuoted == text.debugDescription)
    }

    @Test func matchesDebugDescriptionOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = ["a", "Z", " ", "\"", "'", "\\", "\t", "\u{1}", "~", "é", "\u{7F}", "0", "{"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            #expect(text.debugQuoted == text.debugDescription, "\(Array(text.utf8))")
        }
    }
}
