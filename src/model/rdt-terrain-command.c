#include "config.h"

#include <glib/gi18n.h>

#include "rdt-document.h"
#include "rdt-terrain-command.h"

typedef struct {
  RdtHex hex;
  guint old;
} Stroke;

struct _RdtTerrainCommand
{
  RdtCommand parent_instance;

  guint terrain;
  gboolean fill;
  GArray *strokes;      /* Stroke, in painting order */
  GHashTable *seen;     /* hex index + 1 -> present */
};

G_DEFINE_FINAL_TYPE (RdtTerrainCommand, rdt_terrain_command, RDT_TYPE_COMMAND)

static gboolean
rdt_terrain_command_apply (RdtCommand   *command,
                           RdtDocument  *document,
                           GError      **error)
{
  RdtTerrainCommand *self = RDT_TERRAIN_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  for (guint i = 0; i < self->strokes->len; i++)
    {
      Stroke *s = &g_array_index (self->strokes, Stroke, i);

      if (!rdt_scenario_set_terrain (scenario, s->hex, self->terrain, &s->old, error))
        {
          /* Leave the document as it was. */
          while (i-- > 0)
            {
              Stroke *p = &g_array_index (self->strokes, Stroke, i);
              rdt_scenario_set_terrain (scenario, p->hex, p->old, NULL, NULL);
            }
          return FALSE;
        }
    }
  return TRUE;
}

static void
rdt_terrain_command_revert (RdtCommand  *command,
                            RdtDocument *document)
{
  RdtTerrainCommand *self = RDT_TERRAIN_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  for (guint i = self->strokes->len; i-- > 0;)
    {
      Stroke *s = &g_array_index (self->strokes, Stroke, i);
      rdt_scenario_set_terrain (scenario, s->hex, s->old, NULL, NULL);
    }
}

static char *
rdt_terrain_command_dup_label (RdtCommand *command)
{
  RdtTerrainCommand *self = RDT_TERRAIN_COMMAND (command);

  return g_strdup (self->fill ? _("Fill Terrain") : _("Paint Terrain"));
}

static void
rdt_terrain_command_finalize (GObject *object)
{
  RdtTerrainCommand *self = RDT_TERRAIN_COMMAND (object);

  g_clear_pointer (&self->strokes, g_array_unref);
  g_clear_pointer (&self->seen, g_hash_table_unref);

  G_OBJECT_CLASS (rdt_terrain_command_parent_class)->finalize (object);
}

static void
rdt_terrain_command_class_init (RdtTerrainCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  RdtCommandClass *command_class = RDT_COMMAND_CLASS (klass);

  object_class->finalize = rdt_terrain_command_finalize;
  command_class->apply = rdt_terrain_command_apply;
  command_class->revert = rdt_terrain_command_revert;
  command_class->dup_label = rdt_terrain_command_dup_label;
}

static void
rdt_terrain_command_init (RdtTerrainCommand *self)
{
  self->strokes = g_array_new (FALSE, FALSE, sizeof (Stroke));
  self->seen = g_hash_table_new (g_direct_hash, g_direct_equal);
}

RdtCommand *
rdt_terrain_command_new (guint terrain)
{
  RdtTerrainCommand *self = g_object_new (RDT_TYPE_TERRAIN_COMMAND, NULL);

  self->terrain = terrain;
  return RDT_COMMAND (self);
}

/* Hexes are keyed by label numbers: they stay valid when the stroke is undone. */
static gpointer
hex_key (RdtHex hex)
{
  return GINT_TO_POINTER (((hex.col & 0xffff) << 16) | (hex.row & 0xffff));
}

static gboolean
remember (RdtTerrainCommand *self,
          RdtHex             hex,
          guint              old)
{
  Stroke s = { hex, old };

  if (g_hash_table_contains (self->seen, hex_key (hex)))
    return FALSE;
  g_hash_table_add (self->seen, hex_key (hex));
  g_array_append_val (self->strokes, s);
  return TRUE;
}

void
rdt_terrain_command_add_hex (RdtTerrainCommand *self,
                             RdtHex             hex)
{
  g_return_if_fail (RDT_IS_TERRAIN_COMMAND (self));
  remember (self, hex, 0);
}

/**
 * rdt_terrain_command_new_fill:
 *
 * Flood fill: every hex connected to @start through neighbours of the same
 * terrain.
 */
RdtCommand *
rdt_terrain_command_new_fill (RdtDocument *document,
                              RdtHex       start,
                              guint        terrain)
{
  RdtTerrainCommand *self;
  RdtScenario *scenario;
  RdtHexGrid *grid;
  g_autoptr(GArray) queue = NULL;
  int target;

  g_return_val_if_fail (RDT_IS_DOCUMENT (document), NULL);

  self = RDT_TERRAIN_COMMAND (rdt_terrain_command_new (terrain));
  self->fill = TRUE;
  scenario = rdt_document_get_scenario (document);
  grid = rdt_scenario_get_grid (scenario);
  target = rdt_scenario_get_terrain (scenario, start);
  /* Filling with the terrain the hexes already have changes nothing: an
   * empty command, which the editor does not push (issue 16). */
  if (target < 0 || (guint) target == terrain)
    return RDT_COMMAND (self);

  queue = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  g_array_append_val (queue, start);
  remember (self, start, target);
  for (guint i = 0; i < queue->len; i++)
    {
      RdtHex hex = g_array_index (queue, RdtHex, i);

      for (int d = 0; d < RDT_N_DIRECTIONS; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (grid, hex, d);

          if (rdt_scenario_get_terrain (scenario, n) != target)
            continue;
          if (remember (self, n, target))
            g_array_append_val (queue, n);
        }
    }
  return RDT_COMMAND (self);
}

gboolean
rdt_terrain_command_paint (RdtTerrainCommand  *self,
                           RdtDocument        *document,
                           RdtHex              hex,
                           GError            **error)
{
  RdtScenario *scenario;
  guint old;

  g_return_val_if_fail (RDT_IS_TERRAIN_COMMAND (self), FALSE);
  g_return_val_if_fail (RDT_IS_DOCUMENT (document), FALSE);

  scenario = rdt_document_get_scenario (document);
  if (g_hash_table_contains (self->seen, hex_key (hex)))
    return TRUE;
  if (!rdt_hex_grid_contains (rdt_scenario_get_grid (scenario), hex))
    return TRUE;
  if (!rdt_scenario_set_terrain (scenario, hex, self->terrain, &old, error))
    return FALSE;
  /* A hex that already had the terrain is not part of the stroke, so a
   * stroke over such hexes only is empty and is not pushed (issue 16). */
  if (old == self->terrain)
    g_hash_table_add (self->seen, hex_key (hex));
  else
    remember (self, hex, old);
  return TRUE;
}

guint
rdt_terrain_command_get_n_hexes (RdtTerrainCommand *self)
{
  g_return_val_if_fail (RDT_IS_TERRAIN_COMMAND (self), 0);
  return self->strokes->len;
}
