import Testing
@testable import SwivelPhotos

/// PhotoMemory refuses what the kernel would refuse, as "out of memory", instead of letting a
/// Swift array stop the process. (Under a real cap, through the binary: OutOfMemoryTests.)
struct PhotoMemoryTests {
    @Test func moreThanAnyMachineHasIsOutOfMemory() {
        // 2^62 bytes (4 EiB): more than x86-64's 128 TiB of user address space.
        #expect(throws: Failure.self) { _ = try PhotoMemory.zeros(UInt8.self, count: 1 << 62) }
        do { _ = try PhotoMemory.zeros(UInt8.self, count: 1 << 62) } catch { #expect(error.reason == "out of memory") }
        // A count whose bytes overflow Int.
        do { _ = try PhotoMemory.zeros(UInt64.self, count: Int.max / 4) } catch { #expect(error.reason == "out of memory") }
    }

    @Test func whatFitsIsMadeAndTheRoomIsGivenBack() throws {
        let pixels = try PhotoMemory.zeros(UInt8.self, count: 8 << 20)
        #expect(pixels.count == 8 << 20 && pixels.allSatisfy { $0 == 0 })
        // A refusal promised nothing: what fitted before still fits.
        _ = try? PhotoMemory.zeros(UInt8.self, count: 1 << 62)
        #expect(try PhotoMemory.reserving(64 << 20) { 7 } == 7)
    }
}
