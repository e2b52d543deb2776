import Foundation
import Testing

@testable import Lifeline

/// Every rule has a trace that triggers it and one that does not.
struct LintTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var bad: String
        var good: String
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        Case(
            rule: "double-appear", bad: "A: viewWillAppear\nA: viewDidAppear\nA: viewDidAppear\n",
            good:
                "A: viewWillAppear\nA: viewDidAppear\nA: viewWillDisappear\nA: viewDidDisappear\nA: viewWillAppear\nA: viewDidAppear\n"
        ),
        Case(
            rule: "double-disappear", bad: "A: viewWillDisappear\nA: viewDidDisappear\nA: viewDidDisappear\n",
            good: "A: viewWillDisappear\nA: viewDidDisappear\n"),
        Case(
            rule: "did-without-will", bad: "A: viewWillAppear\nA: viewDidAppear\nA: viewDidDisappear\n",
            good: "A: viewWillAppear\nA: viewDidAppear\nA: viewWillDisappear\nA: viewDidDisappear\n"),
        Case(
            rule: "disappear-without-appear", bad: "A: viewWillDisappear\nA: viewDidDisappear\nA: viewWillDisappear\n",
            good: "A: viewWillDisappear\nA: viewDidDisappear\nA: viewWillAppear\n"),
        Case(
            rule: "repeated-will", bad: "A: viewWillAppear\nA: viewWillAppear\n",
            good: "A: viewWillAppear\nA: viewDidAppear\n"),
        Case(
            rule: "appear-while-appeared", bad: "A: viewWillAppear\nA: viewDidAppear\nA: viewWillAppear\n",
            good: "A: viewWillAppear\nA: viewWillDisappear\nA: viewWillAppear\n"),
        Case(
            rule: "addsubview-before-addchild", bad: "P addSubview: C\nP addChild(_:) C\nC didMove(toParent:) P\n",
            good: "P addChild(_:) C\nP addSubview: C\nC didMove(toParent:) P\n"),
        Case(
            rule: "addchild-without-didmove", bad: "P addChild(_:) C\nP addSubview: C\n",
            good: "P addChild(_:) C\nP addSubview: C\nC didMove(toParent:) P\n"),
        Case(
            rule: "didmove-twice",
            bad: "P addChild(_:) C\nC didMove(toParent:) P\nC viewDidAppear\nC didMove(toParent:) P\n",
            good:
                "P addChild(_:) C\nC didMove(toParent:) P\nC willMove(toParent:) nil\nC removeFromParent\nP addChild(_:) C\nC didMove(toParent:) P\n"
        ),
        Case(
            rule: "willmove-nil-without-remove", bad: "C willMove(toParent:) nil\nC removeFromSuperview\n",
            good: "C willMove(toParent:) nil\nC removeFromSuperview\nC removeFromParent\n"),
        Case(
            rule: "unbalanced-appearance-transition",
            bad: "C beginAppearanceTransition(true, animated: true)\nC viewWillAppear\n",
            good:
                "C beginAppearanceTransition(true, animated: true)\nC viewWillAppear\nC endAppearanceTransition()\nC viewDidAppear\n"
        ),
        Case(
            rule: "detached-appearance",
            bad: "P addChild(_:) C\nC didMove(toParent:) P\nC removeFromParent\nC viewWillAppear\n",
            good:
                "P addChild(_:) C\nC didMove(toParent:) P\nC viewWillAppear\nC removeFromParent\nC viewWillDisappear\n"),
        Case(
            rule: "uikit-warning",
            bad: "A: viewWillAppear\nUnbalanced calls to begin/end appearance transitions for <A: 0x7f8e0c40a2b0>.\n",
            good: "A: viewWillAppear\n"),
    ]

    @Test(arguments: cases)
    func ruleTriggersOnlyOnItsFixture(_ c: Case) throws {
        let bad = Linter().run(try Fixture.trace(c.bad, name: "bad.log"))
        #expect(bad.map(\.rule).contains(c.rule), "\(bad.map(\.compilerStyle))")
        let good = Linter().run(try Fixture.trace(c.good, name: "good.log"))
        #expect(good.isEmpty, "\(good.map(\.compilerStyle))")
    }

    @Test func everyRuleHasAFixture() {
        let covered = Set(LintTests.cases.map(\.rule))
        #expect(Set(Linter.allRules.map(\.id)).subtracting(covered).isEmpty)
    }

    @Test func disabledRulesAreSkipped() throws {
        let trace = try Fixture.trace(LintTests.cases[0].bad)
        #expect(Linter(disabled: ["double-appear"]).run(trace).isEmpty)
    }

    /// Calls that name no object may be two pages' (`page 3 viewWillAppear` logged as
    /// `viewWillAppear`): their order breaks no controller's states.
    @Test func callsOnNoNamedObjectBreakNothing() throws {
        let log = "viewWillAppear\nviewWillDisappear\nviewDidAppear\nviewDidDisappear\n"
        let trace = try Fixture.trace(log)
        #expect(trace.events.count == 4)
        #expect(Linter().run(trace).isEmpty)
        #expect(StatsFormatter().format(trace).contains("0 findings"))
        #expect(!StatesFormatter().text(trace).contains("⚠"))
    }

    @Test func seed001WrongOrderGivesExactlyTheDoubleAppear() throws {
        let findings = Linter().run(try Fixture.loadSample("Samples/child-addsubview-first/trace.log"))
        #expect(findings.map(\.rule) == ["double-appear"])
        let text = FindingsFormatter.text(findings)
        #expect(text.hasPrefix("Samples/child-addsubview-first/trace.log:11: warning: [double-appear]"))
        #expect(text.contains("trace.log:9: note: the first viewDidAppear of TTViewController was here"))
        #expect(text.contains("trace.log:4: note: cause:"))
    }

    @Test(arguments: [
        ("Samples/child-add-remove/trace.log", [String]()),
        ("Samples/child-manual-appearance/trace.ndjson", []),
        ("Samples/interactive-pop-cancelled/trace.jsonl", []),
        ("Samples/custom-tab-container/trace.log", ["addchild-without-didmove"]),
        ("Samples/tab-switch/trace.log", []),
        ("Samples/tab-switch-navigation/trace.log", []),
        ("Samples/tab-retap/trace.log", []),
        ("Samples/tab-programmatic-select/trace.log", []),
        ("Samples/tab-switch-new-tab-first/trace.log", []),
        ("Samples/nav-push-pop/trace.log", []),
        ("Samples/transition-container/trace.log", []),
        ("Samples/modal-fullscreen-vs-pagesheet/trace-fullscreen.json", []),
        ("Samples/modal-fullscreen-vs-pagesheet/trace-pagesheet.json", []),
    ])
    func samplesGiveOnlyTheFindingsTheyShow(_ input: String, _ rules: [String]) throws {
        #expect(Linter().run(try Fixture.loadSample(input)).map(\.rule) == rules)
    }

    @Test func sarifHasTheRequiredFields() throws {
        let findings = Linter().run(try Fixture.loadSample("Samples/child-addsubview-first/trace.log"))
        let text = FindingsFormatter.sarif(findings, rules: Linter.allRules)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "lifeline")
        #expect((driver["rules"] as? [Any])?.count == Linter.allRules.count)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "double-appear")
        #expect((result["message"] as? [String: Any])?["text"] is String)
        let location = try #require(
            (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(
            (location["artifactLocation"] as? [String: Any])?["uri"] as? String
                == "Samples/child-addsubview-first/trace.log")
        #expect((location["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "%SRCROOT%")
        #expect(driver["version"] as? String == LifelineVersion.current)
        #expect((result["partialFingerprints"] as? [String: String])?["lifelineFinding/v1"]?.count == 16)
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 11)
        #expect((result["relatedLocations"] as? [Any])?.count == 3)
    }

    /// Paths are percent-encoded URI references; absolute ones outside the base are file URIs.
    @Test func sarifPathsAreURIs() {
        #expect(
            SARIFLocation.uri("logs/my trace#2.log", baseDirectory: nil) == ("logs/my%20trace%232.log", "%SRCROOT%"))
        #expect(SARIFLocation.uri("/work/app/a b.log", baseDirectory: "/work/app") == ("a%20b.log", "%SRCROOT%"))
        #expect(SARIFLocation.uri("/tmp/ß.log", baseDirectory: "/work") == ("file:///tmp/%C3%9F.log", nil))
        #expect(SARIFLocation.ruleName("double-appear") == "DoubleAppear")
    }

    @Test func jsonFindingsParse() throws {
        let findings = Linter().run(
            try Fixture.trace("A: viewWillAppear\nA: viewDidAppear\nA: viewDidAppear\n", name: "q\"uote.log"))
        let parsed =
            try JSONSerialization.jsonObject(with: Data(FindingsFormatter.json(findings).utf8)) as? [[String: Any]]
        #expect(parsed?.count == 1)
        #expect(parsed?.first?["file"] as? String == "q\"uote.log")
        #expect(try JSONSerialization.jsonObject(with: Data(FindingsFormatter.json([]).utf8)) as? [Any] != nil)
    }

    @Test func expectedOrderRulesFromAFile() throws {
        let rules = try ExpectedOrderRule.parse(
            "# UIKit\nold.viewDidDisappear before new.viewDidAppear\n\nold.viewWillDisappear before new.viewWillAppear\n",
            origin: "r.rules"
        )
        #expect(rules.orders.count == 2)
        let seed000 = try Fixture.loadSample("Samples/tab-switch/trace.log")
        #expect(Linter().run(seed000, extra: [rules]).isEmpty)
        let newTabFirst = try Fixture.loadSample("Samples/tab-switch-new-tab-first/trace.log")
        let findings = Linter().run(newTabFirst, extra: [rules])
        #expect(findings.map(\.rule) == ["expected-order", "expected-order"])
        #expect(findings[0].message.contains("r.rules:4"))
        #expect(throws: ExpectedOrderRule.ParseError.self) {
            _ = try ExpectedOrderRule.parse("old.viewDidDisappear after x.y\n", origin: "r")
        }
    }

    @Test func expectedOrderLearnedFromAReferenceTrace() throws {
        let reference = try Fixture.loadSample("Samples/tab-switch/trace.log")
        let rule = ExpectedOrderRule.learn(from: reference)
        #expect(
            rule.orders.map(\.description) == [
                "old.viewWillDisappear before new.viewWillAppear", "new.viewWillAppear before old.viewDidDisappear",
                "old.viewDidDisappear before new.viewDidAppear",
            ])
        let custom = try Fixture.loadSample("Samples/custom-tab-container/trace.log")
        let findings = Linter(disabled: ["addchild-without-didmove"]).run(custom, extra: [rule])
        #expect(findings.map(\.rule) == ["expected-order"])
        #expect(findings[0].location.line == 13)
    }

    @Test func missingCallsAreReported() throws {
        let rules = try ExpectedOrderRule.parse(
            "HomeViewController.viewWillAppear before HomeViewController.viewDidAppear\n", origin: "r")
        let trace = try Fixture.trace("HomeViewController.viewDidAppear(_:)\n")
        #expect(Linter().run(trace, extra: [rules]).first?.message.contains("missing") == true)
    }
}
