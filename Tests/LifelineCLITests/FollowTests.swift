import Foundation
import Testing

/// --follow: rows come out while the writer is still writing, and Ctrl-C ends it cleanly. Where the
/// shell checks slept a second and looked, these wait (up to a deadline) for what they expect, then
/// give the command a moment to print anything more, so a busy machine cannot make them flaky.
@Suite struct FollowTests {
    /// How long a followed command gets to print what it owes before the test fails.
    static let deadline: TimeInterval = 30
    /// How long to wait for output that should not come.
    static let settle: TimeInterval = 0.5

    @Test("a followed pipe's rows arrive before the writer ends, and it ends with its input")
    func followedPipe() throws {
        let bytes = try sampleBytes()
        let follower = try launch("table", "--follow", stdin: .pipe)
        try follower.write(head(bytes, lines: 3))
        _ = eventually(timeout: Self.deadline) { tableRows(follower.out) >= 3 }
        Thread.sleep(forTimeInterval: Self.settle)
        #expect(tableRows(follower.out) == 3, "a followed pipe's rows arrive before the writer ends")
        try follower.write(tail(bytes, from: 4))
        follower.closeInput()
        let run = follower.wait()
        #expect(
            tableRows(run.out) == nonEmptyLines(String(decoding: bytes, as: UTF8.self)),
            "a followed pipe ends with its input")
    }

    @Test("stats --follow prints a transition once the next begins, and ends with the counts")
    func statsFollow() throws {
        let bytes = try sampleBytes("Samples/nav-push-pop/trace.log")
        let follower = try launch("stats", "--follow", stdin: .pipe)
        // The shell check sent both streams to one file (2>&1).
        let both = { follower.out + "\n" + follower.err }
        try follower.write(head(bytes, lines: 9))
        _ = eventually(timeout: Self.deadline) { count(linesStartingWith: "  steps", in: both()) >= 1 }
        Thread.sleep(forTimeInterval: Self.settle)
        #expect(
            count(linesStartingWith: "  steps", in: both()) == 1,
            "stats --follow prints a transition once the next begins")
        try follower.write(tail(bytes, from: 10))
        follower.closeInput()
        let run = follower.wait()
        #expect(
            hasLine(startingWith: "12 calls, 3 objects, 2 transitions", in: run.out + "\n" + run.err),
            "stats --follow ends with the counts"
        )
    }

    @Test("check --follow prints a finding once its transition has ended, exits 1 and prints the count")
    func checkFollow() throws {
        let follower = try launch("check", "--follow", stdin: .pipe)
        try follower.write(
            "A: viewWillAppear\nA: viewDidAppear\nA: viewDidAppear\nA: viewWillDisappear\nB: viewWillAppear\nA: viewDidDisappear\nB: viewDidAppear\n"
        )
        let printed = eventually(timeout: Self.deadline) { follower.out.contains("double-appear") }
        #expect(printed, "check --follow prints a finding once its transition has ended")
        try follower.write("B: viewWillDisappear\nA: viewWillAppear\nB: viewDidDisappear\nA: viewDidAppear\n")
        follower.closeInput()
        let run = follower.wait()
        #expect(run.exit == 1, "check --follow exits 1 on findings; \(run.errHead)")
        #expect(run.err.contains("1 finding(s)"), "check --follow prints the count")
    }

    @Test("check --follow takes only text")
    func checkFollowTakesOnlyText() throws {
        let run = try lifeline("check", "--follow", "--format", "sarif", sample)
        #expect(run.exit == 2, run.errHead)
    }

    @Test("sequence --follow takes only text")
    func sequenceFollowTakesOnlyText() throws {
        let run = try lifeline("sequence", "--follow", "--format", "svg", sample)
        #expect(run.exit == 2, run.errHead)
    }

    @Test("--follow with --output is refused")
    func followWithOutput() throws {
        try withScratch { tmp in
            let run = try lifeline("table", "--follow", sample, "-o", tmp.path("x.md"))
            #expect(run.exit == 2, run.errHead)
        }
    }

    @Test("a followed file's appended lines are read, and Ctrl-C ends it with exit 0")
    func followedFile() throws {
        try withScratch { tmp in
            let bytes = try sampleBytes()
            let grow = try tmp.write("grow.log", head(bytes, lines: 2))
            let follower = try launch("table", "--follow", grow)
            // The shell check slept a second here; waiting for the first rows shows the file was read to its end.
            _ = eventually(timeout: Self.deadline) { tableRows(follower.out) >= 2 }
            let appender = try FileHandle(forWritingTo: URL(fileURLWithPath: grow))
            try appender.seekToEnd()
            try appender.write(contentsOf: tail(bytes, from: 3))
            try appender.close()
            let rows = nonEmptyLines(String(decoding: bytes, as: UTF8.self))
            _ = eventually(timeout: Self.deadline) { tableRows(follower.out) >= rows }
            Thread.sleep(forTimeInterval: Self.settle)
            #expect(tableRows(follower.out) == rows, "a followed file's appended lines are read")
            follower.interrupt()
            let run = follower.wait()
            #expect(run.exit == 0, "Ctrl-C ends a followed file with exit 0; \(run.errHead)")
        }
    }

    /// A followed sequence's messages name the senders the whole chart names (Mermaid's, decoded),
    /// for every sample trace. The shell check did this in Python; the patterns are Python's, with
    /// `.` written `[^\n]` and `^` (re.M) written as "start or after \n", as Python reads them.
    @Test("sequence --follow's senders are the whole chart's")
    func sequenceFollowSenders() throws {
        let traces = sampleTraces()
        #expect(!traces.isEmpty, "no Samples/*/trace*.log found under \(packageRoot.path)")
        for trace in traces {
            let mermaid = try lifeline("sequence", "--format", "mermaid", trace, "--max-messages", "100000").out
            var names: [String: String] = [:]
            for match in matches(#"participant (p\d+) as ([^\n]+)"#, in: mermaid) {
                names[match[0]] = decodeMermaid(match[1]).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            var want: [Int: [String]] = [:]
            for match in matches(#"(p\d+)-[->]+(p\d+): (\d+)\."#, in: mermaid) {
                guard let from = names[match[0]], let to = names[match[1]], let step = decimal(match[2]) else {
                    Issue.record("\(trace): an arrow names an undeclared participant or a bad number: \(match)")
                    continue
                }
                want[step] = [from, to]
            }
            let text = try lifeline(
                "sequence", "--format", "text", "--follow", stdin: .file(packageRoot.appendingPathComponent(trace))
            ).out
            var got: [Int: [String]] = [:]
            for match in matches(#"(?:^|(?<=\n))\s*(\d+)  ([^\n]+?) → ([^\n]+?): "#, in: text) {
                guard let step = decimal(match[0]) else {
                    Issue.record("\(trace): a bad step number: \(match)")
                    continue
                }
                got[step] = [match[1], match[2]]
            }
            #expect(!want.isEmpty, "\(trace): the Mermaid chart has no numbered messages")
            let differences = Set(want.keys).union(got.keys).sorted().filter { want[$0] != got[$0] }
            #expect(
                differences.isEmpty,
                "\(trace): \(differences.prefix(3).map { "\($0): want \(want[$0] ?? []), got \(got[$0] ?? [])" })")
        }
    }
}

/// `Samples/*/trace*.log`, relative to the package root.
private func sampleTraces() -> [String] {
    let fm = FileManager.default
    let samples = packageRoot.appendingPathComponent("Samples")
    var traces: [String] = []
    for folder in ((try? fm.contentsOfDirectory(atPath: samples.path)) ?? []).sorted() {
        let files = (try? fm.contentsOfDirectory(atPath: samples.appendingPathComponent(folder).path)) ?? []
        for file in files.sorted() where file.hasPrefix("trace") && file.hasSuffix(".log") {
            traces.append("Samples/\(folder)/\(file)")
        }
    }
    return traces
}

/// Python's `re.findall` with groups: each match's groups. Text is read as Python's universal
/// newlines read it ("\r\n" and "\r" become "\n").
private func matches(_ pattern: String, in text: String) -> [[String]] {
    let text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    guard let regex = try? NSRegularExpression(pattern: pattern) else {
        Issue.record("bad pattern \(pattern)")
        return []
    }
    let all = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: all).map { match in
        (1..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}

/// `re.sub(r"#(\d+);", lambda x: chr(int(x.group(1))), name)`: Mermaid's character references.
private func decodeMermaid(_ name: String) -> String {
    guard let regex = try? NSRegularExpression(pattern: #"#(\d+);"#) else { return name }
    var decoded = ""
    var rest = name.startIndex
    for match in regex.matches(in: name, range: NSRange(name.startIndex..., in: name)) {
        guard let whole = Range(match.range, in: name), let digits = Range(match.range(at: 1), in: name) else {
            continue
        }
        decoded += name[rest..<whole.lowerBound]
        if let value = decimal(String(name[digits])), let scalar = UInt32(exactly: value).flatMap(Unicode.Scalar.init) {
            decoded.unicodeScalars.append(scalar)
        } else {
            Issue.record("not a character: \(name[whole])")
        }
        rest = whole.upperBound
    }
    return decoded + name[rest...]
}

/// Python's `int()` of `\d+`: any decimal digits.
private func decimal(_ digits: String) -> Int? {
    var value = 0
    for scalar in digits.unicodeScalars {
        guard scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue else { return nil }
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        value = times + Int(digit)
    }
    return digits.isEmpty ? nil : value
}
