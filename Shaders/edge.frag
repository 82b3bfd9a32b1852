#version 330 core
// A card's anti-aliased edge band: its flat colour with coverage from the rounded rectangle's signed
// distance in card-local points, ramped over one screen pixel (the distance's screen-space
// gradient), so edges stay smooth at every angle without MSAA. Output is premultiplied alpha. The
// same arithmetic as card.frag's card branch, so the pixels are the same. Only cards of one opaque
// colour are drawn with this program (see CardPass), so there is no photo branch: llvmpipe would
// run its derivatives and texture fetch for every pixel, taken or not.

in vec2 v_local;
flat in vec4 v_color;

uniform vec2 u_half;
uniform float u_radius;

out vec4 fragColor;

#include "rounded-rect.glsl"

void main() {
    float d = roundedRectDistance(v_local, u_half, u_radius);
    float pixelsPerPoint = length(vec2(dFdx(d), dFdy(d)));
    float coverage = clamp(0.5 - d / max(pixelsPerPoint, 1e-6), 0.0, 1.0);
    fragColor = v_color * coverage;
}
