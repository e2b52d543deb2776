import Testing

@testable import Lifeline
@testable import LifelineRecorder

/// Class names as a trace writes them, and the instance ids made from them, agree with the
/// names Lifeline reads from a log.
struct ClassNameTests {
    final class Screen<Content> {}

    /// The class's runtime name, in the mangling the runtime prints for a generic class.
    let runtimeName = "_TtGCV21LifelineRecorderTests14ClassNameTests6Screen_Si_"

    @Test func aGenericClassIsWrittenAsSwiftWritesIt() {
        let name = ObjectIdentities.className(
            runtimeName: runtimeName, of: Screen<Int>.self)
        #expect(name == "LifelineRecorderTests.ClassNameTests.Screen<Swift.Int>")
        #expect(ObjectIdentities.shortName(name) == "Screen<Int>")
        #expect(LifelineRecorder.isAppController(name))
        // Read from a log, the runtime name gives the same short name.
        #expect(ObjectRef(name: NameWords.demangled(runtimeName)).shortName == "Screen<Int>")
    }

    @Test func otherNamesAreTheRuntimes() {
        #expect(
            ObjectIdentities.className(runtimeName: "MyApp.HomeViewController", of: Screen<Int>.self)
                == "MyApp.HomeViewController")
        #expect(ObjectIdentities.shortName("MyApp.HomeViewController") == "HomeViewController")
        #expect(ObjectIdentities.shortName("HomeViewController") == "HomeViewController")
        #expect(
            ObjectIdentities.shortName(
                "SwiftUI.UIHostingController<SwiftUI.ModifiedContent<MyApp.Home, SwiftUI.AnyView>>")
                == "UIHostingController<ModifiedContent<Home, AnyView>>")
    }

    /// The reader gives a generic name in a log the same short name the recorder gives it.
    @Test(arguments: ["SwiftUI.UIHostingController<MyApp.HomeView>", "MyApp.ListViewController<MyApp.Item, Swift.Int>"])
    func readerAndRecorderAgree(_ name: String) {
        #expect(ObjectRef(name: name).shortName == ObjectIdentities.shortName(name))
    }
}
