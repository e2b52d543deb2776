#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals that end a command-line run: Ctrl-C, a kill, a closed terminal.
enum SignalHandlers {
    /// Has `handler` called on SIGINT, SIGTERM and SIGHUP. A read or write the signal
    /// interrupts returns EINTR rather than restarting (no SA_RESTART). The signals are also
    /// unblocked on the calling thread: a process started from a thread that blocks them (a
    /// dispatch worker) inherits the block, and Ctrl-C would then never arrive.
    static func install(_ handler: @convention(c) (Int32) -> Void) {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = handler
            #else
                action.__sigaction_u.__sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }
}
