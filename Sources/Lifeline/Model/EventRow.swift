/// One event as the store keeps it: 32 bytes of integer ids into the store's tables.
struct EventRow: Sendable {
    /// Seconds since the first timed event; NaN when the call had no time.
    var time: Double
    var seq: UInt32
    var object: SymbolTable.ID
    var event: SymbolTable.ID
    /// An `EventDetail` id: class, address, thread and source file.
    var detail: UInt32
    /// An `EventExtras` id: args, state and note.
    var extras: UInt32
    /// The source line, 0 when there is none.
    var line: UInt32
}

/// The per-event strings that repeat from call to call, kept once.
struct EventDetail: Hashable, Sendable, PackedIds {
    var className: SymbolTable.ID = 0
    var address: SymbolTable.ID = 0
    var thread: SymbolTable.ID = 0
    var file: SymbolTable.ID = 0

    var packed: (UInt64, UInt64) {
        (UInt64(className) << 32 | UInt64(address), UInt64(thread) << 32 | UInt64(file))
    }
}

/// An event's arguments, state and note, kept once; `args` and `state` are ids of interned
/// dictionaries.
struct EventExtras: Hashable, Sendable, PackedIds {
    var args: UInt32 = 0
    var state: UInt32 = 0
    var note: SymbolTable.ID = 0

    var packed: (UInt64, UInt64) { (UInt64(args) << 32 | UInt64(state), UInt64(note)) }
}
