/// Tied to a recorded object (as an associated object, or a stored property of a stand-in),
/// it goes when the object goes, and its own deinit records the object's `deinit`.
final class DeinitWatcher {
    let key: ObjectIdentifier
    private weak var recorder: Recorder?

    init(key: ObjectIdentifier, recorder: Recorder) {
        self.key = key
        self.recorder = recorder
    }

    deinit { recorder?.recordDeinit(key) }
}
