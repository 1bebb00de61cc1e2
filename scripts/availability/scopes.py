"""What an Apple platform guarantees at a place of a Swift file: a scope parse of the source.

- `if #available(SPEC) {…}` and `while #available(SPEC) {…}`: SPEC inside the braces;
  `if #unavailable(SPEC) {…} else {…}`: SPEC inside the else block;
- `guard #available(SPEC) … else {…}`: SPEC from the end of the else block to the end of the
  enclosing scope;
- `@available(iOS 18, macOS 15, *)` (or `@available(iOS, introduced: 18)`) on a declaration:
  the declaration, its body (a type's or extension's members) included. `@backDeployed` grants
  nothing: a back-deployed function's body runs on the versions its `@available` names;
- `#if` clauses: a place whose clauses no Apple platform compiles (`#if os(Linux)`,
  `#if canImport(Glibc)`, `#if !canImport(CryptoKit)`, the `#else` of `#if canImport(Darwin)`,
  ...) is Linux-only. A condition the parse cannot decide (DEBUG, compiler(>=6),
  canImport(StoreKitBackend)) may hold, so the place counts as compiled.

Positions are (line, column), 1-based, the column in UTF-8 bytes as the compiler's index
counts it.
"""

import re

APPLE = ("iOS", "macOS", "visionOS")
# What `canImport` answers on the Apple platforms (True on all, False on all, or per platform);
# a module not named here is undecided.
APPLE_IMPORTS = {
    "Darwin": True, "Foundation": True, "Dispatch": True, "CryptoKit": True, "StoreKit": True,
    "SwiftUI": True, "os": True, "OSLog": True, "Security": True, "Combine": True,
    "Observation": True, "ObjectiveC": True, "CoreFoundation": True, "Synchronization": True,
    "UIKit": {"iOS", "visionOS"}, "AppKit": {"macOS"},
    "Glibc": False, "Musl": False, "Android": False, "Bionic": False, "WinSDK": False,
    "WASILibc": False, "FoundationNetworking": False, "FoundationXML": False,
}
DECL_KEYWORDS = {"func", "init", "deinit", "var", "let", "struct", "class", "enum", "protocol",
                 "extension", "actor", "subscript", "typealias", "case", "macro",
                 "associatedtype", "import"}
MODIFIERS = {"public", "private", "fileprivate", "internal", "package", "open", "static",
             "final", "override", "mutating", "nonmutating", "nonisolated", "convenience",
             "required", "lazy", "weak", "unowned", "dynamic", "indirect", "consuming",
             "borrowing", "distributed", "prefix", "postfix", "infix"}


class Token:
    __slots__ = ("kind", "text", "line", "col")

    def __init__(self, kind, text, line, col):
        self.kind, self.text, self.line, self.col = kind, text, line, col

    @property
    def pos(self):
        return (self.line, self.col)


class Lexer:
    """Tokens of Swift code: words (with a leading # or @), brackets, commas, `nl`; strings,
    comments and the insides of string literals (interpolations lexed as code) skipped;
    `#if`-family lines as `directive` tokens."""

    def __init__(self, src):
        self.src, self.tokens, self.line, self.line_start = src, [], 1, 0

    def col(self, i):
        return len(self.src[self.line_start:i].encode()) + 1

    def add(self, kind, text, i):
        self.tokens.append(Token(kind, text, self.line, self.col(i)))

    def newline(self, i):
        self.line += 1
        self.line_start = i + 1

    def run(self):
        self.code(0, False)
        return self.tokens

    def code(self, i, in_interpolation):
        src, n, depth = self.src, len(self.src), 0
        while i < n:
            c = src[i]
            if c == "\n":
                self.add("nl", "\n", i)
                self.newline(i)
                i += 1
            elif c in " \t\r":
                i += 1
            elif src.startswith("//", i):
                while i < n and src[i] != "\n":
                    i += 1
            elif src.startswith("/*", i):
                nest, i = 1, i + 2
                while i < n and nest:
                    if src.startswith("/*", i):
                        nest, i = nest + 1, i + 2
                    elif src.startswith("*/", i):
                        nest, i = nest - 1, i + 2
                    else:
                        if src[i] == "\n":
                            self.newline(i)
                        i += 1
            elif c == "#" and not src[self.line_start:i].strip() and re.match(
                    r"#(if|elseif|else|endif)\b", src[i:]):
                end = src.find("\n", i)
                end = n if end < 0 else end
                self.add("directive", src[i:end].split("//")[0].strip(), i)
                i = end
            elif c == '"' or (c == "#" and re.match(r'#+"', src[i:])):
                hashes = len(re.match(r"#*", src[i:]).group(0))
                i = self.string(i + hashes, hashes)
            elif c.isalpha() or c == "_" or (c in "#@" and i + 1 < n and (
                    src[i + 1].isalpha() or src[i + 1] == "_")):
                m = re.match(r"[#@]?[A-Za-z_][\w]*", src[i:])
                self.add("word", m.group(0), i)
                i += m.end()
            elif c == "`":
                end = src.find("`", i + 1)
                self.add("word", src[i + 1:end], i)
                i = end + 1
            elif c in "{}[],;":
                self.add(c, c, i)
                i += 1
            elif c == "(":
                depth += 1
                self.add(c, c, i)
                i += 1
            elif c == ")":
                if in_interpolation and depth == 0:
                    return i + 1
                depth -= 1
                self.add(c, c, i)
                i += 1
            else:
                m = re.match(r"\d[\w.]*|[^\w\s\"#@`(){}\[\],;]+|.", src[i:])
                self.add("other", m.group(0), i)
                i += m.end()
        return i

    def string(self, i, hashes):
        src, n = self.src, len(self.src)
        multi = src.startswith('"""', i)
        i += 3 if multi else 1
        close = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if src.startswith(close, i):
                return i + len(close)
            if src.startswith(escape, i):
                j = i + len(escape)
                if j < n and src[j] == "(":
                    i = self.code(j + 1, True)
                    continue
                i = j + 1
                continue
            if src[i] == "\n":
                self.newline(i)
            i += 1
        return i


def spec_of(args):
    """{platform: (major, minor)} of an availability spec (`iOS 18, macOS 15.0, *` or
    `iOS, introduced: 18.0`); None when it names no version."""
    parts = [a.strip() for a in args.split(",")]
    out = {}
    if len(parts) > 1 and re.fullmatch(r"\w+", parts[0]) and any(":" in p for p in parts[1:]):
        for p in parts[1:]:
            m = re.fullmatch(r"introduced\s*:\s*([\d.]+)", p)
            if m:
                out[parts[0]] = version(m.group(1))
        return out or None
    for p in parts:
        m = re.fullmatch(r"(\w+)\s+([\d.]+)", p)
        if m:
            out[m.group(1)] = version(m.group(2))
    return out or None


def version(text):
    parts = [int(p) for p in text.split(".") if p]
    return tuple((parts + [0, 0])[:2])


class Scopes:
    def __init__(self, src):
        self.tokens = Lexer(src).run()
        self.regions = []  # (start, end, spec)
        self.clauses = []  # (first line, last line, {platform: True/False/None})
        self._braces()
        self._availability()
        self._directives()

    def _braces(self):
        self.match, self.enclosing = {}, {}
        stack = []
        for k, t in enumerate(self.tokens):
            self.enclosing[k] = stack[-1] if stack else None
            if t.kind == "{":
                stack.append(k)
            elif t.kind == "}" and stack:
                self.match[stack.pop()] = k
        self.end = self.tokens[-1].pos if self.tokens else (1, 1)

    def _close_paren(self, k):
        depth = 0
        for j in range(k, len(self.tokens)):
            if self.tokens[j].kind == "(":
                depth += 1
            elif self.tokens[j].kind == ")":
                depth -= 1
                if depth == 0:
                    return j
        return len(self.tokens) - 1

    def _args(self, k):
        """The text of the parenthesized arguments that start at token k, and its end."""
        end = self._close_paren(k)
        return " ".join(t.text for t in self.tokens[k + 1:end]).replace(" .", ".").replace(
            ". ", "."), end

    def _next_brace(self, k):
        depth = 0
        for j in range(k, len(self.tokens)):
            t = self.tokens[j]
            if t.kind in "([":
                depth += 1
            elif t.kind in ")]":
                depth -= 1
            elif t.kind == "{" and depth == 0:
                return j
            elif t.kind == "}" and depth == 0:
                return None
        return None

    def _scope_end(self, k):
        opener = self.enclosing.get(k)
        if opener is None:
            return self.end
        return self.tokens[self.match.get(opener, len(self.tokens) - 1)].pos

    def _availability(self):
        toks = self.tokens
        for k, t in enumerate(toks):
            if t.kind != "word" or t.text not in ("#available", "#unavailable", "@available"):
                continue
            if k + 1 >= len(toks) or toks[k + 1].kind != "(":
                continue
            args, close = self._args(k + 1)
            spec = spec_of(args)
            if not spec:
                continue
            if t.text == "@available":
                self._declaration(k, close, spec)
                continue
            statement = self._statement(k)
            if statement is None:
                continue
            body = self._next_brace(close + 1)
            if body is None or body not in self.match:
                continue
            body_end = self.match[body]
            if statement == "guard":
                self.regions.append((toks[body_end].pos, self._scope_end(k), spec))
            elif t.text == "#available":
                self.regions.append((toks[body].pos, toks[body_end].pos, spec))
            elif body_end + 2 < len(toks) and toks[body_end + 1].text == "else" and \
                    toks[body_end + 2].kind == "{":
                other = body_end + 2
                self.regions.append((toks[other].pos, toks[self.match.get(other, other)].pos,
                                     spec))

    def _statement(self, k):
        depth = 0
        for j in range(k - 1, -1, -1):
            t = self.tokens[j]
            if t.kind in ")]":
                depth += 1
            elif t.kind in "([":
                depth -= 1
            elif depth == 0 and t.kind in ("{", "}", ";"):
                return None
            elif depth == 0 and t.kind == "word" and t.text in ("if", "guard", "while"):
                return t.text
        return None

    def _declaration(self, k, close, spec):
        """The region of the declaration an `@available` attribute at token k belongs to."""
        toks, depth, seen_keyword = self.tokens, 0, False
        j = close + 1
        while j < len(toks):
            t = toks[j]
            if t.kind in "([":
                depth += 1
            elif t.kind in ")]":
                depth -= 1
            elif depth == 0 and t.kind == "{":
                self.regions.append((toks[k].pos, toks[self.match.get(j, j)].pos, spec))
                return
            elif depth == 0 and t.kind == "}":
                break
            elif depth == 0 and t.kind == "word" and t.text in DECL_KEYWORDS:
                if seen_keyword and toks[j - 1].kind == "nl":
                    break
                seen_keyword = True
            elif depth == 0 and t.kind == "nl" and seen_keyword and j + 1 < len(toks):
                nxt = toks[j + 1]
                if nxt.kind == "word" and (nxt.text.startswith("@") or nxt.text in MODIFIERS or
                                           nxt.text in DECL_KEYWORDS):
                    break
            j += 1
        self.regions.append((toks[k].pos, toks[min(j, len(toks) - 1)].pos, spec))

    def _directives(self):
        stack = []  # [first line, conditions so far, platforms' results of this clause]
        for t in self.tokens:
            if t.kind != "directive":
                continue
            m = re.match(r"#(if|elseif|else|endif)\b(.*)", t.text)
            word, condition = m.group(1), m.group(2).strip()
            if word == "if":
                results = {p: evaluate(condition, p) for p in APPLE}
                stack.append([t.line, [results], results])
                continue
            if not stack:
                continue
            first, previous, results = stack[-1]
            self.clauses.append((first, t.line, results))
            if word == "endif":
                stack.pop()
                continue
            none_before = {p: all_false([r[p] for r in previous]) for p in APPLE}
            if word == "elseif":
                own = {p: evaluate(condition, p) for p in APPLE}
                results = {p: both(none_before[p], own[p]) for p in APPLE}
                previous = previous + [own]
            else:
                results = none_before
            stack[-1] = [t.line, previous, results]

    def word_at(self, pos):
        """The word token that starts at pos, or None."""
        for t in self.tokens:
            if t.pos == pos and t.kind == "word":
                return t.text
        return None

    def guaranteed(self, pos):
        """{platform: version} the enclosing contexts guarantee at pos."""
        out = {}
        for start, end, spec in self.regions:
            if start <= pos <= end:
                for platform, v in spec.items():
                    out[platform] = max(out.get(platform, (0, 0)), v)
        return out

    def apple_compiles(self, line):
        """False when no Apple platform compiles the line (its #if clauses exclude them all)."""
        for platform in APPLE:
            if all(results[platform] is not False
                   for first, last, results in self.clauses if first < line < last):
                return True
        return False


def all_false(values):
    if all(v is False for v in values):
        return True
    if any(v is True for v in values):
        return False
    return None


def both(a, b):
    if a is False or b is False:
        return False
    if a is True and b is True:
        return True
    return None


def evaluate(condition, platform):
    """A `#if` condition on an Apple platform: True, False or None (undecided)."""
    tokens = re.findall(r"&&|\|\||!|\(|\)|[\w.<>=]+(?:\([^()]*\))?", condition)
    pos = [0]

    def atom():
        if pos[0] >= len(tokens):
            return None
        t = tokens[pos[0]]
        pos[0] += 1
        if t == "!":
            v = atom()
            return None if v is None else not v
        if t == "(":
            v = disjunction()
            pos[0] += 1  # ")"
            return v
        m = re.fullmatch(r"(\w+)\(([^()]*)\)", t)
        if m:
            fn, arg = m.group(1), m.group(2).split(",")[0].strip()
            if fn == "os":
                return arg == platform
            if fn == "canImport":
                known = APPLE_IMPORTS.get(arg)
                return platform in known if isinstance(known, set) else known
            return None
        if t in ("true", "false"):
            return t == "true"
        return None

    def conjunction():
        v = atom()
        while pos[0] < len(tokens) and tokens[pos[0]] == "&&":
            pos[0] += 1
            v = both(v, atom())
        return v

    def disjunction():
        v = conjunction()
        while pos[0] < len(tokens) and tokens[pos[0]] == "||":
            pos[0] += 1
            w = conjunction()
            v = True if (v is True or w is True) else (False if v is False and w is False
                                                          else None)
        return v

    return disjunction()
