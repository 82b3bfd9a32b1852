#version 330 core
// One instance per card, drawn in two passes (u_pass) that keep the seed's paint order — shadow 0,
// card 0, shadow 1, card 1, … — through the depth test rather than through drawing order:
//   pass 0: the opaque middle of every opaque card (its shadow ring's hole), no blending, writing
//           depth; a trivial fragment shader (interior.frag).
//   pass 1: per card, its shadow ring, then the card's edge band round the middle (and the middle
//           itself for a card that is not opaque), blended in order (card.frag), tested against
//           the middles' depth and not writing it.
// Each instance's shadow is layer 2i, its card layer 2i + 1; a later layer is nearer, so whatever
// a later card's opaque middle covers is not shaded at all.
//
// Projection (SwiftUI's rotation3DEffect about the y axis through the card centre, anchorZ 0):
//   w = 1 + u·sinθ/d,  X = cx + u·cosθ/w,  Y = cy + v/w
// X and Y are not divided here: the clip position is (X·w, Y·w) mapped to NDC, with the real w in
// gl_Position.w, so the GPU divides and interpolates perspective-correctly.

// Per vertex: which corner (±1, ±1); which layer: 0 the shadow ring's outer edge, 1 its inner edge
// (the card's middle), 2 the card's outline, 3 the middle's outline as the inner edge of the card's
// edge band, 4 the middle's outline for the middle's own triangles (1, 3 and 4 are the same points,
// computed the same way, so the pieces meet without gaps or double pixels; they differ in depth
// and pass); and which edge the vertex lies on next to that corner (0 top or bottom, 1 left or right).
layout(location = 0) in vec2 a_corner;
layout(location = 1) in float a_layer;
layout(location = 5) in float a_edge;
// Per instance.
layout(location = 2) in vec2 i_center;   // card centre in window points, before rotation
layout(location = 3) in float i_angle;   // rotation about y, radians
layout(location = 4) in vec4 i_color;    // premultiplied
layout(location = 6) in vec2 i_image;    // photo layer (−1: none), photo opacity
layout(location = 7) in float i_opaque;  // 1: the card's middle is opaque (drawn in pass 0)

uniform vec2 u_viewport;      // window size in points
uniform vec2 u_half;          // card half size in points
uniform float u_radius;       // corner radius in points
uniform float u_eye;          // eye distance d in points
uniform float u_ringReach;    // how far the shadow is visible beyond the card (alpha ≥ 1/255), points
uniform float u_textureReach; // how far the shadow texture reaches beyond the card (3σ), points
uniform float u_pixel;        // one pixel, in points (1 / pixel scale)
uniform int u_pass;           // 0: opaque middles; 1: shadows, edges and the middles of the rest
uniform int u_middlesFirst;   // 1: opaque middles are drawn in pass 0; 0: there is no pass 0
uniform vec2 u_depth;         // this frame's first layer's window depth, and the step per layer

out vec2 v_local;            // card-local position in points, from the card centre
out vec2 v_shadowUV;         // where the shadow texture is sampled
flat out vec4 v_color;
flat out float v_isCard;
flat out vec2 v_image;

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

    float w = 1.0 + local.x * s / u_eye;
    vec2 windowTimesW = i_center * w + vec2(local.x * c, local.y);   // (X·w, Y·w)
    // Layer L at window depth u_depth.x − L·u_depth.y: each layer nearer than the last, and every
    // layer of this frame nearer than anything earlier frames left in the depth buffer (the
    // renderer moves u_depth.x down from frame to frame and clears only when it runs out).
    float layer = 2.0 * float(gl_InstanceID) + (a_layer < 1.5 ? 0.0 : 1.0);
    float depth = 2.0 * max(u_depth.x - layer * u_depth.y, 0.0) - 1.0;
    gl_Position = vec4(2.0 * windowTimesW.x / u_viewport.x - w,
                       w - 2.0 * windowTimesW.y / u_viewport.y,
                       depth * w, w);
    // The middle's own triangles belong to one pass: pass 0 for an opaque card, pass 1 otherwise.
    // In the other pass they collapse to a point and draw nothing; the rest of the mesh is pass 1's.
    bool middle = a_layer > 3.5;
    bool opaque = u_middlesFirst == 1 && i_opaque > 0.5;
    bool wanted = u_pass == 0 ? middle && opaque : !middle || !opaque;
    if (!wanted) gl_Position = vec4(0.0, 0.0, 2.0, 1.0);

    v_local = local;
    v_shadowUV = local / (2.0 * (u_half + u_textureReach)) + 0.5;
    v_color = i_color;
    v_isCard = a_layer > 1.5 ? 1.0 : 0.0;
    v_image = i_image;
}
