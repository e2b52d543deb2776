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

    /// Items per piece of a long output made on two threads: a few megabytes of text, so the
    /// reused piece buffers stay small (bigger pieces measured slower, from fresh pages).
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
        let pieces = (count + size - 1) / size
        let buffers = Buffers()
        func piece(_ k: Int, _ slot: Int) -> TextBuffer {
            var buffer = buffers.take(slot)
            make(k, k * size..<min(count, (k + 1) * size), &buffer)
            return buffer
        }
        var k = 0
        while k < pieces {
            if k + 1 < pieces {
                let n = k
                var (a, b) = try! run({ piece(n, 0) }, alongside: { piece(n + 1, 1) })
                out.append(taking: &a)
                out.append(taking: &b)
                buffers.give(a, b)
                k += 2
            } else {
                var last = piece(k, 0)
                out.append(taking: &last)
                k += 1
            }
        }
    }

    /// The two threads' piece buffers, handed back after each round so their memory is reused.
    private final class Buffers: @unchecked Sendable {
        private var slots = [TextBuffer(), TextBuffer()]

        func take(_ slot: Int) -> TextBuffer {
            var buffer = TextBuffer()
            swap(&buffer, &slots[slot])
            buffer.clear()
            return buffer
        }

        func give(_ a: TextBuffer, _ b: TextBuffer) { slots = [a, b] }
    }

    /// The other thread's work and its result; touched by one thread at a time (the group's
    /// wait orders them).
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
