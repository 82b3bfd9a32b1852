# Swivel: `make run` and `make test` work on a fresh Debian 12 machine that has Swift.
# Missing Debian packages are installed with apt-get (through sudo when not root).

SWIFT ?= swift
# Build and run: SDL2 (+ image, ttf), OpenGL headers, Mesa's GL/EGL drivers (llvmpipe where there
# is no GPU), the DejaVu fonts, libdecor's plugin (window decorations on Wayland desktops that
# leave them to the app, such as GNOME; without it the window is undecorated), and the photo
# libraries: libjpeg-turbo, libheif (HEIC/AVIF), libjxl, Little CMS, libexif, zlib.
RUN_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libgl-dev libegl-dev \
                libgl1-mesa-dri libegl-mesa0 fonts-dejavu-core libdecor-0-plugin-1-cairo \
                libturbojpeg0-dev libheif-dev libjxl-dev liblcms2-dev libexif-dev zlib1g-dev
# Tests also drive a real window in a virtual X server (xrdb sets its Xft.dpi), and in a headless
# Wayland compositor: sway, grim (screenshots), wtype (keys), and a virtual-pointer client built
# at test time from Tests/WaylandTools (wayland-scanner, libwayland-dev, a C compiler). They write
# test photos with Debian's own encoders and taggers: ImageMagick, exiftool, heif-enc, avifenc, cjxl.
TEST_PACKAGES := xvfb xauth xdotool x11-xserver-utils sway grim wtype libwayland-bin libwayland-dev \
                 gcc libc6-dev imagemagick libimage-exiftool-perl libheif-examples libavif-bin libjxl-tools
ARGS ?=
# Simulated minutes of `make soak`.
SOAK_MINUTES ?= 60

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build soak deps test-deps install clean

run: deps
	$(SWIFT) build -c release
	./.build/release/swivel $(ARGS)

build: deps
	$(SWIFT) build -c release

test: deps test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# One simulated hour of random input through the real renderer, headless, on the demo deck:
# prints the JSON and fails on a GL error, memory growth or a texture leak (see README, "Soak").
soak: deps
	$(SWIFT) build -c release
	SDL_VIDEODRIVER=offscreen ./.build/release/swivel --soak $(SOAK_MINUTES) --demo $(ARGS)

deps:
	@$(MAKE) --no-print-directory install PACKAGES="$(RUN_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory install PACKAGES="$(TEST_PACKAGES)"

# Installs whichever of $(PACKAGES) are not installed yet; does nothing when all are.
install:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

clean:
	rm -rf .build
