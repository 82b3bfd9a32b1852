#version 330 core
// One direction of a separable Gaussian blur: weights exp(−k²/2σ²) for |k| ≤ 3σ texels,
// normalised to sum to 1. Texels outside the source count as 0 (no shadow beyond the texture).
uniform sampler2D u_source;
uniform ivec2 u_direction;   // (1, 0) or (0, 1)
uniform float u_sigma;       // σ in texels

out vec4 fragColor;

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 here = ivec2(gl_FragCoord.xy);
    int radius = int(ceil(3.0 * u_sigma));
    float sum = 0.0;
    float weights = 0.0;
    for (int k = -radius; k <= radius; ++k) {
        float weight = exp(-float(k * k) / (2.0 * u_sigma * u_sigma));
        ivec2 p = here + k * u_direction;
        if (all(greaterThanEqual(p, ivec2(0))) && all(lessThan(p, size))) {
            sum += weight * texelFetch(u_source, p, 0).r;
        }
        weights += weight;
    }
    fragColor = vec4(sum / weights, 0.0, 0.0, 1.0);
}
