import Testing

@testable import Lifeline

/// The byte test that lets a word skip the event lookups says "no" only for words whose
/// lookups all fail.
@Suite struct WordFilterTests {
    /// The lookups `CallFinder.nameAnchor` makes of a plain word, made as strings.
    private func anyLookupHolds(_ word: String) -> Bool {
        let lower = word.lowercased()
        return EventLexicon.lookup(CanonicalEvent.squash(word)) != nil
            || EventLexicon.phraseStarts.contains(lower) || CallFinder.movesTo[lower] != nil
            || EventLexicon.pastTense(CanonicalEvent.squash(word)) != nil
    }

    private func filterSaysNo(_ word: String) -> Bool {
        Array(word.utf8).withUnsafeBufferPointer { b in
            let (hash, count, first) = WordFilter.squashedHash(b, 0..<b.count)
            return !CallFinder.lookedUpWords.mayHold(hash: hash)
                && !EventLexicon.mayBeCorrected(count: count, first: first)
        }
    }

    @Test(arguments: [
        "viewDidLoad", "VIEWDIDLOAD", "view_did_load", "dealloc", "DeInit", "init", "didAppear", "willMove",
        "didmove", "view", "Will", "de", "viewWillDissapear", "viewappeared", "deallocating", "setSelectedIndex",
    ])
    func neverRejectsAWordALookupReads(word: String) {
        #expect(!filterSaysNo(word))
    }

    @Test func rejectsOnlyWordsNoLookupReads() {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefilmnoprstuvwyADLVW_0123")
        var rejected = 0
        let common = ["update", "fetch", "response", "network", "session", "token", "request", "status", "image"]
        let random = (0..<20_000).map { _ in
            String(
                (0..<Int.random(in: 1...14, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
        }
        for word in common + random {
            guard filterSaysNo(word) else { continue }
            rejected += 1
            #expect(!anyLookupHolds(word), "\(word)")
        }
        #expect(rejected > 10_000)
        // A Bloom filter's "maybe" for a word it does not hold is rare, not impossible.
        #expect(common.filter(filterSaysNo).count >= 7)
    }
}
