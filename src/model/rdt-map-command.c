#include "config.h"

#include <glib/gi18n.h>

#include "rdt-document.h"
#include "rdt-map-command.h"

struct _RdtMapCommand
{
  RdtCommand parent_instance;

  gboolean grid;
  char *label;
  RdtGridSettings settings;
  RdtGridSettings old_settings;
  /* Hexes that leave the map lose their terrain and hexsides; undo puts
   * them back. */
  GArray *old_terrain;
  GArray *old_hexsides;
  RdtUnderlay underlay;     /* present == FALSE: remove */
  RdtUnderlay old_underlay;
};

G_DEFINE_FINAL_TYPE (RdtMapCommand, rdt_map_command, RDT_TYPE_COMMAND)

static void
copy_underlay (const RdtUnderlay *src,
               RdtUnderlay       *dest)
{
  *dest = *src;
  dest->href = g_strdup (src->href);
}

static gboolean
rdt_map_command_apply (RdtCommand   *command,
                       RdtDocument  *document,
                       GError      **error)
{
  RdtMapCommand *self = RDT_MAP_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  if (self->grid)
    {
      GArray *old_terrain = rdt_scenario_dup_terrain (scenario);
      GArray *old_hexsides = rdt_scenario_dup_hexsides (scenario);
      RdtGridSettings old = *rdt_hex_grid_get_settings (rdt_scenario_get_grid (scenario));

      if (!rdt_scenario_set_grid_settings (scenario, &self->settings, error))
        {
          g_array_unref (old_terrain);
          g_array_unref (old_hexsides);
          return FALSE;
        }
      g_clear_pointer (&self->old_terrain, g_array_unref);
      g_clear_pointer (&self->old_hexsides, g_array_unref);
      self->old_terrain = old_terrain;
      self->old_hexsides = old_hexsides;
      self->old_settings = old;
      return TRUE;
    }

  rdt_underlay_clear (&self->old_underlay);
  rdt_scenario_set_underlay (scenario, self->underlay.present ? &self->underlay : NULL,
                             &self->old_underlay);
  return TRUE;
}

static void
rdt_map_command_revert (RdtCommand  *command,
                        RdtDocument *document)
{
  RdtMapCommand *self = RDT_MAP_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  if (self->grid)
    {
      g_autoptr(GArray) now = NULL;

      rdt_scenario_set_grid_settings (scenario, &self->old_settings, NULL);
      rdt_scenario_restore_terrain (scenario, self->old_terrain);
      now = rdt_scenario_dup_hexsides (scenario);
      for (guint i = 0; i < now->len; i++)
        rdt_scenario_remove_hexside (scenario,
                                     g_array_index (now, RdtHexsideFeatures, i).side, NULL);
      for (guint i = 0; i < self->old_hexsides->len; i++)
        rdt_scenario_set_hexside (scenario,
                                  &g_array_index (self->old_hexsides, RdtHexsideFeatures, i),
                                  NULL, NULL);
      return;
    }

  rdt_scenario_set_underlay (scenario, self->old_underlay.present ? &self->old_underlay : NULL,
                             NULL);
}

static char *
rdt_map_command_dup_label (RdtCommand *command)
{
  RdtMapCommand *self = RDT_MAP_COMMAND (command);

  if (self->label != NULL)
    return g_strdup (self->label);
  if (self->grid)
    return g_strdup (_("Change Grid Settings"));
  return g_strdup (self->underlay.present ? _("Set Underlay") : _("Remove Underlay"));
}

static void
rdt_map_command_finalize (GObject *object)
{
  RdtMapCommand *self = RDT_MAP_COMMAND (object);

  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->old_terrain, g_array_unref);
  g_clear_pointer (&self->old_hexsides, g_array_unref);
  rdt_underlay_clear (&self->underlay);
  rdt_underlay_clear (&self->old_underlay);

  G_OBJECT_CLASS (rdt_map_command_parent_class)->finalize (object);
}

static void
rdt_map_command_class_init (RdtMapCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  RdtCommandClass *command_class = RDT_COMMAND_CLASS (klass);

  object_class->finalize = rdt_map_command_finalize;
  command_class->apply = rdt_map_command_apply;
  command_class->revert = rdt_map_command_revert;
  command_class->dup_label = rdt_map_command_dup_label;
}

static void
rdt_map_command_init (RdtMapCommand *self)
{
}

RdtCommand *
rdt_map_command_new_grid (const RdtGridSettings *settings)
{
  RdtMapCommand *self;

  g_return_val_if_fail (settings != NULL, NULL);

  self = g_object_new (RDT_TYPE_MAP_COMMAND, NULL);
  self->grid = TRUE;
  self->settings = *settings;
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_map_command_new_underlay (const RdtUnderlay *underlay,
                              const char        *label)
{
  RdtMapCommand *self = g_object_new (RDT_TYPE_MAP_COMMAND, NULL);

  if (underlay != NULL)
    copy_underlay (underlay, &self->underlay);
  self->underlay.present = underlay != NULL && underlay->present;
  self->label = g_strdup (label);
  return RDT_COMMAND (self);
}
