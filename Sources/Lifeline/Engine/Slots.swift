/// A growable buffer of plain values that a hot loop reads and writes in place, with no
/// copy-on-write check per access. Being a class, it is shared by copies of whatever holds
/// it: a holder that may be copied calls `Slots.unique` once before it writes. Not `Sendable`:
/// a holder that moves between threads (`TransitionSteps`) answers for it.
final class Slots<Element: BitwiseCopyable> {
    // Touched by one thread at a time; the run-time exclusivity check is left out.
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes `slots` its holder's own, copying it when shared.
    static func unique(_ slots: inout Slots) {
        guard !isKnownUniquelyReferenced(&slots) else { return }
        let copy = Slots(capacity: slots.capacity)
        copy.base.initialize(from: slots.base, count: slots.count)
        copy.count = slots.count
        slots = copy
    }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { reserve(2 * capacity) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Adds slots set to `value` until there are `n`.
    func grow(to n: Int, filling value: Element) {
        guard n > count else { return }
        if n > capacity { reserve(max(n, 2 * capacity)) }
        (base + count).initialize(repeating: value, count: n - count)
        count = n
    }

    func removeAll() { count = 0 }

    private func reserve(_ n: Int) {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: n)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = n
    }
}
