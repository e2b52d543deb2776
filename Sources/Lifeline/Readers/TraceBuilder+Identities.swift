/// How a call's objects get their identities: the object and every object argument resolved
/// to instance ids (`HomeViewController#1`), and forgotten on `deinit` so a new instance at the
/// same address gets a new id.
extension TraceBuilder {
    /// A call's identities and names as resolved for one event.
    struct ResolvedCall {
        var object: String
        /// The object's instance index, when the call names one.
        var instance: Int?
        var event: String
        var className: String?
        var address: String?
        var args: [String: ArgValue]
    }

    mutating func resolve(_ call: RawCall) -> ResolvedCall {
        let canonical = call.canonical
        let ref = call.object ?? TraceBuilder.implicitObject(for: canonical)
        let instance = ref.map { resolver.index(shortName: $0.shortName, address: $0.address) }
        let object = instance.map { resolver.instances[$0].id } ?? IdentityResolver.unknownObject
        var args: [String: ArgValue] = [:]
        for (key, value) in call.args {
            switch value {
            case .value(let v): args[key] = v
            case .object(let r): args[key] = .string(resolver.resolve(r))
            }
        }
        return ResolvedCall(
            object: object, instance: instance, event: canonical?.rawValue ?? TraceBuilder.customName(call.method),
            className: ref?.name == IdentityResolver.unknownObject ? nil : ref?.name,
            address: ref?.address ?? instance.flatMap(resolver.address(ofInstance:)), args: args)
    }

    mutating func forgetIfGone(_ call: RawCall, instance: Int?) {
        guard call.canonical == .`deinit`, let instance,
            let ref = call.object ?? TraceBuilder.implicitObject(for: call.canonical)
        else { return }
        resolver.forget(ref, instance: instance)
        resolver.end(instance: instance)
        resolver.fallBack(afterReleasing: instance)
    }

    /// A controller's view is loaded once. A load call (`init`, `loadView`, `viewDidLoad`) of an
    /// object logged by name alone, after that object has been on screen, is a new controller
    /// of that name: the same screen pushed again, or a second run logged after the first.
    ///
    /// ```
    /// 2nd viewDidLoad()        2nd#1
    /// 2nd viewDidAppear()      2nd#1
    /// 2nd viewDidDisappear()   2nd#1
    /// 2nd viewDidLoad()        2nd#2   (a new controller)
    /// ```
    ///
    /// A view loaded again before it was ever on screen (a `loadView` that sets no view) stays
    /// the same controller's, and an object logged with an address keeps its address's identity.
    mutating func renewIfLoadedAgain(_ event: CanonicalEvent?, of ref: ObjectRef?) {
        guard resolver.hasUnaddressed, let event, event.kind == .load, event != .deinit, let ref, ref.address == nil,
            let latest = resolver.latestUnaddressed(ofClass: ref.shortName),
            let symbol = trace.events.symbols.existing(resolver.instances[latest].id), Int(symbol) < beenOnScreen.count,
            beenOnScreen[Int(symbol)]
        else { return }
        resolver.forget(ref, instance: latest)
    }

    /// Notes an object that an appearance call puts on or takes off screen. Called only while
    /// some object has no address (`IdentityResolver.hasUnaddressed`).
    mutating func noteOnScreen(object: SymbolTable.ID, event: SymbolTable.ID) {
        if Int(event) >= appearanceOfEvent.count {
            appearanceOfEvent += repeatElement(0, count: Int(event) + 1 - appearanceOfEvent.count)
        }
        if appearanceOfEvent[Int(event)] == 0 {
            let kind = CanonicalEvent(rawValue: trace.events.symbols[event])?.kind
            appearanceOfEvent[Int(event)] = kind == .appearance ? 2 : 1
        }
        guard appearanceOfEvent[Int(event)] == 2 else { return }
        if Int(object) >= beenOnScreen.count {
            beenOnScreen += repeatElement(false, count: Int(object) + 1 - beenOnScreen.count)
        }
        beenOnScreen[Int(object)] = true
    }

    /// Calls logged without an object still have one: a tab delegate's calls belong to the tab
    /// bar controller, a navigation delegate's to the navigation controller.
    static func implicitObject(for event: CanonicalEvent?) -> ObjectRef? {
        switch event {
        case .shouldSelect?, .didSelect?, .setSelected?: return ObjectRef(name: "UITabBarController")
        case .push?, .pop?, .willShow?, .didShow?: return ObjectRef(name: "UINavigationController")
        default: return nil
        }
    }

    /// `textFieldDidBeginEditing:` → `textFieldDidBeginEditing`, `refresh(_:)` → `refresh`,
    /// `prepare(for:sender:)` stays as it is.
    static func customName(_ method: String) -> String {
        if method.hasSuffix("(_:)") { return String(method.dropLast(4)) }
        if method.hasSuffix("()") { return String(method.dropLast(2)) }
        if method.hasSuffix(":"), method.dropLast().firstIndex(of: ":") == nil { return String(method.dropLast()) }
        return method
    }
}

extension TraceBuilder {
    /// Notes the process a line was logged by (`App[1105`, its name and id). The same name
    /// with another id is the app launched again, and every object named from there on is a
    /// new instance:
    ///
    /// ```
    /// 2019-08-04 13:09:15.940 App[11456:1111730] [Main] viewDidAppear     Main#1
    /// 2019-08-04 13:10:41.097 App[11491:1116753] [Main] viewWillAppear    Main#2
    /// ```
    ///
    /// Another name is another program logging into the same console, and changes nothing.
    mutating func noteProcess(_ process: UnsafeRawBufferPointer) {
        let n = process.count
        if lastProcess.count == n, n > 0,
            lastProcess.withUnsafeBytes({ sameBytes($0.baseAddress!, process.baseAddress!, n) })
        {
            return
        }
        defer { lastProcess = Array(process) }
        guard let a = lastProcess.lastIndex(of: ASCII.lbracket), let b = process.lastIndex(of: ASCII.lbracket),
            a == b, lastProcess[..<a].elementsEqual(process[..<b])
        else { return }
        resolver.startNewProcess()
        plainLoad = nil
        launchedAgain = true
    }

    /// Notes on the first call of the app launched again that it is (`Transition.launchNote`).
    mutating func markLaunch(_ row: inout EventRow) {
        launchedAgain = false
        var extras = trace.events.extras(row.extras)
        let note = extras.note == 0 ? nil : trace.events.symbols[extras.note]
        extras.note = trace.events.symbol(Transition.launchNote + (note.map { "; " + $0 } ?? ""))
        row.extras = trace.events.extrasID(extras)
    }
}
