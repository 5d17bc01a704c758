/* rdt-unit.c: counters as plain values. */
#include "config.h"

#include <string.h>

#include "rdt-unit.h"

G_DEFINE_BOXED_TYPE (RdtUnit, rdt_unit, rdt_unit_copy, rdt_unit_free)

static const char *const kind_names[RDT_N_UNIT_KINDS] = {
  "infantry", "light-infantry", "militia", "dragoons", "artillery", "rifle",
  "musket-rifle", "indians", "amusette", "mortar", "leader",
};

static const char *const status_names[] = { "parade", "disrupted", "shattered" };

RdtUnit *
rdt_unit_new (const char  *id,
              const char  *name,
              int          side,
              RdtUnitKind  kind)
{
  RdtUnit *unit = g_new0 (RdtUnit, 1);

  unit->id = g_strdup (id);
  unit->name = g_strdup (name);
  unit->side = side;
  unit->kind = kind;
  unit->steps = g_array_new (FALSE, FALSE, sizeof (RdtUnitStep));
  unit->placement.kind = RDT_PLACEMENT_NONE;
  return unit;
}

RdtUnit *
rdt_unit_copy (const RdtUnit *unit)
{
  RdtUnit *copy;

  g_return_val_if_fail (unit != NULL, NULL);

  copy = g_new0 (RdtUnit, 1);
  *copy = *unit;
  copy->id = g_strdup (unit->id);
  copy->name = g_strdup (unit->name);
  copy->nationality = g_strdup (unit->nationality);
  copy->formation = g_strdup (unit->formation);
  copy->unit_class = g_strdup (unit->unit_class);
  copy->steps = g_array_copy (unit->steps);
  copy->commands = g_strdupv (unit->commands);
  copy->states = g_strdupv (unit->states);
  copy->note = g_strdup (unit->note);
  copy->art_front = g_strdup (unit->art_front);
  copy->art_back = g_strdup (unit->art_back);
  rdt_placement_copy (&unit->placement, &copy->placement);
  return copy;
}

void
rdt_unit_free (RdtUnit *unit)
{
  if (unit == NULL)
    return;
  g_free (unit->id);
  g_free (unit->name);
  g_free (unit->nationality);
  g_free (unit->formation);
  g_free (unit->unit_class);
  g_clear_pointer (&unit->steps, g_array_unref);
  g_strfreev (unit->commands);
  g_strfreev (unit->states);
  g_free (unit->note);
  g_free (unit->art_front);
  g_free (unit->art_back);
  rdt_placement_clear (&unit->placement);
  g_free (unit);
}

void
rdt_unit_add_step (RdtUnit *unit,
                   int      strength,
                   int      fire_strength,
                   int      morale)
{
  RdtUnitStep step = { strength, fire_strength, morale };

  g_return_if_fail (unit != NULL);
  g_array_append_val (unit->steps, step);
}

guint
rdt_unit_get_n_steps (const RdtUnit *unit)
{
  g_return_val_if_fail (unit != NULL, 0);
  return unit->steps->len;
}

const RdtUnitStep *
rdt_unit_get_current_step (const RdtUnit *unit)
{
  g_return_val_if_fail (unit != NULL, NULL);

  if (unit->step < 0 || (guint) unit->step >= unit->steps->len)
    return NULL;
  return &g_array_index (unit->steps, RdtUnitStep, unit->step);
}

gboolean
rdt_unit_is_leader (const RdtUnit *unit)
{
  g_return_val_if_fail (unit != NULL, FALSE);
  return unit->kind == RDT_UNIT_KIND_LEADER;
}

int
rdt_unit_stacking_sp (const RdtUnit *unit)
{
  const RdtUnitStep *step;

  g_return_val_if_fail (unit != NULL, 0);

  /* 7.1: leaders do not count; artillery counts as one unit, not by SPs. */
  if (unit->kind == RDT_UNIT_KIND_LEADER || unit->kind == RDT_UNIT_KIND_ARTILLERY)
    return 0;
  step = rdt_unit_get_current_step (unit);
  return step != NULL ? step->strength : 0;
}

gboolean
rdt_unit_has_state (const RdtUnit *unit,
                    const char    *state)
{
  g_return_val_if_fail (unit != NULL, FALSE);
  return unit->states != NULL && g_strv_contains ((const char *const *) unit->states, state);
}

void
rdt_placement_clear (RdtPlacement *placement)
{
  if (placement == NULL)
    return;
  g_clear_pointer (&placement->area, g_free);
  g_clear_pointer (&placement->entry, g_free);
  memset (placement, 0, sizeof *placement);
  placement->kind = RDT_PLACEMENT_NONE;
}

void
rdt_placement_copy (const RdtPlacement *src,
                    RdtPlacement       *dest)
{
  g_return_if_fail (src != NULL && dest != NULL);

  *dest = *src;
  dest->area = g_strdup (src->area);
  dest->entry = g_strdup (src->entry);
}

gboolean
rdt_placement_equal (const RdtPlacement *a,
                     const RdtPlacement *b)
{
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case RDT_PLACEMENT_HEX:
      return a->hex.col == b->hex.col && a->hex.row == b->hex.row;
    case RDT_PLACEMENT_AREA:
      return g_strcmp0 (a->area, b->area) == 0;
    case RDT_PLACEMENT_ENTRY:
      return a->turn == b->turn && g_strcmp0 (a->entry, b->entry) == 0;
    case RDT_PLACEMENT_NONE:
    case RDT_PLACEMENT_UNUSED:
    default:
      return TRUE;
    }
}

const char *
rdt_unit_kind_to_string (RdtUnitKind kind)
{
  g_return_val_if_fail (kind < RDT_N_UNIT_KINDS, NULL);
  return kind_names[kind];
}

gboolean
rdt_unit_kind_from_string (const char  *text,
                           RdtUnitKind *out_kind)
{
  for (guint i = 0; i < RDT_N_UNIT_KINDS; i++)
    if (g_strcmp0 (text, kind_names[i]) == 0)
      {
        *out_kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
rdt_unit_status_to_string (RdtUnitStatus status)
{
  g_return_val_if_fail (status <= RDT_UNIT_STATUS_SHATTERED, NULL);
  return status_names[status];
}

const char *
rdt_placement_box_to_string (RdtPlacementKind kind)
{
  switch (kind)
    {
    case RDT_PLACEMENT_ELIMINATED:
      return "eliminated";
    case RDT_PLACEMENT_CAPTURED:
      return "captured";
    case RDT_PLACEMENT_NONE:
    case RDT_PLACEMENT_HEX:
    case RDT_PLACEMENT_AREA:
    case RDT_PLACEMENT_ENTRY:
    case RDT_PLACEMENT_UNUSED:
    default:
      return NULL;
    }
}

gboolean
rdt_placement_box_from_string (const char       *text,
                               RdtPlacementKind *out_kind)
{
  if (g_strcmp0 (text, "eliminated") == 0)
    *out_kind = RDT_PLACEMENT_ELIMINATED;
  else if (g_strcmp0 (text, "captured") == 0)
    *out_kind = RDT_PLACEMENT_CAPTURED;
  else
    return FALSE;
  return TRUE;
}

gboolean
rdt_unit_status_from_string (const char    *text,
                             RdtUnitStatus *out_status)
{
  for (guint i = 0; i < G_N_ELEMENTS (status_names); i++)
    if (g_strcmp0 (text, status_names[i]) == 0)
      {
        *out_status = i;
        return TRUE;
      }
  return FALSE;
}
