/// Which hooked calls are under way on each thread, so a call UIKit makes from inside
/// another of the same family (`setSelectedIndex` calling `setSelectedViewController`, a
/// `dismiss` passed on to the presenter, a delegate method calling its superclass's) is
/// recorded once, at the outer call's entry.
struct NestedCalls {
    private var active: [String: Set<String>] = [:]

    /// Marks `family` as under way on `thread`; false when it already was.
    mutating func enter(_ family: String, thread: String) -> Bool {
        active[thread, default: []].insert(family).inserted
    }

    mutating func leave(_ family: String, thread: String) {
        active[thread]?.remove(family)
        if active[thread]?.isEmpty == true { active[thread] = nil }
    }
}
