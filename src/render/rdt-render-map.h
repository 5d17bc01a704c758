/* rdt-render-map.h: what the map renderer draws, in a flat, per-hex form.
 *
 * The renderer reads only this, never the document model directly: the editor
 * and `redoubt-cli render` fill it from a scenario (rdt-render-scenario.h), the
 * benchmark and the tests fill it by hand.  Everything is indexed by the grid's
 * dense hex index so drawing the visible hexes touches only their own slots.
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "rdt-hex-grid.h"
#include "rdt-hex-labels.h"
#include "rdt-terrain-palette.h"

G_BEGIN_DECLS

/* Features of one hexside.  The low 16 bits say what the hexside carries; the
 * high bits are stored per hex and say which side of it the feature faces. */
typedef enum {
  RDT_RENDER_SIDE_SLOPE           = 1 << 0,
  RDT_RENDER_SIDE_STREAM          = 1 << 1,
  RDT_RENDER_SIDE_CREEK           = 1 << 2,   /* e.g. non-ford Brandywine Creek */
  RDT_RENDER_SIDE_RIVER           = 1 << 3,
  RDT_RENDER_SIDE_FORD            = 1 << 4,   /* primary ford (Brandywine 5.1) */
  RDT_RENDER_SIDE_SECONDARY_FORD  = 1 << 5,   /* secondary ford (Brandywine 5.1) */
  RDT_RENDER_SIDE_FIELDWORK       = 1 << 6,
  RDT_RENDER_SIDE_ROAD            = 1 << 7,
  RDT_RENDER_SIDE_TRACK           = 1 << 8,
  RDT_RENDER_SIDE_PATH            = 1 << 9,
  RDT_RENDER_SIDE_BRIDGE          = 1 << 10,
  RDT_RENDER_SIDE_FEATURE_MASK    = 0xffff,
  /* This hex is the high side of the slope (11.43 note: the flush side). */
  RDT_RENDER_SIDE_HIGH_HERE       = 1 << 16,
  /* This hex holds the fieldworks symbol ("Into/Out of Fieldworks", 2.0). */
  RDT_RENDER_SIDE_WORKS_HERE      = 1 << 17,
} RdtRenderSideFlags;

typedef enum {
  RDT_RENDER_COUNTER_INFANTRY,
  RDT_RENDER_COUNTER_LIGHT_INFANTRY,
  RDT_RENDER_COUNTER_MILITIA,
  RDT_RENDER_COUNTER_CAVALRY,
  RDT_RENDER_COUNTER_ARTILLERY,
  RDT_RENDER_COUNTER_RIFLE,
  RDT_RENDER_COUNTER_LEADER,
  RDT_RENDER_COUNTER_OTHER,
} RdtRenderCounterKind;

/* Status markers drawn on a counter (13.3, 13.4 and volume states). */
typedef enum {
  RDT_RENDER_STATUS_DISRUPTED  = 1 << 0,
  RDT_RENDER_STATUS_SHATTERED  = 1 << 1,
  RDT_RENDER_STATUS_PINNED     = 1 << 2,
  RDT_RENDER_STATUS_FIRED      = 1 << 3,
  RDT_RENDER_STATUS_OTHER      = 1 << 4,
} RdtRenderStatus;

typedef struct {
  RdtHex hex;
  const char *name;       /* copied */
  /* The printed values line, e.g. "4-3-5" (strength-morale-movement); copied,
   * truncated to RDT_RENDER_VALUES_SIZE - 1 bytes. */
  const char *values;
  guint32 body_rgb;       /* nationality */
  guint32 band_rgb;       /* formation */
  guint32 text_rgb;
  RdtRenderCounterKind kind;
  gboolean reduced;       /* showing its reduced (back) side */
  guint status;           /* RdtRenderStatus bits */
  gpointer user_data;     /* e.g. the unit id, for hit testing */
  /* Counter art (issue 16): the image drawn instead of the generated counter,
   * or NULL; the map keeps a reference.  art_is_back: it is the printed back,
   * so the reduced side needs no extra mark. */
  cairo_surface_t *art;
  gboolean art_is_back;
} RdtRenderCounter;

#define RDT_RENDER_VALUES_SIZE 24
#define RDT_RENDER_MAX_AREAS 32

typedef struct _RdtRenderMap RdtRenderMap;

GType         rdt_render_map_get_type            (void) G_GNUC_CONST;
#define RDT_TYPE_RENDER_MAP (rdt_render_map_get_type ())

/* A map of clear hexes with the built-in terrain styles (rdt-terrain-palette.h). */
RdtRenderMap *rdt_render_map_new                 (RdtHexGrid         *grid);
RdtRenderMap *rdt_render_map_ref                 (RdtRenderMap       *map);
void          rdt_render_map_unref               (RdtRenderMap       *map);
/* (transfer none) */
RdtHexGrid   *rdt_render_map_get_grid            (const RdtRenderMap *map);
/* The map's display label format (issue 17, rdt-hex-labels.h): NULL for the
 * plain XXYY labels.  Set from the scenario by rdt_render_map_new_from_scenario. */
const RdtHexLabelFormat *
              rdt_render_map_get_hex_labels      (const RdtRenderMap *map);
void          rdt_render_map_set_hex_labels      (RdtRenderMap       *map,
                                                  const RdtHexLabelFormat *format);
/* The label shown for @hex (display label or XXYY), (transfer full). */
char         *rdt_render_map_dup_hex_label       (const RdtRenderMap *map,
                                                  RdtHex              hex);
/* Changes whenever the map does, so views know to redraw. */
guint64       rdt_render_map_get_serial          (const RdtRenderMap *map);
/* Changes when anything but the counters does (for caches of the map layers). */
guint64       rdt_render_map_get_static_serial   (const RdtRenderMap *map);

/* Terrain styles: id 0 .. n-1.  Adding a name that exists replaces its look. */
guint         rdt_render_map_add_terrain_style   (RdtRenderMap       *map,
                                                  const char         *name,
                                                  guint32             fill_rgb,
                                                  guint32             pattern_rgb,
                                                  RdtRenderPattern    pattern);
int           rdt_render_map_find_terrain_style  (const RdtRenderMap *map,
                                                  const char         *name);
guint         rdt_render_map_get_n_terrain_styles (const RdtRenderMap *map);
const RdtTerrainStyle *
              rdt_render_map_get_terrain_style   (const RdtRenderMap *map,
                                                  guint               id);

void          rdt_render_map_set_terrain         (RdtRenderMap       *map,
                                                  RdtHex              hex,
                                                  guint               style_id);
guint         rdt_render_map_get_terrain         (const RdtRenderMap *map,
                                                  RdtHex              hex);

/* Adds `features` (low bits of RdtRenderSideFlags) to a hexside.  `toward` is
 * the high hex of a slope or the hex holding a fieldworks symbol; NULL when the
 * feature has no side. */
void          rdt_render_map_add_hexside         (RdtRenderMap       *map,
                                                  RdtHexside          side,
                                                  guint               features,
                                                  const RdtHex       *toward);
void          rdt_render_map_clear_hexside       (RdtRenderMap       *map,
                                                  RdtHexside          side);
/* The hexside flags as seen from `hex` (HIGH_HERE / WORKS_HERE refer to it). */
guint         rdt_render_map_get_hexside         (const RdtRenderMap *map,
                                                  RdtHex              hex,
                                                  RdtHexDirection     dir);

guint         rdt_render_map_add_counter         (RdtRenderMap       *map,
                                                  const RdtRenderCounter *counter);
void          rdt_render_map_clear_counters      (RdtRenderMap       *map);
/* Drops the decoded counter art, so images rewritten on disk (the
 * countersheet cutter, issue 16) are read again. */
void          rdt_render_map_forget_art          (RdtRenderMap       *map);
guint         rdt_render_map_get_n_counters      (const RdtRenderMap *map);
/* The counters in a hex, bottom of the stack first. Returns how many were
 * written to `out` (at most `n_out`), and the stack height in `out_total`. */
guint         rdt_render_map_get_stack           (RdtRenderMap       *map,
                                                  RdtHex              hex,
                                                  const RdtRenderCounter **out,
                                                  guint               n_out,
                                                  guint              *out_total);

void          rdt_render_map_add_location        (RdtRenderMap       *map,
                                                  RdtHex              hex,
                                                  const char         *name);
void          rdt_render_map_add_entry           (RdtRenderMap       *map,
                                                  RdtHex              hex,
                                                  const char         *label,
                                                  guint32             rgb);
/* Areas are drawn as coloured boundaries; at most RDT_RENDER_MAX_AREAS.
 * Returns the area index, or -1 when full. */
int           rdt_render_map_add_area            (RdtRenderMap       *map,
                                                  const char         *name,
                                                  guint32             rgb);
void          rdt_render_map_area_add_hex        (RdtRenderMap       *map,
                                                  guint               area,
                                                  RdtHex              hex);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtRenderMap, rdt_render_map_unref)

G_END_DECLS
