#!/usr/bin/env python3
"""Checks every internal link of a built mdBook (the user guide): each href/src that is not an
external URL must name a file of the book, and each #fragment an id in that file. A link that
leaves the book may only go to the web app it is deployed beside (`../`, `../hand?…`: the
book is served at the app's `guide/`), one of the routes given with --app-routes.

Usage: check-links.py BOOK_DIR [--site-url /ulti-solver/guide/] [--app-routes hand,play,table]
       check-links.py --markdown FILE.md...   (the relative links of Markdown files, such as
                                               README.md: each names a file, each #anchor a
                                               heading of the .md file it points into)
       check-links.py --self-test    (shows that a broken link and a broken anchor are caught)

Exit status 1 with one line per broken link.
"""
import argparse
import html.parser
import os
import re
import sys
import tempfile
import urllib.parse

EXTERNAL = ('http:', 'https:', 'mailto:', 'javascript:', 'data:', 'tel:')


class Page(html.parser.HTMLParser):
    """A page's ids, its links and its <base href>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.base = set(), [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ('id', 'name'):
            if a.get(key) and (key == 'id' or tag == 'a'):
                self.ids.add(a[key])
        if tag == 'base' and a.get('href'):
            self.base = a['href']
        for key in ('href', 'src'):
            if a.get(key) is not None and tag in ('a', 'link', 'script', 'img', 'iframe', 'source'):
                self.links.append((self.getpos()[0], a[key]))


def parse(path):
    p = Page()
    with open(path, encoding='utf-8') as f:
        p.feed(f.read())
    return p


def check(book, site_url='/', app_routes=()):
    """The broken links of the book at `book`, as lines `file:line: link: why`."""
    book = os.path.realpath(book)
    pages = {}
    for root, _, files in os.walk(book):
        for name in files:
            if name.endswith('.html'):
                path = os.path.join(root, name)
                pages[path] = parse(path)
    if not pages:
        return [f'{book}: no HTML pages (was the book built?)']
    broken = []
    for path, page in sorted(pages.items()):
        here = os.path.dirname(path)
        if page.base is not None:
            if page.base.startswith('/') and page.base.startswith(site_url):
                here = os.path.join(book, page.base[len(site_url):])
            elif not page.base.startswith(EXTERNAL):
                here = os.path.join(here, page.base)
        rel_page = os.path.relpath(path, book)
        for line, link in page.links:
            if not link or link.startswith(EXTERNAL) or link.startswith('//'):
                continue
            where = f'{rel_page}:{line}: {link}'
            parts = urllib.parse.urlsplit(link)
            target_path = urllib.parse.unquote(parts.path)
            if target_path.startswith('/'):
                if not target_path.startswith(site_url):
                    broken.append(f'{where}: an absolute path outside the book ({site_url})')
                    continue
                target = os.path.join(book, target_path[len(site_url):])
            elif target_path:
                target = os.path.join(here, target_path)
            else:
                target = path
            target = os.path.normpath(target)
            if os.path.commonpath([target, book]) != book:
                # Outside the book: only the app beside it (the book's parent folder).
                app = os.path.dirname(book)
                route = os.path.relpath(target, app) if target.startswith(app) else None
                if route in ('.', 'index.html') or route in app_routes:
                    continue
                broken.append(f'{where}: leaves the book, and is no route of the app')
                continue
            if os.path.isdir(target):
                target = os.path.join(target, 'index.html')
            if not os.path.isfile(target):
                broken.append(f'{where}: no such file {os.path.relpath(target, book)}')
                continue
            frag = urllib.parse.unquote(parts.fragment)
            if frag and target.endswith('.html'):
                ids = pages[target].ids if target in pages else parse(target).ids
                if frag not in ids:
                    broken.append(f'{where}: no id "{frag}" in {os.path.relpath(target, book)}')
    return list(dict.fromkeys(broken))  # a link and its image on one line count once


MD_LINK = re.compile(r'\[[^\]]*\]\(([^)\s]+)\)')
MD_HEADING = re.compile(r'^#{1,6}\s+(.*?)\s*#*\s*$')


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r'[`*_\[\]]|\(([^)]*)\)', lambda m: m.group(1) or '', heading)
    text = re.sub(r'[^\w\- ]', '', text.lower())
    return text.replace(' ', '-')


def anchors(path):
    found, fenced = set(), False
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.lstrip().startswith('```'):
                fenced = not fenced
            m = None if fenced else MD_HEADING.match(line)
            if m:
                found.add(slug(m.group(1)))
    return found


def check_markdown(files):
    """The broken relative links of Markdown files."""
    broken = []
    for path in files:
        fenced = False
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        for n, line in enumerate(lines, start=1):
            if line.lstrip().startswith('```'):
                fenced = not fenced
            if fenced:
                continue
            for link in MD_LINK.findall(line):
                if link.startswith(EXTERNAL) or link.startswith('//'):
                    continue
                parts = urllib.parse.urlsplit(link)
                target = os.path.normpath(os.path.join(os.path.dirname(path), parts.path)) if parts.path else path
                where = f'{path}:{n}: {link}'
                if not os.path.exists(target):
                    broken.append(f'{where}: no such file')
                elif parts.fragment and target.endswith('.md') and parts.fragment not in anchors(target):
                    broken.append(f'{where}: no heading "{parts.fragment}" in {target}')
    return broken


def self_test():
    """A made-up book with one good link, a missing page and a missing anchor: both caught."""
    with tempfile.TemporaryDirectory() as d:
        book = os.path.join(d, 'guide')
        os.makedirs(os.path.join(book, 'sub'))
        with open(os.path.join(book, 'index.html'), 'w') as f:
            f.write('<h1 id="top">Guide</h1><a href="sub/page.html#here">ok</a>'
                    '<a href="missing.html">gone</a><a href="../hand?hand=PA">app</a>'
                    '<a href="https://example.org/">out</a><a href="../secret.txt">no</a>')
        with open(os.path.join(book, 'sub', 'page.html'), 'w') as f:
            f.write('<h2 id="here">Here</h2><a href="../index.html#top">up</a>'
                    '<a href="#nowhere">bad anchor</a>')
        found = check(book, app_routes=('hand',))
    expected = [
        'index.html:1: missing.html: no such file missing.html',
        'index.html:1: ../secret.txt: leaves the book, and is no route of the app',
        'sub/page.html:1: #nowhere: no id "nowhere" in sub/page.html',
    ]
    if found != expected:
        print('check-links self-test failed:\n  found:    %s\n  expected: %s' % (found, expected))
        return 1
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, 'A.md'), 'w') as f:
            f.write('# A\n\n## The solver (`ulti`)\n\n[ok](B.md#b-c) [self](#the-solver-ulti) '
                    '[gone](C.md) [bad](B.md#nope)\n```\n[not a link](D.md)\n```\n')
        with open(os.path.join(d, 'B.md'), 'w') as f:
            f.write('# B, c\n')
        found = [b.split(': ', 1)[1] for b in check_markdown([os.path.join(d, 'A.md')])]
    expected = ['C.md: no such file', f'B.md#nope: no heading "nope" in {d}/B.md']
    if found != expected:
        print('check-links self-test (markdown) failed:\n  found:    %s\n  expected: %s' % (found, expected))
        return 1
    print('check-links self-test: a missing page, a link out of the book and a missing anchor are caught')
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('book', nargs='?')
    ap.add_argument('--site-url', default='/')
    ap.add_argument('--app-routes', default='', help='comma-separated routes of the app beside the book')
    ap.add_argument('--self-test', action='store_true')
    ap.add_argument('--markdown', nargs='+', metavar='FILE', help='check the relative links of Markdown files')
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if args.markdown:
        broken = check_markdown(args.markdown)
        for b in broken:
            print(f'broken link: {b}')
        if not broken:
            print(f'links: every relative link of {", ".join(args.markdown)} resolves')
        return 1 if broken else 0
    if not args.book:
        ap.error('BOOK_DIR is required')
    routes = tuple(r for r in args.app_routes.split(',') if r)
    broken = check(args.book, args.site_url, routes)
    for b in broken:
        print(f'broken link: {b}')
    if broken:
        return 1
    print(f'links: every internal link of {args.book} resolves')
    return 0


if __name__ == '__main__':
    sys.exit(main())
