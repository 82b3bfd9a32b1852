#version 330 core
// A marked card's badge (MarkBadge): a disc of the fill colour in a white ring, with a white check
// mark, each edge anti-aliased over one screen pixel from its distance's screen-space gradient (as
// edge.frag does the card's). Lengths are in units of the disc's radius. Output is premultiplied.

in vec2 v_badge;

uniform vec4 u_fill;   // premultiplied, opaque
uniform vec4 u_mark;   // the ring's and the check's, premultiplied, opaque

out vec4 fragColor;

// The ring's inner edge, and the check: two strokes through three points (y down), half as
// thick as given here.
const float ringInside = 5.0 / 6.0;
const vec2 checkStart = vec2(-0.42, 0.0), checkCorner = vec2(-0.12, 0.30), checkEnd = vec2(0.42, -0.30);
const float checkHalfWidth = 0.09;

float segmentDistance(vec2 p, vec2 a, vec2 b) {
    vec2 pa = p - a, ba = b - a;
    return length(pa - ba * clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0));
}

// Coverage of the inside (d < 0) of a distance field, ramped over one pixel.
float coverage(float d) {
    float perPixel = length(vec2(dFdx(d), dFdy(d)));
    return clamp(0.5 - d / max(perPixel, 1e-6), 0.0, 1.0);
}

void main() {
    float r = length(v_badge);
    float disc = coverage(r - 1.0);
    float inside = coverage(r - ringInside);
    float check = coverage(min(segmentDistance(v_badge, checkStart, checkCorner),
                               segmentDistance(v_badge, checkCorner, checkEnd)) - checkHalfWidth);
    vec4 color = mix(u_mark, u_fill, inside);
    color = mix(color, u_mark, check);
    fragColor = color * disc;
}
