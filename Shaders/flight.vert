#version 330 core
// One screen-aligned rectangle in window pixels (top-left origin), from gl_VertexID as a strip:
// the part of the flying card drawn by this call (its clip rectangle, or one tile of its sharp
// photo within it) grown by `u_grow` pixels (1, for its antialiased edge; 0 for a strip of whole
// pixels along the clip's edge, FlightPass's border round photo.frag's inside).

uniform vec2 u_viewportPixels;
uniform vec4 u_quad;    // x, y, width, height in pixels
uniform float u_grow;

out vec2 v_pixel;       // position in window pixels, top-left origin

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
    v_pixel = u_quad.xy - u_grow + corner * (u_quad.zw + 2.0 * u_grow);
    vec2 ndc = v_pixel / u_viewportPixels * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
