import Foundation
import Testing

/// The help texts.
@Suite struct HelpTests {
    @Test("--help shows an example")
    func helpShowsAnExample() throws {
        let run = try lifeline("table", "--help")
        #expect(run.exit == 0, run.errHead)
        #expect(run.out.contains("Example"), "help has an example")
    }
}
