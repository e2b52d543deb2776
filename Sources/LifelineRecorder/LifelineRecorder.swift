import Foundation

/// Records an app's view-controller lifecycle calls as a Lifeline trace, for Debug builds.
///
/// Start it once, early (in `application(_:didFinishLaunchingWithOptions:)`):
///
/// ```swift
/// #if DEBUG
/// LifelineRecorder.start()
/// #endif
/// ```
///
/// Each recorded call is one line of Lifeline's native format (JSON Lines v1), written to the
/// unified log (subsystem `lifeline`, category `trace`) and, when asked, to a file in the
/// app's temporary directory. `start` exists where UIKit does; the options are plain values.
public enum LifelineRecorder {
    /// Where the recorded lines go.
    public struct Destinations: OptionSet, Sendable {
        /// The destinations as bits.
        public let rawValue: Int
        /// Destinations from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The unified log: subsystem `lifeline`, category `trace`, each line public.
        public static let unifiedLog = Destinations(rawValue: 1)
        /// A file in the app's temporary directory, named by `Options.fileName`, emptied at start.
        public static let file = Destinations(rawValue: 2)
    }

    /// What to record and where to write it.
    public struct Options: Sendable {
        /// Whether calls on a controller of this class are recorded, given the class's name as
        /// the runtime spells it (`MyApp.HomeViewController`). Controllers left out still get
        /// their ids when another call names them. The default leaves out UIKit's private and
        /// keyboard controllers (see `isAppController`).
        public var includes: @Sendable (String) -> Bool
        /// Where lines go; the unified log by default.
        public var destinations: Destinations
        /// The file's name in the temporary directory, when `destinations` has `.file`.
        public var fileName: String
        /// Whether `viewWillLayoutSubviews` and `viewDidLayoutSubviews` are recorded. They are
        /// many, so they are off by default.
        public var keepsLayout: Bool
        /// Whether a controller's root view being added to or removed from a superview is
        /// recorded (`addSubview` on the controller that owns the superview, `removeFromSuperview`
        /// on the moved controller). On by default: it is how an early `addSubview` is caught.
        public var keepsViewMoves: Bool

        /// Options with every default, changed by the arguments given.
        public init(
            includes: @escaping @Sendable (String) -> Bool = LifelineRecorder.isAppController,
            destinations: Destinations = .unifiedLog,
            fileName: String = "lifeline.jsonl",
            keepsLayout: Bool = false,
            keepsViewMoves: Bool = true
        ) {
            self.includes = includes
            self.destinations = destinations
            self.fileName = fileName
            self.keepsLayout = keepsLayout
            self.keepsViewMoves = keepsViewMoves
        }
    }

    /// The default class filter: false for UIKit's private controllers (names starting with
    /// `_`) and its keyboard and text-editing controllers, true for everything else.
    @Sendable public static func isAppController(_ className: String) -> Bool {
        if className.hasPrefix("_") { return false }
        let system = ["UIInput", "UICompatibilityInput", "UISystemKeyboard", "UIEditingOverlay", "UIPredictionView"]
        return !system.contains { className.hasPrefix($0) }
    }

    /// The file the trace is written to, when `start` was asked for one and could make it.
    nonisolated(unsafe) public internal(set) static var fileURL: URL?

    /// Records an event of the app's own on `controller`, in order with the lifecycle calls,
    /// once `start` has run. Arguments may be `Bool`, `Int`, `Double`, `String`, an object
    /// (written as its instance id) or nil; anything else is written as its description.
    public static func record(_ event: String, on controller: AnyObject, _ arguments: KeyValuePairs<String, Any?> = [:])
    {
        Recorder.current?.record(.custom(event, arguments.map { ($0, RecordedArgument($1)) }), on: controller)
    }
}
