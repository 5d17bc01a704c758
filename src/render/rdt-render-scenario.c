/* rdt-render-scenario.c: scenario to render map (see the header). */
#include "config.h"

#include <string.h>

#include "rdt-file-ref.h"
#include "rdt-render-map-private.h"
#include "rdt-art-image.h"
#include "rdt-render-scenario.h"

/* The volume data's own look wins over the built-in palette (issue 6: terrain
 * fills come from the volume data and are editable). */
static guint
look_from_volume (RdtRenderMap          *map,
                  const RdtTerrainType  *terrain,
                  const RdtTerrainStyle *palette)
{
  static const char *const patterns[RDT_RENDER_N_PATTERNS] = {
    "none", "trees", "light-trees", "orchard", "marsh", "buildings", "fields", "waves",
  };
  guint32 fill = palette ? palette->fill_rgb : rdt_terrain_palette_fallback_rgb (terrain->id);
  guint32 symbol = palette ? palette->pattern_rgb : 0;
  RdtRenderPattern pattern = palette ? palette->pattern : RDT_RENDER_PATTERN_NONE;

  if (terrain->colour != NULL && strlen (terrain->colour) == 7)
    {
      guint64 rgb = g_ascii_strtoull (terrain->colour + 1, NULL, 16);
      fill = (guint32) rgb;
    }
  if (terrain->pattern != NULL)
    for (guint i = 0; i < RDT_RENDER_N_PATTERNS; i++)
      if (g_strcmp0 (terrain->pattern, patterns[i]) == 0)
        pattern = i;
  if (symbol == 0 || terrain->colour != NULL)
    {
      /* Symbols in a darker shade of the fill. */
      guint r = (fill >> 16) & 0xff, g = (fill >> 8) & 0xff, b = fill & 0xff;
      symbol = RDT_RGB (r * 3 / 5, g * 3 / 5, b * 3 / 5);
    }
  return rdt_render_map_add_terrain_style (map, terrain->id, fill, symbol, pattern);
}

static guint
terrain_style (RdtRenderMap *map,
               RdtVolume    *volume,
               guint         terrain_index)
{
  const RdtTerrainType *terrain = rdt_volume_get_terrain (volume, terrain_index);
  const RdtTerrainStyle *palette;
  int style;

  if (!terrain)
    return 0;
  style = rdt_render_map_find_terrain_style (map, terrain->id);
  if (style >= 0)
    return style;
  palette = rdt_terrain_palette_lookup (terrain->id);
  if (terrain->colour != NULL || terrain->pattern != NULL)
    return look_from_volume (map, terrain, palette);
  if (palette)
    return rdt_render_map_add_terrain_style (map, terrain->id, palette->fill_rgb,
                                             palette->pattern_rgb, palette->pattern);
  return rdt_render_map_add_terrain_style (map, terrain->id,
                                           rdt_terrain_palette_fallback_rgb (terrain->id),
                                           0, RDT_RENDER_PATTERN_NONE);
}

static gboolean
id_has (const char *id,
        const char *word)
{
  return id && strstr (id, word) != NULL;
}

guint
rdt_render_hexside_flags (RdtVolume                *volume,
                          const RdtHexsideFeatures *f)
{
  const RdtHexsideType *t;
  guint flags = 0;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  g_return_val_if_fail (f != NULL, 0);

  if (f->water != RDT_NO_TYPE && (t = rdt_volume_get_hexside_type (volume, f->water)))
    {
      /* Fords are fords of a creek (Brandywine 5.1). */
      if (id_has (t->id, "secondary"))
        flags |= RDT_RENDER_SIDE_CREEK | RDT_RENDER_SIDE_SECONDARY_FORD;
      else if (id_has (t->id, "ford"))
        flags |= RDT_RENDER_SIDE_CREEK | RDT_RENDER_SIDE_FORD;
      else if (id_has (t->id, "river"))
        flags |= RDT_RENDER_SIDE_RIVER;
      else if (id_has (t->id, "creek"))
        flags |= RDT_RENDER_SIDE_CREEK;
      else
        flags |= RDT_RENDER_SIDE_STREAM;   /* stream, run, brook... */
    }
  if (f->slope != RDT_NO_TYPE)
    flags |= RDT_RENDER_SIDE_SLOPE;
  if (f->fieldwork != RDT_NO_TYPE)
    flags |= RDT_RENDER_SIDE_FIELDWORK;
  if (f->road != RDT_NO_TYPE && (t = rdt_volume_get_hexside_type (volume, f->road)))
    {
      if (id_has (t->id, "track"))
        flags |= RDT_RENDER_SIDE_TRACK;
      else if (id_has (t->id, "path") || id_has (t->id, "trail"))
        flags |= RDT_RENDER_SIDE_PATH;
      else
        flags |= RDT_RENDER_SIDE_ROAD;
    }
  if (f->other != RDT_NO_TYPE && (t = rdt_volume_get_hexside_type (volume, f->other))
      && id_has (t->id, "bridge"))
    flags |= RDT_RENDER_SIDE_BRIDGE;
  return flags;
}

static void
add_features (RdtRenderMap             *map,
              RdtVolume                *volume,
              const RdtHexsideFeatures *f)
{
  guint flags = rdt_render_hexside_flags (volume, f);
  guint plain = flags & ~(RDT_RENDER_SIDE_SLOPE | RDT_RENDER_SIDE_FIELDWORK);

  if (plain)
    rdt_render_map_add_hexside (map, f->side, plain, NULL);
  if (flags & RDT_RENDER_SIDE_SLOPE)
    rdt_render_map_add_hexside (map, f->side, RDT_RENDER_SIDE_SLOPE, &f->slope_high);
  if (flags & RDT_RENDER_SIDE_FIELDWORK)
    rdt_render_map_add_hexside (map, f->side, RDT_RENDER_SIDE_FIELDWORK, &f->fieldwork_symbol);
}

void
rdt_render_unit_colours (RdtScenario   *scenario,
                         const RdtUnit *unit,
                         guint32       *body_rgb,
                         guint32       *band_rgb,
                         guint32       *text_rgb)
{
  /* Rendering defaults in the spirit of the countersheets, not rule data. */
  static const struct {
    const char *word;
    guint32 body;
  } nations[] = {
    { "hessian", RDT_RGB (0x2f, 0x6f, 0x86) },
    { "german", RDT_RGB (0x2f, 0x6f, 0x86) },
    { "french", RDT_RGB (0xe8, 0xe8, 0xf0) },
    { "loyalist", RDT_RGB (0x2e, 0x7d, 0x4f) },
    { "militia", RDT_RGB (0x8a, 0x6a, 0x3a) },
    { "british", RDT_RGB (0xc2, 0x2e, 0x26) },
    { "continental", RDT_RGB (0x2b, 0x4f, 0x9c) },
    { "american", RDT_RGB (0x2b, 0x4f, 0x9c) },
  };
  static const guint32 side_bodies[] = {
    RDT_RGB (0xc2, 0x2e, 0x26), RDT_RGB (0x2b, 0x4f, 0x9c),
    RDT_RGB (0x5e, 0x7d, 0x2e), RDT_RGB (0x7a, 0x3e, 0x8c),
  };
  static const guint32 bands[] = {
    RDT_RGB (0xf2, 0xe2, 0x9a), RDT_RGB (0xf0, 0xf0, 0xf0), RDT_RGB (0xe6, 0x9a, 0x2a),
    RDT_RGB (0x9a, 0xd0, 0x7a), RDT_RGB (0xf2, 0xa8, 0xc0), RDT_RGB (0x9c, 0xc8, 0xf0),
    RDT_RGB (0xd8, 0xc0, 0xf0), RDT_RGB (0x40, 0x40, 0x40),
  };
  guint32 body = side_bodies[(guint) MAX (unit->side, 0) % G_N_ELEMENTS (side_bodies)];
  const char *nation = unit->nationality;

  if (!nation && scenario && unit->side >= 0
      && (guint) unit->side < rdt_scenario_get_n_sides (scenario))
    nation = rdt_scenario_get_side (scenario, unit->side)->id;
  if (nation)
    {
      g_autofree char *lower = g_ascii_strdown (nation, -1);
      for (guint i = 0; i < G_N_ELEMENTS (nations); i++)
        if (strstr (lower, nations[i].word))
          {
            body = nations[i].body;
            break;
          }
    }
  *body_rgb = body;
  *band_rgb = unit->formation ? bands[g_str_hash (unit->formation) % G_N_ELEMENTS (bands)]
                              : RDT_RGB (0xf5, 0xf0, 0xdc);
  *text_rgb = (((body >> 16) & 0xff) * 3 + ((body >> 8) & 0xff) * 6 + (body & 0xff)) / 10 > 150
              ? RDT_RGB (0x10, 0x10, 0x10) : RDT_RGB (0xff, 0xff, 0xff);
}

static RdtRenderCounterKind
counter_kind (RdtUnitKind kind)
{
  switch (kind)
    {
    case RDT_UNIT_KIND_INFANTRY:
    case RDT_UNIT_KIND_INDIANS:
      return RDT_RENDER_COUNTER_INFANTRY;
    case RDT_UNIT_KIND_LIGHT_INFANTRY:
      return RDT_RENDER_COUNTER_LIGHT_INFANTRY;
    case RDT_UNIT_KIND_MILITIA:
      return RDT_RENDER_COUNTER_MILITIA;
    case RDT_UNIT_KIND_DRAGOONS:
      return RDT_RENDER_COUNTER_CAVALRY;
    case RDT_UNIT_KIND_ARTILLERY:
    case RDT_UNIT_KIND_AMUSETTE:
    case RDT_UNIT_KIND_MORTAR:
      return RDT_RENDER_COUNTER_ARTILLERY;
    case RDT_UNIT_KIND_RIFLE:
    case RDT_UNIT_KIND_MUSKET_RIFLE:
      return RDT_RENDER_COUNTER_RIFLE;
    case RDT_UNIT_KIND_LEADER:
      return RDT_RENDER_COUNTER_LEADER;
    case RDT_N_UNIT_KINDS:
    default:
      return RDT_RENDER_COUNTER_OTHER;
    }
}

/* Counter art larger than this is not drawn (a counter is a few hundred
 * pixels at most; the cap bounds memory for a hostile file). */
#define MAX_ART_PIXELS (4u * 1024u * 1024u)
#define MAX_ART_BYTES (16u * 1024u * 1024u)

/* The counter art at @ref (relative to the scenario's folder; checked on load,
 * checked again here), loaded once per map: PNG, JPEG or SVG
 * (rdt-art-image.h).  NULL when it cannot be drawn. */
static cairo_surface_t *
counter_art (RdtRenderMap *map,
             RdtScenario  *scenario,
             const char   *ref)
{
  const char *file = rdt_scenario_get_path (scenario);
  g_autofree char *dir = NULL;
  g_autofree char *key = NULL;
  g_autoptr(GBytes) bytes = NULL;
  cairo_surface_t *surface = NULL;
  RdtFileRef file_ref = { 0 };

  if (ref == NULL || file == NULL)
    return NULL;
  if (map->art_cache == NULL)
    map->art_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) cairo_surface_destroy);
  key = g_strconcat (file, "\n", ref, NULL);
  if (g_hash_table_lookup_extended (map->art_cache, key, NULL, (gpointer *) &surface))
    return surface;
  /* Opened through the one resolver of file references (rdt-file-ref.h,
   * issue 11): inside the scenario's folder, no link out of it, a regular
   * file, at most MAX_ART_BYTES. */
  dir = g_path_get_dirname (file);
  file_ref.base_dir = dir;
  file_ref.file = file;
  file_ref.element = "art";
  file_ref.value = ref;
  bytes = rdt_file_ref_read (&file_ref, MAX_ART_BYTES, NULL);
  if (bytes != NULL)
    surface = rdt_art_image_decode (bytes, &file_ref, MAX_ART_PIXELS, NULL);
  /* A miss is cached too (as NULL): a broken file is not retried every frame. */
  g_hash_table_insert (map->art_cache, g_steal_pointer (&key), surface);
  return surface;
}

/**
 * rdt_render_counter_for_unit:
 * @values: (out caller-allocates): holds the printed values line
 *
 * The counter of @unit as the map draws it (its hex only if it is set up in
 * one); @out points into @unit and @values, so use it while both live.
 */
void
rdt_render_counter_for_unit (RdtScenario      *scenario,
                             const RdtUnit    *unit,
                             RdtRenderCounter *out,
                             char             *values)
{
  const RdtUnitStep *step;
  RdtRenderCounter c;

  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_return_if_fail (unit != NULL && out != NULL && values != NULL);

  memset (&c, 0, sizeof c);
  values[0] = '\0';
  if (unit->placement.kind == RDT_PLACEMENT_HEX)
    c.hex = unit->placement.hex;
  c.name = unit->name ? unit->name : unit->id;
  step = rdt_unit_get_current_step (unit);
  /* The printed line: strength-morale-movement; musket/rifle units show
   * both SP values (close combat/rifle fire). */
  if (step && step->fire_strength >= 0)
    g_snprintf (values, RDT_RENDER_VALUES_SIZE, "%d/%d-%d-%d", step->strength, step->fire_strength,
                step->morale, unit->movement);
  else if (step)
    g_snprintf (values, RDT_RENDER_VALUES_SIZE, "%d-%d-%d", step->strength, step->morale, unit->movement);
  else if (rdt_unit_is_leader (unit))
    g_snprintf (values, RDT_RENDER_VALUES_SIZE, "%+d %+d", unit->cc_drm, unit->leadership_drm);
  c.values = values;
  rdt_render_unit_colours (scenario, unit, &c.body_rgb, &c.band_rgb, &c.text_rgb);
  c.kind = counter_kind (unit->kind);
  c.reduced = unit->step > 0;
  if (unit->status == RDT_UNIT_STATUS_DISRUPTED)
    c.status |= RDT_RENDER_STATUS_DISRUPTED;
  else if (unit->status == RDT_UNIT_STATUS_SHATTERED)
    c.status |= RDT_RENDER_STATUS_SHATTERED;
  for (char **s = unit->states; s && *s; s++)
    {
      if (id_has (*s, "pin"))
        c.status |= RDT_RENDER_STATUS_PINNED;
      else if (id_has (*s, "fire"))
        c.status |= RDT_RENDER_STATUS_FIRED;
      else
        c.status |= RDT_RENDER_STATUS_OTHER;
    }
  *out = c;
}

/**
 * rdt_render_map_counter_for_unit:
 * @values: (out caller-allocates): holds the printed values line
 *
 * rdt_render_counter_for_unit() with the unit's counter art (issue 16): the
 * printed back for a reduced unit when there is one, else the front.  The
 * images are decoded once into @map's cache, the one cache the map, the
 * palette, the stack expander and drag icons share; @out->art belongs to
 * @map.
 */
void
rdt_render_map_counter_for_unit (RdtRenderMap     *map,
                                 RdtScenario      *scenario,
                                 const RdtUnit    *unit,
                                 RdtRenderCounter *out,
                                 char             *values)
{
  g_return_if_fail (map != NULL);
  rdt_render_counter_for_unit (scenario, unit, out, values);
  if (out->reduced && unit->art_back != NULL)
    {
      out->art = counter_art (map, scenario, unit->art_back);
      out->art_is_back = out->art != NULL;
    }
  if (out->art == NULL)
    out->art = counter_art (map, scenario, unit->art_front);
}

void
rdt_render_map_update_counters (RdtRenderMap *map,
                                RdtScenario  *scenario)
{
  g_return_if_fail (map != NULL);
  g_return_if_fail (RDT_IS_SCENARIO (scenario));

  rdt_render_map_clear_counters (map);
  for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
    {
      const RdtUnit *unit = rdt_scenario_get_unit (scenario, i);
      RdtRenderCounter c;
      char values[RDT_RENDER_VALUES_SIZE] = "";

      if (unit->placement.kind != RDT_PLACEMENT_HEX)
        continue;
      rdt_render_map_counter_for_unit (map, scenario, unit, &c, values);
      rdt_render_map_add_counter (map, &c);
    }
}

void
rdt_render_map_update_terrain (RdtRenderMap *map,
                               RdtScenario  *scenario,
                               RdtHex        hex)
{
  int terrain;

  g_return_if_fail (map != NULL);
  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  terrain = rdt_scenario_get_terrain (scenario, hex);
  if (terrain >= 0)
    rdt_render_map_set_terrain (map, hex, terrain_style (map, rdt_scenario_get_volume (scenario), terrain));
}

void
rdt_render_map_update_hexside (RdtRenderMap *map,
                               RdtScenario  *scenario,
                               RdtHexside    side)
{
  const RdtHexsideFeatures *f;

  g_return_if_fail (map != NULL);
  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  rdt_render_map_clear_hexside (map, side);
  f = rdt_scenario_get_hexside (scenario, side);
  if (f)
    add_features (map, rdt_scenario_get_volume (scenario), f);
}

/* Area outlines: distinct, strong colours, by the area's index (the map
 * and its legend use the same). */
static const guint32 area_colours[] = {
  RDT_RGB (0xd9, 0x48, 0x1c), RDT_RGB (0x7b, 0x2f, 0xbf), RDT_RGB (0xc7, 0x1f, 0x7a),
  RDT_RGB (0x1f, 0x8a, 0x3a), RDT_RGB (0x8f, 0x6f, 0x00), RDT_RGB (0x55, 0x55, 0x55),
};

guint32
rdt_render_area_colour (guint index)
{
  return area_colours[index % G_N_ELEMENTS (area_colours)];
}

RdtRenderMap *
rdt_render_map_new_from_scenario (RdtScenario *scenario)
{
  RdtHexGrid *grid;
  RdtVolume *volume;
  RdtRenderMap *map;
  g_autofree guint *styles = NULL;
  const guint16 *terrain;
  g_autoptr(GArray) sides = NULL;
  guint n_hexes, n_terrains;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);

  grid = rdt_scenario_get_grid (scenario);
  volume = rdt_scenario_get_volume (scenario);
  map = rdt_render_map_new (grid);
  rdt_render_map_set_hex_labels (map, rdt_scenario_get_hex_labels (scenario));
  n_hexes = rdt_hex_grid_get_n_hexes (grid);

  n_terrains = rdt_volume_get_n_terrains (volume);
  styles = g_new0 (guint, MAX (n_terrains, 1));
  for (guint i = 0; i < n_terrains; i++)
    styles[i] = terrain_style (map, volume, i);
  terrain = rdt_scenario_get_terrain_array (scenario);
  for (guint i = 0; terrain && i < n_hexes; i++)
    if (terrain[i] < n_terrains)
      rdt_render_map_set_terrain (map, rdt_hex_grid_hex_at_index (grid, i), styles[terrain[i]]);

  sides = rdt_scenario_dup_hexsides (scenario);
  for (guint i = 0; sides && i < sides->len; i++)
    add_features (map, volume, &g_array_index (sides, RdtHexsideFeatures, i));

  for (guint i = 0; i < rdt_scenario_get_n_locations (scenario); i++)
    {
      const RdtLocation *loc = rdt_scenario_get_location (scenario, i);
      if (rdt_hex_grid_contains (grid, loc->hex))
        rdt_render_map_add_location (map, loc->hex, loc->name);
    }
  for (guint i = 0; i < rdt_scenario_get_n_entries (scenario); i++)
    {
      const RdtEntryHex *e = rdt_scenario_get_entry (scenario, i);
      if (rdt_hex_grid_contains (grid, e->hex))
        rdt_render_map_add_entry (map, e->hex, e->id, RDT_RGB (0x3a, 0x8a, 0x3a));
    }
  for (guint i = 0; i < rdt_scenario_get_n_areas (scenario); i++)
    {
      const RdtArea *area = rdt_scenario_get_area (scenario, i);
      int index = rdt_render_map_add_area (map, area->name ? area->name : area->id,
                                           area_colours[i % G_N_ELEMENTS (area_colours)]);
      if (index < 0)
        break;
      for (guint h = 0; area->hexes && h < area->hexes->len; h++)
        {
          RdtHex hex = g_array_index (area->hexes, RdtHex, h);
          if (rdt_hex_grid_contains (grid, hex))
            rdt_render_map_area_add_hex (map, index, hex);
        }
    }
  rdt_render_map_update_counters (map, scenario);
  return map;
}
