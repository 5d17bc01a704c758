/* rdt-render-export.c: maps and areas to image and document files. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "rdt-render-export.h"

G_DEFINE_QUARK (rdt-render-error-quark, rdt_render_error)

/* Margin around the map, in map units. */
#define EXPORT_MARGIN 0.3

void
rdt_render_export_options_init (RdtRenderExportOptions *options)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
  options->format = RDT_RENDER_FORMAT_PNG;
  options->scale = RDT_RENDER_DEFAULT_SCALE;
  options->layers = RDT_RENDER_LAYER_ALL;
}

gboolean
rdt_render_format_from_path (const char      *path,
                             RdtRenderFormat *out_format)
{
  const char *dot;

  g_return_val_if_fail (path != NULL, FALSE);
  dot = strrchr (path, '.');
  if (!dot)
    return FALSE;
  if (g_ascii_strcasecmp (dot, ".png") == 0)
    *out_format = RDT_RENDER_FORMAT_PNG;
  else if (g_ascii_strcasecmp (dot, ".svg") == 0)
    *out_format = RDT_RENDER_FORMAT_SVG;
  else if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    *out_format = RDT_RENDER_FORMAT_PDF;
  else
    return FALSE;
  return TRUE;
}

static double
options_scale (const RdtRenderExportOptions *options)
{
  return options->scale > 0 ? options->scale : RDT_RENDER_DEFAULT_SCALE;
}

gboolean
rdt_map_renderer_export_rect (RdtMapRenderer               *self,
                              const RdtRenderExportOptions *options,
                              RdtRenderRect                *out_rect,
                              GError                      **error)
{
  RdtRenderMap *map;
  RdtHexGrid *grid;
  g_autoptr(GArray) hexes = NULL;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  g_return_val_if_fail (RDT_IS_MAP_RENDERER (self), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  map = rdt_map_renderer_get_map (self);
  g_return_val_if_fail (map != NULL, FALSE);
  grid = rdt_render_map_get_grid (map);

  if (!options->use_area)
    {
      *out_rect = rdt_map_renderer_get_map_rect (self);
      out_rect->x -= EXPORT_MARGIN;
      out_rect->y -= EXPORT_MARGIN;
      out_rect->width += 2 * EXPORT_MARGIN;
      out_rect->height += 2 * EXPORT_MARGIN;
      return TRUE;
    }

  if (!rdt_hex_grid_contains (grid, options->area_centre) || options->area_radius < 0)
    {
      char label[RDT_HEX_LABEL_SIZE];
      rdt_hex_grid_format_label (grid, options->area_centre, label);
      g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_AREA,
                   _("The area %s:%d is not on the map"), label, options->area_radius);
      return FALSE;
    }
  hexes = rdt_hex_grid_range (grid, options->area_centre, options->area_radius);
  for (guint i = 0; i < hexes->len; i++)
    {
      double x, y;
      rdt_hex_grid_hex_centre (grid, g_array_index (hexes, RdtHex, i), &x, &y);
      x0 = MIN (x0, x - 1.0);
      y0 = MIN (y0, y - 1.0);
      x1 = MAX (x1, x + 1.0);
      y1 = MAX (y1, y + 1.0);
    }
  *out_rect = (RdtRenderRect) { x0 - EXPORT_MARGIN, y0 - EXPORT_MARGIN,
                                x1 - x0 + 2 * EXPORT_MARGIN, y1 - y0 + 2 * EXPORT_MARGIN };
  return TRUE;
}

static PangoLayout *
caption_layout (cairo_t    *cr,
                const char *caption,
                double      width,
                double      scale)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (desc, CLAMP (scale * 0.45, 10.0, 16.0) * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, caption, -1);
  return layout;
}

static double
caption_height (const RdtRenderExportOptions *options,
                double                        width)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *layout;
  int h;

  if (!options->caption || !options->caption[0])
    return 0;
  /* Measure on a scratch surface; pango needs a cairo context for metrics. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout = caption_layout (cr, options->caption, width, options_scale (options));
  pango_layout_get_pixel_size (layout, NULL, &h);
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return h + 16.0;
}

gboolean
rdt_map_renderer_export_size (RdtMapRenderer               *self,
                              const RdtRenderExportOptions *options,
                              double                       *out_width,
                              double                       *out_height,
                              GError                      **error)
{
  RdtRenderRect rect;
  double scale = options_scale (options);
  double w, h;

  if (!rdt_map_renderer_export_rect (self, options, &rect, error))
    return FALSE;
  w = ceil (rect.width * scale);
  h = ceil (rect.height * scale);
  /* Checked before the caption is laid out: a huge width would make pango
   * wrap nothing for nothing. */
  if (w <= RDT_RENDER_MAX_SIDE)
    h += ceil (caption_height (options, w - 16.0));
  if (w > RDT_RENDER_MAX_SIDE || h > RDT_RENDER_MAX_SIDE)
    {
      g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_SIZE,
                   _("The image would be %.0f x %.0f at scale %g, more than %.0f on a side; use a smaller scale or an area"),
                   w, h, scale, RDT_RENDER_MAX_SIDE);
      return FALSE;
    }
  if (options->format == RDT_RENDER_FORMAT_PNG && w * h > RDT_RENDER_MAX_PIXELS)
    {
      g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_SIZE,
                   _("The image would be %.0f x %.0f pixels at scale %g (%.0f megapixels, %.0f MiB), more than the cap of %.0f megapixels; use a smaller scale or an area"),
                   w, h, scale, w * h / (1024.0 * 1024.0), w * h * 4 / (1024.0 * 1024.0),
                   RDT_RENDER_MAX_PIXELS / (1024.0 * 1024.0));
      return FALSE;
    }
  *out_width = w;
  *out_height = h;
  return TRUE;
}

gboolean
rdt_map_renderer_draw_export (RdtMapRenderer               *self,
                              cairo_t                      *cr,
                              const RdtRenderExportOptions *options,
                              GError                      **error)
{
  RdtRenderRect rect, dev;
  RdtRenderView view;
  double scale = options_scale (options);
  double w, h, map_h;
  guint old_layers;

  if (!rdt_map_renderer_export_rect (self, options, &rect, error)
      || !rdt_map_renderer_export_size (self, options, &w, &h, error))
    return FALSE;
  map_h = ceil (rect.height * scale);
  view = rdt_render_view_make (scale, -rect.x * scale, -rect.y * scale);
  dev = (RdtRenderRect) { 0, 0, w, map_h };

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_set_source_rgb (cr, 1.0, 0.99, 0.96);
  cairo_fill (cr);

  old_layers = rdt_map_renderer_get_layers (self);
  rdt_map_renderer_set_layers (self, options->layers ? options->layers : RDT_RENDER_LAYER_ALL);
  rdt_map_renderer_draw (self, cr, &view, &dev);
  rdt_map_renderer_set_layers (self, old_layers);
  cairo_save (cr);
  cairo_rectangle (cr, dev.x, dev.y, dev.width, dev.height);
  cairo_clip (cr);
  rdt_map_renderer_draw_overlays (self, cr, &view, &dev, options->overlays, options->n_overlays);
  cairo_restore (cr);

  if (options->caption && options->caption[0])
    {
      PangoLayout *layout = caption_layout (cr, options->caption, w - 16.0, scale);
      cairo_move_to (cr, 0, map_h);
      cairo_line_to (cr, w, map_h);
      cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      cairo_move_to (cr, 8.0, map_h + 8.0);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
  cairo_restore (cr);
  return TRUE;
}

double
rdt_map_renderer_export_max_scale (RdtMapRenderer               *self,
                                   const RdtRenderExportOptions *options)
{
  RdtRenderExportOptions o;
  double lo = 1.0, hi, w, h;

  g_return_val_if_fail (RDT_IS_MAP_RENDERER (self), 0);
  g_return_val_if_fail (options != NULL, 0);
  o = *options;
  hi = options_scale (options);
  o.scale = hi;
  if (rdt_map_renderer_export_size (self, &o, &w, &h, NULL))
    return hi;
  o.scale = lo;
  if (!rdt_map_renderer_export_size (self, &o, &w, &h, NULL))
    return 0;
  /* The size grows with the scale (the caption's too), so bisect; a tenth
   * of a unit is as fine as a user gives --scale. */
  while (hi - lo > 0.05)
    {
      o.scale = (lo + hi) / 2;
      if (rdt_map_renderer_export_size (self, &o, &w, &h, NULL))
        lo = o.scale;
      else
        hi = o.scale;
    }
  return floor (lo * 10) / 10;
}

cairo_surface_t *
rdt_map_renderer_export_image (RdtMapRenderer               *self,
                               const RdtRenderExportOptions *options,
                               GError                      **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;
  gboolean ok;

  if (!rdt_map_renderer_export_size (self, options, &w, &h, error))
    return NULL;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_SIZE,
                   _("Could not make a %.0f x %.0f image: %s"), w, h,
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  cr = cairo_create (surface);
  ok = rdt_map_renderer_draw_export (self, cr, options, error);
  cairo_destroy (cr);
  if (!ok)
    g_clear_pointer (&surface, cairo_surface_destroy);
  return surface;
}

static gboolean
check_status (cairo_status_t status,
              const char    *path,
              GError       **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_WRITE,
               _("Could not write %s: %s"), path, cairo_status_to_string (status));
  return FALSE;
}

gboolean
rdt_map_renderer_export_file (RdtMapRenderer               *self,
                              const char                   *path,
                              const RdtRenderExportOptions *options,
                              GError                      **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  double w, h;
  gboolean ok;

  g_return_val_if_fail (RDT_IS_MAP_RENDERER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  if (options->format == RDT_RENDER_FORMAT_PNG)
    {
      surface = rdt_map_renderer_export_image (self, options, error);
      if (!surface)
        return FALSE;
      status = cairo_surface_write_to_png (surface, path);
      cairo_surface_destroy (surface);
      return check_status (status, path, error);
    }

  if (!rdt_map_renderer_export_size (self, options, &w, &h, error))
    return FALSE;
  if (options->format == RDT_RENDER_FORMAT_SVG)
    surface = cairo_svg_surface_create (path, w, h);
  else if (options->format == RDT_RENDER_FORMAT_PDF)
    surface = cairo_pdf_surface_create (path, w, h);
  else
    {
      g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_FORMAT,
                   _("Unknown output format"));
      return FALSE;
    }
  if (!check_status (cairo_surface_status (surface), path, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  cr = cairo_create (surface);
  ok = rdt_map_renderer_draw_export (self, cr, options, error);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return ok && check_status (status, path, error);
}
