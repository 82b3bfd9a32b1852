// The signed distance from p to a rectangle of half size halfSize centred on the origin, its
// corners rounded to radius: negative inside, 0 on the outline, positive outside. Written once
// here and included by body.frag, card.frag, edge.frag and silhouette.frag (embed-shaders puts
// this text in place of their include line). RoundedRect.signedDistance (SwivelCore) is the same
// on the CPU.
float roundedRectDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}
