import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The one helper of the CLI tests: it finds the built `lifeline`, runs it as a subprocess from the
// package root (so outputs name `Samples/...` as given) and hands back its exit code and outputs.
// Standard output and error go to files, as the shell checks they replace did (`>out 2>err`), so a
// chatty command can never block on a full pipe and a running one can be read while it runs.

/// The package root, from this file's place in it: tests never depend on the working directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The sample trace most checks use.
let sample = "Samples/tab-switch/trace.log"

/// The bytes of a file under the package root (`sample` unless named), to feed or copy.
func sampleBytes(_ relative: String = sample) throws -> Data {
    try Data(contentsOf: packageRoot.appendingPathComponent(relative))
}

/// What a finished run of `lifeline` did.
struct Run {
    /// The exit code; death by a signal reads as 128 + the signal, as in a shell.
    var exit: Int32
    var outData: Data
    var errData: Data
    var out: String { String(decoding: outData, as: UTF8.self) }
    var err: String { String(decoding: errData, as: UTF8.self) }
    /// The first lines of standard error, to explain an unexpected exit code.
    var errHead: Comment {
        Comment(
            rawValue: "stderr:\n" + err.split(separator: "\n").prefix(5).map { "  | \($0)" }.joined(separator: "\n"))
    }
}

/// Where a run's standard input comes from.
enum Input {
    /// `/dev/null`: nothing to read, and never the test process's own input.
    case none
    /// A pipe that is fed these bytes and then closed (`printf ... | lifeline ...`).
    case data(Data)
    /// A file opened for reading (`lifeline ... <file`).
    case file(URL)
    /// A pipe the test writes to while the command runs (`Launched.write`, `closeInput`).
    case pipe
}

enum LifelineError: Error, CustomStringConvertible {
    case binaryNotFound([String])
    var description: String {
        switch self {
        case .binaryNotFound(let tried):
            "the lifeline binary was not found; build it with `swift build` or set LIFELINE_BIN. Tried:\n"
                + tried.joined(separator: "\n")
        }
    }
}

/// The `lifeline` binary: `LIFELINE_BIN` if set, else the one beside the test bundle (SwiftPM puts
/// products and the test bundle in the same folder).
let lifelineBinary: Result<URL, LifelineError> = {
    let fm = FileManager.default
    let cwd = URL(fileURLWithPath: fm.currentDirectoryPath, isDirectory: true)
    if let override = ProcessInfo.processInfo.environment["LIFELINE_BIN"], !override.isEmpty {
        let url = URL(fileURLWithPath: override, relativeTo: cwd).standardizedFileURL
        return fm.isExecutableFile(atPath: url.path)
            ? .success(url) : .failure(.binaryNotFound(["LIFELINE_BIN=\(url.path)"]))
    }
    var folders: [URL] = []
    // macOS loads the bundle into xctest; Linux runs the bundle itself as an executable.
    folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map {
        $0.deletingLastPathComponent()
    }
    if let first = CommandLine.arguments.first {
        folders.append(URL(fileURLWithPath: first, relativeTo: cwd).standardizedFileURL.deletingLastPathComponent())
    }
    if let executable = Bundle.main.executableURL {
        folders.append(executable.deletingLastPathComponent())
    }
    folders.append(Bundle.main.bundleURL)
    let candidates = folders.map { $0.appendingPathComponent("lifeline").standardizedFileURL }
    if let found = candidates.first(where: { fm.isExecutableFile(atPath: $0.path) }) {
        return .success(found)
    }
    return .failure(.binaryNotFound(candidates.map(\.path)))
}()

/// A private temporary folder, removed by `remove()`: tests run in parallel and share nothing.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lifeline-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The absolute path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        try data.write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    func read(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    func text(_ name: String) -> String { String(decoding: read(name) ?? Data(), as: UTF8.self) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with a fresh temporary folder and removes it afterwards.
func withScratch<T>(_ body: (Scratch) throws -> T) throws -> T {
    let scratch = try Scratch()
    defer { scratch.remove() }
    return try body(scratch)
}

/// A `lifeline` started and not yet waited for.
final class Launched {
    let process = Process()
    private let scratch: Scratch
    private let input: FileHandle?
    private var feeding: DispatchSemaphore?

    init(_ arguments: [String], stdin: Input, cwd: URL, environment: [String: String]) throws {
        process.executableURL = try lifelineBinary.get()
        process.arguments = arguments
        process.currentDirectoryURL = cwd
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        var bytes: Data?
        switch stdin {
        case .none:
            process.standardInput = FileHandle.nullDevice
            input = nil
        case .file(let url):
            process.standardInput = try FileHandle(forReadingFrom: url)
            input = nil
        case .data(let data):
            let pipe = Pipe()
            process.standardInput = pipe
            input = pipe.fileHandleForWriting
            bytes = data
        case .pipe:
            let pipe = Pipe()
            process.standardInput = pipe
            input = pipe.fileHandleForWriting
        }
        scratch = try Scratch()
        do {
            try scratch.write("out", Data())
            try scratch.write("err", Data())
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("out")))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("err")))
            try withEmptySignalMask { try process.run() }
        } catch {
            scratch.remove()
            throw error
        }
        // Our copies of the child's ends are no longer needed.
        for handle in [process.standardOutput, process.standardError, process.standardInput] {
            if let handle = handle as? FileHandle, handle !== FileHandle.nullDevice { try? handle.close() }
        }
        if let bytes, let input {
            // Fed from another thread, so a command that reads little cannot block the test.
            feeding = writeShieldedFromSIGPIPE(bytes, to: input, thenClose: true)
        }
    }

    deinit {
        // A test that threw before waiting leaves no command behind.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        scratch.remove()
    }

    /// Writes to the command's standard input (`.pipe` only).
    func write(_ data: Data) throws {
        guard let input else { return }
        let result = Box()
        writeShieldedFromSIGPIPE(data, to: input, thenClose: false, result: result).wait()
        if let error = result.error { throw error }
    }

    func write(_ text: String) throws { try write(Data(text.utf8)) }

    /// Ends the command's standard input.
    func closeInput() { try? input?.close() }

    /// Standard output so far.
    var out: String { scratch.text("out") }

    /// Standard error so far.
    var err: String { scratch.text("err") }

    /// Sends SIGINT, as Ctrl-C does.
    func interrupt() { process.interrupt() }

    /// Waits for the command to end, at most `timeout` seconds (then kills it and fails).
    func wait(timeout: TimeInterval = 120, sourceLocation: SourceLocation = #_sourceLocation) -> Run {
        if !eventually(timeout: timeout, { !process.isRunning }) {
            Issue.record(
                "lifeline \(process.arguments ?? []) still running after \(timeout) s; killed",
                sourceLocation: sourceLocation)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        feeding?.wait()
        let status = process.terminationStatus
        return Run(
            exit: process.terminationReason == .uncaughtSignal ? 128 + status : status,
            outData: scratch.read("out") ?? Data(),
            errData: scratch.read("err") ?? Data()
        )
    }
}

/// Runs `lifeline ARGS...` from the package root and waits for it.
func lifeline(
    _ arguments: String..., stdin: Input = .none, cwd: URL = packageRoot, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Run {
    try Launched(arguments, stdin: stdin, cwd: cwd, environment: environment).wait(sourceLocation: sourceLocation)
}

/// Starts `lifeline ARGS...` from the package root without waiting.
func launch(_ arguments: String..., stdin: Input = .none, cwd: URL = packageRoot) throws -> Launched {
    try Launched(arguments, stdin: stdin, cwd: cwd, environment: [:])
}

/// Runs `body` (a spawn) with no signal blocked, so the child starts as a shell would start it:
/// Dispatch's worker threads block SIGINT and others, and a spawned child inherits the mask.
private func withEmptySignalMask<T>(_ body: () throws -> T) rethrows -> T {
    var none = sigset_t()
    var saved = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    return try body()
}

/// The error of a write done on another thread.
private final class Box: @unchecked Sendable {
    var error: Error?
}

/// Writes `data` on a thread of its own that blocks SIGPIPE: if the command has stopped reading,
/// the write fails with EPIPE and the pending signal ends with that thread, not the test process
/// (whose signal dispositions the children would inherit, so SIGPIPE is not ignored process-wide).
@discardableResult
private func writeShieldedFromSIGPIPE(_ data: Data, to handle: FileHandle, thenClose: Bool, result: Box = Box())
    -> DispatchSemaphore
{
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        do { try handle.write(contentsOf: data) } catch { result.error = error }
        if thenClose { try? handle.close() }
        done.signal()
    }
    thread.start()
    return done
}

/// Polls `condition` until it holds or `timeout` seconds pass; says whether it held.
func eventually(timeout: TimeInterval = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return true
}

// MARK: - grep, as the shell checks used it

/// The lines of `text` as grep sees them: split at "\n" only (not at "\r\n" grapheme clusters).
func lines(_ text: String) -> [Substring.UnicodeScalarView] {
    var parts = text.unicodeScalars[...].split(separator: "\n", omittingEmptySubsequences: false)
    if text.unicodeScalars.last == "\n" { parts.removeLast() }
    return parts
}

/// `grep -c '^PREFIX'`: the lines that start with `prefix`.
func count(linesStartingWith prefix: String, in text: String) -> Int {
    lines(text).filter { $0.starts(with: prefix.unicodeScalars) }.count
}

/// `grep -c '^| [0-9]'`: the table rows of a Markdown step table.
func tableRows(_ text: String) -> Int {
    lines(text).filter { line in
        line.starts(with: "| ".unicodeScalars) && line.dropFirst(2).first.map { (48...57).contains($0.value) } == true
    }.count
}

/// `grep -c .`: the non-empty lines.
func nonEmptyLines(_ text: String) -> Int {
    lines(text).filter { !$0.isEmpty }.count
}

/// `grep -q '^PREFIX'`.
func hasLine(startingWith prefix: String, in text: String) -> Bool {
    count(linesStartingWith: prefix, in: text) > 0
}

/// `head -n COUNT`: the first `count` lines of `data`, newlines kept.
func head(_ data: Data, lines count: Int) -> Data {
    guard count > 0 else { return Data() }
    var seen = 0
    for (offset, byte) in data.enumerated() where byte == 0x0A {
        seen += 1
        if seen == count { return data.prefix(offset + 1) }
    }
    return data
}

/// `tail -n +FIRST`: the lines of `data` from line `first` (1-based) on.
func tail(_ data: Data, from first: Int) -> Data {
    data.dropFirst(head(data, lines: first - 1).count)
}
