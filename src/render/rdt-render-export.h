/* rdt-render-export.h: whole maps or areas to PNG, SVG and PDF files.
 *
 * The editor's "Export" and "Export ruling image" and `redoubt-cli render` all
 * come here, so an exported ruling is drawn by the same code as the screen.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "rdt-map-renderer.h"

G_BEGIN_DECLS

#define RDT_RENDER_ERROR (rdt_render_error_quark ())

typedef enum {
  RDT_RENDER_ERROR_FORMAT,     /* unknown output format */
  RDT_RENDER_ERROR_AREA,       /* the area lies off the map */
  RDT_RENDER_ERROR_SIZE,       /* the image would be too large */
  RDT_RENDER_ERROR_WRITE,      /* cairo could not write the file */
} RdtRenderError;

GQuark rdt_render_error_quark (void);

/* The caps of an export (docs/cli-render.md, issue 11): at most
 * RDT_RENDER_MAX_SIDE pixels or points on a side (cairo's own limit is 32767),
 * and a PNG of at most RDT_RENDER_MAX_PIXELS pixels, i.e. 256 MiB of ARGB32
 * image memory (a 761 x 655 map at the default scale was a billion pixels,
 * 4.5 GB and 43 s). */
#define RDT_RENDER_MAX_SIDE 32000.0
#define RDT_RENDER_MAX_PIXELS (64.0 * 1024 * 1024)

typedef enum {
  RDT_RENDER_FORMAT_PNG,
  RDT_RENDER_FORMAT_SVG,
  RDT_RENDER_FORMAT_PDF,
} RdtRenderFormat;

typedef struct {
  RdtRenderFormat format;
  /* Pixels (PNG) or points (SVG, PDF) per map unit; 0 = RDT_RENDER_DEFAULT_SCALE. */
  double scale;
  /* Draw only the hexes within `area_radius` of `area_centre` (HEX:RADIUS). */
  gboolean use_area;
  RdtHex area_centre;
  int area_radius;
  const RdtRenderOverlay *overlays;
  guint n_overlays;
  /* (nullable) Text set under the map, e.g. a ruling's verdict. */
  const char *caption;
  /* RdtRenderLayers; 0 = all. */
  guint layers;
} RdtRenderExportOptions;

void             rdt_render_export_options_init  (RdtRenderExportOptions       *options);
/* From the file name's extension: .png, .svg, .pdf (any case). */
gboolean         rdt_render_format_from_path     (const char                   *path,
                                                  RdtRenderFormat              *out_format);
/* The map rectangle (map units) an export covers. */
gboolean         rdt_map_renderer_export_rect    (RdtMapRenderer               *self,
                                                  const RdtRenderExportOptions *options,
                                                  RdtRenderRect                *out_rect,
                                                  GError                      **error);
/* Draws the export onto `cr`, whose origin is the image's top-left corner;
 * returns the image size in device units. */
gboolean         rdt_map_renderer_draw_export    (RdtMapRenderer               *self,
                                                  cairo_t                      *cr,
                                                  const RdtRenderExportOptions *options,
                                                  GError                      **error);
gboolean         rdt_map_renderer_export_size    (RdtMapRenderer               *self,
                                                  const RdtRenderExportOptions *options,
                                                  double                       *out_width,
                                                  double                       *out_height,
                                                  GError                      **error);
/* The largest scale (at most options->scale) at which the export stays
 * within the caps above; 0 if even the smallest scale (1) does not. */
double           rdt_map_renderer_export_max_scale (RdtMapRenderer             *self,
                                                    const RdtRenderExportOptions *options);
/* (transfer full) An ARGB32 image of the export, for tests and the clipboard. */
cairo_surface_t *rdt_map_renderer_export_image   (RdtMapRenderer               *self,
                                                  const RdtRenderExportOptions *options,
                                                  GError                      **error);
gboolean         rdt_map_renderer_export_file    (RdtMapRenderer               *self,
                                                  const char                   *path,
                                                  const RdtRenderExportOptions *options,
                                                  GError                      **error);

G_END_DECLS
