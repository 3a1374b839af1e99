/* web_buf: HTML escaping into a core_buf (see web_buf.h). */
#include "server/web_buf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

static const char *entity(char c)
{
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return NULL;
    }
}

/* The length of the control character at p that a page shows as text
 * (0: none), its visible form in out: C0 controls but tab and line feed,
 * DEL, C1 controls, and the bidirectional overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069) that would turn the text around them
 * (issue 27: "\u202e", as the terminal shows them). */
static size_t control_at(const unsigned char *p, char out[16])
{
    if ((p[0] < 0x20 && p[0] != '\t' && p[0] != '\n') || p[0] == 0x7F) {
        snprintf(out, 16, p[0] == 0x1B ? "\\e" : "\\x%02x", p[0]);
        return 1;
    }
    if (p[0] == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) {
        snprintf(out, 16, "\\u%04x", p[1]);
        return 2;
    }
    if (p[0] == 0xE2 && ((p[1] == 0x80 && p[2] >= 0xAA && p[2] <= 0xAE) ||
                         (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9))) {
        snprintf(out, 16, "\\u%04x", 0x2000 | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F));
        return 3;
    }
    return 0;
}

/* Could the byte c start what web_buf_html replaces (an entity's
 * character, a control, a C1 control's or a bidirectional control's first
 * byte)?  Letters, digits and most punctuation answer no in two compares. */
static bool may_replace(unsigned char c)
{
    if (c >= 0x3F)
        return c >= 0x7F && (c == 0x7F || c == 0xC2 || c == 0xE2);
    return c < 0x20 || c == '&' || c == '<' || c == '>' || c == '"' || c == '\'';
}

/* Each run of bytes kept as they are in one append. */
int web_buf_html(core_buf *b, const char *s)
{
    if (!s)
        return 0;
    const char *run = s, *p = s;
    for (;;) {
        while (!may_replace((unsigned char)*p)) /* the NUL stops it too */
            p++;
        if (!*p)
            break;
        char ctl[16];
        const char *e = entity(*p);
        size_t n = e ? 1 : control_at((const unsigned char *)p, ctl);
        if (!n) {
            p++;
            continue;
        }
        if (core_buf_append(b, run, (size_t)(p - run)) != 0 || core_buf_puts(b, e ? e : ctl) != 0)
            return -1;
        p += n;
        run = p;
    }
    return core_buf_append(b, run, (size_t)(p - run));
}

/* A byte a URL segment carries as it is (RFC 3986 unreserved). */
static bool unreserved(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '_' || c == '.' || c == '~';
}

/* Each run of unreserved bytes in one append, each other byte as %XX. */
int web_buf_url(core_buf *b, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    while (s && *s) {
        const char *run = s;
        while (unreserved((unsigned char)*s))
            s++;
        if (s > run)
            core_buf_append(b, run, (size_t)(s - run));
        if (!*s)
            break;
        unsigned char c = (unsigned char)*s++;
        char e[3] = {'%', hex[c >> 4], hex[c & 15]};
        core_buf_append(b, e, 3);
    }
    return b->failed ? -1 : 0;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int web_path_segments(const char *raw, char *buf, size_t size, const char **seg, size_t max)
{
    if (!raw || *raw != '/' || !size)
        return -1;
    size_t n = 0, k = 0;
    for (const char *s = raw; *s;) {
        if (*s == '/') { /* a new segment */
            if (n == max || k + 1 >= size)
                return -1;
            if (n)
                buf[k++] = '\0';
            seg[n++] = buf + k;
            s++;
            continue;
        }
        int c = (unsigned char)*s, hi, lo;
        if (*s == '%') {
            if ((hi = hexval(s[1])) < 0 || (lo = hexval(s[2])) < 0 || (c = hi * 16 + lo) == 0)
                return -1;
            s += 3;
        } else {
            s++;
        }
        if (k + 1 >= size)
            return -1;
        buf[k++] = (char)c;
    }
    buf[k] = '\0';
    return (int)n;
}
