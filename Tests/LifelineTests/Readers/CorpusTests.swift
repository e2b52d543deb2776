import Foundation
import Testing

@testable import Lifeline

/// Real lifecycle logs copied from public pages, issues and repositories (`Tests/Corpus/logs`),
/// each with the reading an engineer wrote for it before the reader ran, and real files that
/// are not logs (`Tests/Corpus/nonlogs`): source code, crash reports, documentation.
@Suite struct CorpusTests {
    static let corpus = Fixture.packageRoot.appendingPathComponent("Tests/Corpus")

    struct Expected {
        var calls: [(object: String, event: String)] = []
    }

    static func expected(_ url: URL) throws -> Expected {
        var result = Expected()
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            // The event is the last word; the object is all before it (`Demo 2 viewDidAppear`).
            let space = text.lastIndex(of: " ") ?? text.startIndex
            result.calls.append(
                (text[..<space].trimmingCharacters(in: .whitespaces), String(text[space...].dropFirst())))
        }
        return result
    }

    /// The calls read from a log, as (class or role without module, canonical event).
    static func read(_ url: URL) -> [(object: String, event: String)] {
        guard let bytes = try? [UInt8](Data(contentsOf: url)),
            let trace = try? TraceLoader.load(ByteInput(bytes: bytes, name: url.lastPathComponent))
        else { return [] }
        var calls: [(String, String)] = []
        for i in 0..<trace.events.count {
            let event = trace.events[i]
            guard CanonicalEvent(rawValue: event.event) != nil else { continue }
            let name = event.className ?? String(event.object.split(separator: "#").first ?? "?")
            calls.append((name == "?" ? "?" : ObjectRef(name: name).shortName, event.event))
        }
        return calls
    }

    static func matches(_ got: [(object: String, event: String)], _ expected: [(object: String, event: String)]) -> Bool
    {
        got.count == expected.count
            && zip(got, expected).allSatisfy { g, x in g.event == x.event && (x.object == "*" || g.object == x.object) }
    }

    static var logs: [URL] { logs(in: "logs") }

    static func logs(in folder: String) -> [URL] {
        let dir = corpus.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().map { dir.appendingPathComponent($0) }
    }

    @Test func readsTheRealLogs() throws {
        let logs = Self.logs
        #expect(logs.count >= 60)
        var failing: [String] = []
        for log in logs {
            let expected = try Self.expected(log.deletingPathExtension().appendingPathExtension("expected"))
            #expect(!expected.calls.isEmpty, "\(log.lastPathComponent) lists no calls")
            if !Self.matches(Self.read(log), expected.calls) { failing.append(log.lastPathComponent) }
        }
        let rate = Double(logs.count - failing.count) / Double(logs.count)
        #expect(rate >= 0.95, "read right: \(logs.count - failing.count) of \(logs.count); failing: \(failing)")
        // Every log read wrongly is listed, with why, in docs/Reading.md.
        let readme = try String(
            contentsOf: Fixture.packageRoot.appendingPathComponent("docs/Reading.md"), encoding: .utf8)
        for name in failing {
            #expect(readme.contains(name), "\(name) is read wrongly and not listed in docs/Reading.md")
        }
    }

    /// A set of logs collected after the reader was written, read once as they came, before
    /// any change: a measure of logs the reader was not made on. Each set's figure must not
    /// fall.
    struct HeldOutSet: CustomStringConvertible, Sendable {
        var folder: String
        var count: Int
        var right: Int
        var description: String { folder }
    }

    /// `heldout`: 8 of 12 at first, 9 since Chinese and Japanese words for events are read, and
    /// a 13th read right at its first reading. `heldout2`: 15 logs from pages, issues and
    /// repositories the corpus did not hold, 14 right at first. `heldout3`: 12 logs from
    /// repositories and pages the first two sets did not reach, 11 right at first. `heldout4`: 15
    /// logs from 15 sources no earlier set used, 10 right at first and 14 since capitalised
    /// screen words, roles glued to CJK words, stamped records of values and a release word
    /// after a controller's class were read.
    /// `heldout5`: 15 logs from 15 more sources, 9 right at first and 10 since bracketed
    /// comments, numbered titles and controller variables (`mainViewCtrl`) were read.
    /// `heldout6`: 15 logs from 15 more sources, 12 right at first; the three others list no
    /// `dealloc` of a model object, which Lifeline reads as that object's `deinit`.
    /// `heldout7`: 15 logs from 15 more sources, 9 right at first and 14 since `[ViewController]`
    /// tags, `willMove to <Parent>`, `will layout`, possessives in sentences, initializer
    /// modifiers (`required init`) and the end of a load call logged plainly were read.
    /// `heldout8`: 8 logs from 8 more sources (the public logs not yet used grow scarce), 7 right
    /// at first and 8 since labelled descriptions and records inside an open call were read.
    /// `heldout9`: 8 logs from 8 more sources, 4 right at first and 8 since headings inside a
    /// log, numbers glued to methods (`viewDidLoad1`) and screens named in brackets were read.
    /// `heldout10`: 4 logs from 4 more sources (a search in ten languages found no others), 4
    /// right at first. `heldout11`: 10 logs from 10 more sources, 10 right at first. `heldout12`:
    /// 5 logs from 4 more sources (a third search found no others), 5 right at first.
    /// `heldout13`: 9 logs from 9 more sources (a fourth search), 7 right at first and 9 since
    /// `willMove` alone after a description and remarks on a load call just logged were read.
    /// `heldout14`: 10 logs from 9 more sources (a fifth search), 7 right at first and 9 since an
    /// author's note after ` // ` no longer makes a call line prose and a labelled description
    /// is a value even when nothing names the receiver. `heldout15`: 13 logs from 5 more
    /// sources (a sixth search), 3 right at first and 5 since hyphenated names and Chinese
    /// enter and exit words were read (8 now). `heldout16`: 12 logs from 9 more sources (a seventh
    /// search), 11 right at first and 12 since milliseconds after a colon and the lines a
    /// stamped record goes on over were read. `heldout17`: 10 logs from 8 more sources (an
    /// eighth search), 7 right at first and 8 since an author's note after `←`, a weak word
    /// after a spaced middle dot (`Ana · init`) and a view told in the past tense were read.
    /// `heldout18`: 8 logs from 6 more sources (a ninth search), 2 right at first and 3 since a
    /// screen word with its number glued (`画面1`) was read. `heldout19`: 8 logs from 8 more
    /// sources (a tenth search), 4 right at first and 6 since a screen named in words that open
    /// the message (`Third VC: viewWillDisappear(_:)`) and a receiver printed alone on the line
    /// after a call on a UIKit class (a symbolic breakpoint's `po $arg1`) were read.
    /// `heldout20`: 2 logs from 2 more sources (an eleventh search, in which two searchers
    /// found no other unused log), both right at first.
    static let heldOutSets = [
        HeldOutSet(folder: "heldout", count: 13, right: 10),
        HeldOutSet(folder: "heldout2", count: 15, right: 14),
        HeldOutSet(folder: "heldout3", count: 12, right: 11),
        HeldOutSet(folder: "heldout4", count: 15, right: 14),
        HeldOutSet(folder: "heldout5", count: 15, right: 10),
        HeldOutSet(folder: "heldout6", count: 15, right: 12),
        HeldOutSet(folder: "heldout7", count: 15, right: 14),
        HeldOutSet(folder: "heldout8", count: 8, right: 8),
        HeldOutSet(folder: "heldout9", count: 8, right: 8),
        HeldOutSet(folder: "heldout10", count: 4, right: 4),
        HeldOutSet(folder: "heldout11", count: 10, right: 10),
        HeldOutSet(folder: "heldout12", count: 5, right: 5),
        HeldOutSet(folder: "heldout13", count: 9, right: 9),
        HeldOutSet(folder: "heldout14", count: 10, right: 9),
        HeldOutSet(folder: "heldout15", count: 13, right: 8),
        HeldOutSet(folder: "heldout16", count: 12, right: 12),
        HeldOutSet(folder: "heldout17", count: 10, right: 8),
        HeldOutSet(folder: "heldout18", count: 8, right: 3),
        HeldOutSet(folder: "heldout19", count: 8, right: 6),
        HeldOutSet(folder: "heldout20", count: 2, right: 2),
    ]

    @Test(arguments: heldOutSets) func readsTheHeldOutLogs(_ set: HeldOutSet) throws {
        let logs = Self.logs(in: set.folder)
        #expect(logs.count >= set.count)
        var right = 0
        for log in logs {
            let expected = try Self.expected(log.deletingPathExtension().appendingPathExtension("expected"))
            if Self.matches(Self.read(log), expected.calls) { right += 1 }
        }
        #expect(right >= set.right, "\(set.folder): read right \(right) of \(logs.count)")
    }

    @Test func everyLogNamesItsSource() throws {
        for log in Self.logs + Self.heldOutSets.flatMap({ Self.logs(in: $0.folder) }) {
            let text = try String(
                contentsOf: log.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8)
            #expect(text.hasPrefix("# source: "), "\(log.lastPathComponent) has no source address")
        }
    }

    @Test func filesThatAreNotLogsGiveNoCalls() throws {
        let dir = Self.corpus.appendingPathComponent("nonlogs")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasSuffix(".source") }
            .sorted()
        #expect(names.count >= 10)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(name)))
            #expect(throws: TraceReadError.self, "\(name) gave calls") {
                _ = try TraceLoader.load(ByteInput(bytes: bytes, name: name))
            }
        }
    }
}
