#version 330 core
// A card and its shadow as five octagons (see CardPass.mesh): the shadow ring, the card's edge
// band, and the card's middle. Each draw call takes the part of the mesh it shades, for one card
// (CardPass draws card by card in the seed's paint order) or, for the first frame, for all of them.
//
// Projection (SwiftUI's rotation3DEffect about the y axis through the card centre, anchorZ 0):
//   w = 1 + u·sinθ/d,  X = cx + u·cosθ/w,  Y = cy + v/w
// X and Y are not divided here: the clip position is (X·w, Y·w) mapped to NDC, with the real w in
// gl_Position.w, so the GPU divides and interpolates perspective-correctly.

// Per vertex: which corner (±1, ±1); which layer: 0 the shadow ring's outer edge, 1 its inner edge
// (the card's middle), 2 the card's outline, 3 the middle's outline as the inner edge of the card's
// edge band, 4 the middle's outline for the middle's own triangles (1, 3 and 4 are the same points,
// computed the same way, so the pieces meet without gaps or double pixels); and which edge the
// vertex lies on next to that corner (0 top or bottom, 1 left or right).
layout(location = 0) in vec2 a_corner;
layout(location = 1) in float a_layer;
layout(location = 5) in float a_edge;
// Per instance.
layout(location = 2) in vec2 i_center;   // card centre in window points, before rotation
layout(location = 3) in float i_angle;   // rotation about y, radians
layout(location = 4) in vec4 i_color;    // premultiplied
layout(location = 6) in vec2 i_image;    // photo layer (−1: none), photo opacity
layout(location = 7) in vec2 i_fade;     // scale about the centre, opacity (1, 1; a card leaving the row less)
layout(location = 8) in vec4 i_turn;     // the photo's ContentTurn, mat2 columns (1, 0, 0, 1: as decoded)

uniform vec2 u_viewport;      // window size in points
uniform vec2 u_half;          // card half size in points
uniform float u_radius;       // corner radius in points
uniform float u_eye;          // eye distance d in points
uniform float u_ringReach;    // how far the shadow is visible beyond the card (alpha ≥ 1/255), points
uniform float u_textureReach; // how far the shadow texture reaches beyond the card (3σ), points
uniform float u_pixel;        // one pixel, in points (1 / pixel scale)

out vec2 v_local;            // card-local position in points, from the card centre
out vec2 v_shadowUV;         // where the shadow texture is sampled
flat out vec4 v_color;
flat out float v_isCard;
flat out vec2 v_image;
flat out float v_fade;
flat out vec4 v_turn;

#include "card-projection.glsl"

// A vertex of an octagon: the rectangle ±extent with its corners cut by `cut` along both edges.
vec2 octagonVertex(vec2 extent, float cut) {
    vec2 p = a_corner * extent;
    if (a_edge < 0.5) p.x -= a_corner.x * cut; else p.y -= a_corner.y * cut;
    return p;
}

void main() {
    float s = sin(i_angle);
    float c = cos(i_angle);

    // The card quad reaches 1.5 px past the edge so the anti-aliasing ramp is never cut off.
    // Along u the card is foreshortened by |cosθ|/w², so the margin grows where it is squeezed.
    float wEdge = 1.0 + a_corner.x * u_half.x * s / u_eye;
    vec2 margin = 1.5 * u_pixel * vec2(wEdge * wEdge / max(abs(c), 0.05), wEdge);
    margin = min(margin, vec2(max(u_ringReach, 1.0)));
    const float cutPerRadius = 0.5857864;   // 2 − √2: a 45° line tangent to a corner circle

    vec2 local;
    if (a_layer < 0.5) {
        // Outside the card the shadow fades like a blurred edge; round a corner it fades no slower
        // than that at the same distance from the corner arc, so the outer octagon's cut lines
        // touch the circle of radius r + reach about each corner's centre.
        local = octagonVertex(u_half + u_ringReach, (u_radius + u_ringReach) * cutPerRadius);
    } else if (a_layer < 1.5 || a_layer > 2.5) {   // 1, 3, 4
        // The ring's hole: the part of the card that is opaque whatever the angle, inset by twice
        // the anti-aliasing margin; its cut lines touch the corner circle shrunk by that inset.
        vec2 inset = 2.0 * margin;
        float shrunk = max(u_radius - max(inset.x, inset.y), 0.0);
        float cut = max(2.0 * u_radius - inset.x - inset.y - shrunk * 1.4142136, 0.0);
        local = octagonVertex(max(u_half - inset, vec2(0.0)), cut);
    } else {
        local = a_corner * (u_half + margin);
    }

    gl_Position = cardClipPosition(local * i_fade.x, i_center, s, c);

    v_local = local;
    v_shadowUV = local / (2.0 * (u_half + u_textureReach)) + 0.5;
    v_color = i_color;
    v_isCard = a_layer > 1.5 ? 1.0 : 0.0;
    v_image = i_image;
    v_fade = i_fade.y;
    v_turn = i_turn;
}
