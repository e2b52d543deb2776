import Foundation

/// Keys of work to be done once (a method exchanged, a delegate class watched), from any thread.
/// Unchecked `Sendable`: `keys` is only read or written while `lock` is held.
final class OnceKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var keys = Set<UInt>()

    /// True the first time `key` is given, false every time after.
    func first(_ key: UInt) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return keys.insert(key).inserted
    }
}
