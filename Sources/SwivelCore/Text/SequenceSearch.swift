/// Finding a run of elements in a collection — what `firstRange(of:)` and `contains(_:)` on
/// strings do, which live in the Swift regex module (_StringProcessing) that Swivel's modules do
/// without (see Package.swift). Plain scanning: the texts searched are file headers and messages.
extension Collection where Element: Equatable {
    /// Where `pattern` first occurs as consecutive elements; nil if nowhere. An empty pattern is
    /// found at the start.
    public func firstRange<Pattern: Collection>(ofSequence pattern: Pattern) -> Range<Index>?
    where Pattern.Element == Element {
        var start = startIndex
        while true {
            var here = start, there = pattern.startIndex
            while here != endIndex, there != pattern.endIndex, self[here] == pattern[there] {
                formIndex(after: &here)
                pattern.formIndex(after: &there)
            }
            if there == pattern.endIndex { return start..<here }
            if here == endIndex || start == endIndex { return nil }
            formIndex(after: &start)
        }
    }

    /// Whether `pattern` occurs as consecutive elements.
    public func containsSequence<Pattern: Collection>(_ pattern: Pattern) -> Bool where Pattern.Element == Element {
        firstRange(ofSequence: pattern) != nil
    }
}

extension String {
    /// This string with every occurrence of `target` (left to right, not overlapping) replaced by
    /// `replacement`; unchanged when `target` is empty.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = "", rest = self[...]
        while let found = rest.firstRange(ofSequence: target) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}
