/// Discussions laid out for an 80-column terminal. ArgumentParser wraps any line longer than
/// the terminal on its own, so a paragraph written with its own line ends would print as a
/// long line, a stray word or two, and the next line. Here a paragraph's lines are joined and
/// filled to `width` instead, and an indented line (an example, a list item) stays a line of
/// its own, its continuation indented under it:
///
/// ```
///   did-without-will: viewDidAppear or viewDidDisappear without the matching
///       will call
/// ```
///
/// A command line too long for the width goes on over lines that end in ` \`, so that it can
/// still be copied into a shell.
enum HelpText {
    static let width = 78

    /// `text` laid out: blank lines part paragraphs, a line ending in a colon ends its
    /// paragraph (`Example:`), and a line that starts with a space is kept whole or wrapped
    /// with a hanging indent.
    static func laidOut(_ text: String) -> String {
        var out: [String] = []
        var paragraph: [Substring] = []
        func flush() {
            if !paragraph.isEmpty { out += fill(paragraph.joined(separator: " "), indent: "", hanging: "") }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                flush()
                out.append("")
            } else if line.first == " " {
                flush()
                let indent = String(line.prefix(while: { $0 == " " }))
                let words = line.dropFirst(indent.count)
                let command = words.hasPrefix("lifeline ")
                out += fill(words, indent: indent, hanging: indent + "    ", continued: command ? " \\" : "")
            } else if line.last == ":" {
                paragraph.append(line)
                flush()
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return out.joined(separator: "\n")
    }

    /// The words of `text` in lines of at most `width` columns (a longer word gets a line of
    /// its own), the first line after `indent` and the rest after `hanging`; each line but the
    /// last ends with `continued`.
    private static func fill<S: StringProtocol>(
        _ text: S, indent: String, hanging: String, continued: String = ""
    ) -> [String] {
        var lines: [String] = []
        var line = indent
        var empty = true
        let text = Substring(text)
        for word in continued.isEmpty ? text.split(separator: " ") : commandWords(text) {
            if !empty, line.count + 1 + word.count + continued.count > width {
                lines.append(line + continued)
                line = hanging
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines
    }

    /// The words of a command line, split at spaces outside double quotes, with an option and
    /// its value as one word, so that a line breaks before `--title "Tab switch"`, not inside it.
    private static func commandWords(_ text: Substring) -> [Substring] {
        var units: [Substring] = []
        let words = shellWords(text)
        var k = 0
        while k < words.count {
            if words[k].hasPrefix("-"), k + 1 < words.count, !words[k + 1].hasPrefix("-") {
                units.append(words[k].base[words[k].startIndex..<words[k + 1].endIndex])
                k += 2
            } else {
                units.append(words[k])
                k += 1
            }
        }
        return units
    }

    /// The words of `text`, split at spaces outside double quotes.
    private static func shellWords(_ text: Substring) -> [Substring] {
        var words: [Substring] = []
        var start: Substring.Index? = nil
        var quoted = false
        let all = text
        for i in all.indices {
            let c = all[i]
            if c == "\"" { quoted.toggle() }
            if c == " ", !quoted {
                if let s = start { words.append(all[s..<i]) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        if let s = start { words.append(all[s...]) }
        return words
    }
}
