/// Ordering rules a trace must keep, such as `old.viewDidDisappear before new.viewDidAppear`,
/// read from a small text file or learned from a reference trace (`check --expect`). A custom
/// container can so be held to UIKit's order in CI.
///
/// A term is `WHO.event`. `WHO` is `old` or `new` — in each transition, the controller that
/// disappears and the one that appears — or a controller named by class, display name or id,
/// which is checked over the whole trace by first occurrence.
package struct ExpectedOrderRule: LintRule {
    package struct Term: Sendable, Hashable, CustomStringConvertible {
        package var who: String
        package var event: String
        package var isRole: Bool { who == "old" || who == "new" }
        package var description: String { "\(who).\(event)" }
    }

    package struct Order: Sendable, Hashable, CustomStringConvertible {
        package var first: Term
        package var second: Term
        package var line: Int
        package var description: String { "\(first) before \(second)" }
    }

    package struct ParseError: Error, CustomStringConvertible {
        package var description: String
    }

    package let id = "expected-order"
    package let summary = "an ordering rule from --expect is broken, or a call it names is missing"
    package var orders: [Order]
    /// Where the rules came from, for messages.
    package var origin: String

    package init(orders: [Order], origin: String) {
        self.orders = orders
        self.origin = origin
    }

    /// Parses `A.event before B.event` lines; `#` starts a comment.
    package static func parse(_ text: String, origin: String) throws -> ExpectedOrderRule {
        var orders: [Order] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line =
                raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            guard words.count == 3, words[1] == "before", let a = term(words[0]), let b = term(words[2]) else {
                throw ParseError(
                    description:
                        "\(origin):\(index + 1): expected `WHO.event before WHO.event`, found \(line.debugDescription)")
            }
            orders.append(Order(first: a, second: b, line: index + 1))
        }
        guard !orders.isEmpty else { throw ParseError(description: "\(origin): no ordering rules") }
        return ExpectedOrderRule(orders: orders, origin: origin)
    }

    static func term(_ word: Substring) -> Term? {
        guard let dot = word.lastIndex(of: "."), dot != word.startIndex, word.index(after: dot) != word.endIndex else {
            return nil
        }
        let event = String(word[word.index(after: dot)...])
        return Term(who: String(word[..<dot]), event: CanonicalEvent(method: event)?.rawValue ?? event)
    }

    /// Learns the order of the old and new controllers' appearance calls in each transition of
    /// a reference trace.
    package static func learn(from reference: Trace) -> ExpectedOrderRule {
        var orders: [Order] = []
        var seen = Set<String>()
        for transition in TransitionDetector.detect(reference) {
            guard let old = transition.disappearing.first, let new = transition.appearing.first else { continue }
            var terms: [Term] = []
            for i in transition.range {
                let e = reference.events[i]
                guard AppearanceStateMachine.target(of: e.canonical) != nil else { continue }
                let who = e.object == old ? "old" : e.object == new ? "new" : nil
                if let who, !terms.contains(Term(who: who, event: e.event)) {
                    terms.append(Term(who: who, event: e.event))
                }
            }
            for (a, b) in zip(terms, terms.dropFirst()) where seen.insert("\(a) \(b)").inserted {
                orders.append(Order(first: a, second: b, line: 0))
            }
        }
        return ExpectedOrderRule(orders: orders, origin: reference.source)
    }

    package func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let events = context.trace.events
        let transitions = TransitionDetector.detect(context.trace)
        for order in orders {
            if order.first.isRole || order.second.isRole {
                for t in transitions {
                    guard let old = t.disappearing.first, let new = t.appearing.first else { continue }
                    let resolve = { (term: Term) -> String in
                        term.who == "old" ? old : term.who == "new" ? new : term.who
                    }
                    let scope = Array(t.range)
                    findings += compare(
                        order, in: scope, events, context, resolve: resolve, label: t.title(context.names))
                }
            } else {
                findings += compare(
                    order, in: Array(events.indices), events, context, resolve: { $0.who }, label: "the trace")
            }
        }
        return findings
    }

    private func matches(_ event: TraceEvent, _ who: String, _ term: Term, _ context: LintContext) -> Bool {
        guard event.event == term.event else { return false }
        return event.object == who || context.name(event.object) == who
            || DisplayNames.className(of: event.object) == who
    }

    private func compare(
        _ order: Order, in scope: [Int], _ events: EventList, _ context: LintContext, resolve: (Term) -> String,
        label: String
    ) -> [Finding] {
        let a = resolve(order.first), b = resolve(order.second)
        let ia = scope.first { matches(events[$0], a, order.first, context) }
        let ib = scope.first { matches(events[$0], b, order.second, context) }
        let rule = "`\(order)`" + (order.line > 0 ? " (\(origin):\(order.line))" : " (learned from \(origin))")
        switch (ia, ib) {
        case (let x?, let y?) where x > y:
            return [
                Finding(
                    rule: id,
                    message:
                        "\(rule) is broken in \(label): \(context.name(events[y].object)).\(events[y].event) came first",
                    location: context.location(events[y]),
                    notes: [
                        .init(
                            location: context.location(events[x]),
                            message: "\(context.name(events[x].object)).\(events[x].event) came only here")
                    ],
                    seq: events[y].seq)
            ]
        case (nil, let y?):
            return [
                Finding(
                    rule: id, message: "\(rule): \(order.first) is missing in \(label)",
                    location: context.location(events[y]),
                    seq: events[y].seq)
            ]
        case (let x?, nil):
            return [
                Finding(
                    rule: id, message: "\(rule): \(order.second) is missing in \(label)",
                    location: context.location(events[x]),
                    seq: events[x].seq)
            ]
        default:
            return []
        }
    }
}
