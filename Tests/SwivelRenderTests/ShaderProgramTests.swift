import Foundation
import Testing
@testable import SwivelRender

@Suite(.serialized) struct ShaderProgramTests {
    @Test func compileErrorNamesTheFileAndCarriesTheInfoLog() throws {
        try GLTestContext.withContext { _ in
            let broken = ShaderSource(fileName: "broken.frag", text: """
                #version 330 core
                out vec4 color;
                void main() { color = vec4(undeclaredThing, 1.0); }
                """)
            do {
                _ = try ShaderProgram(vertex: .fullscreenVert, fragment: broken)
                Issue.record("a broken shader compiled")
            } catch let error as ShaderError {
                #expect(error.fileName == "broken.frag")
                #expect(error.stage == "compile")
                #expect(error.log.contains("undeclaredThing"), "log: \(error.log)")
                #expect(error.description.hasPrefix("shader compile failed in broken.frag: "))
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test func linkErrorNamesBothFiles() throws {
        try GLTestContext.withContext { _ in
            // fullscreen.vert writes `vec2 v_uv`; this fragment shader wants it as a vec3.
            let mismatched = ShaderSource(fileName: "mismatched.frag", text: """
                #version 330 core
                in vec3 v_uv;
                out vec4 color;
                void main() { color = vec4(v_uv, 1.0); }
                """)
            do {
                _ = try ShaderProgram(vertex: .fullscreenVert, fragment: mismatched)
                Issue.record("mismatched shaders linked")
            } catch let error as ShaderError {
                #expect(error.stage == "link")
                #expect(error.fileName == "fullscreen.vert + mismatched.frag")
                #expect(error.log.contains("v_uv"), "log: \(error.log)")
            }
        }
    }

    /// Every program the renderer links (CardPass, ShadowTexture, OverlayPass), and so every file in
    /// Shaders/.
    static let programs: [(ShaderSource, ShaderSource)] = [
        (.cardVert, .cardFrag), (.cardVert, .interiorFrag), (.cardVert, .shadowFrag), (.cardVert, .edgeFrag),
        (.fullscreenVert, .silhouetteFrag), (.fullscreenVert, .blurFrag),
        (.overlayVert, .overlayFrag),
    ]

    @Test func everyEmbeddedShaderCompiles() throws {
        try GLTestContext.withContext { _ in
            for (vertex, fragment) in Self.programs {
                #expect(throws: Never.self, "\(vertex.fileName) + \(fragment.fileName)") {
                    _ = try ShaderProgram(vertex: vertex, fragment: fragment)
                }
                #expect(vertex.text.hasPrefix("#version 330 core") && fragment.text.hasPrefix("#version 330 core"))
            }
        }
        // Every file in Shaders/ is in one of those programs.
        let shaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shaders")
        let files = try FileManager.default.contentsOfDirectory(atPath: shaders.path).filter { !$0.hasPrefix(".") }
        let covered = Set(Self.programs.flatMap { [$0.0.fileName, $0.1.fileName] })
        #expect(Set(files) == covered, "Shaders/ holds \(files.sorted()), the test compiles \(covered.sorted())")
    }
}
