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

    /// Every program the renderer links (CardPass, its badge, RAW+JPEG tag and rating strip,
    /// ShadowTexture, OverlayPass, FlightPass and its clipping overlay), and so every file in Shaders/.
    static let programs: [(ShaderSource, ShaderSource)] = [
        (.cardVert, .cardFrag), (.cardVert, .interiorFrag), (.cardVert, .shadowFrag), (.cardVert, .edgeFrag),
        (.cardVert, .bodyFrag), (.badgeVert, .badgeFrag), (.tagVert, .tagFrag), (.ratingVert, .ratingFrag),
        (.fullscreenVert, .silhouetteFrag), (.fullscreenVert, .blurFrag),
        (.overlayVert, .overlayFrag),
        (.flightVert, .flightFrag), (.photoVert, .photoFrag), (.photoVert, .layerFrag), (.photoVert, .clippingFrag),
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
        // Every shader in Shaders/ is in one of those programs; the snippets (*.glsl) are not embedded
        // on their own but included (`includedSnippetsAreInPlace`).
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.shaderFolder.path).filter { !$0.hasPrefix(".") }
        let covered = Set(Self.programs.flatMap { [$0.0.fileName, $0.1.fileName] })
        let shaders = files.filter { !$0.hasSuffix(".glsl") }
        #expect(Set(shaders) == covered, "Shaders/ holds \(shaders.sorted()), the test compiles \(covered.sorted())")
    }

    static let shaderFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Shaders")

    /// embed-shaders has put rounded-rect.glsl in place of the `#include` lines: no embedded shader
    /// has one left, and the four that measure the rounded rectangle each hold the snippet's text,
    /// its function defined once.
    @Test func includedSnippetsAreInPlace() throws {
        let sources = Self.programs.flatMap { [$0.0, $0.1] }
        for source in sources {
            let includes = source.text.split(separator: "\n").filter { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("#include") }
            #expect(includes.isEmpty, "\(source.fileName): \(includes)")
            #expect(source.text.hasPrefix("#version 330 core\n"), "\(source.fileName)")
        }
        var snippet = try String(contentsOf: Self.shaderFolder.appendingPathComponent("rounded-rect.glsl"), encoding: .utf8)
        if snippet.hasSuffix("\n") { snippet.removeLast() }
        #expect(snippet.contains("float roundedRectDistance(vec2 p, vec2 halfSize, float radius) {"))
        let measuring: [ShaderSource] = [.bodyFrag, .cardFrag, .edgeFrag, .silhouetteFrag, .flightFrag]
        for source in measuring {
            #expect(source.text.contains(snippet), "\(source.fileName)")
            #expect(source.text.components(separatedBy: "float roundedRectDistance(").count == 2, "\(source.fileName)")
        }
        #expect(sources.filter { $0.text.contains("roundedRectDistance") }.map(\.fileName).sorted()
                == measuring.map(\.fileName).sorted())
        // card-projection.glsl: the card's projection, in the card's vertex shader, the badge's, the
        // RAW+JPEG tag's and the rating strip's.
        var projection = try String(contentsOf: Self.shaderFolder.appendingPathComponent("card-projection.glsl"), encoding: .utf8)
        if projection.hasSuffix("\n") { projection.removeLast() }
        for source in [ShaderSource.cardVert, .badgeVert, .tagVert, .ratingVert] {
            #expect(source.text.contains(projection), "\(source.fileName)")
            #expect(source.text.components(separatedBy: "vec4 cardClipPosition(").count == 2, "\(source.fileName)")
        }
        #expect(Set(sources.filter { $0.text.contains("cardClipPosition") }.map(\.fileName)) == ["card.vert", "badge.vert", "tag.vert", "rating.vert"])
    }
}

/// Uniform locations are looked up once, when a pass makes its program; a missing one is an error then.
@Suite(.serialized) struct UniformLookupTests {
    @Test func aMissingUniformIsAnErrorNamingTheProgramAndTheUniform() throws {
        try GLTestContext.withContext { _ in
            let blur = try ShaderProgram(vertex: .fullscreenVert, fragment: .blurFrag)
            #expect(try blur.uniform("u_sigma").location >= 0)
            do {
                _ = try blur.uniform("u_sigmaa")
                Issue.record("a misspelt uniform was found")
            } catch let error as ShaderError {
                #expect(error.fileName == "fullscreen.vert + blur.frag")
                #expect(error.stage == "uniform")
                #expect(error.description == "shader program fullscreen.vert + blur.frag: no active uniform u_sigmaa "
                        + "(misspelt, or unused by the shaders and removed when linking)")
            }
        }
    }

    @Test func aDeclaredButUnusedUniformCountsAsMissing() throws {
        try GLTestContext.withContext { _ in
            // interior.frag never reads the shadow's texture coordinates, so the linker drops
            // card.vert's u_textureReach from that program: setting it would write to −1.
            let middles = try ShaderProgram(vertex: .cardVert, fragment: .interiorFrag)
            #expect(throws: ShaderError.self) { try middles.uniform("u_textureReach") }
            let shadows = try ShaderProgram(vertex: .cardVert, fragment: .shadowFrag)
            #expect(try shadows.uniform("u_textureReach").location >= 0)
        }
    }

    @Test func everyPassFindsAllItsUniforms() throws {
        try GLTestContext.withContext { _ in
            #expect(throws: Never.self) { _ = try Renderer() }
        }
    }
}
