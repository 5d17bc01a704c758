/* rdt-volume-units.c: the units a volume's bundled scenarios field (issue 16). */
#include "config.h"

#include <string.h>

#include "rdt-scenario-io.h"
#include "rdt-volume-units.h"

/* A folder holds at most this many scenarios we read (bad input stays bounded). */
#define MAX_SCENARIOS 64

void
rdt_volume_units_free (RdtVolumeUnits *units)
{
  if (units == NULL)
    return;
  g_ptr_array_unref (units->units);
  g_ptr_array_unref (units->side_ids);
  g_ptr_array_unref (units->side_names);
  g_free (units);
}

const RdtUnit *
rdt_volume_units_find (RdtVolumeUnits *units,
                       const char     *id)
{
  for (guint i = 0; units != NULL && id != NULL && i < units->units->len; i++)
    {
      const RdtUnit *unit = g_ptr_array_index (units->units, i);

      if (g_strcmp0 (unit->id, id) == 0)
        return unit;
    }
  return NULL;
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static int
side_index (RdtVolumeUnits *units,
            const RdtSide  *side)
{
  for (guint i = 0; i < units->side_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (units->side_ids, i), side->id))
      return (int) i;
  g_ptr_array_add (units->side_ids, g_strdup (side->id));
  g_ptr_array_add (units->side_names, g_strdup (side->name ? side->name : side->id));
  return (int) units->side_ids->len - 1;
}

static void
add_scenario (RdtVolumeUnits *units,
              RdtScenario    *scenario)
{
  for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
    {
      const RdtUnit *unit = rdt_scenario_get_unit (scenario, i);
      const RdtSide *side;
      RdtUnit *copy;

      if (unit->side < 0 || (guint) unit->side >= rdt_scenario_get_n_sides (scenario)
          || rdt_volume_units_find (units, unit->id) != NULL)
        continue;
      side = rdt_scenario_get_side (scenario, unit->side);
      copy = rdt_unit_copy (unit);
      copy->side = side_index (units, side);
      /* Unused until the designer places it (the palette says so). */
      rdt_placement_clear (&copy->placement);
      copy->placement.kind = RDT_PLACEMENT_UNUSED;
      copy->step = 0;
      copy->status = RDT_UNIT_STATUS_PARADE;
      g_clear_pointer (&copy->states, g_strfreev);
      /* Art paths are relative to the bundled scenario's folder, not to the
       * new map's (which has none until saved): the counter is generated. */
      g_clear_pointer (&copy->art_front, g_free);
      g_clear_pointer (&copy->art_back, g_free);
      copy->line = 0;
      g_ptr_array_add (units->units, copy);
    }
}

RdtVolumeUnits *
rdt_volume_units_collect (const char *volume_path,
                          const char *volume_id)
{
  g_autofree char *volumes = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(RdtVolumeUnits) units = g_new0 (RdtVolumeUnits, 1);

  g_return_val_if_fail (volume_path != NULL && volume_id != NULL, NULL);
  units->units = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_unit_free);
  units->side_ids = g_ptr_array_new_with_free_func (g_free);
  units->side_names = g_ptr_array_new_with_free_func (g_free);
  volumes = g_path_get_dirname (volume_path);
  data = g_path_get_dirname (volumes);
  /* The source tree (data/volumes, scenarios/) and an installed data folder
   * (volumes/, scenarios/). */
  g_ptr_array_add (dirs, g_build_filename (data, "..", "scenarios", NULL));
  g_ptr_array_add (dirs, g_build_filename (data, "scenarios", NULL));
  for (guint d = 0; d < dirs->len; d++)
    {
      g_autoptr(GDir) dir = g_dir_open (g_ptr_array_index (dirs, d), 0, NULL);
      g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (dir != NULL && paths->len < MAX_SCENARIOS && (name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".redoubt"))
          g_ptr_array_add (paths, g_build_filename (g_ptr_array_index (dirs, d), name, NULL));
      g_ptr_array_sort (paths, compare_paths);
      for (guint i = 0; i < paths->len; i++)
        {
          g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (g_ptr_array_index (paths, i),
                                                                          NULL, NULL);

          if (scenario != NULL && g_strcmp0 (rdt_scenario_get_volume_ref (scenario), volume_id) == 0)
            add_scenario (units, scenario);
        }
      if (units->units->len > 0)
        break;
    }
  if (units->units->len == 0)
    return NULL;
  return g_steal_pointer (&units);
}
