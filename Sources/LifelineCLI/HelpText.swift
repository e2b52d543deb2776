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
    /// with a hanging indent. Every command's discussion is laid out at each start, so this
    /// works on UTF-8 bytes and measures a line by adding up its words.
    static func laidOut(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var paragraph: [Range<Int>] = []
        func flush() {
            if !paragraph.isEmpty {
                fill(bytes, words(bytes, in: paragraph), indent: 0, hanging: 0, continued: false, into: &out)
            }
            paragraph = []
        }
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
            let line = start..<end
            if bytes[line].allSatisfy({ $0 == space }) {
                flush()
                out.append(newline)
            } else if bytes[start] == space {
                flush()
                let indent = bytes[line].prefix(while: { $0 == space }).count
                let words = (start + indent)..<end
                let command = bytes[words].starts(with: "lifeline ".utf8)
                let units = command ? commandWords(bytes, in: words) : self.words(bytes, in: [words])
                fill(bytes, units, indent: indent, hanging: indent + 4, continued: command, into: &out)
            } else if bytes[end - 1] == colon {
                paragraph.append(line)
                flush()
            } else {
                paragraph.append(line)
            }
            start = end + 1
        }
        flush()
        if out.last == newline { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")
    private static let colon = UInt8(ascii: ":")
    private static let quote = UInt8(ascii: "\"")

    /// Appends the words (ranges of `bytes`) in lines of at most `width` columns (a longer
    /// word gets a line of its own), the first line after `indent` spaces and the rest after
    /// `hanging`; each line but the last ends with ` \` when `continued`. Each line ends in a
    /// newline.
    private static func fill(
        _ bytes: [UInt8], _ words: [Range<Int>], indent: Int, hanging: Int, continued: Bool, into out: inout [UInt8]
    ) {
        let tail = continued ? 2 : 0
        out.append(contentsOf: repeatElement(space, count: indent))
        var column = indent
        var empty = true
        for word in words {
            let w = columns(bytes[word])
            if !empty, column + 1 + w + tail > width {
                if continued { out.append(contentsOf: " \\".utf8) }
                out.append(newline)
                out.append(contentsOf: repeatElement(space, count: hanging))
                column = hanging
                empty = true
            }
            if !empty {
                out.append(space)
                column += 1
            }
            out.append(contentsOf: bytes[word])
            column += w
            empty = false
        }
        out.append(newline)
    }

    /// The columns a word takes: its bytes when ASCII, else its characters.
    private static func columns(_ word: ArraySlice<UInt8>) -> Int {
        word.allSatisfy { $0 < 0x80 } ? word.count : String(decoding: word, as: UTF8.self).count
    }

    /// The words of the lines `lines` of `bytes`, split at spaces, in order.
    private static func words(_ bytes: [UInt8], in lines: [Range<Int>]) -> [Range<Int>] {
        var words: [Range<Int>] = []
        for line in lines {
            var i = line.lowerBound
            while i < line.upperBound {
                while i < line.upperBound, bytes[i] == space { i += 1 }
                let start = i
                while i < line.upperBound, bytes[i] != space { i += 1 }
                if i > start { words.append(start..<i) }
            }
        }
        return words
    }

    /// The words of a command line, split at spaces outside double quotes, with an option and
    /// its value as one word, so that a line breaks before `--title "Tab switch"`, not inside it.
    private static func commandWords(_ bytes: [UInt8], in line: Range<Int>) -> [Range<Int>] {
        var units: [Range<Int>] = []
        let words = shellWords(bytes, in: line)
        var k = 0
        while k < words.count {
            if bytes[words[k].lowerBound] == UInt8(ascii: "-"), k + 1 < words.count,
                bytes[words[k + 1].lowerBound] != UInt8(ascii: "-")
            {
                units.append(words[k].lowerBound..<words[k + 1].upperBound)
                k += 2
            } else {
                units.append(words[k])
                k += 1
            }
        }
        return units
    }

    /// The words of `line`, split at spaces outside double quotes.
    private static func shellWords(_ bytes: [UInt8], in line: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int? = nil
        var quoted = false
        for i in line {
            let c = bytes[i]
            if c == quote { quoted.toggle() }
            if c == space, !quoted {
                if let s = start { words.append(s..<i) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        if let s = start { words.append(s..<line.upperBound) }
        return words
    }
}
