import Foundation

/// Two pieces of work at once: one on the calling thread, one on another.
enum Parallel {
    /// Runs `first` here while `second` runs on another thread, and returns both results (or
    /// the first error, `first`'s before `second`'s). The results are handed over, not shared,
    /// so the caller holds the only reference to each.
    static func run<A, B>(_ first: () throws -> A, alongside second: @escaping () throws -> B) throws -> (A, B) {
        let job = Job(second)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { job.run() }
        let a = Result { try first() }
        group.wait()
        return (try a.get(), try job.take())
    }

    /// Items per piece of a long output made on two threads: a few hundred kilobytes of text,
    /// so the piece buffers (and the memory they hold) stay small. What a piece costs beyond
    /// its items is a handover between the threads; caches live as long as the threads' work
    /// (see `pieces(of:size:into:cache:_:)`), not a piece.
    static let pieceSize = 1 << 12

    /// Makes the text of `count` items in pieces of `size`, two pieces at a time (one on each
    /// thread), and appends them to `out` in order, so a long output is built on both cores
    /// and still comes out the same. `make` gets the piece's number, its items and an empty
    /// buffer to fill (each thread reuses its own); it may run on both threads at once, so it
    /// must only read what it shares.
    static func pieces(
        of count: Int, size: Int = pieceSize, into out: inout TextBuffer,
        _ make: @escaping (Int, Range<Int>, inout TextBuffer) -> Void
    ) {
        pieces(of: count, size: size, into: &out, cache: { () }) { k, range, _, buffer in make(k, range, &buffer) }
    }

    /// Like `pieces(of:size:into:_:)`, with a cache for each of the two threads, made by
    /// `cache` when the thread's first piece starts and handed to each of its pieces after:
    /// what one piece works out (the text of a name, say) the next on that thread reuses.
    static func pieces<Cache>(
        of count: Int, size: Int = pieceSize, into out: inout TextBuffer, cache: @escaping () -> Cache,
        _ make: @escaping (Int, Range<Int>, inout Cache, inout TextBuffer) -> Void
    ) {
        let pieces = (count + size - 1) / size
        // Each slot is worked on by one thread at a time: the round's wait orders them.
        let slots = [Slot<Cache>(), Slot<Cache>()]
        func piece(_ k: Int, _ slot: Slot<Cache>) {
            var cache = slot.cache ?? cache()
            slot.cache = nil  // held here alone while the piece is made, so it is not copied
            slot.buffer.clear()
            make(k, k * size..<min(count, (k + 1) * size), &cache, &slot.buffer)
            slot.cache = cache
        }
        var k = 0
        while k < pieces {
            if k + 1 < pieces {
                let n = k
                _ = try! run({ piece(n, slots[0]) }, alongside: { piece(n + 1, slots[1]) })
                out.append(taking: &slots[0].buffer)
                out.append(taking: &slots[1].buffer)
                k += 2
            } else {
                piece(k, slots[0])
                out.append(taking: &slots[0].buffer)
                k += 1
            }
        }
    }

    /// A thread's piece buffer, reused from piece to piece, and its cache.
    /// Unchecked `Sendable`: one thread at a time works on a slot; each round's wait orders them.
    private final class Slot<Cache>: @unchecked Sendable {
        var buffer = TextBuffer()
        var cache: Cache? = nil
    }

    /// The other thread's work and its result.
    /// Unchecked `Sendable`: the other thread touches it until it leaves the group, this one after the wait.
    private final class Job<B>: @unchecked Sendable {
        private let work: () throws -> B
        private var result: Result<B, Error>? = nil

        init(_ work: @escaping () throws -> B) { self.work = work }

        func run() { result = Result { try work() } }

        func take() throws -> B {
            defer { result = nil }
            return try result!.get()
        }
    }
}
