#version 330 core
// The card's rounded-rectangle silhouette (coverage 0…1) on a texture that reaches the shadow's
// extent beyond the card on every side; the blur pass then spreads it into the shadow.
in vec2 v_uv;

uniform vec2 u_half;        // card half size, points
uniform float u_radius;     // corner radius, points
uniform float u_reach;      // shadow reach beyond the card, points
uniform float u_texel;      // one texel, in points

out vec4 fragColor;

float roundedRectDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    vec2 local = (v_uv * 2.0 - 1.0) * (u_half + u_reach);
    float d = roundedRectDistance(local, u_half, u_radius);
    fragColor = vec4(clamp(0.5 - d / u_texel, 0.0, 1.0), 0.0, 0.0, 1.0);
}
