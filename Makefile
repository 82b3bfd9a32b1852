# Swivel. `make` builds the release binary; `make install` / `make uninstall` put it (with its
# .desktop file, icon and man page) under $(DESTDIR)$(PREFIX). `make run` and `make test` work on a
# fresh Debian 12 machine that has Swift: they first install missing Debian packages (`make deps`)
# with apt-get, through sudo when not root.

SWIFT ?= swift
# The build the binary comes from (`make install CONFIGURATION=debug` installs the debug build).
CONFIGURATION ?= release
BINARY = .build/$(CONFIGURATION)/swivel

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
INSTALL ?= install
# What `make install` puts under $(DESTDIR), and `make uninstall` removes.
INSTALLED_BINARY = $(DESTDIR)$(BINDIR)/swivel
INSTALLED_DESKTOP = $(DESTDIR)$(DATADIR)/applications/swivel.desktop
INSTALLED_ICON = $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/swivel.svg
INSTALLED_MAN = $(DESTDIR)$(MANDIR)/man1/swivel.1

# Build and run: SDL2 (+ image, ttf), OpenGL headers, Mesa's GL/EGL drivers (llvmpipe where there
# is no GPU), the DejaVu fonts, libdecor's plugin (window decorations on Wayland desktops that
# leave them to the app, such as GNOME; without it the window is undecorated), and the photo
# libraries: libjpeg-turbo, libpng, libheif (HEIC), libavif (AVIF), libjxl, libtiff, giflib, libwebp,
# Little CMS, libexif, zlib, stb_image (BMP, TGA; a header, compiled in), libnetpbm (PNM), LibRaw (camera RAW) and
# exempi (ratings and labels in XMP);
# libseccomp confines the decoder processes.
RUN_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libgl-dev libegl-dev \
                libgl1-mesa-dri libegl-mesa0 fonts-dejavu-core libdecor-0-plugin-1-cairo \
                libjpeg62-turbo-dev libturbojpeg0-dev libpng-dev libheif-dev libavif-dev libjxl-dev libtiff-dev libgif-dev libwebp-dev \
                liblcms2-dev libexif-dev zlib1g-dev libstb-dev libnetpbm-dev libraw-dev libexempi-dev libseccomp-dev
# Tests also drive a real window in a virtual X server (xrdb sets its Xft.dpi), and in a headless
# Wayland compositor: sway, grim (screenshots), wtype (keys), and a virtual-pointer client built
# at test time from Tests/WaylandTools (wayland-scanner, libwayland-dev, a C compiler). They write
# test photos with Debian's own encoders and taggers: ImageMagick, exiftool, heif-enc, avifenc, cjxl,
# libwebp's tools (webp), gifsicle, libtiff's tools and jpegtran (restart markers), and tag them with
# real-world ICC profiles (Ghostscript's sRGB and CMYK, libgs-common); and read third-party test
# images from Debian packages (PngSuite and wide-gamut PNGs in libjxl-testdata and more:
# Tests/Fixtures/third-party.md). The install check validates the .desktop file
# (desktop-file-validate) and the man page (groff).
# gdk-pixbuf's installed tests bring third-party TGA and BMP files with reference PNGs, and its
# gdk-pixbuf-pixdata (libgdk-pixbuf2.0-bin) decodes BMP and TGA files as references. Camera RAW: DNGs are
# made from known pixels by Tests/PhotoTools/make-dng.py (numpy, from PyPI into .build/test-venv: python3-venv),
# and rendered as references by LibRaw's own dcraw_emu (libraw-bin).
TEST_PACKAGES := xvfb xauth xdotool xclip x11-utils x11-xserver-utils sway grim wtype libwayland-bin libwayland-dev \
                 gcc libc6-dev imagemagick libimage-exiftool-perl libheif-examples libavif-bin libjxl-tools \
                 webp gifsicle libtiff-tools libjpeg-turbo-progs libjxl-testdata gdk-pixbuf-tests libgdk-pixbuf2.0-bin \
                 libpython3.11-testsuite libgs-common desktop-file-utils groff-base shared-mime-info qoi \
                 libglib2.0-bin gvfs dbus-daemon e2fsprogs \
                 icc-profiles-free plasma-workspace-wallpapers libraw-bin python3-venv
# What the tests take from PyPI (Debian has no package of them at these versions), into a venv of the
# build folder's own: .build/test-venv.
TEST_PYPI := numpy
TEST_VENV := .build/test-venv
ARGS ?=
# Simulated minutes of `make soak`.
SOAK_MINUTES ?= 60

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build binary run test check soak deps test-deps apt-install pypi-install install uninstall docs clean

comma := ,
space := $(subst ,, )

all:
	$(SWIFT) build -c $(CONFIGURATION)

build: all

run: deps all
	./$(BINARY) $(ARGS)

# Every test: the Swift suites, then `make install` into a temporary DESTDIR and back out
# (from the debug build the suites use, so the check costs no second build). The suites that
# drive the app in a real window with timed input run after the others, on a quiet machine:
# beside them a two-core machine's frames can take over 40 ms, and SDL stamps pointer events
# when it reads them, once a frame, so a test's 40 ms flick could arrive as one moment.
test: deps test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip RealWindowSuites
	$(SWIFT) test --skip-build --filter RealWindowSuites
	./scripts/check-install.sh

check: test

# One simulated hour of random input through the real renderer, headless, on the demo deck:
# prints the JSON and fails on a GL error, memory growth or a texture leak (see docs/performance.md, "Soak").
soak: deps all
	SDL_VIDEODRIVER=offscreen ./$(BINARY) --soak $(SOAK_MINUTES) --demo $(ARGS)

# The binary, rebuilt only when a source is newer than it, so that `make && sudo make install`
# never runs SwiftPM as root over the user's .build (a no-op `swift build` still writes there).
binary:
	@if [ ! -x $(BINARY) ] || [ -n "$$(find Package.swift Sources Shaders Plugins assets/demo \
	     -newer $(BINARY) -print -quit)" ]; then $(SWIFT) build -c $(CONFIGURATION); fi

install: binary
	$(INSTALL) -D -m 755 $(BINARY) $(INSTALLED_BINARY)
	$(INSTALL) -D -m 644 assets/swivel.desktop $(INSTALLED_DESKTOP)
	$(INSTALL) -D -m 644 assets/swivel.svg $(INSTALLED_ICON)
	$(INSTALL) -D -m 644 assets/swivel.1 $(INSTALLED_MAN)

uninstall:
	rm -f $(INSTALLED_BINARY) $(INSTALLED_DESKTOP) $(INSTALLED_ICON) $(INSTALLED_MAN)

# Writes the man page and the README's option table from the option declarations, the README's
# format table from the table of formats, and its key table from the key table (a test fails when
# any of them is stale).
docs: all
	./$(BINARY) --man > assets/swivel.1
	{ sed '/^<!-- options:/q' README.md; ./$(BINARY) --help-markdown; sed -n '/^<!-- end of options -->/,$$p' README.md; } \
	  > README.md.new && mv README.md.new README.md
	{ sed '/^<!-- formats:/q' README.md; ./$(BINARY) --formats-markdown; sed -n '/^<!-- end of formats -->/,$$p' README.md; } \
	  > README.md.new && mv README.md.new README.md
	{ sed '/^<!-- keys:/q' README.md; ./$(BINARY) --keys-markdown; sed -n '/^<!-- end of keys -->/,$$p' README.md; } \
	  > README.md.new && mv README.md.new README.md

deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(RUN_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(TEST_PACKAGES)"
	@$(MAKE) --no-print-directory pypi-install

# The PyPI tools, in $(TEST_VENV), installed when one is missing (a test that needs them says it
# was skipped, and why, without them).
pypi-install:
	@if ! $(TEST_VENV)/bin/python3 -c "import $(subst $(space),$(comma),$(TEST_PYPI))" 2>/dev/null; then \
	  echo "installing into $(TEST_VENV): $(TEST_PYPI)"; \
	  python3 -m venv $(TEST_VENV) && $(TEST_VENV)/bin/pip install -q $(TEST_PYPI); \
	fi

# Installs whichever of $(PACKAGES) are not installed yet; does nothing when all are.
apt-install:
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
