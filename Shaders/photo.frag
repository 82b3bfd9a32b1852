#version 330 core
// The sharp photo's texels and nothing else (see photo.vert): a fragment shader llvmpipe draws
// on its linear path, several times faster than flight.frag's (its rounded rectangle, discards and
// branches) at the same 1280×720 px. Output is premultiplied alpha, faded in by `u_opacity`.

in vec2 v_uv;

uniform sampler2D u_photo;
uniform float u_opacity;

out vec4 fragColor;

void main() {
    fragColor = texture(u_photo, v_uv) * u_opacity;
}
