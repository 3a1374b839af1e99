/* Safe text for output (docs/output-format.md "Safe output"): escaped
 * control characters for terminals, neutralised spreadsheet formulas for
 * CSV, valid UTF-8 for JSON.  Internal to the library. */
#ifndef BMP_CORE_TEXT_SAFE_H
#define BMP_CORE_TEXT_SAFE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A malloc'ed copy of s for a terminal: C0 and C1 control characters, DEL,
 * bidirectional overrides and bytes that are not UTF-8 become visible
 * escapes (\n, \t, \r, \e, \x7f, \u202e, \xff); a backslash stays itself.
 * NULL on no memory. */
char *core_text_escape(const char *s);

/* True when a spreadsheet would read the cell as a formula (OWASP CSV
 * injection): it starts with = + - @, a tab or a carriage return, and is not
 * a plain decimal number such as -1.50 or the lone "-" of an empty cell. */
bool core_text_is_formula(const char *s);

/* One CSV field (RFC 4180: quoted when it holds a comma, a quote or a line
 * break, quotes doubled), then `end` (',' or '\n').  guard: a field a
 * spreadsheet would read as a formula (core_text_is_formula) gets a leading
 * single quote and is quoted; on for every CSV output, the register
 * exports too (`player import` drops the quote of a guarded name). */
void core_csv_put(FILE *f, const char *s, bool guard, char end);

/* A field read back from a CSV this program wrote: s without the quote
 * core_csv_put's guard added ('=Smith -> =Smith); s itself otherwise. */
const char *core_csv_unguard(const char *s);

/* s (NULL: nothing) escaped for HTML text and quoted attribute values:
 * & < > " ' become entities. */
void core_html_put(FILE *f, const char *s);

/* A malloc'ed copy of s with every byte sequence that is not UTF-8 replaced
 * by U+FFFD.  NULL on no memory. */
char *core_text_utf8(const char *s);

/* ---- Texts at the door (docs/ledger.md "What the ledger refuses") ---- */

/* Bounds in bytes of the texts the ledger stores. */
#define CORE_TEXT_NAME_MAX 200    /* player, club and event names, clubs, labels, ids */
#define CORE_TEXT_REASON_MAX 1000 /* reasons of rejections, corrections, reopens ... */
#define CORE_TEXT_FILE_MAX 1024   /* a batch's file name or path */
#define CORE_TEXT_WHO_MAX 63      /* who acted (--who, the audit log) */

/* What is wrong with s as a one-line text of at most max bytes, into
 * why[0..size) ("a control character (U+001B, ESC) at byte 1"); false when
 * nothing is: valid UTF-8, no C0 control (no field takes a line break), no
 * DEL, no C1 control, no bidirectional override or isolate (U+202A-U+202E,
 * U+2066-U+2069) nor mark (U+061C, U+200E, U+200F), no line or paragraph
 * separator (U+2028, U+2029), no byte order mark (U+FEFF), no tag character
 * (U+E0000-U+E007F), at most max bytes.  NULL is the empty text. */
bool core_text_fault(const char *s, size_t max, char *why, size_t size);

/* True when s is not empty but shows nothing: only spaces, other white
 * space, zero-width characters or joiners (U+200D).  A name so made is
 * refused at the door (ledger_name_bad). */
bool core_text_blank(const char *s);

#endif
