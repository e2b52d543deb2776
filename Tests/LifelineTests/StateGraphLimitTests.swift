import Testing

@testable import Lifeline

@Suite struct StateGraphLimitTests {
    @Test func drawsAtMostItsLanesAndSaysHowManyMore() throws {
        let log = (0..<5).map { "V\($0) viewWillAppear\nV\($0) viewDidAppear\n" }.joined()
        let dot = StatesFormatter(maxLanes: 3).dot(try Fixture.trace(log))
        #expect(dot.components(separatedBy: "subgraph").count - 1 == 3)
        #expect(dot.contains("The first 3 of 5 controllers"))
        #expect(try Fixture.run("dot", ["-Tsvg"], input: dot).status == 0)
    }
}
