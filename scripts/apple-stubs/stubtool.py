"""Reading the Apple stubs of scripts/apple-stubs and Apple's .swiftinterface files.

Used by scripts/check-apple-only: it turns the stubs into one platform's copy (availability
attributes evaluated for iOS, macOS or visionOS) and compares a stub file with the SDK
interface its declarations name (signatures and availability).

Both kinds of file are read with one small parser that knows the layout they share: one
declaration a line, each attribute line (`@available(...)`) above the declaration it belongs to,
nesting by braces.
"""

import re

PLATFORMS = ("iOS", "macOS", "visionOS", "macCatalyst")
# The package's deployment targets (Package.swift `platforms:`; Mac Catalyst takes the iOS one
# when the package declares none, swift-package-manager#5620).
DEPLOYMENT = {"iOS": (17, 0), "macOS": (14, 0), "visionOS": (1, 0), "macCatalyst": (17, 0)}
# visionOS versions for iOS versions, where an SDK attribute names iOS but not visionOS (a
# visionOS declaration is as available as on iOS then: visionOS 1.0 shipped with iOS 17.0).
IOS_TO_VISIONOS = [((18, 0), (2, 0)), ((17, 4), (1, 1)), ((17, 2), (1, 1)), ((17, 0), (1, 0))]

MODULE_PREFIX = re.compile(
    r"\b(?:StoreKit|Swift|Foundation|_Concurrency|SwiftUICore|SwiftUI|UIKit|_StoreKit_SwiftUI|"
    r"CoreGraphics|CoreFoundation|Observation|CoreTransferable|DeveloperToolsSupport|os|CryptoKit)\."
    r"(?=[A-Za-z_])")
MODIFIERS = re.compile(
    r"\b(?:public|open|internal|package|nonisolated|final|dynamic|override|required|"
    r"convenience|indirect)\s+")
DROPPED_ATTRS = re.compile(
    r"@(?:inlinable|_alwaysEmitIntoClient|usableFromInline|_disfavoredOverload|preconcurrency|"
    r"_semantics\([^)]*\)|backDeployed\([^)]*\)|_implements\([^)]*\)|discardableResult|"
    r"_transparent|_optimize\([^)]*\)|_effects\([^)]*\)|inline\([^)]*\))\s*")
DECL = re.compile(
    r"^(?:(?:public|open|internal|package|private|fileprivate|static|class|final|nonisolated|"
    r"mutating|nonmutating|override|indirect|convenience|required|dynamic)\s+)*"
    r"(case|func|init|var|let|struct|enum|class|protocol|actor|extension|typealias|subscript|"
    r"associatedtype|macro)\b[?!]?\s*([^\s(<:{=]*)")
TYPE_KINDS = ("struct", "enum", "class", "protocol", "actor", "extension")


def version(text):
    parts = [int(p) for p in text.split(".")]
    return tuple((parts + [0, 0])[:2])


def vstr(v):
    return f"{v[0]}.{v[1]}"


def split_comment(line):
    """(code, comment) of a line: the comment starts at `//` outside string literals."""
    in_str, k = False, 0
    while k < len(line):
        c = line[k]
        if c == "\\" and in_str:
            k += 2
            continue
        if c == '"':
            in_str = not in_str
        elif not in_str and line.startswith("//", k):
            return line[:k], line[k + 2:].strip()
        k += 1
    return line, ""


def without_strings(code):
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', code)


def strip_attrs(code):
    """(attributes, rest) of a line that starts with attributes."""
    attrs, s = [], code.strip()
    while s.startswith("@"):
        m = re.match(r"@[\w.]+", s)
        end = m.end()
        if end < len(s) and s[end] == "(":
            depth, k, in_str = 0, end, False
            while k < len(s):
                c = s[k]
                if c == "\\" and in_str:
                    k += 2
                    continue
                if c == '"':
                    in_str = not in_str
                elif not in_str and c == "(":
                    depth += 1
                elif not in_str and c == ")":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
            end = k + 1
        attrs.append(s[:end])
        s = s[end:].strip()
    return attrs, s


class Decl:
    def __init__(self, line, kind, name, path, text, attrs, context, accessors, provenance):
        self.line, self.kind, self.name, self.path = line, kind, name, path
        self.text = text  # the declaration without its attribute lines
        self.attrs = attrs  # its own attributes
        self.context = context  # the attributes of the enclosing types and extensions
        self.accessors = accessors  # the text of a property's accessor block
        self.provenance = provenance  # the line's trailing comment
        self.parent_line = None  # the line of the enclosing type or extension


def parse(text):
    """The declarations of a Swift interface or stub file, outside function bodies."""
    lines = text.split("\n")
    stack = []  # (named, path, attrs, line)
    pending = []
    decls = []
    k = 0
    while k < len(lines):
        code, comment = split_comment(lines[k])
        s = code.strip()
        k += 1
        line_no = k
        if not s or s.startswith("#"):
            continue
        if s.startswith("@"):
            attrs, rest = strip_attrs(s)
            if not rest:
                pending += attrs
                continue
        else:
            attrs, rest = [], s
        opens = without_strings(code).count("{") - without_strings(code).count("}")
        inside_body = any(not named for named, _, _, _ in stack)
        m = DECL.match(rest)
        parent = next((p for named, p, _, _ in reversed(stack) if named), "")
        if m and not inside_body:
            kind, name = m.group(1), m.group(2)
            if kind == "extension":
                name = MODULE_PREFIX.sub("", name)
                path = name
            else:
                path = f"{parent}.{name}" if parent else name
            accessors = ""
            if kind in ("var", "let", "subscript") and opens > 0:
                body, depth = [code[code.index("{"):]], opens
                while depth > 0 and k < len(lines):
                    body_code = split_comment(lines[k])[0]
                    depth += without_strings(body_code).count("{") - \
                        without_strings(body_code).count("}")
                    body.append(body_code)
                    k += 1
                accessors = "\n".join(body)
                opens = 0
            elif kind in ("var", "let", "subscript") and "{" in rest:
                accessors = rest[rest.index("{"):]
            decls.append(Decl(line_no, kind, name, path, rest, attrs + pending,
                              [a for _, _, a, _ in stack], accessors, comment))
            decls[-1].parent_line = next((n for named, _, _, n in reversed(stack) if named), None)
            if opens > 0:
                stack.append((kind in TYPE_KINDS, path, attrs + pending, line_no))
                opens -= 1
        elif m is None and rest.startswith("}"):
            pass
        pending = []
        while opens > 0:
            stack.append((False, "", [], None))
            opens -= 1
        while opens < 0 and stack:
            stack.pop()
            opens += 1
    return decls


def available_args(attr):
    m = re.match(r"@available\((.*)\)$", attr, re.S)
    if not m:
        return None
    args, depth, cur, in_str = [], 0, "", False
    for c in m.group(1):
        if c == '"':
            in_str = not in_str
        if c == "," and depth == 0 and not in_str:
            args.append(cur.strip())
            cur = ""
            continue
        depth += (c == "(") - (c == ")") if not in_str else 0
        cur += c
    args.append(cur.strip())
    return args


def effective(chain, platform):
    """(introduced, unavailable, deprecated) of a declaration on `platform`, from the
    attributes of its enclosing contexts and its own (outermost first)."""
    introduced, unavailable, deprecated = (0, 0), False, None
    for attrs in chain:
        for attr in attrs:
            args = available_args(attr)
            if not args:
                continue
            head = args[0].split()
            if head[0] == "*":
                unavailable |= "unavailable" in args
                if "deprecated" in args:
                    deprecated = (0, 0)
            elif len(head) == 1 and len(args) > 1 or args[1:] and ":" in args[1]:
                # Mac Catalyst follows iOS unless an attribute names it (written after iOS's).
                if head[0] != platform and not (platform == "macCatalyst" and head[0] == "iOS"):
                    continue
                for a in args[1:]:
                    key, _, value = a.partition(":")
                    key, value = key.strip(), value.strip()
                    if key == "unavailable":
                        unavailable = True
                    elif key == "introduced":
                        introduced = max(introduced, version(value))
                    elif key == "deprecated":
                        deprecated = version(value) if value else (0, 0)
                    elif key == "obsoleted":
                        unavailable = True
            else:
                listed = {}
                for a in args:
                    parts = a.split()
                    if len(parts) == 2:
                        listed[parts[0]] = version(parts[1])
                if platform in listed:
                    introduced = max(introduced, listed[platform])
                elif platform == "macCatalyst" and "iOS" in listed:
                    introduced = max(introduced, listed["iOS"])
                elif platform == "visionOS" and "iOS" in listed:
                    mapped = next((v for i, v in IOS_TO_VISIONOS if listed["iOS"] >= i), (1, 0))
                    introduced = max(introduced, mapped)
    return introduced, unavailable, deprecated


def seen(chain, platform):
    """What the check compares of a declaration on `platform`: ('unavailable',) or
    (introduced above the deployment target or None, deprecated in which version or None)."""
    introduced, unavailable, deprecated = effective(chain, platform)
    if unavailable:
        return ("unavailable",)
    target = DEPLOYMENT[platform]
    return (vstr(introduced) if introduced > target else None,
            vstr(deprecated) if deprecated is not None else None)


def signature(decl):
    """A declaration's signature, normalized: module prefixes, access and bodies left out."""
    text = DROPPED_ATTRS.sub("", decl.text)
    text = MODULE_PREFIX.sub("", text)
    text = MODIFIERS.sub("", text)
    text = text.replace("@_Concurrency.MainActor", "@MainActor")
    # Cut the body, accessors or initial value (outside parentheses and generics).
    depth, cut = 0, len(text)
    for k, c in enumerate(text):
        if c in "([<":
            depth += 1
        elif c in ")]>" and not text.startswith("->", k - 1):
            depth -= 1
        elif depth == 0 and (c == "{" or (c == "=" and decl.kind in ("var", "let") and
                                          text[k - 1] == " " and text[k + 1] == " ")):
            cut = k
            break
    text = text[:cut]
    text = re.sub(r"^(\s*(?:static\s+)?)let\b", r"\1var", text)
    accessors = decl.accessors
    if decl.kind in ("var", "subscript", "let"):
        effects = re.search(r"\bget\s+((?:async\s*)?(?:throws)?)", accessors)
        text += " {get" + (" " + effects.group(1).strip() if effects and effects.group(1) else "")
        top = [l.strip() for l in accessors.split("\n")]
        if re.search(r"(?:^|[{\s])(?:set|_modify)\b", " ".join(top[:1]) + " " + " ".join(
                l for l in top[1:] if re.match(r"(?:nonmutating\s+)?(?:set|_modify)\b", l))):
            text += " set"
        text += "}"
    return re.sub(r"\s+", "", text)


# `// FILE.swiftinterface:LINE`; a file without a line fails where that file is present in full.
PROVENANCE = re.compile(r"^([\w.]+\.(?:swiftinterface|h))(?::(\d+))?\b")
# `// unmatched: REASON`: modelled on the SDK, but no Swift interface declares it (UIKit's
# Objective-C classes), said with the reason.
UNMATCHED = "unmatched:"
# The characters of each interface in the iOS 18.0 SDK (xybp888/iOS-SDKs@88fdca9): a shorter
# local copy is a partial one (read page by page), compared up to its last line only.
SDK_CHARACTERS = {
    "StoreKit.swiftinterface": 95514,
    "CryptoKit.swiftinterface": 66758,
    "_StoreKit_SwiftUI.swiftinterface": 95101,
    "SwiftUICore.swiftinterface": 982545,
    "SwiftUI.swiftinterface": 1369099,
    "os.swiftinterface": 107885,
    "UIKit.swiftinterface": 218892,
}
# Attributes that change what code may do with a declaration: they must be the SDK's.
SIGNIFICANT = ("@frozen", "@MainActor", "@propertyWrapper", "@resultBuilder",
               "@dynamicMemberLookup")


def significant(attrs):
    names = {re.match(r"@[\w.]+", a).group(0).replace("@_Concurrency.", "@").replace(
        "@_functionBuilder", "@resultBuilder") for a in attrs}
    return sorted(n for n in names if n in SIGNIFICANT)


class Result:
    def __init__(self):
        self.problems = []  # (stub line, message)
        self.compared = 0  # declarations compared with the SDK
        self.unmatched = 0  # `// unmatched: REASON`
        self.beyond = {}  # file -> declarations past the end of a partial copy
        self.partial = {}  # file -> (characters, lines) of a partial copy


def compare(stub_text, interfaces, stub_name):
    """A stub against the interfaces it names (file name -> text; a missing file is skipped, a
    partial one compared up to its last line)."""
    result = Result()
    problems = result.problems
    parsed = {name: {d.line: d for d in parse(text)} for name, text in interfaces.items()}
    for name, text in interfaces.items():
        expected = SDK_CHARACTERS.get(name)
        if expected is not None and len(text) < expected:
            result.partial[name] = (len(text), text.count("\n"))
    stub_decls = parse(stub_text)
    for decl in stub_decls:
        if decl.provenance == "stub-only" or decl.provenance.startswith("stub-only:"):
            continue
        if decl.provenance.startswith(UNMATCHED):
            if not decl.provenance[len(UNMATCHED):].strip():
                problems.append((decl.line, f"{decl.kind} {decl.name}: 'unmatched:' without "
                                 "a reason"))
            result.unmatched += 1
            continue
        m = PROVENANCE.match(decl.provenance)
        if not m:
            problems.append((decl.line, f"{decl.kind} {decl.name}: no provenance comment "
                             "'// FILE.swiftinterface:LINE' (or '// unmatched: REASON')"))
            continue
        file = m.group(1)
        if file not in parsed:
            continue
        partial = result.partial.get(file)
        if m.group(2) is None:
            if partial:
                result.beyond[file] = result.beyond.get(file, 0) + 1
            else:
                problems.append((decl.line, f"{decl.kind} {decl.name}: no line of {file}"))
            continue
        line = int(m.group(2))
        if partial and line > partial[1]:
            result.beyond[file] = result.beyond.get(file, 0) + 1
            continue
        sdk = parsed[file].get(line)
        if sdk is None:
            problems.append((decl.line, f"{decl.kind} {decl.name}: {file}:{line} holds no "
                             "declaration"))
            continue
        result.compared += 1
        if (sdk.kind, sdk.path) != (decl.kind, decl.path) and not (
                {sdk.kind, decl.kind} <= {"var", "let"} and sdk.path == decl.path):
            problems.append((decl.line, f"{decl.kind} {decl.path} is {sdk.kind} {sdk.path} at "
                             f"{file}:{line}"))
            continue
        ours, theirs = signature(decl), signature(sdk)
        if ours != theirs:
            problems.append((decl.line, f"{decl.path}: signature differs from {file}:{line}:\n"
                             f"    stub: {ours}\n    SDK:  {theirs}"))
        a, b = significant(decl.attrs), significant(sdk.attrs)
        if a != b:
            problems.append((decl.line, f"{decl.path}: attributes {' '.join(a) or 'none'}, "
                             f"{file}:{line} has {' '.join(b) or 'none'}"))
        if decl.kind == "enum" and "@frozen" in sdk.attrs:
            # A frozen enum is switched over exhaustively: the stub needs every case.
            def cases(decls, path):
                return {d.name for d in decls if d.kind == "case" and d.path == f"{path}.{d.name}"}
            missing = cases(parsed[file].values(), sdk.path) - cases(stub_decls, decl.path)
            if missing:
                problems.append((decl.line, f"{decl.path} is @frozen in {file}:{line}; the stub "
                                 f"lacks its cases {', '.join(sorted(missing))}"))
        for platform in PLATFORMS:
            a = seen(decl.context + [decl.attrs], platform)
            b = seen(sdk.context + [sdk.attrs], platform)
            if a != b:
                problems.append((decl.line, f"{decl.path}: on {platform} the stub says "
                                 f"{describe(a)}, {file}:{line} says {describe(b)}"))
    return result


def describe(state):
    if state == ("unavailable",):
        return "unavailable"
    introduced, deprecated = state
    words = [f"introduced in {introduced}" if introduced else "available at the target"]
    if deprecated:
        words.append(f"deprecated in {deprecated}")
    return ", ".join(words)


def for_platform(text, platform, domains=None):
    """`text` (a stub, or Apple-only code) with its availability attributes as `platform` at its
    deployment target sees them, line for line:

    - unavailable on `platform` -> `@available(*, unavailable)`;
    - deprecated at or below the deployment target -> `@available(*, deprecated)`;
    - with `domains` (from `collect_domains`): introduced above the target -> one custom
      availability domain per version (`@available(iOS_17_2)`), and `#available` checks above
      the target -> a check of every domain up to that version;
    - any other availability attribute is dropped (Linux ignores platform availability).
    """
    out = []
    for line in text.split("\n"):
        m = re.match(r"^(\s*)(@available\(.*\))\s*$", line)
        if m:
            state = effective([[m.group(2)]], platform)
            args = available_args(m.group(2))
            mentions = re.search(rf"\b{platform}\b", m.group(2)) or args[0] == "*" or (
                platform in ("visionOS", "macCatalyst") and re.search(r"\biOS\b", m.group(2)))
            if not mentions:
                out.append("")
            elif state[1]:
                out.append(m.group(1) + "@available(*, unavailable)")
            elif state[2] is not None and state[2] <= DEPLOYMENT[platform]:
                out.append(m.group(1) + "@available(*, deprecated)")
            elif domains is not None and state[0] > DEPLOYMENT[platform]:
                # Every domain up to the version: a newer declaration may use older ones.
                out.append(m.group(1) + " ".join(
                    f"@available({name})" for name in domains_up_to(platform, state[0], domains)))
            else:
                out.append("")
            continue
        if domains is not None and "#available" in line:
            line = re.sub(r"#available\(([^)]*)\)",
                          lambda a: checks(a.group(1), platform, domains), line)
        out.append(line)
    return "\n".join(out)


def domain(platform, v, domains):
    name = f"{platform}_{v[0]}_{v[1]}"
    domains[name] = (platform, v)
    return name


def collect_domains(texts, platform):
    """The custom availability domains `for_platform` uses for `texts` on `platform`: one per
    version above the deployment target named by an `@available` or `#available`."""
    domains = {}
    for text in texts:
        for m in re.finditer(r"@available\(([^\n]*)\)\s*$|#available\(([^)]*)\)", text, re.M):
            args = m.group(1) if m.group(1) is not None else m.group(2)
            introduced = effective([[f"@available({args})"]], platform)[0]
            if introduced > DEPLOYMENT[platform]:
                domain(platform, introduced, domains)
    return domains


def checks(args, platform, domains):
    """The domain checks that stand for `#available(args)` on `platform`."""
    state = effective([[f"@available({args})"]], platform)
    if state[0] <= DEPLOYMENT[platform]:
        return f"#available({args})"
    return ", ".join(f"#available({name})"
                     for name in domains_up_to(platform, state[0], domains))


def domains_up_to(platform, v, domains):
    return [name for name, (p, w) in sorted(domains.items(), key=lambda d: d[1][1])
            if p == platform and w <= v]


def labels(decl):
    """The name and argument labels of a declaration, as a key to find it by."""
    sig = signature(decl)
    m = re.search(r"\(", sig)
    if not m or decl.kind not in ("func", "init", "subscript"):
        return sig.split(":")[0] if decl.kind in ("var", "let") else sig
    depth, cur, out = 0, "", []
    for c in sig[m.start():]:
        if c in "(<[":
            depth += 1
            if depth == 1:
                continue
        elif c in ")>]":
            depth -= 1
            if depth == 0:
                out.append(cur)
                break
        if depth == 1 and c == ",":
            out.append(cur)
            cur = ""
            continue
        cur += c
    names = [re.split(r":", p, 1)[0].lstrip("@") for p in out if ":" in p]
    return sig[:m.start()] + "(" + ",".join(names) + ")"


def locate(stub_text, file, interface_text):
    """For each stub declaration whose provenance names `file` without a line (or with one):
    (stub line, SDK line or None, how). The SDK declaration of the same kind and path with the
    same normalized signature, else the only one with the same labels; an extension takes the
    extension enclosing its first located member."""
    sdk = parse(interface_text)
    by_path = {}
    for d in sdk:
        by_path.setdefault((d.kind, d.path), []).append(d)
    found, out = {}, []
    stub_decls = parse(stub_text)
    sdk_at = {d.line: d for d in sdk}
    stub_at = {d.line: d for d in stub_decls}
    for decl in stub_decls:
        m = PROVENANCE.match(decl.provenance)
        if not m or m.group(1) != file or decl.kind == "extension":
            continue
        cands = by_path.get((decl.kind, decl.path), [])
        if decl.kind in ("var", "let"):
            cands = cands + by_path.get(("let" if decl.kind == "var" else "var", decl.path), [])
        exact = [d for d in cands if signature(d) == signature(decl)]
        same = [d for d in cands if labels(d) == labels(decl)]
        if len(exact) > 1 or (not exact and len(same) > 1):
            # The same member in several extensions: the one whose extension reads as ours.
            ours = stub_at.get(decl.parent_line)
            pick = [d for d in (exact or same) if ours is not None and sdk_at.get(d.parent_line)
                    is not None and signature(sdk_at[d.parent_line]) == signature(ours)]
            if len(pick) == 1:
                exact, same = pick, pick
        if len(exact) == 1:
            hit, how = exact[0], "exact"
        elif not exact and decl.kind in TYPE_KINDS and len(cands) == 1:
            hit, how = cands[0], "the only type of that name"
        elif len(same) == 1:
            hit, how = same[0], "labels"
        elif len(exact) > 1 or len(same) > 1:
            hit, how = None, f"{len(exact) or len(same)} candidates: " + ", ".join(
                str(d.line) for d in (exact or same))
        else:
            hit, how = None, "not found" + (f" ({len(cands)} of that name)" if cands else "")
        found[decl.line] = hit
        out.append((decl.line, hit.line if hit else None, how))
    for decl in stub_decls:
        m = PROVENANCE.match(decl.provenance)
        if not m or m.group(1) != file or decl.kind not in TYPE_KINDS:
            continue
        if decl.kind != "extension":
            continue
        exact = [d for d in by_path.get(("extension", decl.path), [])
                 if signature(d) == signature(decl)]
        if len(exact) == 1 and (":" in signature(decl) or "where" in signature(decl)):
            out.append((decl.line, exact[0].line, "exact"))
            continue
        members = [d for d in stub_decls if d.line > decl.line and found.get(d.line)
                   and d.path.startswith(decl.path + ".")]
        first = next((found[d.line] for d in members), None)
        out.append((decl.line, first.parent_line if first else None,
                    "extension of its first member" if first else "no member located"))
    return sorted(out)


def write_lines(stub_text, file, located):
    """`stub_text` with `// FILE` provenance comments given the located lines."""
    lines = stub_text.split("\n")
    for stub_line, sdk_line, _ in located:
        if sdk_line is None:
            continue
        k = stub_line - 1
        lines[k] = re.sub(rf"// {re.escape(file)}(?::\d+)?\b", f"// {file}:{sdk_line}", lines[k],
                          count=1)
    return "\n".join(lines)


if __name__ == "__main__":
    import sys
    # stubtool.py locate STUB INTERFACE [--write]: the lines of INTERFACE the stub's
    # declarations that name it come from (README.md, "Updating for a newer SDK").
    if len(sys.argv) >= 4 and sys.argv[1] == "locate":
        stub, interface = sys.argv[2], sys.argv[3]
        name = interface.rsplit("/", 1)[-1]
        text = open(stub, encoding="utf-8").read()
        located = locate(text, name, open(interface, encoding="utf-8").read())
        for stub_line, sdk_line, how in located:
            print(f"{stub}:{stub_line}: {name}:{sdk_line if sdk_line else '?'} ({how})")
        if "--write" in sys.argv[4:]:
            open(stub, "w", encoding="utf-8").write(write_lines(text, name, located))
        sys.exit(0)
    print("usage: stubtool.py locate STUB INTERFACE [--write]", file=sys.stderr)
    sys.exit(2)
