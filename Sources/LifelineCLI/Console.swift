import Foundation
import Lifeline

/// Standard output and standard error, unbuffered by Foundation's print.
enum Console {
    static let maxWarnings = 50

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("lifeline: " + text + "\n").utf8))
    }

    /// Reading progress for inputs over 50 MB, on stderr when it is a terminal.
    static let progress: (@Sendable (Int, Int) -> Void)? = {
        guard isatty(2) != 0 else { return nil }
        return { read, total in
            guard total > 50_000_000 else { return }
            let percent = read * 100 / max(1, total)
            let previous = (read - (1 << 20)) * 100 / max(1, total)
            if percent / 5 != previous / 5 || read >= total {
                let text = read >= total ? "\r\u{1B}[K" : "\rreading \(percent)% of \(total / 1_000_000) MB"
                FileHandle.standardError.write(Data(text.utf8))
            }
        }
    }()

    /// Prints diagnostics compiler-style, at most `maxWarnings` of them and then a count.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        var text = ""
        for d in diagnostics.prefix(maxWarnings) { text += d.description + "\n" }
        if diagnostics.count > maxWarnings {
            text += "lifeline: \(diagnostics.count - maxWarnings) more warning(s) not shown\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
