#!/usr/bin/env python3
"""A static file server that answers like GitHub Pages: a path with no file gets the nearest
404.html above it (status 404), so the app's routes (/ulti-solver/hand?…) load its page.

Usage: pages-server.py PORT DIR
"""
import http.server
import os
import sys
import urllib.parse


class Handler(http.server.SimpleHTTPRequestHandler):
    def send_error(self, code, message=None, explain=None):
        if code == 404 and self.command in ('GET', 'HEAD'):
            path = urllib.parse.urlsplit(self.path).path
            parts = [p for p in path.split('/') if p]
            for n in range(len(parts), -1, -1):
                page = os.path.join(self.directory, *parts[:n], '404.html')
                if os.path.isfile(page):
                    with open(page, 'rb') as f:
                        body = f.read()
                    self.send_response(404)
                    self.send_header('Content-Type', 'text/html; charset=utf-8')
                    self.send_header('Content-Length', str(len(body)))
                    self.end_headers()
                    if self.command == 'GET':
                        self.wfile.write(body)
                    return
        super().send_error(code, message, explain)


if __name__ == '__main__':
    port, directory = int(sys.argv[1]), sys.argv[2]
    handler = lambda *a, **k: Handler(*a, directory=directory, **k)  # noqa: E731
    http.server.ThreadingHTTPServer(('127.0.0.1', port), handler).serve_forever()
