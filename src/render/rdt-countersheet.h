/* rdt-countersheet.h: cutting a scanned countersheet into counter art (issue 16).
 *
 * The editor's countersheet cutter (src/app/rdt-cutter-dialog.c) and the
 * tests share this code; it is cairo and GLib only, never GTK.
 *
 * - A grid (RdtCutGrid) says where the counters are on the scan: the top-left
 *   corner of the first counter, the size of one counter, the pitch from one
 *   counter to the next, and the number of columns and rows (each clamped to
 *   RDT_CUT_MAX_SIDE).  Cells are numbered row by row from the top left.
 * - A plan (RdtCutSlot per cell) says which unit's front or back each cell is.
 * - rdt_countersheet_write() cuts the planned cells out of the scan and
 *   writes them as PNG files in "counters/" inside the scenario's folder,
 *   atomically (rdt_file_save_atomic()), never through a symbolic link, never
 *   outside that folder, and never over an existing file unless told to
 *   (rdt_countersheet_find_existing() lists them so the editor can ask).
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

#define RDT_CUT_ERROR (rdt_cut_error_quark ())

typedef enum
{
  RDT_CUT_ERROR_INVALID,   /* a grid that does not fit the scan, a bad plan */
  RDT_CUT_ERROR_EXISTS,    /* a file would be overwritten and that was not allowed */
  RDT_CUT_ERROR_UNSAFE,    /* a link or something not a regular file/folder in the way */
  RDT_CUT_ERROR_IO,
} RdtCutError;

GQuark rdt_cut_error_quark (void);

/* Bounds on what a grid may ask for (every loop over cells is bounded by
 * them): 100 x 100 cells, counters of at most 2048 pixels a side. */
#define RDT_CUT_MAX_SIDE          100
#define RDT_CUT_MAX_COUNTER_SIDE  2048
/* The folder, inside the scenario's folder, the images are written to. */
#define RDT_CUT_FOLDER            "counters"

typedef struct
{
  double origin_x, origin_y;  /* top-left corner of the first counter, scan pixels */
  double width, height;       /* one counter */
  double pitch_x, pitch_y;    /* from a counter to the next one right / below */
  int columns, rows;
} RdtCutGrid;

typedef enum
{
  RDT_CUT_FRONT,
  RDT_CUT_BACK,
} RdtCutFace;

/* One cell of the plan: @unit_id NULL for a cell that is not used. */
typedef struct
{
  char *unit_id;
  RdtCutFace face;
} RdtCutSlot;

/* How units are laid out on the sheet, for rdt_countersheet_assign_in_order(). */
typedef enum
{
  RDT_CUT_ORDER_FRONTS,     /* every cell is the next unit's front */
  RDT_CUT_ORDER_PAIRS,      /* front, back of each unit in adjacent cells of a row */
  RDT_CUT_ORDER_ROW_PAIRS,  /* a row of fronts, then the row below holds their backs */
  RDT_CUT_ORDER_BACKS,      /* every cell is the next unit's back (a scan of the sheet's back) */
} RdtCutOrder;

int       rdt_cut_grid_n_cells       (const RdtCutGrid *grid);
void      rdt_cut_grid_clamp         (RdtCutGrid       *grid);
gboolean  rdt_cut_grid_check         (const RdtCutGrid *grid,
                                      int               scan_width,
                                      int               scan_height,
                                      GError          **error);
void      rdt_cut_grid_cell_origin   (const RdtCutGrid *grid,
                                      int               index,
                                      double           *x,
                                      double           *y);
int       rdt_cut_grid_cell_at       (const RdtCutGrid *grid,
                                      double            x,
                                      double            y);
/* From clicks: @a and @b two opposite corners of the first (top-left)
 * counter, @c and @d two opposite corners of the last (bottom-right) one;
 * @grid's columns and rows are kept. */
gboolean  rdt_cut_grid_from_corners  (RdtCutGrid       *grid,
                                      const double      a[2],
                                      const double      b[2],
                                      const double      c[2],
                                      const double      d[2],
                                      GError          **error);

void      rdt_cut_slots_clear        (RdtCutSlot       *slots,
                                      guint             n);
/* Fills @slots (@n cells of @grid, cleared first) with @unit_ids in order.
 * Returns the number of units that found no cell. */
guint     rdt_countersheet_assign_in_order (RdtCutSlot        *slots,
                                            const RdtCutGrid  *grid,
                                            const char *const *unit_ids,
                                            guint              n_units,
                                            RdtCutOrder        order);

/* "counters/ID-front.png": the reference written in the file.  Characters of
 * the id other than letters, digits, '-', '_' and '.' become '_', and a
 * leading '.' too, so the name never leaves the folder. */
char     *rdt_countersheet_art_ref   (const char       *unit_id,
                                      RdtCutFace        face);

/* A new image surface with cell @index of @scan, at the counter's size. */
cairo_surface_t *rdt_countersheet_cut (cairo_surface_t  *scan,
                                       const RdtCutGrid *grid,
                                       int               index);

/* The references of the plan's images that already exist in @folder
 * (a NULL-terminated array, empty when none). */
char    **rdt_countersheet_find_existing (const char       *folder,
                                          const RdtCutSlot *slots,
                                          guint             n);
gboolean  rdt_countersheet_write     (cairo_surface_t  *scan,
                                      const RdtCutGrid *grid,
                                      const RdtCutSlot *slots,
                                      guint             n,
                                      const char       *folder,
                                      gboolean          overwrite,
                                      GError          **error);

G_END_DECLS
