/* rdt-volume.c: the data of one game volume. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-volume.h"

struct _RdtVolume
{
  GObject parent_instance;

  char *id;
  char *title;
  char *path;
  GPtrArray *terrains;       /* RdtTerrainType* */
  GPtrArray *hexside_types;  /* RdtHexsideType* */
  GPtrArray *combined;       /* RdtCombinedType* */
  GPtrArray *states;         /* RdtStateType* */
  GPtrArray *tables;         /* RdtTable* */
  GPtrArray *restrictions;   /* RdtRestriction* */
  GHashTable *restriction_ids;
  /* id -> index + 1 for each array above, so loading a large map with many
   * types stays linear (ids are never changed or removed once added). */
  GHashTable *terrain_ids;
  GHashTable *hexside_type_ids;
  GHashTable *combined_ids;
  GHashTable *state_ids;
  GHashTable *table_ids;
  RdtStacking stacking;
  RdtEdition edition;
  RdtEdition variants[RDT_N_VARIANTS];
  int artillery_range;       /* 0: not given (11.2's three hexes) */
};

G_DEFINE_QUARK (rdt-volume-error-quark, rdt_volume_error)
G_DEFINE_FINAL_TYPE (RdtVolume, rdt_volume, G_TYPE_OBJECT)

static const char *const hexside_kind_names[RDT_N_HEXSIDE_KINDS] = {
  "water", "slope", "fieldwork", "road", "other",
};
static const char *const variant_names[RDT_N_VARIANTS] = {
  "11.43 B", "15.1", "9.51", "12.7",
};

static void
rdt_volume_finalize (GObject *object)
{
  RdtVolume *self = RDT_VOLUME (object);

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->terrain_ids, g_hash_table_unref);
  g_clear_pointer (&self->hexside_type_ids, g_hash_table_unref);
  g_clear_pointer (&self->combined_ids, g_hash_table_unref);
  g_clear_pointer (&self->state_ids, g_hash_table_unref);
  g_clear_pointer (&self->table_ids, g_hash_table_unref);
  g_clear_pointer (&self->terrains, g_ptr_array_unref);
  g_clear_pointer (&self->hexside_types, g_ptr_array_unref);
  g_clear_pointer (&self->combined, g_ptr_array_unref);
  g_clear_pointer (&self->states, g_ptr_array_unref);
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  g_clear_pointer (&self->restriction_ids, g_hash_table_unref);
  g_clear_pointer (&self->restrictions, g_ptr_array_unref);
  g_clear_pointer (&self->stacking.exceptions, g_ptr_array_unref);
  g_clear_pointer (&self->stacking.rule, g_free);

  G_OBJECT_CLASS (rdt_volume_parent_class)->finalize (object);
}

static void
rdt_volume_class_init (RdtVolumeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rdt_volume_finalize;
}

static void
rdt_volume_init (RdtVolume *self)
{
  self->terrains = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_terrain_type_free);
  self->hexside_types = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_hexside_type_free);
  self->combined = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_combined_type_free);
  self->states = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_state_type_free);
  self->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_table_free);
  self->terrain_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->hexside_type_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->combined_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->state_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->table_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->restrictions = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_restriction_free);
  self->restriction_ids = g_hash_table_new (g_str_hash, g_str_equal);
  /* 7.1: six SPs plus one artillery unit. */
  self->stacking.max_sp = 6;
  self->stacking.max_artillery = 1;
  self->stacking.exceptions =
    g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_stacking_exception_free);
}

RdtVolume *
rdt_volume_new (const char *id)
{
  RdtVolume *self = g_object_new (RDT_TYPE_VOLUME, NULL);

  self->id = g_strdup (id);
  return self;
}

const char *
rdt_volume_get_id (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  return volume->id;
}

const char *
rdt_volume_get_title (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  return volume->title;
}

void
rdt_volume_set_title (RdtVolume  *volume,
                      const char *title)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  g_free (volume->title);
  volume->title = g_strdup (title);
}

const char *
rdt_volume_get_path (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  return volume->path;
}

void
rdt_volume_set_path (RdtVolume  *volume,
                     const char *path)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  g_free (volume->path);
  volume->path = g_strdup (path);
}

static int
find_by_id (GHashTable *ids,
            const char *id)
{
  if (id == NULL)
    return -1;
  return GPOINTER_TO_INT (g_hash_table_lookup (ids, id)) - 1;
}

static int
add_unique (GPtrArray      *array,
            GHashTable     *ids,
            gpointer        item,
            GDestroyNotify  free_func,
            const char     *what,
            GError        **error)
{
  /* Every element type starts with its char *id. */
  const char *id = *(const char *const *) item;

  if (id == NULL || find_by_id (ids, id) >= 0)
    {
      g_set_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_DUPLICATE_ID,
                   _("Duplicate %s id “%s”"), what, id != NULL ? id : "");
      free_func (item);
      return -1;
    }
  g_ptr_array_add (array, item);
  g_hash_table_insert (ids, (gpointer) id, GINT_TO_POINTER (array->len));
  return (int) array->len - 1;
}

guint
rdt_volume_get_n_terrains (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  return volume->terrains->len;
}

const RdtTerrainType *
rdt_volume_get_terrain (RdtVolume *volume,
                        guint      index)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (index < volume->terrains->len, NULL);
  return g_ptr_array_index (volume->terrains, index);
}

gboolean
rdt_terrain_colour_is_valid (const char *colour)
{
  if (colour == NULL || colour[0] != '#' || strlen (colour) != 7)
    return FALSE;
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (colour[i]))
      return FALSE;
  return TRUE;
}

gboolean
rdt_terrain_pattern_is_valid (const char *pattern)
{
  g_auto(GStrv) names = NULL;

  if (pattern == NULL || pattern[0] == '\0')
    return FALSE;
  names = g_strsplit (RDT_TERRAIN_PATTERNS, " ", -1);
  return g_strv_contains ((const char * const *) names, pattern);
}

gboolean
rdt_volume_set_terrain_look (RdtVolume  *volume,
                             guint       index,
                             const char *colour,
                             const char *pattern)
{
  RdtTerrainType *terrain;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), FALSE);
  g_return_val_if_fail (index < volume->terrains->len, FALSE);

  if ((colour != NULL && !rdt_terrain_colour_is_valid (colour)) ||
      (pattern != NULL && !rdt_terrain_pattern_is_valid (pattern)))
    return FALSE;
  terrain = g_ptr_array_index (volume->terrains, index);
  g_free (terrain->colour);
  terrain->colour = colour != NULL ? g_ascii_strdown (colour, -1) : NULL;
  g_free (terrain->pattern);
  terrain->pattern = g_strdup (pattern);
  return TRUE;
}

int
rdt_volume_find_terrain (RdtVolume  *volume,
                         const char *id)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), -1);
  return find_by_id (volume->terrain_ids, id);
}

int
rdt_volume_add_terrain (RdtVolume      *volume,
                        RdtTerrainType *terrain,
                        GError        **error)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), -1);
  g_return_val_if_fail (terrain != NULL, -1);
  /* Scenarios store terrain indices as guint16. */
  if (volume->terrains->len >= G_MAXUINT16)
    {
      g_set_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_INVALID,
                   _("Too many terrain types"));
      rdt_terrain_type_free (terrain);
      return -1;
    }
  return add_unique (volume->terrains, volume->terrain_ids, terrain,
                     (GDestroyNotify) rdt_terrain_type_free,
                     "terrain", error);
}

void
rdt_volume_set_terrain_effects (RdtVolume        *volume,
                                guint             index,
                                const RdtEffects *effects,
                                RdtEffects       *out_old)
{
  RdtTerrainType *t;

  g_return_if_fail (RDT_IS_VOLUME (volume));
  g_return_if_fail (index < volume->terrains->len);
  g_return_if_fail (effects != NULL);

  t = g_ptr_array_index (volume->terrains, index);
  if (out_old != NULL)
    *out_old = t->effects;
  t->effects = *effects;
}

void
rdt_volume_set_hexside_effects (RdtVolume        *volume,
                                guint             index,
                                const RdtEffects *effects,
                                RdtEffects       *out_old)
{
  RdtHexsideType *t;

  g_return_if_fail (RDT_IS_VOLUME (volume));
  g_return_if_fail (index < volume->hexside_types->len);
  g_return_if_fail (effects != NULL);

  t = g_ptr_array_index (volume->hexside_types, index);
  if (out_old != NULL)
    *out_old = t->effects;
  t->effects = *effects;
}

guint
rdt_volume_get_n_hexside_types (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  return volume->hexside_types->len;
}

const RdtHexsideType *
rdt_volume_get_hexside_type (RdtVolume *volume,
                             guint      index)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (index < volume->hexside_types->len, NULL);
  return g_ptr_array_index (volume->hexside_types, index);
}

int
rdt_volume_find_hexside_type (RdtVolume  *volume,
                              const char *id)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), -1);
  return find_by_id (volume->hexside_type_ids, id);
}

int
rdt_volume_add_hexside_type (RdtVolume      *volume,
                             RdtHexsideType *type,
                             GError        **error)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), -1);
  g_return_val_if_fail (type != NULL, -1);
  return add_unique (volume->hexside_types, volume->hexside_type_ids, type,
                     (GDestroyNotify) rdt_hexside_type_free,
                     "hexside type", error);
}

guint
rdt_volume_get_n_combined (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  return volume->combined->len;
}

const RdtCombinedType *
rdt_volume_get_combined (RdtVolume *volume,
                         guint      index)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (index < volume->combined->len, NULL);
  return g_ptr_array_index (volume->combined, index);
}

const RdtCombinedType *
rdt_volume_lookup_combined (RdtVolume         *volume,
                            int                slope_type,
                            int                other_type,
                            RdtSlopeDirection  direction)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);

  for (guint i = 0; i < volume->combined->len; i++)
    {
      const RdtCombinedType *c = g_ptr_array_index (volume->combined, i);
      if (c->slope_type == slope_type && c->other_type == other_type &&
          (c->direction == RDT_SLOPE_ANY || direction == RDT_SLOPE_ANY ||
           c->direction == direction))
        return c;
    }
  return NULL;
}

int
rdt_volume_add_combined (RdtVolume       *volume,
                         RdtCombinedType *combined,
                         GError         **error)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), -1);
  g_return_val_if_fail (combined != NULL, -1);

  if (combined->slope_type < 0 || (guint) combined->slope_type >= volume->hexside_types->len ||
      combined->other_type < 0 || (guint) combined->other_type >= volume->hexside_types->len)
    {
      g_set_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_INVALID,
                   _("Combined type “%s” does not name two hexside types of the volume"),
                   combined->id != NULL ? combined->id : "");
      rdt_combined_type_free (combined);
      return -1;
    }
  return add_unique (volume->combined, volume->combined_ids, combined,
                     (GDestroyNotify) rdt_combined_type_free,
                     "combined type", error);
}

const RdtStacking *
rdt_volume_get_stacking (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  return &volume->stacking;
}

void
rdt_volume_set_stacking_limit (RdtVolume *volume,
                               int        max_sp,
                               int        max_artillery,
                               gboolean   provisional)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  volume->stacking.max_sp = max_sp;
  volume->stacking.max_artillery = max_artillery;
  volume->stacking.provisional = provisional;
}

void
rdt_volume_set_stacking_rule (RdtVolume  *volume,
                              const char *rule,
                              int         line)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  g_free (volume->stacking.rule);
  volume->stacking.rule = g_strdup (rule);
  volume->stacking.line = line;
}

void
rdt_volume_add_stacking_exception (RdtVolume            *volume,
                                   RdtStackingException *exception)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  g_return_if_fail (exception != NULL);
  g_ptr_array_add (volume->stacking.exceptions, exception);
}

RdtEdition
rdt_volume_get_edition (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), RDT_EDITION_CURRENT);
  return volume->edition;
}

RdtEdition
rdt_volume_get_variant (RdtVolume      *volume,
                        RdtVariantRule  rule)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), RDT_EDITION_CURRENT);
  g_return_val_if_fail (rule < RDT_N_VARIANTS, RDT_EDITION_CURRENT);
  return volume->variants[rule];
}

void
rdt_volume_set_variant (RdtVolume      *volume,
                        RdtVariantRule  rule,
                        RdtEdition      edition)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  g_return_if_fail (rule < RDT_N_VARIANTS);
  volume->variants[rule] = edition;
}

void
rdt_volume_set_edition (RdtVolume  *volume,
                        RdtEdition  edition)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  volume->edition = edition;
  for (guint i = 0; i < RDT_N_VARIANTS; i++)
    volume->variants[i] = edition;
}

void
rdt_volume_set_stacking_free_kinds (RdtVolume *volume,
                                    guint      kinds)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  volume->stacking.free_kinds = kinds;
}

int
rdt_volume_unit_stacking_sp (RdtVolume     *volume,
                             const RdtUnit *unit,
                             gboolean      *out_artillery)
{
  gboolean free_kind;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  g_return_val_if_fail (unit != NULL, 0);

  /* Brandywine 4.5.2: "The Amusettes never count against stacking." */
  free_kind = (volume->stacking.free_kinds & RDT_UNIT_KIND_MASK (unit->kind)) != 0;
  if (out_artillery != NULL)
    *out_artillery = !free_kind && unit->kind == RDT_UNIT_KIND_ARTILLERY;
  return free_kind ? 0 : rdt_unit_stacking_sp (unit);
}

int
rdt_volume_get_artillery_range (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  return volume->artillery_range;
}

void
rdt_volume_set_artillery_range (RdtVolume *volume,
                                int        range)
{
  g_return_if_fail (RDT_IS_VOLUME (volume));
  volume->artillery_range = MAX (range, 0);
}

guint
rdt_volume_get_n_tables (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  return volume->tables->len;
}

const RdtTable *
rdt_volume_get_table (RdtVolume *volume,
                      guint      index)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (index < volume->tables->len, NULL);
  return g_ptr_array_index (volume->tables, index);
}

const RdtTable *
rdt_volume_find_table (RdtVolume  *volume,
                       const char *id)
{
  int i;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  i = find_by_id (volume->table_ids, id);
  return i >= 0 ? g_ptr_array_index (volume->tables, i) : NULL;
}

gboolean
rdt_volume_add_table (RdtVolume *volume,
                      RdtTable  *table,
                      GError   **error)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), FALSE);
  g_return_val_if_fail (table != NULL, FALSE);
  return add_unique (volume->tables, volume->table_ids, table,
                     (GDestroyNotify) rdt_table_free,
                     "table", error) >= 0;
}

static int
table_column (const RdtTable *table,
              const char     *column)
{
  for (guint i = 0; i < table->columns->len; i++)
    if (g_strcmp0 (g_ptr_array_index (table->columns, i), column) == 0)
      return (int) i;
  return -1;
}

static RdtTableRow *
table_row (const RdtTable *table,
           const char     *key)
{
  for (guint i = 0; i < table->rows->len; i++)
    {
      RdtTableRow *row = g_ptr_array_index (table->rows, i);
      if (g_strcmp0 (row->key, key) == 0)
        return row;
    }
  return NULL;
}

const char *
rdt_table_lookup (const RdtTable *table,
                  const char     *row_key,
                  const char     *column,
                  gboolean       *out_provisional)
{
  RdtTableRow *row;
  int col;

  g_return_val_if_fail (table != NULL, NULL);

  row = table_row (table, row_key);
  col = table_column (table, column);
  if (row == NULL || col < 0 || (guint) col >= row->cells->len)
    return NULL;
  if (out_provisional != NULL)
    *out_provisional = g_array_index (row->provisional, gboolean, col);
  return g_ptr_array_index (row->cells, col);
}

gboolean
rdt_volume_set_table_cell (RdtVolume  *volume,
                           const char *table_id,
                           const char *row_key,
                           const char *column,
                           const char *value,
                           gboolean    provisional,
                           char      **out_old,
                           gboolean   *out_old_provisional,
                           GError    **error)
{
  RdtTable *table;
  RdtTableRow *row;
  int t, col;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  t = find_by_id (volume->table_ids, table_id);
  if (t < 0)
    {
      g_set_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_NOT_FOUND,
                   _("No table “%s” in volume “%s”"), table_id, volume->id);
      return FALSE;
    }
  table = g_ptr_array_index (volume->tables, t);
  row = table_row (table, row_key);
  col = table_column (table, column);
  if (row == NULL || col < 0 || (guint) col >= row->cells->len)
    {
      g_set_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_NOT_FOUND,
                   _("Table “%s” has no cell at row “%s”, column “%s”"),
                   table_id, row_key, column);
      return FALSE;
    }
  if (out_old != NULL)
    *out_old = g_strdup (g_ptr_array_index (row->cells, col));
  if (out_old_provisional != NULL)
    *out_old_provisional = g_array_index (row->provisional, gboolean, col);
  g_free (g_ptr_array_index (row->cells, col));
  g_ptr_array_index (row->cells, col) = g_strdup (value);
  g_array_index (row->provisional, gboolean, col) = provisional;
  return TRUE;
}

guint
rdt_volume_get_n_states (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  return volume->states->len;
}

const RdtStateType *
rdt_volume_get_state (RdtVolume *volume,
                      guint      index)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (index < volume->states->len, NULL);
  return g_ptr_array_index (volume->states, index);
}

int
rdt_volume_find_state (RdtVolume  *volume,
                       const char *id)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), -1);
  return find_by_id (volume->state_ids, id);
}

int
rdt_volume_add_state (RdtVolume    *volume,
                      RdtStateType *state,
                      GError      **error)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), -1);
  g_return_val_if_fail (state != NULL, -1);
  return add_unique (volume->states, volume->state_ids, state,
                     (GDestroyNotify) rdt_state_type_free,
                     "state", error);
}

guint
rdt_volume_get_n_restrictions (RdtVolume *volume)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);
  return volume->restrictions->len;
}

const RdtRestriction *
rdt_volume_get_restriction (RdtVolume *volume,
                            guint      index)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (index < volume->restrictions->len, NULL);
  return g_ptr_array_index (volume->restrictions, index);
}

gboolean
rdt_volume_add_restriction (RdtVolume      *volume,
                            RdtRestriction *restriction,
                            GError        **error)
{
  g_return_val_if_fail (RDT_IS_VOLUME (volume), FALSE);
  g_return_val_if_fail (restriction != NULL, FALSE);
  return add_unique (volume->restrictions, volume->restriction_ids, restriction,
                     (GDestroyNotify) rdt_restriction_free,
                     "restriction", error) >= 0;
}

void
rdt_restriction_free (RdtRestriction *r)
{
  if (r == NULL)
    return;
  g_free (r->id);
  g_free (r->scenario);
  g_free (r->side);
  g_strfreev (r->units);
  g_strfreev (r->exempt);
  g_strfreev (r->states);
  g_strfreev (r->entries);
  g_free (r->area);
  g_free (r->terrain);
  g_free (r->weather);
  g_free (r->until_released);
  g_strfreev (r->with_units);
  g_strfreev (r->undecided_classes);
  g_free (r->rule);
  g_free (r->note);
  g_free (r);
}

static const char *const restriction_effect_names[RDT_N_RESTRICTION_EFFECTS] = {
  "no-move", "no-enter", "no-end", "no-strategic", "no-minimum-move", "end-with", "no-end-with",
  "off-road-penalty", "blocked-entry", "may-pass-overstacked", "artillery-range",
};

const char *
rdt_restriction_effect_to_string (RdtRestrictionEffect effect)
{
  g_return_val_if_fail (effect < RDT_N_RESTRICTION_EFFECTS, NULL);
  return restriction_effect_names[effect];
}

gboolean
rdt_restriction_effect_from_string (const char           *text,
                                    RdtRestrictionEffect *out_effect)
{
  for (guint i = 0; text != NULL && i < RDT_N_RESTRICTION_EFFECTS; i++)
    if (strcmp (text, restriction_effect_names[i]) == 0)
      {
        *out_effect = i;
        return TRUE;
      }
  return FALSE;
}

static guint
popcount (guint bits)
{
  guint n = 0;

  for (; bits != 0; bits &= bits - 1)
    n++;
  return n;
}

guint
rdt_volume_count_provisional (RdtVolume *volume)
{
  guint n = 0;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), 0);

  for (guint i = 0; i < volume->terrains->len; i++)
    n += popcount (((RdtTerrainType *) g_ptr_array_index (volume->terrains, i))->effects.provisional);
  for (guint i = 0; i < volume->hexside_types->len; i++)
    n += popcount (((RdtHexsideType *) g_ptr_array_index (volume->hexside_types, i))->effects.provisional);
  for (guint i = 0; i < volume->combined->len; i++)
    n += popcount (((RdtCombinedType *) g_ptr_array_index (volume->combined, i))->effects.provisional);
  for (guint i = 0; i < volume->tables->len; i++)
    {
      const RdtTable *t = g_ptr_array_index (volume->tables, i);
      for (guint r = 0; r < t->rows->len; r++)
        {
          const RdtTableRow *row = g_ptr_array_index (t->rows, r);
          for (guint c = 0; c < row->provisional->len; c++)
            n += g_array_index (row->provisional, gboolean, c) ? 1 : 0;
        }
    }
  if (volume->stacking.provisional)
    n++;
  return n;
}

/* Struct helpers. */

RdtTerrainType *
rdt_terrain_type_new (const char *id,
                      const char *name)
{
  RdtTerrainType *t = g_new0 (RdtTerrainType, 1);

  t->id = g_strdup (id);
  t->name = g_strdup (name);
  t->effects.zoc = TRUE;
  return t;
}

void
rdt_terrain_type_free (RdtTerrainType *terrain)
{
  if (terrain == NULL)
    return;
  g_free (terrain->id);
  g_free (terrain->name);
  g_free (terrain->rule);
  g_free (terrain->note);
  g_free (terrain->colour);
  g_free (terrain->pattern);
  g_free (terrain);
}

RdtHexsideType *
rdt_hexside_type_new (const char     *id,
                      const char     *name,
                      RdtHexsideKind  kind)
{
  RdtHexsideType *t = g_new0 (RdtHexsideType, 1);

  t->id = g_strdup (id);
  t->name = g_strdup (name);
  t->kind = kind;
  t->effects.zoc = TRUE;
  return t;
}

void
rdt_hexside_type_free (RdtHexsideType *type)
{
  if (type == NULL)
    return;
  g_free (type->id);
  g_free (type->name);
  g_free (type->rule);
  g_free (type->note);
  g_free (type);
}

void
rdt_combined_type_free (RdtCombinedType *combined)
{
  if (combined == NULL)
    return;
  g_free (combined->id);
  g_free (combined->name);
  g_free (combined->rule);
  g_free (combined->note);
  g_free (combined);
}

void
rdt_stacking_exception_free (RdtStackingException *exception)
{
  if (exception == NULL)
    return;
  g_free (exception->id);
  g_free (exception->area);
  g_free (exception->terrain);
  g_free (exception->rule);
  g_free (exception->note);
  g_free (exception);
}

static void
table_row_free (RdtTableRow *row)
{
  g_free (row->key);
  g_ptr_array_unref (row->cells);
  g_array_unref (row->provisional);
  g_free (row);
}

RdtTable *
rdt_table_new (const char *id,
               const char *name)
{
  RdtTable *t = g_new0 (RdtTable, 1);

  t->id = g_strdup (id);
  t->name = g_strdup (name);
  t->columns = g_ptr_array_new_with_free_func (g_free);
  t->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) table_row_free);
  return t;
}

void
rdt_table_free (RdtTable *table)
{
  if (table == NULL)
    return;
  g_free (table->id);
  g_free (table->name);
  g_free (table->rule);
  g_free (table->corner);
  g_free (table->note);
  g_ptr_array_unref (table->columns);
  g_ptr_array_unref (table->rows);
  g_free (table);
}

RdtTableRow *
rdt_table_add_row (RdtTable          *table,
                   const char        *key,
                   const char *const *cells)
{
  RdtTableRow *row = g_new0 (RdtTableRow, 1);

  g_return_val_if_fail (table != NULL, NULL);

  row->key = g_strdup (key);
  row->cells = g_ptr_array_new_with_free_func (g_free);
  row->provisional = g_array_new (FALSE, TRUE, sizeof (gboolean));
  for (guint i = 0; cells != NULL && cells[i] != NULL; i++)
    {
      gboolean no = FALSE;
      g_ptr_array_add (row->cells, g_strdup (cells[i]));
      g_array_append_val (row->provisional, no);
    }
  g_ptr_array_add (table->rows, row);
  return row;
}

void
rdt_state_type_free (RdtStateType *state)
{
  if (state == NULL)
    return;
  g_free (state->id);
  g_free (state->name);
  g_free (state->rule);
  g_free (state);
}

const char *
rdt_hexside_kind_to_string (RdtHexsideKind kind)
{
  g_return_val_if_fail (kind < RDT_N_HEXSIDE_KINDS, NULL);
  return hexside_kind_names[kind];
}

gboolean
rdt_hexside_kind_from_string (const char     *text,
                              RdtHexsideKind *out_kind)
{
  for (guint i = 0; i < RDT_N_HEXSIDE_KINDS; i++)
    if (g_strcmp0 (text, hexside_kind_names[i]) == 0)
      {
        *out_kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
rdt_edition_to_string (RdtEdition edition)
{
  return edition == RDT_EDITION_OLDER ? "older" : "current";
}

gboolean
rdt_edition_from_string (const char *text,
                         RdtEdition *out_edition)
{
  if (g_strcmp0 (text, "current") == 0)
    *out_edition = RDT_EDITION_CURRENT;
  else if (g_strcmp0 (text, "older") == 0)
    *out_edition = RDT_EDITION_OLDER;
  else
    return FALSE;
  return TRUE;
}

const char *
rdt_variant_rule_to_string (RdtVariantRule rule)
{
  g_return_val_if_fail (rule < RDT_N_VARIANTS, NULL);
  return variant_names[rule];
}

gboolean
rdt_variant_rule_from_string (const char     *text,
                              RdtVariantRule *out_rule)
{
  for (guint i = 0; i < RDT_N_VARIANTS; i++)
    if (g_strcmp0 (text, variant_names[i]) == 0)
      {
        *out_rule = i;
        return TRUE;
      }
  return FALSE;
}
