/* rdt-vassal-grid.h: VASSAL's hex grid and its numbering, as VASSAL computes
 * them (HexGrid, HexGridNumbering, RegularGridNumbering), and the Redoubt grid
 * settings and underlay calibration that show the same labels on the same scan.
 *
 * Written from reading VASSAL's source (vassalengine/vassal), not copied: a
 * point of the board is first swapped (x, y) if the grid is "sideways", then its
 * raw column is round((x - x0) / dx) and its raw row round((y - y0) / dy), less
 * half a hex in odd raw columns; the numbering then mirrors (descending), adds
 * one row in odd raw columns (stagger) and the offsets hOff and vOff.
 */
#pragma once

#include <glib.h>

#include "rdt-hex-grid.h"
#include "rdt-hex-labels.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

typedef struct {
  /* HexGrid */
  double dx;                /* distance between raw columns (VASSAL "dx") */
  double dy;                /* hex height, distance between rows (VASSAL "dy") */
  int x0, y0;               /* origin, in the grid's own (unswapped) frame */
  gboolean sideways;
  gboolean snap_to, edges_legal, corners_legal;
  /* HexGridNumbering (defaults as in VASSAL when the element is absent) */
  gboolean numbered;        /* a HexGridNumbering element was present */
  char first;               /* 'H' (column first) or 'V' */
  char *sep;
  char h_type, v_type;      /* 'N' numeric, 'A' alphabetic */
  int h_leading, v_leading;
  int h_off, v_off;
  gboolean h_descend, v_descend;
  gboolean stagger;
  char *location_format;
  /* The grid's container (board or zone) size, for descending numbering. */
  int width, height;
} RdtVassalGrid;

void     rdt_vassal_grid_init_defaults   (RdtVassalGrid *grid);
void     rdt_vassal_grid_clear           (RdtVassalGrid *grid);

/* VASSAL's numbers for an integer board point: column and row before hOff/vOff. */
int      rdt_vassal_grid_raw_column      (const RdtVassalGrid *grid, int px, int py);
int      rdt_vassal_grid_raw_row         (const RdtVassalGrid *grid, int px, int py);
int      rdt_vassal_grid_column          (const RdtVassalGrid *grid, int px, int py);
int      rdt_vassal_grid_row             (const RdtVassalGrid *grid, int px, int py);
/* The grid-location label VASSAL reports at a board point (RegularGridNumbering
 * getName: offsets, letters, leading zeros, separator, order). */
char    *rdt_vassal_grid_label_at        (const RdtVassalGrid *grid, int px, int py);
/* The location name VASSAL reports there (locationName: the grid's
 * locationFormat with $gridLocation$, $row$ and $column$ replaced), the form
 * an at-start stack's location is written in. */
char    *rdt_vassal_grid_location_at     (const RdtVassalGrid *grid, int px, int py);
/* The exact (unrounded) board point of the centre of raw hex (nx, ny). */
void     rdt_vassal_grid_raw_centre      (const RdtVassalGrid *grid, int nx, int ny,
                                          double *x, double *y);

/* The Redoubt grid and underlay calibration covering every hex whose centre
 * lies in the rectangle [left, right) x [top, bottom) of the board.  Fails with a
 * message when there is no hex or the grid is too large.  Redoubt's column and
 * row numbers are VASSAL's ascending ones (raw + offset, + 1 in odd raw lines
 * with stagger), descending numbering or not: rdt_vassal_grid_label_format()
 * gives the display labels VASSAL shows.  @out_drift: the largest distance in image pixels
 * between a Redoubt hex centre and VASSAL's (non-zero when dx/dy is not the
 * regular hexagon's sqrt(3)/2). */
gboolean rdt_vassal_grid_to_redoubt      (const RdtVassalGrid *grid,
                                          int                  left,
                                          int                  top,
                                          int                  right,
                                          int                  bottom,
                                          RdtGridSettings     *out_settings,
                                          RdtUnderlay         *out_underlay,
                                          double              *out_drift,
                                          GError             **error);
/* The integer board point VASSAL gives as the centre of the hex Redoubt
 * numbers @hex (HexGrid's truncation to whole pixels). */
void     rdt_vassal_grid_hex_point       (const RdtVassalGrid *grid, RdtHex hex,
                                          int *px, int *py);
/* The Redoubt hex of VASSAL's hex at a board point. */
RdtHex   rdt_vassal_grid_redoubt_hex_at  (const RdtVassalGrid *grid, int px, int py);
/* The display label format that shows VASSAL's label text on Redoubt's hexes
 * (letters, leading zeros, separator, order, descending numbers); the
 * separator is cut to RDT_HEX_LABEL_SEPARATOR_MAX - 1 bytes (the import
 * compares every hex's label and reports any difference). */
void     rdt_vassal_grid_label_format    (const RdtVassalGrid *grid,
                                          RdtHexLabelFormat   *out);

G_END_DECLS
