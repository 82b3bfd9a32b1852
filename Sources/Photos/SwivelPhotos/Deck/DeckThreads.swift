/// How many threads a deck decodes on.
public enum DeckThreads {
    /// Threads decoding the photos on screen, at normal priority, beside the one decoding ahead:
    /// one a core, up to 3. The 7 photos a 1280-point window shows cost 7 × 34 ms of CPU at
    /// 12 MP; on one thread that alone is 250 ms, on two about half.
    public static func onScreen(cores: Int) -> Int { max(1, min(3, cores)) }

    /// Every decode thread a deck has: those for the photos on screen, the one ahead, the full
    /// view's. The decoder pool has a worker for each.
    public static func all(cores: Int) -> Int { onScreen(cores: cores) + 2 }
}
