extension EventList {
    /// Appends every event of `other`, a store with tables of its own, renumbering its ids into
    /// this store's and adding `seqOffset` to its steps. Work is per distinct value, plus a
    /// copy per event; used to join the parts of a file read in parallel.
    mutating func append(contentsOf other: inout EventList, seqOffset: Int) {
        var symbolMap = [SymbolTable.ID](repeating: 0, count: other.symbols.count)
        for id in 1..<Swift.max(1, other.symbols.count) { symbolMap[id] = symbol(other.symbols[SymbolTable.ID(id)]) }
        let dictionaryMap = other.dictionaryCount.map { dictionaryID(other.dictionary(UInt32($0))) }
        let detailMap = other.detailCount.map { id -> UInt32 in
            let d = other.detail(UInt32(id))
            return detailID(
                EventDetail(
                    className: symbolMap[Int(d.className)], address: symbolMap[Int(d.address)],
                    thread: symbolMap[Int(d.thread)],
                    file: symbolMap[Int(d.file)]))
        }
        let extrasMap = other.extrasCount.map { id -> UInt32 in
            let x = other.extras(UInt32(id))
            return extrasID(
                EventExtras(
                    args: dictionaryMap[Int(x.args)], state: dictionaryMap[Int(x.state)], note: symbolMap[Int(x.note)]))
        }
        var eventMapped = [Bool](repeating: false, count: other.symbols.count)
        other.drainRows { row in
            var row = row
            if !eventMapped[Int(row.event)] {
                eventMapped[Int(row.event)] = true
                _ = eventSymbol(symbols[symbolMap[Int(row.event)]])
            }
            row.object = symbolMap[Int(row.object)]
            row.event = symbolMap[Int(row.event)]
            row.detail = detailMap[Int(row.detail)]
            row.extras = extrasMap[Int(row.extras)]
            row.seq = UInt32(clamping: Int(row.seq) + seqOffset)
            append(row: row)
        }
    }
}
