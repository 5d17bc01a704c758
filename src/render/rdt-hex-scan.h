/* rdt-hex-scan.h: fills polygons from a repeating tile straight into pixels,
 * exactly as cairo 1.16 fills them without anti-aliasing (issue 15).
 *
 * The zoomed-in frame's terrain is one fill per terrain style: every hex of
 * the style as a sub-path, the source the style's repeating tile, no
 * anti-aliasing.  Cairo spends most of that fill on one pixman call per span.
 * This is the same scan conversion (cairo's "mono" scan converter: 24.8 fixed
 * point, rows and span ends rounded to whole pixels halves down, x taken at
 * y + 127/256 of the row, spans [x0, x1), gaps of one pixel inside one fill
 * closed, the winding rule; the path clipped to the clip box as cairo's
 * polygon clipping does), writing each span with memcpy from the tile.  Only
 * for what it reproduces exactly: an opaque tile with an integer offset, an
 * ARGB32 target, operator OVER, one clip box.  That code of cairo is the same
 * from 1.16 to its current sources; the test
 * /render/terrain/issue-15/scan-fill-identical-to-cairo compares the pixels
 * with those of the cairo in use at many scales, offsets and clips.
 *
 * Scratch buffers are kept between fills: a frame allocates nothing once
 * they have grown.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RdtHexScanEdge RdtHexScanEdge;

typedef struct {
  /* Clip box in device pixels, [x0, x1) x [y0, y1). */
  int x0;
  int y0;
  int x1;
  int y1;
  RdtHexScanEdge *edges;
  guint n_edges;
  guint edge_capacity;
  RdtHexScanEdge **active;
  guint64 *order;
  guint active_capacity;
} RdtHexScan;

void rdt_hex_scan_clear (RdtHexScan *scan);

/* Starts a fill clipped to the device box [x0, x1) x [y0, y1). */
void rdt_hex_scan_begin (RdtHexScan *scan,
                         int         x0,
                         int         y0,
                         int         x1,
                         int         y1);

/* Adds a closed polygon (a sub-path: move to the first point, lines to the
 * others, close) in device coordinates, as cairo would turn them into fixed
 * point. */
void rdt_hex_scan_add_polygon (RdtHexScan   *scan,
                               const double *x,
                               const double *y,
                               int           n);

/* Fills the polygons added since rdt_hex_scan_begin() with the winding rule:
 * device pixel (X, Y) of @dst (ARGB32, @dst_stride bytes a row) inside them
 * becomes tile pixel ((X - @tile_x) mod @tile_width, (Y - @tile_y) mod
 * @tile_height) (@tile_stride bytes a row, alpha 0xff).  The clip box must lie
 * inside @dst.  Forgets the polygons. */
void rdt_hex_scan_fill_tile (RdtHexScan     *scan,
                             guint32        *dst,
                             int             dst_stride,
                             const guint32  *tile,
                             int             tile_stride,
                             int             tile_width,
                             int             tile_height,
                             int             tile_x,
                             int             tile_y);

G_END_DECLS
