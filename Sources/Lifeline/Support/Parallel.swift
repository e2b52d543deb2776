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

    /// Makes `count` pieces of text, two at a time (one on each thread), and appends them to
    /// `out` in order, so a long output is built on both cores and still comes out the same.
    /// `make` may run on either thread at once with itself: it must only read what it shares.
    static func pieces(_ count: Int, into out: inout TextBuffer, _ make: @escaping (Int) -> TextBuffer) {
        var k = 0
        while k < count {
            if k + 1 < count {
                let n = k
                let (a, b) = try! run({ make(n) }, alongside: { make(n + 1) })
                out += a.bytes
                out += b.bytes
                k += 2
            } else {
                out += make(k).bytes
                k += 1
            }
        }
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
