#version 330 core
// photo.frag with the clipping overlay (clipping.glsl): drawn instead of it while J's marks show,
// so that photo.frag itself stays branch-free on llvmpipe's linear path. Output is premultiplied
// alpha, faded in by `u_opacity`.

in vec2 v_uv;

uniform sampler2D u_photo;
uniform float u_opacity;

out vec4 fragColor;

#include "clipping.glsl"

void main() {
    fragColor = clippingMarked(texture(u_photo, v_uv)) * u_opacity;
}
