/* rdt-scenario.c: the document. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-scenario.h"
#include "rdt-scenario-private.h"

struct _RdtScenario
{
  GObject parent_instance;

  char *id;
  char *title;
  char *description;
  char *path;
  RdtFileStamp stamp;
  gboolean saved_once;

  RdtVolume *volume;
  char *volume_ref;
  char *volume_href;

  RdtHexGrid *grid;
  RdtHexLabelFormat hex_labels; /* display labels (issue 17); .present FALSE: XXYY */
  guint default_terrain;
  GArray *terrain;          /* guint16 per hex index */
  GArray *hex_lines;        /* int per hex index: its <hex> line, 0 none (issue 15: no hash table of 10,000 entries) */
  GHashTable *hexsides;     /* packed hexside -> RdtHexsideFeatures* */

  GPtrArray *locations;     /* RdtLocation*, sorted by (col, row) */
  GHashTable *location_hexes; /* packed hex -> RdtLocation* */
  GPtrArray *entries;       /* RdtEntryHex* */
  GHashTable *entry_ids;    /* id -> first RdtEntryHex* with it */
  GPtrArray *areas;         /* RdtArea* */
  GHashTable *area_ids;     /* id -> first RdtArea* with it */
  GPtrArray *sides;         /* RdtSide* */
  GHashTable *side_ids;     /* id -> index + 1 */
  GArray *side_lines;       /* int */
  GPtrArray *units;         /* RdtUnit* */
  GHashTable *unit_ids;     /* id -> RdtUnit* (borrowed) */
  GPtrArray *objectives;    /* RdtObjective* */
  GPtrArray *conditions;    /* RdtVictoryCondition* */
  GPtrArray *notes;         /* char* */
  GHashTable *lines;        /* element name -> line */

  int first_turn;
  int n_turns;
  int first_player;
  char *player_order;
  GPtrArray *turn_initiatives;  /* RdtTurnInitiative* (issue 13) */

  RdtUnderlay underlay;
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_QUARK (rdt-scenario-error-quark, rdt_scenario_error)
G_DEFINE_FINAL_TYPE (RdtScenario, rdt_scenario, G_TYPE_OBJECT)

static const char *const change_details[] = {
  "terrain", "hexside", "unit", "unit", "unit", "unit", "area", "location",
  "entry", "grid", "underlay", "side", "info", "volume",
};

static void
emit_changed (RdtScenario   *self,
              RdtChangeKind  kind,
              const RdtHex  *hex,
              const RdtHexside *side,
              const char    *id)
{
  RdtChange change = { 0 };

  change.kind = kind;
  if (hex != NULL)
    change.hex = *hex;
  if (side != NULL)
    change.side = *side;
  change.id = id;
  g_signal_emit (self, signals[SIGNAL_CHANGED],
                 g_quark_from_static_string (change_details[kind]), &change);
}

static guint64
hexside_key (RdtHexside side)
{
  return ((guint64) (guint16) side.a.col << 48) | ((guint64) (guint16) side.a.row << 32) |
         ((guint64) (guint16) side.b.col << 16) | (guint64) (guint16) side.b.row;
}

static guint
key_hash (gconstpointer p)
{
  return g_int64_hash (p);
}

static gboolean
key_equal (gconstpointer a,
           gconstpointer b)
{
  return g_int64_equal (a, b);
}

static void
side_free (RdtSide *side)
{
  g_free (side->id);
  g_free (side->name);
  g_free (side->player);
  g_free (side->retreat_directions);
  g_free (side->retreat_rule);
  g_free (side);
}

static void
objective_free (RdtObjective *o)
{
  g_free (o->when);
  g_free (o);
}

static void
condition_free (RdtVictoryCondition *c)
{
  g_free (c->level);
  g_free (c);
}

void
_rdt_entry_hex_free (RdtEntryHex *entry)
{
  g_free (entry->id);
  g_free (entry->name);
  g_free (entry);
}

void
_rdt_location_free (RdtLocation *location)
{
  g_free (location->name);
  g_free (location);
}

void
rdt_area_free (RdtArea *area)
{
  if (area == NULL)
    return;
  g_free (area->id);
  g_free (area->name);
  g_clear_pointer (&area->hexes, g_array_unref);
  g_free (area);
}

void
rdt_underlay_clear (RdtUnderlay *underlay)
{
  if (underlay == NULL)
    return;
  g_clear_pointer (&underlay->href, g_free);
  memset (underlay, 0, sizeof *underlay);
}

static void
rdt_scenario_dispose (GObject *object)
{
  RdtScenario *self = RDT_SCENARIO (object);

  g_clear_object (&self->volume);
  G_OBJECT_CLASS (rdt_scenario_parent_class)->dispose (object);
}

static void
rdt_scenario_finalize (GObject *object)
{
  RdtScenario *self = RDT_SCENARIO (object);

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->volume_ref, g_free);
  g_clear_pointer (&self->volume_href, g_free);
  g_clear_pointer (&self->grid, rdt_hex_grid_unref);
  g_clear_pointer (&self->terrain, g_array_unref);
  g_clear_pointer (&self->hex_lines, g_array_unref);
  g_clear_pointer (&self->hexsides, g_hash_table_unref);
  g_clear_pointer (&self->location_hexes, g_hash_table_unref);
  g_clear_pointer (&self->entry_ids, g_hash_table_unref);
  g_clear_pointer (&self->area_ids, g_hash_table_unref);
  g_clear_pointer (&self->side_ids, g_hash_table_unref);
  g_clear_pointer (&self->locations, g_ptr_array_unref);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->areas, g_ptr_array_unref);
  g_clear_pointer (&self->sides, g_ptr_array_unref);
  g_clear_pointer (&self->side_lines, g_array_unref);
  g_clear_pointer (&self->unit_ids, g_hash_table_unref);
  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_pointer (&self->objectives, g_ptr_array_unref);
  g_clear_pointer (&self->conditions, g_ptr_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_clear_pointer (&self->lines, g_hash_table_unref);
  g_clear_pointer (&self->player_order, g_free);
  g_clear_pointer (&self->turn_initiatives, g_ptr_array_unref);
  rdt_underlay_clear (&self->underlay);

  G_OBJECT_CLASS (rdt_scenario_parent_class)->finalize (object);
}

static void
turn_initiative_free (gpointer data)
{
  RdtTurnInitiative *t = data;

  g_free (t->rule);
  g_free (t);
}

static void
rdt_scenario_class_init (RdtScenarioClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rdt_scenario_dispose;
  object_class->finalize = rdt_scenario_finalize;

  /**
   * RdtScenario::changed:
   * @change: (type gpointer): the RdtChange, valid during emission
   *
   * Emitted after every mutation, detailed by the kind of change ("terrain",
   * "hexside", "unit", "area", "location", "entry", "grid", "underlay", "side",
   * "info", "volume").
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
rdt_scenario_init (RdtScenario *self)
{
  self->hex_lines = g_array_new (FALSE, TRUE, sizeof (int));
  self->hexsides = g_hash_table_new_full (key_hash, key_equal, g_free, g_free);
  self->locations = g_ptr_array_new_with_free_func ((GDestroyNotify) _rdt_location_free);
  self->location_hexes = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->entry_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->area_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->side_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) _rdt_entry_hex_free);
  self->areas = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_area_free);
  self->sides = g_ptr_array_new_with_free_func ((GDestroyNotify) side_free);
  self->side_lines = g_array_new (FALSE, TRUE, sizeof (int));
  self->units = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_unit_free);
  self->unit_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->objectives = g_ptr_array_new_with_free_func ((GDestroyNotify) objective_free);
  self->conditions = g_ptr_array_new_with_free_func ((GDestroyNotify) condition_free);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->first_turn = 1;
  self->n_turns = 1;
  self->first_player = -1;
  self->turn_initiatives = g_ptr_array_new_with_free_func (turn_initiative_free);
}

RdtScenario *
rdt_scenario_new (RdtVolume             *volume,
                  const RdtGridSettings *settings,
                  const char            *default_terrain,
                  GError               **error)
{
  g_autoptr(RdtHexGrid) grid = NULL;
  g_autoptr(RdtScenario) self = NULL;
  int terrain = 0;
  guint16 t16;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (settings != NULL, NULL);

  if (rdt_volume_get_n_terrains (volume) == 0)
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_UNKNOWN_TYPE,
                   _("Volume “%s” has no terrain types"), rdt_volume_get_id (volume));
      return NULL;
    }
  if (default_terrain != NULL)
    {
      terrain = rdt_volume_find_terrain (volume, default_terrain);
      if (terrain < 0)
        {
          g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_UNKNOWN_TYPE,
                       _("Volume “%s” has no terrain “%s”"),
                       rdt_volume_get_id (volume), default_terrain);
          return NULL;
        }
    }
  grid = rdt_hex_grid_new (settings, error);
  if (grid == NULL)
    return NULL;

  self = g_object_new (RDT_TYPE_SCENARIO, NULL);
  self->volume = g_object_ref (volume);
  self->grid = g_steal_pointer (&grid);
  self->default_terrain = (guint) terrain;
  t16 = (guint16) terrain;
  self->terrain = g_array_sized_new (FALSE, FALSE, sizeof (guint16),
                                     rdt_hex_grid_get_n_hexes (self->grid));
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (self->grid); i++)
    g_array_append_val (self->terrain, t16);
  return g_steal_pointer (&self);
}

/* Identity and text. */

#define STRING_ACCESSORS(field)                                              \
const char *                                                                 \
rdt_scenario_get_##field (RdtScenario *scenario)                             \
{                                                                            \
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);                   \
  return scenario->field;                                                    \
}                                                                            \
                                                                             \
void                                                                         \
rdt_scenario_set_##field (RdtScenario *scenario,                             \
                          const char  *value)                                \
{                                                                            \
  g_return_if_fail (RDT_IS_SCENARIO (scenario));                             \
  if (g_strcmp0 (scenario->field, value) == 0)                               \
    return;                                                                  \
  g_free (scenario->field);                                                  \
  scenario->field = g_strdup (value);                                        \
  emit_changed (scenario, RDT_CHANGE_INFO, NULL, NULL, NULL);                \
}

STRING_ACCESSORS (id)
STRING_ACCESSORS (title)
STRING_ACCESSORS (description)

const char *
rdt_scenario_get_path (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return scenario->path;
}

void
rdt_scenario_set_path (RdtScenario *scenario,
                       const char  *path)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_free (scenario->path);
  scenario->path = g_strdup (path);
}

const RdtFileStamp *
rdt_scenario_get_file_stamp (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return &scenario->stamp;
}

void
rdt_scenario_set_file_stamp (RdtScenario        *scenario,
                             const RdtFileStamp *stamp)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  if (stamp != NULL)
    scenario->stamp = *stamp;
  else
    rdt_file_stamp_clear (&scenario->stamp);
}

gboolean
rdt_scenario_get_saved_once (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  return scenario->saved_once;
}

void
rdt_scenario_set_saved_once (RdtScenario *scenario,
                             gboolean     saved)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  scenario->saved_once = saved;
}

RdtVolume *
rdt_scenario_get_volume (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return scenario->volume;
}

void
_rdt_scenario_set_volume (RdtScenario *scenario,
                          RdtVolume   *volume)
{
  g_set_object (&scenario->volume, volume);
}

const char *
rdt_scenario_get_volume_ref (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return scenario->volume_ref;
}

const char *
rdt_scenario_get_volume_href (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return scenario->volume_href;
}

void
rdt_scenario_set_volume_link (RdtScenario *scenario,
                              const char  *ref,
                              const char  *href)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_return_if_fail (ref == NULL || href == NULL);

  g_free (scenario->volume_ref);
  scenario->volume_ref = g_strdup (ref);
  g_free (scenario->volume_href);
  scenario->volume_href = g_strdup (href);
  emit_changed (scenario, RDT_CHANGE_INFO, NULL, NULL, NULL);
}

void
rdt_scenario_volume_changed (RdtScenario *scenario)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  emit_changed (scenario, RDT_CHANGE_VOLUME, NULL, NULL, NULL);
}

gboolean
rdt_scenario_set_terrain_look (RdtScenario *scenario,
                               guint        index,
                               const char  *colour,
                               const char  *pattern)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);

  if (!rdt_volume_set_terrain_look (rdt_scenario_get_volume (scenario), index, colour, pattern))
    return FALSE;
  emit_changed (scenario, RDT_CHANGE_VOLUME, NULL, NULL, NULL);
  return TRUE;
}

/* Grid. */

RdtHexGrid *
rdt_scenario_get_grid (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return scenario->grid;
}

gboolean
rdt_scenario_set_grid_settings (RdtScenario           *scenario,
                                const RdtGridSettings *settings,
                                GError               **error)
{
  g_autoptr(RdtHexGrid) grid = NULL;
  GArray *terrain;
  guint n;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (settings != NULL, FALSE);

  if (rdt_grid_settings_equal (settings, rdt_hex_grid_get_settings (scenario->grid)))
    return TRUE;
  grid = rdt_hex_grid_new (settings, error);
  if (grid == NULL)
    return FALSE;

  /* Hexes keep their terrain by label. */
  n = rdt_hex_grid_get_n_hexes (grid);
  terrain = g_array_sized_new (FALSE, FALSE, sizeof (guint16), n);
  for (guint i = 0; i < n; i++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
      int old = rdt_hex_grid_hex_index (scenario->grid, hex);
      guint16 t = old >= 0 ? g_array_index (scenario->terrain, guint16, old)
                           : (guint16) scenario->default_terrain;
      g_array_append_val (terrain, t);
    }
  g_array_unref (scenario->terrain);
  scenario->terrain = terrain;
  rdt_hex_grid_unref (scenario->grid);
  scenario->grid = g_steal_pointer (&grid);
  g_array_set_size (scenario->hex_lines, 0);
  emit_changed (scenario, RDT_CHANGE_GRID, NULL, NULL, NULL);
  return TRUE;
}

/* Display labels (issue 17, rdt-hex-labels.h). */

const RdtHexLabelFormat *
rdt_scenario_get_hex_labels (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return scenario->hex_labels.present ? &scenario->hex_labels : NULL;
}

gboolean
rdt_scenario_set_hex_labels (RdtScenario             *scenario,
                             const RdtHexLabelFormat *format,
                             GError                 **error)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);

  if (format != NULL && !rdt_hex_label_format_check (format, error))
    return FALSE;
  if (rdt_hex_label_format_equal (format, rdt_scenario_get_hex_labels (scenario)))
    return TRUE;
  if (format != NULL && format->present)
    scenario->hex_labels = *format;
  else
    memset (&scenario->hex_labels, 0, sizeof scenario->hex_labels);
  emit_changed (scenario, RDT_CHANGE_GRID, NULL, NULL, NULL);
  return TRUE;
}

char *
rdt_scenario_dup_hex_label (RdtScenario *scenario,
                            RdtHex       hex)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return rdt_hex_label_format_print (rdt_scenario_get_hex_labels (scenario), scenario->grid, hex);
}

gboolean
rdt_scenario_parse_hex_label (RdtScenario *scenario,
                              const char  *text,
                              RdtHex      *out_hex,
                              GError     **error)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  return rdt_hex_label_format_parse (rdt_scenario_get_hex_labels (scenario), scenario->grid,
                                     text, out_hex, error);
}

/* Terrain. */

guint
rdt_scenario_get_default_terrain (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->default_terrain;
}

void
rdt_scenario_set_default_terrain (RdtScenario *scenario,
                                  guint        terrain)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_return_if_fail (terrain < rdt_volume_get_n_terrains (scenario->volume));

  if (scenario->default_terrain == terrain)
    return;
  /* Only what the file says changes: hexes keep their terrain. */
  scenario->default_terrain = terrain;
  emit_changed (scenario, RDT_CHANGE_INFO, NULL, NULL, NULL);
}

const guint16 *
rdt_scenario_get_terrain_array (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return (const guint16 *) scenario->terrain->data;
}

int
rdt_scenario_get_terrain (RdtScenario *scenario,
                          RdtHex       hex)
{
  int i;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), -1);
  i = rdt_hex_grid_hex_index (scenario->grid, hex);
  return i >= 0 ? g_array_index (scenario->terrain, guint16, i) : -1;
}

const RdtTerrainType *
rdt_scenario_get_terrain_type (RdtScenario *scenario,
                               RdtHex       hex)
{
  int t = rdt_scenario_get_terrain (scenario, hex);

  if (t < 0 || (guint) t >= rdt_volume_get_n_terrains (scenario->volume))
    return NULL;
  return rdt_volume_get_terrain (scenario->volume, t);
}

static gboolean
check_on_map (RdtScenario *scenario,
              RdtHex       hex,
              GError     **error)
{
  if (rdt_hex_grid_contains (scenario->grid, hex))
    return TRUE;
  g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_OFF_MAP,
               _("Hex %02d%02d is off the map"), hex.col, hex.row);
  return FALSE;
}

gboolean
rdt_scenario_set_terrain (RdtScenario *scenario,
                          RdtHex       hex,
                          guint        terrain,
                          guint       *out_old,
                          GError     **error)
{
  int i;
  guint16 *slot;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);

  if (!check_on_map (scenario, hex, error))
    return FALSE;
  if (terrain >= rdt_volume_get_n_terrains (scenario->volume))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_UNKNOWN_TYPE,
                   _("No terrain type %u in the volume"), terrain);
      return FALSE;
    }
  i = rdt_hex_grid_hex_index (scenario->grid, hex);
  slot = &g_array_index (scenario->terrain, guint16, i);
  if (out_old != NULL)
    *out_old = *slot;
  if (*slot == terrain)
    return TRUE;
  *slot = (guint16) terrain;
  emit_changed (scenario, RDT_CHANGE_TERRAIN, &hex, NULL, NULL);
  return TRUE;
}

GArray *
rdt_scenario_dup_terrain (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return g_array_copy (scenario->terrain);
}

gboolean
rdt_scenario_restore_terrain (RdtScenario *scenario,
                              GArray      *terrain)
{
  guint n_types;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (terrain != NULL, FALSE);

  if (terrain->len != scenario->terrain->len)
    return FALSE;
  n_types = rdt_volume_get_n_terrains (scenario->volume);
  for (guint i = 0; i < terrain->len; i++)
    if (g_array_index (terrain, guint16, i) >= n_types)
      return FALSE;
  memcpy (scenario->terrain->data, terrain->data, terrain->len * sizeof (guint16));
  emit_changed (scenario, RDT_CHANGE_GRID, NULL, NULL, NULL);
  return TRUE;
}

int
rdt_scenario_get_hex_line (RdtScenario *scenario,
                           RdtHex       hex)
{
  int i;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  i = rdt_hex_grid_hex_index (scenario->grid, hex);
  if (i < 0 || (guint) i >= scenario->hex_lines->len)
    return 0;
  return g_array_index (scenario->hex_lines, int, i);
}

void
_rdt_scenario_set_hex_line (RdtScenario *scenario,
                            RdtHex       hex,
                            int          line)
{
  int i = rdt_hex_grid_hex_index (scenario->grid, hex);

  if (i < 0)
    return;
  if ((guint) i >= scenario->hex_lines->len)
    {
      const RdtGridSettings *s = rdt_hex_grid_get_settings (scenario->grid);
      g_array_set_size (scenario->hex_lines, MAX ((guint) i + 1, (guint) s->columns * (guint) s->rows));
    }
  g_array_index (scenario->hex_lines, int, i) = line;
}

/* The loader's rdt_scenario_set_terrain(): @hex is on the map and @terrain
 * a terrain of the volume (checked by the caller); no signal, nobody holds
 * the scenario yet (issue 15: load time). */
void
_rdt_scenario_load_terrain (RdtScenario *scenario,
                            RdtHex       hex,
                            guint        terrain)
{
  int i = rdt_hex_grid_hex_index (scenario->grid, hex);

  g_return_if_fail (i >= 0 && terrain < rdt_volume_get_n_terrains (scenario->volume));
  g_array_index (scenario->terrain, guint16, i) = (guint16) terrain;
}

void
_rdt_scenario_set_line (RdtScenario *scenario,
                        const char  *what,
                        int          line)
{
  g_hash_table_insert (scenario->lines, g_strdup (what), GINT_TO_POINTER (line));
}

int
_rdt_scenario_get_line (RdtScenario *scenario,
                        const char  *what)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (scenario->lines, what));
}

/* Hexsides. */

void
rdt_hexside_features_init (RdtHexsideFeatures *features,
                           RdtHexside          side)
{
  memset (features, 0, sizeof *features);
  features->side = side;
  features->water = RDT_NO_TYPE;
  features->slope = RDT_NO_TYPE;
  features->fieldwork = RDT_NO_TYPE;
  features->road = RDT_NO_TYPE;
  features->other = RDT_NO_TYPE;
}

gboolean
rdt_hexside_features_is_empty (const RdtHexsideFeatures *f)
{
  return f->water < 0 && f->slope < 0 && f->fieldwork < 0 && f->road < 0 && f->other < 0;
}

gboolean
rdt_hexside_features_equal (const RdtHexsideFeatures *a,
                            const RdtHexsideFeatures *b)
{
  if (!rdt_hexside_equal (a->side, b->side) || a->water != b->water ||
      a->slope != b->slope || a->fieldwork != b->fieldwork || a->road != b->road ||
      a->other != b->other)
    return FALSE;
  if (a->slope >= 0 && (a->slope_high.col != b->slope_high.col ||
                        a->slope_high.row != b->slope_high.row))
    return FALSE;
  if (a->fieldwork >= 0 && (a->fieldwork_symbol.col != b->fieldwork_symbol.col ||
                            a->fieldwork_symbol.row != b->fieldwork_symbol.row ||
                            !a->breached != !b->breached))
    return FALSE;
  return TRUE;
}

int
rdt_hexside_features_get (const RdtHexsideFeatures *f,
                          RdtHexsideKind            kind)
{
  switch (kind)
    {
    case RDT_HEXSIDE_KIND_WATER: return f->water;
    case RDT_HEXSIDE_KIND_SLOPE: return f->slope;
    case RDT_HEXSIDE_KIND_FIELDWORK: return f->fieldwork;
    case RDT_HEXSIDE_KIND_ROAD: return f->road;
    case RDT_HEXSIDE_KIND_OTHER: return f->other;
    case RDT_N_HEXSIDE_KINDS:
    default: return RDT_NO_TYPE;
    }
}

const RdtHexsideFeatures *
rdt_scenario_get_hexside (RdtScenario *scenario,
                          RdtHexside   side)
{
  guint64 key;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  key = hexside_key (side);
  return g_hash_table_lookup (scenario->hexsides, &key);
}

void
_rdt_scenario_put_hexside (RdtScenario              *scenario,
                           const RdtHexsideFeatures *features)
{
  guint64 *key = g_new (guint64, 1);

  *key = hexside_key (features->side);
  g_hash_table_replace (scenario->hexsides, key, g_memdup2 (features, sizeof *features));
}

static gboolean
check_feature (RdtScenario    *scenario,
               int             type,
               RdtHexsideKind  kind,
               GError        **error)
{
  const RdtHexsideType *t;

  if (type < 0)
    return TRUE;
  if ((guint) type >= rdt_volume_get_n_hexside_types (scenario->volume))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_UNKNOWN_TYPE,
                   _("No hexside type %d in the volume"), type);
      return FALSE;
    }
  t = rdt_volume_get_hexside_type (scenario->volume, type);
  if (t->kind != kind)
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_UNKNOWN_TYPE,
                   _("Hexside type “%s” is a %s feature, not %s"), t->id,
                   rdt_hexside_kind_to_string (t->kind), rdt_hexside_kind_to_string (kind));
      return FALSE;
    }
  return TRUE;
}

gboolean
rdt_scenario_set_hexside (RdtScenario              *scenario,
                          const RdtHexsideFeatures *features,
                          RdtHexsideFeatures       *out_old,
                          GError                  **error)
{
  const RdtHexsideFeatures *old;
  RdtHexsideFeatures f;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (features != NULL, FALSE);

  f = *features;
  f.line = 0;
  /* Canonical pair order, whatever the caller passed. */
  if (!rdt_hex_grid_hexside (scenario->grid, f.side.a, f.side.b, &f.side, NULL))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_NOT_ADJACENT,
                   _("Hexes %02d%02d and %02d%02d are not adjacent"),
                   features->side.a.col, features->side.a.row,
                   features->side.b.col, features->side.b.row);
      return FALSE;
    }
  if (!check_on_map (scenario, f.side.a, error) || !check_on_map (scenario, f.side.b, error))
    return FALSE;
  if (!check_feature (scenario, f.water, RDT_HEXSIDE_KIND_WATER, error) ||
      !check_feature (scenario, f.slope, RDT_HEXSIDE_KIND_SLOPE, error) ||
      !check_feature (scenario, f.fieldwork, RDT_HEXSIDE_KIND_FIELDWORK, error) ||
      !check_feature (scenario, f.road, RDT_HEXSIDE_KIND_ROAD, error) ||
      !check_feature (scenario, f.other, RDT_HEXSIDE_KIND_OTHER, error))
    return FALSE;
  if (f.slope >= 0 && !rdt_hexside_has_hex (f.side, f.slope_high))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_INVALID,
                   _("The high side of a slope must be one of its two hexes"));
      return FALSE;
    }
  if (f.fieldwork >= 0 && !rdt_hexside_has_hex (f.side, f.fieldwork_symbol))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_INVALID,
                   _("The fieldworks symbol must be in one of the hexside’s two hexes"));
      return FALSE;
    }
  if (f.slope < 0)
    f.slope_high = (RdtHex) { 0, 0 };
  if (f.fieldwork < 0)
    {
      f.fieldwork_symbol = (RdtHex) { 0, 0 };
      f.breached = FALSE;
    }
  f.breached = !!f.breached;

  old = rdt_scenario_get_hexside (scenario, f.side);
  if (out_old != NULL)
    {
      if (old != NULL)
        *out_old = *old;
      else
        rdt_hexside_features_init (out_old, f.side);
    }
  if (old != NULL && rdt_hexside_features_equal (old, &f))
    return TRUE;
  if (old == NULL && rdt_hexside_features_is_empty (&f))
    return TRUE;
  if (rdt_hexside_features_is_empty (&f))
    {
      guint64 key = hexside_key (f.side);
      g_hash_table_remove (scenario->hexsides, &key);
    }
  else
    _rdt_scenario_put_hexside (scenario, &f);
  emit_changed (scenario, RDT_CHANGE_HEXSIDE, NULL, &f.side, NULL);
  return TRUE;
}

gboolean
rdt_scenario_remove_hexside (RdtScenario        *scenario,
                             RdtHexside          side,
                             RdtHexsideFeatures *out_old)
{
  const RdtHexsideFeatures *old;
  guint64 key;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);

  old = rdt_scenario_get_hexside (scenario, side);
  if (old == NULL)
    {
      if (out_old != NULL)
        rdt_hexside_features_init (out_old, side);
      return FALSE;
    }
  if (out_old != NULL)
    *out_old = *old;
  key = hexside_key (side);
  g_hash_table_remove (scenario->hexsides, &key);
  emit_changed (scenario, RDT_CHANGE_HEXSIDE, NULL, &side, NULL);
  return TRUE;
}

static int
compare_features (gconstpointer a,
                  gconstpointer b)
{
  return rdt_hexside_compare (((const RdtHexsideFeatures *) a)->side,
                              ((const RdtHexsideFeatures *) b)->side);
}

GArray *
rdt_scenario_dup_hexsides (RdtScenario *scenario)
{
  GArray *out;
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);

  out = g_array_sized_new (FALSE, FALSE, sizeof (RdtHexsideFeatures),
                           g_hash_table_size (scenario->hexsides));
  g_hash_table_iter_init (&iter, scenario->hexsides);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_array_append_vals (out, value, 1);
  g_array_sort (out, compare_features);
  return out;
}

/* TRUE when @ok holds for every hexside, in no particular order (the
 * validator's fast path, issue 15). */
gboolean
_rdt_scenario_all_hexsides (RdtScenario *scenario,
                            gboolean   (*ok) (const RdtHexsideFeatures *features,
                                              gpointer                  user_data),
                            gpointer     user_data)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, scenario->hexsides);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (!ok (value, user_data))
      return FALSE;
  return TRUE;
}

guint
rdt_scenario_get_n_hexsides (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return g_hash_table_size (scenario->hexsides);
}

/* Locations. */

guint
rdt_scenario_get_n_locations (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->locations->len;
}

const RdtLocation *
rdt_scenario_get_location (RdtScenario *scenario,
                           guint        index)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (index < scenario->locations->len, NULL);
  return g_ptr_array_index (scenario->locations, index);
}

static gpointer
hex_key (RdtHex hex)
{
  return GUINT_TO_POINTER (((guint) (guint16) hex.col << 16) | (guint16) hex.row);
}

static RdtLocation *
find_location (RdtScenario *scenario,
               RdtHex       hex)
{
  return g_hash_table_lookup (scenario->location_hexes, hex_key (hex));
}

const char *
rdt_scenario_get_location_name (RdtScenario *scenario,
                                RdtHex       hex)
{
  RdtLocation *l;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  l = find_location (scenario, hex);
  return l != NULL ? l->name : NULL;
}

static int
compare_hex (RdtHex a,
             RdtHex b)
{
  if (a.col != b.col)
    return a.col < b.col ? -1 : 1;
  if (a.row != b.row)
    return a.row < b.row ? -1 : 1;
  return 0;
}

static int
compare_locations (gconstpointer a,
                   gconstpointer b)
{
  const RdtLocation *la = *(RdtLocation *const *) a;
  const RdtLocation *lb = *(RdtLocation *const *) b;
  return compare_hex (la->hex, lb->hex);
}

/* The loader appends in file order and sorts once at the end
 * (_rdt_scenario_finish_load), so a large file loads in n log n. */
void
_rdt_scenario_take_location (RdtScenario *scenario,
                             RdtLocation *location)
{
  g_ptr_array_add (scenario->locations, location);
  if (!g_hash_table_contains (scenario->location_hexes, hex_key (location->hex)))
    g_hash_table_insert (scenario->location_hexes, hex_key (location->hex), location);
}

void
_rdt_scenario_finish_load (RdtScenario *scenario)
{
  g_ptr_array_sort (scenario->locations, compare_locations);
}

void
rdt_scenario_set_location (RdtScenario *scenario,
                           RdtHex       hex,
                           const char  *name,
                           char       **out_old_name)
{
  RdtLocation *l;

  g_return_if_fail (RDT_IS_SCENARIO (scenario));

  l = find_location (scenario, hex);
  if (out_old_name != NULL)
    *out_old_name = l != NULL ? g_strdup (l->name) : NULL;
  if (name == NULL)
    {
      if (l == NULL)
        return;
      g_hash_table_remove (scenario->location_hexes, hex_key (hex));
      g_ptr_array_remove (scenario->locations, l);
      /* A duplicate the loader kept (reported as an error) takes over. */
      for (guint i = 0; i < scenario->locations->len; i++)
        {
          RdtLocation *other = g_ptr_array_index (scenario->locations, i);
          if (other->hex.col == hex.col && other->hex.row == hex.row)
            {
              g_hash_table_insert (scenario->location_hexes, hex_key (hex), other);
              break;
            }
        }
    }
  else if (l != NULL)
    {
      if (g_strcmp0 (l->name, name) == 0)
        return;
      g_free (l->name);
      l->name = g_strdup (name);
    }
  else
    {
      l = g_new0 (RdtLocation, 1);
      l->hex = hex;
      l->name = g_strdup (name);
      _rdt_scenario_take_location (scenario, l);
      g_ptr_array_sort (scenario->locations, compare_locations);
    }
  emit_changed (scenario, RDT_CHANGE_LOCATION, &hex, NULL, NULL);
}

/* Entry hexes. */

guint
rdt_scenario_get_n_entries (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->entries->len;
}

const RdtEntryHex *
rdt_scenario_get_entry (RdtScenario *scenario,
                        guint        index)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (index < scenario->entries->len, NULL);
  return g_ptr_array_index (scenario->entries, index);
}

static void
reindex (GHashTable *ids,
         GPtrArray  *items,
         const char *id)
{
  /* After removing an item: point the id at the first remaining item that has
   * it (duplicates are kept by the loader and reported by the validator). */
  g_hash_table_remove (ids, id);
  for (guint i = 0; i < items->len; i++)
    {
      const char *const *item = g_ptr_array_index (items, i);
      if (g_strcmp0 (*item, id) == 0)
        {
          g_hash_table_insert (ids, (gpointer) *item, (gpointer) item);
          break;
        }
    }
}

const RdtEntryHex *
rdt_scenario_find_entry (RdtScenario *scenario,
                         const char  *id)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return id != NULL ? g_hash_table_lookup (scenario->entry_ids, id) : NULL;
}

void
_rdt_scenario_take_entry (RdtScenario *scenario,
                          RdtEntryHex *entry)
{
  g_ptr_array_add (scenario->entries, entry);
  if (!g_hash_table_contains (scenario->entry_ids, entry->id))
    g_hash_table_insert (scenario->entry_ids, entry->id, entry);
}

gboolean
rdt_scenario_set_entry (RdtScenario  *scenario,
                        const char   *id,
                        const RdtHex *hex,
                        RdtHex       *out_old_hex)
{
  RdtEntryHex *e;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  e = g_hash_table_lookup (scenario->entry_ids, id);
  if (e != NULL && out_old_hex != NULL)
    *out_old_hex = e->hex;
  if (hex == NULL)
    {
      if (e != NULL)
        {
          g_autofree char *removed = g_strdup (e->id);
          /* The hash's key is e->id: unhash before freeing e. */
          g_hash_table_remove (scenario->entry_ids, removed);
          g_ptr_array_remove (scenario->entries, e);
          reindex (scenario->entry_ids, scenario->entries, removed);
          emit_changed (scenario, RDT_CHANGE_ENTRY, NULL, NULL, removed);
        }
    }
  else if (e != NULL)
    {
      if (e->hex.col != hex->col || e->hex.row != hex->row)
        {
          e->hex = *hex;
          emit_changed (scenario, RDT_CHANGE_ENTRY, hex, NULL, id);
        }
    }
  else
    {
      RdtEntryHex *n = g_new0 (RdtEntryHex, 1);
      n->id = g_strdup (id);
      n->hex = *hex;
      _rdt_scenario_take_entry (scenario, n);
      emit_changed (scenario, RDT_CHANGE_ENTRY, hex, NULL, id);
    }
  return e != NULL;
}

/* Areas. */

guint
rdt_scenario_get_n_areas (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->areas->len;
}

const RdtArea *
rdt_scenario_get_area (RdtScenario *scenario,
                       guint        index)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (index < scenario->areas->len, NULL);
  return g_ptr_array_index (scenario->areas, index);
}

static int
find_area (RdtScenario *scenario,
           const char  *id)
{
  RdtArea *area = id != NULL ? g_hash_table_lookup (scenario->area_ids, id) : NULL;
  guint i;

  if (area != NULL && g_ptr_array_find (scenario->areas, area, &i))
    return (int) i;
  return -1;
}

const RdtArea *
rdt_scenario_find_area (RdtScenario *scenario,
                        const char  *id)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return id != NULL ? g_hash_table_lookup (scenario->area_ids, id) : NULL;
}

/* Areas keep their hexes sorted by (col, row), so lookups are binary searches and
 * the canonical writer needs no sort. */
static gboolean
area_search (const RdtArea *area,
             RdtHex         hex,
             guint         *out_pos)
{
  guint lo = 0, hi = area->hexes->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      int c = compare_hex (g_array_index (area->hexes, RdtHex, mid), hex);
      if (c == 0)
        {
          *out_pos = mid;
          return TRUE;
        }
      if (c < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  *out_pos = lo;
  return FALSE;
}

gboolean
rdt_scenario_area_contains (const RdtArea *area,
                            RdtHex         hex)
{
  guint pos;

  g_return_val_if_fail (area != NULL, FALSE);
  return area_search (area, hex, &pos);
}

void
_rdt_scenario_take_area (RdtScenario *scenario,
                         RdtArea     *area)
{
  g_ptr_array_add (scenario->areas, area);
  if (!g_hash_table_contains (scenario->area_ids, area->id))
    g_hash_table_insert (scenario->area_ids, area->id, area);
}

gboolean
rdt_scenario_add_area (RdtScenario *scenario,
                       const char  *id,
                       const char  *name,
                       GError     **error)
{
  RdtArea *area;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  area = g_new0 (RdtArea, 1);
  area->id = g_strdup (id);
  area->name = g_strdup (name != NULL ? name : id);
  area->hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  return rdt_scenario_insert_area (scenario, area, -1, error);
}

gboolean
rdt_scenario_insert_area (RdtScenario *scenario,
                          RdtArea     *area,
                          int          position,
                          GError     **error)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (find_area (scenario, area->id) >= 0)
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_DUPLICATE_ID,
                   _("There is already an area “%s”"), area->id);
      rdt_area_free (area);
      return FALSE;
    }
  if (area->hexes == NULL)
    area->hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  if (position < 0 || (guint) position > scenario->areas->len)
    position = scenario->areas->len;
  g_ptr_array_insert (scenario->areas, position, area);
  g_hash_table_insert (scenario->area_ids, area->id, area);
  emit_changed (scenario, RDT_CHANGE_AREA, NULL, NULL, area->id);
  return TRUE;
}

RdtArea *
rdt_scenario_remove_area (RdtScenario *scenario,
                          const char  *id,
                          guint       *out_position)
{
  int i;
  RdtArea *area;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);

  i = find_area (scenario, id);
  if (i < 0)
    return NULL;
  area = g_ptr_array_steal_index (scenario->areas, i);
  reindex (scenario->area_ids, scenario->areas, area->id);
  if (out_position != NULL)
    *out_position = (guint) i;
  emit_changed (scenario, RDT_CHANGE_AREA, NULL, NULL, area->id);
  return area;
}

gboolean
rdt_scenario_rename_area (RdtScenario *scenario,
                          const char  *id,
                          const char  *new_name,
                          char       **out_old_name)
{
  int i;
  RdtArea *area;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (new_name != NULL, FALSE);

  i = find_area (scenario, id);
  if (i < 0)
    return FALSE;
  area = g_ptr_array_index (scenario->areas, i);
  if (out_old_name != NULL)
    *out_old_name = g_strdup (area->name);
  if (g_strcmp0 (area->name, new_name) != 0)
    {
      g_free (area->name);
      area->name = g_strdup (new_name);
      emit_changed (scenario, RDT_CHANGE_AREA, NULL, NULL, area->id);
    }
  return TRUE;
}

gboolean
rdt_scenario_set_area_hex (RdtScenario *scenario,
                           const char  *id,
                           RdtHex       hex,
                           gboolean     in_area)
{
  int i;
  RdtArea *area;
  guint pos;
  gboolean was_in;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);

  i = find_area (scenario, id);
  g_return_val_if_fail (i >= 0, FALSE);
  area = g_ptr_array_index (scenario->areas, i);
  was_in = area_search (area, hex, &pos);
  if (was_in == !!in_area)
    return was_in;
  if (in_area)
    g_array_insert_val (area->hexes, pos, hex);
  else
    g_array_remove_index (area->hexes, pos);
  emit_changed (scenario, RDT_CHANGE_AREA, &hex, NULL, area->id);
  return was_in;
}

/* Underlay. */

const RdtUnderlay *
rdt_scenario_get_underlay (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return &scenario->underlay;
}

void
rdt_scenario_set_underlay (RdtScenario       *scenario,
                           const RdtUnderlay *underlay,
                           RdtUnderlay       *out_old)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));

  if (out_old != NULL)
    {
      *out_old = scenario->underlay;
      out_old->href = g_strdup (scenario->underlay.href);
    }
  rdt_underlay_clear (&scenario->underlay);
  if (underlay != NULL && underlay->present)
    {
      scenario->underlay = *underlay;
      scenario->underlay.href = g_strdup (underlay->href);
    }
  emit_changed (scenario, RDT_CHANGE_UNDERLAY, NULL, NULL, NULL);
}

/* Sides. */

guint
rdt_scenario_get_n_sides (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->sides->len;
}

const RdtSide *
rdt_scenario_get_side (RdtScenario *scenario,
                       guint        index)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (index < scenario->sides->len, NULL);
  return g_ptr_array_index (scenario->sides, index);
}

int
rdt_scenario_find_side (RdtScenario *scenario,
                        const char  *id)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), -1);
  if (id == NULL)
    return -1;
  return GPOINTER_TO_INT (g_hash_table_lookup (scenario->side_ids, id)) - 1;
}

int
rdt_scenario_add_side (RdtScenario *scenario,
                       const char  *id,
                       const char  *name,
                       int          army_morale,
                       int          momentum,
                       GError     **error)
{
  RdtSide *side;
  int line = 0;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), -1);
  g_return_val_if_fail (id != NULL, -1);

  if (rdt_scenario_find_side (scenario, id) >= 0)
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_DUPLICATE_ID,
                   _("There is already a side “%s”"), id);
      return -1;
    }
  side = g_new0 (RdtSide, 1);
  side->id = g_strdup (id);
  side->name = g_strdup (name != NULL ? name : id);
  side->army_morale = army_morale;
  side->momentum = momentum;
  g_ptr_array_add (scenario->sides, side);
  g_hash_table_insert (scenario->side_ids, side->id, GINT_TO_POINTER (scenario->sides->len));
  g_array_append_val (scenario->side_lines, line);
  emit_changed (scenario, RDT_CHANGE_SIDE, NULL, NULL, side->id);
  return (int) scenario->sides->len - 1;
}

const char *
rdt_side_get_player (const RdtSide *side)
{
  g_return_val_if_fail (side != NULL, NULL);
  return side->player != NULL ? side->player : side->id;
}

void
rdt_scenario_set_side_player (RdtScenario *scenario,
                              guint        index,
                              const char  *player)
{
  RdtSide *side;

  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_return_if_fail (index < scenario->sides->len);

  side = g_ptr_array_index (scenario->sides, index);
  if (player != NULL && g_str_equal (player, side->id))
    player = NULL;
  if (g_strcmp0 (side->player, player) == 0)
    return;
  g_free (side->player);
  side->player = g_strdup (player);
  emit_changed (scenario, RDT_CHANGE_SIDE, NULL, NULL, side->id);
}

void
rdt_scenario_set_side_retreat (RdtScenario        *scenario,
                               guint               index,
                               RdtSideRetreatKind  kind,
                               RdtHex              hex,
                               const char         *directions,
                               double              north,
                               const char         *rule,
                               gboolean            provisional)
{
  RdtSide *side;
  char *old_directions, *old_rule;

  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_return_if_fail (index < scenario->sides->len);

  side = g_ptr_array_index (scenario->sides, index);
  old_directions = side->retreat_directions;
  old_rule = side->retreat_rule;
  side->retreat = kind;
  side->retreat_hex = kind == RDT_SIDE_RETREAT_HEX ? hex : (RdtHex) { 0, 0 };
  side->retreat_directions = kind == RDT_SIDE_RETREAT_DIRECTIONS ? g_strdup (directions) : NULL;
  side->retreat_north = kind == RDT_SIDE_RETREAT_DIRECTIONS ? north : 0;
  side->retreat_rule = kind != RDT_SIDE_RETREAT_NONE ? g_strdup (rule) : NULL;
  side->retreat_provisional = kind != RDT_SIDE_RETREAT_NONE && provisional;
  g_free (old_directions);
  g_free (old_rule);
  emit_changed (scenario, RDT_CHANGE_SIDE, NULL, NULL, side->id);
}

gboolean
rdt_scenario_sides_are_enemies (RdtScenario *scenario,
                                int          a,
                                int          b)
{
  guint n;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  n = scenario->sides->len;
  if (a == b || a < 0 || b < 0 || (guint) a >= n || (guint) b >= n)
    return a != b;
  return !g_str_equal (rdt_side_get_player (g_ptr_array_index (scenario->sides, a)),
                       rdt_side_get_player (g_ptr_array_index (scenario->sides, b)));
}

guint
rdt_scenario_get_n_players (RdtScenario *scenario)
{
  guint n = 0;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < i && !seen; j++)
        seen = !rdt_scenario_sides_are_enemies (scenario, (int) i, (int) j);
      n += !seen;
    }
  return n;
}

void
_rdt_scenario_set_side_line (RdtScenario *scenario,
                             guint        index,
                             int          line)
{
  if (index < scenario->side_lines->len)
    g_array_index (scenario->side_lines, int, index) = line;
}

int
_rdt_scenario_get_side_line (RdtScenario *scenario,
                             guint        index)
{
  return index < scenario->side_lines->len ? g_array_index (scenario->side_lines, int, index) : 0;
}

/* Turns. */

int
rdt_scenario_get_n_turns (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->n_turns;
}

int
rdt_scenario_get_first_turn (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->first_turn;
}

int
rdt_scenario_get_first_player (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), -1);
  return scenario->first_player;
}

const char *
rdt_scenario_get_player_order (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return scenario->player_order;
}

void
rdt_scenario_set_turns (RdtScenario *scenario,
                        int          first_turn,
                        int          n_turns,
                        int          first_player,
                        const char  *player_order)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));

  scenario->first_turn = first_turn;
  scenario->n_turns = n_turns;
  scenario->first_player = first_player;
  {
    /* @player_order may be the string it replaces (the getter's). */
    char *old = scenario->player_order;

    scenario->player_order = g_strdup (player_order);
    g_free (old);
  }
  emit_changed (scenario, RDT_CHANGE_INFO, NULL, NULL, NULL);
}

/* Units. */

guint
rdt_scenario_get_n_units (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->units->len;
}

RdtUnit *
rdt_scenario_get_unit (RdtScenario *scenario,
                       guint        index)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (index < scenario->units->len, NULL);
  return g_ptr_array_index (scenario->units, index);
}

RdtUnit *
rdt_scenario_find_unit (RdtScenario *scenario,
                        const char  *id)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return id != NULL ? g_hash_table_lookup (scenario->unit_ids, id) : NULL;
}

int
rdt_scenario_find_unit_index (RdtScenario *scenario,
                              const char  *id)
{
  RdtUnit *unit;
  guint i;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), -1);
  unit = rdt_scenario_find_unit (scenario, id);
  if (unit != NULL && g_ptr_array_find (scenario->units, unit, &i))
    return (int) i;
  return -1;
}

void
_rdt_scenario_take_unit (RdtScenario *scenario,
                         RdtUnit     *unit)
{
  g_ptr_array_add (scenario->units, unit);
  /* The first of duplicate ids wins lookups; the validator reports the rest. */
  if (!g_hash_table_contains (scenario->unit_ids, unit->id))
    g_hash_table_insert (scenario->unit_ids, unit->id, unit);
}

gboolean
rdt_scenario_add_unit (RdtScenario *scenario,
                       RdtUnit     *unit,
                       int          position,
                       GError     **error)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (unit != NULL && unit->id != NULL, FALSE);

  if (g_hash_table_contains (scenario->unit_ids, unit->id))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_DUPLICATE_ID,
                   _("There is already a unit “%s”"), unit->id);
      rdt_unit_free (unit);
      return FALSE;
    }
  if (position < 0 || (guint) position > scenario->units->len)
    position = scenario->units->len;
  g_ptr_array_insert (scenario->units, position, unit);
  g_hash_table_insert (scenario->unit_ids, unit->id, unit);
  emit_changed (scenario, RDT_CHANGE_UNIT_ADDED,
                unit->placement.kind == RDT_PLACEMENT_HEX ? &unit->placement.hex : NULL,
                NULL, unit->id);
  return TRUE;
}

static void
reindex_unit_id (RdtScenario *scenario,
                 const char  *id)
{
  /* After removing or renaming: point the id at the first unit that has it. */
  g_hash_table_remove (scenario->unit_ids, id);
  for (guint i = 0; i < scenario->units->len; i++)
    {
      RdtUnit *u = g_ptr_array_index (scenario->units, i);
      if (g_strcmp0 (u->id, id) == 0)
        {
          g_hash_table_insert (scenario->unit_ids, u->id, u);
          break;
        }
    }
}

RdtUnit *
rdt_scenario_remove_unit (RdtScenario *scenario,
                          const char  *id,
                          guint       *out_position)
{
  int i;
  RdtUnit *unit;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);

  i = rdt_scenario_find_unit_index (scenario, id);
  if (i < 0)
    return NULL;
  unit = g_ptr_array_steal_index (scenario->units, i);
  reindex_unit_id (scenario, unit->id);
  if (out_position != NULL)
    *out_position = (guint) i;
  emit_changed (scenario, RDT_CHANGE_UNIT_REMOVED,
                unit->placement.kind == RDT_PLACEMENT_HEX ? &unit->placement.hex : NULL,
                NULL, unit->id);
  return unit;
}

static RdtUnit *
lookup_unit (RdtScenario *scenario,
             const char  *id,
             GError     **error)
{
  RdtUnit *unit = rdt_scenario_find_unit (scenario, id);

  if (unit == NULL)
    g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_NOT_FOUND,
                 _("No unit “%s”"), id);
  return unit;
}

gboolean
rdt_scenario_move_unit (RdtScenario        *scenario,
                        const char         *id,
                        const RdtPlacement *placement,
                        RdtPlacement       *out_old,
                        GError            **error)
{
  RdtUnit *unit;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (placement != NULL, FALSE);

  unit = lookup_unit (scenario, id, error);
  if (unit == NULL)
    return FALSE;
  if (placement->kind == RDT_PLACEMENT_HEX && !check_on_map (scenario, placement->hex, error))
    return FALSE;
  if (out_old != NULL)
    rdt_placement_copy (&unit->placement, out_old);
  if (rdt_placement_equal (&unit->placement, placement))
    return TRUE;
  rdt_placement_clear (&unit->placement);
  rdt_placement_copy (placement, &unit->placement);
  emit_changed (scenario, RDT_CHANGE_UNIT_MOVED,
                placement->kind == RDT_PLACEMENT_HEX ? &placement->hex : NULL, NULL, unit->id);
  return TRUE;
}

int
rdt_scenario_set_unit_step (RdtScenario *scenario,
                            const char  *id,
                            int          step,
                            GError     **error)
{
  RdtUnit *unit;
  int old;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), -1);

  unit = lookup_unit (scenario, id, error);
  if (unit == NULL)
    return -1;
  if (step < 0 || (guint) step >= unit->steps->len)
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_INVALID,
                   _("Unit “%s” has no step %d (it has %u)"), id, step + 1, unit->steps->len);
      return -1;
    }
  old = unit->step;
  if (old != step)
    {
      unit->step = step;
      emit_changed (scenario, RDT_CHANGE_UNIT_CHANGED, NULL, NULL, unit->id);
    }
  return old;
}

gboolean
rdt_scenario_set_unit_status (RdtScenario   *scenario,
                              const char    *id,
                              RdtUnitStatus  status,
                              RdtUnitStatus *out_old,
                              GError       **error)
{
  RdtUnit *unit;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);

  unit = lookup_unit (scenario, id, error);
  if (unit == NULL)
    return FALSE;
  if (out_old != NULL)
    *out_old = unit->status;
  if (unit->status != status)
    {
      unit->status = status;
      emit_changed (scenario, RDT_CHANGE_UNIT_CHANGED, NULL, NULL, unit->id);
    }
  return TRUE;
}

gboolean
rdt_scenario_replace_unit (RdtScenario   *scenario,
                           const char    *id,
                           const RdtUnit *unit,
                           RdtUnit      **out_old,
                           GError       **error)
{
  int i;
  RdtUnit *old;
  g_autofree char *old_id = NULL;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (unit != NULL && unit->id != NULL, FALSE);

  i = rdt_scenario_find_unit_index (scenario, id);
  if (i < 0)
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_NOT_FOUND,
                   _("No unit “%s”"), id);
      return FALSE;
    }
  if (g_strcmp0 (id, unit->id) != 0 && g_hash_table_contains (scenario->unit_ids, unit->id))
    {
      g_set_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_DUPLICATE_ID,
                   _("There is already a unit “%s”"), unit->id);
      return FALSE;
    }
  old = g_ptr_array_index (scenario->units, i);
  old_id = g_strdup (old->id);
  g_ptr_array_index (scenario->units, i) = rdt_unit_copy (unit);
  reindex_unit_id (scenario, old_id);
  reindex_unit_id (scenario, unit->id);
  if (out_old != NULL)
    *out_old = old;
  else
    rdt_unit_free (old);
  emit_changed (scenario, RDT_CHANGE_UNIT_CHANGED, NULL, NULL, unit->id);
  return TRUE;
}

GPtrArray *
rdt_scenario_units_in_hex (RdtScenario *scenario,
                           RdtHex       hex)
{
  GPtrArray *out = g_ptr_array_new ();

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), out);

  for (guint i = 0; i < scenario->units->len; i++)
    {
      RdtUnit *u = g_ptr_array_index (scenario->units, i);
      if (u->placement.kind == RDT_PLACEMENT_HEX &&
          u->placement.hex.col == hex.col && u->placement.hex.row == hex.row)
        g_ptr_array_add (out, u);
    }
  return out;
}

/* Victory. */

guint
rdt_scenario_get_n_objectives (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->objectives->len;
}

const RdtObjective *
rdt_scenario_get_objective (RdtScenario *scenario,
                            guint        index)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (index < scenario->objectives->len, NULL);
  return g_ptr_array_index (scenario->objectives, index);
}

void
rdt_scenario_add_objective (RdtScenario *scenario,
                            RdtHex       hex,
                            int          side,
                            int          vp,
                            const char  *when)
{
  RdtObjective *o;

  g_return_if_fail (RDT_IS_SCENARIO (scenario));

  o = g_new0 (RdtObjective, 1);
  o->hex = hex;
  o->side = side;
  o->vp = vp;
  o->when = g_strdup (when != NULL ? when : "end");
  g_ptr_array_add (scenario->objectives, o);
  emit_changed (scenario, RDT_CHANGE_INFO, &hex, NULL, NULL);
}

guint
rdt_scenario_get_n_victory_conditions (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->conditions->len;
}

const RdtVictoryCondition *
rdt_scenario_get_victory_condition (RdtScenario *scenario,
                                    guint        index)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (index < scenario->conditions->len, NULL);
  return g_ptr_array_index (scenario->conditions, index);
}

void
rdt_scenario_add_victory_condition (RdtScenario *scenario,
                                    int          side,
                                    const char  *level,
                                    int          margin)
{
  RdtVictoryCondition *c;

  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_return_if_fail (level != NULL);

  c = g_new0 (RdtVictoryCondition, 1);
  c->side = side;
  c->level = g_strdup (level);
  c->margin = margin;
  g_ptr_array_add (scenario->conditions, c);
  emit_changed (scenario, RDT_CHANGE_INFO, NULL, NULL, NULL);
}

GPtrArray *
rdt_scenario_get_notes (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  return scenario->notes;
}

/* ---------------------------------------- initiative by turn (issue 13) */

guint
rdt_scenario_get_n_turn_initiatives (RdtScenario *scenario)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), 0);
  return scenario->turn_initiatives->len;
}

const RdtTurnInitiative *
rdt_scenario_get_turn_initiative (RdtScenario *scenario,
                                  guint        index)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (index < scenario->turn_initiatives->len, NULL);
  return g_ptr_array_index (scenario->turn_initiatives, index);
}

void
rdt_scenario_add_turn_initiative (RdtScenario             *scenario,
                                  const RdtTurnInitiative *initiative)
{
  RdtTurnInitiative *t;

  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_return_if_fail (initiative != NULL);

  t = g_new (RdtTurnInitiative, 1);
  *t = *initiative;
  t->rule = g_strdup (initiative->rule);
  g_ptr_array_add (scenario->turn_initiatives, t);
  emit_changed (scenario, RDT_CHANGE_INFO, NULL, NULL, NULL);
}

void
rdt_scenario_clear_turn_initiatives (RdtScenario *scenario)
{
  g_return_if_fail (RDT_IS_SCENARIO (scenario));

  g_ptr_array_set_size (scenario->turn_initiatives, 0);
  emit_changed (scenario, RDT_CHANGE_INFO, NULL, NULL, NULL);
}
