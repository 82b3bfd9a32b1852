import Glibc
import Testing

/// Which tests start the real `swivel` binary, for counting the in-process and end-to-end sets:
/// with `SWIVEL_TEST_CENSUS=FILE` in the test runner's environment, every test that asks for
/// `SwivelProcess.binary` (every way a test starts the app goes through it) appends its id to
/// FILE, a line each time. `scripts/test-census.sh` runs the suites so and counts.
enum TestCensus {
    static func noteBinaryStarted() {
        guard let file = getenv("SWIVEL_TEST_CENSUS"), let test = Test.current else { return }
        let line = Array("\(test.id)\n".utf8)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
