/* rdt-terrain-look-command.c: see the header. */
#include "config.h"

#include <glib/gi18n.h>

#include "rdt-document.h"
#include "rdt-scenario.h"
#include "rdt-terrain-look-command.h"

struct _RdtTerrainLookCommand
{
  RdtCommand parent_instance;

  guint terrain;
  char *colour;
  char *pattern;
  char *old_colour;
  char *old_pattern;
  char *old_ref;
  char *old_href;
};

G_DEFINE_FINAL_TYPE (RdtTerrainLookCommand, rdt_terrain_look_command, RDT_TYPE_COMMAND)

static gboolean
rdt_terrain_look_command_apply (RdtCommand   *command,
                                RdtDocument  *document,
                                GError      **error)
{
  RdtTerrainLookCommand *self = RDT_TERRAIN_LOOK_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  const RdtTerrainType *terrain;

  if (self->terrain >= rdt_volume_get_n_terrains (volume))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_NOT_FOUND,
                   _("The volume has no terrain type number %u"), self->terrain);
      return FALSE;
    }
  terrain = rdt_volume_get_terrain (volume, self->terrain);
  g_free (self->old_colour);
  self->old_colour = g_strdup (terrain->colour);
  g_free (self->old_pattern);
  self->old_pattern = g_strdup (terrain->pattern);

  if (!rdt_scenario_set_terrain_look (scenario, self->terrain, self->colour, self->pattern))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_INVALID,
                   _("“%s” is not a colour like #5a8a3c, or “%s” is not a terrain pattern"),
                   self->colour ? self->colour : "", self->pattern ? self->pattern : "");
      return FALSE;
    }

  /* The volume now differs from the shared file: keep it in the scenario. */
  g_free (self->old_ref);
  self->old_ref = g_strdup (rdt_scenario_get_volume_ref (scenario));
  g_free (self->old_href);
  self->old_href = g_strdup (rdt_scenario_get_volume_href (scenario));
  if (self->old_ref != NULL || self->old_href != NULL)
    rdt_scenario_set_volume_link (scenario, NULL, NULL);
  return TRUE;
}

static void
rdt_terrain_look_command_revert (RdtCommand  *command,
                                 RdtDocument *document)
{
  RdtTerrainLookCommand *self = RDT_TERRAIN_LOOK_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  rdt_scenario_set_terrain_look (scenario, self->terrain, self->old_colour, self->old_pattern);
  if (self->old_ref != NULL || self->old_href != NULL)
    rdt_scenario_set_volume_link (scenario, self->old_ref, self->old_href);
}

static char *
rdt_terrain_look_command_dup_label (RdtCommand *command)
{
  return g_strdup (_("Change Terrain Look"));
}

static void
rdt_terrain_look_command_finalize (GObject *object)
{
  RdtTerrainLookCommand *self = RDT_TERRAIN_LOOK_COMMAND (object);

  g_clear_pointer (&self->colour, g_free);
  g_clear_pointer (&self->pattern, g_free);
  g_clear_pointer (&self->old_colour, g_free);
  g_clear_pointer (&self->old_pattern, g_free);
  g_clear_pointer (&self->old_ref, g_free);
  g_clear_pointer (&self->old_href, g_free);
  G_OBJECT_CLASS (rdt_terrain_look_command_parent_class)->finalize (object);
}

static void
rdt_terrain_look_command_class_init (RdtTerrainLookCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  RdtCommandClass *command_class = RDT_COMMAND_CLASS (klass);

  object_class->finalize = rdt_terrain_look_command_finalize;
  command_class->apply = rdt_terrain_look_command_apply;
  command_class->revert = rdt_terrain_look_command_revert;
  command_class->dup_label = rdt_terrain_look_command_dup_label;
}

static void
rdt_terrain_look_command_init (RdtTerrainLookCommand *self)
{
}

RdtCommand *
rdt_terrain_look_command_new (guint       terrain,
                              const char *colour,
                              const char *pattern)
{
  RdtTerrainLookCommand *self = g_object_new (RDT_TYPE_TERRAIN_LOOK_COMMAND, NULL);

  self->terrain = terrain;
  self->colour = g_strdup (colour);
  self->pattern = g_strdup (pattern);
  return RDT_COMMAND (self);
}
