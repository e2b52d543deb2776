import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes an output file atomically: the bytes go to a temporary file beside the target, which
/// is then renamed over it, so a reader never sees half a file and an error leaves nothing
/// behind. The parent directory is created when missing. Writing over an input is refused.
public enum OutputFile {
    public struct RefusedError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws {
        try bytes.withUnsafeBytes { try write(raw: $0, to: path, inputs: inputs) }
    }

    public static func write(_ text: String, to path: String, inputs: [String] = []) throws {
        var text = text
        try text.withUTF8 { try write(raw: UnsafeRawBufferPointer($0), to: path, inputs: inputs) }
    }

    private static func write(raw: UnsafeRawBufferPointer, to path: String, inputs: [String]) throws {
        for input in inputs where input != "-" && sameFile(input, path) {
            throw RefusedError(description: "\(path): refusing to overwrite the input \(input)")
        }
        if isDevice(path) {
            let stream = try Stream(path: path, inputs: inputs)
            try stream.write(bytes: Array(raw))
            try stream.commit()
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw RefusedError(description: "\(temporary.path): \(String(cString: strerror(errno)))") }
            var written = 0
            while written < raw.count {
                let n = Glibc_write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    let reason = String(cString: strerror(errno))
                    close(fd)
                    throw RefusedError(description: "\(path): write failed: \(reason)")
                }
                written += n
            }
            guard close(fd) == 0 else { throw RefusedError(description: "\(path): close failed") }
            guard rename(temporary.path, url.path) == 0 else {
                throw RefusedError(description: "\(path): \(String(cString: strerror(errno)))")
            }
        } catch {
            unlink(temporary.path)
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
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(fd, p, n)
    #else
        return Darwin.write(fd, p, n)
    #endif
}

extension OutputFile {
    /// Output written piece by piece: to a temporary file renamed into place by `commit()`
    /// (removed by `discard()`), or to standard output when `path` is nil.
    public final class Stream {
        private let path: String?
        private let temporary: String?
        private let fd: Int32
        private var buffer: [UInt8] = []
        private var done = false

        public init(path: String?, inputs: [String] = []) throws {
            self.path = path
            guard let path else {
                temporary = nil
                fd = 1
                return
            }
            for input in inputs where input != "-" && OutputFile.sameFile(input, path) {
                throw RefusedError(description: "\(path): refusing to overwrite the input \(input)")
            }
            if OutputFile.isDevice(path) {
                let opened = open(path, O_WRONLY)
                guard opened >= 0 else { throw RefusedError(description: "\(path): \(String(cString: strerror(errno)))") }
                temporary = nil
                fd = opened
                return
            }
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
            let opened = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard opened >= 0 else { throw RefusedError(description: "\(tmp): \(String(cString: strerror(errno)))") }
            temporary = tmp
            fd = opened
            buffer.reserveCapacity(1 << 20)
        }

        deinit {
            if !done { discard() }
        }

        public func write(_ text: String) throws {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 20 { try flush() }
        }

        /// Writes `bytes` as they are, after what is buffered.
        public func write(bytes: [UInt8]) throws {
            try flush()
            try bytes.withUnsafeBytes { try writeAll($0) }
        }

        /// Lets `body` append bytes to the output.
        public func write(_ body: (inout [UInt8]) -> Void) throws {
            body(&buffer)
            if buffer.count >= 1 << 20 { try flush() }
        }

        private func flush() throws {
            try buffer.withUnsafeBytes { try writeAll($0) }
            buffer.removeAll(keepingCapacity: true)
        }

        private func writeAll(_ raw: UnsafeRawBufferPointer) throws {
            var written = 0
            while written < raw.count {
                let n = Glibc_write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw RefusedError(description: "\(path ?? "stdout"): write failed: \(String(cString: strerror(errno)))")
                }
                written += n
            }
        }

        public func commit() throws {
            try flush()
            done = true
            guard let path else { return }
            guard let temporary else {
                guard close(fd) == 0 else { throw RefusedError(description: "\(path): close failed") }
                return
            }
            guard close(fd) == 0, rename(temporary, path) == 0 else {
                unlink(temporary)
                throw RefusedError(description: "\(path): \(String(cString: strerror(errno)))")
            }
        }

        public func discard() {
            done = true
            if path != nil { close(fd) }
            guard let temporary else { return }
            unlink(temporary)
        }
    }
}
