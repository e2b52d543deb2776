import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes an output file atomically: the bytes go to a temporary file beside the target, which
/// is then renamed over it, so a reader never sees half a file and an error or an interrupt
/// leaves nothing behind (see `TemporaryFiles`). An existing file keeps its permissions. The
/// parent directory is created when missing. Writing over an input is refused.
package enum OutputFile {
    package struct RefusedError: Error, CustomStringConvertible {
        package var description: String
    }

    package static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws {
        try bytes.withUnsafeBytes { try write(raw: $0, to: path, inputs: inputs) }
    }

    package static func write(_ text: String, to path: String, inputs: [String] = []) throws {
        var text = text
        try text.withUTF8 { try write(raw: UnsafeRawBufferPointer($0), to: path, inputs: inputs) }
    }

    private static func write(raw: UnsafeRawBufferPointer, to path: String, inputs: [String]) throws {
        let stream = try Stream(path: path, inputs: inputs)
        do {
            try stream.write(raw: raw)
            try stream.commit()
        } catch {
            stream.discard()
            throw error
        }
    }

    /// True when `path` exists and is not a regular file or a folder: a device such as
    /// `/dev/null`, a FIFO or a socket. Those are written in place; renaming a temporary file
    /// over them would replace the device with a file.
    static func isDevice(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// True when both paths name one existing file (same device and inode).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// Writes all of `bytes` to `fd`, going on after an interrupted write. Returns the
    /// `errno` of a failed write, or nil.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var written = 0
        while written < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += n
        }
        return nil
    }

    static func failure(_ path: String, _ what: String) -> RefusedError {
        RefusedError(description: "\(path): \(what)\(what.isEmpty ? "" : ": ")\(String(cString: strerror(errno)))")
    }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(fd, p, n)
    #else
        return Darwin.write(fd, p, n)
    #endif
}

extension OutputFile {
    /// Output written piece by piece: to a temporary file renamed into place by `commit()`
    /// (removed by `discard()`), or to standard output when `path` is nil.
    package final class Stream: ByteSink {
        private let path: String?
        private let temporary: String?
        private let slot: Int?
        private let fd: Int32
        private var buffer: [UInt8] = []
        private var done = false

        package init(path: String?, inputs: [String] = []) throws {
            self.path = path
            guard let path else {
                temporary = nil
                slot = nil
                fd = 1
                return
            }
            for input in inputs where input != "-" && OutputFile.sameFile(input, path) {
                throw RefusedError(description: "\(path): refusing to overwrite the input \(input)")
            }
            if OutputFile.isDevice(path) {
                let opened = open(path, O_WRONLY)
                guard opened >= 0 else { throw OutputFile.failure(path, "") }
                temporary = nil
                slot = nil
                fd = opened
                return
            }
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let tmp = TemporaryFiles.name(beside: path)
            slot = TemporaryFiles.remember(tmp)
            var existing = stat()
            let replaces = stat(path, &existing) == 0
            let opened = open(
                tmp, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, replaces ? mode_t(existing.st_mode & 0o7777) : 0o666)
            guard opened >= 0 else {
                TemporaryFiles.forget(slot)
                throw OutputFile.failure(path, "cannot create a temporary file beside it")
            }
            // An existing file keeps its mode exactly (open's mode is cut by the umask); a new
            // one gets 0666 less the umask.
            if replaces { fchmod(opened, existing.st_mode & 0o7777) }
            temporary = tmp
            fd = opened
            buffer.reserveCapacity(1 << 20)
        }

        deinit {
            if !done { discard() }
        }

        package func write(_ text: String) throws {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 20 { try flush() }
        }

        /// Writes `bytes` as they are, after what is buffered.
        package func write(bytes: [UInt8]) throws {
            try bytes.withUnsafeBytes { try write(raw: $0) }
        }

        /// Writes `raw` as it is, after what is buffered.
        package func write(raw: UnsafeRawBufferPointer) throws {
            try flush()
            try writeAll(raw)
        }

        /// Lets `body` append bytes to the output.
        package func write(_ body: (inout [UInt8]) -> Void) throws {
            body(&buffer)
            if buffer.count >= 1 << 20 { try flush() }
        }

        private func flush() throws {
            guard !buffer.isEmpty else { return }
            try buffer.withUnsafeBytes { try writeAll($0) }
            buffer.removeAll(keepingCapacity: true)
        }

        private func writeAll(_ raw: UnsafeRawBufferPointer) throws {
            if OutputFile.writeAll(fd, raw) != nil {
                throw OutputFile.failure(path ?? "standard output", "write failed")
            }
        }

        package func commit() throws {
            try flush()
            done = true
            guard let path else { return }
            defer { TemporaryFiles.forget(slot) }
            guard let temporary else {
                guard close(fd) == 0 else { throw OutputFile.failure(path, "close failed") }
                return
            }
            guard close(fd) == 0 else {
                let error = OutputFile.failure(path, "write failed")
                unlink(temporary)
                throw error
            }
            guard rename(temporary, path) == 0 else {
                let error = OutputFile.failure(path, "")
                unlink(temporary)
                throw error
            }
        }

        package func discard() {
            guard !done else { return }
            done = true
            if path != nil { close(fd) }
            if let temporary { unlink(temporary) }
            TemporaryFiles.forget(slot)
        }
    }
}
