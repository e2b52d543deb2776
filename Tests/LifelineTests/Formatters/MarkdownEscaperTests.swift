import Testing

@testable import Lifeline

struct MarkdownEscaperTests {
    @Test func pipesAndMarkupAreEscaped() {
        #expect(MarkdownEscaper.cell("a|b") == "a\\|b")
        #expect(
            MarkdownEscaper.cell("*x* _y_ `z` [l](u) <b> ~s~ &amp;")
                == "\\*x\\* \\_y\\_ \\`z\\` \\[l\\](u) \\<b\\> \\~s\\~ \\&amp;")
        #expect(MarkdownEscaper.cell("back\\slash") == "back\\\\slash")
        #expect(MarkdownEscaper.cell("two\nlines\r\nthree") == "two<br>lines<br>three")
    }

    @Test func hostileNamesStayOneRowInCmark() throws {
        let names = ["A|B", "end", "<script>alert(1)</script>", "`code`", "line\nbreak", "**bold**", "[x](y)", "a\\|b"]
        var text = ""
        for (i, n) in names.enumerated() {
            text += "{\"seq\":\(i + 1),\"object\":\(JSONEscaper.quoted(n)),\"event\":\"viewDidLoad\"}\n"
        }
        let trace = try Fixture.trace(text)
        let html = try Fixture.run("cmark-gfm", ["-e", "table"], input: MarkdownTableFormatter().format(trace))
        #expect(html.output.components(separatedBy: "<tr>").count - 1 == names.count + 1)
        #expect(!html.output.contains("<script>"))
        #expect(!html.output.contains("<strong>"))
        #expect(!html.output.contains("<a href"))
        #expect(html.output.contains("A|B"))
    }
}
