#ifndef SWIVEL_CGL_SHIM_H
#define SWIVEL_CGL_SHIM_H
// OpenGL 3.3 core, linked straight against libGL (Mesa exports every core entry point).
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#endif
