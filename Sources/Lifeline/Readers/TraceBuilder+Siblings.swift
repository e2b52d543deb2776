/// Several controllers of one class logged by name alone: which of them an appearance call is.
extension TraceBuilder {
    /// A name logged with no address names its latest controller. When two or more
    /// controllers of the class are alive (the same screen pushed again, children or pages of
    /// one class), an appearance call goes to one whose state awaits it, and keeps the latest
    /// when it does:
    ///
    /// - a `viewWillAppear` goes to the latest if it was never on screen, else to the one that
    ///   disappeared last and was not left above it since (the screen under a pop, the tab
    ///   left last);
    /// - a `viewWillDisappear` goes to the latest if it awaits the call, else to the oldest
    ///   that does (the controller being covered);
    /// - a `viewDidAppear` or `viewDidDisappear` goes to the oldest that awaits it: UIKit ends
    ///   the appearances it began in the order it began them.
    ///
    /// ```
    /// Child viewDidLoad       Child#1
    /// Child viewWillAppear    Child#1
    /// Child viewDidLoad       Child#2   (a second child: Child#1 was on screen)
    /// Child viewWillAppear    Child#2
    /// Child viewDidAppear     Child#1   (the oldest appearing)
    /// Child viewDidAppear     Child#2
    /// ```
    ///
    /// A call that no controller's state awaits stays the latest's.
    mutating func sibling(for object: SymbolTable.ID, event: SymbolTable.ID) -> SymbolTable.ID {
        guard let target = appearanceTarget(of: event), let instance = namedAloneInstance(of: object) else {
            return object
        }
        var chosen = instance
        let siblings = resolver.siblings(of: instance)
        if siblings.count > 1 {
            let awaited = AppearanceStateMachine.predecessor(of: target).code
            let states = siblingStates
            func awaits(_ k: Int32) -> Bool { (states[k] ?? AppearanceState.disappeared.code) == awaited }
            let begins = target == .appearing || target == .disappearing
            if target == .appearing, states[Int32(instance)] != nil {
                // The newest has been on screen: the one that disappeared last and was not
                // left above another since comes back (the screen under a pop, a tab left).
                let (hidden, popped) = (siblingHidden, siblingPopped)
                let back = siblings.filter { awaits($0) && !popped.contains($0) }
                if let back = back.max(by: { hidden[$0, default: 0] < hidden[$1, default: 0] }) {
                    chosen = Int(back)
                    // The newer ones going or gone were above it: popped, or a tab left.
                    for k in siblings where k > back {
                        if let state = states[k],
                            state == AppearanceState.disappearing.code
                                || state == AppearanceState.disappeared.code
                        {
                            siblingPopped.insert(k)
                        }
                    }
                }
            } else if !(begins && awaits(Int32(instance))), let oldest = siblings.first(where: awaits) {
                chosen = Int(oldest)
            }
        }
        // Every such controller's state is kept, so it is known when a sibling comes.
        siblingStates[Int32(chosen)] = target.code
        if target == .disappeared { siblingHidden[Int32(chosen)] = eventCount + 1 }
        if target == .appeared { siblingPopped.remove(Int32(chosen)) }
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
