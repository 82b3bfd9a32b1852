import Glibc
import Testing
@testable import SwivelBox

/// How a worker's end reads: wait statuses built as the kernel writes them (waitpid(2): the
/// signal in the low 7 bits, an exit status in the next byte).
@Suite struct WorkerEndTests {
    @Test func waitStatusesDecode() {
        #expect(WorkerEnd(waitStatus: 0) == .exited(0))
        #expect(WorkerEnd(waitStatus: 99 << 8) == .exited(99))
        #expect(WorkerEnd(waitStatus: 11) == .signalled(11))
        #expect(WorkerEnd(waitStatus: 0x80 | 6) == .signalled(6))   // SIGABRT with a core
    }

    @Test func reasonsNameTheSignalOrTheCall() {
        #expect(WorkerFailure.reason(.signalled(SIGSEGV), report: nil, cpuSeconds: 120) == "the decoder crashed (SIGSEGV)")
        #expect(WorkerFailure.reason(.signalled(SIGABRT), report: nil, cpuSeconds: 120) == "the decoder crashed (SIGABRT)")
        #expect(WorkerFailure.reason(.signalled(SIGXCPU), report: nil, cpuSeconds: 2)
                == "the decoder was stopped: it used its 2 s of CPU time")
        // 257 is openat on x86_64, 56 on aarch64 (the kernel's syscall tables).
        #if arch(x86_64)
        let openat = "forbidden 257"
        #else
        let openat = "forbidden 56"
        #endif
        #expect(WorkerFailure.reason(.exited(99), report: openat, cpuSeconds: 120)
                == "the decoder was stopped: it tried a forbidden system call (openat)")
    }
}
