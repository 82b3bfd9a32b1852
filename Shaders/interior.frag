#version 330 core
// A card's opaque middle: its flat colour. Coverage is 1 throughout (the middle stays twice the
// anti-aliasing margin inside the edge), so no distance function and no blending; the result is
// bit for bit what card.frag gives those pixels. Only cards whose every pixel is opaque are drawn
// here (see CardInstance.opaque), so never a photo: llvmpipe would run a photo branch's derivatives
// and texture fetch for every pixel, taken or not.

flat in vec4 v_color;

out vec4 fragColor;

void main() {
    fragColor = v_color;
}
