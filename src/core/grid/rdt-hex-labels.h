/* rdt-hex-labels.h: a display label format for hexes (issue 17).
 *
 * Inside Redoubt a hex is always named by its label numbers (RdtHex: column and
 * row, ascending left to right and top to bottom; rdt_hex_grid_format_label()
 * writes them "XXYY").  Every rule engine, the file format's hex attributes and
 * the JSON outputs use those.  A map may in addition carry a *display* format
 * (a VASSAL module's numbering: letters, a separator, row first, descending
 * numbers); the editor shows, and the CLI accepts, the display label.
 *
 * Each axis shows either the number itself (ascending) or `mirror - number`
 * (descending), written as digits zero-padded to `digits` or as letters
 * (A = 0 ... Z = 25, then AA = 26, BB = 27 ...); a negative number gets a '-'.
 * The two are joined by `separator`, the column first unless `row_first`.
 */
#pragma once

#include <glib.h>

#include "rdt-hex-grid.h"

G_BEGIN_DECLS

#define RDT_HEX_LABEL_SEPARATOR_MAX 8   /* bytes, the terminating NUL included */
#define RDT_HEX_LABEL_DIGITS_MAX 6
#define RDT_HEX_LABEL_MIRROR_MAX 100000
/* Longest display label a format can produce, NUL included. */
#define RDT_HEX_DISPLAY_LABEL_SIZE 64

typedef struct {
  gboolean descending;   /* shown number = mirror - number */
  int mirror;
  gboolean letters;      /* letters rather than digits */
  int digits;            /* digits: zero-padded to at least this many (0..6) */
} RdtHexLabelAxis;

typedef struct {
  gboolean present;      /* FALSE: the plain XXYY label */
  gboolean row_first;
  char separator[RDT_HEX_LABEL_SEPARATOR_MAX];
  RdtHexLabelAxis column;
  RdtHexLabelAxis row;
} RdtHexLabelFormat;

/* Checks the ranges above (mirror within ±RDT_HEX_LABEL_MIRROR_MAX, digits within
 * 0..RDT_HEX_LABEL_DIGITS_MAX, a separator without control characters). */
gboolean  rdt_hex_label_format_check   (const RdtHexLabelFormat *format,
                                        GError                 **error);
gboolean  rdt_hex_label_format_equal   (const RdtHexLabelFormat *a,
                                        const RdtHexLabelFormat *b);
/* The label shown for @hex: the display label, or the plain label when @format
 * is NULL or not present. */
char     *rdt_hex_label_format_print   (const RdtHexLabelFormat *format,
                                        const RdtHexGrid        *grid,
                                        RdtHex                   hex);
/* Reads a hex a user typed: first as a display label (the map hex that shows
 * exactly this text), else as the plain label; "#XXYY" is always the plain
 * label.  An error when no map hex matches or when two map hexes show the
 * same text (a format whose labels are ambiguous). */
gboolean  rdt_hex_label_format_parse   (const RdtHexLabelFormat *format,
                                        const RdtHexGrid        *grid,
                                        const char              *text,
                                        RdtHex                  *out_hex,
                                        GError                 **error);

G_END_DECLS
