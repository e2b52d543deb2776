/// Several controllers of one class logged by name alone: which of them an appearance call is.
extension TraceBuilder {
    /// A name logged with no address names its latest controller. When two or more
    /// controllers of the class are alive (the same screen pushed again, children or pages of
    /// one class), a `viewDidAppear`, `viewWillDisappear` or `viewDidDisappear` that the
    /// latest's state cannot take (it would break the appearance state machine) goes to the
    /// oldest whose state awaits it: the controller being covered by a push of its own class,
    /// or a child whose appearance began before the latest's.
    ///
    /// ```
    /// Child viewDidLoad       Child#1
    /// Child viewWillAppear    Child#1
    /// Child viewDidLoad       Child#2   (a second child: Child#1 was on screen)
    /// Child viewWillAppear    Child#2
    /// Child viewDidAppear     Child#2
    /// Child viewDidAppear     Child#1   (Child#2 has appeared: the oldest appearing)
    /// ```
    ///
    /// A call the latest can take stays its own, even when another could take it too (a
    /// cancelled transition takes it back the way it came), and a `viewWillAppear` always
    /// does: a second one is a finding, not another controller's call.
    mutating func sibling(for object: SymbolTable.ID, event: SymbolTable.ID) -> SymbolTable.ID {
        guard let target = appearanceTarget(of: event), let instance = namedAloneInstance(of: object) else {
            return object
        }
        var chosen = instance
        let siblings = resolver.siblings(of: instance)
        // An instance since seen at an address is known by it, not guessed.
        if target != .appearing, siblings.count > 1, siblings.contains(Int32(instance)) {
            let states = siblingStates
            let takes = states[Int32(instance)].flatMap(AppearanceState.init(code:)).map {
                AppearanceStateMachine.violation(from: $0, event: AppearanceStateMachine.event(reaching: target)) == nil
            }
            let awaited = AppearanceStateMachine.predecessor(of: target).code
            if takes != true, let oldest = siblings.first(where: { states[$0] == awaited }) {
                chosen = Int(oldest)
            }
        }
        // Every such controller's state is kept, so it is known when a sibling comes.
        siblingStates[Int32(chosen)] = target.code
        return chosen == instance ? object : objectSymbol(chosen)
    }

    /// The state an appearance event moves its controller to, told once per event symbol.
    private mutating func appearanceTarget(of event: SymbolTable.ID) -> AppearanceState? {
        if Int(event) >= appearanceTargets.count {
            appearanceTargets += repeatElement(0xFF, count: Int(event) + 1 - appearanceTargets.count)
        }
        if appearanceTargets[Int(event)] == 0xFF {
            let target = AppearanceStateMachine.target(of: CanonicalEvent(rawValue: trace.events.symbols[event]))
            appearanceTargets[Int(event)] = target?.code ?? 0
        }
        return AppearanceState(code: appearanceTargets[Int(event)])
    }

    /// The instance an object symbol names, when it was first known by name alone; told once
    /// per symbol.
    private mutating func namedAloneInstance(of object: SymbolTable.ID) -> Int? {
        if Int(object) >= instanceOfObject.count {
            instanceOfObject += repeatElement(-2, count: Int(object) + 1 - instanceOfObject.count)
        }
        if instanceOfObject[Int(object)] == -2 {
            let id = trace.events.symbols[object]
            instanceOfObject[Int(object)] = Int32(resolver.namedAloneInstance(id: id) ?? -1)
        }
        let index = instanceOfObject[Int(object)]
        return index >= 0 ? Int(index) : nil
    }
}
