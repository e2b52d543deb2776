#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Errors raised while opening or reading an input.
package struct InputError: Error, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A file or standard input read in large chunks and handed out as lines of raw bytes.
/// Lines are never decoded here, so invalid UTF-8 or NUL bytes cannot stop the reading.
package final class ByteInput {
    package let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var head: [UInt8] = []
    /// Room for lines that the last `forEachLine` left, for the next one.
    private var spare: [UInt8] = []
    private var atEOF = false
    /// The file's size in bytes, when it is a regular file.
    package private(set) var size: Int? = nil
    private var consumed = 0
    /// For a part of a file: bytes left before the part ends; nil for the whole input.
    private var remaining: Int? = nil
    /// Whether reading waits at the end of a regular file for more to be appended, and `peek`
    /// returns once it has a whole line (see `ReadOptions.follows`).
    package var follows = false
    /// How long a followed file's end is waited on before looking again.
    static let followPause: useconds_t = 100_000
    /// Called after each chunk with the bytes read so far and the file's size.
    package var progress: ((_ read: Int, _ total: Int) -> Void)? = nil
    static let chunkSize = 1 << 20

    /// Opens `path`, or standard input when `path` is `-`.
    package init(path: String) throws {
        if path == "-" {
            name = "-"
            fd = 0
            ownsDescriptor = false
        } else {
            let opened = open(path, O_RDONLY)
            guard opened >= 0 else {
                throw InputError("\(path): cannot open: \(String(cString: strerror(errno)))")
            }
            var info = stat()
            if fstat(opened, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                close(opened)
                throw InputError("\(path): is a directory")
            }
            if (info.st_mode & S_IFMT) == S_IFREG { size = Int(info.st_size) }
            name = path
            fd = opened
            ownsDescriptor = true
        }
    }

    /// The size of `path` when it is a regular file, without opening it (opening a FIFO would
    /// wait for its writer).
    static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Opens the bytes `range` of the regular file `path`, for reading a file in parts.
    package convenience init(path: String, range: Range<Int>) throws {
        try self.init(path: path)
        try select(range)
    }

    /// Goes on to the bytes `range` of the regular file: the next lines read are that part's.
    package func select(_ range: Range<Int>) throws {
        guard lseek(fd, off_t(range.lowerBound), SEEK_SET) >= 0 else {
            throw InputError("\(name): cannot seek: \(String(cString: strerror(errno)))")
        }
        head = []
        atEOF = false
        remaining = range.count
    }

    /// Where the line that holds byte `offset` of regular file `path` ends: the offset just
    /// after its newline (or the file's size).
    package static func lineEnd(in path: String, after offset: Int) throws -> Int {
        let input = try ByteInput(path: path)
        guard let size = input.size, offset < size else { return input.size ?? offset }
        var position = offset
        var chunk = [UInt8](repeating: 0, count: 4096)
        while position < size {
            let n = chunk.withUnsafeMutableBytes { pread(input.fd, $0.baseAddress, 4096, off_t(position)) }
            guard n > 0 else { return size }
            if let nl = chunk[0..<n].firstIndex(of: 0x0A) { return position + nl + 1 }
            position += n
        }
        return size
    }

    /// Opens `path` and reports reading progress to `progress`, if given.
    package convenience init(path: String, progress: (@Sendable (Int, Int) -> Void)?) throws {
        try self.init(path: path)
        self.progress = progress
    }

    /// Wraps bytes already in memory; used by tests and by the fuzzers.
    package init(bytes: [UInt8], name: String) {
        self.name = name
        fd = -1
        ownsDescriptor = false
        head = bytes
        atEOF = true
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Reads the next chunk onto the end of `buffer`. Returns the bytes read.
    private func readChunk(into buffer: inout [UInt8]) throws -> Int {
        var filled = buffer.count
        defer { buffer.removeLast(buffer.count - filled) }
        return try readChunk(into: &buffer, after: &filled)
    }

    /// The first `count` bytes (fewer at end of input), without consuming them.
    package func peek(_ count: Int) throws -> ArraySlice<UInt8> {
        while head.count < count, !(follows && head.contains(0x0A)), try readChunk(into: &head) > 0 {}
        return head.prefix(count)
    }

    /// Drops the first `count` bytes of what `peek` read.
    func skipHead(_ count: Int) {
        head.removeFirst(min(count, head.count))
    }

    /// Makes `bytes` the rest of the input (after `readAll`).
    func replaceHead(with bytes: [UInt8]) {
        head = bytes
        atEOF = true
        size = nil
    }

    /// Every remaining byte.
    package func readAll() throws -> [UInt8] {
        var all = head
        head = []
        while try readChunk(into: &all) > 0 {}
        return all
    }

    /// Calls `body` with each line (without its `\n`) and its 1-based number. A line longer
    /// than `maxLineBytes` is not kept whole: `body` gets its first bytes and its full length.
    package func forEachLine(
        maxLineBytes: Int,
        _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ fullLength: Int) throws -> Void
    ) throws {
        // The buffer's first `filled` bytes are input not used yet; the rest is room that
        // reading fills, so no chunk is zeroed first.
        // The last call's buffer is reused: a piece of a file read after another (see
        // `select`) neither allocates nor zeroes its room again.
        var buffer = head.isEmpty ? spare : head
        var filled = head.count
        head = []
        spare = []
        defer { spare = buffer }
        var lineNumber = 0
        var oversizedHead: [UInt8]? = nil
        var oversizedLength = 0
        func dropFirst(_ n: Int) {
            guard n > 0 else { return }
            buffer.withUnsafeMutableBytes { raw in
                if filled > n { memmove(raw.baseAddress!, raw.baseAddress! + n, filled - n) }
            }
            filled -= n
        }
        while true {
            if var kept = oversizedHead {
                // Skipping the rest of a too-long line until its newline.
                if let nl = buffer[..<filled].firstIndex(of: 0x0A) {
                    oversizedLength += nl
                    lineNumber += 1
                    try kept.withUnsafeMutableBufferPointer {
                        try body(UnsafeBufferPointer($0), lineNumber, oversizedLength)
                    }
                    oversizedHead = nil
                    dropFirst(nl + 1)
                    kept = []
                } else {
                    oversizedLength += filled
                    filled = 0
                    if try readChunk(into: &buffer, after: &filled) == 0 { break }
                    continue
                }
            }
            let consumed: Int = try buffer.withUnsafeBufferPointer { all in
                guard let base = all.baseAddress else { return 0 }
                let bytes = UnsafeBufferPointer(rebasing: all[..<filled])
                var i = 0
                while i < bytes.count, let hit = memchr(base + i, 0x0A, bytes.count - i) {
                    let nl = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    lineNumber += 1
                    let line = UnsafeBufferPointer(rebasing: bytes[i..<min(nl, i + maxLineBytes)])
                    try body(line, lineNumber, nl - i)
                    i = nl + 1
                }
                return i
            }
            dropFirst(consumed)
            if filled > maxLineBytes {
                oversizedHead = Array(buffer.prefix(maxLineBytes))
                oversizedLength = filled
                filled = 0
            }
            if try readChunk(into: &buffer, after: &filled) == 0 { break }
        }
        if let kept = oversizedHead {
            lineNumber += 1
            try kept.withUnsafeBufferPointer { try body($0, lineNumber, oversizedLength + filled) }
        } else if filled > 0 {
            lineNumber += 1
            try buffer.withUnsafeBufferPointer {
                try body(UnsafeBufferPointer(rebasing: $0.prefix(min(filled, maxLineBytes))), lineNumber, filled)
            }
        }
    }

    /// Reads the next chunk into `buffer` after its first `filled` bytes, and counts it in
    /// `filled`; the buffer grows only when its room is too small. Returns the bytes read.
    private func readChunk(into buffer: inout [UInt8], after filled: inout Int) throws -> Int {
        if atEOF { return 0 }
        let want = min(ByteInput.chunkSize, remaining ?? ByteInput.chunkSize)
        if want == 0 { atEOF = true; return 0 }
        if buffer.count < filled + want {
            buffer.append(contentsOf: repeatElement(0, count: filled + want - buffer.count))
        }
        while true {
            var n = 0
            let start = filled
            buffer.withUnsafeMutableBytes { raw in n = read(fd, raw.baseAddress! + start, want) }
            if n < 0 {
                if errno == EINTR {
                    if follows, FollowStop.isRequested { atEOF = true; return 0 }
                    continue
                }
                throw InputError("\(name): read failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 {
                // A followed file may grow: wait and look again, until asked to stop.
                if follows, size != nil, remaining == nil, !FollowStop.isRequested {
                    usleep(ByteInput.followPause)
                    if !FollowStop.isRequested { continue }
                }
                atEOF = true
                return 0
            }
            if let left = remaining { remaining = left - n }
            consumed += n
            if let progress, let size { progress(consumed, size) }
            filled += n
            return n
        }
    }
}
