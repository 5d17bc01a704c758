#include "config.h"

#include <glib/gi18n.h>

#include "rdt-document.h"
#include "rdt-unit-command.h"

typedef enum {
  OP_ADD,
  OP_REMOVE,
  OP_REPLACE,
  OP_MOVE,
  OP_STEP,
  OP_STATUS,
  OP_RESTACK,
  OP_ART,
} Op;

struct _RdtUnitCommand
{
  RdtCommand parent_instance;

  Op op;
  char *id;
  RdtUnit *unit;            /* ADD: the unit; REMOVE: the removed one; REPLACE: new values */
  RdtUnit *old_unit;        /* REPLACE */
  int position;             /* ADD, RESTACK: target; REMOVE: where it was */
  int old_position;         /* RESTACK */
  RdtPlacement placement;   /* MOVE */
  RdtPlacement old_placement;
  int step, old_step;
  RdtUnitStatus status, old_status;
  GPtrArray *art_ids, *art_fronts, *art_backs;  /* ART: one entry a unit */
  GPtrArray *old_units;                        /* ART: the units before */
};

G_DEFINE_FINAL_TYPE (RdtUnitCommand, rdt_unit_command, RDT_TYPE_COMMAND)

static gboolean
not_found (const char  *id,
           GError     **error)
{
  g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_NOT_FOUND,
               _("There is no unit “%s”."), id);
  return FALSE;
}

/* All the units' art in one step (the countersheet cutter, issue 16):
 * every unit is checked before any is changed. */
static gboolean
apply_art (RdtUnitCommand  *self,
           RdtScenario     *scenario,
           GError         **error)
{
  for (guint i = 0; i < self->art_ids->len; i++)
    if (rdt_scenario_find_unit (scenario, self->art_ids->pdata[i]) == NULL)
      return not_found (self->art_ids->pdata[i], error);
  g_ptr_array_set_size (self->old_units, 0);
  for (guint i = 0; i < self->art_ids->len; i++)
    {
      const char *id = self->art_ids->pdata[i];
      RdtUnit *unit = rdt_unit_copy (rdt_scenario_find_unit (scenario, id));
      RdtUnit *old = NULL;

      if (self->art_fronts->pdata[i] != NULL)
        {
          g_free (unit->art_front);
          unit->art_front = g_strdup (self->art_fronts->pdata[i]);
        }
      if (self->art_backs->pdata[i] != NULL)
        {
          g_free (unit->art_back);
          unit->art_back = g_strdup (self->art_backs->pdata[i]);
        }
      /* A back alone has no front to turn over: the back is shown as the
       * front (the format's art back is "only with art_front"). */
      if (unit->art_front == NULL && unit->art_back != NULL)
        unit->art_front = g_steal_pointer (&unit->art_back);
      rdt_scenario_replace_unit (scenario, id, unit, &old, NULL);
      rdt_unit_free (unit);
      g_ptr_array_add (self->old_units, old);
    }
  return TRUE;
}

static gboolean
rdt_unit_command_apply (RdtCommand   *command,
                        RdtDocument  *document,
                        GError      **error)
{
  RdtUnitCommand *self = RDT_UNIT_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);

  switch (self->op)
    {
    case OP_ADD:
      return rdt_scenario_add_unit (scenario, rdt_unit_copy (self->unit),
                                    self->position, error);

    case OP_REMOVE:
      {
        guint position;
        RdtUnit *unit = rdt_scenario_remove_unit (scenario, self->id, &position);

        if (unit == NULL)
          return not_found (self->id, error);
        g_clear_pointer (&self->unit, rdt_unit_free);
        self->unit = unit;
        self->position = position;
        return TRUE;
      }

    case OP_REPLACE:
      g_clear_pointer (&self->old_unit, rdt_unit_free);
      return rdt_scenario_replace_unit (scenario, self->id, self->unit,
                                        &self->old_unit, error);

    case OP_MOVE:
      rdt_placement_clear (&self->old_placement);
      return rdt_scenario_move_unit (scenario, self->id, &self->placement,
                                     &self->old_placement, error);

    case OP_STEP:
      self->old_step = rdt_scenario_set_unit_step (scenario, self->id, self->step, error);
      return self->old_step >= 0;

    case OP_STATUS:
      return rdt_scenario_set_unit_status (scenario, self->id, self->status,
                                           &self->old_status, error);

    case OP_RESTACK:
      {
        guint position;
        RdtUnit *unit;

        if (rdt_scenario_find_unit (scenario, self->id) == NULL)
          return not_found (self->id, error);
        unit = rdt_scenario_remove_unit (scenario, self->id, &position);
        self->old_position = position;
        return rdt_scenario_add_unit (scenario, unit, self->position, error);
      }

    case OP_ART:
      return apply_art (self, scenario, error);

    default:
      g_assert_not_reached ();
    }
}

static void
rdt_unit_command_revert (RdtCommand  *command,
                         RdtDocument *document)
{
  RdtUnitCommand *self = RDT_UNIT_COMMAND (command);
  RdtScenario *scenario = rdt_document_get_scenario (document);
  const char *id = self->id != NULL ? self->id : self->unit != NULL ? self->unit->id : NULL;

  switch (self->op)
    {
    case OP_ADD:
      rdt_unit_free (rdt_scenario_remove_unit (scenario, id, NULL));
      break;

    case OP_REMOVE:
      rdt_scenario_add_unit (scenario, rdt_unit_copy (self->unit), self->position, NULL);
      break;

    case OP_REPLACE:
      /* The new values may carry a new id. */
      rdt_scenario_replace_unit (scenario, self->unit->id, self->old_unit, NULL, NULL);
      break;

    case OP_MOVE:
      rdt_scenario_move_unit (scenario, self->id, &self->old_placement, NULL, NULL);
      break;

    case OP_STEP:
      rdt_scenario_set_unit_step (scenario, self->id, self->old_step, NULL);
      break;

    case OP_STATUS:
      rdt_scenario_set_unit_status (scenario, self->id, self->old_status, NULL, NULL);
      break;

    case OP_RESTACK:
      {
        RdtUnit *unit = rdt_scenario_remove_unit (scenario, self->id, NULL);

        if (unit != NULL)
          rdt_scenario_add_unit (scenario, unit, self->old_position, NULL);
      }
      break;

    case OP_ART:
      for (guint i = self->old_units->len; i-- > 0;)
        {
          const RdtUnit *old = self->old_units->pdata[i];

          rdt_scenario_replace_unit (scenario, old->id, old, NULL, NULL);
        }
      g_ptr_array_set_size (self->old_units, 0);
      break;

    default:
      g_assert_not_reached ();
    }
}

static char *
rdt_unit_command_dup_label (RdtCommand *command)
{
  RdtUnitCommand *self = RDT_UNIT_COMMAND (command);

  switch (self->op)
    {
    case OP_ADD:
      return g_strdup (_("Add Unit"));
    case OP_REMOVE:
      return g_strdup (_("Delete Unit"));
    case OP_REPLACE:
      return g_strdup (_("Edit Unit"));
    case OP_MOVE:
      if (self->placement.kind == RDT_PLACEMENT_NONE)
        return g_strdup (_("Take Unit Off the Map"));
      if (self->placement.kind == RDT_PLACEMENT_CAPTURED)
        return g_strdup (_("Send Unit to the Captured Box"));
      if (self->placement.kind == RDT_PLACEMENT_ELIMINATED)
        return g_strdup (_("Send Unit to the Eliminated Box"));
      return g_strdup (_("Move Unit"));
    case OP_STEP:
      return g_strdup (_("Flip Unit"));
    case OP_STATUS:
      return g_strdup (_("Set Unit Status"));
    case OP_RESTACK:
      return g_strdup (_("Change Stack Order"));
    case OP_ART:
      return g_strdup (_("Set Counter Art"));
    default:
      g_assert_not_reached ();
    }
}

static void
rdt_unit_command_finalize (GObject *object)
{
  RdtUnitCommand *self = RDT_UNIT_COMMAND (object);

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->unit, rdt_unit_free);
  g_clear_pointer (&self->old_unit, rdt_unit_free);
  rdt_placement_clear (&self->placement);
  rdt_placement_clear (&self->old_placement);
  g_clear_pointer (&self->art_ids, g_ptr_array_unref);
  g_clear_pointer (&self->art_fronts, g_ptr_array_unref);
  g_clear_pointer (&self->art_backs, g_ptr_array_unref);
  g_clear_pointer (&self->old_units, g_ptr_array_unref);

  G_OBJECT_CLASS (rdt_unit_command_parent_class)->finalize (object);
}

static void
rdt_unit_command_class_init (RdtUnitCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  RdtCommandClass *command_class = RDT_COMMAND_CLASS (klass);

  object_class->finalize = rdt_unit_command_finalize;
  command_class->apply = rdt_unit_command_apply;
  command_class->revert = rdt_unit_command_revert;
  command_class->dup_label = rdt_unit_command_dup_label;
}

static void
rdt_unit_command_init (RdtUnitCommand *self)
{
}

static RdtUnitCommand *
new_op (Op          op,
        const char *id)
{
  RdtUnitCommand *self = g_object_new (RDT_TYPE_UNIT_COMMAND, NULL);

  self->op = op;
  self->id = g_strdup (id);
  return self;
}

RdtCommand *
rdt_unit_command_new_add (const RdtUnit *unit,
                          int            position)
{
  RdtUnitCommand *self;

  g_return_val_if_fail (unit != NULL && unit->id != NULL, NULL);

  self = new_op (OP_ADD, unit->id);
  self->unit = rdt_unit_copy (unit);
  self->position = position;
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_unit_command_new_remove (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  return RDT_COMMAND (new_op (OP_REMOVE, id));
}

RdtCommand *
rdt_unit_command_new_replace (const char    *id,
                              const RdtUnit *unit)
{
  RdtUnitCommand *self;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (unit != NULL && unit->id != NULL, NULL);

  self = new_op (OP_REPLACE, id);
  self->unit = rdt_unit_copy (unit);
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_unit_command_new_move (const char         *id,
                           const RdtPlacement *placement)
{
  RdtUnitCommand *self;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (placement != NULL, NULL);

  self = new_op (OP_MOVE, id);
  rdt_placement_copy (placement, &self->placement);
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_unit_command_new_place (const char *id,
                            RdtHex      hex)
{
  RdtPlacement placement = { 0, };

  placement.kind = RDT_PLACEMENT_HEX;
  placement.hex = hex;
  return rdt_unit_command_new_move (id, &placement);
}

RdtCommand *
rdt_unit_command_new_step (const char *id,
                           int         step)
{
  RdtUnitCommand *self;

  g_return_val_if_fail (id != NULL, NULL);

  self = new_op (OP_STEP, id);
  self->step = step;
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_unit_command_new_status (const char    *id,
                             RdtUnitStatus  status)
{
  RdtUnitCommand *self;

  g_return_val_if_fail (id != NULL, NULL);

  self = new_op (OP_STATUS, id);
  self->status = status;
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_unit_command_new_restack (const char *id,
                              int         position)
{
  RdtUnitCommand *self;

  g_return_val_if_fail (id != NULL, NULL);

  self = new_op (OP_RESTACK, id);
  self->position = position;
  return RDT_COMMAND (self);
}

RdtCommand *
rdt_unit_command_new_art (guint              n,
                          const char *const *ids,
                          const char *const *fronts,
                          const char *const *backs)
{
  RdtUnitCommand *self;

  g_return_val_if_fail (n == 0 || ids != NULL, NULL);

  self = new_op (OP_ART, NULL);
  self->art_ids = g_ptr_array_new_with_free_func (g_free);
  self->art_fronts = g_ptr_array_new_with_free_func (g_free);
  self->art_backs = g_ptr_array_new_with_free_func (g_free);
  self->old_units = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_unit_free);
  for (guint i = 0; i < n; i++)
    {
      g_return_val_if_fail (ids[i] != NULL, NULL);
      g_ptr_array_add (self->art_ids, g_strdup (ids[i]));
      g_ptr_array_add (self->art_fronts, g_strdup (fronts != NULL ? fronts[i] : NULL));
      g_ptr_array_add (self->art_backs, g_strdup (backs != NULL ? backs[i] : NULL));
    }
  return RDT_COMMAND (self);
}

char *
rdt_unit_command_dup_free_id (RdtDocument *document,
                              const char  *base)
{
  RdtScenario *scenario;

  g_return_val_if_fail (RDT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (base != NULL, NULL);

  scenario = rdt_document_get_scenario (document);
  if (rdt_scenario_find_unit (scenario, base) == NULL)
    return g_strdup (base);
  for (guint n = 2;; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%u", base, n);

      if (rdt_scenario_find_unit (scenario, id) == NULL)
        return g_steal_pointer (&id);
    }
}
