/*
 * icu-oracle: ICU's own answers for the MATCHES test data, and the Unicode tables the regex engine
 * needs. Test support only: the PredicateLang package never links ICU.
 *
 *   icu-oracle match    reads JSON Lines {"id", "pattern", "subject", "flags"} on standard input and
 *                       writes {"id", "result": true|false} or {"id", "error": "U_REGEX_...",
 *                       "phase": "compile"|"match"} per line. `flags` letters: i s m x d w (ICU's
 *                       UREGEX_CASE_INSENSITIVE, DOTALL, MULTILINE, COMMENTS, UNIX_LINES, UWORD).
 *                       The whole subject must match (uregex_matches from index 0, as NSPredicate).
 *   icu-oracle breaks   reads {"id", "subject", "kind": "character"|"word"} and writes {"id",
 *                       "boundaries": [...]}: ICU's break positions, in code points from the start.
 *   icu-oracle version  writes {"icu": "…", "unicode": "…"}.
 *   icu-oracle tables   writes the Unicode data of this ICU as JSON Lines (see dumpTables).
 *
 * Build: cc -O2 -o icu-oracle icu-oracle.c $(pkg-config --cflags --libs icu-uc icu-i18n)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uregex.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

/* ---------------------------------------------------------------- JSON (flat objects of strings) */

typedef struct {
    char *key[8];
    char *value[8]; /* UTF-8, unescaped */
    int count;
} Object;

static void appendUTF8(char **out, unsigned cp) {
    char *p = *out;
    if (cp < 0x80) {
        *p++ = (char)cp;
    } else if (cp < 0x800) {
        *p++ = (char)(0xC0 | (cp >> 6));
        *p++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *p++ = (char)(0xE0 | (cp >> 12));
        *p++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *p++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *p++ = (char)(0xF0 | (cp >> 18));
        *p++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *p++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *p++ = (char)(0x80 | (cp & 0x3F));
    }
    *out = p;
}

static unsigned hex4(const char *s) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
    }
    return v;
}

/* Parses a JSON string starting at *s (at the opening quote); returns a malloc'd UTF-8 copy. */
static char *parseString(const char **s) {
    const char *p = *s + 1;
    char *result = malloc(strlen(p) * 4 + 1);
    char *out = result;
    while (*p && *p != '"') {
        if (*p != '\\') {
            *out++ = *p++;
            continue;
        }
        p++;
        switch (*p) {
        case 'n': *out++ = '\n'; p++; break;
        case 't': *out++ = '\t'; p++; break;
        case 'r': *out++ = '\r'; p++; break;
        case 'b': *out++ = '\b'; p++; break;
        case 'f': *out++ = '\f'; p++; break;
        case 'u': {
            unsigned cp = hex4(p + 1);
            p += 5;
            if (cp >= 0xD800 && cp < 0xDC00 && p[0] == '\\' && p[1] == 'u') {
                unsigned low = hex4(p + 2);
                if (low >= 0xDC00 && low < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    p += 6;
                }
            }
            appendUTF8(&out, cp);
            break;
        }
        default: *out++ = *p++; break;
        }
    }
    *out = 0;
    *s = *p ? p + 1 : p;
    return result;
}

static int parseObject(const char *line, Object *object) {
    object->count = 0;
    const char *p = strchr(line, '{');
    if (!p) return 0;
    p++;
    while (*p && object->count < 8) {
        while (*p == ' ' || *p == ',') p++;
        if (*p != '"') break;
        char *key = parseString(&p);
        while (*p == ' ' || *p == ':') p++;
        if (*p != '"') {
            free(key);
            /* skip a non-string value */
            while (*p && *p != ',' && *p != '}') p++;
            continue;
        }
        object->key[object->count] = key;
        object->value[object->count] = parseString(&p);
        object->count++;
    }
    return 1;
}

static const char *field(const Object *object, const char *key) {
    for (int i = 0; i < object->count; i++) {
        if (strcmp(object->key[i], key) == 0) return object->value[i];
    }
    return NULL;
}

static void freeObject(Object *object) {
    for (int i = 0; i < object->count; i++) {
        free(object->key[i]);
        free(object->value[i]);
    }
    object->count = 0;
}

static void printJSONString(const char *s) {
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') printf("\\%c", *p);
        else if (*p < 0x20) printf("\\u%04x", *p);
        else putchar(*p);
    }
    putchar('"');
}

/* ---------------------------------------------------------------- match */

static UChar *toUTF16(const char *utf8, int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t capacity = (int32_t)strlen(utf8) + 1;
    UChar *buffer = malloc(sizeof(UChar) * (size_t)capacity * 2);
    u_strFromUTF8(buffer, capacity * 2, length, utf8, -1, &status);
    if (U_FAILURE(status)) {
        *length = -1;
    }
    return buffer;
}

static uint32_t parseFlags(const char *letters) {
    uint32_t flags = 0;
    for (const char *p = letters ? letters : ""; *p; p++) {
        switch (*p) {
        case 'i': flags |= UREGEX_CASE_INSENSITIVE; break;
        case 's': flags |= UREGEX_DOTALL; break;
        case 'm': flags |= UREGEX_MULTILINE; break;
        case 'x': flags |= UREGEX_COMMENTS; break;
        case 'd': flags |= UREGEX_UNIX_LINES; break;
        case 'w': flags |= UREGEX_UWORD; break;
        default: break;
        }
    }
    return flags;
}

static void matchOne(const Object *request) {
    const char *id = field(request, "id");
    const char *pattern = field(request, "pattern");
    const char *subject = field(request, "subject");
    printf("{\"id\": ");
    printJSONString(id ? id : "");
    if (!pattern || !subject) {
        printf(", \"error\": \"bad-request\", \"phase\": \"input\"}\n");
        return;
    }
    int32_t patternLength = 0, subjectLength = 0;
    UChar *patternText = toUTF16(pattern, &patternLength);
    UChar *subjectText = toUTF16(subject, &subjectLength);
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError;
    URegularExpression *regex =
        uregex_open(patternText, patternLength, parseFlags(field(request, "flags")), &parseError, &status);
    if (U_FAILURE(status)) {
        printf(", \"error\": \"%s\", \"phase\": \"compile\"}\n", u_errorName(status));
    } else {
        /* A time limit (units of about ten thousand backtracking steps) keeps the oracle from
           hanging on patterns that never finish; such pairs report U_REGEX_TIME_OUT. */
        uregex_setTimeLimit(regex, 20, &status);
        uregex_setText(regex, subjectText, subjectLength, &status);
        UBool matched = uregex_matches(regex, 0, &status);
        if (U_FAILURE(status)) {
            printf(", \"error\": \"%s\", \"phase\": \"match\"}\n", u_errorName(status));
        } else {
            printf(", \"result\": %s}\n", matched ? "true" : "false");
        }
        uregex_close(regex);
    }
    free(patternText);
    free(subjectText);
}

static int runMatches(void) {
    size_t capacity = 1 << 16;
    char *line = malloc(capacity);
    while (fgets(line, (int)capacity, stdin)) {
        size_t length = strlen(line);
        while (length == capacity - 1 && line[length - 1] != '\n') {
            capacity *= 2;
            line = realloc(line, capacity);
            if (!fgets(line + length, (int)(capacity - length), stdin)) break;
            length = strlen(line);
        }
        Object request;
        if (!parseObject(line, &request)) continue;
        matchOne(&request);
        freeObject(&request);
        fflush(stdout);
    }
    free(line);
    return 0;
}

/* ---------------------------------------------------------------- breaks */

static void breaksOne(const Object *request) {
    const char *id = field(request, "id");
    const char *subject = field(request, "subject");
    const char *kind = field(request, "kind");
    printf("{\"id\": ");
    printJSONString(id ? id : "");
    if (!subject) {
        printf(", \"error\": \"bad-request\", \"phase\": \"input\"}\n");
        return;
    }
    int32_t length = 0;
    UChar *text = toUTF16(subject, &length);
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(
        kind && strcmp(kind, "word") == 0 ? UBRK_WORD : UBRK_CHARACTER, "en", text, length, &status);
    printf(", \"boundaries\": [");
    int first = 1;
    for (int32_t boundary = ubrk_first(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
        printf("%s%d", first ? "" : ", ", u_countChar32(text, boundary));
        first = 0;
    }
    printf("]}\n");
    ubrk_close(iterator);
    free(text);
}

static int runBreaks(void) {
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        Object request;
        if (!parseObject(line, &request)) continue;
        breaksOne(&request);
        freeObject(&request);
        fflush(stdout);
    }
    return 0;
}

/* ---------------------------------------------------------------- tables */

/* Prints [[start, value], ...] for the runs of an integer property over all code points. */
static void printRuns(const char *kind, UProperty property) {
    printf("{\"kind\": \"%s\", \"runs\": [", kind);
    int32_t previous = -1;
    int first = 1;
    for (UChar32 c = 0; c <= 0x10FFFF; c++) {
        int32_t value = u_getIntPropertyValue(c, property);
        if (value != previous) {
            printf("%s[%d, %d]", first ? "" : ", ", c, value);
            first = 0;
            previous = value;
        }
    }
    printf("]}\n");
}

/* Prints the names of every value of `property` (short name first, then the long name and aliases). */
static void printValueNames(const char *kind, UProperty property, int32_t maximum) {
    printf("{\"kind\": \"%s\", \"names\": [", kind);
    for (int32_t value = 0; value <= maximum; value++) {
        printf("%s[%d", value ? ", " : "", value);
        for (int choice = 0; choice < 8; choice++) {
            const char *name = u_getPropertyValueName(property, value, (UPropertyNameChoice)choice);
            if (name) {
                printf(", ");
                printJSONString(name);
            } else if (choice > 1) {
                break;
            }
        }
        printf("]");
    }
    printf("]}\n");
}

static void printPropertyNames(void) {
    printf("{\"kind\": \"binary-names\", \"names\": [");
    for (int32_t property = UCHAR_BINARY_START; property < UCHAR_BINARY_LIMIT; property++) {
        printf("%s[%d", property ? ", " : "", property);
        for (int choice = 0; choice < 8; choice++) {
            const char *name = u_getPropertyName((UProperty)property, (UPropertyNameChoice)choice);
            if (name) {
                printf(", ");
                printJSONString(name);
            } else if (choice > 1) {
                break;
            }
        }
        printf("]");
    }
    printf("]}\n");
}

/* Prints the names of the non-binary properties that \\p{name=value} can name, with their UProperty. */
static void printIntPropertyNames(void) {
    static const UProperty properties[] = {
        UCHAR_GENERAL_CATEGORY, UCHAR_GENERAL_CATEGORY_MASK, UCHAR_SCRIPT, UCHAR_SCRIPT_EXTENSIONS, UCHAR_BLOCK,
        UCHAR_AGE, UCHAR_NUMERIC_TYPE, UCHAR_NUMERIC_VALUE, UCHAR_CANONICAL_COMBINING_CLASS,
        UCHAR_HANGUL_SYLLABLE_TYPE, UCHAR_GRAPHEME_CLUSTER_BREAK, UCHAR_WORD_BREAK, UCHAR_NAME,
    };
    printf("{\"kind\": \"property-names\", \"names\": [");
    for (size_t i = 0; i < sizeof properties / sizeof properties[0]; i++) {
        printf("%s[%d", i ? ", " : "", properties[i]);
        for (int choice = 0; choice < 8; choice++) {
            const char *name = u_getPropertyName(properties[i], (UPropertyNameChoice)choice);
            if (name) {
                printf(", ");
                printJSONString(name);
            } else if (choice > 1) {
                break;
            }
        }
        printf("]");
    }
    printf("]}\n");
}

/* Prints the names of every other property ICU knows (those `\\p{name=value}` here reports as not supported). */
static void printOtherPropertyNames(void) {
    static const int32_t ranges[][2] = {
        {UCHAR_INT_START, UCHAR_INT_LIMIT}, {UCHAR_MASK_START, UCHAR_MASK_LIMIT},
        {UCHAR_DOUBLE_START, UCHAR_DOUBLE_LIMIT}, {UCHAR_STRING_START, UCHAR_STRING_LIMIT},
        {UCHAR_OTHER_PROPERTY_START, UCHAR_OTHER_PROPERTY_LIMIT},
    };
    printf("{\"kind\": \"other-property-names\", \"names\": [");
    int first = 1;
    for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
        for (int32_t property = ranges[r][0]; property < ranges[r][1]; property++) {
            printf("%s[%d", first ? "" : ", ", property);
            first = 0;
            for (int choice = 0; choice < 8; choice++) {
                const char *name = u_getPropertyName((UProperty)property, (UPropertyNameChoice)choice);
                if (name) {
                    printf(", ");
                    printJSONString(name);
                } else if (choice > 1) {
                    break;
                }
            }
            printf("]");
        }
    }
    printf("]}\n");
}

static void printBinaryRuns(const char *kind, UProperty property) {
    printf("{\"kind\": \"%s\", \"ranges\": [", kind);
    int first = 1;
    UChar32 start = -1;
    for (UChar32 c = 0; c <= 0x110000; c++) {
        int has = c <= 0x10FFFF && u_hasBinaryProperty(c, property);
        if (has && start < 0) start = c;
        if (!has && start >= 0) {
            printf("%s[%d, %d]", first ? "" : ", ", start, c - 1);
            first = 0;
            start = -1;
        }
    }
    printf("]}\n");
}

static void printScriptExtensions(void) {
    printf("{\"kind\": \"script-extensions\", \"runs\": [");
    UScriptCode previous[64];
    int32_t previousCount = -1;
    int first = 1;
    for (UChar32 c = 0; c <= 0x10FFFF; c++) {
        UScriptCode scripts[64];
        UErrorCode status = U_ZERO_ERROR;
        int32_t count = uscript_getScriptExtensions(c, scripts, 64, &status);
        if (count == previousCount && memcmp(scripts, previous, sizeof(UScriptCode) * (size_t)count) == 0) {
            continue;
        }
        printf("%s[%d", first ? "" : ", ", c);
        for (int32_t i = 0; i < count; i++) printf(", %d", scripts[i]);
        printf("]");
        first = 0;
        memcpy(previous, scripts, sizeof(UScriptCode) * (size_t)count);
        previousCount = count;
    }
    printf("]}\n");
}

static void printCaseData(void) {
    /* Simple folding, full folding where it differs, and the case-insensitive closure of every
       case-sensitive code point (code points only: closeOver's strings never match a set). */
    printf("{\"kind\": \"simple-folding\", \"pairs\": [");
    int first = 1;
    for (UChar32 c = 0; c <= 0x10FFFF; c++) {
        UChar32 folded = u_foldCase(c, U_FOLD_CASE_DEFAULT);
        if (folded != c) {
            printf("%s[%d, %d]", first ? "" : ", ", c, folded);
            first = 0;
        }
    }
    printf("]}\n");
    printf("{\"kind\": \"full-folding\", \"expansions\": [");
    first = 1;
    for (UChar32 c = 0; c <= 0x10FFFF; c++) {
        UChar source[2], folded[8];
        int32_t length = 0;
        U16_APPEND_UNSAFE(source, length, c);
        UErrorCode status = U_ZERO_ERROR;
        int32_t foldedLength = u_strFoldCase(folded, 8, source, length, U_FOLD_CASE_DEFAULT, &status);
        UChar32 codePoints[4];
        int32_t count = 0;
        for (int32_t i = 0; i < foldedLength && count < 4;) {
            UChar32 cp;
            U16_NEXT(folded, i, foldedLength, cp);
            codePoints[count++] = cp;
        }
        if (count > 1) {
            printf("%s[%d", first ? "" : ", ", c);
            for (int32_t i = 0; i < count; i++) printf(", %d", codePoints[i]);
            printf("]");
            first = 0;
        }
    }
    printf("]}\n");
    printf("{\"kind\": \"case-closure\", \"classes\": [");
    first = 1;
    USet *seen = uset_openEmpty();
    for (UChar32 c = 0; c <= 0x10FFFF; c++) {
        if (uset_contains(seen, c) || !u_hasBinaryProperty(c, UCHAR_CASE_SENSITIVE)) continue;
        USet *set = uset_openEmpty();
        uset_add(set, c);
        uset_closeOver(set, USET_CASE_INSENSITIVE);
        int32_t itemCount = uset_getItemCount(set);
        int32_t members = 0;
        for (int32_t i = 0; i < itemCount; i++) {
            UChar32 start, end;
            UErrorCode status = U_ZERO_ERROR;
            int32_t stringLength = uset_getItem(set, i, &start, &end, NULL, 0, &status);
            if (stringLength == 0) members += end - start + 1;
        }
        if (members > 1) {
            printf("%s[%d", first ? "" : ", ", c);
            for (int32_t i = 0; i < itemCount; i++) {
                UChar32 start, end;
                UErrorCode status = U_ZERO_ERROR;
                int32_t stringLength = uset_getItem(set, i, &start, &end, NULL, 0, &status);
                if (stringLength != 0) continue;
                for (UChar32 member = start; member <= end; member++) {
                    if (member != c) printf(", %d", member);
                    uset_add(seen, member);
                }
            }
            printf("]");
            first = 0;
        }
        uset_close(set);
    }
    uset_close(seen);
    printf("]}\n");
}

/* Prints [[start, major * 100 + minor], ...]: the Unicode version that assigned each code point. */
static void printAges(void) {
    printf("{\"kind\": \"age\", \"runs\": [");
    int32_t previous = -1;
    int first = 1;
    for (UChar32 c = 0; c <= 0x10FFFF; c++) {
        UVersionInfo age;
        u_charAge(c, age);
        int32_t value = age[0] * 100 + age[1];
        if (value != previous) {
            printf("%s[%d, %d]", first ? "" : ", ", c, value);
            first = 0;
            previous = value;
        }
    }
    printf("]}\n");
}

/* Prints the code point ranges of a UnicodeSet pattern evaluated by this ICU. */
static void printPatternRanges(const char *kind, const char *pattern) {
    UChar buffer[512];
    u_uastrcpy(buffer, pattern);
    UErrorCode status = U_ZERO_ERROR;
    USet *set = uset_openPattern(buffer, -1, &status);
    printf("{\"kind\": \"%s\", \"ranges\": [", kind);
    if (U_SUCCESS(status)) {
        int32_t count = uset_getRangeCount(set);
        for (int32_t i = 0; i < count; i++) {
            UChar32 start, end;
            uset_getItem(set, i, &start, &end, NULL, 0, &status);
            printf("%s[%d, %d]", i ? ", " : "", start, end);
        }
        uset_close(set);
    }
    printf("]}\n");
}

static void printVersion(const char *kind) {
    UVersionInfo version;
    char versionString[U_MAX_VERSION_STRING_LENGTH];
    u_getUnicodeVersion(version);
    u_versionToString(version, versionString);
    printf("{%s\"unicode\": \"%s\", \"icu\": \"%s\"}\n", kind, versionString, U_ICU_VERSION);
}

static int dumpTables(void) {
    printVersion("\"kind\": \"version\", ");
    printRuns("script", UCHAR_SCRIPT);
    printValueNames("script-names", UCHAR_SCRIPT, u_getIntPropertyMaxValue(UCHAR_SCRIPT));
    printScriptExtensions();
    printRuns("block", UCHAR_BLOCK);
    printValueNames("block-names", UCHAR_BLOCK, u_getIntPropertyMaxValue(UCHAR_BLOCK));
    printRuns("grapheme-cluster-break", UCHAR_GRAPHEME_CLUSTER_BREAK);
    printValueNames(
        "grapheme-cluster-break-names", UCHAR_GRAPHEME_CLUSTER_BREAK,
        u_getIntPropertyMaxValue(UCHAR_GRAPHEME_CLUSTER_BREAK));
    printRuns("general-category", UCHAR_GENERAL_CATEGORY);
    printValueNames("general-category-names", UCHAR_GENERAL_CATEGORY, U_CHAR_CATEGORY_COUNT - 1);
    printPropertyNames();
    printIntPropertyNames();
    printOtherPropertyNames();
    printValueNames("canonical-combining-class-names", UCHAR_CANONICAL_COMBINING_CLASS, 255);
    printValueNames("numeric-type-names", UCHAR_NUMERIC_TYPE, u_getIntPropertyMaxValue(UCHAR_NUMERIC_TYPE));
    printValueNames(
        "hangul-syllable-type-names", UCHAR_HANGUL_SYLLABLE_TYPE, u_getIntPropertyMaxValue(UCHAR_HANGUL_SYLLABLE_TYPE));
    printBinaryRuns("extended-pictographic", UCHAR_EXTENDED_PICTOGRAPHIC);
    /* The sets of CLDR's rule GB9.3 (no break inside an aksara), as ICU's char.txt defines them. */
    printPatternRanges(
        "linking-consonant",
        "[[\\p{Gujr}\\p{sc=Telu}\\p{sc=Mlym}\\p{sc=Orya}\\p{sc=Beng}\\p{sc=Deva}]&\\p{InSC=Consonant}]");
    printPatternRanges(
        "virama",
        "[[\\p{Gujr}\\p{sc=Telu}\\p{sc=Mlym}\\p{sc=Orya}\\p{sc=Beng}\\p{sc=Deva}]&\\p{InSC=Virama}]");
    printPatternRanges("extend-ccc-zwj", "[[\\p{gcb=Extend}-\\p{ccc=0}]\\p{gcb=ZWJ}]");
    printRuns("word-break", UCHAR_WORD_BREAK);
    printValueNames("word-break-names", UCHAR_WORD_BREAK, u_getIntPropertyMaxValue(UCHAR_WORD_BREAK));
    printBinaryRuns("emoji-component", UCHAR_EMOJI_COMPONENT);
    printBinaryRuns("prepended-concatenation-mark", UCHAR_PREPENDED_CONCATENATION_MARK);
    printBinaryRuns("hyphen", UCHAR_HYPHEN);
    printBinaryRuns("case-sensitive", UCHAR_CASE_SENSITIVE);
    printBinaryRuns("grapheme-extend", UCHAR_GRAPHEME_EXTEND);
    printAges();
    printCaseData();
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "match") == 0) return runMatches();
    if (argc == 2 && strcmp(argv[1], "tables") == 0) return dumpTables();
    if (argc == 2 && strcmp(argv[1], "breaks") == 0) return runBreaks();
    if (argc == 2 && strcmp(argv[1], "version") == 0) {
        printVersion("");
        return 0;
    }
    fprintf(stderr, "usage: icu-oracle match|breaks|tables|version\n");
    return 64;
}
