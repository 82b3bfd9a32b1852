#version 330 core
// The flying card's texture (a layer of the row's texture array) faded in over its colour, or the
// colour alone, and nothing else (see photo.vert): flight.frag's card where its clip covers whole
// pixels, without the rounded rectangle's distance, so that llvmpipe shades the card's middle in a
// fraction of flight.frag's time. Output is premultiplied alpha.

in vec2 v_uv;

uniform sampler2DArray u_images;
uniform vec2 u_image;         // layer (−1: none), how far faded in
uniform vec4 u_color;         // premultiplied

out vec4 fragColor;

void main() {
    fragColor = u_image.x >= 0.0 ? mix(u_color, texture(u_images, vec3(v_uv, u_image.x)), u_image.y) : u_color;
}
