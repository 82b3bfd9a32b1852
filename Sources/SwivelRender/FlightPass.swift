import CGL

/// Executes a flight frame's `FlightDrawList`: for each command, its program, uniforms and texture,
/// then one draw of a four-vertex strip (the quads are made in the vertex shaders from
/// `gl_VertexID`). What is drawn where is the list's alone.
final class FlightPass {
    private let program: ShaderProgram
    private let viewportPixels, quadRect, grow, rect, radius, color, crop, image, sharpShown, tileMap, tileShown, sharpOpacity, turn: Uniform
    private var vertexArray: GLuint = 0
    /// A texture's rectangle of whole pixels (`photo.frag`).
    private let photoProgram: ShaderProgram
    private let photoViewportPixels, photoQuad, photoUV, photoOpacity: Uniform
    /// The card's texture (or colour) where its clip needs no coverage worked out (`layer.frag`).
    private let layerProgram: ShaderProgram
    private let layerViewportPixels, layerQuad, layerUV, layerImage, layerColor: Uniform

    init() throws {
        program = try ShaderProgram(vertex: .flightVert, fragment: .flightFrag)
        viewportPixels = try program.uniform("u_viewportPixels")
        quadRect = try program.uniform("u_quad")
        grow = try program.uniform("u_grow")
        rect = try program.uniform("u_rect")
        tileMap = try program.uniform("u_tileMap")
        tileShown = try program.uniform("u_tileShown")
        sharpOpacity = try program.uniform("u_sharpOpacity")
        radius = try program.uniform("u_radius")
        color = try program.uniform("u_color")
        crop = try program.uniform("u_crop")
        image = try program.uniform("u_image")
        sharpShown = try program.uniform("u_sharpShown")
        turn = try program.uniform("u_turn")
        program.bind(samplers: [(try program.uniform("u_images"), 1), (try program.uniform("u_sharp"), 2)])
        photoProgram = try ShaderProgram(vertex: .photoVert, fragment: .photoFrag)
        photoViewportPixels = try photoProgram.uniform("u_viewportPixels")
        photoQuad = try photoProgram.uniform("u_quad")
        photoUV = try photoProgram.uniform("u_uv")
        photoOpacity = try photoProgram.uniform("u_opacity")
        photoProgram.bind(samplers: [(try photoProgram.uniform("u_photo"), 2)])
        layerProgram = try ShaderProgram(vertex: .photoVert, fragment: .layerFrag)
        layerViewportPixels = try layerProgram.uniform("u_viewportPixels")
        layerQuad = try layerProgram.uniform("u_quad")
        layerUV = try layerProgram.uniform("u_uv")
        layerImage = try layerProgram.uniform("u_image")
        layerColor = try layerProgram.uniform("u_color")
        layerProgram.bind(samplers: [(try layerProgram.uniform("u_images"), 1)])
        glGenVertexArrays(1, &vertexArray)
    }

    deinit { glDeleteVertexArrays(1, &vertexArray) }

    /// Draws `list`'s commands in order, one draw call each; returns the calls issued. The card
    /// texture array goes on unit 1, each command's 2D texture on unit 2 (a `flight.frag` command
    /// without a sharp photo samples none, and leaves unit 2 as it is).
    func execute(_ list: FlightDrawList) -> Int {
        glActiveTexture(GLc.texture1)
        glBindTexture(GLc.texture2DArray, list.cardTextures)
        glActiveTexture(GLc.texture0)
        glBindVertexArray(vertexArray)
        for command in list.commands {
            switch command {
            case .photo(let photo):
                photoProgram.use()
                photoViewportPixels.set(photo.viewportPixels)
                photoQuad.set(photo.quad)
                photoUV.set(photo.uv)
                photoOpacity.set(photo.opacity)
                bindOnUnit2(photo.texture)
            case .layer(let layer):
                layerProgram.use()
                layerViewportPixels.set(layer.viewportPixels)
                layerQuad.set(layer.quad)
                layerUV.set(layer.uv)
                layerImage.set(layer.image)
                layerColor.set(layer.color)
            case .flight(let flight):
                program.use()
                viewportPixels.set(flight.viewportPixels)
                quadRect.set(flight.quad)
                grow.set(flight.grow)
                rect.set(flight.rect)
                radius.set(flight.radius)
                color.set(flight.color)
                crop.set(flight.crop)
                image.set(flight.image)
                turn.set(flight.turn)
                sharpShown.set(flight.sharp == nil ? 0 : 1)
                if let sharp = flight.sharp {
                    tileMap.set(sharp.tileMap)
                    tileShown.set(sharp.tileShown)
                    sharpOpacity.set(sharp.opacity)
                    bindOnUnit2(sharp.texture)
                }
            }
            glDrawArrays(GLc.triangleStrip, 0, 4)
        }
        bindOnUnit2(0)
        glBindVertexArray(0)
        return list.commands.count
    }

    /// Binds `texture` as unit 2's 2D texture, texture unit 0 active again after.
    private func bindOnUnit2(_ texture: GLuint) {
        glActiveTexture(GLc.texture2)
        glBindTexture(GLc.texture2D, texture)
        glActiveTexture(GLc.texture0)
    }
}

private extension Uniform {
    func set(_ v: SIMD2<Float>) { set(v.x, v.y) }
    func set(_ v: SIMD4<Float>) { set(v.x, v.y, v.z, v.w) }
}
