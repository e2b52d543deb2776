/// Illegal appearance moves found by the state machine, one rule id per kind of move:
/// `double-appear` (a child's view added before the child), `double-disappear`, `did-without-will`,
/// `disappear-without-appear`, `repeated-will`, `appear-while-appeared`.
package struct AppearanceStateRule: LintRule {
    package let id: String
    package let summary: String

    package init(id: String, summary: String) {
        self.id = id
        self.summary = summary
    }

    package func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (object, step) in context.violations where step.violation == id {
            let event = context.event(seq: step.seq)
            let name = context.name(object)
            let before = context.machine.before[step.seq] ?? AppearanceStateMachine.Before()
            var notes: [Finding.Note] = []
            let message: String
            switch id {
            case "double-appear":
                message = "\(name) received viewDidAppear again with no disappearance in between"
                if let first = before.appearedSeq {
                    notes.append(
                        .init(
                            location: context.location(context.event(seq: first)),
                            message: "the first viewDidAppear of \(name) was here")
                    )
                }
            case "double-disappear":
                message = "\(name) received viewDidDisappear again with no appearance in between"
                if let first = before.disappearedSeq {
                    notes.append(
                        .init(
                            location: context.location(context.event(seq: first)),
                            message: "the first viewDidDisappear of \(name) was here"
                        ))
                }
            case "did-without-will":
                message =
                    "\(name) received \(step.event) while \(step.from.rawValue), with no matching \(step.event == "viewDidAppear" ? "viewWillAppear" : "viewWillDisappear")"
                if let last = before.lastSeq, let state = before.lastState {
                    notes.append(
                        .init(
                            location: context.location(context.event(seq: last)),
                            message: "\(name) became \(state.rawValue) here"))
                }
            case "disappear-without-appear":
                message = "\(name) received viewWillDisappear but had already disappeared"
                if let last = before.lastSeq {
                    notes.append(
                        .init(location: context.location(context.event(seq: last)), message: "\(name) disappeared here")
                    )
                }
            default:
                message = "\(name) received \(step.event) while \(step.from.rawValue)"
                if let last = before.lastSeq, let state = before.lastState {
                    notes.append(
                        .init(
                            location: context.location(context.event(seq: last)),
                            message: "\(name) became \(state.rawValue) here"))
                }
            }
            findings.append(
                Finding(
                    rule: id, message: message, location: context.location(event), notes: notes, seq: step.seq,
                    subject: object))
        }
        return findings
    }

    package static let all: [AppearanceStateRule] = [
        AppearanceStateRule(
            id: "double-appear",
            summary: "a second viewDidAppear with no disappearance in between (for example addSubview before addChild)"
        ),
        AppearanceStateRule(id: "double-disappear", summary: "a second viewDidDisappear with no appearance in between"),
        AppearanceStateRule(
            id: "did-without-will", summary: "viewDidAppear or viewDidDisappear without the matching will call"),
        AppearanceStateRule(
            id: "disappear-without-appear", summary: "viewWillDisappear to a controller that has already disappeared"),
        AppearanceStateRule(id: "repeated-will", summary: "viewWillAppear or viewWillDisappear twice in a row"),
        AppearanceStateRule(
            id: "appear-while-appeared", summary: "viewWillAppear to a controller that is already on screen"),
    ]
}
