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
