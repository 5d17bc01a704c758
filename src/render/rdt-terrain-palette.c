/* rdt-terrain-palette.c: default terrain looks (see the header). */
#include "config.h"

#include <string.h>

#include "rdt-terrain-palette.h"

static const RdtTerrainStyle builtin_styles[] = {
  { "clear",        RDT_RGB (0xee, 0xe6, 0xc4), 0,                          RDT_RENDER_PATTERN_NONE },
  { "forest",       RDT_RGB (0x8d, 0xb5, 0x6e), RDT_RGB (0x4d, 0x7a, 0x36), RDT_RENDER_PATTERN_TREES },
  { "light-forest", RDT_RGB (0xc4, 0xd9, 0x9a), RDT_RGB (0x5f, 0x8c, 0x40), RDT_RENDER_PATTERN_LIGHT_TREES },
  { "orchard",      RDT_RGB (0xd8, 0xe2, 0xa8), RDT_RGB (0x6a, 0x8a, 0x3a), RDT_RENDER_PATTERN_ORCHARD },
  { "marsh",        RDT_RGB (0xc9, 0xdc, 0xc8), RDT_RGB (0x3f, 0x74, 0x8c), RDT_RENDER_PATTERN_MARSH },
  { "town",         RDT_RGB (0xe3, 0xc9, 0xb0), RDT_RGB (0x8a, 0x3b, 0x2a), RDT_RENDER_PATTERN_BUILDINGS },
  { "field",        RDT_RGB (0xe8, 0xd9, 0x9a), RDT_RGB (0xb8, 0x9f, 0x52), RDT_RENDER_PATTERN_FIELDS },
  { "hill",         RDT_RGB (0xd9, 0xc2, 0x94), 0,                          RDT_RENDER_PATTERN_NONE },
  { "water",        RDT_RGB (0x9c, 0xc8, 0xe6), RDT_RGB (0x5a, 0x93, 0xc2), RDT_RENDER_PATTERN_WAVES },
};

/* The rulebooks' other names for the same looks (11.42 "forest, light forest";
 * Germantown "heavy woods"; Savannah "swamp", "rice field"). */
static const struct {
  const char *alias;
  const char *name;
} aliases[] = {
  { "heavy-forest", "forest" },
  { "heavy-woods", "forest" },
  { "woods", "forest" },
  { "light-woods", "light-forest" },
  { "swamp", "marsh" },
  { "rice-field", "marsh" },
  { "building", "town" },
  { "village", "town" },
  { "meeting-house", "town" },
  { "fortified", "town" },
  { "river", "water" },
  { "lake", "water" },
};

guint
rdt_terrain_palette_get_n_styles (void)
{
  return G_N_ELEMENTS (builtin_styles);
}

const RdtTerrainStyle *
rdt_terrain_palette_get_style (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (builtin_styles), NULL);
  return &builtin_styles[index];
}

const RdtTerrainStyle *
rdt_terrain_palette_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (g_ascii_strcasecmp (name, aliases[i].alias) == 0)
      {
        name = aliases[i].name;
        break;
      }
  for (guint i = 0; i < G_N_ELEMENTS (builtin_styles); i++)
    if (g_ascii_strcasecmp (name, builtin_styles[i].name) == 0)
      return &builtin_styles[i];
  return NULL;
}

guint32
rdt_terrain_palette_fallback_rgb (const char *name)
{
  guint h = g_str_hash (name ? name : "");
  /* Light, muted colours so labels and counters stay readable on them. */
  guint r = 0xb0 + (h & 0x3f);
  guint g = 0xb0 + ((h >> 6) & 0x3f);
  guint b = 0xb0 + ((h >> 12) & 0x3f);

  return RDT_RGB (r, g, b);
}
