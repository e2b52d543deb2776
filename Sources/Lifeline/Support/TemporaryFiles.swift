#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary outputs that an interrupt must not leave behind.
///
/// Output files are written to a temporary name and renamed into place. While one exists its
/// path is listed here; after `removeOnSignals()`, SIGINT, SIGTERM and SIGHUP remove every
/// listed path (files first, then folders, newest first) and end the process with the signal,
/// so the shell sees status 130, 143 or 129. The handler only reads a fixed table of C
/// strings and calls `unlink`/`rmdir`, which are safe in a signal handler.
package enum TemporaryFiles {
    private static let capacity = 256
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var counter = 0
    private static let lockReady: Void = { pthread_mutex_init(&lock, nil) }()

    /// A new temporary path in the same folder as `path`: short, so that a long file name
    /// still leaves room for it, and unique within the process.
    static func name(beside path: String) -> String {
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        return withLock {
            counter += 1
            return "\(folder).lifeline-\(getpid())-\(counter).tmp"
        }
    }

    /// Lists `path` for removal on a signal; returns its slot for `forget`, or nil when the
    /// table is full (the path is then left to the normal error handling).
    @discardableResult
    package static func remember(_ path: String) -> Int? {
        withLock {
            for slot in 0..<capacity where slots[slot] == nil {
                slots[slot] = strdup(path)
                return slot
            }
            return nil
        }
    }

    /// Takes a path off the list, once it has been renamed into place or removed.
    package static func forget(_ slot: Int?) {
        guard let slot else { return }
        withLock {
            let path = slots[slot]
            slots[slot] = nil
            free(path)
        }
    }

    /// Installs the signal handlers. Call once, early, from a command-line tool.
    package static func removeOnSignals() {
        SignalHandlers.install(handleSignal)
    }

    private static func withLock<T>(_ body: () -> T) -> T {
        _ = lockReady
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body()
    }

    /// Removes everything listed: files in a first pass, then the folders that held them.
    fileprivate static func removeAll() {
        for pass in 0..<2 {
            var slot = capacity - 1
            while slot >= 0 {
                if let path = slots[slot] {
                    if pass == 0 { unlink(path) } else { rmdir(path) }
                }
                slot -= 1
            }
        }
    }
}

/// Removes the listed paths, then ends the process with the signal itself, so the parent
/// sees how it ended (`signal` and `raise` are safe in a handler).
private func handleSignal(_ number: Int32) {
    TemporaryFiles.removeAll()
    signal(number, SIG_DFL)
    raise(number)
}
