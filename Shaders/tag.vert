#version 330 core
// A RAW+JPEG pair's tag (PairTag): its pill's rectangle in the card's plane, projected as the card
// is (card-projection.glsl), so it turns and foreshortens with the card, as the mark badge does.
// Drawn by CardPass right after the card, with the card's instance attributes; four vertices as a
// strip from gl_VertexID.

layout(location = 2) in vec2 i_center;   // card centre in window points, before rotation
layout(location = 3) in float i_angle;   // rotation about y, radians

uniform vec2 u_viewport;   // window size in points
uniform float u_eye;       // eye distance d in points
uniform float u_pixel;     // one pixel, in points (1 / pixel scale)
uniform vec4 u_pill;       // the pill: x, y (top-left), width, height, card-local points
uniform vec4 u_text;       // the text's box, the same way

out vec2 v_local;          // card-local points
out vec2 v_textCoord;      // in the text's image, 0…1 across its box

#include "card-projection.glsl"

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
    float s = sin(i_angle);
    float c = cos(i_angle);
    // 1.5 px beyond the pill for its anti-aliased rim, grown where the card is foreshortened (as
    // badge.vert's margin).
    vec2 local0 = u_pill.xy + corner * u_pill.zw;
    float w = 1.0 + local0.x * s / u_eye;
    vec2 margin = 1.5 * u_pixel * vec2(w * w / max(abs(c), 0.05), w);
    vec2 local = local0 + (corner * 2.0 - 1.0) * margin;
    gl_Position = cardClipPosition(local, i_center, s, c);
    v_local = local;
    v_textCoord = (local - u_text.xy) / u_text.zw;
}
