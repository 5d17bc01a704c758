/* rdt-vassal-import.h: import a VASSAL module (.vmod) as a Redoubt scenario
 * (issue 17; docs/vassal-import.md).
 *
 * The module is a ZIP read through libarchive with caps on entry count, total
 * size and compression ratio; hostile entry names and symlinks are skipped with
 * a warning naming them; buildFile.xml is parsed without DTD, entities or
 * network.  The chosen board's image and the counter images are written under
 * one new folder beside the scenario, each by name with O_EXCL|O_NOFOLLOW
 * relative to that folder, so nothing is ever written outside it.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RDT_VASSAL_IMPORT_ERROR (rdt_vassal_import_error_quark ())
GQuark rdt_vassal_import_error_quark (void);

typedef enum {
  RDT_VASSAL_IMPORT_ERROR_ARCHIVE,     /* not a readable ZIP, or over a cap */
  RDT_VASSAL_IMPORT_ERROR_BUILDFILE,   /* missing or malformed buildFile.xml */
  RDT_VASSAL_IMPORT_ERROR_BOARD,       /* no board, unknown --board, bad image */
  RDT_VASSAL_IMPORT_ERROR_GRID,        /* no hex grid, or one Redoubt cannot show */
  RDT_VASSAL_IMPORT_ERROR_OUTPUT,      /* the output folder or file */
} RdtVassalImportError;

/* Caps (docs/vassal-import.md). */
#define RDT_VASSAL_MAX_ENTRIES        20000
#define RDT_VASSAL_MAX_TOTAL_BYTES    (1024u * 1024u * 1024u)   /* uncompressed */
#define RDT_VASSAL_MAX_RATIO          100                       /* uncompressed / archive */
#define RDT_VASSAL_MAX_BUILDFILE      (32 * 1024 * 1024)
#define RDT_VASSAL_MAX_PIXELS         (200u * 1000u * 1000u)    /* board image */
#define RDT_VASSAL_MAX_TRAITS         256                       /* per piece */
#define RDT_VASSAL_MAX_PROTOTYPE_DEPTH 16
#define RDT_VASSAL_MAX_PIECE_TEXT     (256 * 1024)

typedef struct {
  const char *board;        /* (nullable) board name; NULL: the only board */
  guint64 max_pixels;       /* 0: RDT_VASSAL_MAX_PIXELS */
  guint64 max_total_bytes;  /* 0: RDT_VASSAL_MAX_TOTAL_BYTES */
} RdtVassalImportOptions;

typedef struct {
  char *module_name;
  char **boards;            /* every board of the module (NULL-terminated) */
  char *board;              /* the board imported */
  char *map;                /* its VASSAL map window */
  char *zone;               /* (nullable) the zone whose grid was taken */
  char *board_image;        /* relative to the scenario's folder */
  int image_width, image_height;
  char *grid_text;          /* "flat-top, 20 x 15 from 0101, shift odd" */
  double origin_x, origin_y, hex_size, drift;
  guint n_labels;           /* hexes compared with VASSAL's labels */
  guint n_labels_differ;    /* of which Redoubt's text differs */
  char *label_example;      /* (nullable) "Redoubt 0102, VASSAL A2" */
  char *display_first;      /* (nullable) the first hex as the map shows it when
                             * it carries VASSAL's label text ("A-10"), */
  char *display_first_plain;/* and its plain label ("0001") */
  guint n_units, n_units_with_art, n_setup, n_images, n_prototypes;
  char *folder;             /* the folder written, relative to the scenario */
  GPtrArray *warnings;      /* char *: each names the entry or element */
  GPtrArray *left_for_user; /* char *: what was not mapped, with the value used */
  GHashTable *skipped_components;  /* element class -> count */
  GHashTable *skipped_traits;      /* trait id -> count */
} RdtVassalReport;

void     rdt_vassal_report_free (RdtVassalReport *report);
/* The report as the user reads it (redoubt-cli import-vassal prints it; the
 * editor shows the same text), translated, one item a line. */
char    *rdt_vassal_report_to_text (const RdtVassalReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtVassalReport, rdt_vassal_report_free)

/* Imports @module_path into @out_path (a .redoubt file that must not exist) and
 * a new folder "<stem>-vassal" beside it.  On failure nothing is left but what
 * was written under that folder (removed too when the failure is before any
 * file is complete).  @out_report (nullable) receives the report, also on
 * failure when one could be made. */
gboolean rdt_vassal_import      (const char                   *module_path,
                                 const char                   *out_path,
                                 const RdtVassalImportOptions *options,
                                 RdtVassalReport             **out_report,
                                 GError                      **error);

/* A board of a module, for the editor's board picker (issue 17). */
typedef struct {
  char *name;
  char *map;                /* its VASSAL map window */
  char *image;              /* (nullable) archive entry of its image */
  int width, height;        /* 0 when the image is missing or not an image */
  char *grid;               /* "hex grid, flat-top", "hex grid, sideways, zone “Z”",
                             * or why it cannot be imported */
  gboolean importable;      /* a hex grid and an image (of known size when
                             * there are several boards) */
} RdtVassalBoardInfo;

void       rdt_vassal_board_info_free (RdtVassalBoardInfo *info);
/* Every board of @module_path (transfer full: RdtVassalBoardInfo*), in the
 * buildFile's order, reading the archive under the same caps as the import
 * and writing nothing.  NULL and @error when the module cannot be read.  The
 * image sizes (a second pass over the archive) are read only when there are
 * several boards; a single board has width and height 0. */
GPtrArray *rdt_vassal_list_boards     (const char *module_path,
                                       GError    **error);

/* VASSAL's SequenceEncoder decoding (exposed for the tests): the tokens of
 * @text split at @delim, a delimiter preceded by a backslash being part of the
 * token, a token wrapped in single quotes unwrapped.  At most @max tokens. */
GPtrArray *rdt_vassal_decode_sequence (const char *text,
                                       char        delim,
                                       guint       max);

G_END_DECLS
