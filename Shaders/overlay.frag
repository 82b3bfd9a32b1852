#version 330 core
// Text (an 8-bit coverage image, one texel per pixel, fetched exactly so it stays crisp) over a
// panel colour. Colours are premultiplied; `u_opacity` fades the whole overlay.

in vec2 v_pixel;

uniform sampler2D u_coverage;
uniform vec2 u_imageOrigin;   // the image's top-left in window pixels (whole pixels)
uniform vec2 u_imageSize;     // in pixels
uniform vec4 u_textColor;
uniform vec4 u_panelColor;
uniform float u_opacity;

out vec4 fragColor;

void main() {
    vec2 texel = floor(v_pixel - u_imageOrigin);
    float coverage = 0.0;
    if (all(greaterThanEqual(texel, vec2(0.0))) && all(lessThan(texel, u_imageSize))) {
        coverage = texelFetch(u_coverage, ivec2(texel), 0).r;
    }
    fragColor = (u_textColor * coverage + u_panelColor * (1.0 - coverage)) * u_opacity;
}
