"""Page weight: a puzzle page's first load and an htmx fragment, in compressed bytes.

Everything the browser fetches on a first visit is counted: the HTML, then every stylesheet,
script, icon and image it names, and every ``url()`` those stylesheets name (fonts, images;
``data:`` URIs are inside the stylesheet already). Static files count as WhiteNoise serves them
after ``collectstatic``: gzip at level 9 where it compresses them (its own compressor decides),
the plain file otherwise. The HTML counts as Django sends it to a browser that accepts gzip
(GZipMiddleware).

Two ways to fetch: in process through Django's test client (the test, tests/test_page_weight.py),
or over HTTP from a running server that really serves the compressed files (`make bench`):

    python -m bench.pageweight http://127.0.0.1:8000 /puzzles/<slug>/
"""

from __future__ import annotations

import gzip
import re
import sys
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

#: The page-weight targets, in bytes (1 KB = 1024 bytes).
PAGE_TARGET = 150 * 1024
FRAGMENT_TARGET = 8 * 1024

#: (status, body as transferred) for a path on the site.
Fetch = Callable[[str], tuple[int, bytes]]


@dataclass
class Weight:
    """What a first load transfers, file by file."""

    files: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.files.values())

    def report(self, title: str, target: int) -> str:
        lines = [f"{title}: {kb(self.total)} (target ≤ {kb(target)})"]
        lines += [f"  {size:>9,} B  {path}" for path, size in self.files.items()]
        return "\n".join(lines)


def kb(size: int) -> str:
    return f"{size / 1024:.1f} KB"


class Assets(HTMLParser):
    """The files a page makes the browser fetch: stylesheets, scripts, icons, images."""

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and {"stylesheet", "icon"} & set((found.get("rel") or "").split()):
            self.paths.append(found.get("href") or "")
        elif tag in ("script", "img") and found.get("src"):
            self.paths.append(found["src"] or "")


CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)""")


def first_load(fetch: Fetch, page: str) -> Weight:
    """The page and everything it pulls in, each counted once."""
    weight = Weight()
    status, html = fetch(page)
    if status != 200:
        raise RuntimeError(f"{page} answered {status}")
    weight.files[page] = len(html)
    parser = Assets()
    parser.feed(plain(html).decode("utf-8", "replace"))
    queue = [urljoin(page, path) for path in parser.paths if path]
    while queue:
        path = urlsplit(queue.pop(0)).path
        if path in weight.files or not path:
            continue
        status, body = fetch(path)
        if status != 200:
            raise RuntimeError(f"{path}, named by {page}, answered {status}")
        weight.files[path] = len(body)
        if path.endswith(".css"):
            text = plain(body).decode("utf-8", "replace")
            queue += [urljoin(path, url) for url in CSS_URL.findall(text) if ":" not in url]
    return weight


def plain(body: bytes) -> bytes:
    """The body unpacked, if it came gzipped."""
    return gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body


def compressed_as_whitenoise_serves(path: str, data: bytes) -> bytes:
    """The bytes WhiteNoise sends a browser that accepts gzip, for a collected static file."""
    from whitenoise.compress import Compressor

    compressor = Compressor(use_brotli=False, quiet=True)
    if not compressor.should_compress(path):
        return data
    packed: bytes = compressor.compress_gzip(data)
    effective = compressor.is_compressed_effectively("gzip", path, len(data), packed)
    return packed if effective else data


def http_fetch(base: str, cookies: str = "") -> Fetch:
    """Fetch over HTTP as a browser would, accepting gzip, and count the bytes on the wire."""

    def fetch(path: str) -> tuple[int, bytes]:
        request = urllib.request.Request(
            urljoin(base, path), headers={"Accept-Encoding": "gzip", "Cookie": cookies}
        )
        # Only ever the server the benchmark started (http://127.0.0.1:…).
        with urllib.request.urlopen(request, timeout=30) as response:  # nosec B310
            return response.status, response.read()  # still compressed: urllib does not unpack

    return fetch


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    base, page = argv
    weight = first_load(http_fetch(base), page)
    print(weight.report(f"first load of {page}, compressed", PAGE_TARGET))
    return 0 if weight.total <= PAGE_TARGET else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
