#version 330 core
// One screen-aligned rectangle in window pixels (top-left origin), from gl_VertexID as a strip:
// the flying card's clip rectangle grown by a pixel for its antialiased edge.

uniform vec2 u_viewportPixels;
uniform vec4 u_rect;    // x, y, width, height in pixels

out vec2 v_pixel;       // position in window pixels, top-left origin

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
    v_pixel = u_rect.xy - 1.0 + corner * (u_rect.zw + 2.0);
    vec2 ndc = v_pixel / u_viewportPixels * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
