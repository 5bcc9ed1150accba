#!/usr/bin/env python3
"""Runs the Python examples of Markdown pages as doctests.

Every fenced ```python or ```pycon block that holds `>>>` lines is an example; a page's examples
run in page order in one namespace, so later ones may use what earlier ones defined. Lines
outside those blocks are blanked (not dropped), so a failure names the page's own line number.

Usage: doctest-md.py PAGE.md...     (exit status 1 when an example fails or a page has none)
"""
import doctest
import re
import sys

FENCE = re.compile(r'^\s*(```+|~~~+)\s*([\w-]*)')


def examples_only(text):
    """The page with every line outside the example blocks blanked."""
    out, block, fence = [], None, None  # block: None outside, 'py' or 'other' inside
    for line in text.split('\n'):
        m = FENCE.match(line)
        if block is None and m:
            block = 'py' if m.group(2) in ('python', 'pycon', 'py') else 'other'
            fence = m.group(1)
            out.append('')
        elif block is not None and line.strip().startswith(fence) and not line.strip().strip(fence[0]):
            block = None
            out.append('')
        else:
            out.append(line if block == 'py' else '')
    return '\n'.join(out)


def run(path):
    with open(path, encoding='utf-8') as f:
        text = examples_only(f.read())
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {'__name__': '__doctest__'}, path, path, 0)
    if not test.examples:
        print(f'{path}: no Python examples (>>> lines in ```python blocks)')
        return 1, 0
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test)
    return result.failed, result.attempted


def main(paths):
    if not paths:
        print(__doc__)
        return 2
    failed = 0
    for path in paths:
        f, n = run(path)
        failed += f
        print(f'{path}: {n - f} of {n} examples pass')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
