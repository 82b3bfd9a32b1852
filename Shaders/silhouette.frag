#version 330 core
// The card's rounded-rectangle silhouette (coverage 0…1) on a texture that reaches the shadow's
// extent beyond the card on every side; the blur pass then spreads it into the shadow. The texture
// may be coarser than the screen (several points a texel, see ShadowTexture), so each texel's
// coverage is the mean of 8 × 8 samples, each anti-aliased over its own share of the texel: the
// area of the card inside the texel, corners included, as a full-resolution texture would have it.
in vec2 v_uv;

uniform vec2 u_half;        // card half size, points
uniform float u_radius;     // corner radius, points
uniform float u_reach;      // shadow reach beyond the card, points
uniform float u_texel;      // one texel, in points

out vec4 fragColor;

#include "rounded-rect.glsl"

void main() {
    vec2 local = (v_uv * 2.0 - 1.0) * (u_half + u_reach);
    const int n = 8;
    float step = u_texel / float(n);
    float coverage = 0.0;
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
            vec2 offset = (vec2(float(i), float(j)) + 0.5) / float(n) - 0.5;
            float d = roundedRectDistance(local + offset * u_texel, u_half, u_radius);
            coverage += clamp(0.5 - d / step, 0.0, 1.0);
        }
    }
    fragColor = vec4(coverage / float(n * n), 0.0, 0.0, 1.0);
}
