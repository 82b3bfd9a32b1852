#version 330 core
// The flying card's face where it covers whole pixels (FlightPass: the rectangle inside its
// rounded corners, see photo.vert for the quad): flight.frag's colour there without its coverage
// (1 throughout) — the card's colour, or its photo's layer faded in over it —, on llvmpipe a
// fraction of flight.frag's cost per pixel. Output is premultiplied alpha.

in vec2 v_uv;

uniform sampler2DArray u_images;
uniform vec4 u_color;         // premultiplied
uniform vec2 u_image;         // layer (−1: none), how far faded in

out vec4 fragColor;

void main() {
    vec4 color = u_color;
    if (u_image.x >= 0.0) color = mix(color, texture(u_images, vec3(v_uv, u_image.x)), u_image.y);
    fragColor = color;
}
