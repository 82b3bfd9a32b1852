import SwivelPhotoCore
import Testing

/// The retries of photos that failed transiently: 1 s, doubled each failure in a row, given up
/// at the fourth failure in a row.
@Suite struct RetryBackoffTests {
    @Test func theDelayDoublesAndTheFourthFailureGivesUp() {
        var retries = RetryBackoff()
        var now = 0.0
        var waits: [Double] = []
        for _ in 0..<3 {
            let again = retries.failed(4, at: now)
            #expect(again)
            let next = retries.next(after: now)!
            waits.append(next - now)
            now = next
        }
        #expect(waits == [1, 2, 4])
        let fourth = retries.failed(4, at: now)
        #expect(!fourth)
        #expect(retries.next(after: 0) == nil && retries.mayTry(4, at: now))
        // Another photo's count is its own, and a success in between starts it again.
        let first = retries.failed(5, at: 0), second = retries.failed(5, at: 1)
        retries.forget(5)
        let afresh = retries.failed(5, at: 3)
        #expect(first && second && afresh && retries.next(after: 3) == 4)
    }

    @Test func aPhotoMayBeTriedOnceItsRetryIsDue() {
        var retries = RetryBackoff()
        retries.failed(1, at: 10)
        #expect(!retries.mayTry(1, at: 10.5) && retries.mayTry(1, at: 11) && retries.mayTry(2, at: 10.5))
        // Due at 11: the update at 11 puts it on the wish list, so no wake-up waits for it then.
        #expect(retries.next(after: 10) == 11 && retries.next(after: 11) == nil)
        retries.forget(1)
        #expect(retries.mayTry(1, at: 10.5))
    }

    /// A due retry whose photo is no longer wanted is forgotten; one still waiting is kept.
    @Test func dueRetriesNoLongerWantedAreForgotten() {
        var retries = RetryBackoff()
        retries.failed(1, at: 0)   // due at 1
        retries.failed(2, at: 0)
        retries.failed(2, at: 1)   // due at 3
        retries.keep(wanted: [], at: 2)
        #expect(retries.mayTry(1, at: 0) && !retries.mayTry(2, at: 2))
        #expect(retries.next(after: 0) == 3)
    }
}
