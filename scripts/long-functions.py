#!/usr/bin/env python3
"""Lists Swift functions and initialisers longer than a limit (default 60 lines, declaration to
closing brace), longest first: `scripts/long-functions.py [LIMIT] [DIR...]` (default Sources).
Braces are counted outside string literals and comments, which is enough for this code base."""
import os, re, sys

DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|class|'
                  r'final|override|mutating|nonisolated|convenience|required|@inline\(__always\))\s+)*'
                  r'(func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|(?:var|let)\s+\w+\s*:[^=]*\{)')

def code_only(line):
    """`line` without string literal contents and // comments."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split('//', 1)[0]

def functions(path):
    lines = open(path, encoding='utf-8').read().split('\n')
    for start, line in enumerate(lines):
        match = DECL.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for end in range(start, len(lines)):
            text = code_only(lines[end])
            for ch in text:
                if ch == '{':
                    depth += 1
                    opened = True
                elif ch == '}':
                    depth -= 1
            if opened and depth <= 0:
                yield start + 1, end - start + 1, match.group(1).strip()
                break
            if not opened and end > start and not text.strip().endswith((',', '(', '->')) and '{' not in text \
                    and end - start > 8:
                break    # a requirement without a body

def main():
    args = sys.argv[1:]
    limit = int(args.pop(0)) if args and args[0].isdigit() else 60
    roots = args or ['Sources']
    found = []
    for root in roots:
        for directory, _, files in os.walk(root):
            for name in files:
                if name.endswith('.swift'):
                    path = os.path.join(directory, name)
                    found += [(length, path, line, what) for line, length, what in functions(path) if length > limit]
    for length, path, line, what in sorted(found, reverse=True):
        print(f'{length:4d}  {path}:{line}  {what}')

main()
