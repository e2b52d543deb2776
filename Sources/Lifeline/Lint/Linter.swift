/// Checks a trace against UIKit's rules for appearance and containment calls, and orders the
/// findings by where they were logged.
public struct Linter: Sendable {
    package static let allRules: [any LintRule] =
        AppearanceStateRule.all + [
            AddSubviewBeforeAddChildRule(), AddChildWithoutDidMoveRule(), DidMoveTwiceRule(),
            WillMoveNilWithoutRemoveRule(),
            UnbalancedAppearanceTransitionRule(), DetachedAppearanceRule(), UIKitWarningRule(),
        ]

    /// Ids of the rules not run.
    public var disabled: Set<String>

    /// A linter running every rule but those in `disabled`.
    public init(disabled: Set<String> = []) {
        self.disabled = disabled
    }

    /// The ids of every rule, such as `double-appear` and `addchild-without-didmove`.
    public static var ruleIDs: [String] { allRules.map(\.id) }

    /// The trace's problems, in the order they were logged: appearance calls out of order,
    /// containment calls missing or in the wrong order, unbalanced appearance transitions,
    /// and the warnings UIKit itself printed.
    public func findings(in trace: Trace) -> [Finding] { run(trace) }

    package func run(_ trace: Trace, extra: [any LintRule] = []) -> [Finding] {
        let context = LintContext(trace)
        let rules = (Linter.allRules + extra).filter { !disabled.contains($0.id) }
        // The rules only read the context: every other rule runs on a second thread, and the
        // findings are joined in the rules' order, so the result is the same as in one pass.
        func check(from first: Int) -> [[Finding]] {
            stride(from: first, to: rules.count, by: 2).map { rules[$0].check(context) }
        }
        let (even, odd) = try! Parallel.run({ check(from: 0) }, alongside: { check(from: 1) })  // neither throws
        let findings = Linter.mergeCauses(rules.indices.flatMap { $0 % 2 == 0 ? even[$0 / 2] : odd[$0 / 2] })
        return findings.sorted { a, b in
            (a.location.line, a.rule, a.message) < (b.location.line, b.rule, b.message)
        }
    }

    /// One bug, one finding: when a child's double `viewDidAppear` is explained by its view
    /// being added before the child, the cause becomes notes of the double appear.
    static func mergeCauses(_ findings: [Finding]) -> [Finding] {
        var result = findings
        // The first double appear of each subject, found once instead of searched per cause.
        var doubleAppear: [String: Int] = [:]
        for (i, finding) in findings.enumerated() where finding.rule == "double-appear" {
            if let subject = finding.subject, doubleAppear[subject] == nil { doubleAppear[subject] = i }
        }
        for (i, cause) in findings.enumerated() where cause.rule == "addsubview-before-addchild" {
            guard let subject = cause.subject, let effect = doubleAppear[subject] else { continue }
            result[effect].notes.append(.init(location: cause.location, message: "cause: \(cause.message)"))
            result[effect].notes += cause.notes
            result[i].rule = ""
        }
        return result.filter { !$0.rule.isEmpty }
    }
}
