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
        for input in inputs where input != "-" && sameFile(input, path) {
            throw RefusedError(description: "\(path): refusing to overwrite the input \(input)")
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw RefusedError(description: "\(temporary.path): \(String(cString: strerror(errno)))") }
            var written = 0
            try bytes.withUnsafeBytes { raw in
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

    public static func write(_ text: String, to path: String, inputs: [String] = []) throws {
        try write(Array(text.utf8), to: path, inputs: inputs)
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
