#version 330 core
// A rated card's strip (RatingStrip): a rectangle round the pill in the card's plane, projected as
// the card is (card-projection.glsl), so it turns and foreshortens with the card, as badge.vert's
// badge does. Drawn by CardPass right after the card, with the card's instance attributes; four
// vertices as a strip from gl_VertexID.

layout(location = 2) in vec2 i_center;   // card centre in window points, before rotation
layout(location = 3) in float i_angle;   // rotation about y, radians

uniform vec2 u_viewport;      // window size in points
uniform float u_eye;          // eye distance d in points
uniform float u_pixel;        // one pixel, in points (1 / pixel scale)
uniform vec2 u_stripCenter;   // the pill's centre, card-local points
uniform vec2 u_stripHalf;     // half its width and height, points

out vec2 v_strip;             // position from the pill's centre, points

#include "card-projection.glsl"

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
    float s = sin(i_angle);
    float c = cos(i_angle);
    // 1.5 px beyond the pill for its anti-aliased rim, grown where the card is foreshortened (as
    // card.vert's margin), at most its half height.
    float wEdge = 1.0 + (u_stripCenter.x + corner.x * u_stripHalf.x) * s / u_eye;
    vec2 margin = min(1.5 * u_pixel * vec2(wEdge * wEdge / max(abs(c), 0.05), wEdge), vec2(u_stripHalf.y));
    vec2 offset = corner * (u_stripHalf + margin);
    gl_Position = cardClipPosition(u_stripCenter + offset, i_center, s, c);
    v_strip = offset;
}
