#version 330 core
// One screen-aligned rectangle in window pixels (top-left origin), from gl_VertexID as a strip:
// the part of the flying card drawn by this call (its clip rectangle, or one tile of its sharp
// photo within it) grown by a pixel for its antialiased edge.

uniform vec2 u_viewportPixels;
uniform vec4 u_quad;    // x, y, width, height in pixels

out vec2 v_pixel;       // position in window pixels, top-left origin

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
    v_pixel = u_quad.xy - 1.0 + corner * (u_quad.zw + 2.0);
    vec2 ndc = v_pixel / u_viewportPixels * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
