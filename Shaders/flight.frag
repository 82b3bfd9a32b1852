#version 330 core
// The card flying between the row and the full view, and the veil that fades the rest: a
// rounded rectangle (coverage from its signed distance in pixels, ramped over one pixel, as
// card.frag does) in a flat colour or showing `u_crop` of its photo's layer, faded in over the
// colour as in the row, or `u_crop` of the sharp photo's own texture once it has arrived. A sharp
// photo in tiles is drawn one tile a call: each draws only the pixels whose centre lies in its own
// part of the photo (`u_tileShown`), so every pixel is drawn once, from the tile whose texture holds
// both texels it blends. Output is premultiplied alpha.

in vec2 v_pixel;

uniform vec4 u_rect;          // the clip rectangle in pixels
uniform float u_radius;       // its corner radius in pixels
uniform vec4 u_color;         // premultiplied
uniform vec4 u_crop;          // x, y, width, height in texture coordinates
uniform vec2 u_image;         // layer (−1: none), how far faded in
uniform sampler2DArray u_images;
uniform float u_sharpShown;   // 1: the sharp photo (u_sharp) instead of the layer
uniform sampler2D u_sharp;
uniform vec4 u_tileMap;       // the tile's texture coordinates from the photo's: xy + photo * zw
uniform vec4 u_tileShown;     // the tile's own part of the photo: x0, y0, x1, y1 (0…1 across it)
uniform float u_sharpOpacity; // the sharp photo fading in over the card's texture
uniform vec4 u_turn;          // the photo's ContentTurn, mat2 columns ((1, 0), (0, 1): as decoded)

out vec4 fragColor;

#include "rounded-rect.glsl"

void main() {
    vec2 halfSize = u_rect.zw * 0.5;
    vec2 local = v_pixel - (u_rect.xy + halfSize);
    float d = roundedRectDistance(local, halfSize, u_radius);
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    vec4 color = u_color;
    vec2 uv = u_crop.xy + (local / max(u_rect.zw, vec2(1e-6)) + 0.5) * u_crop.zw;
    // A photo turned on screen (not yet read back from its file): the point of the turned photo
    // that `uv` is, found in its texture; outside the texture nothing is drawn.
    if (u_turn != vec4(1.0, 0.0, 0.0, 1.0)) {
        uv = mat2(u_turn.xy, u_turn.zw) * (uv - 0.5) + 0.5;
        if (any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) {
            fragColor = vec4(0.0);
            return;
        }
    }
    if (u_sharpShown > 0.5) {
        if (any(lessThan(uv, u_tileShown.xy)) || any(greaterThanEqual(uv, u_tileShown.zw))) discard;
        color = texture(u_sharp, u_tileMap.xy + uv * u_tileMap.zw) * u_sharpOpacity;
    } else if (u_image.x >= 0.0) {
        color = mix(color, texture(u_images, vec3(uv, u_image.x)), u_image.y);
    }
    fragColor = color * coverage;
}
