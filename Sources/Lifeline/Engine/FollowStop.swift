#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the reading of a followed input (`ReadOptions.follows`) on Ctrl-C, SIGTERM or SIGHUP:
/// the signal sets a flag and interrupts a waiting read, and the reader then ends as if the
/// input had ended, so the command still prints what it owes (a summary, the last findings).
package enum FollowStop {
    /// Set by the signal handler; read between reads.
    nonisolated(unsafe) static var requested: sig_atomic_t = 0

    /// Whether a stop was asked for.
    static var isRequested: Bool { requested != 0 }

    /// Catches SIGINT, SIGTERM and SIGHUP without restarting the read they interrupt. A second
    /// signal stops the process at once.
    package static func catchSignals() {
        SignalHandlers.install(stopReading)
    }
}

private func stopReading(_ number: Int32) {
    FollowStop.requested = 1
    signal(number, SIG_DFL)
}
