/// `addSubview` of a child's view before `addChild`: the child can get its
/// appearance calls twice.
package struct AddSubviewBeforeAddChildRule: LintRule {
    package let id = "addsubview-before-addchild"
    package let summary = "a child's view is added before the child controller (it can get viewDidAppear twice)"
    package init() {}

    package func check(_ context: LintContext) -> [Finding] {
        // Only a view added before its controller is a finding.
        guard context.contains(.addSubview) else { return [] }
        var added: [String: TraceEvent] = [:]  // "parent\tchild" → addSubview
        var attached: [String: Set<String>] = [:]  // child → the parents it was added to
        var findings: [Finding] = []
        for event in context.calls(.addSubview, .addChild, .removeFromParent) {
            switch event.canonical {
            case .addSubview?:
                if let child = context.object(event.args["view"]), attached[child]?.contains(event.object) != true {
                    added[event.object + "\t" + child] = event
                }
            case .addChild?:
                guard let child = context.object(event.args["child"]) else { break }
                let key = event.object + "\t" + child
                attached[child, default: []].insert(event.object)
                if let early = added.removeValue(forKey: key) {
                    findings.append(
                        Finding(
                            rule: id,
                            message:
                                "\(context.name(event.object)) added the view of \(context.name(child)) before adding it as a child; the child may receive its appearance calls twice",
                            location: context.location(early),
                            notes: [.init(location: context.location(event), message: "addChild comes only here")],
                            seq: early.seq,
                            subject: child))
                }
            case .removeFromParent?:
                let child = context.object(event.args["child"]) ?? event.object
                attached[child] = nil
            default: break
            }
        }
        return findings
    }
}

/// A second `didMove(toParent:)` to the same parent, with no `willMove(toParent:)`,
/// `addChild` or `removeFromParent` of the child between: UIKit told the child twice that one
/// move ended (a child added to a parent that is already on screen, in some versions).
package struct DidMoveTwiceRule: LintRule {
    package let id = "didmove-twice"
    package let summary = "a second didMove(toParent:) to the same parent with no move in between"
    package init() {}

    package func check(_ context: LintContext) -> [Finding] {
        var last: [String: (parent: String, event: TraceEvent)] = [:]  // child → its last didMove
        var findings: [Finding] = []
        for event in context.calls(.addChild, .willMoveToParent, .didMoveToParent, .removeFromParent) {
            switch event.canonical {
            case .didMoveToParent?:
                // Calls on an object the log does not name may be several children's.
                guard event.object != IdentityResolver.unknownObject, let parent = context.object(event.args["parent"])
                else {
                    last[event.object] = nil
                    break
                }
                if let before = last[event.object], before.parent == parent {
                    findings.append(
                        Finding(
                            rule: id,
                            message:
                                "\(context.name(event.object)) received didMove(toParent: \(context.name(parent))) again with no move in between",
                            location: context.location(event),
                            notes: [
                                .init(location: context.location(before.event), message: "the first didMove was here")
                            ],
                            seq: event.seq, subject: event.object))
                }
                last[event.object] = (parent, event)
            case .addChild?:
                if let child = context.object(event.args["child"]) { last[child] = nil }
            case .removeFromParent?:
                last[context.object(event.args["child"]) ?? event.object] = nil
            default:
                last[event.object] = nil
            }
        }
        return findings
    }
}

/// `addChild` (or `willMove(toParent:)`) with no `didMove(toParent:)` afterwards.
package struct AddChildWithoutDidMoveRule: LintRule {
    package let id = "addchild-without-didmove"
    package let summary = "addChild with no didMove(toParent:) afterwards"
    package init() {}

    package func check(_ context: LintContext) -> [Finding] {
        var open: [String: TraceEvent] = [:]  // child → the addChild or willMove call
        var order: [String] = []
        for event in context.calls(.addChild, .willMoveToParent, .didMoveToParent, .removeFromParent) {
            switch event.canonical {
            case .addChild?:
                if let child = context.object(event.args["child"]), open[child] == nil {
                    open[child] = event
                    order.append(child)
                }
            case .willMoveToParent?:
                if context.object(event.args["parent"]) != nil, open[event.object] == nil {
                    open[event.object] = event
                    order.append(event.object)
                }
            case .didMoveToParent?:
                if context.object(event.args["parent"]) != nil { open[event.object] = nil }
            case .removeFromParent?:
                // Removed before it was ever told it moved in: still unfinished.
                break
            default: break
            }
        }
        return order.compactMap { child in
            guard let start = open[child] else { return nil }
            return Finding(
                rule: id, message: "\(context.name(child)) was added as a child but never received didMove(toParent:)",
                location: context.location(start), seq: start.seq)
        }
    }
}

/// `willMove(toParent: nil)` with no `removeFromParent` afterwards.
package struct WillMoveNilWithoutRemoveRule: LintRule {
    package let id = "willmove-nil-without-remove"
    package let summary = "willMove(toParent: nil) with no removeFromParent afterwards"
    package init() {}

    package func check(_ context: LintContext) -> [Finding] {
        var open: [String: TraceEvent] = [:]
        var order: [String] = []
        for event in context.calls(.willMoveToParent, .removeFromParent, .didMoveToParent) {
            switch event.canonical {
            case .willMoveToParent?:
                if event.args["parent"] == .null, open[event.object] == nil {
                    open[event.object] = event
                    order.append(event.object)
                }
            case .removeFromParent?:
                open[context.object(event.args["child"]) ?? event.object] = nil
            case .didMoveToParent?:
                if event.args["parent"] == .null { open[event.object] = nil }
            default: break
            }
        }
        return order.compactMap { child in
            guard let start = open[child] else { return nil }
            return Finding(
                rule: id,
                message:
                    "\(context.name(child)) was told it would leave its parent but was never removed (no removeFromParent)",
                location: context.location(start), seq: start.seq)
        }
    }
}

/// `beginAppearanceTransition` without `endAppearanceTransition`, or an end without a begin.
package struct UnbalancedAppearanceTransitionRule: LintRule {
    package let id = "unbalanced-appearance-transition"
    package let summary = "beginAppearanceTransition without endAppearanceTransition, or the reverse"
    package init() {}

    package func check(_ context: LintContext) -> [Finding] {
        var open: [String: TraceEvent] = [:]
        var order: [String] = []
        var findings: [Finding] = []
        for event in context.calls(.beginAppearanceTransition, .endAppearanceTransition) {
            switch event.canonical {
            case .beginAppearanceTransition?:
                if let earlier = open[event.object] {
                    findings.append(
                        Finding(
                            rule: id,
                            message:
                                "\(context.name(event.object)) began a second appearance transition before ending the first",
                            location: context.location(event),
                            notes: [
                                .init(
                                    location: context.location(earlier),
                                    message: "the first beginAppearanceTransition was here")
                            ],
                            seq: event.seq))
                } else {
                    order.append(event.object)
                }
                open[event.object] = event
            case .endAppearanceTransition?:
                if open.removeValue(forKey: event.object) == nil {
                    findings.append(
                        Finding(
                            rule: id,
                            message: "\(context.name(event.object)) ended an appearance transition it never began",
                            location: context.location(event), seq: event.seq))
                }
            default: break
            }
        }
        for object in order {
            if let start = open[object] {
                findings.append(
                    Finding(
                        rule: id,
                        message:
                            "\(context.name(object)) began an appearance transition that never ended (no endAppearanceTransition)",
                        location: context.location(start), seq: start.seq))
            }
        }
        return findings
    }
}

/// Appearance calls to a controller after it was removed from its parent.
package struct DetachedAppearanceRule: LintRule {
    package let id = "detached-appearance"
    package let summary = "viewWillAppear or viewDidAppear to a controller after it left its parent"
    package init() {}

    package func check(_ context: LintContext) -> [Finding] {
        var detachedAt: [String: TraceEvent] = [:]
        var findings: [Finding] = []
        for event in context.calls(
            .removeFromParent, .didMoveToParent, .addChild, .willMoveToParent, .present, .viewWillAppear, .viewDidAppear
        ) {
            switch event.canonical {
            case .removeFromParent?:
                detachedAt[context.object(event.args["child"]) ?? event.object] = event
            case .didMoveToParent?:
                if event.args["parent"] == .null {
                    if detachedAt[event.object] == nil { detachedAt[event.object] = event }
                } else {
                    detachedAt[event.object] = nil
                }
            case .addChild?:
                if let child = context.object(event.args["child"]) { detachedAt[child] = nil }
            case .willMoveToParent?:
                if context.object(event.args["parent"]) != nil { detachedAt[event.object] = nil }
            case .present?:
                if let to = context.object(event.args["to"]) { detachedAt[to] = nil }
            case .viewWillAppear?, .viewDidAppear?:
                if let removal = detachedAt[event.object] {
                    findings.append(
                        Finding(
                            rule: id,
                            message:
                                "\(context.name(event.object)) received \(event.event) after it was removed from its parent",
                            location: context.location(event),
                            notes: [.init(location: context.location(removal), message: "it was removed here")],
                            seq: event.seq))
                }
            default: break
            }
        }
        return findings
    }
}

/// UIKit's own warnings found in the log.
package struct UIKitWarningRule: LintRule {
    package let id = "uikit-warning"
    package let summary =
        "UIKit's own warnings in the log, such as \"Unbalanced calls to begin/end appearance transitions\""
    package init() {}

    package func check(_ context: LintContext) -> [Finding] {
        context.trace.findings.map { finding in
            Finding(
                rule: id, message: "UIKit: \(finding.message)",
                location: finding.location ?? TraceLocation(file: context.trace.source, line: 0),
                seq: 0)
        }
    }
}
