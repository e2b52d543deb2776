/// What a command keeps until the process exits instead of freeing it when the command ends:
/// a long session's trace holds millions of table entries, and freeing them one by one takes
/// tens of milliseconds that the system saves by taking the memory back at once.
enum KeptUntilExit {
    /// Touched only by the command's own thread.
    nonisolated(unsafe) private static var values: [Any] = []

    /// Keeps `value` (and what it holds) alive until the process exits; returns it.
    @discardableResult static func keep<Value>(_ value: Value) -> Value {
        values.append(value)
        return value
    }
}
