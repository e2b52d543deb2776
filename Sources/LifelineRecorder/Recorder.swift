import Foundation

/// What the recorder asks of its platform. The UIKit hooks give UIKit's answers; tests give
/// stand-ins, so the recorder runs and is tested without UIKit.
struct RecorderEnvironment {
    /// Seconds on a clock that only goes forward.
    var clock: () -> Double
    /// The calling thread's id.
    var thread: () -> String
    /// An object's class name as the runtime spells it (`MyApp.HomeViewController`).
    var className: (AnyObject) -> String
    /// An object's address, `0x…`.
    var address: (AnyObject) -> String = { "0x" + String(UInt(bitPattern: ObjectIdentifier($0)), radix: 16) }
    /// Ties the watcher's life to the object's, so the watcher's deinit marks the object's.
    var watch: (AnyObject, DeinitWatcher) -> Void
    /// Writes one finished line, without its newline.
    var write: (String) -> Void
    /// Whether calls on a controller of this class are written (`Options.includes`).
    var includes: (String) -> Bool = { _ in true }
    /// Whether the layout pair is written (`Options.keepsLayout`).
    var keepsLayout = false
}

/// The recorder's core: numbers the objects, tracks what the calls imply, and writes one
/// native line per call, in the order the calls begin. One lock keeps the lines in call order
/// across threads; it is recursive because a watcher may run its deinit while a line is made.
/// Unchecked `Sendable`: every method reads and writes the vars below only while holding `lock`.
final class Recorder: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private let environment: RecorderEnvironment
    private var identities = ObjectIdentities()
    private(set) var state = SessionState()
    private var nested = NestedCalls()
    private var seq = 0
    private var firstTime: Double?

    /// The recorder `LifelineRecorder.start` made: set once, on the main thread, before any
    /// method is exchanged, and never changed after.
    nonisolated(unsafe) static var current: Recorder?

    init(environment: RecorderEnvironment) {
        self.environment = environment
    }

    /// Records `call` made on `object`.
    func record(_ call: RecordedCall, on object: AnyObject) {
        lock.lock()
        defer { lock.unlock() }
        if call.isLayout && !environment.keepsLayout { return }
        let subject = identity(of: object)
        var fields = LineFields()
        apply(call, on: ObjectIdentifier(object), into: &fields)
        guard environment.includes(subject.className) else { return }
        write(subject, call.event, fields)
    }

    /// Records the deinit of the object `key` stood for, when it was seen.
    func recordDeinit(_ key: ObjectIdentifier) {
        lock.lock()
        defer { lock.unlock() }
        guard let subject = identities.retire(key) else { return }
        state.forget(key)
        guard environment.includes(subject.className) else { return }
        write(subject, "deinit", LineFields())
    }

    /// Marks a call of `family` as begun on this thread; false when one already is, and the
    /// inner call is then not recorded. Pair each true with `leave`.
    func enter(_ family: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return nested.enter(family, thread: environment.thread())
    }

    func leave(_ family: String) {
        lock.lock()
        defer { lock.unlock() }
        nested.leave(family, thread: environment.thread())
    }

    // MARK: Lines

    struct LineFields {
        var args: [String: RecordedScalar] = [:]
        var state: [String: RecordedScalar] = [:]
    }

    private func write(_ subject: ObjectIdentities.Identity, _ event: String, _ fields: LineFields) {
        let now = environment.clock()
        let start = firstTime ?? now
        firstTime = start
        seq += 1
        var line = JSONLine(seq: seq, object: subject.id, event: event)
        line.add("class", string: subject.className)
        line.add("address", string: subject.address)
        line.add("time", number: max(0, now - start))
        line.add("thread", string: environment.thread())
        line.add("args", scalars: fields.args)
        line.add("state", scalars: fields.state)
        environment.write(line.line)
    }

    private func identity(of object: AnyObject) -> ObjectIdentities.Identity {
        let (identity, isNew) = identities.identity(
            of: object, className: environment.className(object), address: environment.address(object))
        if isNew { environment.watch(object, DeinitWatcher(key: ObjectIdentifier(object), recorder: self)) }
        return identity
    }

    private func id(_ object: AnyObject?) -> RecordedScalar {
        guard let object else { return .null }
        return .string(identity(of: object).id)
    }

    private func id(_ key: ObjectIdentifier?) -> RecordedScalar? {
        guard let key, let known = identities.existing(key) else { return nil }
        return .string(known.id)
    }

    private func key(_ object: AnyObject?) -> ObjectIdentifier? { object.map(ObjectIdentifier.init) }

    /// The call's `args` and `state`, and what it changes in the session state.
    private func apply(_ call: RecordedCall, on me: ObjectIdentifier, into f: inout LineFields) {
        switch call {
        case .loadView, .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .endAppearanceTransition,
            .removeFromSuperview:
            break
        case .viewWillAppear(let animated), .viewIsAppearing(let animated), .viewDidAppear(let animated),
            .viewWillDisappear(let animated), .viewDidDisappear(let animated):
            f.args["animated"] = .bool(animated)
        case .willMoveToParent(let parent):
            f.args["parent"] = id(parent)
            if let parent { state.setParent(of: me, to: ObjectIdentifier(parent)) }
        case .didMoveToParent(let parent):
            f.args["parent"] = id(parent)
            state.setParent(of: me, to: key(parent))
        case .addChild(let child):
            f.args["child"] = id(child)
            state.setParent(of: ObjectIdentifier(child), to: me)
        case .removeFromParent:
            f.args["parent"] = id(state.parent[me])
            state.setParent(of: me, to: nil)
        case .beginAppearanceTransition(let isAppearing, let animated):
            f.args["isAppearing"] = .bool(isAppearing)
            f.args["animated"] = .bool(animated)
        case .transition(let from, let to):
            f.args["from"] = id(from)
            f.args["to"] = id(to)
        case .addSubview(let view):
            f.args["view"] = id(view)
        case .present(let shown, let animated):
            f.args["to"] = id(shown)
            f.args["animated"] = .bool(animated)
            state.present(ObjectIdentifier(shown), by: me)
        case .dismiss(let animated, let presented):
            f.args["animated"] = .bool(animated)
            let gone = key(presented) ?? state.dismissed(by: me)
            f.args["from"] = presented.map { id($0) } ?? id(gone)
            if let gone { state.dismiss(gone) }
        case .push(let pushed, let animated):
            f.args["to"] = id(pushed)
            f.args["animated"] = .bool(animated)
            state.push(ObjectIdentifier(pushed), on: me)
        case .pop(let animated, let top):
            f.args["animated"] = .bool(animated)
            f.args["from"] = top.map { id($0) } ?? id(state.top(of: me))
            state.pop(me, to: nil)
        case .popTo(let target, let animated):
            f.args["animated"] = .bool(animated)
            f.args["to"] = id(target)
            state.pop(me, to: ObjectIdentifier(target))
        case .popToRoot(let animated, let root):
            f.args["animated"] = .bool(animated)
            f.args["to"] = root.map { id($0) } ?? id(state.root(of: me))
            if let root = key(root) ?? state.root(of: me) { state.pop(me, to: root) }
        case .setViewControllers(let stack, let animated):
            f.args["animated"] = .bool(animated)
            f.args["count"] = .int(stack.count)
            if let top = stack.last { f.args["to"] = id(top) }
            state.setStack(stack.map(ObjectIdentifier.init), of: me)
        case .willShow(let shown, let animated), .didShow(let shown, let animated):
            f.args["to"] = id(shown)
            f.args["animated"] = .bool(animated)
        case .shouldSelect(let target, let selected):
            f.args["to"] = id(target)
            if let before = selected.map({ id($0) }) ?? id(state.selected[me]) {
                f.args["from"] = before
                f.state["selectedViewController"] = before
            }
        case .didSelect(let target):
            f.args["to"] = id(target)
            f.state["selectedViewController"] = id(target)
            state.select(me, ObjectIdentifier(target))
        case .setSelectedIndex(let index, let controller):
            f.args["index"] = .int(index)
            f.state["selectedIndex"] = .int(index)
            if let controller {
                f.args["selectedViewController"] = id(controller)
                f.state["selectedViewController"] = id(controller)
            }
            state.select(me, key(controller))
        case .setSelectedViewController(let controller, let index):
            f.args["selectedViewController"] = id(controller)
            f.state["selectedViewController"] = id(controller)
            if let index {
                f.args["index"] = .int(index)
                f.state["selectedIndex"] = .int(index)
            }
            state.select(me, key(controller))
        case .custom(_, let arguments):
            for (name, value) in arguments {
                switch value {
                case .controller(let object): f.args[name] = id(object)
                case .scalar(let scalar): f.args[name] = scalar
                }
            }
        }
    }
}
