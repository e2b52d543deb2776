/// Builds a ready `--pattern` from a line Lifeline could not read: the line with its numbers
/// and words generalised, its last word as the event and the word before as the object.
///
/// ```
/// 10:01:02 Screen Home appeared   →   ^\d+:\d+:\d+ \w+ (?<object>\w+) (?<event>\w+)$
/// ```
enum PatternSuggestion {
    static func pattern(for line: String) -> String? {
        let bytes = Array(line.utf8)
        var pieces: [(text: String, word: Bool)] = []
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            var j = i + 1
            if ASCII.isLower(c) || ASCII.isUpper(c) || c == ASCII.underscore {
                while j < bytes.count,
                    ASCII.isLower(bytes[j]) || ASCII.isUpper(bytes[j]) || ASCII.isDigit(bytes[j])
                        || bytes[j] == ASCII.underscore
                {
                    j += 1
                }
                pieces.append(("\\w+", true))
            } else if ASCII.isDigit(c) {
                while j < bytes.count, ASCII.isDigit(bytes[j]) { j += 1 }
                pieces.append(("\\d+", false))
            } else if ASCII.isSpace(c) {
                while j < bytes.count, ASCII.isSpace(bytes[j]) { j += 1 }
                pieces.append(("\\s+", false))
            } else if c >= 0x80 {
                while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }
                pieces.append((".", false))
            } else {
                let special = "\\^$.|?*+()[]{}/"
                let text = String(UnicodeScalar(c))
                pieces.append((special.contains(text) ? "\\" + text : text, false))
            }
            i = j
        }
        let words = pieces.indices.filter { pieces[$0].word }
        guard words.count >= 2 else { return nil }
        pieces[words[words.count - 1]].text = "(?<event>\\w+)"
        pieces[words[words.count - 2]].text = "(?<object>\\w+)"
        return "^" + pieces.map(\.text).joined() + "$"
    }
}

extension Diagnostic {
    /// The line's text quoted in an `unparsed-line` or `not-a-call` message.
    var quoted: String? {
        guard let open = message.firstIndex(of: "\""), let close = message.lastIndex(of: "\""), open < close else {
            return nil
        }
        return String(message[message.index(after: open)..<close]).replacingOccurrences(of: "\\\"", with: "\"")
    }
}
