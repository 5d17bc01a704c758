/* rdt-gridless-render.h: drawing a Pub Battles gridless scenario with cairo
 * (issue 18): terrain shapes, hills with their crest lines, rivers, streams
 * with their fords and bridges, roads, and the blocks with their front edge
 * and Field of Fire (G5 of docs/gridless-conventions.md).  Shared by the
 * editor's read-only view and anything that draws to a cairo surface. */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "rdt-gridless.h"

G_BEGIN_DECLS

typedef struct {
  gboolean fof;             /* draw the FoF zone of every block that projects one */
  gboolean labels;          /* piece ids beside the blocks */
  const char *selected;     /* (nullable) a piece drawn highlighted */
  /* (nullable) the decoded scan of the map's <underlay>, drawn under the
   * shapes at the file's pixels-per-inch and origin (issue 18) */
  cairo_surface_t *underlay;
  double underlay_opacity;  /* 0 to 1; 0 is taken as 1 */
} RdtGridlessRenderOptions;

/* Draws the whole table at @scale pixels per inch, origin at the table's
 * top-left corner, in the current user space of @cr. */
void rdt_gridless_render (cairo_t                        *cr,
                          const RdtGridless              *gridless,
                          double                          scale,
                          const RdtGridlessRenderOptions *options);

G_END_DECLS
