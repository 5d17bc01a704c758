#include "config.h"

#include <glib/gi18n.h>

#include "rdt-area-command.h"
#include "rdt-document.h"

typedef enum {
  OP_ADD,
  OP_REMOVE,
  OP_RENAME,
  OP_PAINT,
} Op;

typedef struct {
  RdtHex hex;
  gboolean was_in;
} Stroke;

struct _RdtAreaCommand
{
  RdtCommand parent_instance;

  Op op;
  char *id;
  char *name;
  char *old_name;
  RdtArea *removed;
  guint position;
  gboolean in_area;
  GArray *strokes;   /* Stroke */
};

G_DEFINE_FINAL_TYPE (RdtAreaCommand, rdt_area_command, RDT_TYPE_COMMAND)

static gboolean
check_area (RdtScenario  *scenario,
            const char   *id,
            GError      **error)
{
  if (rdt_scenario_find_area (scenario, id) != NULL)
    return TRUE;
  g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_NOT_FOUND,
               _("There is no area “%s”."), id);
  return FALSE;
}

static gboolean
rdt_area_command_apply (RdtCommand   *command,
                        RdtDocument  *document,
                        GError      **error)
{
  RdtAreaCommand *self = RDT_AREA_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  switch (self->op)
    {
    case OP_ADD:
      return rdt_scenario_add_area (scenario, self->id, self->name, error);

    case OP_REMOVE:
      if (!check_area (scenario, self->id, error))
        return FALSE;
      g_clear_pointer (&self->removed, rdt_area_free);
      self->removed = rdt_scenario_remove_area (scenario, self->id, &self->position);
      return TRUE;

    case OP_RENAME:
      if (!check_area (scenario, self->id, error))
        return FALSE;
      g_clear_pointer (&self->old_name, g_free);
      rdt_scenario_rename_area (scenario, self->id, self->name, &self->old_name);
      return TRUE;

    case OP_PAINT:
      if (!check_area (scenario, self->id, error))
        return FALSE;
      for (guint i = 0; i < self->strokes->len; i++)
        {
          Stroke *s = &g_array_index (self->strokes, Stroke, i);
          s->was_in = rdt_scenario_set_area_hex (scenario, self->id, s->hex, self->in_area);
        }
      return TRUE;

    default:
      g_assert_not_reached ();
    }
}

static void
rdt_area_command_revert (RdtCommand  *command,
                         RdtDocument *document)
{
  RdtAreaCommand *self = RDT_AREA_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  switch (self->op)
    {
    case OP_ADD:
      rdt_area_free (rdt_scenario_remove_area (scenario, self->id, NULL));
      break;

    case OP_REMOVE:
      if (self->removed != NULL)
        rdt_scenario_insert_area (scenario, g_steal_pointer (&self->removed),
                                  self->position, NULL);
      break;

    case OP_RENAME:
      rdt_scenario_rename_area (scenario, self->id, self->old_name, NULL);
      break;

    case OP_PAINT:
      for (guint i = self->strokes->len; i-- > 0;)
        {
          Stroke *s = &g_array_index (self->strokes, Stroke, i);
          rdt_scenario_set_area_hex (scenario, self->id, s->hex, s->was_in);
        }
      break;

    default:
      g_assert_not_reached ();
    }
}

static char *
rdt_area_command_dup_label (RdtCommand *command)
{
  RdtAreaCommand *self = RDT_AREA_COMMAND (command);

  switch (self->op)
    {
    case OP_ADD:
      return g_strdup (_("Add Area"));
    case OP_REMOVE:
      return g_strdup (_("Delete Area"));
    case OP_RENAME:
      return g_strdup (_("Rename Area"));
    case OP_PAINT:
      return g_strdup (self->in_area ? _("Paint Area") : _("Erase Area"));
    default:
      g_assert_not_reached ();
    }
}

static void
rdt_area_command_finalize (GObject *object)
{
  RdtAreaCommand *self = RDT_AREA_COMMAND (object);

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->old_name, g_free);
  g_clear_pointer (&self->removed, rdt_area_free);
  g_clear_pointer (&self->strokes, g_array_unref);

  G_OBJECT_CLASS (rdt_area_command_parent_class)->finalize (object);
}

static void
rdt_area_command_class_init (RdtAreaCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  RdtCommandClass *command_class = RDT_COMMAND_CLASS (klass);

  object_class->finalize = rdt_area_command_finalize;
  command_class->apply = rdt_area_command_apply;
  command_class->revert = rdt_area_command_revert;
  command_class->dup_label = rdt_area_command_dup_label;
}

static void
rdt_area_command_init (RdtAreaCommand *self)
{
  self->strokes = g_array_new (FALSE, FALSE, sizeof (Stroke));
}

static RdtAreaCommand *
new_op (Op          op,
        const char *id,
        const char *name)
{
  RdtAreaCommand *self = g_object_new (RDT_TYPE_AREA_COMMAND, NULL);

  self->op = op;
  self->id = g_strdup (id);
  self->name = g_strdup (name);
  return self;
}

RdtCommand *
rdt_area_command_new_add (const char *id,
                          const char *name)
{
  g_return_val_if_fail (id != NULL, NULL);
  return RDT_COMMAND (new_op (OP_ADD, id, name));
}

RdtCommand *
rdt_area_command_new_remove (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  return RDT_COMMAND (new_op (OP_REMOVE, id, NULL));
}

RdtCommand *
rdt_area_command_new_rename (const char *id,
                             const char *name)
{
  g_return_val_if_fail (id != NULL, NULL);
  return RDT_COMMAND (new_op (OP_RENAME, id, name));
}

RdtCommand *
rdt_area_command_new_paint (const char *id,
                            gboolean    in_area)
{
  RdtAreaCommand *self;

  g_return_val_if_fail (id != NULL, NULL);

  self = new_op (OP_PAINT, id, NULL);
  self->in_area = !!in_area;
  return RDT_COMMAND (self);
}

static gboolean
has_hex (RdtAreaCommand *self,
         RdtHex          hex)
{
  for (guint i = 0; i < self->strokes->len; i++)
    {
      Stroke *s = &g_array_index (self->strokes, Stroke, i);
      if (s->hex.col == hex.col && s->hex.row == hex.row)
        return TRUE;
    }
  return FALSE;
}

void
rdt_area_command_add_hex (RdtAreaCommand *self,
                          RdtHex          hex)
{
  Stroke s = { hex, FALSE };

  g_return_if_fail (RDT_IS_AREA_COMMAND (self));
  g_return_if_fail (self->op == OP_PAINT);

  if (!has_hex (self, hex))
    g_array_append_val (self->strokes, s);
}

gboolean
rdt_area_command_paint (RdtAreaCommand  *self,
                        RdtDocument     *document,
                        RdtHex           hex,
                        GError         **error)
{
  RdtScenario *scenario;
  Stroke s = { hex, FALSE };

  g_return_val_if_fail (RDT_IS_AREA_COMMAND (self), FALSE);
  g_return_val_if_fail (self->op == OP_PAINT, FALSE);

  scenario = rdt_document_get_scenario (document);
  if (has_hex (self, hex) || !rdt_hex_grid_contains (rdt_scenario_get_grid (scenario), hex))
    return TRUE;
  if (!check_area (scenario, self->id, error))
    return FALSE;
  s.was_in = rdt_scenario_set_area_hex (scenario, self->id, hex, self->in_area);
  g_array_append_val (self->strokes, s);
  return TRUE;
}
