/* rdt-map-renderer.c: draws a map into any cairo_t (see the header). */
#include "config.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>
#include <pixman.h>

#include "rdt-hex-scan.h"
#include "rdt-map-renderer.h"
#include "rdt-map-renderer-private.h"
#include "rdt-render-map-private.h"
#include "rdt-sprite-runs.h"

#define SQRT3 1.73205080756887729353
#define HALF_SQRT3 0.86602540378443864676

/* Counter geometry in map units: a counter is a square a little smaller than
 * the hex, and each counter lower in a stack peeks out up and to the left. */
#define COUNTER_SIDE 1.05
#define STACK_OFFSET 0.09
#define MAX_STACK_DRAWN 5

typedef struct {
  int index;
  RdtHex hex;
  double x;
  double y;
} VisibleHex;

typedef enum {
  FONT_REGULAR,
  FONT_BOLD,
  N_FONT_KINDS
} FontKind;

typedef struct {
  FontKind kind;
  double size;
  PangoFont *font;
  cairo_scaled_font_t *scaled;     /* owned by `font` */
  unsigned long digit_glyph[10];
  double digit_advance[10];
  double ascent;
  guint last_used;
} FontEntry;

#define N_FONT_ENTRIES 24

/* A terrain style's repeating tile at one scale (see draw_terrain()). */
typedef struct {
  cairo_pattern_t *pattern;
  double scale;
  gboolean grid;
  guint32 fill_rgb;
  guint32 pattern_rgb;
  RdtRenderPattern kind;
} StyleTile;

/* Styles 0-254 and a blank one for grid-only drawing. */
#define N_STYLE_TILES 256
/* Above this many pixels per map unit terrain is drawn hex by hex.  A tile
 * is at most 2048 pixels high and 3 map units wide (flat-top), so at most
 * about 4.9 MB at 200 (issue 15: drawn hex by hex, a frame at 101 took three
 * times one at 100). */
#define MAX_TILED_SCALE 200.0

struct _RdtMapRenderer
{
  GObject parent_instance;

  RdtRenderMap *map;
  guint layers;

  /* Corner k of any hex relative to its centre, in map units. */
  double corner_x[6];
  double corner_y[6];

  /* Scratch buffers reused frame after frame. */
  VisibleHex *visible;
  guint n_visible;
  guint visible_capacity;
  cairo_glyph_t *glyphs;
  guint glyph_capacity;

  PangoContext *pango_context;
  FontEntry fonts[N_FONT_ENTRIES];
  guint font_clock;

  StyleTile style_tiles[N_STYLE_TILES];

  GHashTable *sprites;      /* (style, sub-pixel offset) -> Sprite */
  double sprite_scale;
  gboolean sprite_grid;
  GHashTable *side_sprites; /* (direction, high side, offset) -> SideSprite */
  double side_sprite_scale;
  gboolean vector_target;   /* drawing into SVG, PDF or PostScript */
  GHashTable *counter_sprites;  /* counter index and top flag -> SideSprite */
  double counter_sprite_scale;
  guint64 counter_sprite_serial;
  guint counter_sprites_drawn;  /* for the tests (issue 16) */

  /* During rdt_map_renderer_draw() into an image surface: the target as a
   * pixman image, clipped like the cairo_t, where sprites are copied
   * without cairo's per-call overhead (issue 15; NULL: through cairo). */
  pixman_image_t *blit_dst;
  cairo_surface_t *blit_target;
  int blit_dx;
  int blit_dy;
  gboolean no_direct_blit;  /* tests: always through cairo */
  gboolean labels_in_one_run;   /* tests: as before issue 15 */
  double frame_pixels;          /* area drawn by this rdt_map_renderer_draw() */

  /* Terrain tiles filled straight into an ARGB32 target clipped to one box
   * (issue 15, rdt-hex-scan.h): the box in device pixels, the user-to-device
   * translation in the two steps cairo adds it (matrix, device offset). */
  gboolean scan_ok;
  int scan_box[4];
  double blit_mx0;
  double blit_my0;
  double blit_ox;
  double blit_oy;
  RdtHexScan scan;
};

G_DEFINE_FINAL_TYPE (RdtMapRenderer, rdt_map_renderer, G_TYPE_OBJECT)

static void style_tile_clear (StyleTile *tile);

/* Colours. */

static inline void
set_rgb (cairo_t *cr,
         guint32  rgb)
{
  cairo_set_source_rgb (cr,
                        ((rgb >> 16) & 0xff) / 255.0,
                        ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

static inline void
set_rgba (cairo_t *cr,
          guint32  rgba)
{
  cairo_set_source_rgba (cr,
                         ((rgba >> 24) & 0xff) / 255.0,
                         ((rgba >> 16) & 0xff) / 255.0,
                         ((rgba >> 8) & 0xff) / 255.0,
                         (rgba & 0xff) / 255.0);
}

static inline guint
luminance (guint32 rgb)
{
  return (((rgb >> 16) & 0xff) * 3 + ((rgb >> 8) & 0xff) * 6 + (rgb & 0xff)) / 10;
}

static inline guint32
mix_rgb (guint32 a,
         guint32 b,
         double  t)
{
  guint r = (guint) (((a >> 16) & 0xff) * (1 - t) + ((b >> 16) & 0xff) * t);
  guint g = (guint) (((a >> 8) & 0xff) * (1 - t) + ((b >> 8) & 0xff) * t);
  guint bl = (guint) ((a & 0xff) * (1 - t) + (b & 0xff) * t);

  return (r << 16) | (g << 8) | bl;
}

/* Fonts: Pango chooses the font as GTK would, and text is drawn as cairo glyph
 * runs from cached scaled fonts, so a frame full of labels is one
 * cairo_show_glyphs call and allocates nothing. */

static void
font_entry_clear (FontEntry *entry)
{
  g_clear_object (&entry->font);
  entry->scaled = NULL;
  entry->size = 0;
}

static FontEntry *
get_font (RdtMapRenderer *self,
          FontKind        kind,
          double          size)
{
  FontEntry *victim = NULL;
  PangoFontDescription *desc;
  cairo_glyph_t *glyphs = NULL;
  int n_glyphs = 0;
  cairo_font_extents_t fext;

  /* Sizes are quantised so a smooth zoom does not thrash the cache. */
  size = MAX (1.0, floor (size * 4.0 + 0.5) / 4.0);
  self->font_clock++;
  for (guint i = 0; i < N_FONT_ENTRIES; i++)
    {
      FontEntry *e = &self->fonts[i];
      if (e->font && e->kind == kind && e->size == size)
        {
          e->last_used = self->font_clock;
          return e;
        }
      if (!victim || !e->font || (victim->font && e->last_used < victim->last_used))
        victim = e;
    }

  font_entry_clear (victim);
  desc = pango_font_description_from_string (kind == FONT_BOLD ? "Sans Bold" : "Sans");
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  victim->font = pango_context_load_font (self->pango_context, desc);
  pango_font_description_free (desc);
  victim->kind = kind;
  victim->size = size;
  victim->last_used = self->font_clock;
  if (victim->font)
    victim->scaled = pango_cairo_font_get_scaled_font (PANGO_CAIRO_FONT (victim->font));
  if (!victim->scaled || cairo_scaled_font_status (victim->scaled) != CAIRO_STATUS_SUCCESS)
    {
      /* No usable font: text is skipped, the map still draws. */
      font_entry_clear (victim);
      return NULL;
    }

  cairo_scaled_font_extents (victim->scaled, &fext);
  victim->ascent = fext.ascent;
  if (cairo_scaled_font_text_to_glyphs (victim->scaled, 0, 0, "0123456789", 10,
                                        &glyphs, &n_glyphs, NULL, NULL, NULL)
      == CAIRO_STATUS_SUCCESS && n_glyphs == 10)
    {
      for (int d = 0; d < 10; d++)
        {
          cairo_text_extents_t ext;
          victim->digit_glyph[d] = glyphs[d].index;
          cairo_scaled_font_glyph_extents (victim->scaled, &glyphs[d], 1, &ext);
          victim->digit_advance[d] = ext.x_advance;
        }
    }
  else
    memset (victim->digit_advance, 0, sizeof victim->digit_advance);
  cairo_glyph_free (glyphs);
  return victim;
}

static cairo_glyph_t *
ensure_glyphs (RdtMapRenderer *self,
               guint           n)
{
  if (n > self->glyph_capacity)
    {
      self->glyph_capacity = MAX (n, self->glyph_capacity * 2);
      self->glyphs = g_renew (cairo_glyph_t, self->glyphs, self->glyph_capacity);
    }
  return self->glyphs;
}

typedef enum {
  ALIGN_CENTRE,
  ALIGN_LEFT,
} TextAlign;

/* Lays `text` out as glyphs at (x, y) where y is the text's vertical middle.
 * Writes into the glyph scratch buffer from `offset`; returns the number of
 * glyphs, or 0. */
static int
layout_text (RdtMapRenderer *self,
             FontEntry      *font,
             const char     *text,
             double          x,
             double          y,
             TextAlign       align,
             guint           offset,
             double         *out_width)
{
  int len = strlen (text);
  cairo_glyph_t *glyphs;
  int n_glyphs;
  cairo_text_extents_t ext;
  double dx;

  if (len == 0 || !font)
    return 0;
  glyphs = ensure_glyphs (self, offset + len + 1) + offset;
  n_glyphs = len + 1;
  /* With a buffer at least as long as the text cairo writes into it. */
  if (cairo_scaled_font_text_to_glyphs (font->scaled, 0, 0, text, len,
                                        &glyphs, &n_glyphs, NULL, NULL, NULL)
      != CAIRO_STATUS_SUCCESS)
    return 0;
  if (glyphs != self->glyphs + offset)
    {
      /* cairo allocated after all (a string of many multi-glyph characters). */
      cairo_glyph_t *mine = ensure_glyphs (self, offset + n_glyphs) + offset;
      memcpy (mine, glyphs, n_glyphs * sizeof *glyphs);
      cairo_glyph_free (glyphs);
      glyphs = mine;
    }
  cairo_scaled_font_glyph_extents (font->scaled, glyphs, n_glyphs, &ext);
  dx = align == ALIGN_CENTRE ? x - ext.x_advance / 2.0 : x;
  for (int i = 0; i < n_glyphs; i++)
    {
      glyphs[i].x += dx;
      glyphs[i].y = y + font->ascent * 0.36;
    }
  if (out_width)
    *out_width = ext.x_advance;
  return n_glyphs;
}

static void
show_text (RdtMapRenderer *self,
           cairo_t        *cr,
           FontEntry      *font,
           const char     *text,
           double          x,
           double          y,
           TextAlign       align)
{
  int n = layout_text (self, font, text, x, y, align, 0, NULL);

  if (n > 0)
    {
      cairo_set_scaled_font (cr, font->scaled);
      cairo_show_glyphs (cr, self->glyphs, n);
    }
}

/* Text with a halo of `halo_rgb`, for names written over busy terrain. */
static void
show_text_halo (RdtMapRenderer *self,
                cairo_t        *cr,
                FontEntry      *font,
                const char     *text,
                double          x,
                double          y,
                guint32         rgb,
                guint32         halo_rgb)
{
  int n = layout_text (self, font, text, x, y, ALIGN_CENTRE, 0, NULL);

  if (n <= 0)
    return;
  cairo_set_scaled_font (cr, font->scaled);
  cairo_new_path (cr);
  cairo_glyph_path (cr, self->glyphs, n);
  set_rgb (cr, halo_rgb);
  cairo_set_line_width (cr, MAX (2.0, font->size * 0.25));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke_preserve (cr);
  set_rgb (cr, rgb);
  cairo_fill (cr);
}

/* Object life. */

static void
update_geometry (RdtMapRenderer *self)
{
  RdtHexGrid *grid;
  const RdtGridSettings *s;
  RdtHex first;
  double cx, cy;

  if (!self->map)
    return;
  grid = self->map->grid;
  s = rdt_hex_grid_get_settings (grid);
  first = (RdtHex) { s->first_column, s->first_row };
  rdt_hex_grid_hex_centre (grid, first, &cx, &cy);
  for (guint k = 0; k < 6; k++)
    {
      double x, y;
      rdt_hex_grid_corner_point (grid, rdt_hex_grid_corner_of (grid, first, k), &x, &y);
      self->corner_x[k] = x - cx;
      self->corner_y[k] = y - cy;
    }
}

static void
rdt_map_renderer_finalize (GObject *object)
{
  RdtMapRenderer *self = RDT_MAP_RENDERER (object);

  for (guint i = 0; i < N_FONT_ENTRIES; i++)
    font_entry_clear (&self->fonts[i]);
  for (guint i = 0; i < N_STYLE_TILES; i++)
    style_tile_clear (&self->style_tiles[i]);
  g_clear_pointer (&self->sprites, g_hash_table_unref);
  g_clear_pointer (&self->side_sprites, g_hash_table_unref);
  g_clear_pointer (&self->counter_sprites, g_hash_table_unref);
  g_clear_object (&self->pango_context);
  g_clear_pointer (&self->map, rdt_render_map_unref);
  g_clear_pointer (&self->visible, g_free);
  g_clear_pointer (&self->glyphs, g_free);
  rdt_hex_scan_clear (&self->scan);

  G_OBJECT_CLASS (rdt_map_renderer_parent_class)->finalize (object);
}

static void
rdt_map_renderer_class_init (RdtMapRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = rdt_map_renderer_finalize;
}

static void
rdt_map_renderer_init (RdtMapRenderer *self)
{
  PangoFontMap *font_map = pango_cairo_font_map_get_default ();
  cairo_font_options_t *options = cairo_font_options_create ();

  self->layers = RDT_RENDER_LAYER_ALL;
  self->pango_context = pango_font_map_create_context (font_map);
  /* Device units are pixels: a font of absolute size N is N pixels high.
   * Hinting would make glyph metrics vary with size; the map scales smoothly. */
  pango_cairo_context_set_resolution (self->pango_context, 72.0);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (self->pango_context, options);
  cairo_font_options_destroy (options);
}

RdtMapRenderer *
rdt_map_renderer_new (RdtRenderMap *map)
{
  RdtMapRenderer *self = g_object_new (RDT_TYPE_MAP_RENDERER, NULL);

  if (map)
    rdt_map_renderer_set_map (self, map);
  return self;
}

RdtRenderMap *
rdt_map_renderer_get_map (RdtMapRenderer *self)
{
  g_return_val_if_fail (RDT_IS_MAP_RENDERER (self), NULL);
  return self->map;
}

void
rdt_map_renderer_set_map (RdtMapRenderer *self,
                          RdtRenderMap   *map)
{
  double old_x[6], old_y[6];

  g_return_if_fail (RDT_IS_MAP_RENDERER (self));

  if (map == self->map)
    return;
  if (map)
    rdt_render_map_ref (map);
  g_clear_pointer (&self->map, rdt_render_map_unref);
  self->map = map;
  memcpy (old_x, self->corner_x, sizeof old_x);
  memcpy (old_y, self->corner_y, sizeof old_y);
  update_geometry (self);
  /* Counter sprites hold indices within a map (another map's serial could
   * match by chance); sprites and tiles hold the grid's orientation. */
  if (self->counter_sprites)
    g_hash_table_remove_all (self->counter_sprites);
  if (memcmp (old_x, self->corner_x, sizeof old_x) != 0
      || memcmp (old_y, self->corner_y, sizeof old_y) != 0)
    {
      if (self->sprites)
        g_hash_table_remove_all (self->sprites);
      if (self->side_sprites)
        g_hash_table_remove_all (self->side_sprites);
      for (guint i = 0; i < N_STYLE_TILES; i++)
        style_tile_clear (&self->style_tiles[i]);
    }
}

guint
rdt_map_renderer_get_layers (RdtMapRenderer *self)
{
  g_return_val_if_fail (RDT_IS_MAP_RENDERER (self), 0);
  return self->layers;
}

void
rdt_map_renderer_set_layers (RdtMapRenderer *self,
                             guint           layers)
{
  g_return_if_fail (RDT_IS_MAP_RENDERER (self));
  self->layers = layers;
}

RdtRenderRect
rdt_map_renderer_get_map_rect (RdtMapRenderer *self)
{
  RdtRenderRect r = { 0, 0, 0, 0 };

  g_return_val_if_fail (RDT_IS_MAP_RENDERER (self), r);
  if (self->map)
    rdt_hex_grid_map_size (self->map->grid, &r.width, &r.height);
  return r;
}

/* Culling: which hexes meet the visible rectangle. */

static void
visible_device_rect (cairo_t             *cr,
                     const RdtRenderRect *visible,
                     RdtRenderRect       *out)
{
  if (visible)
    *out = *visible;
  else
    {
      double x1, y1, x2, y2;
      cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
      *out = (RdtRenderRect) { x1, y1, x2 - x1, y2 - y1 };
    }
}

/* Collects the on-map hexes whose centre lies within `margin` map units of the
 * rectangle (map units).  A margin of at least 1 catches every hex that meets
 * it, and every hex owning a hexside that meets it. */
static void
collect_visible (RdtMapRenderer      *self,
                 const RdtRenderView *view,
                 const RdtRenderRect *rect,
                 double               margin)
{
  RdtHexGrid *grid = self->map->grid;
  const RdtGridSettings *s = rdt_hex_grid_get_settings (grid);
  gboolean flat = s->orientation == RDT_GRID_FLAT_TOP;
  int first_line = flat ? s->first_column : s->first_row;
  int n_lines = flat ? s->columns : s->rows;
  int first_pos = flat ? s->first_row : s->first_column;
  int n_pos = flat ? s->rows : s->columns;
  double a0, b0, amin, amax, bmin, bmax;
  int l0, l1, p0, p1;
  double xmin = rect->x - margin, xmax = rect->x + rect->width + margin;
  double ymin = rect->y - margin, ymax = rect->y + rect->height + margin;
  guint n = 0;

  rdt_hex_grid_hex_centre (grid, (RdtHex) { s->first_column, s->first_row }, &a0, &b0);
  if (!flat)
    {
      double t = a0;
      a0 = b0;
      b0 = t;
    }
  amin = flat ? xmin : ymin;
  amax = flat ? xmax : ymax;
  bmin = flat ? ymin : xmin;
  bmax = flat ? ymax : xmax;

  /* Lines are 1.5 apart; positions sqrt(3) apart, shifted by up to half that. */
  l0 = MAX (0, (int) floor ((amin - a0) / 1.5) - 1);
  l1 = MIN (n_lines - 1, (int) ceil ((amax - a0) / 1.5) + 1);
  p0 = MAX (0, (int) floor ((bmin - b0) / SQRT3) - 1);
  p1 = MIN (n_pos - 1, (int) ceil ((bmax - b0) / SQRT3) + 1);
  self->n_visible = 0;
  if (l0 > l1 || p0 > p1)
    return;

  if ((guint) ((l1 - l0 + 1) * (p1 - p0 + 1)) > self->visible_capacity)
    {
      self->visible_capacity = (l1 - l0 + 1) * (p1 - p0 + 1);
      self->visible = g_renew (VisibleHex, self->visible, self->visible_capacity);
    }

  for (int l = l0; l <= l1; l++)
    for (int p = p0; p <= p1; p++)
      {
        RdtHex hex = flat ? (RdtHex) { first_line + l, first_pos + p }
                          : (RdtHex) { first_pos + p, first_line + l };
        double x, y;
        VisibleHex *v;

        rdt_hex_grid_hex_centre (grid, hex, &x, &y);
        if (x < xmin || x > xmax || y < ymin || y > ymax)
          continue;
        v = &self->visible[n++];
        v->hex = hex;
        v->index = rdt_hex_grid_hex_index (grid, hex);
        v->x = view->origin_x + view->scale * x;
        v->y = view->origin_y + view->scale * y;
      }
  self->n_visible = n;
}

/* Paths. */

static inline void
hex_path (RdtMapRenderer *self,
          cairo_t        *cr,
          double          x,
          double          y,
          double          scale)
{
  cairo_move_to (cr, x + self->corner_x[0] * scale, y + self->corner_y[0] * scale);
  for (int k = 1; k < 6; k++)
    cairo_line_to (cr, x + self->corner_x[k] * scale, y + self->corner_y[k] * scale);
  cairo_close_path (cr);
}

/* A line of width `w` from (x1, y1) to (x2, y2) as a filled rectangle with
 * square ends, so lines meeting at a hex corner close up. */
static void
add_segment (cairo_t *cr,
             double   x1,
             double   y1,
             double   x2,
             double   y2,
             double   w)
{
  double dx = x2 - x1, dy = y2 - y1;
  double len = hypot (dx, dy);
  double ux, uy, px, py;

  if (len <= 0)
    return;
  ux = dx / len * w / 2;
  uy = dy / len * w / 2;
  px = -uy;
  py = ux;
  /* Consistent winding with the other sub-paths does not matter: the fill
   * rule is WINDING and overlaps of the same colour are harmless. */
  cairo_move_to (cr, x1 - ux + px, y1 - uy + py);
  cairo_line_to (cr, x2 + ux + px, y2 + uy + py);
  cairo_line_to (cr, x2 + ux - px, y2 + uy - py);
  cairo_line_to (cr, x1 - ux - px, y1 - uy - py);
  cairo_close_path (cr);
}

/* Hexside `dir` of a hex at device (x, y) runs from corner dir to corner dir+1. */
static inline void
side_points (RdtMapRenderer *self,
             double          x,
             double          y,
             double          scale,
             int             dir,
             double         *x1,
             double         *y1,
             double         *x2,
             double         *y2)
{
  int k2 = (dir + 1) % 6;

  *x1 = x + self->corner_x[dir] * scale;
  *y1 = y + self->corner_y[dir] * scale;
  *x2 = x + self->corner_x[k2] * scale;
  *y2 = y + self->corner_y[k2] * scale;
}

static inline guint32
side_flags (RdtMapRenderer *self,
            int             index,
            int             dir)
{
  return self->map->sides[index * RDT_N_DIRECTIONS + dir];
}

/* The hex that draws a hexside: the one seeing it in directions 0-2, or the
 * on-map one for map-edge hexsides. */
static inline gboolean
owns_side (RdtMapRenderer *self,
           RdtHex          hex,
           int             dir)
{
  if (dir < 3)
    return TRUE;
  return !rdt_hex_grid_contains (self->map->grid,
                                 rdt_hex_grid_neighbour (self->map->grid, hex, dir));
}

/* Layers. */

static void
add_pattern (RdtMapRenderer   *self,
             cairo_t          *cr,
             RdtRenderPattern  pattern,
             double            x,
             double            y,
             double            s)
{
  static const double trees[][2] = {
    { -0.45, -0.35 }, { 0.05, -0.5 }, { 0.5, -0.25 }, { -0.55, 0.2 },
    { -0.05, 0.0 }, { 0.45, 0.3 }, { -0.2, 0.5 }, { 0.25, 0.6 },
  };
  static const double light_trees[][2] = {
    { -0.4, -0.3 }, { 0.35, -0.35 }, { 0.0, 0.2 }, { -0.45, 0.45 }, { 0.45, 0.45 },
  };

  switch (pattern)
    {
    case RDT_RENDER_PATTERN_TREES:
      for (guint i = 0; i < G_N_ELEMENTS (trees); i++)
        {
          cairo_move_to (cr, x + (trees[i][0] + 0.17) * s, y + trees[i][1] * s);
          cairo_arc (cr, x + trees[i][0] * s, y + trees[i][1] * s, 0.17 * s, 0, 2 * G_PI);
        }
      break;
    case RDT_RENDER_PATTERN_LIGHT_TREES:
      for (guint i = 0; i < G_N_ELEMENTS (light_trees); i++)
        {
          cairo_move_to (cr, x + (light_trees[i][0] + 0.13) * s, y + light_trees[i][1] * s);
          cairo_arc (cr, x + light_trees[i][0] * s, y + light_trees[i][1] * s, 0.13 * s, 0, 2 * G_PI);
        }
      break;
    case RDT_RENDER_PATTERN_ORCHARD:
      for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++)
          {
            double px = x + i * 0.42 * s, py = y + j * 0.42 * s;
            cairo_move_to (cr, px + 0.08 * s, py);
            cairo_arc (cr, px, py, 0.08 * s, 0, 2 * G_PI);
          }
      break;
    case RDT_RENDER_PATTERN_MARSH:
      for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i += 2)
          {
            double py = y + j * 0.4 * s, px = x + i * 0.22 * s + j * 0.12 * s;
            cairo_rectangle (cr, px - 0.18 * s, py - 0.025 * s, 0.36 * s, 0.05 * s);
          }
      break;
    case RDT_RENDER_PATTERN_BUILDINGS:
      cairo_rectangle (cr, x - 0.45 * s, y - 0.35 * s, 0.3 * s, 0.22 * s);
      cairo_rectangle (cr, x + 0.1 * s, y - 0.3 * s, 0.22 * s, 0.3 * s);
      cairo_rectangle (cr, x - 0.2 * s, y + 0.15 * s, 0.36 * s, 0.22 * s);
      break;
    case RDT_RENDER_PATTERN_FIELDS:
      for (int j = -2; j <= 2; j++)
        cairo_rectangle (cr, x - 0.55 * s, y + j * 0.25 * s - 0.02 * s, 1.1 * s, 0.04 * s);
      break;
    case RDT_RENDER_PATTERN_WAVES:
      for (int j = -1; j <= 1; j++)
        {
          double py = y + j * 0.38 * s;
          cairo_move_to (cr, x - 0.4 * s, py);
          cairo_curve_to (cr, x - 0.2 * s, py - 0.12 * s, x, py + 0.12 * s, x + 0.2 * s, py);
          cairo_curve_to (cr, x + 0.3 * s, py - 0.06 * s, x + 0.35 * s, py - 0.06 * s, x + 0.4 * s, py);
          cairo_line_to (cr, x + 0.4 * s, py + 0.05 * s);
          cairo_curve_to (cr, x + 0.2 * s, py + 0.05 * s, x, py + 0.17 * s, x - 0.4 * s, py + 0.05 * s);
          cairo_close_path (cr);
        }
      break;
    case RDT_RENDER_PATTERN_NONE:
    case RDT_RENDER_N_PATTERNS:
    default:
      break;
    }
}

/* Terrain and grid are drawn with one fill per terrain style whose source is a
 * repeating tile: the hex lattice is periodic (a rectangle of 3 x sqrt(3) map
 * units for flat-top hexes holds exactly two hexes' worth), so a tile holding the
 * style's colour, its symbols and the hex outlines, aligned on a hex centre, paints
 * every hex of that style at once.  Symbols and grid cost nothing per hex. */

static void
style_tile_clear (StyleTile *tile)
{
  g_clear_pointer (&tile->pattern, cairo_pattern_destroy);
  tile->scale = 0;
}

static void
tile_period (RdtMapRenderer *self,
             double         *w,
             double         *h)
{
  gboolean flat = fabs (self->corner_y[2]) < 1e-9 || fabs (self->corner_y[5]) < 1e-9;

  *w = flat ? 3.0 : SQRT3;
  *h = flat ? SQRT3 : 3.0;
}

/* How many periods of `period` pixels make a length closest to whole pixels. */
static int
periods_for (double period)
{
  int best = 1;
  double best_err = 1.0;

  for (int k = 1; k <= 16 && k * period < 2048; k++)
    {
      double err = fabs (k * period - floor (k * period + 0.5));
      if (err < best_err - 1e-9)
        {
          best_err = err;
          best = k;
        }
      if (err < 0.02)
        break;
    }
  return best;
}

static cairo_pattern_t *
get_style_pattern (RdtMapRenderer        *self,
                   guint                  style_id,
                   const RdtTerrainStyle *style,
                   double                 scale,
                   gboolean               grid)
{
  StyleTile *tile;
  cairo_surface_t *surface;
  cairo_t *tcr;
  double w, h;
  int wi, hi, m, n;

  /* Zoomed further in, tiles would be several megabytes each and few hexes
   * show: draw those directly instead. */
  if (style_id >= N_STYLE_TILES || scale > MAX_TILED_SCALE || self->vector_target)
    return NULL;
  tile = &self->style_tiles[style_id];
  if (tile->pattern && tile->scale == scale && tile->grid == grid
      && tile->fill_rgb == style->fill_rgb && tile->pattern_rgb == style->pattern_rgb
      && tile->kind == style->pattern)
    return tile->pattern;

  style_tile_clear (tile);
  tile_period (self, &w, &h);
  /* Only an unscaled, integer-offset repeating pattern takes pixman's fast
   * path, so the tile spans as many periods as make its size nearly whole
   * pixels; the left-over drift is under a tenth of a pixel per tile. */
  m = periods_for (w * scale);
  n = periods_for (h * scale);
  wi = MAX (2, (int) floor (m * w * scale + 0.5));
  hi = MAX (2, (int) floor (n * h * scale + 0.5));
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, wi, hi);
  tcr = cairo_create (surface);
  cairo_scale (tcr, wi / (m * w * scale), hi / (n * h * scale));
  set_rgb (tcr, style->fill_rgb);
  cairo_paint (tcr);

  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (tcr);
      for (int i = -1; i <= 2 * m + 1; i++)
        for (int j = -1; j <= 2 * n + 1; j++)
          {
            double x = i * w * scale / 2, y = j * h * scale / 2;
            if ((i + j) % 2 != 0)
              continue;
            if (pass == 0 && style->pattern != RDT_RENDER_PATTERN_NONE && scale >= 6.0)
              add_pattern (self, tcr, style->pattern, x, y, scale);
            else if (pass == 1 && grid && scale >= 3.0)
              hex_path (self, tcr, x, y, scale);
          }
      if (pass == 0)
        {
          set_rgb (tcr, style->pattern_rgb);
          cairo_fill (tcr);
        }
      else
        {
          cairo_set_source_rgba (tcr, 0.25, 0.22, 0.18, scale < 10.0 ? 0.35 : 0.6);
          /* Each edge is stroked twice here (once per hex), hence half width. */
          cairo_set_line_width (tcr, MAX (0.6, MIN (1.2, scale * 0.03)));
          cairo_stroke (tcr);
        }
    }
  cairo_destroy (tcr);
  /* Unused bytes of RGB24 pixels read as opaque; made 0xff so that the
   * direct fill (fill_style_direct()) copies them as they are. */
  cairo_surface_flush (surface);
  {
    guchar *data = cairo_image_surface_get_data (surface);
    int stride = cairo_image_surface_get_stride (surface);
    for (int y = 0; y < hi; y++)
      {
        guint32 *row = (guint32 *) (data + (gsize) y * stride);
        for (int x = 0; x < wi; x++)
          row[x] |= 0xff000000u;
      }
  }
  cairo_surface_mark_dirty (surface);

  tile->pattern = cairo_pattern_create_for_surface (surface);
  cairo_surface_destroy (surface);
  cairo_pattern_set_extend (tile->pattern, CAIRO_EXTEND_REPEAT);
  cairo_pattern_set_filter (tile->pattern, CAIRO_FILTER_FAST);
  tile->scale = scale;
  tile->grid = grid;
  tile->fill_rgb = style->fill_rgb;
  tile->pattern_rgb = style->pattern_rgb;
  tile->kind = style->pattern;
  return tile->pattern;
}

/* Hex sprites: at ordinary zooms each visible hex is one copy of a small
 * pre-drawn image of its style (fill, symbols and outline), which pixman
 * composites far faster than cairo rasterises the same hexagons.  Hex centres
 * fall between pixels, so each style has SPRITE_SUB x SPRITE_SUB variants
 * drawn at quarter-pixel offsets; a sprite's hexagon is a little larger than
 * the hex so neighbours overlap instead of letting the background through. */

#define SPRITE_SUB 4
#define MIN_SPRITE_SCALE 6.0
#define MAX_SPRITE_SCALE 64.0

/* Hexside features and counters are small: sprites of them pay further in
 * (issue 15: a zoomed-in frame drew every slope as paths) while their
 * caches stay small (a slope sprite at this scale is about 60 x 25 pixels;
 * counter sprites exist only for the counters drawn). */
#define MAX_FEATURE_SPRITE_SCALE 128.0

/* Sprites are pixels: vector output (SVG, PDF, print) gets real paths. */
static gboolean
use_sprites (RdtMapRenderer *self,
             double          scale)
{
  return !self->vector_target && scale >= MIN_SPRITE_SCALE && scale <= MAX_SPRITE_SCALE;
}

static gboolean
use_feature_sprites (RdtMapRenderer *self,
                     double          scale)
{
  return !self->vector_target && scale >= MIN_SPRITE_SCALE && scale <= MAX_FEATURE_SPRITE_SCALE;
}

typedef struct {
  cairo_pattern_t *pattern;
  pixman_image_t *pix;      /* (nullable) the pattern's pixels, for blit_sprite() */
  guint32 fill_rgb;
  guint32 pattern_rgb;
  RdtRenderPattern kind;
} Sprite;

static void
sprite_free (gpointer data)
{
  Sprite *sprite = data;
  g_clear_pointer (&sprite->pix, pixman_image_unref);
  g_clear_pointer (&sprite->pattern, cairo_pattern_destroy);
  g_free (sprite);
}

/* Sprite copies straight into the target's pixels.  Only where that is
 * exactly what cairo would do: an ARGB32 or RGB24 image surface, operator
 * OVER, user space a whole-pixel translation of the surface, a clip of
 * whole-pixel rectangles.  A sprite is an unscaled ARGB32 image placed on
 * whole pixels, so cairo's fill of its rectangle is one pixman OVER
 * composite of it (nearest filter, no mask) clipped the same way: the
 * pixels are identical, without cairo's path, clip and pattern set-up per
 * sprite, which cost more than the copy itself. */
static void
blit_begin (RdtMapRenderer *self,
            cairo_t        *cr)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_rectangle_list_t *clip;
  cairo_matrix_t m;
  double ox, oy, sx, sy;
  pixman_format_code_t format;
  pixman_region32_t region;
  gboolean ok = TRUE;
  int clip_boxes;

  self->blit_dst = NULL;
  self->scan_ok = FALSE;
  if (self->no_direct_blit || self->vector_target || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_get_operator (cr) != CAIRO_OPERATOR_OVER)
    return;
  switch (cairo_image_surface_get_format (target))
    {
    case CAIRO_FORMAT_ARGB32:
      format = PIXMAN_a8r8g8b8;
      break;
    case CAIRO_FORMAT_RGB24:
      format = PIXMAN_x8r8g8b8;
      break;
    default:
      return;
    }
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_offset (target, &ox, &oy);
  cairo_surface_get_device_scale (target, &sx, &sy);
  if (m.xx != 1.0 || m.yy != 1.0 || m.xy != 0.0 || m.yx != 0.0 || sx != 1.0 || sy != 1.0 ||
      m.x0 + ox != floor (m.x0 + ox) || m.y0 + oy != floor (m.y0 + oy) ||
      fabs (m.x0 + ox) > 1e6 || fabs (m.y0 + oy) > 1e6)
    return;
  clip = cairo_copy_clip_rectangle_list (cr);
  if (clip->status != CAIRO_STATUS_SUCCESS)
    {
      cairo_rectangle_list_destroy (clip);
      return;
    }
  clip_boxes = clip->num_rectangles;
  self->blit_dx = (int) (m.x0 + ox);
  self->blit_dy = (int) (m.y0 + oy);
  self->blit_mx0 = m.x0;
  self->blit_my0 = m.y0;
  self->blit_ox = ox;
  self->blit_oy = oy;
  pixman_region32_init (&region);
  for (int i = 0; i < clip->num_rectangles && ok; i++)
    {
      const cairo_rectangle_t *r = &clip->rectangles[i];
      pixman_region32_t box;

      ok = r->x == floor (r->x) && r->y == floor (r->y) && r->width == floor (r->width) &&
           r->height == floor (r->height) && fabs (r->x) < 1e6 && fabs (r->y) < 1e6 &&
           r->width < 1e6 && r->height < 1e6;
      if (!ok)
        break;
      pixman_region32_init_rect (&box, (int) r->x + self->blit_dx, (int) r->y + self->blit_dy,
                                 (unsigned) r->width, (unsigned) r->height);
      pixman_region32_union (&region, &region, &box);
      pixman_region32_fini (&box);
    }
  cairo_rectangle_list_destroy (clip);
  if (ok)
    {
      cairo_surface_flush (target);
      self->blit_dst = pixman_image_create_bits (format, cairo_image_surface_get_width (target),
                                                 cairo_image_surface_get_height (target),
                                                 (uint32_t *) cairo_image_surface_get_data (target),
                                                 cairo_image_surface_get_stride (target));
      if (self->blit_dst != NULL && !pixman_image_set_clip_region32 (self->blit_dst, &region))
        g_clear_pointer (&self->blit_dst, pixman_image_unref);
      if (self->blit_dst != NULL)
        self->blit_target = target;
      /* One clip box (cairo then clips fills to it as rdt-hex-scan.c does),
       * within the surface, on an ARGB32 target. */
      if (self->blit_dst != NULL && format == PIXMAN_a8r8g8b8 && clip_boxes == 1)
        {
          const pixman_box32_t *e = pixman_region32_extents (&region);
          int *b = self->scan_box;

          b[0] = MAX (e->x1, 0);
          b[1] = MAX (e->y1, 0);
          b[2] = MIN (e->x2, cairo_image_surface_get_width (target));
          b[3] = MIN (e->y2, cairo_image_surface_get_height (target));
          self->scan_ok = b[2] > b[0] && b[3] > b[1];
        }
    }
  pixman_region32_fini (&region);
}

void
_rdt_map_renderer_set_direct_blit (RdtMapRenderer *self,
                                   gboolean        enabled)
{
  g_return_if_fail (RDT_IS_MAP_RENDERER (self));
  self->no_direct_blit = !enabled;
}

void
_rdt_map_renderer_set_labels_in_one_run (RdtMapRenderer *self,
                                         gboolean        one_run)
{
  g_return_if_fail (RDT_IS_MAP_RENDERER (self));
  self->labels_in_one_run = one_run;
}

guint
_rdt_map_renderer_get_counter_sprites (RdtMapRenderer *self,
                                       double         *scale,
                                       guint          *n_drawn)
{
  g_return_val_if_fail (RDT_IS_MAP_RENDERER (self), 0);
  if (scale)
    *scale = self->counter_sprite_scale;
  if (n_drawn)
    *n_drawn = self->counter_sprites_drawn;
  return self->counter_sprites ? g_hash_table_size (self->counter_sprites) : 0;
}

static void
blit_end (RdtMapRenderer *self)
{
  self->scan_ok = FALSE;
  if (self->blit_dst == NULL)
    return;
  g_clear_pointer (&self->blit_dst, pixman_image_unref);
  cairo_surface_mark_dirty (self->blit_target);
  self->blit_target = NULL;
}

static void
sprite_runs_destroy (pixman_image_t *image,
                     void           *data)
{
  rdt_sprite_runs_free (data);
}

/* The sprite @pattern (an ARGB32 image surface the size of the rectangle)
 * at the whole-pixel user-space rectangle @x, @y, @width, @height. */
static void
blit_sprite (RdtMapRenderer   *self,
             cairo_t          *cr,
             cairo_pattern_t  *pattern,
             pixman_image_t  **pix,
             int               x,
             int               y,
             int               width,
             int               height)
{
  cairo_matrix_t matrix;

  if (self->blit_dst != NULL)
    {
      if (*pix == NULL)
        {
          cairo_surface_t *surface = NULL;

          cairo_pattern_get_surface (pattern, &surface);
          cairo_surface_flush (surface);
          *pix = pixman_image_create_bits (PIXMAN_a8r8g8b8, cairo_image_surface_get_width (surface),
                                           cairo_image_surface_get_height (surface),
                                           (uint32_t *) cairo_image_surface_get_data (surface),
                                           cairo_image_surface_get_stride (surface));
          /* Its visible runs, freed with it (the sprite's pattern keeps the
           * pixels alive longer than its pixman image). */
          if (*pix != NULL)
            pixman_image_set_destroy_function (*pix, sprite_runs_destroy,
                                               rdt_sprite_runs_new ((const guint32 *) cairo_image_surface_get_data (surface),
                                                                    cairo_image_surface_get_stride (surface),
                                                                    cairo_image_surface_get_width (surface),
                                                                    cairo_image_surface_get_height (surface)));
        }
      if (*pix != NULL && self->scan_ok && width * height >= 4096
          && rdt_sprite_runs_pay (pixman_image_get_destroy_data (*pix)))
        {
          /* One clip box on an ARGB32 target, a sparse sprite: only its
           * visible pixels. */
          const int *b = self->scan_box;
          rdt_sprite_runs_blit (pixman_image_get_destroy_data (*pix),
                                (guint32 *) cairo_image_surface_get_data (self->blit_target),
                                cairo_image_surface_get_stride (self->blit_target),
                                x + self->blit_dx, y + self->blit_dy, width, height, b[0], b[1], b[2], b[3]);
          return;
        }
      if (*pix != NULL)
        {
          pixman_image_composite32 (PIXMAN_OP_OVER, *pix, NULL, self->blit_dst, 0, 0, 0, 0,
                                    x + self->blit_dx, y + self->blit_dy, width, height);
          return;
        }
    }
  cairo_matrix_init_translate (&matrix, -x, -y);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, x, y, width, height);
  cairo_fill (cr);
}

/* Half the sprite's side beyond the hex centre, in whole pixels. */
static int
sprite_margin (double scale)
{
  return (int) ceil (scale + 2.0);
}

static Sprite *
get_sprite (RdtMapRenderer        *self,
            guint                  style_id,
            const RdtTerrainStyle *style,
            int                    qx,
            int                    qy,
            double                 scale,
            gboolean               grid)
{
  gpointer key = GUINT_TO_POINTER ((style_id << 8) | (qx << 4) | qy);
  Sprite *sprite;
  cairo_surface_t *surface;
  cairo_t *scr;
  int b = sprite_margin (scale);
  double cx = b + (double) qx / SPRITE_SUB, cy = b + (double) qy / SPRITE_SUB;
  double grow = 0.7 / scale;   /* map units: 0.7 px of overlap */

  if (!self->sprites)
    self->sprites = g_hash_table_new_full (NULL, NULL, NULL, sprite_free);
  if (self->sprite_scale != scale || self->sprite_grid != grid)
    {
      g_hash_table_remove_all (self->sprites);
      self->sprite_scale = scale;
      self->sprite_grid = grid;
    }
  sprite = g_hash_table_lookup (self->sprites, key);
  if (sprite && sprite->fill_rgb == style->fill_rgb && sprite->pattern_rgb == style->pattern_rgb
      && sprite->kind == style->pattern)
    return sprite;
  if (!sprite)
    {
      sprite = g_new0 (Sprite, 1);
      g_hash_table_insert (self->sprites, key, sprite);
    }
  g_clear_pointer (&sprite->pix, pixman_image_unref);
  g_clear_pointer (&sprite->pattern, cairo_pattern_destroy);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * b + 1, 2 * b + 1);
  scr = cairo_create (surface);
  hex_path (self, scr, cx, cy, scale * (1.0 + grow));
  set_rgb (scr, style->fill_rgb);
  cairo_fill (scr);
  if (style->pattern != RDT_RENDER_PATTERN_NONE)
    {
      add_pattern (self, scr, style->pattern, cx, cy, scale);
      set_rgb (scr, style->pattern_rgb);
      cairo_fill (scr);
    }
  if (grid && scale >= 3.0)
    {
      /* Both neighbours draw a shared edge: each at the alpha that makes the
       * pair come out as the grid's 0.6. */
      hex_path (self, scr, cx, cy, scale);
      cairo_set_source_rgba (scr, 0.25, 0.22, 0.18, scale < 10.0 ? 0.19 : 0.37);
      cairo_set_line_width (scr, MAX (0.6, MIN (1.2, scale * 0.03)));
      cairo_stroke (scr);
    }
  cairo_destroy (scr);
  sprite->pattern = cairo_pattern_create_for_surface (surface);
  cairo_surface_destroy (surface);
  cairo_pattern_set_filter (sprite->pattern, CAIRO_FILTER_NEAREST);
  sprite->fill_rgb = style->fill_rgb;
  sprite->pattern_rgb = style->pattern_rgb;
  sprite->kind = style->pattern;
  return sprite;
}

static void
draw_terrain_sprites (RdtMapRenderer *self,
                      cairo_t        *cr,
                      double          scale,
                      gboolean        grid)
{
  RdtRenderMap *map = self->map;
  int b = sprite_margin (scale), side = 2 * b + 1;

  for (guint i = 0; i < self->n_visible; i++)
    {
      const VisibleHex *v = &self->visible[i];
      guint t = map->terrain[v->index];
      const RdtTerrainStyle *style = &g_array_index (map->styles, RdtRenderStyleSlot, t).style;
      double fx = floor (v->x), fy = floor (v->y);
      int qx = (int) floor ((v->x - fx) * SPRITE_SUB + 0.5);
      int qy = (int) floor ((v->y - fy) * SPRITE_SUB + 0.5);
      Sprite *sprite;
      double x0, y0;

      if (qx == SPRITE_SUB)
        {
          qx = 0;
          fx += 1;
        }
      if (qy == SPRITE_SUB)
        {
          qy = 0;
          fy += 1;
        }
      sprite = get_sprite (self, t, style, qx, qy, scale, grid);
      x0 = fx - b;
      y0 = fy - b;
      blit_sprite (self, cr, sprite->pattern, &sprite->pix, (int) x0, (int) y0, side, side);
    }
}

/* Slope sprites: the same trick for the densest hexside feature.  A sprite
 * holds one slope graphic (line and teeth) for a hexside direction, a high
 * side and a quarter-pixel offset, cut to its own small bounding box. */

typedef struct {
  cairo_pattern_t *pattern;
  pixman_image_t *pix;      /* (nullable) the pattern's pixels, for blit_sprite() */
  int x;          /* box relative to the hex centre's whole pixel */
  int y;
  int width;
  int height;
} SideSprite;

static void
side_sprite_free (gpointer data)
{
  SideSprite *sprite = data;
  g_clear_pointer (&sprite->pix, pixman_image_unref);
  g_clear_pointer (&sprite->pattern, cairo_pattern_destroy);
  g_free (sprite);
}

static void add_segment (cairo_t *cr, double x1, double y1, double x2, double y2, double w);
static void normal_towards (double x1, double y1, double x2, double y2, double hx, double hy,
                            double *nx, double *ny);

/* The slope graphic of hexside `dir` of a hex centred at (cx, cy): `high` is 0
 * when the high side is unknown, 1 when it is this hex, 2 the other.  Pass 0
 * adds the line, pass 1 the teeth. */
static void
add_slope (RdtMapRenderer *self,
           cairo_t        *cr,
           double          cx,
           double          cy,
           double          scale,
           int             dir,
           int             high,
           int             pass)
{
  double x1, y1, x2, y2, nx, ny, sign;

  side_points (self, cx, cy, scale, dir, &x1, &y1, &x2, &y2);
  if (pass == 0)
    {
      add_segment (cr, x1, y1, x2, y2, MAX (1.2, 0.07 * scale));
      return;
    }
  /* Below 10 px per map unit the teeth would be a pixel: the line alone. */
  if (high == 0 || scale < 10.0)
    return;
  normal_towards (x1, y1, x2, y2, cx, cy, &nx, &ny);
  sign = high == 1 ? -1.0 : 1.0;   /* teeth go into the low hex */
  for (int t = 0; t < 4; t++)
    {
      double f0 = (t + 0.2) / 4.0, f1 = (t + 0.8) / 4.0, fm = (t + 0.5) / 4.0;
      double h = 0.16 * scale * sign;
      cairo_move_to (cr, x1 + (x2 - x1) * f0, y1 + (y2 - y1) * f0);
      cairo_line_to (cr, x1 + (x2 - x1) * fm + nx * h, y1 + (y2 - y1) * fm + ny * h);
      cairo_line_to (cr, x1 + (x2 - x1) * f1, y1 + (y2 - y1) * f1);
      cairo_close_path (cr);
    }
}

static void
fill_slope (RdtMapRenderer *self,
            cairo_t        *cr,
            double          cx,
            double          cy,
            double          scale,
            int             dir,
            int             high)
{
  cairo_set_source_rgb (cr, 0.42, 0.25, 0.1);
  cairo_new_path (cr);
  add_slope (self, cr, cx, cy, scale, dir, high, 0);
  cairo_fill (cr);
  /* The teeth are a few pixels each: no anti-aliasing. */
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  add_slope (self, cr, cx, cy, scale, dir, high, 1);
  cairo_fill (cr);
  cairo_restore (cr);
}

typedef enum {
  SIDE_SLOPE,
  SIDE_RIVER,
  SIDE_CREEK,
  SIDE_STREAM,
  SIDE_ROAD_OUTER,   /* roads in two passes so junctions stay light inside */
  SIDE_ROAD_INNER,
} SideKind;

static const struct {
  guint32 rgb;
  double width;      /* map units */
} side_looks[] = {
  [SIDE_SLOPE] = { RDT_RGB (0x6b, 0x40, 0x1a), 0.07 },
  [SIDE_RIVER] = { RDT_RGB (0x3a, 0x78, 0xc0), 0.24 },
  [SIDE_CREEK] = { RDT_RGB (0x2f, 0x6d, 0xb5), 0.13 },
  [SIDE_STREAM] = { RDT_RGB (0x4f, 0x8f, 0xd0), 0.07 },
  [SIDE_ROAD_OUTER] = { RDT_RGB (0x5a, 0x3a, 0x1e), 0.16 },
  [SIDE_ROAD_INNER] = { RDT_RGB (0xd9, 0xa4, 0x5a), 0.09 },
};

/* A road's half from the hex centre to hexside `dir`'s midpoint.  Its end at
 * the midpoint is flush, so the two halves of a crossing meet exactly; its end
 * at the centre reaches past it so the halves of a bend close up. */
static void
add_road_half (RdtMapRenderer *self,
               cairo_t        *cr,
               double          cx,
               double          cy,
               double          scale,
               int             dir,
               double          w)
{
  double x1, y1, x2, y2, mx, my, len, ux, uy;

  side_points (self, cx, cy, scale, dir, &x1, &y1, &x2, &y2);
  mx = (x1 + x2) / 2;
  my = (y1 + y2) / 2;
  len = hypot (mx - cx, my - cy);
  ux = (mx - cx) / len * w / 2;
  uy = (my - cy) / len * w / 2;
  cairo_move_to (cr, cx - ux - uy, cy - uy + ux);
  cairo_line_to (cr, mx - uy, my + ux);
  cairo_line_to (cr, mx + uy, my - ux);
  cairo_line_to (cr, cx - ux + uy, cy - uy - ux);
  cairo_close_path (cr);
}

static void
draw_side (RdtMapRenderer *self,
           cairo_t        *cr,
           SideKind        kind,
           double          cx,
           double          cy,
           double          scale,
           int             dir,
           int             high)
{
  double x1, y1, x2, y2, w = MAX (1.0, side_looks[kind].width * scale);

  if (kind == SIDE_SLOPE)
    {
      fill_slope (self, cr, cx, cy, scale, dir, high);
      return;
    }
  cairo_new_path (cr);
  set_rgb (cr, side_looks[kind].rgb);
  if (kind == SIDE_ROAD_OUTER || kind == SIDE_ROAD_INNER)
    add_road_half (self, cr, cx, cy, scale, dir, w);
  else
    {
      side_points (self, cx, cy, scale, dir, &x1, &y1, &x2, &y2);
      add_segment (cr, x1, y1, x2, y2, w);
    }
  cairo_fill (cr);
}

static SideSprite *
get_side_sprite (RdtMapRenderer *self,
                 SideKind        kind,
                 int             dir,
                 int             high,
                 int             qx,
                 int             qy,
                 double          scale)
{
  gpointer key = GUINT_TO_POINTER ((kind << 16) | (dir << 12) | (high << 8) | (qx << 4) | qy);
  SideSprite *sprite;
  double x1, y1, x2, y2;
  double m = (kind == SIDE_SLOPE ? 0.2 : side_looks[kind].width / 2 + 0.05) * scale + 2.0;
  double cx = (double) qx / SPRITE_SUB, cy = (double) qy / SPRITE_SUB;
  cairo_surface_t *surface;
  cairo_t *scr;

  if (!self->side_sprites)
    self->side_sprites = g_hash_table_new_full (NULL, NULL, NULL, side_sprite_free);
  if (self->side_sprite_scale != scale)
    {
      g_hash_table_remove_all (self->side_sprites);
      self->side_sprite_scale = scale;
    }
  sprite = g_hash_table_lookup (self->side_sprites, key);
  if (sprite)
    return sprite;

  sprite = g_new0 (SideSprite, 1);
  side_points (self, cx, cy, scale, dir, &x1, &y1, &x2, &y2);
  if (kind == SIDE_ROAD_OUTER || kind == SIDE_ROAD_INNER)
    {
      /* From the centre to the midpoint. */
      x1 = (x1 + x2) / 2;
      y1 = (y1 + y2) / 2;
      x2 = cx;
      y2 = cy;
    }
  sprite->x = (int) floor (MIN (x1, x2) - m);
  sprite->y = (int) floor (MIN (y1, y2) - m);
  sprite->width = (int) ceil (MAX (x1, x2) + m) - sprite->x;
  sprite->height = (int) ceil (MAX (y1, y2) + m) - sprite->y;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, sprite->width, sprite->height);
  scr = cairo_create (surface);
  cairo_set_antialias (scr, CAIRO_ANTIALIAS_FAST);
  draw_side (self, scr, kind, cx - sprite->x, cy - sprite->y, scale, dir, high);
  cairo_destroy (scr);
  sprite->pattern = cairo_pattern_create_for_surface (surface);
  cairo_surface_destroy (surface);
  cairo_pattern_set_filter (sprite->pattern, CAIRO_FILTER_NEAREST);
  g_hash_table_insert (self->side_sprites, key, sprite);
  return sprite;
}

/* Draws one hexside graphic of the hex `v`: a sprite copy at ordinary zooms,
 * drawn outright otherwise. */
static void
put_side (RdtMapRenderer   *self,
          cairo_t          *cr,
          const VisibleHex *v,
          SideKind          kind,
          int               dir,
          int               high,
          double            scale)
{
  double fx = floor (v->x), fy = floor (v->y);
  int qx, qy;
  SideSprite *sprite;

  if (!use_feature_sprites (self, scale))
    {
      draw_side (self, cr, kind, v->x, v->y, scale, dir, high);
      return;
    }
  qx = (int) floor ((v->x - fx) * SPRITE_SUB + 0.5);
  qy = (int) floor ((v->y - fy) * SPRITE_SUB + 0.5);
  if (qx == SPRITE_SUB)
    {
      qx = 0;
      fx += 1;
    }
  if (qy == SPRITE_SUB)
    {
      qy = 0;
      fy += 1;
    }
  sprite = get_side_sprite (self, kind, dir, high, qx, qy, scale);
  blit_sprite (self, cr, sprite->pattern, &sprite->pix, (int) fx + sprite->x, (int) fy + sprite->y,
               sprite->width, sprite->height);
}

/* One terrain style's fill from its tile (draw_terrain()) written into the
 * target's pixels: the same polygons cairo would fill, scan-converted the
 * same way (rdt-hex-scan.h), each span a memcpy from the tile instead of a
 * pixman call.  The tile is RGB24 with opaque bytes and the target ARGB32, so
 * cairo's OVER of it is a copy. */
static void
fill_style_direct (RdtMapRenderer  *self,
                   cairo_pattern_t *pattern,
                   gboolean         all,
                   guint            style,
                   double           scale,
                   int              tile_x,
                   int              tile_y)
{
  RdtRenderMap *map = self->map;
  cairo_surface_t *tile = NULL;
  const int *b = self->scan_box;

  cairo_pattern_get_surface (pattern, &tile);
  rdt_hex_scan_begin (&self->scan, b[0], b[1], b[2], b[3]);
  for (guint i = 0; i < self->n_visible; i++)
    {
      const VisibleHex *v = &self->visible[i];
      double x[6], y[6];

      if (!all && map->terrain[v->index] != style)
        continue;
      /* hex_path()'s points taken to device space as cairo does. */
      for (int k = 0; k < 6; k++)
        {
          x[k] = (v->x + self->corner_x[k] * scale + self->blit_mx0) + self->blit_ox;
          y[k] = (v->y + self->corner_y[k] * scale + self->blit_my0) + self->blit_oy;
        }
      rdt_hex_scan_add_polygon (&self->scan, x, y, 6);
    }
  rdt_hex_scan_fill_tile (&self->scan, (guint32 *) cairo_image_surface_get_data (self->blit_target),
                          cairo_image_surface_get_stride (self->blit_target),
                          (const guint32 *) cairo_image_surface_get_data (tile),
                          cairo_image_surface_get_stride (tile), cairo_image_surface_get_width (tile),
                          cairo_image_surface_get_height (tile), tile_x, tile_y);
}

static void
draw_terrain (RdtMapRenderer      *self,
              cairo_t             *cr,
              const RdtRenderView *view,
              gboolean             terrain,
              gboolean             grid)
{
  RdtRenderMap *map = self->map;
  double scale = view->scale;
  guint n_styles = map->styles->len;
  guint32 used[8] = { 0 };   /* bit set of style ids present in the frame */
  double ax, ay;
  const RdtGridSettings *s = rdt_hex_grid_get_settings (map->grid);
  cairo_matrix_t matrix;

  if (terrain && use_sprites (self, scale))
    {
      draw_terrain_sprites (self, cr, scale, grid);
      goto edge;
    }

  for (guint i = 0; i < self->n_visible; i++)
    {
      guint t = terrain ? map->terrain[self->visible[i].index] : 0;
      used[t >> 5] |= 1u << (t & 31);
    }

  /* Pattern space: a hex centre at the origin. */
  rdt_hex_grid_hex_centre (map->grid, (RdtHex) { s->first_column, s->first_row }, &ax, &ay);
  rdt_render_view_to_device (view, ax, ay, &ax, &ay);

  /* The boundary between two styles runs down the middle of a grid line that
   * both tiles carry, so it needs no anti-aliasing; without it cairo fills
   * these paths about four times faster. */
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (guint t = 0; t < n_styles; t++)
    {
      const RdtTerrainStyle *style;
      RdtTerrainStyle blank = { "", RDT_RGB (0xff, 0xff, 0xff), 0, RDT_RENDER_PATTERN_NONE };
      cairo_pattern_t *pattern;

      if (!(used[t >> 5] & (1u << (t & 31))))
        continue;
      style = terrain ? &g_array_index (map->styles, RdtRenderStyleSlot, t).style : &blank;
      pattern = get_style_pattern (self, terrain ? t : N_STYLE_TILES - 1, style, scale, grid);
      if (pattern && self->scan_ok)
        {
          fill_style_direct (self, pattern, !terrain, t, scale,
                             self->blit_dx + (int) floor (ax + 0.5), self->blit_dy + (int) floor (ay + 0.5));
          if (!terrain)
            break;
          continue;
        }
      cairo_new_path (cr);
      for (guint i = 0; i < self->n_visible; i++)
        {
          const VisibleHex *v = &self->visible[i];
          if (!terrain || map->terrain[v->index] == t)
            hex_path (self, cr, v->x, v->y, scale);
        }
      if (!pattern)
        {
          set_rgb (cr, style->fill_rgb);
          cairo_fill (cr);
          if (style->pattern != RDT_RENDER_PATTERN_NONE)
            {
              for (guint i = 0; i < self->n_visible; i++)
                {
                  const VisibleHex *v = &self->visible[i];
                  if (!terrain || map->terrain[v->index] == t)
                    add_pattern (self, cr, style->pattern, v->x, v->y, scale);
                }
              set_rgb (cr, style->pattern_rgb);
              cairo_fill (cr);
            }
          if (!terrain)
            break;
          continue;
        }
      cairo_matrix_init_translate (&matrix, -floor (ax + 0.5), -floor (ay + 0.5));
      cairo_pattern_set_matrix (pattern, &matrix);
      cairo_set_source (cr, pattern);
      cairo_fill (cr);
      if (!terrain)
        break;
    }
  cairo_restore (cr);

  /* Without tiles, the grid as lines. */
  if (grid && (scale > MAX_TILED_SCALE || self->vector_target))
    {
      cairo_new_path (cr);
      for (guint i = 0; i < self->n_visible; i++)
        {
          const VisibleHex *v = &self->visible[i];
          for (int dir = 0; dir < 6; dir++)
            {
              double x1, y1, x2, y2;
              if (!owns_side (self, v->hex, dir))
                continue;
              side_points (self, v->x, v->y, scale, dir, &x1, &y1, &x2, &y2);
              cairo_move_to (cr, x1, y1);
              cairo_line_to (cr, x2, y2);
            }
        }
      cairo_set_source_rgba (cr, 0.25, 0.22, 0.18, 0.6);
      cairo_set_line_width (cr, 1.2);
      cairo_stroke (cr);
    }

edge:
  /* The map's outer edge, which tiles and sprites give only half its width. */
  if (grid && scale >= 3.0)
    {
      gboolean any = FALSE;
      cairo_new_path (cr);
      for (guint i = 0; i < self->n_visible; i++)
        {
          const VisibleHex *v = &self->visible[i];
          for (int dir = 0; dir < 6; dir++)
            {
              double x1, y1, x2, y2;
              if (rdt_hex_grid_contains (map->grid, rdt_hex_grid_neighbour (map->grid, v->hex, dir)))
                continue;
              side_points (self, v->x, v->y, scale, dir, &x1, &y1, &x2, &y2);
              cairo_move_to (cr, x1, y1);
              cairo_line_to (cr, x2, y2);
              any = TRUE;
            }
        }
      if (any)
        {
          cairo_set_source_rgba (cr, 0.25, 0.22, 0.18, 0.8);
          cairo_set_line_width (cr, MAX (0.8, MIN (1.5, scale * 0.04)));
          cairo_stroke (cr);
        }
    }
}

static void
put_side_kind (RdtMapRenderer *self,
               cairo_t        *cr,
               double          scale,
               guint           flag,
               guint           exclude,
               SideKind        kind)
{
  for (guint i = 0; i < self->n_visible; i++)
    {
      const VisibleHex *v = &self->visible[i];
      for (int dir = 0; dir < 6; dir++)
        {
          guint32 f = side_flags (self, v->index, dir);
          if (!(f & flag) || (f & exclude) || !owns_side (self, v->hex, dir))
            continue;
          put_side (self, cr, v, kind, dir, 0, scale);
        }
    }
}

/* Solid roads: every hex draws its own halves, dark edges first. */
static void
put_roads (RdtMapRenderer *self,
           cairo_t        *cr,
           double          scale)
{
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < self->n_visible; i++)
      {
        const VisibleHex *v = &self->visible[i];
        for (int dir = 0; dir < 6; dir++)
          if (side_flags (self, v->index, dir) & RDT_RENDER_SIDE_ROAD)
            put_side (self, cr, v, pass == 0 ? SIDE_ROAD_OUTER : SIDE_ROAD_INNER, dir, 0, scale);
      }
}

/* Roads, tracks and paths run from each hex's centre to the midpoints of the
 * hexsides they cross, so each hex draws its own half. */
static void
stroke_ways (RdtMapRenderer *self,
             cairo_t        *cr,
             double          scale,
             guint           flag,
             guint32         rgb,
             double          width,
             double          dash)
{
  gboolean any = FALSE;

  cairo_new_path (cr);
  for (guint i = 0; i < self->n_visible; i++)
    {
      const VisibleHex *v = &self->visible[i];
      for (int dir = 0; dir < 6; dir++)
        {
          double x1, y1, x2, y2;
          if (!(side_flags (self, v->index, dir) & flag))
            continue;
          side_points (self, v->x, v->y, scale, dir, &x1, &y1, &x2, &y2);
          if (dash > 0)
            {
              cairo_move_to (cr, v->x, v->y);
              cairo_line_to (cr, (x1 + x2) / 2, (y1 + y2) / 2);
            }
          else
            {
              /* Solid ways are filled, like the hexside lines: the half
               * segments' square ends overlap at the hex centre. */
              add_segment (cr, v->x, v->y, (x1 + x2) / 2, (y1 + y2) / 2, MAX (1.0, width * scale));
            }
          any = TRUE;
        }
    }
  if (!any)
    return;
  set_rgb (cr, rgb);
  if (dash <= 0)
    {
      cairo_fill (cr);
      return;
    }
  cairo_set_line_width (cr, MAX (1.0, width * scale));
  cairo_set_line_cap (cr, dash > 0 ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (dash > 0)
    {
      double d[2] = { dash * scale, dash * scale * 0.7 };
      cairo_set_dash (cr, d, 2, 0);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* Unit normal of a hexside pointing from its line into the hex at (hx, hy). */
static void
normal_towards (double  x1,
                double  y1,
                double  x2,
                double  y2,
                double  hx,
                double  hy,
                double *nx,
                double *ny)
{
  double dx = x2 - x1, dy = y2 - y1;
  double len = hypot (dx, dy);
  double mx = (x1 + x2) / 2, my = (y1 + y2) / 2;

  *nx = -dy / len;
  *ny = dx / len;
  if (*nx * (hx - mx) + *ny * (hy - my) < 0)
    {
      *nx = -*nx;
      *ny = -*ny;
    }
}

/* Slopes (11.43 note): a line along the hexside, flush on the high side, with
 * teeth pointing "down" into the low hex.  Fieldworks: a rampart line on the
 * hexside inside the hex that holds the symbol, with bastion teeth facing out. */
static void
draw_slopes_and_works (RdtMapRenderer *self,
                       cairo_t        *cr,
                       double          scale)
{
  RdtHexGrid *grid = self->map->grid;
  gboolean any_works = FALSE;
  double wl = MAX (1.0, 0.05 * scale);

  /* Slopes (11.43 note): at ordinary zooms one sprite each, else drawn. */
  for (guint i = 0; i < self->n_visible; i++)
    {
      const VisibleHex *v = &self->visible[i];
      for (int dir = 0; dir < 6; dir++)
        {
          guint32 f = side_flags (self, v->index, dir);
          int high, nb_index;

          if (!(f & RDT_RENDER_SIDE_SLOPE) || !owns_side (self, v->hex, dir))
            continue;
          nb_index = rdt_hex_grid_hex_index (grid, rdt_hex_grid_neighbour (grid, v->hex, dir));
          high = (f & RDT_RENDER_SIDE_HIGH_HERE) ? 1 : 0;
          if (nb_index >= 0 && (side_flags (self, nb_index, (dir + 3) % 6) & RDT_RENDER_SIDE_HIGH_HERE))
            high = high ? 0 : 2;   /* both high: no known side, a plain line */
          put_side (self, cr, v, SIDE_SLOPE, dir, high, scale);
        }
    }

  /* Fieldworks. */
  cairo_new_path (cr);
  for (guint i = 0; i < self->n_visible; i++)
    {
      const VisibleHex *v = &self->visible[i];
      for (int dir = 0; dir < 6; dir++)
        {
          guint32 f = side_flags (self, v->index, dir);
          double x1, y1, x2, y2, nx, ny, in = 0.1 * scale;
          if (!(f & RDT_RENDER_SIDE_FIELDWORK) || !(f & RDT_RENDER_SIDE_WORKS_HERE))
            continue;
          /* The symbol's hex draws it, whichever direction that is. */
          side_points (self, v->x, v->y, scale, dir, &x1, &y1, &x2, &y2);
          normal_towards (x1, y1, x2, y2, v->x, v->y, &nx, &ny);
          {
            /* Stop short of the corners so works on adjacent sides do not merge. */
            double ax = x1 + (x2 - x1) * 0.08, ay = y1 + (y2 - y1) * 0.08;
            double bx = x2 - (x2 - x1) * 0.08, by = y2 - (y2 - y1) * 0.08;
            x1 = ax;
            y1 = ay;
            x2 = bx;
            y2 = by;
          }
          /* The rampart, and five bastions standing out toward the hexside. */
          add_segment (cr, x1 + nx * in, y1 + ny * in, x2 + nx * in, y2 + ny * in, wl);
          for (int t = 0; t < 5; t++)
            {
              double f0 = t / 5.0 + 0.05, f1 = t / 5.0 + 0.15, out = 0.09 * scale;
              double bx = x1 + (x2 - x1) * f0 + nx * in, by = y1 + (y2 - y1) * f0 + ny * in;
              double ex = x1 + (x2 - x1) * f1 + nx * in, ey = y1 + (y2 - y1) * f1 + ny * in;
              cairo_move_to (cr, bx, by);
              cairo_line_to (cr, bx - nx * out, by - ny * out);
              cairo_line_to (cr, ex - nx * out, ey - ny * out);
              cairo_line_to (cr, ex, ey);
              cairo_close_path (cr);
            }
          any_works = TRUE;
        }
    }
  if (any_works)
    {
      cairo_set_source_rgb (cr, 0.55, 0.08, 0.06);
      cairo_fill (cr);
    }
}

/* Fords and bridges: a bar across the hexside's middle. */
static void
draw_crossings (RdtMapRenderer *self,
                cairo_t        *cr,
                double          scale)
{
  for (int kind = 0; kind < 3; kind++)
    {
      guint flag = kind == 0 ? RDT_RENDER_SIDE_FORD
                   : kind == 1 ? RDT_RENDER_SIDE_SECONDARY_FORD : RDT_RENDER_SIDE_BRIDGE;
      gboolean any = FALSE;

      cairo_new_path (cr);
      for (guint i = 0; i < self->n_visible; i++)
        {
          const VisibleHex *v = &self->visible[i];
          for (int dir = 0; dir < 6; dir++)
            {
              double x1, y1, x2, y2, nx, ny, mx, my, tx, ty, half = 0.3 * scale;
              if (!(side_flags (self, v->index, dir) & flag) || !owns_side (self, v->hex, dir))
                continue;
              side_points (self, v->x, v->y, scale, dir, &x1, &y1, &x2, &y2);
              normal_towards (x1, y1, x2, y2, v->x, v->y, &nx, &ny);
              mx = (x1 + x2) / 2;
              my = (y1 + y2) / 2;
              tx = (x2 - x1) / hypot (x2 - x1, y2 - y1);
              ty = (y2 - y1) / hypot (x2 - x1, y2 - y1);
              if (kind == 2)
                for (int s = -1; s <= 1; s += 2)
                  {
                    double ox = tx * 0.12 * scale * s, oy = ty * 0.12 * scale * s;
                    cairo_move_to (cr, mx + ox - nx * half, my + oy - ny * half);
                    cairo_line_to (cr, mx + ox + nx * half, my + oy + ny * half);
                  }
              else
                {
                  /* A band across the water, wider for a primary ford. */
                  double w = (kind == 0 ? 0.2 : 0.12) * scale;
                  cairo_move_to (cr, mx - tx * w - nx * half, my - ty * w - ny * half);
                  cairo_line_to (cr, mx + tx * w - nx * half, my + ty * w - ny * half);
                  cairo_line_to (cr, mx + tx * w + nx * half, my + ty * w + ny * half);
                  cairo_line_to (cr, mx - tx * w + nx * half, my - ty * w + ny * half);
                  cairo_close_path (cr);
                }
              any = TRUE;
            }
        }
      if (!any)
        continue;
      if (kind == 2)
        {
          cairo_set_source_rgb (cr, 0.15, 0.12, 0.1);
          cairo_set_line_width (cr, MAX (1.0, 0.05 * scale));
          cairo_stroke (cr);
        }
      else
        {
          cairo_set_source_rgb (cr, 0.80, 0.68, 0.45);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.35, 0.25, 0.12);
          cairo_set_line_width (cr, MAX (0.8, 0.025 * scale));
          if (kind == 1)
            {
              double d[2] = { 0.06 * scale, 0.05 * scale };
              cairo_set_dash (cr, d, 2, 0);
            }
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }
}

static void
draw_hexsides (RdtMapRenderer *self,
               cairo_t        *cr,
               double          scale)
{
  guint32 any = 0;

  for (guint i = 0; i < self->n_visible; i++)
    for (int dir = 0; dir < 6; dir++)
      any |= side_flags (self, self->visible[i].index, dir);
  if (!(any & RDT_RENDER_SIDE_FEATURE_MASK))
    return;
  /* Cairo's fast anti-aliasing looks the same on these thin shapes at map
   * scales and rasterises the dense slope paths about a third quicker. */
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);

  if (any & RDT_RENDER_SIDE_RIVER)
    put_side_kind (self, cr, scale, RDT_RENDER_SIDE_RIVER, 0, SIDE_RIVER);
  if (any & RDT_RENDER_SIDE_CREEK)
    put_side_kind (self, cr, scale, RDT_RENDER_SIDE_CREEK, RDT_RENDER_SIDE_RIVER, SIDE_CREEK);
  if (any & RDT_RENDER_SIDE_STREAM)
    put_side_kind (self, cr, scale, RDT_RENDER_SIDE_STREAM,
                   RDT_RENDER_SIDE_RIVER | RDT_RENDER_SIDE_CREEK, SIDE_STREAM);
  if (any & RDT_RENDER_SIDE_ROAD)
    put_roads (self, cr, scale);
  if (any & RDT_RENDER_SIDE_TRACK)
    stroke_ways (self, cr, scale, RDT_RENDER_SIDE_TRACK, RDT_RGB (0x6b, 0x45, 0x22), 0.08, 0.14);
  if (any & RDT_RENDER_SIDE_PATH)
    stroke_ways (self, cr, scale, RDT_RENDER_SIDE_PATH, RDT_RGB (0x30, 0x28, 0x20), 0.05, 0.06);
  if (any & (RDT_RENDER_SIDE_FORD | RDT_RENDER_SIDE_SECONDARY_FORD | RDT_RENDER_SIDE_BRIDGE))
    draw_crossings (self, cr, scale);
  if (any & (RDT_RENDER_SIDE_SLOPE | RDT_RENDER_SIDE_FIELDWORK))
    draw_slopes_and_works (self, cr, scale);
  cairo_restore (cr);
}

/* Areas: a coloured line just inside the boundary, each area at its own inset
 * so neighbouring and nested areas stay apart. */
static void
draw_areas (RdtMapRenderer *self,
            cairo_t        *cr,
            double          scale)
{
  RdtRenderMap *map = self->map;
  RdtHexGrid *grid = map->grid;
  guint32 present = 0;

  for (guint i = 0; i < self->n_visible; i++)
    present |= map->area_bits[self->visible[i].index];
  if (!present)
    return;

  for (guint a = 0; a < map->areas->len; a++)
    {
      const RdtRenderArea *area = &g_array_index (map->areas, RdtRenderArea, a);
      guint32 bit = 1u << a;
      double inset = 1.0 - 0.07 * (1 + a % 4);

      if (!(present & bit))
        continue;
      cairo_new_path (cr);
      for (guint i = 0; i < self->n_visible; i++)
        {
          const VisibleHex *v = &self->visible[i];
          if (!(map->area_bits[v->index] & bit))
            continue;
          for (int dir = 0; dir < 6; dir++)
            {
              int nb = rdt_hex_grid_hex_index (grid, rdt_hex_grid_neighbour (grid, v->hex, dir));
              int k2 = (dir + 1) % 6;
              if (nb >= 0 && (map->area_bits[nb] & bit))
                continue;
              cairo_move_to (cr, v->x + self->corner_x[dir] * scale * inset,
                             v->y + self->corner_y[dir] * scale * inset);
              cairo_line_to (cr, v->x + self->corner_x[k2] * scale * inset,
                             v->y + self->corner_y[k2] * scale * inset);
            }
        }
      /* Dashed and a little transparent, so a creek or slope on the same
       * hexside still shows, and areas never read as water. */
      set_rgba (cr, (area->rgb << 8) | 0xd0);
      cairo_set_line_width (cr, CLAMP (0.05 * scale, 1.2, 4.0));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      if (scale >= 6.0)
        {
          double dash[2] = { 0.22 * scale, 0.1 * scale };
          cairo_set_dash (cr, dash, 2, 0);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

static void
draw_labels (RdtMapRenderer *self,
             cairo_t        *cr,
             double          scale)
{
  double size = 0.26 * scale;
  FontEntry *font;
  cairo_glyph_t *glyphs;
  guint n = 0;
  double dy;
  /* Few labels in a large frame: a call per label costs about what
   * compositing 4,000 pixels of the one run's mask does. */
  gboolean zoomed = self->frame_pixels > 4000.0 * self->n_visible && !self->labels_in_one_run;

  if (size < RDT_RENDER_MIN_LABEL_PX)
    return;
  font = get_font (self, FONT_REGULAR, MIN (size, 14.0));
  if (!font || font->digit_advance[0] <= 0)
    return;
  /* Centred a little below the top of the hex, clear of the counters. */
  dy = -0.7 * scale + font->ascent * 0.36;
  if (rdt_render_map_get_hex_labels (self->map) != NULL)
    {
      /* Display labels (issue 17: a VASSAL module's letters, separators):
       * any text, laid out by cairo rather than the cached digits. */
      cairo_set_scaled_font (cr, font->scaled);
      cairo_set_source_rgba (cr, 0.2, 0.17, 0.12, 0.85);
      for (guint i = 0; i < self->n_visible; i++)
        {
          const VisibleHex *v = &self->visible[i];
          g_autofree char *label = rdt_render_map_dup_hex_label (self->map, v->hex);
          cairo_text_extents_t ext;

          cairo_scaled_font_text_extents (font->scaled, label, &ext);
          cairo_move_to (cr, v->x - ext.x_advance / 2, v->y + dy);
          cairo_show_text (cr, label);
        }
      cairo_new_path (cr);
      return;
    }
  glyphs = ensure_glyphs (self, self->n_visible * RDT_HEX_LABEL_SIZE);
  cairo_set_scaled_font (cr, font->scaled);
  cairo_set_source_rgba (cr, 0.2, 0.17, 0.12, 0.85);
  for (guint i = 0; i < self->n_visible; i++)
    {
      const VisibleHex *v = &self->visible[i];
      char label[RDT_HEX_LABEL_SIZE];
      double width = 0, x;
      guint first = n;

      rdt_hex_grid_format_label (self->map->grid, v->hex, label);
      for (const char *c = label; *c; c++)
        if (*c >= '0' && *c <= '9')
          width += font->digit_advance[*c - '0'];
      x = v->x - width / 2;
      for (const char *c = label; *c; c++)
        {
          if (*c < '0' || *c > '9')
            continue;
          glyphs[n].index = font->digit_glyph[*c - '0'];
          glyphs[n].x = x;
          glyphs[n].y = v->y + dy;
          x += font->digit_advance[*c - '0'];
          n++;
        }
      /* One label at a time: cairo composites a run of glyphs whose boxes
       * overlap through a mask the size of their bounding box, which for
       * all the labels of a zoomed-in frame is the whole frame (issue 15).
       * Labels never overlap one another; each is drawn exactly as cairo
       * draws it alone (where the anti-aliased edges of two of its digits
       * touch, a pixel may differ by a level or two from the one-run
       * drawing, /render/labels/issue-15/one-label-at-a-time). */
      if (zoomed && n > first)
        cairo_show_glyphs (cr, glyphs + first, n - first);
    }
  if (!zoomed)
    cairo_show_glyphs (cr, glyphs, n);
}

static gboolean
hex_in_visible (RdtMapRenderer      *self,
                const RdtRenderView *view,
                const RdtRenderRect *dev,
                RdtHex               hex,
                double               margin,
                double              *x,
                double              *y)
{
  double mx, my;

  rdt_hex_grid_hex_centre (self->map->grid, hex, &mx, &my);
  *x = view->origin_x + view->scale * mx;
  *y = view->origin_y + view->scale * my;
  margin *= view->scale;
  return *x >= dev->x - margin && *x <= dev->x + dev->width + margin
         && *y >= dev->y - margin && *y <= dev->y + dev->height + margin;
}

static void
draw_locations (RdtMapRenderer      *self,
                cairo_t             *cr,
                const RdtRenderView *view,
                const RdtRenderRect *dev)
{
  RdtRenderMap *map = self->map;
  double scale = view->scale;
  FontEntry *font;

  if (map->locations->len == 0 || 0.3 * scale < 5.0)
    return;
  font = get_font (self, FONT_BOLD, MIN (0.3 * scale, 18.0));
  for (guint i = 0; i < map->locations->len; i++)
    {
      const RdtRenderLocation *loc = &g_array_index (map->locations, RdtRenderLocation, i);
      double x, y;
      /* Names run wider than their hex: allow three hexes of margin. */
      if (!hex_in_visible (self, view, dev, loc->hex, 3.0, &x, &y))
        continue;
      cairo_new_path (cr);
      cairo_arc (cr, x, y, MAX (1.5, 0.07 * scale), 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_fill (cr);
      show_text_halo (self, cr, font, loc->name, x, y + 0.45 * scale,
                      RDT_RGB (0x1a, 0x1a, 0x1a), RDT_RGB (0xff, 0xfb, 0xee));
    }
}

static void
draw_entries (RdtMapRenderer      *self,
              cairo_t             *cr,
              const RdtRenderView *view,
              const RdtRenderRect *dev)
{
  RdtRenderMap *map = self->map;
  double scale = view->scale;
  FontEntry *font = NULL;

  if (map->entries->len == 0)
    return;
  if (0.32 * scale >= 5.0)
    font = get_font (self, FONT_BOLD, MIN (0.32 * scale, 18.0));
  for (guint i = 0; i < map->entries->len; i++)
    {
      const RdtRenderEntry *e = &g_array_index (map->entries, RdtRenderEntry, i);
      double x, y, r = 0.34 * scale;
      if (!hex_in_visible (self, view, dev, e->hex, 1.0, &x, &y))
        continue;
      /* An arrowhead pointing into the map, below the label. */
      y += 0.3 * scale;
      cairo_new_path (cr);
      cairo_move_to (cr, x - r, y - r * 0.6);
      cairo_line_to (cr, x + r, y - r * 0.6);
      cairo_line_to (cr, x, y + r * 0.8);
      cairo_close_path (cr);
      set_rgb (cr, e->rgb);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, MAX (0.8, 0.03 * scale));
      cairo_stroke (cr);
      if (font && e->label[0])
        {
          cairo_set_source_rgb (cr, 1, 1, 1);
          show_text (self, cr, font, e->label, x, y - r * 0.15, ALIGN_CENTRE);
        }
    }
}

static void
counter_symbol (cairo_t              *cr,
                RdtRenderCounterKind  kind,
                double                cx,
                double                cy,
                double                w,
                double                h)
{
  double x0 = cx - w / 2, y0 = cy - h / 2;

  cairo_new_path (cr);
  if (kind == RDT_RENDER_COUNTER_LEADER)
    {
      /* A five-pointed star. */
      double r = h * 0.6;
      for (int i = 0; i < 10; i++)
        {
          double a = -G_PI / 2 + i * G_PI / 5, rr = (i % 2) ? r * 0.45 : r;
          if (i == 0)
            cairo_move_to (cr, cx + rr * cos (a), cy + rr * sin (a));
          else
            cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
        }
      cairo_close_path (cr);
      cairo_fill (cr);
      return;
    }
  cairo_rectangle (cr, x0, y0, w, h);
  switch (kind)
    {
    case RDT_RENDER_COUNTER_INFANTRY:
    case RDT_RENDER_COUNTER_LIGHT_INFANTRY:
    case RDT_RENDER_COUNTER_MILITIA:
    case RDT_RENDER_COUNTER_RIFLE:
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x0 + w, y0 + h);
      cairo_move_to (cr, x0 + w, y0);
      cairo_line_to (cr, x0, y0 + h);
      break;
    case RDT_RENDER_COUNTER_CAVALRY:
      cairo_move_to (cr, x0, y0 + h);
      cairo_line_to (cr, x0 + w, y0);
      break;
    case RDT_RENDER_COUNTER_ARTILLERY:
      cairo_stroke (cr);
      cairo_arc (cr, cx, cy, h * 0.18, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    case RDT_RENDER_COUNTER_LEADER:
    case RDT_RENDER_COUNTER_OTHER:
    default:
      break;
    }
  cairo_stroke (cr);
  if (kind == RDT_RENDER_COUNTER_LIGHT_INFANTRY || kind == RDT_RENDER_COUNTER_RIFLE)
    {
      /* A bugle-like mark under the box, enough to tell them apart. */
      cairo_arc (cr, cx, y0 + h + h * 0.22, h * 0.12, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  else if (kind == RDT_RENDER_COUNTER_MILITIA)
    {
      cairo_move_to (cr, x0, y0 + h + h * 0.2);
      cairo_line_to (cr, x0 + w, y0 + h + h * 0.2);
      cairo_stroke (cr);
    }
}

static void
draw_counter (RdtMapRenderer         *self,
              cairo_t                *cr,
              const RdtRenderCounter *c,
              double                  cx,
              double                  cy,
              double                  scale,
              gboolean                top)
{
  double side = COUNTER_SIDE * scale;
  double x0 = cx - side / 2, y0 = cy - side / 2;
  double band = side * 0.26;
  guint32 body = c->reduced ? mix_rgb (c->body_rgb, 0xffffff, 0.45) : c->body_rgb;
  double lw = MAX (0.6, side * 0.025);

  /* Body with a thin shadow so stacked counters separate. */
  cairo_new_path (cr);
  cairo_rectangle (cr, x0 + lw, y0 + lw, side, side);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_fill (cr);
  if (c->art != NULL)
    {
      /* Counter art (issue 16): the printed image fills the counter; status
       * markers and the reduced mark still draw over it. */
      int iw = cairo_image_surface_get_width (c->art);
      int ih = cairo_image_surface_get_height (c->art);

      cairo_save (cr);
      cairo_rectangle (cr, x0, y0, side, side);
      cairo_clip (cr);
      set_rgb (cr, body);
      cairo_paint (cr);
      if (iw > 0 && ih > 0)
        {
          cairo_translate (cr, x0, y0);
          cairo_scale (cr, side / iw, side / ih);
          cairo_set_source_surface (cr, c->art, 0, 0);
          cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
          cairo_paint (cr);
        }
      cairo_restore (cr);
      cairo_rectangle (cr, x0, y0, side, side);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, lw);
      cairo_stroke (cr);
    }
  else
    {
      cairo_rectangle (cr, x0, y0, side, side);
      set_rgb (cr, body);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, lw);
      cairo_stroke (cr);
      cairo_rectangle (cr, x0 + lw / 2, y0 + lw / 2, side - lw, band);
      set_rgb (cr, c->band_rgb);
      cairo_fill (cr);
    }

  if (c->reduced && !c->art_is_back)
    {
      /* Reduced side: a white corner, as the flipped counters' stripe. */
      cairo_move_to (cr, x0 + side * 0.7, y0);
      cairo_line_to (cr, x0 + side, y0);
      cairo_line_to (cr, x0 + side, y0 + side * 0.3);
      cairo_close_path (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill (cr);
    }

  if (!top || side < 12.0)
    return;

  if (c->art != NULL)
    goto markers;
  set_rgb (cr, c->text_rgb);
  cairo_set_line_width (cr, MAX (0.8, side * 0.03));
  counter_symbol (cr, c->kind, cx, y0 + side * 0.48, side * 0.42, side * 0.24);

  if (side * 0.19 >= 5.0 && c->name && c->name[0])
    {
      FontEntry *font = get_font (self, FONT_BOLD, side * 0.19);
      double width = 0;

      /* Long names shrink to the band's width, down to a legible size. */
      if (font && layout_text (self, font, c->name, 0, 0, ALIGN_LEFT, 0, &width) > 0
          && width > side * 0.92)
        font = get_font (self, FONT_BOLD,
                         MAX (5.0, floor (2.0 * side * 0.19 * side * 0.92 / width) / 2.0));
      /* White on dark bands, black on light ones. */
      set_rgb (cr, luminance (c->band_rgb) < 110 ? 0xffffff : 0x111111);
      cairo_save (cr);
      cairo_rectangle (cr, x0, y0, side, band);
      cairo_clip (cr);
      show_text (self, cr, font, c->name, cx, y0 + band / 2, ALIGN_CENTRE);
      cairo_restore (cr);
    }
  if (side * 0.24 >= 5.0 && c->values && c->values[0])
    {
      FontEntry *font = get_font (self, FONT_BOLD, side * 0.24);
      set_rgb (cr, c->text_rgb);
      show_text (self, cr, font, c->values, cx, y0 + side * 0.82, ALIGN_CENTRE);
    }

markers:
  if (c->status)
    {
      static const struct { guint bit; guint32 rgb; const char *letter; } markers[] = {
        { RDT_RENDER_STATUS_DISRUPTED, RDT_RGB (0xd0, 0x20, 0x20), "D" },
        { RDT_RENDER_STATUS_SHATTERED, RDT_RGB (0x20, 0x20, 0x20), "S" },
        { RDT_RENDER_STATUS_PINNED, RDT_RGB (0xe0, 0x80, 0x10), "P" },
        { RDT_RENDER_STATUS_FIRED, RDT_RGB (0x70, 0x70, 0x70), "F" },
        { RDT_RENDER_STATUS_OTHER, RDT_RGB (0x60, 0x30, 0xa0), "*" },
      };
      double r = side * 0.14, mx = x0 + side - r * 0.6, my = y0 + side - r * 0.6;
      FontEntry *font = r * 1.5 >= 5.0 ? get_font (self, FONT_BOLD, r * 1.5) : NULL;

      for (guint i = 0; i < G_N_ELEMENTS (markers); i++)
        {
          if (!(c->status & markers[i].bit))
            continue;
          cairo_new_path (cr);
          cairo_arc (cr, mx, my, r, 0, 2 * G_PI);
          set_rgb (cr, markers[i].rgb);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_set_line_width (cr, MAX (0.6, r * 0.15));
          cairo_stroke (cr);
          if (font)
            show_text (self, cr, font, markers[i].letter, mx, my, ALIGN_CENTRE);
          mx -= r * 2.1;
        }
    }
}

/* Counters are drawn every frame over the cached map, so at ordinary zooms
 * each is drawn once into a sprite (whole-pixel positions are close enough
 * for a counter) and copied after that, until the counters change. */
static void
put_counter (RdtMapRenderer *self,
             cairo_t        *cr,
             guint           index,
             double          x,
             double          y,
             double          scale,
             gboolean        top)
{
  RdtRenderMap *map = self->map;
  const RdtRenderCounterSlot *slot = &g_array_index (map->counters, RdtRenderCounterSlot, index);
  gpointer key = GUINT_TO_POINTER (index * 2 + (top ? 1 : 0) + 1);
  SideSprite *sprite;
  RdtRenderCounter c;
  double fx = floor (x + 0.5), fy = floor (y + 0.5);

  c = slot->pub;
  c.values = slot->values;
  if (!use_feature_sprites (self, scale))
    {
      draw_counter (self, cr, &c, x, y, scale, top);
      return;
    }
  if (!self->counter_sprites)
    self->counter_sprites = g_hash_table_new_full (NULL, NULL, NULL, side_sprite_free);
  if (self->counter_sprite_scale != scale || self->counter_sprite_serial != map->serial)
    {
      g_hash_table_remove_all (self->counter_sprites);
      self->counter_sprite_scale = scale;
      self->counter_sprite_serial = map->serial;
    }
  sprite = g_hash_table_lookup (self->counter_sprites, key);
  if (!sprite)
    {
      int b = (int) ceil (COUNTER_SIDE * scale / 2 + 3);
      cairo_surface_t *surface;
      cairo_t *scr;

      sprite = g_new0 (SideSprite, 1);
      sprite->x = sprite->y = -b;
      sprite->width = sprite->height = 2 * b + 1;
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, sprite->width, sprite->height);
      scr = cairo_create (surface);
      draw_counter (self, scr, &c, b, b, scale, top);
      cairo_destroy (scr);
      sprite->pattern = cairo_pattern_create_for_surface (surface);
      cairo_surface_destroy (surface);
      cairo_pattern_set_filter (sprite->pattern, CAIRO_FILTER_NEAREST);
      g_hash_table_insert (self->counter_sprites, key, sprite);
      self->counter_sprites_drawn++;
    }
  blit_sprite (self, cr, sprite->pattern, &sprite->pix, (int) fx + sprite->x, (int) fy + sprite->y,
               sprite->width, sprite->height);
}

static void
draw_counters (RdtMapRenderer *self,
               cairo_t        *cr,
               double          scale)
{
  RdtRenderMap *map = self->map;

  if (map->counters->len == 0)
    return;
  for (guint i = 0; i < self->n_visible; i++)
    {
      const VisibleHex *v = &self->visible[i];
      const RdtRenderCounterSlot *stack[MAX_STACK_DRAWN];
      guint total = 0, n = 0;

      if (map->stack_first[v->index] < 0)
        continue;
      /* Keep the top MAX_STACK_DRAWN counters, bottom first. */
      for (int c = map->stack_first[v->index]; c >= 0;
           c = g_array_index (map->counters, RdtRenderCounterSlot, c).next)
        {
          const RdtRenderCounterSlot *slot = &g_array_index (map->counters, RdtRenderCounterSlot, c);
          if (n == MAX_STACK_DRAWN)
            {
              memmove (stack, stack + 1, (MAX_STACK_DRAWN - 1) * sizeof stack[0]);
              n--;
            }
          stack[n++] = slot;
          total++;
        }
      for (guint k = 0; k < n; k++)
        {
          double off = (double) (n - 1 - k) * STACK_OFFSET * scale;
          guint index = stack[k] - &g_array_index (map->counters, RdtRenderCounterSlot, 0);
          put_counter (self, cr, index, v->x - off, v->y - off, scale, k == n - 1);
        }
      /* Every stack shows how many counters it holds (issue 16): a badge
       * on the top counter's upper right corner. */
      if (total >= 2 && scale >= 16.0)
        {
          char buf[16];
          /* Readable at the default zoom, never larger than a third of the
           * counter. */
          double r = CLAMP (scale * 0.13, 7.0, COUNTER_SIDE * scale / 3);
          double bx = v->x + COUNTER_SIDE * scale * 0.5;
          double by = v->y - COUNTER_SIDE * scale * 0.5;
          FontEntry *font = get_font (self, FONT_BOLD, r * 1.3);

          g_snprintf (buf, sizeof buf, "%u", total);
          cairo_new_path (cr);
          cairo_arc (cr, bx, by, r, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, MAX (1.0, scale * 0.015));
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_stroke (cr);
          show_text (self, cr, font, buf, bx, by + r * 0.45, ALIGN_CENTRE);
        }
    }
}

guint
rdt_map_renderer_draw (RdtMapRenderer      *self,
                       cairo_t             *cr,
                       const RdtRenderView *view,
                       const RdtRenderRect *visible)
{
  RdtRenderRect dev, rect;
  double scale;

  g_return_val_if_fail (RDT_IS_MAP_RENDERER (self), 0);
  g_return_val_if_fail (cr != NULL, 0);
  g_return_val_if_fail (view != NULL && view->scale > 0, 0);

  if (!self->map)
    return 0;
  scale = view->scale;
  visible_device_rect (cr, visible, &dev);
  rect = rdt_render_view_rect_to_map (view, &dev);
  /* Counters overhang their hex a little; 1.3 covers a stack's offset. */
  collect_visible (self, view, &rect, 1.3);
  if (self->n_visible == 0)
    return 0;

  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      self->vector_target = TRUE;
      break;
    default:
      self->vector_target = FALSE;
    }

  self->frame_pixels = dev.width * dev.height;
  cairo_save (cr);
  cairo_rectangle (cr, dev.x, dev.y, dev.width, dev.height);
  cairo_clip (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  blit_begin (self, cr);

  if (self->layers & (RDT_RENDER_LAYER_TERRAIN | RDT_RENDER_LAYER_GRID))
    draw_terrain (self, cr, view, (self->layers & RDT_RENDER_LAYER_TERRAIN) != 0,
                  (self->layers & RDT_RENDER_LAYER_GRID) != 0);
  if (self->layers & RDT_RENDER_LAYER_AREAS)
    draw_areas (self, cr, scale);
  if (self->layers & RDT_RENDER_LAYER_HEXSIDES)
    draw_hexsides (self, cr, scale);
  if (self->layers & RDT_RENDER_LAYER_LABELS)
    draw_labels (self, cr, scale);
  if (self->layers & RDT_RENDER_LAYER_LOCATIONS)
    draw_locations (self, cr, view, &dev);
  if (self->layers & RDT_RENDER_LAYER_ENTRIES)
    draw_entries (self, cr, view, &dev);
  if (self->layers & RDT_RENDER_LAYER_COUNTERS)
    draw_counters (self, cr, scale);

  blit_end (self);
  cairo_restore (cr);
  return self->n_visible;
}

/* Overlay primitives. */

static void
hex_device_centre (RdtMapRenderer      *self,
                   const RdtRenderView *view,
                   RdtHex               hex,
                   double              *x,
                   double              *y)
{
  double mx, my;

  rdt_hex_grid_hex_centre (self->map->grid, hex, &mx, &my);
  rdt_render_view_to_device (view, mx, my, x, y);
}

void
rdt_map_renderer_shade_hex (RdtMapRenderer      *self,
                            cairo_t             *cr,
                            const RdtRenderView *view,
                            RdtHex               hex,
                            guint32              rgba)
{
  double x, y;

  g_return_if_fail (RDT_IS_MAP_RENDERER (self) && self->map);
  hex_device_centre (self, view, hex, &x, &y);
  cairo_new_path (cr);
  hex_path (self, cr, x, y, view->scale);
  set_rgba (cr, rgba);
  cairo_fill (cr);
}

void
rdt_map_renderer_hatch_hex (RdtMapRenderer      *self,
                            cairo_t             *cr,
                            const RdtRenderView *view,
                            RdtHex               hex,
                            guint32              rgba)
{
  double x, y, step, r;

  g_return_if_fail (RDT_IS_MAP_RENDERER (self) && self->map);
  hex_device_centre (self, view, hex, &x, &y);
  r = view->scale;
  step = MAX (4.0, r / 3.5);
  cairo_save (cr);
  cairo_new_path (cr);
  hex_path (self, cr, x, y, r);
  cairo_clip (cr);
  cairo_new_path (cr);
  /* Diagonal strokes across the hex's bounding square. */
  for (double d = -2 * r; d <= 2 * r; d += step)
    {
      cairo_move_to (cr, x + d - r, y + r);
      cairo_line_to (cr, x + d + r, y - r);
    }
  set_rgba (cr, rgba);
  cairo_set_line_width (cr, MAX (1.0, r / 12.0));
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
rdt_map_renderer_letter_hex (RdtMapRenderer      *self,
                             cairo_t             *cr,
                             const RdtRenderView *view,
                             RdtHex               hex,
                             const char          *text,
                             guint32              rgba)
{
  double x, y;
  FontEntry *font;

  g_return_if_fail (RDT_IS_MAP_RENDERER (self) && self->map);
  g_return_if_fail (text != NULL);
  if (0.8 * view->scale < 4.0)
    return;
  hex_device_centre (self, view, hex, &x, &y);
  font = get_font (self, FONT_BOLD, 0.8 * view->scale);
  set_rgba (cr, rgba);
  show_text (self, cr, font, text, x, y + 0.05 * view->scale, ALIGN_CENTRE);
}

void
rdt_map_renderer_text_hex (RdtMapRenderer      *self,
                           cairo_t             *cr,
                           const RdtRenderView *view,
                           RdtHex               hex,
                           const char          *text,
                           guint32              rgba)
{
  double x, y;
  FontEntry *font;

  g_return_if_fail (RDT_IS_MAP_RENDERER (self) && self->map);
  g_return_if_fail (text != NULL);
  if (0.34 * view->scale < 5.0)
    return;
  hex_device_centre (self, view, hex, &x, &y);
  font = get_font (self, FONT_BOLD, 0.34 * view->scale);
  show_text_halo (self, cr, font, text, x, y + 0.55 * view->scale,
                  rgba >> 8, RDT_RGB (0xff, 0xff, 0xff));
}

void
rdt_map_renderer_outline_hex (RdtMapRenderer      *self,
                              cairo_t             *cr,
                              const RdtRenderView *view,
                              RdtHex               hex,
                              guint32              rgba,
                              double               width)
{
  double x, y;

  g_return_if_fail (RDT_IS_MAP_RENDERER (self) && self->map);
  if (width <= 0)
    width = MAX (1.5, 0.08 * view->scale);
  hex_device_centre (self, view, hex, &x, &y);
  cairo_new_path (cr);
  /* Inside the hex, so neighbouring outlines do not overlap. */
  hex_path (self, cr, x, y, view->scale - width / 2);
  set_rgba (cr, rgba);
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}

void
rdt_map_renderer_line (RdtMapRenderer      *self,
                       cairo_t             *cr,
                       const RdtRenderView *view,
                       RdtHex               from,
                       RdtHex               to,
                       guint32              rgba,
                       double               width)
{
  double x1, y1, x2, y2;

  g_return_if_fail (RDT_IS_MAP_RENDERER (self) && self->map);
  if (width <= 0)
    width = MAX (2.0, 0.1 * view->scale);
  hex_device_centre (self, view, from, &x1, &y1);
  hex_device_centre (self, view, to, &x2, &y2);
  cairo_new_path (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
  set_rgba (cr, rgba);
  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);
  /* Dots on the end hexes' centres. */
  cairo_arc (cr, x1, y1, width * 1.2, 0, 2 * G_PI);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x2, y2, width * 1.2, 0, 2 * G_PI);
  cairo_fill (cr);
}

void
rdt_map_renderer_highlight_hexside (RdtMapRenderer      *self,
                                    cairo_t             *cr,
                                    const RdtRenderView *view,
                                    RdtHexside           side,
                                    guint32              rgba,
                                    double               width)
{
  double x, y, x1, y1, x2, y2;
  int dir;

  g_return_if_fail (RDT_IS_MAP_RENDERER (self) && self->map);
  dir = rdt_hex_grid_direction_to (self->map->grid, side.a, side.b);
  if (dir < 0)
    return;
  if (width <= 0)
    width = MAX (3.0, 0.16 * view->scale);
  hex_device_centre (self, view, side.a, &x, &y);
  side_points (self, x, y, view->scale, dir, &x1, &y1, &x2, &y2);
  cairo_new_path (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
  set_rgba (cr, rgba);
  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);
}

void
rdt_map_renderer_draw_counter (RdtMapRenderer         *self,
                               cairo_t                *cr,
                               double                  scale,
                               const RdtRenderCounter *counter,
                               double                  x,
                               double                  y)
{
  g_return_if_fail (RDT_IS_MAP_RENDERER (self));
  g_return_if_fail (cr != NULL && counter != NULL);

  cairo_save (cr);
  draw_counter (self, cr, counter, x, y, scale, TRUE);
  cairo_restore (cr);
}

void
rdt_map_renderer_draw_overlays (RdtMapRenderer         *self,
                                cairo_t                *cr,
                                const RdtRenderView    *view,
                                const RdtRenderRect    *visible,
                                const RdtRenderOverlay *items,
                                guint                   n_items)
{
  RdtRenderRect dev;

  g_return_if_fail (RDT_IS_MAP_RENDERER (self));
  g_return_if_fail (items != NULL || n_items == 0);
  if (!self->map || n_items == 0)
    return;
  visible_device_rect (cr, visible, &dev);

  cairo_save (cr);
  /* Shading first, then outlines and lines, then letters on top. */
  for (int pass = 0; pass < 3; pass++)
    for (guint i = 0; i < n_items; i++)
      {
        const RdtRenderOverlay *o = &items[i];
        double x, y, x2, y2;
        int item_pass = (o->kind == RDT_OVERLAY_SHADE_HEX || o->kind == RDT_OVERLAY_HATCH_HEX) ? 0
                        : (o->kind == RDT_OVERLAY_LETTER_HEX || o->kind == RDT_OVERLAY_TEXT_HEX) ? 2 : 1;

        if (item_pass != pass)
          continue;
        if (o->kind == RDT_OVERLAY_LINE)
          {
            /* Cull a line by its bounding box. */
            RdtRenderRect box;
            hex_device_centre (self, view, o->hex, &x, &y);
            hex_device_centre (self, view, o->to, &x2, &y2);
            box = (RdtRenderRect) { MIN (x, x2) - view->scale, MIN (y, y2) - view->scale,
                                    fabs (x2 - x) + 2 * view->scale, fabs (y2 - y) + 2 * view->scale };
            if (!rdt_render_rect_intersects (&box, &dev))
              continue;
          }
        else if (!hex_in_visible (self, view, &dev, o->hex, 1.5, &x, &y))
          continue;

        switch (o->kind)
          {
          case RDT_OVERLAY_SHADE_HEX:
            rdt_map_renderer_shade_hex (self, cr, view, o->hex, o->rgba);
            break;
          case RDT_OVERLAY_LETTER_HEX:
            rdt_map_renderer_letter_hex (self, cr, view, o->hex, o->text, o->rgba);
            break;
          case RDT_OVERLAY_OUTLINE_HEX:
            rdt_map_renderer_outline_hex (self, cr, view, o->hex, o->rgba, o->width);
            break;
          case RDT_OVERLAY_LINE:
            rdt_map_renderer_line (self, cr, view, o->hex, o->to, o->rgba, o->width);
            break;
          case RDT_OVERLAY_HEXSIDE:
            rdt_map_renderer_highlight_hexside (self, cr, view, o->hexside, o->rgba, o->width);
            break;
          case RDT_OVERLAY_TEXT_HEX:
            rdt_map_renderer_text_hex (self, cr, view, o->hex, o->text, o->rgba);
            break;
          case RDT_OVERLAY_HATCH_HEX:
            rdt_map_renderer_hatch_hex (self, cr, view, o->hex, o->rgba);
            break;
          default:
            break;
          }
      }
  cairo_restore (cr);
}
