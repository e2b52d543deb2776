import Foundation
import Testing

/// The help texts.
@Suite struct HelpTests {
    @Test("--help shows an example")
    func helpShowsAnExample() throws {
        let run = try lifeline("table", "--help")
        #expect(run.exit == 0, run.errHead)
        #expect(run.out.contains("Example"), "help has an example")
    }

    /// A discussion is laid out to 78 columns by the CLI, so ArgumentParser never breaks one
    /// of its lines at the terminal's margin (which left a word or two on a line of their own).
    @Test(
        "help discussions fit 78 columns, paragraphs filled",
        arguments: [
            "", "convert", "stats", "table", "timeline", "sequence", "flow", "states", "hierarchy", "diff", "check",
            "report", "view",
        ])
    func helpDiscussionsFit(command: String) throws {
        let run = try (command.isEmpty ? lifeline("--help") : lifeline(command, "--help"))
        #expect(run.exit == 0, run.errHead)
        // The discussion: after the overview's paragraph, up to the usage.
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        guard let firstBlank = lines.firstIndex(where: \.isEmpty),
            let usage = lines.firstIndex(where: { $0.hasPrefix("USAGE:") })
        else {
            Issue.record("no overview or usage in the help of \(command)")
            return
        }
        let discussion = lines[firstBlank..<usage]
        for line in discussion { #expect(line.count <= 78, "too long: \(line)") }
        // A paragraph line is filled: the next line's first word would not have fit on it.
        for (line, next) in zip(discussion, discussion.dropFirst())
        where !line.isEmpty && !line.hasPrefix(" ") && !next.hasPrefix(" ") && !next.isEmpty {
            let word = next.split(separator: " ").first ?? ""
            #expect(line.count + 1 + word.count > 78, "not filled: \(line) / \(next)")
        }
    }
}
