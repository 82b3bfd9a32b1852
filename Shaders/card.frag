#version 330 core
// Shadows, edges and middles card by card in paint order, where the cards' pixels cannot all be
// split between interior.frag, shadow.frag and edge.frag (see CardPass): a photo deck, a translucent
// colour, no depth buffer.
// Card: flat colour (or its photo, faded in over it) with coverage from the rounded rectangle's signed distance in card-local
// points, ramped over one screen pixel (the distance's screen-space gradient), so edges stay smooth
// at every angle without MSAA. Shadow ring: the pre-blurred silhouette times the shadow opacity.
// Output is premultiplied alpha.

in vec2 v_local;
in vec2 v_shadowUV;
flat in vec4 v_color;
flat in float v_isCard;
flat in vec2 v_image;

uniform vec2 u_half;
uniform float u_radius;
uniform sampler2D u_shadow;
uniform float u_shadowOpacity;
uniform sampler2DArray u_images;

flat in float v_fade;   // card.vert: 1, less for a card fading out of the row
flat in vec4 v_turn;    // card.vert: the photo's ContentTurn

out vec4 fragColor;

#include "rounded-rect.glsl"

void main() {
    // v_isCard and v_image are flat, so all four pixels of a quad take the same branches and
    // derivatives may be taken inside them.
    if (v_isCard > 0.5) {
        float d = roundedRectDistance(v_local, u_half, u_radius);
        float pixelsPerPoint = length(vec2(dFdx(d), dFdy(d)));
        float coverage = clamp(0.5 - d / max(pixelsPerPoint, 1e-6), 0.0, 1.0);
        vec4 color = v_color;
        if (v_image.x >= 0.0) {
            // The photo fills the card (cropped to its aspect when decoded); mipmapped, so side
            // cards squeezed by the turn do not shimmer.
            // A photo turned on screen (not yet read back from its file) is sampled through its
            // ContentTurn; where that falls outside the texture, the card's colour shows. (At the
            // identity every number is the same as without it.)
            mat2 turn = mat2(v_turn.xy, v_turn.zw);
            vec2 uvDx = turn * (dFdx(v_local) / (2.0 * u_half));
            vec2 uvDy = turn * (dFdy(v_local) / (2.0 * u_half));
            vec2 uv = turn * (v_local / (2.0 * u_half)) + 0.5;
            vec4 photo = textureGrad(u_images, vec3(uv, v_image.x), uvDx, uvDy);
            bool turned = v_turn != vec4(1.0, 0.0, 0.0, 1.0);
            float inside = !turned || (all(greaterThanEqual(uv, vec2(0.0))) && all(lessThanEqual(uv, vec2(1.0)))) ? 1.0 : 0.0;
            color = mix(color, photo, v_image.y * inside);
        }
        fragColor = color * coverage * v_fade;
    } else {
        fragColor = vec4(0.0, 0.0, 0.0, textureLod(u_shadow, v_shadowUV, 0.0).r * u_shadowOpacity * v_fade);
    }
}
