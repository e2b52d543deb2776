import ArgumentParser
import Foundation
import Lifeline

struct CheckCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif }

    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint a trace: double appearances, containment mistakes, unbalanced transitions, UIKit warnings.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline check Samples/child-addsubview-first/trace.log
              lifeline check my-container.log --expect Samples/tab-switch/trace.log
              lifeline check trace.log --format sarif -o lifeline.sarif

            Exit codes: 0 no findings, 1 findings, 2 error.
            --expect takes a file of ordering rules, one per line, such as
              old.viewDidDisappear before new.viewDidAppear
            (old and new are each transition's disappearing and appearing controllers; a class
            name checks that controller over the whole trace), or a reference trace whose order
            of appearance calls in each transition is then required.

            Rules:
            \(Linter.allRules.map { "  \($0.id): \($0.summary)" }.joined(separator: "\n"))
              expected-order: an ordering rule from --expect is broken, or a call it names is missing
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "text, json or sarif.")
    var format: Format = .text

    @Option(name: .long, help: "Turn a rule off (repeatable).")
    var disable: [String] = []

    @Option(help: "Ordering rules to enforce: a rules file or a reference trace.")
    var expect: String?

    @Flag(
        help: """
            Follow a growing input (text format): print each finding as soon as it is certain, when \
            the transition it is in has ended, and the rest when the input ends or on Ctrl-C.
            """)
    var follow = false

    func validate() throws {
        if follow, format != .text { throw ValidationError("--follow prints text findings; leave out --format") }
        try output.refuseWithFollow(follow)
    }

    func run() throws {
        let known = Set(Linter.allRules.map(\.id) + ["expected-order"])
        for rule in disable where !known.contains(rule) {
            throw ValidationError("unknown rule \(rule); rules: \(known.sorted().joined(separator: ", "))")
        }
        var extra: [any LintRule] = []
        if let expect, !disable.contains("expected-order") {
            extra.append(try loadExpectations(expect))
        }
        if follow { return try runFollowing(extra: extra) }
        let trace = try input.load()
        let findings = KeptUntilExit.keep(Linter(disabled: Set(disable)).run(trace, extra: extra))
        let text: String
        switch format {
        case .text: text = FindingsFormatter.text(findings)
        case .json: text = FindingsFormatter.json(findings)
        case .sarif:
            text = FindingsFormatter.sarif(
                findings, rules: Linter.allRules + extra, baseDirectory: FileManager.default.currentDirectoryPath)
        }
        try output.emit(text, inputs: [input.path] + (expect.map { [$0] } ?? []))
        if format == .text, output.output != nil || !findings.isEmpty {
            Console.error("\(findings.count) finding(s)")
        }
        if !findings.isEmpty { throw ExitCode(1) }
    }

    private func loadExpectations(_ path: String) throws -> ExpectedOrderRule {
        let input = try ByteInput(path: path)
        try input.normalizeEncoding()
        let bytes = try input.readAll()
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try ExpectedOrderRule.parse(text, origin: path)
        } catch let parseError as ExpectedOrderRule.ParseError {
            // Not a rules file: read it as a reference trace.
            let reference: Trace
            do {
                reference = try TraceLoader.load(ByteInput(bytes: bytes, name: path))
            } catch {
                throw ValidationError("--expect \(path) is neither a rules file (\(parseError)) nor a trace (\(error))")
            }
            let rule = ExpectedOrderRule.learn(from: reference)
            guard !rule.orders.isEmpty else {
                throw ValidationError(
                    "--expect \(path): the reference trace has no transition with a disappearing and an appearing controller"
                )
            }
            return rule
        }
    }

    /// `--follow`: the calls read so far are checked again when a transition ends (at the pace
    /// `FollowedCalls.isDue` sets), and the findings in the transitions that have ended are printed
    /// once each; at the end, the whole trace's.
    private func runFollowing(extra: [any LintRule]) throws {
        let linter = Linter(disabled: Set(disable))
        var collected = FollowedCalls(source: input.path)
        var printed = Set<String>()
        func printNew(_ findings: [Finding], through seq: Int) {
            for f in findings where f.seq <= seq && printed.insert("\(f.rule)|\(f.seq)|\(f.message)").inserted {
                Console.out(FindingsFormatter.text([f]))
            }
        }
        let trace = try input.follow { batch in
            guard collected.add(batch), collected.isDue() else { return }
            printNew(linter.run(collected.trace, extra: extra), through: collected.ends.last!)
        }
        var whole = collected.trace
        whole.findings = trace.findings
        let findings = linter.run(whole, extra: extra)
        printNew(findings, through: Int.max)
        Console.error("\(findings.count) finding(s)")
        if !findings.isEmpty { throw ExitCode(1) }
    }
}
