import Glibc
import Testing
import SwivelSystem
import SwivelTestSupport

@Suite struct ThreadsTests {
    /// Every iteration runs once, on a thread of its own, and all are done on return.
    @Test func concurrentlyPerformRunsEachIterationOnceOnItsOwnThread() {
        final class Runs: @unchecked Sendable {
            let lock = Condition()
            var indices: [Int] = []
            var threads: [pthread_t] = []
        }
        let runs = Runs()
        concurrentlyPerform(iterations: 8) { index in
            runs.lock.withLock {
                runs.indices.append(index)
                runs.threads.append(pthread_self())
            }
            // Each waits until all eight run at once, so that no thread (nor its pthread_t, which
            // may be reused once a thread ends) could serve two iterations; at most 60 s.
            _ = waitUntil(ceiling: 60) { runs.lock.withLock { runs.indices.count == 8 } }
        }
        #expect(runs.indices.sorted() == Array(0..<8))
        #expect(Set(runs.threads.map { UInt($0) }).count == 8)
        #expect(runs.threads[runs.indices.firstIndex(of: 0)!] == pthread_self())
    }

    @Test func noIterationsAndOne() {
        var ran: [Int] = []
        concurrentlyPerform(iterations: 0) { ran.append($0) }
        #expect(ran.isEmpty)
        concurrentlyPerform(iterations: 1) { ran.append($0) }
        #expect(ran == [0])
    }

    @Test func startThreadNamesTheThread() {
        let done = Condition()
        final class Name: @unchecked Sendable { var text = ""; var finished = false }
        let name = Name()
        #expect(startThread(named: "swivel-a-very-long-name") {
            var buffer = [CChar](repeating: 0, count: 32)
            _ = getThreadName(pthread_self(), &buffer, 32)
            done.withLock {
                name.text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                name.finished = true
                done.broadcast()
            }
        })
        done.withLock { while !name.finished { done.wait() } }
        #expect(name.text == "swivel-a-very-l")    // the kernel keeps 15 bytes
    }
}

@_silgen_name("pthread_getname_np") private func getThreadName(_ thread: pthread_t, _ name: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32
