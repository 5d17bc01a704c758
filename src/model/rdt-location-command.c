#include "config.h"

#include <glib/gi18n.h>

#include "rdt-document.h"
#include "rdt-location-command.h"

struct _RdtLocationCommand
{
  RdtCommand parent_instance;

  gboolean entry;
  RdtHex hex;
  gboolean has_hex;         /* entry: set (TRUE) or remove */
  char *name;               /* location name; entry id */
  char *old_name;           /* location */
  gboolean had_old;         /* entry */
  RdtHex old_hex;           /* entry */
};

G_DEFINE_FINAL_TYPE (RdtLocationCommand, rdt_location_command, RDT_TYPE_COMMAND)

static gboolean
rdt_location_command_apply (RdtCommand   *command,
                            RdtDocument  *document,
                            GError      **error)
{
  RdtLocationCommand *self = RDT_LOCATION_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  if (self->has_hex && !rdt_hex_grid_contains (rdt_scenario_get_grid (scenario), self->hex))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_OFF_MAP,
                   _("The hex is not on the map."));
      return FALSE;
    }
  if (self->entry)
    {
      self->had_old = rdt_scenario_set_entry (scenario, self->name,
                                              self->has_hex ? &self->hex : NULL,
                                              &self->old_hex);
    }
  else
    {
      g_clear_pointer (&self->old_name, g_free);
      rdt_scenario_set_location (scenario, self->hex, self->name, &self->old_name);
    }
  return TRUE;
}

static void
rdt_location_command_revert (RdtCommand  *command,
                             RdtDocument *document)
{
  RdtLocationCommand *self = RDT_LOCATION_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  if (self->entry)
    rdt_scenario_set_entry (scenario, self->name, self->had_old ? &self->old_hex : NULL, NULL);
  else
    rdt_scenario_set_location (scenario, self->hex, self->old_name, NULL);
}

static char *
rdt_location_command_dup_label (RdtCommand *command)
{
  RdtLocationCommand *self = RDT_LOCATION_COMMAND (command);

  if (self->entry)
    return g_strdup (self->has_hex ? _("Set Entry Hex") : _("Remove Entry Hex"));
  return g_strdup (self->name != NULL ? _("Name Location") : _("Remove Location Name"));
}

static void
rdt_location_command_finalize (GObject *object)
{
  RdtLocationCommand *self = RDT_LOCATION_COMMAND (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->old_name, g_free);

  G_OBJECT_CLASS (rdt_location_command_parent_class)->finalize (object);
}

static void
rdt_location_command_class_init (RdtLocationCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  RdtCommandClass *command_class = RDT_COMMAND_CLASS (klass);

  object_class->finalize = rdt_location_command_finalize;
  command_class->apply = rdt_location_command_apply;
  command_class->revert = rdt_location_command_revert;
  command_class->dup_label = rdt_location_command_dup_label;
}

static void
rdt_location_command_init (RdtLocationCommand *self)
{
}

RdtCommand *
rdt_location_command_new_location (RdtHex      hex,
                                   const char *name)
{
  RdtLocationCommand *self = g_object_new (RDT_TYPE_LOCATION_COMMAND, NULL);

  self->hex = hex;
  self->has_hex = TRUE;
  self->name = (name != NULL && *name != '\0') ? g_strdup (name) : NULL;
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_location_command_new_entry (const char   *id,
                                const RdtHex *hex)
{
  RdtLocationCommand *self;

  g_return_val_if_fail (id != NULL && *id != '\0', NULL);

  self = g_object_new (RDT_TYPE_LOCATION_COMMAND, NULL);
  self->entry = TRUE;
  self->name = g_strdup (id);
  if (hex != NULL)
    {
      self->hex = *hex;
      self->has_hex = TRUE;
    }
  return RDT_COMMAND (self);
}
