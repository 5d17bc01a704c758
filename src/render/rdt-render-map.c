/* rdt-render-map.c: the flat map data the renderer draws. */
#include "config.h"

#include <string.h>

#include "rdt-render-map-private.h"

G_DEFINE_BOXED_TYPE (RdtRenderMap, rdt_render_map, rdt_render_map_ref, rdt_render_map_unref)

static void
clear_style_slot (gpointer data)
{
  RdtRenderStyleSlot *slot = data;
  g_clear_pointer (&slot->name_copy, g_free);
}

static void
clear_counter_slot (gpointer data)
{
  RdtRenderCounterSlot *slot = data;
  g_free ((char *) slot->pub.name);
  slot->pub.name = NULL;
  g_clear_pointer (&slot->pub.art, cairo_surface_destroy);
}

static void
clear_location (gpointer data)
{
  RdtRenderLocation *loc = data;
  g_clear_pointer (&loc->name, g_free);
}

static void
clear_area (gpointer data)
{
  RdtRenderArea *area = data;
  g_clear_pointer (&area->name, g_free);
}

RdtRenderMap *
rdt_render_map_new (RdtHexGrid *grid)
{
  RdtRenderMap *map;

  g_return_val_if_fail (grid != NULL, NULL);

  map = g_new0 (RdtRenderMap, 1);
  g_atomic_ref_count_init (&map->ref_count);
  map->grid = rdt_hex_grid_ref (grid);
  map->n_hexes = rdt_hex_grid_get_n_hexes (grid);
  map->styles = g_array_new (FALSE, TRUE, sizeof (RdtRenderStyleSlot));
  g_array_set_clear_func (map->styles, clear_style_slot);
  map->terrain = g_new0 (guint8, map->n_hexes);
  map->sides = g_new0 (guint32, (gsize) map->n_hexes * RDT_N_DIRECTIONS);
  map->area_bits = g_new0 (guint32, map->n_hexes);
  map->counters = g_array_new (FALSE, TRUE, sizeof (RdtRenderCounterSlot));
  g_array_set_clear_func (map->counters, clear_counter_slot);
  map->stack_first = g_new (int, map->n_hexes);
  map->stack_last = g_new (int, map->n_hexes);
  for (guint i = 0; i < map->n_hexes; i++)
    map->stack_first[i] = map->stack_last[i] = -1;
  map->locations = g_array_new (FALSE, TRUE, sizeof (RdtRenderLocation));
  g_array_set_clear_func (map->locations, clear_location);
  map->entries = g_array_new (FALSE, TRUE, sizeof (RdtRenderEntry));
  map->areas = g_array_new (FALSE, TRUE, sizeof (RdtRenderArea));
  g_array_set_clear_func (map->areas, clear_area);

  for (guint i = 0; i < rdt_terrain_palette_get_n_styles (); i++)
    {
      const RdtTerrainStyle *s = rdt_terrain_palette_get_style (i);
      rdt_render_map_add_terrain_style (map, s->name, s->fill_rgb, s->pattern_rgb, s->pattern);
    }
  return map;
}

RdtRenderMap *
rdt_render_map_ref (RdtRenderMap *map)
{
  g_return_val_if_fail (map != NULL, NULL);
  g_atomic_ref_count_inc (&map->ref_count);
  return map;
}

void
rdt_render_map_unref (RdtRenderMap *map)
{
  g_return_if_fail (map != NULL);
  if (!g_atomic_ref_count_dec (&map->ref_count))
    return;
  g_clear_pointer (&map->grid, rdt_hex_grid_unref);
  g_clear_pointer (&map->styles, g_array_unref);
  g_clear_pointer (&map->terrain, g_free);
  g_clear_pointer (&map->sides, g_free);
  g_clear_pointer (&map->area_bits, g_free);
  g_clear_pointer (&map->counters, g_array_unref);
  g_clear_pointer (&map->stack_first, g_free);
  g_clear_pointer (&map->stack_last, g_free);
  g_clear_pointer (&map->locations, g_array_unref);
  g_clear_pointer (&map->entries, g_array_unref);
  g_clear_pointer (&map->areas, g_array_unref);
  g_clear_pointer (&map->art_cache, g_hash_table_unref);
  g_free (map);
}

void
rdt_render_map_forget_art (RdtRenderMap *map)
{
  g_return_if_fail (map != NULL);
  g_clear_pointer (&map->art_cache, g_hash_table_unref);
}

RdtHexGrid *
rdt_render_map_get_grid (const RdtRenderMap *map)
{
  g_return_val_if_fail (map != NULL, NULL);
  return map->grid;
}

const RdtHexLabelFormat *
rdt_render_map_get_hex_labels (const RdtRenderMap *map)
{
  g_return_val_if_fail (map != NULL, NULL);
  return map->hex_labels.present ? &map->hex_labels : NULL;
}

void
rdt_render_map_set_hex_labels (RdtRenderMap            *map,
                               const RdtHexLabelFormat *format)
{
  g_return_if_fail (map != NULL);
  if (format != NULL && format->present)
    map->hex_labels = *format;
  else
    memset (&map->hex_labels, 0, sizeof map->hex_labels);
  map->serial++;
  map->static_serial++;
}

char *
rdt_render_map_dup_hex_label (const RdtRenderMap *map,
                              RdtHex              hex)
{
  g_return_val_if_fail (map != NULL, NULL);
  return rdt_hex_label_format_print (rdt_render_map_get_hex_labels (map), map->grid, hex);
}

guint64
rdt_render_map_get_serial (const RdtRenderMap *map)
{
  g_return_val_if_fail (map != NULL, 0);
  return map->serial;
}

guint64
rdt_render_map_get_static_serial (const RdtRenderMap *map)
{
  g_return_val_if_fail (map != NULL, 0);
  return map->static_serial;
}

guint
rdt_render_map_add_terrain_style (RdtRenderMap    *map,
                                  const char      *name,
                                  guint32          fill_rgb,
                                  guint32          pattern_rgb,
                                  RdtRenderPattern pattern)
{
  RdtRenderStyleSlot slot = { { 0 }, NULL };
  int existing;

  g_return_val_if_fail (map != NULL, 0);
  g_return_val_if_fail (name != NULL, 0);
  g_return_val_if_fail (pattern < RDT_RENDER_N_PATTERNS, 0);

  map->serial++;
  map->static_serial++;
  existing = rdt_render_map_find_terrain_style (map, name);
  if (existing >= 0)
    {
      RdtRenderStyleSlot *s = &g_array_index (map->styles, RdtRenderStyleSlot, existing);
      s->style.fill_rgb = fill_rgb;
      s->style.pattern_rgb = pattern_rgb;
      s->style.pattern = pattern;
      return existing;
    }
  g_return_val_if_fail (map->styles->len < 256, 0);
  slot.name_copy = g_strdup (name);
  slot.style.name = slot.name_copy;
  slot.style.fill_rgb = fill_rgb;
  slot.style.pattern_rgb = pattern_rgb;
  slot.style.pattern = pattern;
  g_array_append_val (map->styles, slot);
  return map->styles->len - 1;
}

int
rdt_render_map_find_terrain_style (const RdtRenderMap *map,
                                   const char         *name)
{
  g_return_val_if_fail (map != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  for (guint i = 0; i < map->styles->len; i++)
    if (g_strcmp0 (g_array_index (map->styles, RdtRenderStyleSlot, i).style.name, name) == 0)
      return i;
  return -1;
}

guint
rdt_render_map_get_n_terrain_styles (const RdtRenderMap *map)
{
  g_return_val_if_fail (map != NULL, 0);
  return map->styles->len;
}

const RdtTerrainStyle *
rdt_render_map_get_terrain_style (const RdtRenderMap *map,
                                  guint               id)
{
  g_return_val_if_fail (map != NULL, NULL);
  if (id >= map->styles->len)
    return NULL;
  return &g_array_index (map->styles, RdtRenderStyleSlot, id).style;
}

void
rdt_render_map_set_terrain (RdtRenderMap *map,
                            RdtHex        hex,
                            guint         style_id)
{
  int index;

  g_return_if_fail (map != NULL);
  g_return_if_fail (style_id < map->styles->len);

  index = rdt_hex_grid_hex_index (map->grid, hex);
  g_return_if_fail (index >= 0);
  map->terrain[index] = style_id;
  map->serial++;
  map->static_serial++;
}

guint
rdt_render_map_get_terrain (const RdtRenderMap *map,
                            RdtHex              hex)
{
  int index;

  g_return_val_if_fail (map != NULL, 0);
  index = rdt_hex_grid_hex_index (map->grid, hex);
  return index >= 0 ? map->terrain[index] : 0;
}

/* The slot of `side` in hex `hex`, or NULL when `hex` is off the map. */
static guint32 *
side_slot (RdtRenderMap *map,
           RdtHex        hex,
           RdtHex        other)
{
  int index = rdt_hex_grid_hex_index (map->grid, hex);
  int dir;

  if (index < 0)
    return NULL;
  dir = rdt_hex_grid_direction_to (map->grid, hex, other);
  if (dir < 0)
    return NULL;
  return &map->sides[index * RDT_N_DIRECTIONS + dir];
}

void
rdt_render_map_add_hexside (RdtRenderMap *map,
                            RdtHexside    side,
                            guint         features,
                            const RdtHex *toward)
{
  guint32 *slot_a, *slot_b;
  guint here = 0;

  g_return_if_fail (map != NULL);

  features &= RDT_RENDER_SIDE_FEATURE_MASK;
  slot_a = side_slot (map, side.a, side.b);
  slot_b = side_slot (map, side.b, side.a);
  if (features & RDT_RENDER_SIDE_SLOPE)
    here |= RDT_RENDER_SIDE_HIGH_HERE;
  if (features & RDT_RENDER_SIDE_FIELDWORK)
    here |= RDT_RENDER_SIDE_WORKS_HERE;

  if (slot_a)
    {
      *slot_a |= features;
      if (toward && toward->col == side.a.col && toward->row == side.a.row)
        *slot_a = (*slot_a & ~here) | here;
      else if (toward)
        *slot_a &= ~here;
    }
  if (slot_b)
    {
      *slot_b |= features;
      if (toward && toward->col == side.b.col && toward->row == side.b.row)
        *slot_b = (*slot_b & ~here) | here;
      else if (toward)
        *slot_b &= ~here;
    }
  map->serial++;
  map->static_serial++;
}

void
rdt_render_map_clear_hexside (RdtRenderMap *map,
                              RdtHexside    side)
{
  guint32 *slot;

  g_return_if_fail (map != NULL);
  if ((slot = side_slot (map, side.a, side.b)))
    *slot = 0;
  if ((slot = side_slot (map, side.b, side.a)))
    *slot = 0;
  map->serial++;
  map->static_serial++;
}

guint
rdt_render_map_get_hexside (const RdtRenderMap *map,
                            RdtHex              hex,
                            RdtHexDirection     dir)
{
  int index;

  g_return_val_if_fail (map != NULL, 0);
  g_return_val_if_fail (dir < RDT_N_DIRECTIONS, 0);
  index = rdt_hex_grid_hex_index (map->grid, hex);
  return index >= 0 ? map->sides[index * RDT_N_DIRECTIONS + dir] : 0;
}

guint
rdt_render_map_add_counter (RdtRenderMap           *map,
                            const RdtRenderCounter *counter)
{
  RdtRenderCounterSlot slot;
  int index;
  guint n;

  g_return_val_if_fail (map != NULL, 0);
  g_return_val_if_fail (counter != NULL, 0);

  memset (&slot, 0, sizeof slot);
  slot.next = -1;
  slot.pub = *counter;
  slot.pub.name = g_strdup (counter->name ? counter->name : "");
  g_strlcpy (slot.values, counter->values ? counter->values : "", sizeof slot.values);
  slot.pub.values = NULL;
  if (counter->art != NULL)
    slot.pub.art = cairo_surface_reference (counter->art);
  g_array_append_val (map->counters, slot);
  n = map->counters->len - 1;

  index = rdt_hex_grid_hex_index (map->grid, counter->hex);
  if (index >= 0)
    {
      if (map->stack_last[index] >= 0)
        g_array_index (map->counters, RdtRenderCounterSlot, map->stack_last[index]).next = n;
      else
        map->stack_first[index] = n;
      map->stack_last[index] = n;
    }
  map->serial++;
  return n;
}

void
rdt_render_map_clear_counters (RdtRenderMap *map)
{
  g_return_if_fail (map != NULL);
  g_array_set_size (map->counters, 0);
  for (guint i = 0; i < map->n_hexes; i++)
    map->stack_first[i] = map->stack_last[i] = -1;
  map->serial++;
}

guint
rdt_render_map_get_n_counters (const RdtRenderMap *map)
{
  g_return_val_if_fail (map != NULL, 0);
  return map->counters->len;
}

guint
rdt_render_map_get_stack (RdtRenderMap            *map,
                          RdtHex                   hex,
                          const RdtRenderCounter **out,
                          guint                    n_out,
                          guint                   *out_total)
{
  int index;
  guint n = 0, total = 0;

  g_return_val_if_fail (map != NULL, 0);
  index = rdt_hex_grid_hex_index (map->grid, hex);
  if (index >= 0)
    for (int c = map->stack_first[index]; c >= 0;
         c = g_array_index (map->counters, RdtRenderCounterSlot, c).next)
      {
        RdtRenderCounterSlot *slot = &g_array_index (map->counters, RdtRenderCounterSlot, c);
        slot->pub.values = slot->values;
        if (n < n_out)
          out[n++] = &slot->pub;
        total++;
      }
  if (out_total)
    *out_total = total;
  return n;
}

void
rdt_render_map_add_location (RdtRenderMap *map,
                             RdtHex        hex,
                             const char   *name)
{
  RdtRenderLocation loc;

  g_return_if_fail (map != NULL);
  g_return_if_fail (name != NULL);
  loc.hex = hex;
  loc.name = g_strdup (name);
  g_array_append_val (map->locations, loc);
  map->serial++;
  map->static_serial++;
}

void
rdt_render_map_add_entry (RdtRenderMap *map,
                          RdtHex        hex,
                          const char   *label,
                          guint32       rgb)
{
  RdtRenderEntry entry = { hex, { 0 }, rgb };

  g_return_if_fail (map != NULL);
  g_strlcpy (entry.label, label ? label : "", sizeof entry.label);
  g_array_append_val (map->entries, entry);
  map->serial++;
  map->static_serial++;
}

int
rdt_render_map_add_area (RdtRenderMap *map,
                         const char   *name,
                         guint32       rgb)
{
  RdtRenderArea area;

  g_return_val_if_fail (map != NULL, -1);
  if (map->areas->len >= RDT_RENDER_MAX_AREAS)
    return -1;
  area.name = g_strdup (name ? name : "");
  area.rgb = rgb;
  g_array_append_val (map->areas, area);
  map->serial++;
  map->static_serial++;
  return map->areas->len - 1;
}

void
rdt_render_map_area_add_hex (RdtRenderMap *map,
                             guint         area,
                             RdtHex        hex)
{
  int index;

  g_return_if_fail (map != NULL);
  g_return_if_fail (area < map->areas->len);
  index = rdt_hex_grid_hex_index (map->grid, hex);
  g_return_if_fail (index >= 0);
  map->area_bits[index] |= 1u << area;
  map->serial++;
  map->static_serial++;
}
