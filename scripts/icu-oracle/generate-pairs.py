#!/usr/bin/env python3
"""Generates MATCHES pattern/subject pairs, asks ICU (icu-oracle match) for each answer, and writes the pairs
with ICU's answers as JSON Lines: the data of PredicateLangTests' ICU agreement test.

Usage: generate-pairs.py ORACLE OUTPUT.jsonl [--seed N]

The first line describes the data ({"columns": [...], "icu": ..., ...}); every other line is one pair
[family, pattern, subject, options, expected]: `options` are the NSPredicate option letters ("", "c", "d",
"cd", "n"), `expected` is true, false or "error" (ICU refuses the pattern).
ICU is asked as NSPredicate asks it: UREGEX_DOTALL | UREGEX_MULTILINE, plus UREGEX_CASE_INSENSITIVE for [c].
NSPredicate's own preprocessing is applied to what ICU sees (the stored pattern and subject are the
originals, which the Swift side prepares itself):
  - without [n], pattern and subject are NFC-composed (NSPredicate uses NFKC; the pairs avoid the difference);
  - [c] and [d] fold fullwidth ASCII to ASCII; [d] also removes nonspacing marks (NFD, drop Mn, NFC).
Pairs on which ICU itself fails while matching (its time limit or stack limit) are left out and counted.
"""
import argparse
import json
import random
import subprocess
import sys
import unicodedata

# ---------------------------------------------------------------------------------------------- alphabets

ASCII_LETTERS = "abcxyzABCXYZ"
DIGITS = "0123456789"
NON_ASCII = [
    "é", "É", "ß", "ẞ", "Σ", "σ", "ς", "\u212a", "k", "K", "ſ", "s", "S", "İ", "ı", "i", "I", "ﬁ", "α", "ω", "Ω",
    "日", "本", "한", "ㄱ", "😀", "👍", "\U0001F3FD", "\u200d", "🇺", "🇸", "\u0301", "\u200b", "\u00ad", "١", "٣",
    "क", "्", "ष", "א", "д", "Д", "ё", "Ａ", "ｂ", "\u0085", "\u2028", "\u2029", "\t", "\u000b", "\u000c", "\u00a0",
    "\u3000", "ǅ", "ǆ", "Ǆ", "θ", "ϑ", "ŉ", "ǰ", "ΐ", "ᾳ", "\U00010400", "\U00010428", "Ꭰ", "ꭰ", "µ", "μ",
]
WHITE = [" ", "\t", "\n", "\r", "\r\n", "\u00a0", "\u2028", "\u0085", "\u000b", "\u000c"]
PUNCT = list(".,-_!?:;'\"()[]{}*+$^|\\/&#@%=<>~`")


def pick(rng, items):
    return items[rng.randrange(len(items))]


def random_text(rng, alphabet, low=0, high=8):
    return "".join(pick(rng, alphabet) for _ in range(rng.randint(low, high)))


# ---------------------------------------------------------------------------------------------- nodes
# Each node renders its pattern text and samples a string it (probably) matches; ICU decides the truth.


class Node:
    def sample(self, rng, captures):
        return ""


class Lit(Node):
    SPECIAL = set("\\^$.|?*+()[]{}")

    def __init__(self, text, pattern=None):
        self.text = text
        self.pattern = pattern if pattern is not None else "".join("\\" + c if c in Lit.SPECIAL else c for c in text)

    def sample(self, rng, captures):
        return self.text


class Raw(Node):
    """Pattern text with example matches (and sometimes a non-match, for contrast)."""

    def __init__(self, pattern, samples):
        self.pattern = pattern
        self.samples = samples

    def sample(self, rng, captures):
        return pick(rng, self.samples) if self.samples else ""


class Seq(Node):
    def __init__(self, items):
        self.items = items
        self.pattern = "".join(item.pattern for item in items)

    def sample(self, rng, captures):
        return "".join(item.sample(rng, captures) for item in self.items)


class Alt(Node):
    def __init__(self, items):
        self.items = items
        self.pattern = "|".join(item.pattern for item in items)

    def sample(self, rng, captures):
        return pick(rng, self.items).sample(rng, captures)


class Group(Node):
    def __init__(self, body, kind="(?:", index=None, name=None):
        self.body = body
        self.index = index
        self.name = name
        self.pattern = kind + body.pattern + ")"

    def sample(self, rng, captures):
        text = self.body.sample(rng, captures)
        if self.index is not None:
            captures[self.index] = text
        return text


class Rep(Node):
    def __init__(self, body, low, high, suffix="", form=None):
        self.body = body
        self.low = low
        self.high = high
        if form is None:
            if (low, high) == (0, None):
                form = "*"
            elif (low, high) == (1, None):
                form = "+"
            elif (low, high) == (0, 1):
                form = "?"
            elif high is None:
                form = "{%d,}" % low
            elif low == high:
                form = "{%d}" % low
            else:
                form = "{%d,%d}" % (low, high)
        self.pattern = body.pattern + form + suffix

    def sample(self, rng, captures):
        high = self.high if self.high is not None else self.low + 3
        return "".join(self.body.sample(rng, captures) for _ in range(rng.randint(self.low, max(self.low, high))))


class Backref(Node):
    def __init__(self, index, pattern=None):
        self.index = index
        self.pattern = pattern or "\\%d" % index

    def sample(self, rng, captures):
        return captures.get(self.index, "")


# ---------------------------------------------------------------------------------------------- atoms

def atom_literal(rng):
    choice = rng.random()
    if choice < 0.5:
        return Lit(pick(rng, "abcab"))
    if choice < 0.7:
        return Lit(pick(rng, NON_ASCII[:20]))
    return Lit(pick(rng, PUNCT))


SETS = [
    ("[abc]", "abc"), ("[^abc]", "xyZ1é"), ("[a-z]", "amz"), ("[A-Z]", "AMZ"), ("[a-zA-Z]", "aZ"),
    ("[\\d_]", "0_9"), ("[\\w-]", "a-_é"), ("[^\\s]", "ab"), ("[a-z&&[^aeiou]]", "bcz"), ("[a-z--[aeiou]]", "bcz"),
    ("[\\p{L}--[a]]", "bé日"), ("[[a-c][x-z]]", "bx"), ("[[abcd]&[ac]]", "ac"), ("[[abcd]-[ac]]", "bd"),
    ("[a-z&[b-y]]", "by"), ("[\\p{Lu}&&\\p{Greek}]", "ΣΩ"), ("[\\p{Greek}\\p{Cyrillic}]", "αд"), ("[[:alpha:]]", "aé"),
    ("[[:^alpha:]]", "1 "), ("[[:punct:]]", "!,"), ("[[:digit:][:space:]]", "1 "), ("[\\x{41}-\\x{43}]", "ABC"),
    ("[\\u00e0-\\u00ff]", "éÿ"), ("[\\N{LATIN SMALL LETTER A}-c]", "abc"), ("[-a]", "-a"), ("[a-]", "-a"),
    ("[]a]", "]a"), ("[^]a]", "b"), ("[a\\]]", "]a"), ("[\\^a]", "^a"), ("[a&b]", "&ab"), ("[\\p{Nd}]", "5١"),
    ("[\\P{L}]", "1!"), ("[^\\p{L}\\p{N}]", " !"), ("[\\w&&[^\\d]]", "a_"), ("[.]", "."), ("[\\Q]-\\E]", "]-"),
    ("[a-c&&b-d]", "bc"), ("[a-e--b--d]", "ace"), ("[\\s\\S]", "a\n"), ("[^\\n]", "a\r"), ("[\\h]", " \t"),
    ("[\\v]", "\n\u2028"), ("[\\p{Han}\\p{Hangul}]", "日한"), ("[\\p{Sc}]", "$€"), ("[\\p{sc=Latn}&&\\p{Ll}]", "aé"),
]
SET_ERRORS = ["[abc", "[--a]", "[a--]", "[&&a]", "[a&&]", "[z-a]", "[a-\\d]", "[]", "[^]", "[\\p{Foo}]", "[a-[b]"]

PROPERTIES = [
    ("\\p{L}", "aé日"), ("\\p{Lu}", "AÉΣ"), ("\\p{Ll}", "aéσ"), ("\\p{Letter}", "a"), ("\\p{gc=Nd}", "5١"),
    ("\\p{General_Category=Punctuation}", "!"), ("\\p{N}", "5½"), ("\\p{Nd}", "7"), ("\\p{P}", ".!"),
    ("\\p{S}", "$+"), ("\\p{Z}", " \u00a0"), ("\\p{Zs}", " "), ("\\p{Cc}", "\n"), ("\\p{Cf}", "\u200b\u00ad"),
    ("\\p{M}", "\u0301"), ("\\p{Mn}", "\u0301"), ("\\p{LC}", "aA"), ("\\p{Greek}", "αΩ"), ("\\p{Latin}", "aé"),
    ("\\p{Cyrillic}", "дД"), ("\\p{Han}", "日本"), ("\\p{Hangul}", "한ㄱ"), ("\\p{Hebrew}", "א"), ("\\p{Arabic}", "١"),
    ("\\p{Devanagari}", "क्ष"), ("\\p{Common}", " 1!"), ("\\p{Inherited}", "\u0301"), ("\\p{Script=Latin}", "a"),
    ("\\p{sc=Grek}", "α"), ("\\p{scx=Hira}", "ー"), ("\\p{scx=Arab}", "١"), ("\\p{sc=Zyyy}", "1"), ("\\p{InGreek}", "α"),
    ("\\p{InBasicLatin}", "a"), ("\\p{In Basic Latin}", "a"), ("\\p{Block=Cyrillic}", "д"), ("\\p{blk=ASCII}", "a"),
    ("\\p{Alphabetic}", "aé"), ("\\p{Alpha}", "a"), ("\\p{White_Space}", " \n"), ("\\p{space}", " "),
    ("\\p{Uppercase}", "AΣ"), ("\\p{Lowercase}", "aσ"), ("\\p{Emoji}", "😀"), ("\\p{Emoji_Presentation}", "😀"),
    ("\\p{Extended_Pictographic}", "😀"), ("\\p{Dash}", "-"), ("\\p{Hex_Digit}", "aF9"), ("\\p{ASCII_Hex_Digit}", "a"),
    ("\\p{Math}", "+"), ("\\p{Ideographic}", "日"), ("\\p{Diacritic}", "^"), ("\\p{Alphabetic=No}", "1"),
    ("\\p{White_Space=Yes}", " "), ("\\p{Any}", "a"), ("\\p{ASCII}", "a"), ("\\p{Assigned}", "a"),
    ("\\p{IsLatin}", "a"), ("\\p{IsL}", "a"), ("\\p{IsAssigned}", "a"), ("\\p{javaLowerCase}", "a"),
    ("\\p{javaUpperCase}", "A"), ("\\p{javaDigit}", "1"), ("\\p{javaWhitespace}", " "), ("\\p{word}", "a_"),
    ("\\p{all}", "a"), ("\\p{Age=3.0}", "a"), ("\\p{Age=6.0}", "😀"), ("\\p{nt=De}", "5"), ("\\p{nv=5}", "5"),
    ("\\p{ccc=230}", "\u0301"), ("\\p{ccc=Above}", "\u0301"), ("\\p{hst=LV}", "가"), ("\\p{gcb=LV}", "가"),
    ("\\p{GCB=Extend}", "\u0301"), ("\\p{wb=ALetter}", "a"), ("\\p{name=LATIN SMALL LETTER A}", "a"),
    ("\\p{Regional_Indicator}", "🇺"), ("\\p{Emoji_Component}", "#"), ("\\p{Changes_When_Lowercased}", "A"),
    ("\\p{Cased}", "a"), ("\\p{Case_Ignorable}", "'"), ("\\p{ID_Start}", "a"), ("\\p{XID_Continue}", "1"),
    ("\\p{Pattern_Syntax}", "!"), ("\\p{Noncharacter_Code_Point}", ""), ("\\p{Grapheme_Extend}", "\u0301"),
    ("\\p{alnum}", "a1"), ("\\p{blank}", " \t"), ("\\p{graph}", "a!"), ("\\p{print}", "a "), ("\\p{xdigit}", "aF1"),
    ("\\P{L}", "1 "), ("\\P{Greek}", "a"), ("\\p{ L }", "a"), ("\\p{greek}", "α"), ("\\p{GREEK}", "α"),
    ("\\p{Upper_Case}", "A"), ("\\p{upper-case}", "A"),
]
PROPERTY_ERRORS = ["\\pL", "\\p{^L}", "\\p{Foo}", "\\p{L", "\\p{InFoo}", "\\p{IsFoo}", "\\p{L&}", "\\p{gc=Foo}",
                   "\\p{sc=Foo}", "\\p{Lu=Yes}", "\\p{gc≠L}", "\\p{javaFoo}", "\\p{Alphabetic=Maybe}"]

ESCAPES = [
    ("\\d", "5١"), ("\\D", "a"), ("\\w", "a_é1"), ("\\W", " !"), ("\\s", " \n\u2028"), ("\\S", "a"), ("\\h", " \t\u00a0"),
    ("\\H", "a"), ("\\v", "\n\u000b\u0085"), ("\\V", "a"), ("\\x41", "A"), ("\\x{1F600}", "😀"), ("\\u00e9", "é"),
    ("\\U0001F600", "😀"), ("\\0101", "A"), ("\\cA", "\u0001"), ("\\ca", "\u0001"), ("\\e", "\u001b"), ("\\a", "\u0007"),
    ("\\f", "\u000c"), ("\\t", "\t"), ("\\n", "\n"), ("\\r", "\r"), ("\\.", "."), ("\\*", "*"), ("\\\\", "\\"),
    ("\\j", "j"), ("\\E", "E"), ("\\y", "y"), ("\\Qa.b\\E", "a.b"), ("\\N{LATIN SMALL LETTER A}", "a"),
    ("\\N{GREEK CAPITAL LETTER SIGMA}", "Σ"), ("\\N{grinning face}", "😀"), ("\\N{CJK UNIFIED IDEOGRAPH-65E5}", "日"),
    ("\\N{HANGUL SYLLABLE HAN}", "한"), ("\\uD83D\\uDE00", "😀"), ("\\x{D83D}\\x{DE00}", "😀"),
]
ESCAPE_ERRORS = ["\\x{110000}", "\\x{}", "\\x", "\\u12", "\\0", "\\08", "\\N{NOT A NAME}", "\\N{LATIN SMALL LETTER A",
                 "\\x{00000041}", "a\\", "\\k<x>", "\\k<1>", "\\2(a)"]

SYNTAX_ERRORS = ["^*", "$+", "^?a", "a$*", "(?m)^{2}a", "(ab", "ab)", "*a", "a**", "a{2}{3}", "a{3,1}", "a{x}", "a{,3}", "(?<a_1>x)", "(?<a>x)(?<a>y)",
                 "(?z)a", "(?)a", "(?(1)a|b)", "(?{x})", "a|*", "^*", "(?=a)*", "(?<=a+)b", "(?<=a*)b", "(?<!a{1,})b",
                 "(?<=\\1)(a)", "(?<=\\X)a", "(?<=a??)b", "{1}", "a}", "(?#comment"]


def atom(rng, families):
    family = pick(rng, families)
    if family == "literal":
        return atom_literal(rng)
    if family == "set":
        text, samples = pick(rng, SETS)
        return Raw(text, list(samples))
    if family == "property":
        text, samples = pick(rng, PROPERTIES)
        return Raw(text, list(samples) or [""])
    if family == "escape":
        text, samples = pick(rng, ESCAPES)
        return Raw(text, [samples] if len(samples) > 1 and text.startswith("\\Q") else list(samples))
    if family == "dot":
        return Raw(".", ["a", "é", "\n", "\r\n", "😀"])
    if family == "linebreak":
        return Raw("\\R", ["\n", "\r\n", "\r", "\u2028", "\u0085"])
    if family == "grapheme":
        return Raw("\\X", ["a", "e\u0301", "\r\n", "👍\U0001F3FD", "🇺🇸", "क्ष", "한", "\u1100\u1161\u11a8"])
    return atom_literal(rng)


def quantified(rng, node, modes=("", "", "?", "+")):
    form = pick(rng, ["*", "+", "?", "{2}", "{1,2}", "{0,3}", "{2,}", "{0}", "{1,11}", ""])
    if form == "":
        return node
    suffix = pick(rng, modes)
    low, high = {"*": (0, None), "+": (1, None), "?": (0, 1), "{2}": (2, 2), "{1,2}": (1, 2), "{0,3}": (0, 3),
                 "{2,}": (2, None), "{0}": (0, 0), "{1,11}": (1, 11)}[form]
    return Rep(node, low, high, suffix, form)


def expression(rng, families, depth, state, modes=("", "", "?", "+")):
    items = []
    for _ in range(rng.randint(1, 3)):
        if depth > 0 and rng.random() < 0.35:
            inner = expression(rng, families, depth - 1, state, modes)
            kind = pick(rng, ["(", "(", "(?:", "(?>", "(?<n%d>" % (state["groups"] + 1)])
            if kind == "(?>" and "atomic" not in state["allow"]:
                kind = "(?:"
            if kind.startswith("(?<n"):
                state["groups"] += 1
                state["names"].append(("n%d" % state["groups"], state["groups"]))
                node = Group(inner, kind, index=state["groups"])
            elif kind == "(":
                state["groups"] += 1
                node = Group(inner, kind, index=state["groups"])
            else:
                node = Group(inner, kind)
            if rng.random() < 0.3:
                node = Group(Alt([node, expression(rng, families, 0, state, modes)]), "(?:")
        else:
            node = atom(rng, families)
        node = quantified(rng, node, modes) if rng.random() < 0.5 else node
        items.append(node)
        if "backref" in state["allow"] and state["groups"] and rng.random() < 0.3:
            index = rng.randint(1, state["groups"])
            named = [name for name, number in state["names"] if number == index]
            items.append(Backref(index, "\\k<%s>" % named[0] if named and rng.random() < 0.5 else None))
    return Seq(items)


# ---------------------------------------------------------------------------------------------- subjects

def mutations(rng, text, alphabet):
    results = []
    if text:
        index = rng.randrange(len(text))
        results.append(text[:index] + text[index + 1:])
        results.append(text[:index] + pick(rng, alphabet) + text[index + 1:])
        results.append(text.swapcase())
    results.append(text + pick(rng, alphabet))
    results.append(pick(rng, alphabet) + text)
    return results


def subjects_for(rng, node, alphabet, count=4):
    found = []
    for _ in range(2):
        found.append(node.sample(rng, {}))
    for text in list(found):
        found.extend(rng.sample(mutations(rng, text, alphabet), 2))
    found.append(random_text(rng, alphabet, 0, 6))
    unique = []
    for text in found:
        if text not in unique and len(text) <= 40:
            unique.append(text)
    return unique[:count + 1]


# ---------------------------------------------------------------------------------------------- families

def add(pairs, family, pattern, subject, options=""):
    pairs.append({"family": family, "pattern": pattern, "subject": subject, "options": options})


def structured(pairs, rng, family, count, families, allow, options_choice=("",), modes=("", "", "?", "+"),
               alphabet=None):
    alphabet = alphabet or list(ASCII_LETTERS + DIGITS + " ") + NON_ASCII[:12] + ["\n", "\r\n"]
    for _ in range(count):
        state = {"groups": 0, "names": [], "allow": allow}
        node = expression(rng, families, 2, state, modes)
        options = pick(rng, options_choice)
        for subject in subjects_for(rng, node, alphabet):
            add(pairs, family, node.pattern, subject, options)


def table_family(pairs, rng, family, entries, errors, per_entry=3, alphabet=None):
    alphabet = alphabet or list(ASCII_LETTERS + DIGITS) + NON_ASCII + PUNCT[:8]
    for text, samples in entries:
        node = Raw(text, list(samples) or [""])
        wrappers = [node, Rep(node, 1, None), Seq([Lit("a"), node]), Rep(node, 2, 2)]
        for wrapper in rng.sample(wrappers, 2):
            for subject in subjects_for(rng, wrapper, alphabet, per_entry):
                add(pairs, family, wrapper.pattern, subject)
        for options in ("c",):
            for subject in subjects_for(rng, node, alphabet, 2):
                add(pairs, family, node.pattern, subject, options)
    for text in errors:
        add(pairs, family, text, "a")


def anchors(pairs, rng):
    patterns = ["^a$", "^a$\\n^b$", "a$", "a\\Z", "a\\z", "\\Aa", "a$\\r\\n", "a\\Z\\r\\n", "^$", "$", "^", "a^b",
                "(?-m)^a$", "(?-m)a$\\n", "(?-m)a$.*", "(?d)a$\\n", "(?d)^a$", "(?-m)(?d)a$\\n", "(?md)a$\\r\\n",
                "(?md)a\\n^b", "(?m)a\\r^\\nb", "a\\r$\\n", "a.$", "\\Ga", "a\\G", ".*\\b.*", "\\ba\\b", "a\\Bb",
                "\\b", "\\B", "a\\b\\u0301", "\\ba\\u0301\\b", "\\b\\u200b", "a\\u200b\\bb", "(?w)\\bab\\b",
                "(?w)a\\b.\\bb", "(?w)\\b3\\.5\\b", "(?w)\\bcan't\\b", "(?w)a\\Bb", "(?w).*\\b.*", "(?-s)a.b",
                "(?-s).*", "(?s).", "(?-s)(?d).", "..", ".", "a.b", "(?-s)a\\Rb", "\\R", "\\R\\R", "\\R\\n",
                "a\\Rb", "\\X", "\\X\\X", "\\X+", "(?:\\X)*", ".\\X", "\\X.", "[\\s\\S]\\X"]
    subjects = ["a", "b", "ab", "a\nb", "a\rb", "a\r\nb", "a\n", "a\r\n", "a\r", "\n", "\r\n", "", "a\u2028b",
                "a\u0085", "a\u0301", "a\u0301b", "a\u200bb", "ab ab", "can't", "3.5", "a-b", "e\u0301", "👍\U0001F3FD",
                "🇺🇸🇫🇷", "🇺🇸🇫", "क्ष", "\u1100\u1161\u11a8", "a\r\n\r\n", "\r", "a\u000bb", "x\u2029"]
    for pattern in patterns:
        for subject in subjects:
            add(pairs, "anchors", pattern, subject)


def lookarounds(pairs, rng):
    patterns = ["a(?=b)b", "a(?!b).", "(?<=a)b", ".(?<=a)b", ".(?<!a)b", "(?=.*\\d)(?=.*[a-z]).{3,}", "a(?=b(?<=ab))b",
                "(?<=ab|c)d", ".*(?<=a{2})", "(?<=a{1,3})b", "(?=(a+))a*\\1", "(?=(a))\\1", "(?!(a))b\\1?",
                "(?<=(a))\\1", "a\\r(?<=a.)\\n", "a\\r(?<=a\\R)\\n", "a\\r\\n(?<=a.)", "(?<=\\b)a", "(?<=^)a",
                "a(?<=a$)", "(?<=\\w)\\b", "(?=a)*", "a(?=)", "(?<!)a", "(?<=x?)a", "a(?<=[^b])", "(?<=\\p{L})1",
                "(?i)(?<=A)b", "(?<=é)x", "(?<=😀)x", "(?<=ß)x", "(?i)(?<=ss)x", ".(?<=(?=a)a)b", "(?<=(?<=a)b)c",
                "a(?=b(?=c))bc", "(?=a(?!b))ac", "(?<!(?<=a)b)c", "(?>a(?=b))b"]
    subjects = ["ab", "ac", "b", "xb", "aab", "aaab", "a", "abc", "Passw0rd", "a1b", "aa", "aaa", "a\r\n", "cd", "abd",
                "ßx", "ssx", "SSx", "😀x", "éx", "a1", "Ab", "ac\n", "bc", "ac"]
    for pattern in patterns:
        for subject in subjects:
            add(pairs, "lookaround", pattern, subject)
    for text in ["(?<=a+)b", "(?<!a*)b", "(?<=(a|bc)+)d", "(?<=\\X)a", "(?<=\\1)(a)", "(?<=a??)b", "(?<=a*?)b"]:
        add(pairs, "lookaround", text, "ab")


def backreferences(pairs, rng):
    patterns = ["(a)\\1", "(ab)\\1", "(a|b)\\1", "(a*)\\1", "(a*)b\\1", "(a+)+\\1", "(\\w+) \\1", "(a)(b)\\2\\1",
                "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", "(a)\\10", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)\\11",
                "\\1(a)", "(a\\1?)+", "(a|\\1b)+", "(?:(a)|b)\\1", "(?<x>a)\\k<x>", "(?<x>a)(?<y>b)\\k<y>\\k<x>",
                "(?i)(a)\\1", "(?i)(ß)\\1", "(?i)(ss)\\1", "(?i)(Σ)\\1", "(?i)(k)\\1", "(a)(?i)\\1",
                "((a)|b)\\2", "(a)?b\\1", "(a){2}\\1", "(a|ab)(c|bcd)(d*)\\3", "(.)(.)\\2\\1", "(.+)\\1",
                "(a)(?:x|\\1)+", "(?>(a+))\\1", "(a+)(?=\\1)", "(\\d)\\1{2}"]
    subjects = ["aa", "abab", "a", "ab", "bb", "aabaa", "aaaa", "aaaaaaa", "hello hello", "hello world", "abba",
                "abcdefghijj", "abcdefghija0", "aaa", "ßß", "ßss", "ssß", "SSss", "Σσ", "σς", "kK", "k\u212a", "aA",
                "abbbc", "bc", "abb", "abcd", "abcdd", "xyyx", "xyyz", "abab", "ax", "axaa", "aaaa", "111", "1111",
                "abcdefghijkk", "abcdefghijka"]
    for pattern in patterns:
        for subject in subjects:
            add(pairs, "backreference", pattern, subject)
            if rng.random() < 0.15:
                add(pairs, "backreference", pattern, subject, "c")


def atomic_possessive(pairs, rng):
    patterns = ["a++a", "a*+a", "a?+a", "(?>a+)a", "(?>a|aa)b", "(?>a|aa)a", "(?>aa|a)a", "a{1,3}+a", "a{2,}+a",
                "(?>a*)*", "(ab)*+ab", "(ab)++", "(?>(a|b)*)b", "[ab]*+b", ".*+x", "x*+", "(?:a|b)?+b",
                "(?>a)+", "(?>)a", "(?>(?>a)b)+", "a++b", "(a+)?+a", "(ABC){2,3}+ABC", "c?+cddd", "(?>\\d+)\\w",
                "(?>.*)\\d", "(?>a+?)a", "(?>a*?)a", "(?>a??)a", "a*?+", "(?>\\s*)x"]
    subjects = ["a", "aa", "aaa", "ab", "aab", "aaab", "abab", "ababab", "b", "bb", "x", "xx", "", "abb", "ABCABCABC",
                "ABCABCABCABC", "cddd", "ccddd", "123a", "1234", "  x", "x", "axb"]
    for pattern in patterns:
        for subject in subjects:
            add(pairs, "atomic-possessive", pattern, subject)


def case_insensitive(pairs, rng):
    patterns = ["abc", "ß", "ss", "aßx", "STRASSE", "ﬁ", "fi", "σ", "Σ", "ς", "k", "K", "\\x{212A}", "ſ", "s",
                "i", "I", "İ", "ı", "ǅ", "ǆ", "Ǆ", "θ", "ϑ", "ŉ", "ʼn", "ǰ", "ΐ", "ᾳ", "\\U00010400", "Ꭰ", "ꭰ", "µ",
                "μ", "[a-z]+", "[^a-z]+", "[k]", "[^k]", "[ß]", "[ss]", "[σ]", "[\\p{Lu}]+", "\\p{Lu}", "\\P{Lu}",
                "[[:upper:]]", "\\w+", "[\\w&&[^a]]", "[a-z&&[^k]]", "(?-i)a", "(?-i:a)b", "a(?-i)b", "s+", "s{2}",
                "ß+", "(?:ss)+", "[ǅ]", "\\p{Ll}", "[\\p{Ll}--[a]]", "[^\\p{Ll}]", "\\N{LATIN SMALL LETTER SHARP S}",
                "ﬀ", "ff", "st", "ﬆ", "ﬅ", "\\x{FB05}", "(?i:a)B", "Ａ", "ａ"]
    subjects = ["ABC", "abc", "aBc", "ß", "ss", "SS", "sS", "ẞ", "aSSx", "assx", "aßx", "strasse", "STRAßE", "ﬁ", "fi",
                "FI", "σ", "Σ", "ς", "k", "K", "\u212a", "ſ", "s", "S", "i", "I", "İ", "ı", "i\u0307", "ǅ", "ǆ", "Ǆ",
                "θ", "ϑ", "ϴ", "Θ", "ŉ", "ʼn", "ʼN", "ǰ", "ǰ", "ΐ", "ΐ", "ᾳ", "ᾼ", "αι", "\U00010400", "\U00010428",
                "Ꭰ", "ꭰ", "µ", "μ", "Μ", "a", "A", "ab", "AB", "aB", "Ab", "sss", "ßs", "ff", "FF", "ﬀ", "st", "ﬆ", "ﬅ",
                "ST", "Ａ", "ａ", "A", "a"]
    for pattern in patterns:
        for subject in rng.sample(subjects, 12):
            add(pairs, "case-insensitive", pattern, subject, "c")
        for subject in rng.sample(subjects, 3):
            add(pairs, "case-insensitive", "(?i)" + pattern, subject)


def diacritics(pairs, rng):
    patterns = ["cafe", "café", "caf[eé]", "[à-ü]+", "résumé", "resume", "\\u00e9", "e\\u0301", "naïve", "ÉCOLE",
                "ecole", "[ée]", "\\p{Mn}", ".", "..", "co[oö]perate", "Ａ", "ｂ+"]
    subjects = ["cafe", "café", "cafe\u0301", "CAFÉ", "resume", "résumé", "naive", "naïve", "école", "ECOLE", "e",
                "é", "e\u0301", "ü", "u", "b", "m", "cooperate", "coöperate", "A", "ａ", "ｂｂ", "bb"]
    for pattern in patterns:
        for options in ("d", "cd", "c", "", "n"):
            for subject in rng.sample(subjects, 6):
                add(pairs, "diacritics", pattern, subject, options)


def flags(pairs, rng):
    patterns = ["(?i)abc", "(?i:a)bc", "a(?i)bc", "(?x) a b c ", "(?x)a#comment\nb", "(?x)[a b]", "(?x)a\\ b",
                "(?x)a{1, 2}", "(?x)\\p{ L }", "(?x)\\N{LATIN SMALL LETTER A}", "(?s).", "(?-s).", "(?m)^b",
                "(?-m)^b", "(?d).", "(?d)$", "(?u)a", "(?w)\\b", "(?i-i)A", "(?--i)a", "(?ix)A B", "(?i)(?-i:A)a",
                "(?#c)a", "a(?#c)*", "a(?#c)b", "(?x)(?#c)a", "\\Qa(b\\E", "\\Q\\E*", "a\\Q\\E*", "(?x)\\Q a \\E"]
    subjects = ["abc", "ABC", "aBC", "Abc", "ab", "a b", "a", "A", "b", "\n", "a\nb", "\r", "aa", "aaa", "a(b", "",
                " a ", "aA", "Aa"]
    for pattern in patterns:
        for subject in subjects:
            add(pairs, "flags", pattern, subject)


GRAPHEME_SAMPLES = [
    "a", "e\u0301", "e\u0301\u0302", "\r\n", "\n\r", "👍\U0001F3FD", "👨\u200d👩\u200d👧", "🇺🇸", "🇺🇸🇫🇷🇩", "क्ष",
    "क्\u200dष", "ক্ষ", "한", "\u1100\u1161\u11a8", "\u1100\u1100", "ก\u0e33", "\u0600a", "a\u200d", "a\u200db",
    "\u00ad", "\u200b", "a\u0903", "\U0001F1E6\U0001F1E7\U0001F1E8", "😀\u200d😀", "©\u200d😀",
    "\u0915\u093c\u094d\u0937", "\u0915\u094d\u094d\u0937", "a\u0308\u0301b",
]
WORD_SAMPLES = [
    "can't stop", "3.5 km", "a_b c", "hello, world", "e\u0301t\u00e9", "U.S.A.", "1,000.50", "a  b", "👍🏽 ok",
    "🇺🇸🇫🇷x", "א\"ב", "אב'ג", "a\u200db", "x\u00ady", "Σίσυφος 2", "д-р", "ab\r\ncd", "a.b", "a:b", "3a", "a3",
    "$37,000.50", "foo_bar-baz",
]


def graphemes(pairs, rng, oracle):
    """`\\X{n}` with ICU's cluster count, and `\\X` started inside clusters, from ICU's break iterator."""
    texts = set()
    for text in GRAPHEME_SAMPLES:
        for _ in range(2):
            texts.add(text + "".join(pick(rng, GRAPHEME_SAMPLES) for _ in range(rng.randint(0, 2))))
    texts = sorted(texts)
    for text, bounds in zip(texts, boundaries(oracle, "character", texts)):
        clusters = len(bounds) - 1
        add(pairs, "grapheme", "\\X{%d}" % clusters, text)
        add(pairs, "grapheme", "\\X{%d}" % (clusters + 1), text)
        for start in range(1, len(text)):
            rest = len([b for b in bounds if b > start])
            add(pairs, "grapheme", "[\\s\\S]{%d}\\X{%d}" % (start, rest), text)


def words(pairs, rng, oracle):
    """`\\b` and `\\B` in (?w) mode at every position, against ICU's word break iterator."""
    for subject, bounds in zip(WORD_SAMPLES, boundaries(oracle, "word", WORD_SAMPLES)):
        inside = [b for b in range(1, len(subject)) if b not in bounds]
        for position in range(0, len(subject) + 1):
            add(pairs, "word-boundary", "(?w)[\\s\\S]{%d}\\b[\\s\\S]*" % position, subject)
        if inside:
            add(pairs, "word-boundary", "(?w)[\\s\\S]{%d}\\B[\\s\\S]*" % pick(rng, inside), subject)


def errors(pairs):
    for text in SYNTAX_ERRORS + SET_ERRORS + PROPERTY_ERRORS + ESCAPE_ERRORS:
        add(pairs, "errors", text, "ab")


# ---------------------------------------------------------------------------------------------- ICU

def width_fold(text):
    return "".join(chr(ord(c) - 0xFEE0) if 0xFF01 <= ord(c) <= 0xFF5E else " " if c == "\u3000" else c for c in text)


def prepared(text, options):
    if "n" in options:
        return text
    if "d" in options:
        decomposed = unicodedata.normalize("NFD", width_fold(text))
        return unicodedata.normalize("NFC", "".join(c for c in decomposed if unicodedata.category(c) != "Mn"))
    if "c" in options:
        return unicodedata.normalize("NFC", width_fold(text))
    return unicodedata.normalize("NFC", text)


def ask(oracle, mode, requests):
    text = "\n".join(json.dumps(request, ensure_ascii=False) for request in requests) + "\n"
    output = subprocess.run([oracle, mode], input=text, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in output.splitlines()]


def boundaries(oracle, kind, texts):
    requests = [{"id": str(index), "subject": text, "kind": kind} for index, text in enumerate(texts)]
    return [answer["boundaries"] for answer in ask(oracle, "breaks", requests)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("oracle")
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=72)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)

    pairs = []
    structured(pairs, rng, "structure", 260, ["literal", "set", "escape", "dot"], allow=set())
    structured(pairs, rng, "structure-unicode", 120, ["literal", "property", "set", "linebreak", "grapheme"], allow=set(),
               alphabet=NON_ASCII + list("abAB12 "))
    structured(pairs, rng, "backtracking", 260, ["literal", "set", "dot", "escape"], allow={"backref", "atomic"},
               modes=("", "?", "+", "+"))
    structured(pairs, rng, "case-insensitive-structure", 120, ["literal", "set", "property"], allow={"backref"},
               options_choice=("c",), alphabet=NON_ASCII + list("abcABC ss"))
    table_family(pairs, rng, "sets", SETS, SET_ERRORS)
    table_family(pairs, rng, "properties", PROPERTIES, PROPERTY_ERRORS)
    table_family(pairs, rng, "escapes", ESCAPES, ESCAPE_ERRORS)
    anchors(pairs, rng)
    lookarounds(pairs, rng)
    backreferences(pairs, rng)
    atomic_possessive(pairs, rng)
    case_insensitive(pairs, rng)
    diacritics(pairs, rng)
    flags(pairs, rng)
    errors(pairs)
    graphemes(pairs, rng, arguments.oracle)
    words(pairs, rng, arguments.oracle)

    # De-duplicate, then ask ICU with NSPredicate's flags and preprocessing.
    seen, unique = set(), []
    for pair in pairs:
        key = (pair["pattern"], pair["subject"], pair["options"])
        if key not in seen:
            seen.add(key)
            unique.append(pair)
    requests = []
    for index, pair in enumerate(unique):
        options = pair["options"]
        flags_text = "sm" + ("i" if "c" in options and "n" not in options else "")
        requests.append({"id": str(index), "pattern": prepared(pair["pattern"], options),
                         "subject": prepared(pair["subject"], options), "flags": flags_text})
    answers = ask(arguments.oracle, "match", requests)
    version = json.loads(subprocess.run([arguments.oracle, "version"], capture_output=True, text=True, check=True).stdout)
    counts, skipped, lines = {}, 0, []
    for pair, answer in zip(unique, answers):
        if "result" in answer:
            expected = answer["result"]
        elif answer.get("phase") == "compile":
            expected = "error"
        else:
            skipped += 1
            continue
        counts[pair["family"]] = counts.get(pair["family"], 0) + 1
        record = [pair["family"], pair["pattern"], pair["subject"], pair["options"], expected]
        lines.append(json.dumps(record, ensure_ascii=False))
    header = {
        "columns": ["family", "pattern", "subject", "options", "expected"],
        "oracle": "ICU %s (Unicode %s) uregex_matches, UREGEX_DOTALL | UREGEX_MULTILINE (+ CASE_INSENSITIVE for [c])"
        % (version["icu"], version["unicode"]),
        "generator": "scripts/icu-oracle/generate-pairs.py", "seed": arguments.seed, "pairs": len(lines),
    }
    with open(arguments.output, "w") as output:
        output.write(json.dumps(header) + "\n")
        for line in lines:
            output.write(line + "\n")
    print("pairs: %d written (%s), %d left out (ICU failed while matching)"
          % (len(lines), ", ".join("%s %d" % item for item in sorted(counts.items())), skipped), file=sys.stderr)


if __name__ == "__main__":
    main()
