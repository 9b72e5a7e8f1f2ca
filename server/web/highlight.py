"""Code highlighting with Pygments: whole blocks for Markdown, line by line for the checker view.

Both emit Pygments' short CSS classes, so one stylesheet (:func:`stylesheet`) colours them.
"""

from __future__ import annotations

import functools
import re
from html import escape

from pygments import highlight as pygments_highlight
from pygments import lex
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer, TextLexer, get_lexer_by_name
from pygments.token import STANDARD_TYPES
from pygments.util import ClassNotFound

LIGHT_STYLE, DARK_STYLE = "default", "github-dark"
DARK_COMMENT, DARK_COMMENT_AA = "#6e7681", "#8b949e"
_BLOCK_FORMATTER = HtmlFormatter(nowrap=True)


def highlight_block(code: str, language: str = "") -> str:
    """A fenced block as ``<pre class="highlight">``; an unknown language is shown as plain text."""
    try:
        lexer = get_lexer_by_name(language.split()[0]) if language.strip() else TextLexer()
    except ClassNotFound:
        lexer = TextLexer()
    body = pygments_highlight(code, lexer, _BLOCK_FORMATTER)
    name = escape(language.split()[0]) if language.strip() else ""
    lang = f' data-lang="{name}"' if name else ""
    # Focusable and named: a block wider than the screen scrolls sideways, and the keyboard must reach it.
    return (f'<pre class="highlight"{lang} tabindex="0" role="group" aria-label="{name + " " if name else ""}code">'
            f'<code>{body}</code></pre>\n')


def highlight_lines(code: str) -> list[str]:
    """Python source as one balanced HTML fragment per line (a token spanning lines is split),
    so that the checker view can put a finding under any line."""
    lines: list[list[str]] = [[]]
    for token_type, value in lex(code, PythonLexer(stripnl=False, ensurenl=False)):
        css = _css_class(token_type)
        for number, part in enumerate(value.split("\n")):
            if number:
                lines.append([])
            if part:
                lines[-1].append(f'<span class="{css}">{escape(part, quote=False)}</span>' if css else escape(part, quote=False))
    return ["".join(parts) for parts in lines]


def _css_class(token_type) -> str:
    while token_type not in STANDARD_TYPES:
        token_type = token_type.parent
    return STANDARD_TYPES[token_type]


@functools.cache
def stylesheet() -> str:
    """Token colours for light pages, and for dark ones under prefers-color-scheme. Only the
    token and background rules: Pygments' line-number rules would restyle every ``pre``."""
    light, dark = HtmlFormatter(style=LIGHT_STYLE), HtmlFormatter(style=DARK_STYLE)
    rules = lambda formatter: "\n".join([*formatter.get_background_style_defs(".highlight"),
                                         *formatter.get_token_style_defs(".highlight")])
    # github-dark's comments (#6e7681) are 4.1:1 on its background; WCAG AA asks 4.5:1 for text.
    dark_rules = re.sub(DARK_COMMENT, DARK_COMMENT_AA, rules(dark), flags=re.IGNORECASE)
    return f"{rules(light)}\n@media (prefers-color-scheme: dark) {{\n{dark_rules}\n}}\n"
