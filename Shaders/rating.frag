#version 330 core
// A rated card's strip (RatingStrip): a translucent dark pill holding, left to right, the label's
// colour as a disc, then white five-pointed stars, or a white cross on a red disc for a rejected
// photo. Each edge anti-aliased over one screen pixel from its distance's screen-space gradient
// (as badge.frag). Lengths in points, y down. Output is premultiplied.

in vec2 v_strip;

uniform vec2 u_stripHalf;   // half the pill's width and height, points
uniform float u_pitch;      // items' spacing, points
uniform float u_items;      // how many items (the label disc counts as one)
uniform float u_hasLabel;   // 1 when the first item is the label's disc
uniform float u_rejected;   // 1 when the items after the label are the cross
uniform vec4 u_pill;        // premultiplied
uniform vec4 u_label;       // premultiplied, opaque
uniform vec4 u_star;        // premultiplied, opaque
uniform vec4 u_reject;      // premultiplied, opaque

out vec4 fragColor;

// Coverage of the inside (d < 0) of a distance field, ramped over one pixel.
float coverage(float d) {
    float perPixel = length(vec2(dFdx(d), dFdy(d)));
    return clamp(0.5 - d / max(perPixel, 1e-6), 0.0, 1.0);
}

// A regular five-pointed star of outer radius r pointing up (y up), inner radius r·rf
// (Inigo Quilez's sdStar5, after "2D distance functions").
float star5(vec2 p, float r, float rf) {
    const vec2 k1 = vec2(0.809016994375, -0.587785252292);
    const vec2 k2 = vec2(-k1.x, k1.y);
    p.x = abs(p.x);
    p -= 2.0 * max(dot(k1, p), 0.0) * k1;
    p -= 2.0 * max(dot(k2, p), 0.0) * k2;
    p.x = abs(p.x);
    p.y -= r;
    vec2 ba = rf * vec2(-k1.y, k1.x) - vec2(0.0, 1.0);
    float h = clamp(dot(p, ba) / dot(ba, ba), 0.0, r);
    return length(p - ba * h) * sign(p.y * ba.x - p.x * ba.y);
}

float segmentDistance(vec2 p, vec2 a, vec2 b) {
    vec2 pa = p - a, ba = b - a;
    return length(pa - ba * clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0));
}

void main() {
    // The pill: a rounded rectangle whose ends are half circles.
    float radius = u_stripHalf.y;
    vec2 q = abs(v_strip) - (u_stripHalf - vec2(radius));
    float pill = coverage(length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius);
    vec4 color = u_pill;
    // The item under this point, and the point from its centre.
    float first = -0.5 * (u_items - 1.0) * u_pitch;
    float item = clamp(floor((v_strip.x - first) / u_pitch + 0.5), 0.0, u_items - 1.0);
    vec2 p = v_strip - vec2(first + item * u_pitch, 0.0);
    float size = 0.45 * u_pitch;
    if (u_hasLabel > 0.5 && item < 0.5) {
        color = mix(color, u_label, coverage(length(p) - 0.8 * size));
    } else if (u_rejected > 0.5) {
        color = mix(color, u_reject, coverage(length(p) - 0.9 * size));
        float cross = min(segmentDistance(p, vec2(-0.4, -0.4) * size, vec2(0.4, 0.4) * size),
                          segmentDistance(p, vec2(-0.4, 0.4) * size, vec2(0.4, -0.4) * size)) - 0.11 * size;
        color = mix(color, u_star, coverage(cross));
    } else {
        color = mix(color, u_star, coverage(star5(vec2(p.x, -p.y - 0.08 * size), size, 0.45)));
    }
    fragColor = color * pill;
}
