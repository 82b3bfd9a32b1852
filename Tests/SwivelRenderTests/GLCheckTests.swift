import Foundation
import CGL
import SwivelPhotoCore
import Testing
@testable import SwivelRender

/// SWIVEL_GL_CHECK=1: every GL call is followed by `glGetError`, and a failed one is named.
@Suite(.serialized) struct GLCheckTests {
    /// Runs `body` with the check on, collecting what it reports.
    static func checking(_ body: () throws -> Void) rethrows -> [GLCallError] {
        let (wasEnabled, oldReport) = (GLCheck.isEnabled, GLCheck.report)
        nonisolated(unsafe) var reports: [GLCallError] = []
        GLCheck.isEnabled = true
        GLCheck.report = { reports.append($0) }
        defer { (GLCheck.isEnabled, GLCheck.report) = (wasEnabled, oldReport) }
        try body()
        return reports
    }

    @Test func aBadCallIsNamedAndItsErrorStaysForTheCaller() throws {
        try GLTestContext.withContext { _ in
            GLErrorFlags.drain(SwivelRender.glGetError)
            let reports = Self.checking { SwivelRender.glEnable(0x1234) }   // no such capability
            #expect(reports == [GLCallError(call: "glEnable", code: 0x0500)])
            #expect(reports.first?.description == "OpenGL error GL_INVALID_ENUM (0x0500) in glEnable")
            // The code's own glGetError still sees it, once.
            #expect(SwivelRender.glGetError() == 0x0500)
            #expect(SwivelRender.glGetError() == 0)
        }
    }

    @Test func aBadCallInsideAPassIsNamedAndStillHandled() throws {
        try GLTestContext.withContext { _ in
            // 100,000 texels is wider than any texture GL allows here (llvmpipe: 16,384).
            var thrown: TextureError?
            let reports = Self.checking {
                do { _ = try CardTextures(width: 100_000, height: 1, layers: 1) } catch let error as TextureError { thrown = error } catch {}
            }
            #expect(reports.first == GLCallError(call: "glTexImage3D", code: 0x0501), "\(reports)")
            #expect(reports.allSatisfy { $0.call == "glTexImage3D" })
            // CardTextures saw the error the check took, and threw as it does without the check.
            #expect(thrown?.description == "cannot allocate 1 image textures of 100000x1 px: OpenGL error 0x501")
            #expect(SwivelRender.glGetError() == 0)
        }
    }

    @Test func offByDefaultTheErrorIsLeftToGL() throws {
        try GLTestContext.withContext { _ in
            let wasEnabled = GLCheck.isEnabled
            GLCheck.isEnabled = false
            defer { GLCheck.isEnabled = wasEnabled }
            SwivelRender.glEnable(0x1234)
            #expect(GLCheck.pending.isEmpty)
            #expect(SwivelRender.glGetError() == 0x0500)
        }
    }

    /// A drain of GL's error flags stops at GL_NO_ERROR, and after `maximumReads` reads when the
    /// errors never stop (a lost context). The endless sources here stop after 1,000 reads, so a
    /// drain without a bound fails the test instead of hanging it.
    @Test func drainingTheErrorFlagsStopsAtNoErrorOrAfterItsBound() {
        var queued: [GLenum] = [0x0500, 0x0505, 0x0502]
        var reads = 0
        let errors = GLErrorFlags.drain { reads += 1; return queued.isEmpty ? 0 : queued.removeFirst() }
        #expect(errors == [0x0500, 0x0505, 0x0502])
        #expect(reads == 4)
        reads = 0
        let lost = GLErrorFlags.drain { reads += 1; return reads <= 1000 ? 0x0507 : 0 }   // GL_CONTEXT_LOST
        #expect(reads == GLErrorFlags.maximumReads)
        #expect(lost == [GLenum](repeating: 0x0507, count: GLErrorFlags.maximumReads))
        #expect(GLErrorFlags.maximumReads == 8)
    }

    /// CardTextures clears the errors pending before it allocates or uploads, in a bounded number of
    /// reads: with errors pending for ever it fails as for any GL error rather than spinning. The
    /// errors are queued where this module's `glGetError` hands them out first.
    @Test func cardTexturesGiveUpOnErrorsThatNeverClear() throws {
        try GLTestContext.withContext { _ in
            defer { GLCheck.pending = [] }
            let photos = try CardTextures(width: 4, height: 4, layers: 1)
            let chain = MipChain(width: 4, height: 4, pixels: [UInt8](repeating: 9, count: 4 * 4 * 4))
            for attempt in ["allocating", "uploading"] {
                GLCheck.pending = [GLenum](repeating: 0x0507, count: 1000)
                var thrown: TextureError?
                do throws(TextureError) {
                    if attempt == "allocating" { _ = try CardTextures(width: 4, height: 4, layers: 1) }
                    else { try photos.upload(chain, to: 0) }
                } catch { thrown = error }
                #expect(thrown?.description.hasSuffix("OpenGL error 0x507") == true, "\(attempt): \(String(describing: thrown))")
                #expect(GLCheck.pending.count == 1000 - GLErrorFlags.maximumReads - 1, "\(attempt)")
            }
        }
    }

    /// Every GL function this module calls has a wrapper in GLCalls.swift, and nothing calls
    /// CGL's functions around them: otherwise a call would escape the check.
    @Test func everyGLFunctionSwivelRenderCallsIsWrapped() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SwivelRender").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let source = { (name: String) in try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let wrappers = try source("GLCalls.swift") + source("GLCheck.swift")
        let declared = Set(wrappers.matches(of: /func (gl[A-Z]\w*)\(/).map { String($0.1) })
        #expect(declared.count > 60)
        var used: Set<String> = []
        for file in files where file != "GLCalls.swift" && file != "GLCheck.swift" {
            let text = try source(file)
            used.formUnion(text.matches(of: /\b(gl[A-Z]\w*)\(/).map { String($0.1) })
            #expect(!text.contains("CGL.gl"), "\(file) calls CGL directly")
        }
        #expect(used.count > 60)
        #expect(used.subtracting(declared).isEmpty, "not wrapped: \(used.subtracting(declared).sorted())")
    }
}
