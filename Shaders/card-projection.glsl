// Where a card-local point lands: SwiftUI's rotation3DEffect about the y axis through the card's
// centre (see card.vert), as a clip position whose w is the perspective's, so the GPU divides and
// interpolates perspective-correctly. `local` in points from the card's centre (y down), `center`
// the card's centre in window points, `s` and `c` the sine and cosine of its angle. Written once
// here and included by card.vert and badge.vert, which declare u_viewport and u_eye.
vec4 cardClipPosition(vec2 local, vec2 center, float s, float c) {
    float w = 1.0 + local.x * s / u_eye;
    vec2 windowTimesW = center * w + vec2(local.x * c, local.y);   // (X·w, Y·w)
    return vec4(2.0 * windowTimesW.x / u_viewport.x - w,
                w - 2.0 * windowTimesW.y / u_viewport.y,
                0.0, w);
}
