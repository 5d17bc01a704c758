#include "config.h"

#include <glib/gi18n.h>

#include "rdt-document.h"
#include "rdt-hexside-command.h"

typedef struct {
  RdtHexsideFeatures new_features;
  RdtHexsideFeatures old_features;
} Change;

struct _RdtHexsideCommand
{
  RdtCommand parent_instance;

  char *label;
  GArray *changes;   /* Change */
};

G_DEFINE_FINAL_TYPE (RdtHexsideCommand, rdt_hexside_command, RDT_TYPE_COMMAND)

static void
revert_range (RdtHexsideCommand *self,
              RdtScenario       *scenario,
              guint              n)
{
  for (guint i = n; i-- > 0;)
    {
      Change *c = &g_array_index (self->changes, Change, i);

      if (rdt_hexside_features_is_empty (&c->old_features))
        rdt_scenario_remove_hexside (scenario, c->old_features.side, NULL);
      else
        rdt_scenario_set_hexside (scenario, &c->old_features, NULL, NULL);
    }
}

static gboolean
rdt_hexside_command_apply (RdtCommand   *command,
                           RdtDocument  *document,
                           GError      **error)
{
  RdtHexsideCommand *self = RDT_HEXSIDE_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  for (guint i = 0; i < self->changes->len; i++)
    {
      Change *c = &g_array_index (self->changes, Change, i);

      if (!rdt_scenario_set_hexside (scenario, &c->new_features, &c->old_features, error))
        {
          revert_range (self, scenario, i);
          return FALSE;
        }
    }
  return TRUE;
}

static void
rdt_hexside_command_revert (RdtCommand  *command,
                            RdtDocument *document)
{
  RdtHexsideCommand *self = RDT_HEXSIDE_COMMAND (command);

  revert_range (self, rdt_document_get_scenario (document), self->changes->len);
}

static char *
rdt_hexside_command_dup_label (RdtCommand *command)
{
  RdtHexsideCommand *self = RDT_HEXSIDE_COMMAND (command);

  if (self->label != NULL)
    return g_strdup (self->label);
  if (self->changes->len == 1
      && rdt_hexside_features_is_empty (&g_array_index (self->changes, Change, 0).new_features))
    return g_strdup (_("Clear Hexside"));
  return g_strdup (_("Set Hexside Feature"));
}

static void
rdt_hexside_command_finalize (GObject *object)
{
  RdtHexsideCommand *self = RDT_HEXSIDE_COMMAND (object);

  g_clear_pointer (&self->changes, g_array_unref);
  g_clear_pointer (&self->label, g_free);

  G_OBJECT_CLASS (rdt_hexside_command_parent_class)->finalize (object);
}

static void
rdt_hexside_command_class_init (RdtHexsideCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  RdtCommandClass *command_class = RDT_COMMAND_CLASS (klass);

  object_class->finalize = rdt_hexside_command_finalize;
  command_class->apply = rdt_hexside_command_apply;
  command_class->revert = rdt_hexside_command_revert;
  command_class->dup_label = rdt_hexside_command_dup_label;
}

static void
rdt_hexside_command_init (RdtHexsideCommand *self)
{
  self->changes = g_array_new (FALSE, TRUE, sizeof (Change));
}

RdtCommand *
rdt_hexside_command_new (const RdtHexsideFeatures *features)
{
  RdtHexsideCommand *self;
  Change c = { 0, };

  g_return_val_if_fail (features != NULL, NULL);

  self = g_object_new (RDT_TYPE_HEXSIDE_COMMAND, NULL);
  c.new_features = *features;
  rdt_hexside_features_init (&c.old_features, features->side);
  g_array_append_val (self->changes, c);
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_hexside_command_new_stroke (const char *label)
{
  RdtHexsideCommand *self = g_object_new (RDT_TYPE_HEXSIDE_COMMAND, NULL);

  self->label = g_strdup (label);
  return RDT_COMMAND (self);
}

gboolean
rdt_hexside_command_set (RdtHexsideCommand         *self,
                         RdtDocument               *document,
                         const RdtHexsideFeatures  *features,
                         GError                   **error)
{
  RdtScenario *scenario;
  RdtHexsideFeatures old;
  Change c = { 0, };

  g_return_val_if_fail (RDT_IS_HEXSIDE_COMMAND (self), FALSE);
  g_return_val_if_fail (RDT_IS_DOCUMENT (document), FALSE);

  scenario = rdt_document_get_scenario (document);
  if (!rdt_scenario_set_hexside (scenario, features, &old, error))
    return FALSE;
  for (guint i = 0; i < self->changes->len; i++)
    {
      Change *p = &g_array_index (self->changes, Change, i);

      if (rdt_hexside_equal (p->new_features.side, features->side))
        {
          p->new_features = *features;
          return TRUE;
        }
    }
  c.new_features = *features;
  c.old_features = old;
  g_array_append_val (self->changes, c);
  return TRUE;
}

guint
rdt_hexside_command_get_n_sides (RdtHexsideCommand *self)
{
  g_return_val_if_fail (RDT_IS_HEXSIDE_COMMAND (self), 0);
  return self->changes->len;
}

void
rdt_hexside_features_with (RdtScenario        *scenario,
                           RdtHexside          side,
                           RdtHexsideKind      kind,
                           int                 type,
                           RdtHex              toward,
                           RdtHexsideFeatures *out)
{
  const RdtHexsideFeatures *now = rdt_scenario_get_hexside (scenario, side);

  if (now != NULL)
    *out = *now;
  else
    rdt_hexside_features_init (out, side);
  out->line = 0;
  switch (kind)
    {
    case RDT_HEXSIDE_KIND_WATER:
      out->water = type;
      break;
    case RDT_HEXSIDE_KIND_SLOPE:
      out->slope = type;
      out->slope_high = type == RDT_NO_TYPE ? side.a : toward;
      break;
    case RDT_HEXSIDE_KIND_FIELDWORK:
      out->fieldwork = type;
      out->fieldwork_symbol = type == RDT_NO_TYPE ? side.a : toward;
      if (type == RDT_NO_TYPE)
        out->breached = FALSE;
      break;
    case RDT_HEXSIDE_KIND_ROAD:
      out->road = type;
      break;
    case RDT_HEXSIDE_KIND_OTHER:
    case RDT_N_HEXSIDE_KINDS:
    default:
      out->other = type;
      break;
    }
}
