#version 330 core
// A RAW+JPEG pair's tag (PairTag): a pill with round ends in the fill colour, the text's coverage
// (the system font at the pixel scale, sampled bilinearly: the card may be turned) in the ink
// colour over it. The pill's edge is anti-aliased over one screen pixel from its distance's
// screen-space gradient, as badge.frag's disc. Output is premultiplied.

in vec2 v_local;
in vec2 v_textCoord;

uniform sampler2D u_coverage;
uniform vec4 u_pill;   // x, y, width, height, card-local points
uniform vec4 u_fill;   // premultiplied
uniform vec4 u_ink;    // premultiplied

out vec4 fragColor;

void main() {
    // A rounded box whose corner radius is half its height: the distance to its middle segment.
    float radius = 0.5 * u_pill.w;
    vec2 centre = u_pill.xy + 0.5 * u_pill.zw;
    vec2 q = abs(v_local - centre) - vec2(0.5 * u_pill.z - radius, 0.0);
    float d = length(max(q, 0.0)) - radius;
    float perPixel = length(vec2(dFdx(d), dFdy(d)));
    float pill = clamp(0.5 - d / max(perPixel, 1e-6), 0.0, 1.0);
    float text = 0.0;
    if (all(greaterThanEqual(v_textCoord, vec2(0.0))) && all(lessThanEqual(v_textCoord, vec2(1.0)))) {
        text = textureLod(u_coverage, v_textCoord, 0.0).r;
    }
    fragColor = mix(u_fill, u_ink, text) * pill;
}
