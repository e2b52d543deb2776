import Foundation
import Testing

/// `check` and `diff`: 0 clean or the same, 1 findings or differences, 2 an error.
@Suite struct CheckDiffTests {
    @Test("check: clean sample exits 0")
    func checkClean() throws {
        let run = try lifeline("check", "Samples/child-add-remove/trace.log")
        #expect(run.exit == 0, run.errHead)
    }

    @Test("check: findings exit 1")
    func checkFindings() throws {
        let run = try lifeline("check", "Samples/child-addsubview-first/trace.log")
        #expect(run.exit == 1, run.errHead)
        #expect(run.out.contains("trace.log:11: warning: [double-appear]"), "check prints file:line: warning: [rule]")
    }

    @Test("check: sarif is JSON")
    func checkSARIF() throws {
        try withScratch { tmp in
            let run = try lifeline(
                "check", "Samples/child-addsubview-first/trace.log", "--format", "sarif", "-o", tmp.path("out.sarif"))
            #expect(run.exit == 1, run.errHead)
            #expect(isJSON(tmp.read("out.sarif")), "sarif parses")
        }
    }

    @Test("check: --disable")
    func checkDisable() throws {
        let run = try lifeline(
            "check", "Samples/child-addsubview-first/trace.log", "--disable", "double-appear", "--disable",
            "addsubview-before-addchild")
        #expect(run.exit == 0, run.errHead)
    }

    @Test("check: unknown rule is an error")
    func checkUnknownRule() throws {
        let run = try lifeline("check", "Samples/child-add-remove/trace.log", "--disable", "nope")
        #expect(run.exit == 2, run.errHead)
    }

    @Test("check: --expect rules file")
    func checkExpectRules() throws {
        let run = try lifeline(
            "check", "Samples/custom-tab-container/trace.log", "--disable", "addchild-without-didmove",
            "--expect", "Samples/custom-tab-container/uikit-order.rules")
        #expect(run.exit == 0, run.errHead)
    }

    @Test("check: --expect reference trace")
    func checkExpectReference() throws {
        let run = try lifeline(
            "check", "Samples/tab-switch-new-tab-first/trace.log", "--expect", "Samples/tab-switch/trace.log")
        #expect(run.exit == 1, run.errHead)
    }

    @Test("diff: same scenario, two styles")
    func diffSame() throws {
        let run = try lifeline(
            "diff", "Samples/same-scenario-two-styles/trace-nslog.log",
            "Samples/same-scenario-two-styles/trace-print.log")
        #expect(run.exit == 0, run.errHead)
    }

    @Test("diff: different traces exit 1")
    func diffDifferent() throws {
        let run = try lifeline("diff", "Samples/push-vs-modal/trace-push.log", "Samples/push-vs-modal/trace-modal.log")
        #expect(run.exit == 1, run.errHead)
        #expect(run.out.contains("4 same, 1 moved, 0 missing, 0 extra, 0 changed"), "diff summary line")
        #expect(!run.outData.contains(0x1B), "no colour when not a terminal")
    }

    @Test("diff: missing input is an error")
    func diffMissingInput() throws {
        try withScratch { tmp in
            let run = try lifeline("diff", "Samples/push-vs-modal/trace-push.log", tmp.path("none.log"))
            #expect(run.exit == 2, run.errHead)
        }
    }

    @Test("diff html")
    func diffHTML() throws {
        try withScratch { tmp in
            let run = try lifeline(
                "diff", "Samples/push-vs-modal/trace-push.log", "Samples/push-vs-modal/trace-modal.log", "--format",
                "html", "-o",
                tmp.path("d.html"))
            #expect(run.exit == 1, run.errHead)
        }
    }
}
