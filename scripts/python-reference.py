#!/usr/bin/env python3
"""Writes the user guide's Python reference (docs/src/reference/python.md) from the installed
`ulti_solver` package itself: every public name's signature and docstring, and the options of
`python -m ulti_solver.bulk`. The docstrings are the source; their examples run as doctests over
the page (scripts/doctest-md.py).

Usage: python python-reference.py [--check] [PAGE]
  (run with the Python that has the wheel installed; scripts/test.sh checks the page with
   --check and names the command that refreshes it)
"""
import argparse
import inspect
import os
import sys

import ulti_solver
from ulti_solver import bulk

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, 'docs', 'src', 'reference', 'python.md')

# The page's sections and the names in each, in order. Every name of `__all__` must be here.
SECTIONS = [
    ('Deals and positions', ['Deal', 'solve', 'Solution', 'Rules']),
    ('A whole deal', ['table', 'Table', 'bids', 'Bids']),
    ('Advice from one seat', ['advise_hand', 'HandAdvice', 'advise_card', 'CardAdvice']),
    ('Whole games and matches', ['replay', 'Replay', 'match', 'MatchResult', 'TableRules']),
    ('Results and errors', ['Report', 'UltiError', 'DealError', 'ContractError', 'CardError',
                            'PlayError', 'RecordError']),
]


def signature(obj, name):
    """`name(a, b=1) -> R` without annotations of the parameters (their types are in the text)."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return f'{name}(…)'
    params = []
    for p in sig.parameters.values():
        if p.name in ('self', 'cls'):
            continue
        text = p.name if p.kind is not p.VAR_POSITIONAL else f'*{p.name}'
        if p.default is not p.empty:
            text += f'={p.default!r}'
        params.append(text)
    ret = sig.return_annotation
    ret = '' if ret is sig.empty else f" -> {ret.strip(chr(39)) if isinstance(ret, str) else ret.__name__}"
    return f'{name}({", ".join(params)}){ret}'


def doc(obj):
    text = inspect.getdoc(obj) or ''
    return fence_examples(text)


def fence_examples(text):
    """The docstring as Markdown: each run of `>>>` lines and their output in a python block."""
    out, in_example = [], False
    for line in text.split('\n'):
        starts = line.startswith('>>>')
        if starts and not in_example:
            out += ['```python']
            in_example = True
        elif in_example and not line.strip():
            out += ['```']
            in_example = False
        out.append(line)
    if in_example:
        out.append('```')
    return '\n'.join(out).strip()


def members(cls):
    """A class's methods, then its properties, each by name (a native class's dictionary has no
    stable order)."""
    found = []
    for name, value in vars(cls).items():
        if name.startswith('_') or name in ('from_json',) and cls is not ulti_solver.Report:
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        kind = 'property' if inspect.isdatadescriptor(value) else 'method'
        if kind == 'method' and not callable(value):
            continue
        found.append((name, kind, value))
    return sorted(found, key=lambda m: (m[1] == 'property', m[0]))


def describe(name):
    obj = getattr(ulti_solver, name)
    lines = []
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        base = obj.__mro__[1].__name__
        lines += [f'### `{name}`', '', f'*exception*, a `{base}`.', '', doc(obj)]
        return lines
    if inspect.isclass(obj):
        if hasattr(obj, '__dataclass_fields__'):
            fields = ', '.join(f'{f.name}={f.default!r}' for f in obj.__dataclass_fields__.values())
            title = f'{name}({fields})'
        elif getattr(obj, '__text_signature__', None) not in (None, '()'):  # a native class
            title = signature(obj, name)
        else:
            title = name
        bases = [b.__name__ for b in obj.__bases__ if b is not object]
        lines += [f'### `{title}`', '', '*class*' + (f', a `{bases[0]}`' if bases else '') + '.', '',
                  doc(obj)]
        props = False
        for mname, kind, value in members(obj):
            if kind == 'property' and not props:
                lines += ['', 'Fields:', '']
                props = True
            if kind == 'property':
                text = ' '.join(doc(value).split())
                lines += [f'- `{mname}`' + (f': {text}' if text else '')]
            else:
                lines += ['', f'#### `{name}.{signature(value, mname)}`', '', doc(value)]
        return lines
    lines += [f'### `{signature(obj, name)}`', '', doc(obj)]
    return lines


def bulk_options():
    p = bulk.parser()
    rows = ['| Argument | Default | Meaning |', '|---|---|---|']
    for a in p._actions:  # noqa: SLF001 — argparse keeps no public list
        if isinstance(a, argparse._HelpAction):  # noqa: SLF001
            continue
        if a.option_strings:
            arg = ', '.join(f'`{o}`' for o in a.option_strings)
            if a.nargs != 0:
                arg = arg[:-1] + f' {a.dest.upper()}`'
        else:
            arg = f'`{a.dest.upper()}`'
        meaning = a.help or ''
        if a.choices:
            meaning += ': ' + ', '.join(f'`{c}`' for c in a.choices)
        default = '' if a.default in (None, False) else f'`{a.default}`'
        rows.append(f'| {arg} | {default} | {meaning} |')
    return rows


def page():
    covered = [n for _, names in SECTIONS for n in names]
    missing = sorted(set(ulti_solver.__all__) - set(covered))
    if missing:
        sys.exit(f'python-reference.py: {", ".join(missing)} in ulti_solver.__all__ but in no section')
    lines = [
        '<!-- Generated from the docstrings of the ulti_solver package by '
        'scripts/python-reference.py; do not edit by hand. -->',
        '',
        '# Python reference',
        '',
        f'Every public name of `ulti_solver` {ulti_solver.__version__}, from its own docstrings. '
        'The examples are tested: they run as doctests in `scripts/test.sh`, after this import:',
        '',
        '```python',
        '>>> from ulti_solver import *',
        '```',
        '',
        doc(ulti_solver),
    ]
    for title, names in SECTIONS:
        lines += ['', f'## {title}']
        for name in names:
            lines += [''] + describe(name)
    lines += ['', '## Bulk runs: `python -m ulti_solver.bulk`', '', fence_examples(
        inspect.getdoc(bulk) or ''), '', 'Its arguments:', ''] + bulk_options()
    text = '\n'.join(lines) + '\n'
    while '\n\n\n' in text:
        text = text.replace('\n\n\n', '\n\n')
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('page', nargs='?', default=PAGE)
    ap.add_argument('--check', action='store_true', help='compare with the page instead of writing it')
    a = ap.parse_args()
    text = page()
    if a.check:
        try:
            with open(a.page, encoding='utf-8') as f:
                have = f.read()
        except FileNotFoundError:
            have = ''
        if have != text:
            print(f'{os.path.relpath(a.page, ROOT)} is not what the ulti_solver docstrings say. '
                  f'Refresh it with:\n    {sys.executable} scripts/python-reference.py')
            return 1
        print(f'{os.path.relpath(a.page, ROOT)}: current')
        return 0
    with open(a.page, 'w', encoding='utf-8') as f:
        f.write(text)
    print(f'wrote {os.path.relpath(a.page, ROOT)}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
