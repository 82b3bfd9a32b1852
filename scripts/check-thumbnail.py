#!/usr/bin/env python3
"""check-thumbnail.py CACHE_HOME FILE...: checks, independently of Swivel's code, that each FILE has
a valid thumbnail in CACHE_HOME/thumbnails as the freedesktop.org Thumbnail Managing Standard 0.9.0
describes it: named MD5(URI).png in normal/large/x-large/xx-large, the URI made as GLib's
g_filename_to_uri does, a PNG whose CRCs hold and whose size fits its folder, with Thumb::URI,
Thumb::MTime (and Thumb::Size when present) matching the file; folders 0700, the file 0600.
Prints one line per file; exits 1 if any is missing or invalid."""
import hashlib, os, struct, sys, urllib.parse, zlib

SIZES = {"normal": 128, "large": 256, "x-large": 512, "xx-large": 1024}


def uri(path):
    # g_escape_uri_string's UNSAFE_PATH set: these stay, every other byte is %XX (upper case).
    safe = "!$&'()*+,-./:=@_~"
    return "file://" + urllib.parse.quote(os.path.abspath(path).encode(), safe=safe)


def chunks(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    offset, out = 8, []
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise ValueError("bad CRC in " + kind.decode())
        out.append((kind.decode(), body))
        offset += 12 + length
        if kind == b"IEND":
            return out
    raise ValueError("no IEND")


def check(cache, path):
    name = hashlib.md5(uri(path).encode()).hexdigest() + ".png"
    st = os.stat(path)
    for folder, side in SIZES.items():
        thumb = os.path.join(cache, "thumbnails", folder, name)
        if not os.path.exists(thumb):
            continue
        parts = chunks(open(thumb, "rb").read())
        width, height = struct.unpack(">II", parts[0][1][:8])
        texts = {k.decode("latin-1"): v.decode("latin-1") for kind, body in parts if kind == "tEXt"
                 for k, v in [body.split(b"\0", 1)]}
        problems = []
        if max(width, height) > side: problems.append(f"{width}x{height} exceeds {side}")
        if texts.get("Thumb::URI") != uri(path): problems.append(f"URI {texts.get('Thumb::URI')} != {uri(path)}")
        if texts.get("Thumb::MTime") != str(int(st.st_mtime)): problems.append("MTime differs")
        if "Thumb::Size" in texts and texts["Thumb::Size"] != str(st.st_size): problems.append("Size differs")
        if os.stat(thumb).st_mode & 0o777 != 0o600: problems.append("file mode %o" % (os.stat(thumb).st_mode & 0o777))
        for d in (os.path.join(cache, "thumbnails"), os.path.dirname(thumb)):
            if os.stat(d).st_mode & 0o777 != 0o700: problems.append(d + " mode %o" % (os.stat(d).st_mode & 0o777))
        print(f"{path}: {folder}/{name} {width}x{height} " + ("valid" if not problems else "; ".join(problems)))
        return not problems
    print(f"{path}: no thumbnail {name}")
    return False


if __name__ == "__main__":
    results = [check(sys.argv[1], p) for p in sys.argv[2:]]
    sys.exit(0 if results and all(results) else 1)
