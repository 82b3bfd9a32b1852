import CGL

// Every OpenGL function SwivelRender calls, wrapped. These module-level functions have the names and
// signatures of CGL's, so inside this module they shadow the C functions: every call goes through
// `checked`, which calls the real function and, with SWIVEL_GL_CHECK=1, asks `glGetError` at once
// and reports the call by name (see `GLCheck`). Signatures as `swift-synthesize-interface
// -module-name CGL -I Sources/CGL` prints them (a signature that differed would not shadow);
// a GL function used in this module without a wrapper here fails `GLCheckTests`.

func glActiveTexture(_ texture: GLenum) { checked("glActiveTexture", CGL.glActiveTexture(texture)) }
func glAttachShader(_ program: GLuint, _ shader: GLuint) {
    checked("glAttachShader", CGL.glAttachShader(program, shader))
}
func glBeginQuery(_ target: GLenum, _ id: GLuint) { checked("glBeginQuery", CGL.glBeginQuery(target, id)) }
func glBindBuffer(_ target: GLenum, _ buffer: GLuint) { checked("glBindBuffer", CGL.glBindBuffer(target, buffer)) }
func glBindFramebuffer(_ target: GLenum, _ framebuffer: GLuint) {
    checked("glBindFramebuffer", CGL.glBindFramebuffer(target, framebuffer))
}
func glBlitFramebuffer(_ srcX0: GLint, _ srcY0: GLint, _ srcX1: GLint, _ srcY1: GLint, _ dstX0: GLint, _ dstY0: GLint, _ dstX1: GLint, _ dstY1: GLint, _ mask: GLbitfield, _ filter: GLenum) {
    checked("glBlitFramebuffer", CGL.glBlitFramebuffer(srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1, mask, filter))
}
func glBindTexture(_ target: GLenum, _ texture: GLuint) { checked("glBindTexture", CGL.glBindTexture(target, texture)) }
func glBindVertexArray(_ array: GLuint) { checked("glBindVertexArray", CGL.glBindVertexArray(array)) }
func glBlendEquationSeparate(_ modeRGB: GLenum, _ modeAlpha: GLenum) {
    checked("glBlendEquationSeparate", CGL.glBlendEquationSeparate(modeRGB, modeAlpha))
}
func glBlendFunc(_ sfactor: GLenum, _ dfactor: GLenum) { checked("glBlendFunc", CGL.glBlendFunc(sfactor, dfactor)) }
func glBlendFuncSeparate(_ sfactorRGB: GLenum, _ dfactorRGB: GLenum, _ sfactorAlpha: GLenum, _ dfactorAlpha: GLenum) {
    checked("glBlendFuncSeparate", CGL.glBlendFuncSeparate(sfactorRGB, dfactorRGB, sfactorAlpha, dfactorAlpha))
}
func glBufferData(_ target: GLenum, _ size: GLsizeiptr, _ data: UnsafeRawPointer!, _ usage: GLenum) {
    checked("glBufferData", CGL.glBufferData(target, size, data, usage))
}
func glBufferSubData(_ target: GLenum, _ offset: GLintptr, _ size: GLsizeiptr, _ data: UnsafeRawPointer!) {
    checked("glBufferSubData", CGL.glBufferSubData(target, offset, size, data))
}
func glClear(_ mask: GLbitfield) { checked("glClear", CGL.glClear(mask)) }
func glClearColor(_ red: GLfloat, _ green: GLfloat, _ blue: GLfloat, _ alpha: GLfloat) {
    checked("glClearColor", CGL.glClearColor(red, green, blue, alpha))
}
func glColorMask(_ red: GLboolean, _ green: GLboolean, _ blue: GLboolean, _ alpha: GLboolean) {
    checked("glColorMask", CGL.glColorMask(red, green, blue, alpha))
}
func glCompileShader(_ shader: GLuint) { checked("glCompileShader", CGL.glCompileShader(shader)) }
func glCreateProgram() -> GLuint { checked("glCreateProgram", CGL.glCreateProgram()) }
func glCreateShader(_ type: GLenum) -> GLuint { checked("glCreateShader", CGL.glCreateShader(type)) }
func glDeleteBuffers(_ n: GLsizei, _ buffers: UnsafePointer<GLuint>!) {
    checked("glDeleteBuffers", CGL.glDeleteBuffers(n, buffers))
}
func glDeleteFramebuffers(_ n: GLsizei, _ framebuffers: UnsafePointer<GLuint>!) {
    checked("glDeleteFramebuffers", CGL.glDeleteFramebuffers(n, framebuffers))
}
func glDeleteProgram(_ program: GLuint) { checked("glDeleteProgram", CGL.glDeleteProgram(program)) }
func glDeleteQueries(_ n: GLsizei, _ ids: UnsafePointer<GLuint>!) {
    checked("glDeleteQueries", CGL.glDeleteQueries(n, ids))
}
func glDetachShader(_ program: GLuint, _ shader: GLuint) {
    checked("glDetachShader", CGL.glDetachShader(program, shader))
}
func glDeleteShader(_ shader: GLuint) { checked("glDeleteShader", CGL.glDeleteShader(shader)) }
func glDeleteTextures(_ n: GLsizei, _ textures: UnsafePointer<GLuint>!) {
    checked("glDeleteTextures", CGL.glDeleteTextures(n, textures))
}
func glDeleteVertexArrays(_ n: GLsizei, _ arrays: UnsafePointer<GLuint>!) {
    checked("glDeleteVertexArrays", CGL.glDeleteVertexArrays(n, arrays))
}
func glDisable(_ cap: GLenum) { checked("glDisable", CGL.glDisable(cap)) }
func glDrawArrays(_ mode: GLenum, _ first: GLint, _ count: GLsizei) {
    checked("glDrawArrays", CGL.glDrawArrays(mode, first, count))
}
func glDrawArraysInstanced(_ mode: GLenum, _ first: GLint, _ count: GLsizei, _ instancecount: GLsizei) {
    checked("glDrawArraysInstanced", CGL.glDrawArraysInstanced(mode, first, count, instancecount))
}
func glDrawElementsInstanced(_ mode: GLenum, _ count: GLsizei, _ type: GLenum, _ indices: UnsafeRawPointer!, _ instancecount: GLsizei) {
    checked("glDrawElementsInstanced", CGL.glDrawElementsInstanced(mode, count, type, indices, instancecount))
}
func glEnable(_ cap: GLenum) { checked("glEnable", CGL.glEnable(cap)) }
func glEnableVertexAttribArray(_ index: GLuint) {
    checked("glEnableVertexAttribArray", CGL.glEnableVertexAttribArray(index))
}
func glEndQuery(_ target: GLenum) { checked("glEndQuery", CGL.glEndQuery(target)) }
func glFinish() { checked("glFinish", CGL.glFinish()) }
func glFlush() { checked("glFlush", CGL.glFlush()) }
func glFramebufferTexture2D(_ target: GLenum, _ attachment: GLenum, _ textarget: GLenum, _ texture: GLuint, _ level: GLint) {
    checked("glFramebufferTexture2D", CGL.glFramebufferTexture2D(target, attachment, textarget, texture, level))
}
func glGenBuffers(_ n: GLsizei, _ buffers: UnsafeMutablePointer<GLuint>!) {
    checked("glGenBuffers", CGL.glGenBuffers(n, buffers))
}
func glFramebufferTextureLayer(_ target: GLenum, _ attachment: GLenum, _ texture: GLuint, _ level: GLint, _ layer: GLint) {
    checked("glFramebufferTextureLayer", CGL.glFramebufferTextureLayer(target, attachment, texture, level, layer))
}
func glGenFramebuffers(_ n: GLsizei, _ framebuffers: UnsafeMutablePointer<GLuint>!) {
    checked("glGenFramebuffers", CGL.glGenFramebuffers(n, framebuffers))
}
func glGenQueries(_ n: GLsizei, _ ids: UnsafeMutablePointer<GLuint>!) {
    checked("glGenQueries", CGL.glGenQueries(n, ids))
}
func glGenTextures(_ n: GLsizei, _ textures: UnsafeMutablePointer<GLuint>!) {
    checked("glGenTextures", CGL.glGenTextures(n, textures))
}
func glGenVertexArrays(_ n: GLsizei, _ arrays: UnsafeMutablePointer<GLuint>!) {
    checked("glGenVertexArrays", CGL.glGenVertexArrays(n, arrays))
}
func glGetBooleanv(_ pname: GLenum, _ data: UnsafeMutablePointer<GLboolean>!) {
    checked("glGetBooleanv", CGL.glGetBooleanv(pname, data))
}
func glGetFloatv(_ pname: GLenum, _ data: UnsafeMutablePointer<GLfloat>!) {
    checked("glGetFloatv", CGL.glGetFloatv(pname, data))
}
func glGetIntegerv(_ pname: GLenum, _ data: UnsafeMutablePointer<GLint>!) {
    checked("glGetIntegerv", CGL.glGetIntegerv(pname, data))
}
func glGetProgramiv(_ program: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLint>!) {
    checked("glGetProgramiv", CGL.glGetProgramiv(program, pname, params))
}
func glGetQueryObjectui64v(_ id: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLuint64>!) {
    checked("glGetQueryObjectui64v", CGL.glGetQueryObjectui64v(id, pname, params))
}
func glGetQueryObjectuiv(_ id: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLuint>!) {
    checked("glGetQueryObjectuiv", CGL.glGetQueryObjectuiv(id, pname, params))
}
func glGetShaderiv(_ shader: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLint>!) {
    checked("glGetShaderiv", CGL.glGetShaderiv(shader, pname, params))
}
func glGetString(_ name: GLenum) -> UnsafePointer<GLubyte>! { checked("glGetString", CGL.glGetString(name)) }
func glGetStringi(_ name: GLenum, _ index: GLuint) -> UnsafePointer<GLubyte>! {
    checked("glGetStringi", CGL.glGetStringi(name, index))
}
func glGetUniformLocation(_ program: GLuint, _ name: UnsafePointer<GLchar>!) -> GLint {
    checked("glGetUniformLocation", CGL.glGetUniformLocation(program, name))
}
func glIsEnabled(_ cap: GLenum) -> GLboolean { checked("glIsEnabled", CGL.glIsEnabled(cap)) }
func glLinkProgram(_ program: GLuint) { checked("glLinkProgram", CGL.glLinkProgram(program)) }
func glPixelStorei(_ pname: GLenum, _ param: GLint) { checked("glPixelStorei", CGL.glPixelStorei(pname, param)) }
func glReadBuffer(_ src: GLenum) { checked("glReadBuffer", CGL.glReadBuffer(src)) }
func glReadPixels(_ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeMutableRawPointer!) {
    checked("glReadPixels", CGL.glReadPixels(x, y, width, height, format, type, pixels))
}
func glShaderSource(_ shader: GLuint, _ count: GLsizei, _ string: UnsafePointer<UnsafePointer<GLchar>?>!, _ length: UnsafePointer<GLint>!) {
    checked("glShaderSource", CGL.glShaderSource(shader, count, string, length))
}
func glTexImage2D(_ target: GLenum, _ level: GLint, _ internalformat: GLint, _ width: GLsizei, _ height: GLsizei, _ border: GLint, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeRawPointer!) {
    checked("glTexImage2D", CGL.glTexImage2D(target, level, internalformat, width, height, border, format, type, pixels))
}
func glTexImage3D(_ target: GLenum, _ level: GLint, _ internalformat: GLint, _ width: GLsizei, _ height: GLsizei, _ depth: GLsizei, _ border: GLint, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeRawPointer!) {
    checked("glTexImage3D", CGL.glTexImage3D(target, level, internalformat, width, height, depth, border, format, type, pixels))
}
func glTexParameteri(_ target: GLenum, _ pname: GLenum, _ param: GLint) {
    checked("glTexParameteri", CGL.glTexParameteri(target, pname, param))
}
func glTexSubImage2D(_ target: GLenum, _ level: GLint, _ xoffset: GLint, _ yoffset: GLint, _ width: GLsizei, _ height: GLsizei, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeRawPointer!) {
    checked("glTexSubImage2D", CGL.glTexSubImage2D(target, level, xoffset, yoffset, width, height, format, type, pixels))
}
func glTexSubImage3D(_ target: GLenum, _ level: GLint, _ xoffset: GLint, _ yoffset: GLint, _ zoffset: GLint, _ width: GLsizei, _ height: GLsizei, _ depth: GLsizei, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeRawPointer!) {
    checked("glTexSubImage3D", CGL.glTexSubImage3D(target, level, xoffset, yoffset, zoffset, width, height, depth, format, type, pixels))
}
func glUniform1f(_ location: GLint, _ v0: GLfloat) { checked("glUniform1f", CGL.glUniform1f(location, v0)) }
func glUniform1i(_ location: GLint, _ v0: GLint) { checked("glUniform1i", CGL.glUniform1i(location, v0)) }
func glUniform2f(_ location: GLint, _ v0: GLfloat, _ v1: GLfloat) {
    checked("glUniform2f", CGL.glUniform2f(location, v0, v1))
}
func glUniform2i(_ location: GLint, _ v0: GLint, _ v1: GLint) {
    checked("glUniform2i", CGL.glUniform2i(location, v0, v1))
}
func glUniform4f(_ location: GLint, _ v0: GLfloat, _ v1: GLfloat, _ v2: GLfloat, _ v3: GLfloat) {
    checked("glUniform4f", CGL.glUniform4f(location, v0, v1, v2, v3))
}
func glUseProgram(_ program: GLuint) { checked("glUseProgram", CGL.glUseProgram(program)) }
func glVertexAttribDivisor(_ index: GLuint, _ divisor: GLuint) {
    checked("glVertexAttribDivisor", CGL.glVertexAttribDivisor(index, divisor))
}
func glVertexAttribPointer(_ index: GLuint, _ size: GLint, _ type: GLenum, _ normalized: GLboolean, _ stride: GLsizei, _ pointer: UnsafeRawPointer!) {
    checked("glVertexAttribPointer", CGL.glVertexAttribPointer(index, size, type, normalized, stride, pointer))
}
func glViewport(_ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei) {
    checked("glViewport", CGL.glViewport(x, y, width, height))
}
