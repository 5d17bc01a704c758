/* rdt-terrain-palette.h: how terrain types look when the volume data says nothing.
 *
 * The printed maps' terrain keys are not transcribed (../shared/rules/README.md),
 * so these colours only echo the usual look of the BoAR maps: they are a
 * rendering default, not rule data, and volume data may override every one.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Colours as 0xRRGGBB, and with alpha as 0xRRGGBBAA. */
#define RDT_RGB(r, g, b) ((guint32) (((r) << 16) | ((g) << 8) | (b)))
#define RDT_RGBA(r, g, b, a) ((guint32) (((guint32) (r) << 24) | ((g) << 16) | ((b) << 8) | (a)))

/* Symbols drawn over a terrain's fill, in map units so they scale with the map. */
typedef enum {
  RDT_RENDER_PATTERN_NONE,
  RDT_RENDER_PATTERN_TREES,        /* forest: crowded tree crowns */
  RDT_RENDER_PATTERN_LIGHT_TREES,  /* light forest: a few crowns */
  RDT_RENDER_PATTERN_ORCHARD,      /* trees in rows */
  RDT_RENDER_PATTERN_MARSH,        /* short horizontal strokes */
  RDT_RENDER_PATTERN_BUILDINGS,    /* small blocks */
  RDT_RENDER_PATTERN_FIELDS,       /* furrows */
  RDT_RENDER_PATTERN_WAVES,        /* open water */
  RDT_RENDER_N_PATTERNS
} RdtRenderPattern;

typedef struct {
  const char *name;          /* terrain id as in volume data, e.g. "light-forest" */
  guint32 fill_rgb;
  guint32 pattern_rgb;
  RdtRenderPattern pattern;
} RdtTerrainStyle;

/* The built-in styles; index 0 is clear terrain. */
guint                  rdt_terrain_palette_get_n_styles  (void);
const RdtTerrainStyle *rdt_terrain_palette_get_style     (guint       index);
/* Looks up a terrain id ("forest", "heavy-woods", "orchard"...), accepting the
 * rulebooks' synonyms; NULL when unknown. */
const RdtTerrainStyle *rdt_terrain_palette_lookup        (const char *name);
/* A stable colour for a terrain id the palette does not know. */
guint32                rdt_terrain_palette_fallback_rgb  (const char *name);

G_END_DECLS
