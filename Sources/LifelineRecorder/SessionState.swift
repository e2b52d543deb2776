/// What the recorded calls imply about the app's controllers, by object: who each child's
/// parent is, what each controller presents, each navigation stack and each tab bar's
/// selection. It fills in what a call does not carry (the controller a bare `pop` or
/// `dismiss` removes, the selection before a tab switch) when the hook could not ask UIKit.
struct SessionState {
    private(set) var parent: [ObjectIdentifier: ObjectIdentifier] = [:]
    private(set) var presented: [ObjectIdentifier: ObjectIdentifier] = [:]
    private(set) var stacks: [ObjectIdentifier: [ObjectIdentifier]] = [:]
    private(set) var selected: [ObjectIdentifier: ObjectIdentifier] = [:]

    /// Whom `key` presents, or, when it presents nothing but was presented, itself: what a
    /// `dismiss` sent to it dismisses.
    func dismissed(by key: ObjectIdentifier) -> ObjectIdentifier? {
        if let shown = presented[key] { return shown }
        return presented.values.contains(key) ? key : nil
    }

    mutating func setParent(of child: ObjectIdentifier, to newParent: ObjectIdentifier?) {
        parent[child] = newParent
    }

    mutating func present(_ shown: ObjectIdentifier, by presenter: ObjectIdentifier) {
        presented[presenter] = shown
    }

    mutating func dismiss(_ shown: ObjectIdentifier) {
        for (presenter, value) in presented where value == shown { presented[presenter] = nil }
        // Whatever it presented goes with it.
        if presented[shown] != nil { dismiss(presented[shown]!) }
    }

    func top(of nav: ObjectIdentifier) -> ObjectIdentifier? { stacks[nav]?.last }
    func root(of nav: ObjectIdentifier) -> ObjectIdentifier? { stacks[nav]?.first }

    mutating func push(_ pushed: ObjectIdentifier, on nav: ObjectIdentifier) {
        stacks[nav, default: []].append(pushed)
    }

    mutating func pop(_ nav: ObjectIdentifier, to target: ObjectIdentifier?) {
        guard var stack = stacks[nav], !stack.isEmpty else { return }
        if let target, let at = stack.lastIndex(of: target) {
            stack.removeSubrange((at + 1)...)
        } else if target == nil {
            stack.removeLast()
        }
        stacks[nav] = stack
    }

    mutating func setStack(_ stack: [ObjectIdentifier], of nav: ObjectIdentifier) { stacks[nav] = stack }

    mutating func select(_ tab: ObjectIdentifier, _ controller: ObjectIdentifier?) { selected[tab] = controller }

    /// Forgets an object that is gone, wherever it is named: its address may be reused.
    mutating func forget(_ key: ObjectIdentifier) {
        parent[key] = nil
        presented[key] = nil
        stacks[key] = nil
        selected[key] = nil
        parent = parent.filter { $0.value != key }
        presented = presented.filter { $0.value != key }
        selected = selected.filter { $0.value != key }
        for (nav, stack) in stacks where stack.contains(key) { stacks[nav] = stack.filter { $0 != key } }
    }
}
