#version 330 core
// A screen-aligned rectangle of whole pixels with its texture coordinates at its corners: one part
// of the full view's sharp photo (a tile's own part) or of the flying card (layer.frag), or of the
// row's layer, where the clip covers the pixels wholly (no coverage to work out, the part to draw
// is the rectangle itself). A pixel is drawn when its centre is inside (GL's rasterization rules),
// so neighbouring tiles' rectangles draw every pixel once, as flight.frag's `u_tileShown` does.

uniform vec2 u_viewportPixels;
uniform vec4 u_quad;    // x, y, width, height in pixels
uniform vec4 u_uv;      // texture coordinates at the quad's top-left (xy) and bottom-right (zw)

out vec2 v_uv;

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
    v_uv = mix(u_uv.xy, u_uv.zw, corner);
    vec2 ndc = (u_quad.xy + corner * u_quad.zw) / u_viewportPixels * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
