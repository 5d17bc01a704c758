#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>

#include "redoubt-core.h"
#include "rdt-movement.h"

/* The bundled volumes and scenarios (issue 8) against the rulebook text
 * (../shared/rules): every file loads, validates with provisional-value
 * warnings only, and round-trips byte for byte; each scenario's set-up facts
 * are checked with the rule number in the test path; area deployments
 * (Brandywine 7.1.1.5) have a legal hex for every unit; the map facts the
 * rulebooks fix (the Brandywine Creek line through its fords, Germantown 3.2.1
 * example, Savannah's named hexes) hold. */

static const char *bundled_scenarios[] = {
  "brandywine", "brandywine-knyphausens-feint", "brandywine-howes-flank-attack",
  "brandywine-short-campaign", "germantown", "savannah-historical", "savannah-campaign",
};

static const char *bundled_volumes[] = { "brandywine", "germantown", "savannah" };

static char *
source_path (const char *dir,
             const char *name,
             const char *suffix)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *file = g_strconcat (name, suffix, NULL);

  if (root == NULL)
    return g_test_build_filename (G_TEST_DIST, "..", dir, file, NULL);
  return g_build_filename (root, dir, file, NULL);
}

static RdtScenario *
load (const char *name)
{
  g_autofree char *path = source_path ("scenarios", name, ".redoubt");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  RdtScenario *scenario = rdt_scenario_load_from_file (path, diagnostics, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static RdtHex
hex (RdtScenario *scenario,
     const char  *label)
{
  g_autoptr(GError) error = NULL;
  RdtHex h;

  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (scenario), label, &h, &error));
  g_assert_no_error (error);
  return h;
}

static RdtUnit *
unit (RdtScenario *scenario,
      const char  *id)
{
  RdtUnit *u = rdt_scenario_find_unit (scenario, id);

  if (u == NULL)
    g_error ("no unit “%s” in %s", id, rdt_scenario_get_id (scenario));
  return u;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The ids of the units set up in @label, sorted, space separated. */
static char *
units_in (RdtScenario *scenario,
          const char  *label)
{
  g_autoptr(GPtrArray) in = rdt_scenario_units_in_hex (scenario, hex (scenario, label));
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < in->len; i++)
    g_ptr_array_add (ids, ((RdtUnit *) in->pdata[i])->id);
  g_ptr_array_sort (ids, compare_strings);
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (" ", (char **) ids->pdata);
}

/* @expected: ids in any order. */
static void
assert_stack (RdtScenario *scenario,
              const char  *label,
              const char  *expected)
{
  g_auto(GStrv) parts = g_strsplit (expected, " ", -1);
  g_autofree char *sorted = NULL;
  g_autofree char *got = units_in (scenario, label);
  guint n = g_strv_length (parts);

  for (guint i = 0; i + 1 < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (strcmp (parts[i], parts[j]) > 0)
        {
          char *t = parts[i];
          parts[i] = parts[j];
          parts[j] = t;
        }
  sorted = g_strjoinv (" ", parts);
  g_assert_cmpstr (got, ==, sorted);
}

static void
assert_setup_hex (RdtScenario *scenario,
                  const char  *id,
                  const char  *label)
{
  RdtUnit *u = unit (scenario, id);
  RdtHex h = hex (scenario, label);

  g_assert_cmpint (u->placement.kind, ==, RDT_PLACEMENT_HEX);
  g_assert_cmpint (u->placement.hex.col, ==, h.col);
  g_assert_cmpint (u->placement.hex.row, ==, h.row);
}

static void
assert_setup_area (RdtScenario *scenario,
                   const char  *id,
                   const char  *area)
{
  RdtUnit *u = unit (scenario, id);

  g_assert_cmpint (u->placement.kind, ==, RDT_PLACEMENT_AREA);
  g_assert_cmpstr (u->placement.area, ==, area);
}

/* Arrives on @turn at the entry hex @label (whatever its id). */
static void
assert_arrive (RdtScenario *scenario,
               const char  *id,
               int          turn,
               const char  *label)
{
  RdtUnit *u = unit (scenario, id);
  const RdtEntryHex *entry;
  RdtHex h = hex (scenario, label);

  g_assert_cmpint (u->placement.kind, ==, RDT_PLACEMENT_ENTRY);
  g_assert_cmpint (u->placement.turn, ==, turn);
  entry = rdt_scenario_find_entry (scenario, u->placement.entry);
  g_assert_nonnull (entry);
  g_assert_cmpint (entry->hex.col, ==, h.col);
  g_assert_cmpint (entry->hex.row, ==, h.row);
}

static void
assert_unused (RdtScenario *scenario,
               const char  *id)
{
  g_assert_cmpint (unit (scenario, id)->placement.kind, ==, RDT_PLACEMENT_UNUSED);
}

static void
assert_side (RdtScenario *scenario,
             const char  *id,
             int          army_morale,
             int          momentum)
{
  int i = rdt_scenario_find_side (scenario, id);
  const RdtSide *side;

  g_assert_cmpint (i, >=, 0);
  side = rdt_scenario_get_side (scenario, i);
  g_assert_cmpint (side->army_morale, ==, army_morale);
  if (momentum >= 0)
    g_assert_cmpint (side->momentum == -1 ? 0 : side->momentum, ==, momentum);
}

static void
assert_turns (RdtScenario *scenario,
              int          first,
              int          last,
              const char  *first_player)
{
  int fp = rdt_scenario_get_first_player (scenario);

  g_assert_cmpint (rdt_scenario_get_first_turn (scenario), ==, first);
  g_assert_cmpint (rdt_scenario_get_first_turn (scenario) + rdt_scenario_get_n_turns (scenario) - 1, ==, last);
  if (first_player == NULL)
    g_assert_cmpint (fp, ==, -1);
  else
    g_assert_cmpstr (rdt_scenario_get_side (scenario, fp)->id, ==, first_player);
}

static const RdtHexsideFeatures *
hexside (RdtScenario *scenario,
         const char  *text)
{
  g_autoptr(GError) error = NULL;
  RdtHexside side;

  g_assert_true (rdt_hex_grid_parse_hexside (rdt_scenario_get_grid (scenario), text, &side, &error));
  return rdt_scenario_get_hexside (scenario, side);
}

/* The id of the feature of @kind on a hexside, or NULL. */
static const char *
hexside_type (RdtScenario    *scenario,
              const char     *text,
              RdtHexsideKind  kind)
{
  const RdtHexsideFeatures *f = hexside (scenario, text);
  int t;

  if (f == NULL)
    return NULL;
  t = rdt_hexside_features_get (f, kind);
  if (t == RDT_NO_TYPE)
    return NULL;
  return rdt_volume_get_hexside_type (rdt_scenario_get_volume (scenario), t)->id;
}

static const char *
terrain_id (RdtScenario *scenario,
            const char  *label)
{
  return rdt_scenario_get_terrain_type (scenario, hex (scenario, label))->id;
}

static const RdtArea *
area (RdtScenario *scenario,
      const char  *id)
{
  const RdtArea *a = rdt_scenario_find_area (scenario, id);

  if (a == NULL)
    g_error ("no area “%s” in %s", id, rdt_scenario_get_id (scenario));
  return a;
}

/* The area holds exactly the hexes of @labels. */
static void
assert_area_exactly (RdtScenario *scenario,
                     const char  *id,
                     const char  *labels)
{
  const RdtArea *a = area (scenario, id);
  g_auto(GStrv) parts = g_strsplit (labels, " ", -1);

  g_assert_cmpuint (a->hexes->len, ==, g_strv_length (parts));
  for (guint i = 0; parts[i] != NULL; i++)
    g_assert_true (rdt_scenario_area_contains (a, hex (scenario, parts[i])));
}

static const char *
location_name (RdtScenario *scenario,
               const char  *label)
{
  return rdt_scenario_get_location_name (scenario, hex (scenario, label));
}

static void
assert_entry (RdtScenario *scenario,
              const char  *id,
              const char  *label)
{
  const RdtEntryHex *e = rdt_scenario_find_entry (scenario, id);
  RdtHex h = hex (scenario, label);

  g_assert_nonnull (e);
  g_assert_cmpint (e->hex.col, ==, h.col);
  g_assert_cmpint (e->hex.row, ==, h.row);
}

/* ------------------------------------------------------------------ files */

static gboolean
is_provisional_warning (const RdtDiagnostic *d)
{
  return d->severity == RDT_SEVERITY_WARNING && strstr (d->message, "provisional") != NULL;
}

static void
test_scenario_file (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = source_path ("scenarios", name, ".redoubt");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  g_autoptr(GBytes) saved = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  rdt_scenario_validate (scenario, diagnostics);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = diagnostics->pdata[i];

      if (!is_provisional_warning (d))
        {
          g_autofree char *s = rdt_diagnostic_to_string (d);
          g_error ("unexpected diagnostic: %s", s);
        }
    }
  /* It does ship provisional values, and says so. */
  g_assert_cmpuint (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_WARNING), >, 0);

  /* Canonical: saving the unchanged scenario reproduces the file. */
  saved = rdt_scenario_to_bytes (scenario, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (g_bytes_get_size (saved), ==, length);
  g_assert_true (memcmp (g_bytes_get_data (saved, NULL), contents, length) == 0);
}

static void
test_volume_file (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = source_path ("data/volumes", name, ".xml");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVolume) volume = rdt_volume_load_from_file (path, diagnostics, &error);
  g_autoptr(GBytes) saved = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_no_error (error);
  rdt_volume_validate (volume, path, diagnostics);
  for (guint i = 0; i < diagnostics->len; i++)
    if (!is_provisional_warning (diagnostics->pdata[i]))
      {
        g_autofree char *s = rdt_diagnostic_to_string (diagnostics->pdata[i]);
        g_error ("unexpected diagnostic: %s", s);
      }
  g_assert_cmpstr (rdt_volume_get_id (volume), ==, name);
  saved = rdt_volume_to_bytes (volume, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (g_bytes_get_size (saved), ==, length);
  g_assert_true (memcmp (g_bytes_get_data (saved, NULL), contents, length) == 0);
}

/* Every unit of every scenario carries the same counter values across the
 * scenarios of one volume, and every printed value not in the rulebooks is
 * marked provisional (no unit ships unmarked invented strengths). */
static void
test_units_provisional (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (bundled_scenarios); f++)
    {
      g_autoptr(RdtScenario) s = load (bundled_scenarios[f]);

      for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
        {
          RdtUnit *u = rdt_scenario_get_unit (s, i);

          if (rdt_unit_is_leader (u))
            g_assert_true (u->provisional & RDT_UNIT_PROVISIONAL_LEADER);
          else
            g_assert_true (u->provisional & RDT_UNIT_PROVISIONAL_STRENGTH);
        }
    }
}

/* Every XXYY hex number in the volume's exclusive rules lies on its map (years
 * excepted).  Reads ../shared/rules next to the source tree; skips without it. */
static void
test_grid_holds_rulebook_hexes (gconstpointer data)
{
  const char *const *spec = data;   /* scenario, rules file, first line of the exclusive rules */
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(RdtScenario) s = NULL;
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  const char *start;
  guint n = 0;

  if (root == NULL)
    {
      g_test_skip ("REDOUBT_SOURCE_ROOT is not set");
      return;
    }
  path = g_build_filename (root, "..", "shared", "rules", spec[1], NULL);
  if (!g_file_get_contents (path, &text, NULL, NULL))
    {
      g_test_skip ("the rulebooks are not next to the source tree");
      return;
    }
  start = strstr (text, spec[2]);
  g_assert_nonnull (start);
  s = load (spec[0]);
  regex = g_regex_new ("\\b([0-9]{2})([0-9]{2})\\b", 0, 0, NULL);
  g_regex_match (regex, start, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *word = g_match_info_fetch (match, 0);
      RdtHex h;

      if (strcmp (word, "1777") != 0 && strcmp (word, "1778") != 0 && strcmp (word, "1779") != 0)
        {
          g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (s), word, &h, NULL));
          if (!rdt_hex_grid_contains (rdt_scenario_get_grid (s), h))
            g_error ("%s: hex %s of %s is not on the map", spec[0], word, spec[1]);
          n++;
        }
      g_match_info_next (match, NULL);
    }
  g_assert_cmpuint (n, >, 10);
}

static const char *const rulebook_brandywine[] = {
  "brandywine", "boar-series-and-brandywine.txt", "Brandywine Exclusive Rules Credits" };
static const char *const rulebook_germantown[] = {
  "germantown", "boar-series-and-germantown.txt", "Part Two: Germantown Exclusive Rulebook" };
static const char *const rulebook_savannah[] = {
  "savannah-campaign", "boar-series-older-and-savannah.txt", "PART TWO: SAVANNAH 1779 EXCLUSIVE RULEBOOK" };

/* The committed files are what tools/gen-schematic-volumes.py generates
 * (the script is their source; a hand edit must go into it too). */
static void
test_generator_up_to_date (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *script = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (root == NULL || python == NULL)
    {
      g_test_skip ("needs REDOUBT_SOURCE_ROOT and python3");
      return;
    }
  script = g_build_filename (root, "tools", "gen-schematic-volumes.py", NULL);
  {
    const char *argv[] = { python, script, "--check", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL,
                                 &status, &error));
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("bundled files out of date:\n%s", out);
}

/* --------------------------------------------------------- area deployment */

typedef struct {
  int sp;
  int artillery;
} Stack;

static int
terrain_limit (RdtScenario *scenario,
               RdtHex       h,
               gboolean     artillery)
{
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  const RdtStacking *stacking = rdt_volume_get_stacking (volume);
  const RdtTerrainType *t = rdt_scenario_get_terrain_type (scenario, h);
  int limit = artillery ? stacking->max_artillery : stacking->max_sp;

  for (guint i = 0; stacking->exceptions != NULL && i < stacking->exceptions->len; i++)
    {
      const RdtStackingException *e = stacking->exceptions->pdata[i];

      if (e->terrain != NULL && g_strcmp0 (e->terrain, t->id) == 0)
        limit = artillery ? e->max_artillery : e->max_sp;
      if (e->area != NULL && rdt_scenario_find_area (scenario, e->area) != NULL &&
          rdt_scenario_area_contains (rdt_scenario_find_area (scenario, e->area), h))
        limit = artillery ? e->max_artillery : e->max_sp;
    }
  return limit;
}

static gboolean
unit_may_enter (RdtScenario *scenario,
                RdtUnit     *u,
                RdtHex       h)
{
  const RdtTerrainType *t = rdt_scenario_get_terrain_type (scenario, h);

  return (t->effects.prohibited & RDT_UNIT_KIND_MASK (u->kind)) == 0;
}

static int
compare_sp_desc (gconstpointer a,
                 gconstpointer b)
{
  RdtUnit *ua = *(RdtUnit **) a;
  RdtUnit *ub = *(RdtUnit **) b;

  return rdt_unit_stacking_sp (ub) - rdt_unit_stacking_sp (ua);
}

/* Every unit set up in an area gets a hex of that area that its kind may
 * enter, within 7.1 together with the units already set up by hex and the
 * other area units (first fit, largest first).  Returns how many were placed. */
static guint
assert_area_deployment_legal (RdtScenario *scenario)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  guint n_hexes = rdt_hex_grid_get_n_hexes (grid);
  g_autofree Stack *stacks = g_new0 (Stack, n_hexes);
  g_autoptr(GPtrArray) area_units = g_ptr_array_new ();
  guint placed = 0;

  for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (scenario, i);

      if (u->placement.kind == RDT_PLACEMENT_HEX)
        {
          int k = rdt_hex_grid_hex_index (grid, u->placement.hex);

          g_assert_cmpint (k, >=, 0);
          g_assert_true (unit_may_enter (scenario, u, u->placement.hex));
          if (u->kind == RDT_UNIT_KIND_ARTILLERY)
            stacks[k].artillery++;
          else
            stacks[k].sp += rdt_unit_stacking_sp (u);
        }
      else if (u->placement.kind == RDT_PLACEMENT_AREA)
        g_ptr_array_add (area_units, u);
    }
  g_ptr_array_sort (area_units, compare_sp_desc);
  for (guint i = 0; i < area_units->len; i++)
    {
      RdtUnit *u = area_units->pdata[i];
      const RdtArea *a = area (scenario, u->placement.area);
      gboolean found = FALSE;

      for (guint j = 0; j < a->hexes->len && !found; j++)
        {
          RdtHex h = g_array_index (a->hexes, RdtHex, j);
          int k = rdt_hex_grid_hex_index (grid, h);

          if (k < 0 || !unit_may_enter (scenario, u, h))
            continue;
          if (u->kind == RDT_UNIT_KIND_ARTILLERY)
            {
              if (stacks[k].artillery + 1 <= terrain_limit (scenario, h, TRUE))
                {
                  stacks[k].artillery++;
                  found = TRUE;
                }
            }
          else if (stacks[k].sp + rdt_unit_stacking_sp (u) <= terrain_limit (scenario, h, FALSE))
            {
              stacks[k].sp += rdt_unit_stacking_sp (u);
              found = TRUE;
            }
        }
      if (!found)
        g_error ("%s: unit “%s” has no legal hex in area “%s”", rdt_scenario_get_id (scenario),
                 u->id, u->placement.area);
      placed++;
    }
  return placed;
}

static void
test_area_deployment (gconstpointer data)
{
  g_autoptr(RdtScenario) s = load (data);

  assert_area_deployment_legal (s);
}

/* ------------------------------------------------------------- Brandywine */

static void
test_brandywine_full_prepare (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine");

  assert_turns (s, 1, 12, "british");                       /* 1.1, 1.2 */
  assert_side (s, "american", 20, 0);                       /* 1.3 */
  assert_side (s, "british", 20, 1);                        /* 1.3, 1.4 */
  g_assert_cmpstr (rdt_scenario_get_player_order (s), ==, "initiative");
}

static void
test_brandywine_full_setup (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine");

  assert_setup_hex (s, "delaware", "0407");                  /* 3.6.2.2 */
  assert_setup_hex (s, "proctor-artillery", "1127");         /* 3.6.2.3 */
  assert_setup_hex (s, "penn-state-foot", "0829");           /* 4.1 */
  /* 3.6.1: every other American at-start unit in the Bivouac Area. */
  assert_setup_area (s, "sullivan", "american-bivouac-area");
  assert_setup_area (s, "maxwell", "maxwells-detachment-area");
  /* Howe's Column Worksheet: original turns of entry. */
  assert_arrive (s, "chasseurs", 6, "1401");
  assert_arrive (s, "1st-grenadiers", 7, "1401");
  assert_arrive (s, "3rd-brigade-artillery", 8, "1401");
  assert_arrive (s, "black-watch", 9, "1401");
  g_assert_true (rdt_unit_has_state (unit (s, "amusettes"), "attached"));   /* 4.5.1 */
}

static void
test_brandywine_seniority (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine");
  struct { const char *id; int rank, seniority; } expect[] = {
    { "greene", 2, 1 }, { "sullivan", 2, 2 }, { "stirling", 2, 3 }, { "lafayette", 2, 4 },
    { "wayne", 1, 1 }, { "maxwell", 1, 2 },
    { "cornwallis", 2, 1 }, { "grey", 2, 2 }, { "grant", 2, 3 }, { "stirn", 2, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    {
      RdtUnit *u = unit (s, expect[i].id);

      g_assert_true (rdt_unit_is_leader (u));
      g_assert_cmpint (u->rank, ==, expect[i].rank);
      g_assert_cmpint (u->seniority, ==, expect[i].seniority);
    }
  /* 4.6.1: Washington's leadership DRM is +4 for units he is stacked with. */
  g_assert_cmpint (unit (s, "washington")->leadership_drm, ==, 4);
  /* 4.2: Count Pulaski acts as a demi-leader. */
  g_assert_true (unit (s, "pulaski")->demi_leader);
}

static void
test_brandywine_7_1_hex (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine-knyphausens-feint");

  assert_turns (s, 7, 12, NULL);                             /* 7.1.1.1, 7.1.1.2 */
  assert_side (s, "american", 19, 0);                        /* 7.1.1.3, 7.1.1.4 */
  assert_side (s, "british", 20, 0);
  assert_stack (s, "0518", "kings-own reserve-b-artillery");
  assert_stack (s, "0827", "cleveland-a-artillery");
  assert_stack (s, "0828", "reserve-a-artillery");
  assert_stack (s, "0717", "nelson new-york-b-artillery");
  assert_stack (s, "0918", "new-york-a-artillery");
  assert_stack (s, "1020", "jones-artillery");
  assert_stack (s, "1022", "smith");
  assert_stack (s, "1127", "proctor-artillery");
  assert_stack (s, "1331", "rhode-island-artillery");
  assert_stack (s, "1726", "n-carolina nc-lt-dragoons");
  assert_stack (s, "1727", "washington lafayette pulaski washington-life-guards");
  assert_stack (s, "1826", "continental-artillery");
  /* Simms (reduced). */
  g_assert_cmpint (unit (s, "simms")->step, ==, 1);
  /* Howe's column is not in this scenario. */
  assert_unused (s, "black-watch");
  assert_unused (s, "sullivan");
}

static void
test_brandywine_7_1_areas (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine-knyphausens-feint");
  const char *west_of_08[] = { "7.1-pike-08xx-starved-gut", "7.1-chadds-ford-2",
                               "7.1-chadds-ferry-2", "7.1-south-of-starved-gut" };
  const RdtArea *a;
  RdtHexGrid *grid = rdt_scenario_get_grid (s);

  assert_setup_area (s, "2nd-brigade-artillery", "7.1-pike-08xx-starved-gut");
  assert_setup_area (s, "grant", "7.1-pike-08xx-starved-gut");
  assert_setup_area (s, "hessian-artillery", "7.1-chadds-ford-2");
  assert_setup_area (s, "stirn", "7.1-chadds-ford-2");
  assert_setup_area (s, "royal-welsh-fusiliers", "7.1-chadds-ferry-2");
  assert_setup_area (s, "queens-rangers", "7.1-south-of-ring-run");
  assert_setup_area (s, "knyphausen", "7.1-south-of-starved-gut");
  assert_setup_area (s, "wayne", "east-south-of-renwick-run");
  assert_setup_area (s, "bedlam-artillery", "east-south-of-renwick-run");
  assert_setup_area (s, "2-pennsylvania-artillery", "east-south-of-pike");
  assert_setup_area (s, "maxwell", "east-south-of-pike");
  assert_setup_area (s, "patton", "brinton-run-to-renwick-run");

  /* "west of row 08xx (inclusive)" */
  for (guint i = 0; i < G_N_ELEMENTS (west_of_08); i++)
    {
      a = area (s, west_of_08[i]);
      for (guint j = 0; j < a->hexes->len; j++)
        g_assert_cmpint (g_array_index (a->hexes, RdtHex, j).col, <=, 8);
    }
  /* "within two hexes of Chadd's Ford (hex 0928)", "of Chadd's Ferry (hex 0930)" */
  a = area (s, "7.1-chadds-ford-2");
  for (guint j = 0; j < a->hexes->len; j++)
    g_assert_cmpint (rdt_hex_grid_distance (grid, g_array_index (a->hexes, RdtHex, j), hex (s, "0928")), <=, 2);
  g_assert_true (rdt_scenario_area_contains (a, hex (s, "0828")));
  a = area (s, "7.1-chadds-ferry-2");
  for (guint j = 0; j < a->hexes->len; j++)
    g_assert_cmpint (rdt_hex_grid_distance (grid, g_array_index (a->hexes, RdtHex, j), hex (s, "0930")), <=, 2);

  /* Every unit assigned to an area has a legal hex in it. */
  g_assert_cmpuint (assert_area_deployment_legal (s), ==, 23 + 20);
}

static void
test_brandywine_7_2 (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine-howes-flank-attack");

  assert_turns (s, 6, 12, "british");                        /* 7.2.1.1, 7.2.1.2 */
  assert_side (s, "american", 19, 0);                        /* 7.2.1.3 */
  assert_side (s, "british", 20, 1);                         /* 7.2.1.4 */
  assert_stack (s, "0716", "sullivan 1-maryland 3-maryland 6-maryland new-york-a-artillery");
  assert_stack (s, "0717", "2-maryland 4-maryland german-battalion porter-artillery");
  assert_stack (s, "0817", "nelson smith");
  assert_stack (s, "1803", "1-queens-light-dragoons ewald-dragoons");
  assert_stack (s, "1801", "ewald-rifles ab-jaegers chasseurs amusettes");
  assert_stack (s, "1710", "stirling spencer");
  assert_stack (s, "2319", "15-virginia connecticut-artillery");
  /* Turn 11 American reinforcements at the hexes indicated. */
  assert_arrive (s, "greene", 11, "2316");
  assert_arrive (s, "stevens-artillery", 11, "2316");
  assert_arrive (s, "penn-state-rifle", 11, "2219");
  assert_arrive (s, "9-virginia", 11, "2019");
  assert_arrive (s, "bedlam-artillery", 11, "1919");
  assert_arrive (s, "washington", 11, "1718");
  /* Hex D: British units that enter there enter normally. */
  assert_arrive (s, "coldstream-guards", 7, "1401");
  assert_arrive (s, "44th-foot", 8, "1401");
  /* No other British units are used. */
  assert_unused (s, "knyphausen");
  assert_unused (s, "kings-own");
  assert_unused (s, "wayne");
}

static void
test_brandywine_7_3 (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine-short-campaign");

  assert_turns (s, 7, 12, NULL);                             /* 7.3.1.1 */
  assert_side (s, "american", 19, 0);                        /* 7.3.1.3 */
  assert_side (s, "british", 20, 1);                         /* 7.3.1.4 */
  assert_stack (s, "0613", "sullivan smith 1-maryland 3-maryland german-battalion");
  assert_stack (s, "0614", "2-maryland 4-maryland 6-maryland porter-artillery");
  assert_stack (s, "2226", "greene stevens-artillery penn-state-rifle 10-virginia 2-virginia");
  assert_stack (s, "2319", "2-massachusetts-artillery 7-virginia");
  assert_unused (s, "new-jersey-a-artillery");               /* 7.3.1.5 note */
  /* The British deploy as in 7.1 and 7.2. */
  assert_stack (s, "0518", "kings-own reserve-b-artillery");
  assert_stack (s, "1801", "ewald-rifles ab-jaegers chasseurs amusettes");
  assert_setup_area (s, "grant", "7.1-pike-08xx-starved-gut");
  assert_arrive (s, "black-watch", 9, "1401");
  assert_setup_area (s, "simms", "east-south-of-pike");
  g_assert_cmpint (unit (s, "simms")->step, ==, 1);
}

static gboolean
is_creek_water (const char *id)
{
  return g_strcmp0 (id, "brandywine-creek") == 0 || g_strcmp0 (id, "primary-ford") == 0 ||
         g_strcmp0 (id, "secondary-ford") == 0;
}

/* Labels the hexes of @s by the part of the map they are in when the
 * Brandywine Creek (fords included) cannot be crossed; returns the number of
 * parts.  @component has one entry per hex. */
static int
creek_banks (RdtScenario *s,
             int         *component)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  guint n = rdt_hex_grid_get_n_hexes (grid);
  int n_components = 0;

  for (guint i = 0; i < n; i++)
    component[i] = -1;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GArray) queue = NULL;

      if (component[i] >= 0)
        continue;
      queue = g_array_new (FALSE, FALSE, sizeof (guint));
      component[i] = n_components;
      g_array_append_val (queue, i);
      for (guint q = 0; q < queue->len; q++)
        {
          RdtHex h = rdt_hex_grid_hex_at_index (grid, g_array_index (queue, guint, q));

          for (int d = 0; d < RDT_N_DIRECTIONS; d++)
            {
              RdtHex nb = rdt_hex_grid_neighbour (grid, h, d);
              int k = rdt_hex_grid_hex_index (grid, nb);
              const RdtHexsideFeatures *f;

              if (k < 0 || component[k] >= 0)
                continue;
              f = rdt_scenario_get_hexside (s, rdt_hex_grid_hexside_of (grid, h, d));
              if (f != NULL && f->water != RDT_NO_TYPE &&
                  is_creek_water (rdt_volume_get_hexside_type (rdt_scenario_get_volume (s), f->water)->id))
                continue;
              component[k] = n_components;
              g_array_append_val (queue, k);
            }
        }
      n_components++;
    }
  return n_components;
}

/* Brandywine 5.1: the creek is one continuous hexside line from the north to
 * the south edge, non-ford except at its fords: it cuts the map in exactly two
 * parts, with every hex the scenarios put on one bank on that bank. */
static void
test_brandywine_creek (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine");
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  guint n = rdt_hex_grid_get_n_hexes (grid);
  g_autofree int *component = g_new (int, n);
  int n_components;
  const char *east[] = { "0405", "0407", "0613", "0614", "0716", "0717", "0817", "0918", "0928",
                         "0930", "1020", "1022", "1127", "1331", "1727", "1910" };
  const char *west[] = { "0305", "0518", "0616", "0628", "0827", "0828", "0829", "0830" };
  gboolean touches_north = FALSE, touches_south = FALSE;
  const RdtGridSettings *gs = rdt_hex_grid_get_settings (grid);
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);
  guint n_creek = 0;

  n_components = creek_banks (s, component);
  g_assert_cmpint (n_components, ==, 2);
  for (guint i = 0; i < G_N_ELEMENTS (east); i++)
    g_assert_cmpint (component[rdt_hex_grid_hex_index (grid, hex (s, east[i]))], ==,
                     component[rdt_hex_grid_hex_index (grid, hex (s, "0928"))]);
  for (guint i = 0; i < G_N_ELEMENTS (west); i++)
    g_assert_cmpint (component[rdt_hex_grid_hex_index (grid, hex (s, west[i]))], !=,
                     component[rdt_hex_grid_hex_index (grid, hex (s, "0928"))]);

  for (guint i = 0; i < sides->len; i++)
    {
      const RdtHexsideFeatures *f = &g_array_index (sides, RdtHexsideFeatures, i);

      if (f->water == RDT_NO_TYPE ||
          !is_creek_water (rdt_volume_get_hexside_type (rdt_scenario_get_volume (s), f->water)->id))
        continue;
      n_creek++;
      if (f->side.a.row == gs->first_row || f->side.b.row == gs->first_row)
        touches_north = TRUE;
      if (f->side.a.row == gs->first_row + gs->rows - 1 || f->side.b.row == gs->first_row + gs->rows - 1)
        touches_south = TRUE;
    }
  g_assert_true (touches_north);
  g_assert_true (touches_south);
  g_assert_cmpuint (n_creek, >, 30);

  /* The fords are on the line; 5.1: primary +1 MP, secondary +2 MP (stated). */
  g_assert_cmpstr (hexside_type (s, "0828|0928", RDT_HEXSIDE_KIND_WATER), ==, "primary-ford");
  g_assert_cmpstr (hexside_type (s, "0830|0930", RDT_HEXSIDE_KIND_WATER), ==, "secondary-ford");
  g_assert_cmpstr (hexside_type (s, "0616|0716", RDT_HEXSIDE_KIND_WATER), ==, "primary-ford");
  g_assert_cmpstr (hexside_type (s, "0305|0405", RDT_HEXSIDE_KIND_WATER), ==, "secondary-ford");
  g_assert_cmpstr (hexside_type (s, "0928|0828", RDT_HEXSIDE_KIND_ROAD), ==, "road");
  {
    RdtVolume *v = rdt_scenario_get_volume (s);
    const RdtHexsideType *primary = rdt_volume_get_hexside_type (v, rdt_volume_find_hexside_type (v, "primary-ford"));
    const RdtHexsideType *secondary = rdt_volume_get_hexside_type (v, rdt_volume_find_hexside_type (v, "secondary-ford"));
    const RdtHexsideType *creek = rdt_volume_get_hexside_type (v, rdt_volume_find_hexside_type (v, "brandywine-creek"));

    g_assert_cmpint (primary->effects.mp_halves, ==, 2);
    g_assert_cmpint (secondary->effects.mp_halves, ==, 4);
    g_assert_false (primary->effects.provisional & RDT_EFFECT_MP);
    g_assert_false (secondary->effects.provisional & RDT_EFFECT_MP);
    g_assert_false (primary->effects.strategic);                  /* 3.5, 5.1 */
    g_assert_true (creek->effects.prohibited & RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_ARTILLERY));
    g_assert_cmpint (creek->effects.cc_drm, ==, -2);              /* 5.2.5 */
  }
}

/* The areas lie on the bank the rules give them: the Bivouac Area and the
 * 7.1.1.5 "east of the Brandywine Creek" areas east, Maxwell's Detachment (4.1)
 * and the British 7.1.1.5 areas west; the Bivouac Area south of Radley Run
 * (3.6.2.1); the British 7.1 set-up south of Renwick Run (7.1.3.1). */
static void
test_brandywine_banks (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine-knyphausens-feint");
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  g_autofree int *component = g_new (int, rdt_hex_grid_get_n_hexes (grid));
  int east;
  const char *east_areas[] = { "american-bivouac-area", "east-south-of-renwick-run", "east-south-of-pike",
                               "brinton-run-to-renwick-run" };
  const char *west_areas[] = { "maxwells-detachment-area", "7.1-pike-08xx-starved-gut", "7.1-chadds-ford-2",
                               "7.1-chadds-ferry-2", "7.1-south-of-starved-gut", "7.1-south-of-ring-run" };
  const RdtArea *north_radley = area (s, "north-of-radley-run");
  const RdtArea *north_renwick = area (s, "north-of-renwick-run");

  g_assert_cmpint (creek_banks (s, component), ==, 2);
  east = component[rdt_hex_grid_hex_index (grid, hex (s, "0928"))];
  for (guint i = 0; i < G_N_ELEMENTS (east_areas); i++)
    {
      const RdtArea *a = area (s, east_areas[i]);

      for (guint j = 0; j < a->hexes->len; j++)
        g_assert_cmpint (component[rdt_hex_grid_hex_index (grid, g_array_index (a->hexes, RdtHex, j))], ==, east);
    }
  for (guint i = 0; i < G_N_ELEMENTS (west_areas); i++)
    {
      const RdtArea *a = area (s, west_areas[i]);

      for (guint j = 0; j < a->hexes->len; j++)
        {
          RdtHex h = g_array_index (a->hexes, RdtHex, j);

          g_assert_cmpint (component[rdt_hex_grid_hex_index (grid, h)], !=, east);
          if (i > 0)
            g_assert_false (rdt_scenario_area_contains (north_renwick, h));
        }
    }
  {
    const RdtArea *a = area (s, "american-bivouac-area");

    for (guint j = 0; j < a->hexes->len; j++)
      g_assert_false (rdt_scenario_area_contains (north_radley, g_array_index (a->hexes, RdtHex, j)));
  }
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (s, i);

      if (u->placement.kind == RDT_PLACEMENT_HEX &&
          g_strcmp0 (rdt_scenario_get_side (s, u->side)->id, "british") == 0)
        g_assert_false (rdt_scenario_area_contains (north_renwick, u->placement.hex));
    }
}

static void
test_brandywine_locations (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine");
  RdtVolume *v = rdt_scenario_get_volume (s);
  const RdtTerrainType *mh;

  g_assert_cmpstr (location_name (s, "1910"), ==, "Birmingham Meeting House");
  g_assert_cmpstr (location_name (s, "1127"), ==, "Proctor's Battery");
  g_assert_cmpstr (location_name (s, "1727"), ==, "American Headquarters");
  g_assert_cmpstr (location_name (s, "0928"), ==, "Chadd's Ford");
  g_assert_cmpstr (location_name (s, "0930"), ==, "Chadd's Ferry");
  g_assert_cmpstr (location_name (s, "2215"), ==, "Sandy Bottom");
  g_assert_cmpstr (location_name (s, "2315"), ==, "Sandy Bottom");
  /* 3.8: the Meeting House blocks LOS and a ZOC does not extend into it. */
  g_assert_cmpstr (terrain_id (s, "1910"), ==, "meeting-house");
  mh = rdt_volume_get_terrain (v, rdt_volume_find_terrain (v, "meeting-house"));
  g_assert_true (mh->effects.blocks_los);
  g_assert_false (mh->effects.zoc);
  g_assert_false (mh->effects.provisional & (RDT_EFFECT_BLOCKS_LOS | RDT_EFFECT_ZOC));
  /* Current edition. */
  g_assert_cmpint (rdt_volume_get_edition (v), ==, RDT_EDITION_CURRENT);
  /* Hex-based victory conditions: the hexes, as areas (2.1, 2.2, 7.1.2.1, 7.2.2.1). */
  assert_area_exactly (s, "victory-2428-2419", "2419 2428");
  assert_area_exactly (s, "victory-1910-1127", "1910 1127");
  assert_area_exactly (s, "victory-1127-1727", "1127 1727");
  assert_area_exactly (s, "sandy-bottom", "2215 2315");
  /* The Close Combat Table is transcribed (series rules): stated, not provisional. */
  {
    const RdtTable *cc = rdt_volume_find_table (v, "close-combat");
    gboolean prov = TRUE;

    g_assert_nonnull (cc);
    g_assert_cmpstr (rdt_table_lookup (cc, "11", "4-1", &prov), ==, "-/2");
    g_assert_false (prov);
    g_assert_cmpstr (rdt_table_lookup (cc, "-2", "1-3", NULL), ==, "2/-");
    g_assert_cmpstr (rdt_table_lookup (rdt_volume_find_table (v, "tactics-matrix"), "Turn Flank", "Refuse Flank", NULL), ==, "+2");
  }
}

/* ------------------------------------------------------------- Germantown */

static void
test_germantown_prepare (void)
{
  g_autoptr(RdtScenario) s = load ("germantown");
  RdtVolume *v = rdt_scenario_get_volume (s);
  const RdtTerrainType *chew;

  assert_turns (s, 1, 10, "american");                       /* 1.2, 1.3 */
  assert_side (s, "british", 14, 0);                         /* 1.4 */
  assert_side (s, "american", 13, 1);                        /* 1.4, 1.5 */
  /* 1.1, 3.10: the Chew House is a fortified hex. */
  g_assert_cmpstr (location_name (s, "3313"), ==, "Chew House");
  g_assert_cmpstr (location_name (s, "3915"), ==, "Market Square");
  g_assert_cmpstr (terrain_id (s, "3313"), ==, "chew-house");
  chew = rdt_scenario_get_terrain_type (s, hex (s, "3313"));
  g_assert_cmpint (chew->effects.fire_drm, ==, -3);
  g_assert_cmpint (chew->effects.cc_drm, ==, -2);
  g_assert_false (chew->effects.zoc);
  g_assert_false (chew->effects.provisional & (RDT_EFFECT_FIRE_DRM | RDT_EFFECT_CC_DRM | RDT_EFFECT_ZOC));
  /* 1.1: the fieldworks hexsides. */
  g_assert_cmpstr (hexside_type (s, "3724-3624", RDT_HEXSIDE_KIND_FIELDWORK), ==, "fieldwork");
  g_assert_cmpstr (hexside_type (s, "3907-3908", RDT_HEXSIDE_KIND_FIELDWORK), ==, "flechette");
  /* 3.4: entry hexes. */
  assert_entry (s, "A-1", "2800");
  assert_entry (s, "A-2", "3800");
  assert_entry (s, "B", "4617");
  assert_arrive (s, "maryland-militia", 7, "3800");           /* 3.4.1.2 */
  assert_arrive (s, "8th-chester-county", 7, "3800");
  /* 2.4.1, 2.4.2: objective hexes. */
  g_assert_cmpuint (rdt_scenario_get_n_objectives (s), ==, 2);
  g_assert_cmpint (rdt_scenario_get_objective (s, 0)->hex.col, ==, 33);
  g_assert_cmpint (rdt_scenario_get_objective (s, 0)->hex.row, ==, 13);
  g_assert_cmpint (rdt_scenario_get_objective (s, 0)->vp, ==, 1);
  g_assert_cmpstr (rdt_scenario_get_side (s, rdt_scenario_get_objective (s, 0)->side)->id, ==, "british");
  g_assert_cmpstr (rdt_scenario_get_side (s, rdt_scenario_get_objective (s, 1)->side)->id, ==, "american");
  assert_area_exactly (s, "victory-4617", "4617");            /* 2.1.2 case 1 */
  assert_area_exactly (s, "victory-chew-market", "3313 3915"); /* 2.1.2 case 2 */
  /* 3.10.1: cavalry and artillery may move through the Chew House, so it
   * is no stacking limit (7.2 would stop them passing) but a restriction
   * on ending a move and on retreating there. */
  g_assert_cmpint (terrain_limit (s, hex (s, "3313"), TRUE), ==, 1);
  {
    guint found = 0;

    for (guint i = 0; i < rdt_volume_get_n_restrictions (v); i++)
      {
        const RdtRestriction *r = rdt_volume_get_restriction (v, i);
        if (g_strcmp0 (r->terrain, "chew-house") != 0)
          continue;
        g_assert_cmpstr (r->rule, ==, "Germantown 3.10.1");
        g_assert_cmpuint (r->kinds, ==, RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_DRAGOONS) |
                                        RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_ARTILLERY));
        if (r->effect == RDT_RESTRICTION_NO_END && r->on_move)
          found |= 1;
        if (r->effect == RDT_RESTRICTION_NO_ENTER && r->on_retreat && !r->on_move)
          found |= 2;
      }
    g_assert_cmpuint (found, ==, 3);
  }
  g_assert_cmpint (rdt_volume_get_edition (v), ==, RDT_EDITION_CURRENT);
}

static void
test_germantown_seniority (void)
{
  g_autoptr(RdtScenario) s = load ("germantown");
  struct { const char *id; int seniority; } expect[] = {
    { "sullivan", 1 }, { "stephen", 2 }, { "greene", 3 },
    { "maxwell", 1 }, { "wayne", 2 }, { "muhlenberg", 3 },
    { "cornwallis", 1 }, { "agnew", 2 }, { "grey", 3 }, { "grant", 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    g_assert_cmpint (unit (s, expect[i].id)->seniority, ==, expect[i].seniority);
  g_assert_cmpint (unit (s, "washington")->leadership_drm, ==, 4);       /* 3.9.1 */
  g_assert_cmpstr (unit (s, "armstrong")->commands[0], ==, "patriot-militia");
  g_assert_cmpstr (unit (s, "musgrave")->commands[0], ==, unit (s, "40th-foot")->formation);
  g_assert_true (unit (s, "ewald")->demi_leader);                         /* 3.9.3 */
  g_assert_cmpint (unit (s, "5th-pennsylvania")->kind, ==, RDT_UNIT_KIND_MUSKET_RIFLE);   /* 4.1 */
  g_assert_cmpint (unit (s, "pennsylvania-rifle-regiment")->rifle, ==, RDT_RIFLE_BLACK_R); /* 4.2 */
  g_assert_true (rdt_unit_has_state (unit (s, "doyles-rifle-company"), "american-vanguard")); /* 4.3 */
}

/* Germantown 3.2.1, extended example of Stephen's movement: the map data. */
static void
test_germantown_stephen_map (void)
{
  g_autoptr(RdtScenario) s = load ("germantown");
  const char *lime_kiln[] = { "3304|3405", "3405|3505", "3806|3807", "3807|3907", "3907|3908",
                              "3204|3304", "3103|3204" };
  const char *clear[] = { "3303", "3302", "3301", "3300", "3404", "3503", "3603", "3305", "3306",
                          "3307", "3006" };
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  int roads_3405 = 0, roads_3806 = 0;

  for (guint i = 0; i < G_N_ELEMENTS (lime_kiln); i++)
    g_assert_nonnull (hexside_type (s, lime_kiln[i], RDT_HEXSIDE_KIND_ROAD));
  /* ... and not on the walks that leave it */
  g_assert_null (hexside_type (s, "3304|3205", RDT_HEXSIDE_KIND_ROAD));
  g_assert_null (hexside_type (s, "3304|3305", RDT_HEXSIDE_KIND_ROAD));
  g_assert_null (hexside_type (s, "3304|3303", RDT_HEXSIDE_KIND_ROAD));
  g_assert_null (hexside_type (s, "3304|3404", RDT_HEXSIDE_KIND_ROAD));
  /* intersections at 3405 and 3806 */
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      const RdtHexsideFeatures *f;

      f = rdt_scenario_get_hexside (s, rdt_hex_grid_hexside_of (grid, hex (s, "3405"), d));
      roads_3405 += f != NULL && f->road != RDT_NO_TYPE;
      f = rdt_scenario_get_hexside (s, rdt_hex_grid_hexside_of (grid, hex (s, "3806"), d));
      roads_3806 += f != NULL && f->road != RDT_NO_TYPE;
    }
  g_assert_cmpint (roads_3405, ==, 3);
  g_assert_cmpint (roads_3806, ==, 3);
  /* the road toward compass south (3906) is not one of them: 3807 is closest */
  g_assert_null (hexside_type (s, "3806|3906", RDT_HEXSIDE_KIND_ROAD));
  /* creeks: Mill Creek 3306|3307, Saw Mill Creek 3503|3603, +1 MP */
  g_assert_cmpstr (hexside_type (s, "3306-3307", RDT_HEXSIDE_KIND_WATER), ==, "creek");
  g_assert_cmpstr (hexside_type (s, "3503-3603", RDT_HEXSIDE_KIND_WATER), ==, "creek");
  g_assert_cmpint (rdt_volume_get_hexside_type (rdt_scenario_get_volume (s),
                   rdt_volume_find_hexside_type (rdt_scenario_get_volume (s), "creek"))->effects.mp_halves, ==, 2);
  /* heavy woods 1.5 MP in 3205 and 3105 */
  g_assert_cmpstr (terrain_id (s, "3205"), ==, "heavy-woods");
  g_assert_cmpstr (terrain_id (s, "3105"), ==, "heavy-woods");
  g_assert_cmpint (rdt_scenario_get_terrain_type (s, hex (s, "3205"))->effects.mp_halves, ==, 3);
  g_assert_false (rdt_scenario_get_terrain_type (s, hex (s, "3205"))->effects.provisional & RDT_EFFECT_MP);
  for (guint i = 0; i < G_N_ELEMENTS (clear); i++)
    g_assert_cmpstr (terrain_id (s, clear[i]), ==, "clear");
  /* "march off the board passing through entry hex A": the road north reaches 2800 */
  g_assert_nonnull (hexside_type (s, "2800|2801", RDT_HEXSIDE_KIND_ROAD));
}

/* Germantown 3.2.1 again, through the movement engine on the bundled map: the
 * 4th VA Brigade in 3304 with 4 MPs ends where the example says. */
static void
test_germantown_stephen_moves (void)
{
  g_autoptr(RdtScenario) s = load ("germantown");
  g_autoptr(RdtMovement) movement = NULL;
  g_autoptr(RdtReach) reach = NULL;
  g_autoptr(GError) error = NULL;
  RdtPlacement at = { RDT_PLACEMENT_HEX, { 33, 4 }, NULL, 0, NULL };
  RdtPlacement unused = { RDT_PLACEMENT_UNUSED, { 0, 0 }, NULL, 0, NULL };
  RdtMoveOptions options;
  RdtReachHex r;
  struct { const char *label; int halves; } ends[] = {
    { "3307", 8 },   /* 2-5 southwest: +1 MP across Mill Creek */
    { "3006", 8 },   /* 6 northwest: 1.5 MP in 3205 and 3105 */
    { "3300", 8 },   /* 8 northeast */
    { "3603", 8 },   /* 9 southeast: +1 MP across Saw Mill Creek */
  };

  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (s, i);

      g_assert_true (rdt_scenario_move_unit (s, u->id, g_str_equal (u->id, "4th-virginia") ? &at : &unused,
                                             NULL, &error));
      g_assert_no_error (error);
    }
  movement = rdt_movement_new (s, NULL);
  rdt_move_options_init (&options);
  options.allowance_halves = 8;
  reach = rdt_movement_reach (movement, "4th-virginia", &options, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      g_assert_true (rdt_reach_lookup (reach, hex (s, ends[i].label), &r));
      g_assert_cmpint (r.cost_halves, ==, ends[i].halves);
    }
  /* one hex further is out of reach in each direction */
  g_assert_false (rdt_reach_lookup (reach, hex (s, "3308"), NULL));
  g_assert_false (rdt_reach_lookup (reach, hex (s, "2906"), NULL));

  /* Die roll 0-1: strategic movement along Lime Kiln Road (twice the 4 MPs)
   * ends in 3907; 3908 is beyond the Luken's Mill flechette (+1 MP). */
  g_clear_pointer (&reach, rdt_reach_unref);
  rdt_move_options_init (&options);
  options.strategic = TRUE;
  options.allowance_halves = 8;           /* the printed 4 MPs; strategic doubles them */
  reach = rdt_movement_reach (movement, "4th-virginia", &options, &error);
  g_assert_no_error (error);
  g_assert_true (rdt_reach_lookup (reach, hex (s, "3907"), &r));
  g_test_message ("3907 costs %d half MPs; 3908: %s", r.cost_halves,
                  rdt_move_reason_get_id (rdt_reach_get_reason (reach, hex (s, "3908"))));
  g_assert_cmpint (r.cost_halves, ==, 14);
  g_assert_false (rdt_reach_lookup (reach, hex (s, "3908"), NULL));
  /* Die roll 7: north along the road, off the map through entry hex A (2800). */
  g_assert_true (rdt_reach_lookup (reach, hex (s, "2800"), &r));
  g_assert_cmpint (r.cost_halves, ==, 14);
  /* 3908 is on the road too: it costs the road's 1 MP plus the flechette's 1 MP */
  g_assert_nonnull (hexside_type (s, "3907|3908", RDT_HEXSIDE_KIND_ROAD));
  g_clear_pointer (&reach, rdt_reach_unref);
  options.allowance_halves = 9;
  reach = rdt_movement_reach (movement, "4th-virginia", &options, &error);
  g_assert_no_error (error);
  g_assert_true (rdt_reach_lookup (reach, hex (s, "3908"), &r));
  g_assert_cmpint (r.cost_halves, ==, 14 + 2 + 2);
}

/* --------------------------------------------------------------- Savannah */

static void
test_savannah_historical (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical");
  RdtVolume *v = rdt_scenario_get_volume (s);
  const RdtObjective *o;

  assert_turns (s, 16, 20, "french");                        /* Game Length, Player Order */
  assert_side (s, "british", 14, 0);                         /* At Start Army Morale */
  assert_side (s, "american", 13, 1);                        /* Momentum: the Allies, 1 */
  assert_side (s, "french", 12, 0);
  assert_unused (s, "chatham-county-militia");
  assert_unused (s, "creek-indians");
  assert_unused (s, "pulaski-replacement");
  assert_unused (s, "tawes-replacement");
  assert_unused (s, "negro-volunteers-replacement");
  assert_setup_area (s, "loyal-savannah-militia", "savannah-defensive-perimeter");
  g_assert_true (rdt_scenario_area_contains (area (s, "savannah-defensive-perimeter"), hex (s, "1303")));  /* 1.7 */
  g_assert_true (rdt_scenario_area_contains (area (s, "savannah-defensive-perimeter"), hex (s, "1404")));
  /* 2.8: Spring Hill Redoubt, 1 VP to whoever controls it at the end. */
  g_assert_cmpstr (location_name (s, "1404"), ==, "Spring Hill Redoubt");
  g_assert_cmpuint (rdt_scenario_get_n_objectives (s), ==, 1);
  o = rdt_scenario_get_objective (s, 0);
  g_assert_cmpint (o->hex.col, ==, 14);
  g_assert_cmpint (o->hex.row, ==, 4);
  g_assert_cmpint (o->side, ==, -1);
  g_assert_cmpint (o->vp, ==, 1);
  g_assert_cmpstr (o->when, ==, "end");
  /* The older edition, all its variants. */
  g_assert_cmpint (rdt_volume_get_edition (v), ==, RDT_EDITION_OLDER);
  for (int r = 0; r < RDT_N_VARIANTS; r++)
    g_assert_cmpint (rdt_volume_get_variant (v, r), ==, RDT_EDITION_OLDER);
  /* 4.18 seniority */
  g_assert_cmpint (unit (s, "de-noailles")->seniority, ==, 1);
  g_assert_cmpint (unit (s, "dillon")->seniority, ==, 2);
  g_assert_cmpint (unit (s, "mcintosh")->seniority, ==, 1);
  g_assert_cmpint (unit (s, "huger")->seniority, ==, 2);
  g_assert_cmpint (unit (s, "maitland")->seniority, ==, 1);
  g_assert_cmpint (unit (s, "von-porbeck")->seniority, ==, 2);
  g_assert_true (unit (s, "pulaski")->demi_leader);
  g_assert_true (unit (s, "tawes")->demi_leader);
}

static void
test_savannah_campaign (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-campaign");

  assert_turns (s, 1, 25, "british");                        /* 1.5, 4.19 */
  assert_side (s, "british", 19, 0);                         /* 1.3 */
  assert_side (s, "american", 18, 1);                        /* 1.3, 1.4 */
  assert_side (s, "french", 17, 0);
  assert_setup_hex (s, "von-porbeck", "1805");               /* at-start deployment */
  assert_setup_hex (s, "grahams-light-infantry", "1803");
  /* Campaign Game Reinforcement Schedule */
  assert_arrive (s, "1st-delancey", 1, "1723");
  assert_arrive (s, "2nd-georgia-militia", 1, "1723");
  assert_arrive (s, "champagne-chasseurs", 2, "3123");
  assert_arrive (s, "kings-florida-rangers", 3, "1023");
  assert_arrive (s, "mcintosh", 3, "1014");
  assert_arrive (s, "pulaski", 4, "3123");
  assert_arrive (s, "destaing", 4, "3123");
  assert_arrive (s, "1st-va-light-dragoons", 5, "1014");
  assert_arrive (s, "dillon", 6, "3123");
  assert_arrive (s, "lincoln", 7, "1014");
  assert_arrive (s, "mortar-battery", 8, "3822");
  assert_arrive (s, "battery-b-lft", 11, "3822");
  g_assert_cmpint (unit (s, "maitland")->placement.turn, ==, 7);
  g_assert_cmpstr (unit (s, "maitland")->placement.entry, ==, "HQ");
  g_assert_cmpint (unit (s, "grand-battery")->placement.turn, ==, 12);
  /* the variable entry hexes (4.7) */
  assert_entry (s, "V-1", "3822");
  assert_entry (s, "V-1-3920", "3920");
  assert_entry (s, "V-2", "4214");
  assert_entry (s, "V-3", "4105");
  /* 4.8: the Creeks' MP 5 and the French mortar's MP 2 are stated */
  g_assert_cmpint (unit (s, "creek-indians")->movement, ==, 5);
  g_assert_false (unit (s, "creek-indians")->provisional & RDT_UNIT_PROVISIONAL_MOVEMENT);
  g_assert_cmpint (unit (s, "mortar-battery")->movement, ==, 2);
  assert_unused (s, "creek-indians");
  /* 4.9: the Covered Way, hexes 1105 to 1401, -1 DRM defending */
  g_assert_true (rdt_scenario_area_contains (area (s, "covered-way"), hex (s, "1105")));
  g_assert_true (rdt_scenario_area_contains (area (s, "covered-way"), hex (s, "1401")));
  g_assert_cmpint (rdt_scenario_get_terrain_type (s, hex (s, "1105"))->effects.fire_drm, ==, -1);
  g_assert_cmpint (rdt_scenario_get_terrain_type (s, hex (s, "1105"))->effects.cc_drm, ==, -1);
  g_assert_cmpstr (hexside_type (s, "1105|1205", RDT_HEXSIDE_KIND_ROAD), ==, "covered-way");
}


/* ------------------------------------------------- hex victory evaluation */

static void
put (RdtScenario *scenario,
     const char  *id,
     const char  *label)
{
  g_autoptr(GError) error = NULL;
  RdtPlacement p = { RDT_PLACEMENT_UNUSED, { 0, 0 }, NULL, 0, NULL };

  if (label != NULL)
    {
      p.kind = RDT_PLACEMENT_HEX;
      p.hex = hex (scenario, label);
    }
  g_assert_true (rdt_scenario_move_unit (scenario, id, &p, NULL, &error));
  g_assert_no_error (error);
}

/* Takes every unit off the map (a blank position to build on). */
static void
clear_position (RdtScenario *scenario)
{
  for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
    put (scenario, rdt_scenario_get_unit (scenario, i)->id, NULL);
}

static void
set_status (RdtScenario   *scenario,
            const char    *id,
            RdtUnitStatus  status)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_scenario_set_unit_status (scenario, id, status, NULL, &error));
  g_assert_no_error (error);
}

static const RdtHexVictory *
victory (GPtrArray  *list,
         const char *rule)
{
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (((RdtHexVictory *) list->pdata[i])->rule, rule) == 0)
      return list->pdata[i];
  g_error ("no hex-victory row “%s”", rule);
  return NULL;
}

static void
test_hex_victory_brandywine (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine");
  g_autoptr(RdtScenario) f = load ("brandywine-knyphausens-feint");
  g_autoptr(RdtScenario) h = load ("brandywine-howes-flank-attack");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = rdt_hex_victory_list (s, &error);
  g_autoptr(GPtrArray) list_f = rdt_hex_victory_list (f, &error);
  g_autoptr(GPtrArray) list_h = rdt_hex_victory_list (h, &error);
  const RdtHexVictory *v21, *v22, *v712, *v721;

  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  v21 = victory (list, "2.1");
  v22 = victory (list, "2.2 case 2");
  g_assert_true (v21->if_held);
  g_assert_false (v22->if_held);

  /* 2.1: at least 4 SPs of Parade Order infantry/light infantry in 2419 or
   * 2428, regardless of American adjacency. */
  clear_position (s);
  g_assert_false (rdt_hex_victory_is_held (s, v21));
  put (s, "5th-foot", "2419");                                  /* 2 SPs (placeholder) */
  g_assert_false (rdt_hex_victory_is_held (s, v21));
  put (s, "10th-foot", "2419");                                 /* 4 SPs */
  g_assert_true (rdt_hex_victory_is_held (s, v21));
  put (s, "delaware", "2418");                                  /* adjacent: regardless */
  g_assert_true (rdt_hex_victory_is_met (s, v21));
  set_status (s, "10th-foot", RDT_UNIT_STATUS_DISRUPTED);       /* Parade Order only */
  g_assert_false (rdt_hex_victory_is_held (s, v21));
  put (s, "1-queens-light-dragoons", "2419");                   /* dragoons do not count */
  put (s, "reserve-a-artillery", "2419");                       /* nor artillery */
  g_assert_false (rdt_hex_victory_is_held (s, v21));
  put (s, "1st-light-infantry", "2428");                        /* the other hex: LI counts */
  put (s, "2nd-light-infantry", "2428");
  g_assert_true (rdt_hex_victory_is_held (s, v21));

  /* 2.2 case 2: the Americans win at the end of turn 12 unless a British
   * Parade Order infantry/LI unit is in 1910 or 1127 with no American combat
   * unit adjacent. */
  g_assert_true (rdt_hex_victory_is_met (s, v22));
  put (s, "grenadier-guards", "1910");
  g_assert_false (rdt_hex_victory_is_met (s, v22));
  put (s, "3-virginia", "1909");
  g_assert_true (rdt_hex_victory_is_met (s, v22));
  put (s, "33rd-foot", "1127");
  g_assert_false (rdt_hex_victory_is_met (s, v22));

  /* 7.1.2.1: 1127 and 1727, no American combat unit adjacent to either. */
  g_assert_cmpuint (list_f->len, ==, 2);
  v712 = victory (list_f, "7.1.2.1");
  clear_position (f);
  put (f, "kings-own", "1127");
  g_assert_false (rdt_hex_victory_is_held (f, v712));
  put (f, "49th-foot", "1727");
  g_assert_true (rdt_hex_victory_is_held (f, v712));
  put (f, "washington", "1128");                                /* a leader is not a combat unit */
  g_assert_true (rdt_hex_victory_is_held (f, v712));
  put (f, "n-carolina", "1726");
  g_assert_false (rdt_hex_victory_is_held (f, v712));
  set_status (f, "n-carolina", RDT_UNIT_STATUS_DISRUPTED);      /* any combat unit, Parade or not */
  g_assert_false (rdt_hex_victory_is_held (f, v712));
  /* 7.1.2.2: the Americans win unless a British unit is in Proctor's Battery. */
  g_assert_false (rdt_hex_victory_is_met (f, victory (list_f, "7.1.2.2")));

  /* 7.2.2.1: 1910 and either hex of the Sandy Bottom. */
  v721 = victory (list_h, "7.2.2.1");
  clear_position (h);
  put (h, "1st-grenadiers", "1910");
  g_assert_false (rdt_hex_victory_is_held (h, v721));
  put (h, "2nd-grenadiers", "2315");
  g_assert_true (rdt_hex_victory_is_held (h, v721));
  put (h, "2nd-grenadiers", "2215");
  g_assert_true (rdt_hex_victory_is_held (h, v721));
  put (h, "grayson", "2216");
  g_assert_false (rdt_hex_victory_is_held (h, v721));
}

/* A row that cannot be read is an error naming the row, not a silent pass. */
static void
test_hex_victory_invalid (void)
{
  const char *bad[][2] = {
    { "units", "cavalry" }, { "hexes", "2419 9999" }, { "holder", "hessians" }, { "min-sp", "four" },
    { "enemy-adjacent", "sometimes" }, { "if", "maybe" }, { "hexes", "area:nowhere" }, { "parade", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(RdtScenario) s = load ("brandywine");
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) list = NULL;

      g_assert_true (rdt_volume_set_table_cell (rdt_scenario_get_volume (s), "hex-victory", "2.1", bad[i][0],
                                                bad[i][1], FALSE, NULL, NULL, &error));
      g_assert_no_error (error);
      list = rdt_hex_victory_list (s, &error);
      g_assert_null (list);
      g_assert_error (error, RDT_HEX_VICTORY_ERROR, RDT_HEX_VICTORY_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "2.1"));
    }
}

/* The counters are the same in every scenario of a volume. */
static void
test_counters_consistent (void)
{
  const char *brandywine[] = { "brandywine", "brandywine-knyphausens-feint", "brandywine-howes-flank-attack",
                               "brandywine-short-campaign" };
  const char *savannah[] = { "savannah-historical", "savannah-campaign" };
  const char **sets[] = { brandywine, savannah };
  guint sizes[] = { G_N_ELEMENTS (brandywine), G_N_ELEMENTS (savannah) };

  for (guint k = 0; k < G_N_ELEMENTS (sets); k++)
    {
      g_autoptr(RdtScenario) first = load (sets[k][0]);

      for (guint f = 1; f < sizes[k]; f++)
        {
          g_autoptr(RdtScenario) other = load (sets[k][f]);

          g_assert_cmpuint (rdt_scenario_get_n_units (other), ==, rdt_scenario_get_n_units (first));
          for (guint i = 0; i < rdt_scenario_get_n_units (first); i++)
            {
              RdtUnit *a = rdt_scenario_get_unit (first, i);
              RdtUnit *b = unit (other, a->id);

              g_assert_cmpstr (a->name, ==, b->name);
              g_assert_cmpint (a->kind, ==, b->kind);
              g_assert_cmpint (a->side, ==, b->side);
              g_assert_cmpint (a->movement, ==, b->movement);
              g_assert_cmpint (a->rank, ==, b->rank);
              g_assert_cmpint (a->seniority, ==, b->seniority);
              g_assert_cmpuint (rdt_unit_get_n_steps (a), ==, rdt_unit_get_n_steps (b));
            }
        }
    }
}

static void
test_hex_victory_germantown (void)
{
  g_autoptr(RdtScenario) s = load ("germantown");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = rdt_hex_victory_list (s, &error);
  const RdtHexVictory *c1, *c2;

  g_assert_no_error (error);
  c1 = victory (list, "2.1.2 case 1");
  c2 = victory (list, "2.1.2 case 2");
  clear_position (s);
  put (s, "1st-maryland-brigade-artillery", "4617");            /* "other then artillery" */
  g_assert_false (rdt_hex_victory_is_held (s, c1));
  put (s, "1st-maryland", "4617");
  g_assert_true (rdt_hex_victory_is_held (s, c1));
  set_status (s, "1st-maryland", RDT_UNIT_STATUS_DISRUPTED);    /* any status */
  g_assert_true (rdt_hex_victory_is_held (s, c1));
  put (s, "40th-foot", "4616");
  g_assert_false (rdt_hex_victory_is_held (s, c1));
  put (s, "maryland-militia", "3313");
  g_assert_false (rdt_hex_victory_is_held (s, c2));
  put (s, "2nd-maryland", "3915");
  g_assert_true (rdt_hex_victory_is_held (s, c2));
}

static void
test_hex_victory_savannah (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = rdt_hex_victory_list (s, &error);
  const RdtHexVictory *v28, *city;

  g_assert_no_error (error);
  v28 = victory (list, "Historical 2.8");
  city = victory (list, "Historical Allied Decisive");
  clear_position (s);
  put (s, "2nd-royal-americans", "1404");
  g_assert_true (rdt_hex_victory_is_held (s, v28));
  put (s, "armagnac", "1405");
  set_status (s, "armagnac", RDT_UNIT_STATUS_DISRUPTED);        /* only Parade Order enemies */
  g_assert_true (rdt_hex_victory_is_held (s, v28));
  set_status (s, "armagnac", RDT_UNIT_STATUS_PARADE);
  g_assert_false (rdt_hex_victory_is_held (s, v28));
  g_assert_false (rdt_hex_victory_is_held (s, city));
  put (s, "1st-sc", "1902");                                    /* an American unit in the city */
  g_assert_true (rdt_hex_victory_is_held (s, city));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bundled_scenarios); i++)
    {
      g_autofree char *p1 = g_strdup_printf ("/scenarios/file/%s/validates-and-round-trips", bundled_scenarios[i]);
      g_autofree char *p2 = g_strdup_printf ("/scenarios/file/%s/7.1/area-deployment-legal", bundled_scenarios[i]);

      g_test_add_data_func (p1, bundled_scenarios[i], test_scenario_file);
      g_test_add_data_func (p2, bundled_scenarios[i], test_area_deployment);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bundled_volumes); i++)
    {
      g_autofree char *p = g_strdup_printf ("/scenarios/volume/%s/validates-and-round-trips", bundled_volumes[i]);

      g_test_add_data_func (p, bundled_volumes[i], test_volume_file);
    }
  g_test_add_func ("/scenarios/units/provisional-marked", test_units_provisional);
  g_test_add_func ("/scenarios/generator/up-to-date", test_generator_up_to_date);
  g_test_add_data_func ("/scenarios/brandywine/grid/holds-every-rulebook-hex", rulebook_brandywine,
                        test_grid_holds_rulebook_hexes);
  g_test_add_data_func ("/scenarios/germantown/grid/holds-every-rulebook-hex", rulebook_germantown,
                        test_grid_holds_rulebook_hexes);
  g_test_add_data_func ("/scenarios/savannah/grid/holds-every-rulebook-hex", rulebook_savannah,
                        test_grid_holds_rulebook_hexes);
  g_test_add_func ("/scenarios/brandywine/1.1-1.4/prepare-for-play", test_brandywine_full_prepare);
  g_test_add_func ("/scenarios/brandywine/1.5-4.1/at-start", test_brandywine_full_setup);
  g_test_add_func ("/scenarios/brandywine/3.1/seniority", test_brandywine_seniority);
  g_test_add_func ("/scenarios/brandywine/3.8/locations-and-victory-hexes", test_brandywine_locations);
  g_test_add_func ("/scenarios/brandywine/5.1/creek-line-and-fords", test_brandywine_creek);
  g_test_add_func ("/scenarios/brandywine/4.1-7.1.3.1/areas-on-their-banks", test_brandywine_banks);
  g_test_add_func ("/scenarios/brandywine/7.1.1.5/hex-specific", test_brandywine_7_1_hex);
  g_test_add_func ("/scenarios/brandywine/7.1.1.5/area-specific", test_brandywine_7_1_areas);
  g_test_add_func ("/scenarios/brandywine/7.2.1.5/sullivan-at-0716", test_brandywine_7_2);
  g_test_add_func ("/scenarios/brandywine/7.3.1.5/short-campaign", test_brandywine_7_3);
  g_test_add_func ("/scenarios/germantown/1.1-3.4/prepare-for-play", test_germantown_prepare);
  g_test_add_func ("/scenarios/germantown/3.9/leaders", test_germantown_seniority);
  g_test_add_func ("/scenarios/germantown/3.2.1/stephen-example-map", test_germantown_stephen_map);
  g_test_add_func ("/scenarios/germantown/3.2.1/stephen-example-moves", test_germantown_stephen_moves);
  g_test_add_func ("/scenarios/savannah/historical", test_savannah_historical);
  g_test_add_func ("/scenarios/brandywine/2.1-7.2.2/hex-victory", test_hex_victory_brandywine);
  g_test_add_func ("/scenarios/germantown/2.1.2/hex-victory", test_hex_victory_germantown);
  g_test_add_func ("/scenarios/hex-victory/invalid-rows", test_hex_victory_invalid);
  g_test_add_func ("/scenarios/units/same-counters-in-every-scenario", test_counters_consistent);
  g_test_add_func ("/scenarios/savannah/2.8/hex-victory", test_hex_victory_savannah);
  g_test_add_func ("/scenarios/savannah/campaign-reinforcements", test_savannah_campaign);

  return g_test_run ();
}
