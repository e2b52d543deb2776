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
