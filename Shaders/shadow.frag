#version 330 core
// A card's shadow ring: the pre-blurred silhouette times the shadow opacity, premultiplied black.
// Nothing else: llvmpipe runs every branch of a shader for every pixel, so the card's distance
// function lives in edge.frag, drawn for the thin edge band only.

in vec2 v_shadowUV;

uniform sampler2D u_shadow;
uniform float u_shadowOpacity;

flat in float v_fade;   // card.vert: 1, less for a card fading out of the row

out vec4 fragColor;

void main() {
    fragColor = vec4(0.0, 0.0, 0.0, textureLod(u_shadow, v_shadowUV, 0.0).r * u_shadowOpacity * v_fade);
}
