#ifndef SWIVEL_CSDL2_SHIM_H
#define SWIVEL_CSDL2_SHIM_H
#define SDL_MAIN_HANDLED 1
// <SDL2/...> rather than pkg-config: SDL's own headers include their siblings by relative path.
#include <SDL2/SDL.h>

// SDL's event-type and flag macros that Swift cannot import (they are enums or
// function-like macros on the C side) are re-exported here as plain constants.
static const Uint32 SWIVEL_SDL_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;
static const Uint32 SWIVEL_SDL_TOUCH_MOUSEID = SDL_TOUCH_MOUSEID;
static inline Uint32 swivel_sdl_button_lmask(void) { return SDL_BUTTON_LMASK; }
#endif
