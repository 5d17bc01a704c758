/* rdt-gridless-render.c: drawing a gridless scenario (issue 18). */
#include "config.h"

#include <math.h>

#include "rdt-gridless-render.h"
#include "rdt-gridless-rules.h"

static void
path_points (cairo_t        *cr,
             const RdtPoint *p,
             guint           n,
             double          scale,
             gboolean        close)
{
  for (guint i = 0; i < n; i++)
    {
      if (i == 0)
        cairo_move_to (cr, p[i].x * scale, p[i].y * scale);
      else
        cairo_line_to (cr, p[i].x * scale, p[i].y * scale);
    }
  if (close && n > 0)
    cairo_close_path (cr);
}

static void
area_rgb (RdtGlAreaKind kind,
          double        rgb[3])
{
  static const double colours[][3] = {
    { 0.24, 0.48, 0.24 },   /* woods */
    { 0.54, 0.42, 0.35 },   /* buildings */
    { 0.48, 0.60, 0.54 },   /* marsh */
    { 0.29, 0.48, 0.72 },   /* river */
    { 0.29, 0.48, 0.72 },   /* stream */
    { 0.94, 0.91, 0.82 },   /* clear */
  };
  guint k = MIN ((guint) kind, G_N_ELEMENTS (colours) - 1);

  rgb[0] = colours[k][0];
  rgb[1] = colours[k][1];
  rgb[2] = colours[k][2];
}

static gboolean
first_side (const RdtGridless *g,
            const RdtGlPiece  *p)
{
  const RdtGlSide *s = g->sides->len > 0 ? g_ptr_array_index (g->sides, 0) : NULL;
  return s != NULL && g_strcmp0 (s->id, p->side) == 0;
}

void
rdt_gridless_render (cairo_t                        *cr,
                     const RdtGridless              *g,
                     double                          scale,
                     const RdtGridlessRenderOptions *options)
{
  RdtGridlessRenderOptions defaults = { .fof = TRUE, .labels = TRUE };
  double rgb[3];

  g_return_if_fail (cr != NULL && g != NULL && scale > 0);
  if (options == NULL)
    options = &defaults;

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_rectangle (cr, 0, 0, g->width * scale, g->height * scale);
  cairo_set_source_rgb (cr, 0.94, 0.91, 0.82);
  cairo_fill (cr);

  /* The scan under everything: its pixel (origin-x, origin-y) is the table's
   * corner and pixels-per-inch of its pixels make one inch (docs/format.md). */
  if (options->underlay != NULL && g->underlay_ppi > 0)
    {
      double opacity = options->underlay_opacity > 0 ? MIN (options->underlay_opacity, 1.0) : 1.0;

      cairo_save (cr);
      cairo_rectangle (cr, 0, 0, g->width * scale, g->height * scale);
      cairo_clip (cr);
      cairo_scale (cr, scale / g->underlay_ppi, scale / g->underlay_ppi);
      cairo_set_source_surface (cr, options->underlay, -g->underlay_origin_x, -g->underlay_origin_y);
      cairo_paint_with_alpha (cr, opacity);
      cairo_restore (cr);
    }

  /* Hills (G3), lowest level first, with the crest line (G7) dashed. */
  for (int level = 1; level <= RDT_GL_MAX_LEVEL; level++)
    for (guint i = 0; i < g->hills->len; i++)
      {
        const RdtGlHill *h = g_ptr_array_index (g->hills, i);
        const double dash[] = { 0.2 * scale, 0.1 * scale };

        if (h->level != level)
          continue;
        path_points (cr, (const RdtPoint *) h->points->data, h->points->len, scale, TRUE);
        cairo_set_source_rgba (cr, 0.78, 0.63, 0.38, 0.35);
        cairo_fill_preserve (cr);
        cairo_set_source_rgb (cr, 0.54, 0.42, 0.19);
        cairo_set_line_width (cr, MAX (1.0, 0.03 * scale));
        cairo_stroke (cr);
        path_points (cr, (const RdtPoint *) h->crest->data, h->crest->len, scale, FALSE);
        cairo_set_dash (cr, dash, 2, 0);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
  /* Terrain areas (G1). */
  for (guint i = 0; i < g->areas->len; i++)
    {
      const RdtGlArea *a = g_ptr_array_index (g->areas, i);
      area_rgb (a->kind, rgb);
      path_points (cr, (const RdtPoint *) a->points->data, a->points->len, scale, TRUE);
      cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], 0.75);
      cairo_fill (cr);
    }
  /* Rivers and streams, with fords (light) and bridges (dark). */
  for (guint i = 0; i < g->waters->len; i++)
    {
      const RdtGlWater *w = g_ptr_array_index (g->waters, i);
      area_rgb (w->river ? RDT_GL_AREA_RIVER : RDT_GL_AREA_STREAM, rgb);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      path_points (cr, (const RdtPoint *) w->points->data, w->points->len, scale, w->area);
      if (w->area)
        cairo_fill (cr);
      else
        {
          cairo_set_line_width (cr, MAX (1.0, (w->river ? 0.12 : 0.05) * scale));
          cairo_stroke (cr);
        }
      for (guint k = 0; k < w->crossings->len; k++)
        {
          const RdtGlCrossing *c = g_ptr_array_index (w->crossings, k);
          cairo_arc (cr, c->at.x * scale, c->at.y * scale, MAX (2.0, 0.12 * scale), 0, 2 * G_PI);
          if (c->bridge)
            cairo_set_source_rgb (cr, 0.33, 0.33, 0.33);
          else
            cairo_set_source_rgb (cr, 0.85, 0.78, 0.56);
          cairo_fill (cr);
        }
    }
  for (guint i = 0; i < g->roads->len; i++)
    {
      const RdtGlRoad *r = g_ptr_array_index (g->roads, i);
      path_points (cr, (const RdtPoint *) r->points->data, r->points->len, scale, FALSE);
      cairo_set_source_rgb (cr, 0.48, 0.35, 0.23);
      cairo_set_line_width (cr, MAX (1.0, 0.06 * scale));
      cairo_stroke (cr);
    }

  /* Fields of Fire (G5) under the blocks. */
  if (options->fof)
    for (guint i = 0; i < g->pieces->len; i++)
      {
        const RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
        RdtPoint zone[4];

        if (p->destroyed || (p->type != RDT_GL_INFANTRY && p->type != RDT_GL_DRAGOONS && p->type != RDT_GL_ARTILLERY))
          continue;
        rdt_gl_fof_zone (g, p, zone);
        path_points (cr, zone, 4, scale, TRUE);
        if (first_side (g, p))
          cairo_set_source_rgba (cr, 0.75, 0.19, 0.19, 0.12);
        else
          cairo_set_source_rgba (cr, 0.19, 0.31, 0.75, 0.12);
        cairo_fill_preserve (cr);
        cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
        cairo_set_line_width (cr, 1.0);
        cairo_stroke (cr);
      }

  /* The blocks: red for the first side, blue for the others; the front edge
   * white; Spent blocks paler; Road Column striped by a centre line. */
  for (guint i = 0; i < g->pieces->len; i++)
    {
      const RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
      RdtPoint c[4];
      double alpha = p->spent ? 0.55 : 1.0;

      if (p->destroyed)   /* issue 18: a destroyed piece has left the table */
        continue;
      rdt_gridless_piece_corners (g, p, c);
      path_points (cr, c, 4, scale, TRUE);
      if (first_side (g, p))
        cairo_set_source_rgba (cr, 0.75, 0.19, 0.19, alpha);
      else
        cairo_set_source_rgba (cr, 0.19, 0.31, 0.75, alpha);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, g_strcmp0 (options->selected, p->id) == 0 ? 3.0 : 1.0);
      cairo_stroke (cr);
      cairo_move_to (cr, c[0].x * scale, c[0].y * scale);
      cairo_line_to (cr, c[1].x * scale, c[1].y * scale);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, MAX (1.5, 0.05 * scale));
      cairo_stroke (cr);
      if (p->type == RDT_GL_HQ)
        {
          cairo_arc (cr, p->centre.x * scale, p->centre.y * scale, MAX (1.5, 0.07 * scale), 0, 2 * G_PI);
          cairo_set_source_rgb (cr, 1, 0.85, 0.2);
          cairo_fill (cr);
        }
      if (options->labels)
        {
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_set_font_size (cr, MAX (8.0, 0.22 * scale));
          cairo_move_to (cr, (p->centre.x + 0.45) * scale, (p->centre.y + 0.08) * scale);
          cairo_show_text (cr, p->id);
        }
    }
  cairo_restore (cr);
}
