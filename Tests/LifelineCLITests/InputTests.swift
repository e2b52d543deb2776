import Foundation
import Testing

/// Exit codes, standard input, warnings, --strict and --quiet.
@Suite struct InputTests {
    @Test("table on a sample")
    func tableOnASample() throws {
        let run = try lifeline("table", sample)
        #expect(run.exit == 0, run.errHead)
        #expect(run.out.contains("selectedViewController"), "table has the state column")
    }

    @Test("missing input is an error")
    func missingInput() throws {
        try withScratch { tmp in
            let run = try lifeline("table", tmp.path("nope.log"))
            #expect(run.exit == 2, run.errHead)
        }
    }

    @Test("empty input is an error")
    func emptyInput() throws {
        try withScratch { tmp in
            let run = try lifeline("table", try tmp.write("empty.log", ""))
            #expect(run.exit == 2, run.errHead)
            #expect(run.err.contains("no lifecycle calls"), "empty input says so")
        }
    }

    @Test("unknown option is an error")
    func unknownOption() throws {
        let run = try lifeline("table", "--bogus", sample)
        #expect(run.exit == 2, run.errHead)
    }

    @Test("standard input as -")
    func standardInputAsDash() throws {
        // cat SAMPLE | lifeline convert -
        let bytes = try sampleBytes()
        let run = try lifeline("convert", "-", stdin: .data(bytes))
        #expect(run.exit == 0, run.errHead)
        #expect(run.out.contains(#""event":"viewWillAppear""#), "stdin gives events")
    }

    @Test("standard input is read when no INPUT is given")
    func standardInputWithoutInput() throws {
        // cat SAMPLE | lifeline table
        let bytes = try sampleBytes()
        let run = try lifeline("table", stdin: .data(bytes))
        #expect(run.exit == 0, run.errHead)
        #expect(run.out.contains("selectedViewController"), "piped input gives the table")
    }

    @Test("warnings do not fail by default; --strict fails on them")
    func warnings() throws {
        try withScratch { tmp in
            let log = try tmp.write("warn.log", "A: viewWillAppear\nthis line is not a call\nA: viewDidAppear\n")
            let run = try lifeline("table", log)
            #expect(run.exit == 0, run.errHead)
            #expect(run.err.contains("warn.log:2: warning: [unparsed-line]"), "warning names file and line")
            let strict = try lifeline("table", "--strict", log)
            #expect(strict.exit == 2, "--strict fails on warnings; \(strict.errHead)")
        }
    }

    @Test("--quiet reads as usual and prints no warnings")
    func quiet() throws {
        try withScratch { tmp in
            let log = try tmp.write("quiet.log", "A: viewWillAppear\nnot a call\nA: viewDidAppear\n")
            for command in [["table"], ["convert"], ["stats"], ["diff", log]] {
                let arguments = [command[0], log] + command.dropFirst() + ["--quiet"]
                let run = try Launched(arguments, stdin: .none, cwd: packageRoot, environment: [:]).wait()
                #expect(run.exit == 0, "\(command[0]): \(run.errHead)")
                #expect(run.errData.isEmpty, "\(command[0]) --quiet prints no warnings")
            }
        }
    }

    /// The shell check made its line with `tr '\\0' 'x'`, which leaves the zero bytes as they are;
    /// both that line and the line of x's it meant are checked.
    @Test("a 3 MB line is skipped with a warning", arguments: [UInt8(0), UInt8(ascii: "x")])
    func longLine(byte: UInt8) throws {
        try withScratch { tmp in
            let log = try tmp.write(
                "long.log", Data(repeating: byte, count: 3_000_000) + Data("\nA: viewDidLoad\n".utf8))
            let run = try lifeline("convert", log)
            #expect(run.exit == 0, run.errHead)
            #expect(run.err.contains("line-too-long"), "long line warning")
        }
    }
}
