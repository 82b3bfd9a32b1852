// The clipping overlay (J in the full view; FastRawViewer's and darktable's exposure warnings): a
// pixel of the sharp photo at 255 in any channel is drawn red, one at 0 in all three blue; any
// other as it is. `color` is premultiplied; the test is on its straight values, within half a
// level (the texture is 8-bit: a texel read back is within rounding of what was uploaded).
uniform float u_clipping;     // 1: mark clipped pixels, 0: not

vec4 clippingMarked(vec4 color) {
    if (u_clipping < 0.5 || color.a <= 0.0) return color;
    vec3 straight = color.rgb / color.a;
    if (any(greaterThanEqual(straight, vec3(254.5 / 255.0)))) return vec4(1.0, 0.0, 0.0, 1.0) * color.a;
    if (all(lessThanEqual(straight, vec3(0.5 / 255.0)))) return vec4(0.0, 0.4, 1.0, 1.0) * color.a;
    return color;
}
