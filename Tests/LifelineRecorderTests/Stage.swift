@testable import LifelineRecorder

/// A scripted session on fake controllers. Controllers are named by their instance id as a
/// trace shows it (`UINavigationController#2`; `#1` may be left out) and made on first use
/// with the class name `classNames` gives for that id.
final class Stage {
    let app: FakeApp
    private let classNames: [String: String]
    private var controllers: [String: FakeController] = [:]

    init(app: FakeApp, classNames: [String: String] = [:]) {
        self.app = app
        self.classNames = classNames
    }

    subscript(_ name: String) -> FakeController {
        let id = name.contains("#") ? name : name + "#1"
        if let known = controllers[id] { return known }
        let made = FakeController(classNames[id] ?? String(id[..<id.firstIndex(of: "#")!]))
        controllers[id] = made
        return made
    }

    /// Records `call` made on the controller named `name`.
    func on(_ name: String, _ call: RecordedCall) {
        app.call(self[name], call)
    }

    /// Each controller named gets the same call, in turn.
    func each(_ names: [String], _ call: RecordedCall) {
        for name in names { on(name, call) }
    }

    /// Lets the controller go: its deinit is recorded when nothing else holds it.
    func release(_ name: String) {
        controllers[name.contains("#") ? name : name + "#1"] = nil
    }
}
