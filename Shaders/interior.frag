#version 330 core
// A card's opaque middle: its colour, or its photo faded in over it. Coverage is 1 throughout (the
// middle stays twice the anti-aliasing margin inside the edge), so no distance function and no
// blending; the result is bit for bit what card.frag gives those pixels.

in vec2 v_local;
flat in vec4 v_color;
flat in vec2 v_image;

uniform vec2 u_half;
uniform sampler2DArray u_images;

out vec4 fragColor;

void main() {
    vec4 color = v_color;
    if (v_image.x >= 0.0) {   // flat: skipped for colour cards (see card.frag)
        vec2 uvDx = dFdx(v_local) / (2.0 * u_half);
        vec2 uvDy = dFdy(v_local) / (2.0 * u_half);
        vec2 uv = v_local / (2.0 * u_half) + 0.5;
        vec4 photo = textureGrad(u_images, vec3(uv, v_image.x), uvDx, uvDy);
        color = mix(color, photo, v_image.y);
    }
    fragColor = color;
}
