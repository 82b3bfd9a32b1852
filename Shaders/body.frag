#version 330 core
// A card that is not an opaque colour (a photo, a translucent colour): its edge band and middle in
// one call. Its colour, or its photo faded in over it, with coverage from the rounded rectangle's
// signed distance in card-local points, ramped over one screen pixel (the distance's screen-space
// gradient), so edges stay smooth at every angle without MSAA. Output is premultiplied alpha. The
// same arithmetic as card.frag's card branch, so the pixels are the same.

in vec2 v_local;
flat in vec4 v_color;
flat in vec2 v_image;

uniform vec2 u_half;
uniform float u_radius;
uniform sampler2DArray u_images;

flat in float v_fade;   // card.vert: 1, less for a card fading out of the row
flat in vec4 v_turn;    // card.vert: the photo's ContentTurn

out vec4 fragColor;

#include "rounded-rect.glsl"

void main() {
    float d = roundedRectDistance(v_local, u_half, u_radius);
    float pixelsPerPoint = length(vec2(dFdx(d), dFdy(d)));
    float coverage = clamp(0.5 - d / max(pixelsPerPoint, 1e-6), 0.0, 1.0);
    vec4 color = v_color;
    if (v_image.x >= 0.0) {
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
}
