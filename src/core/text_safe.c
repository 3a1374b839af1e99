/* Safe text for output: terminal escapes, CSV fields and formulas, HTML
 * escapes, UTF-8. */
#include "core/text_safe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at p (1-4), 0 if not valid; *cp gets
 * the code point.  Overlong forms, surrogates and values past U+10FFFF are
 * not valid. */
static size_t utf8_seq(const unsigned char *p, unsigned *cp)
{
    unsigned c = p[0];
    size_t n;
    unsigned min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if ((c & 0xE0) == 0xC0) {
        n = 2, min = 0x80, c &= 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3, min = 0x800, c &= 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4, min = 0x10000, c &= 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (p[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return n;
}

static bool needs_escape(unsigned cp)
{
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

char *core_text_escape(const char *s)
{
    if (!s)
        s = "";
    size_t len = strlen(s);
    /* Worst case: every byte becomes \xNN (4 bytes); \uNNNN from 2-3 bytes. */
    char *out = malloc(len * 4 + 1);
    if (!out)
        return NULL;
    char *o = out;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        size_t n = utf8_seq(p, &cp);
        if (n == 0) {
            o += sprintf(o, "\\x%02x", *p);
            p++;
            continue;
        }
        if (!needs_escape(cp)) {
            memcpy(o, p, n);
            o += n;
        } else if (cp == '\n') {
            o += sprintf(o, "\\n");
        } else if (cp == '\t') {
            o += sprintf(o, "\\t");
        } else if (cp == '\r') {
            o += sprintf(o, "\\r");
        } else if (cp == 0x1B) {
            o += sprintf(o, "\\e");
        } else if (cp < 0x80) {
            o += sprintf(o, "\\x%02x", cp);
        } else {
            o += sprintf(o, "\\u%04x", cp);
        }
        p += n;
    }
    *o = '\0';
    return out;
}

/* A plain decimal: optional sign, digits, optional fraction. */
static bool plain_number(const char *s)
{
    if (*s == '+' || *s == '-')
        s++;
    size_t d = strspn(s, "0123456789");
    if (d == 0)
        return false;
    s += d;
    if (*s == '.') {
        s++;
        d = strspn(s, "0123456789");
        if (d == 0)
            return false;
        s += d;
    }
    return *s == '\0';
}

bool core_text_is_formula(const char *s)
{
    /* A lone "-" is the empty-cell mark of our tables, never a formula. */
    return s && *s && strchr("=+-@\t\r", *s) && !plain_number(s) && strcmp(s, "-") != 0;
}

void core_csv_put(FILE *f, const char *s, bool guard, char end)
{
    bool formula = guard && core_text_is_formula(s);
    if (formula || strpbrk(s, ",\"\r\n")) {
        fputc('"', f);
        if (formula)
            fputc('\'', f);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', f);
            fputc(*s, f);
        }
        fputc('"', f);
    } else {
        fputs(s, f);
    }
    if (end)
        fputc(end, f);
}

const char *core_csv_unguard(const char *s)
{
    return s && s[0] == '\'' && core_text_is_formula(s + 1) ? s + 1 : s;
}

void core_html_put(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        unsigned cp;
        size_t n = utf8_seq((const unsigned char *)s, &cp);
        if (n && cp != '\t' && cp != '\n' && needs_escape(cp)) {
            /* shown, never sent: a control or a bidirectional override
             * (issue 27), as the terminal shows it */
            fprintf(f, cp == 0x1B ? "\\e" : cp < 0x80 ? "\\x%02x" : "\\u%04x", cp);
            s += n - 1;
            continue;
        }
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default: fputc(*s, f);
        }
    }
}

char *core_text_utf8(const char *s)
{
    if (!s)
        s = "";
    size_t len = strlen(s);
    char *out = malloc(len * 3 + 1); /* one bad byte -> EF BF BD */
    if (!out)
        return NULL;
    char *o = out;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        size_t n = utf8_seq(p, &cp);
        if (n == 0) {
            memcpy(o, "\xEF\xBF\xBD", 3);
            o += 3;
            p++;
        } else {
            memcpy(o, p, n);
            o += n;
            p += n;
        }
    }
    *o = '\0';
    return out;
}

/* Refused at the door though a terminal shows them as they are (issue 45):
 * the line and paragraph separators, the bidirectional marks, the byte order
 * mark and the tag characters; the class a message names, NULL for none. */
static const char *door_class(unsigned cp)
{
    if (cp == 0x2028 || cp == 0x2029)
        return "line or paragraph separator";
    if (cp == 0x061C || cp == 0x200E || cp == 0x200F)
        return "bidirectional control";
    if (cp == 0xFEFF)
        return "byte order mark";
    if (cp >= 0xE0000 && cp <= 0xE007F)
        return "tag character";
    return NULL;
}

/* True for a code point that shows nothing: white space, the zero-width
 * characters and joiners, the Hangul fillers, the blank Braille pattern. */
static bool invisible(unsigned cp)
{
    return cp == 0x20 || cp == 0xA0 || cp == 0x1680 || cp == 0x180E ||
           (cp >= 0x2000 && cp <= 0x200D) || cp == 0x202F || cp == 0x205F || cp == 0x2060 ||
           cp == 0x3000 || cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0 ||
           cp == 0x2800;
}

bool core_text_blank(const char *s)
{
    if (!s || !*s)
        return false;
    for (size_t i = 0; s[i];) {
        unsigned cp;
        size_t n = utf8_seq((const unsigned char *)s + i, &cp);
        if (n == 0 || !invisible(cp))
            return false;
        i += n;
    }
    return true;
}

/* The name of a control character a message shows (NULL: just its number). */
static const char *control_name(unsigned cp)
{
    switch (cp) {
    case 0x07: return "BEL";
    case 0x08: return "BS";
    case 0x09: return "TAB";
    case 0x0A: return "LF";
    case 0x0D: return "CR";
    case 0x1B: return "ESC";
    case 0x7F: return "DEL";
    case 0x202E: return "RIGHT-TO-LEFT OVERRIDE";
    case 0x202D: return "LEFT-TO-RIGHT OVERRIDE";
    case 0x061C: return "ARABIC LETTER MARK";
    case 0x200E: return "LEFT-TO-RIGHT MARK";
    case 0x200F: return "RIGHT-TO-LEFT MARK";
    case 0x2028: return "LINE SEPARATOR";
    case 0x2029: return "PARAGRAPH SEPARATOR";
    case 0xFEFF: return "BYTE ORDER MARK";
    default: return NULL;
    }
}

bool core_text_fault(const char *s, size_t max, char *why, size_t size)
{
    size_t len = s ? strlen(s) : 0;
    if (len > max) {
        snprintf(why, size, "too long: %zu bytes, at most %zu", len, max);
        return true;
    }
    for (size_t i = 0; i < len;) {
        unsigned cp;
        size_t n = utf8_seq((const unsigned char *)s + i, &cp);
        if (n == 0) {
            snprintf(why, size, "not UTF-8: byte 0x%02x at byte %zu", (unsigned char)s[i], i + 1);
            return true;
        }
        const char *cls = door_class(cp);
        if (needs_escape(cp) || cls) {
            if (!cls)
                cls = cp >= 0x2000 ? "bidirectional control" : "control character";
            const char *nm = control_name(cp);
            snprintf(why, size, "a %s (U+%04X%s%s) at byte %zu", cls, cp, nm ? ", " : "",
                     nm ? nm : "", i + 1);
            return true;
        }
        i += n;
    }
    return false;
}
