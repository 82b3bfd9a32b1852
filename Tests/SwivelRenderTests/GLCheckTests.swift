import Foundation
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
            while SwivelRender.glGetError() != 0 {}
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
