import Foundation
import Lifeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output and standard error, written with `write(2)` and never trapping.
///
/// A failed write to standard output (a full disk, a closed descriptor) prints one message to
/// standard error and exits with status 2. A closed pipe (`lifeline table big.log | head`)
/// ends the process quietly through SIGPIPE, as for any Unix filter. A failed write to standard
/// error is ignored: there is nowhere left to say so.
enum Console {
    static let maxWarnings = 50

    /// Set by `--quiet`: no progress and no reading warnings.
    nonisolated(unsafe) static var quiet = false

    /// Says on standard error what long work is under way (`rendering hierarchy.svg`), over the
    /// line before, when standard error is a terminal and `--quiet` is off; `nil` clears it.
    static func status(_ text: String?) {
        guard !quiet, isatty(2) != 0 else { return }
        raw(toError: "\r\u{1B}[K" + (text.map { "lifeline: " + $0 } ?? ""))
    }

    static func out(_ text: String) {
        var text = text
        text.withUTF8 { out(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func out(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { out(bytes: $0) }
    }

    private static func out(bytes: UnsafeRawBufferPointer) {
        if let code = OutputFile.writeAll(STDOUT_FILENO, bytes) {
            error("standard output: write failed: \(String(cString: strerror(code)))")
            exit(2)
        }
    }

    static func error(_ text: String) {
        raw(toError: "lifeline: " + text + "\n")
    }

    /// Writes `text` to standard error as it is.
    static func raw(toError text: String) {
        var text = text
        text.withUTF8 { _ = OutputFile.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    /// Reading progress for inputs over 50 MB, on stderr when it is a terminal.
    static let progress: (@Sendable (Int, Int) -> Void)? = {
        guard !quiet, isatty(2) != 0 else { return nil }
        return { read, total in
            guard total > 50_000_000 else { return }
            let percent = read * 100 / max(1, total)
            let previous = (read - (1 << 20)) * 100 / max(1, total)
            if percent / 5 != previous / 5 || read >= total {
                raw(toError: read >= total ? "\r\u{1B}[K" : "\rreading \(percent)% of \(total / 1_000_000) MB")
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
        raw(toError: text)
    }
}
