#undef G_DISABLE_ASSERT
#include "config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <string.h>

#include "redoubt-core.h"

/* Tests of the scenario file format (issue 3): loading, refusal of unsafe or
 * newer files, every semantic check, canonical round trips and the mutators. */

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "format", name, NULL);
}

static char *
read_example (void)
{
  g_autofree char *path = data_path ("example.redoubt");
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* @text with @from replaced by @to (which must occur exactly once). */
static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);
  GString *s;

  g_assert_nonnull (at);
  g_assert_null (strstr (at + 1, from));
  s = g_string_new_len (text, at - text);
  g_string_append (s, to);
  g_string_append (s, at + strlen (from));
  return g_string_free (s, FALSE);
}

/* The example with @from replaced by @to. */
static char *
variant (const char *from,
         const char *to)
{
  g_autofree char *text = read_example ();

  return replace_once (text, from, to);
}

static RdtScenario *
load_text (const char  *text,
           GPtrArray   *diagnostics,
           GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return rdt_scenario_load_from_bytes (bytes, "test.redoubt", diagnostics, error);
}

/* The first diagnostic whose message contains @needle. */
static const RdtDiagnostic *
find_diag (GPtrArray   *diagnostics,
           RdtSeverity  severity,
           const char  *needle)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      if (d->severity == severity && strstr (d->message, needle) != NULL)
        return d;
    }
  for (guint i = 0; i < diagnostics->len; i++)
    {
      g_autofree char *s = rdt_diagnostic_to_string (g_ptr_array_index (diagnostics, i));
      g_test_message ("diagnostic: %s", s);
    }
  return NULL;
}

/* Loads a variant that must load with exactly the error @needle at @line. */
static void
assert_semantic_error (const char *from,
                       const char *to,
                       const char *needle,
                       int         line,
                       const char *element)
{
  g_autofree char *text = variant (from, to);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = load_text (text, diagnostics, &error);
  const RdtDiagnostic *d;

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  d = find_diag (diagnostics, RDT_SEVERITY_ERROR, needle);
  g_assert_nonnull (d);
  g_assert_cmpint (d->line, ==, line);
  g_assert_cmpstr (d->file, ==, "test.redoubt");
  g_assert_cmpstr (d->element, ==, element);
  g_assert_nonnull (d->hint);
}

/* Loads a variant that must be refused with @code, naming @line and @element. */
static void
assert_refused (const char     *text,
                RdtFormatError  code,
                const char     *needle,
                int             line,
                const char     *element)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = load_text (text, diagnostics, &error);
  const RdtDiagnostic *d;
  g_autofree char *where = g_strdup_printf ("test.redoubt:%d:", line);

  g_assert_null (scenario);
  g_assert_error (error, RDT_FORMAT_ERROR, (int) code);
  g_assert_nonnull (strstr (error->message, where));
  if (element != NULL)
    {
      g_autofree char *tag = g_strdup_printf ("<%s>", element);
      g_assert_nonnull (strstr (error->message, tag));
    }
  d = find_diag (diagnostics, RDT_SEVERITY_ERROR, needle);
  g_assert_nonnull (d);
  g_assert_cmpint (d->line, ==, line);
}

/* ---------------------------------------------------------------- loading */

static void
test_load_example (void)
{
  g_autofree char *path = data_path ("example.redoubt");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  RdtVolume *volume;
  RdtHexGrid *grid;
  const RdtHexsideFeatures *f;
  RdtHexside side;
  const RdtTerrainType *t;
  RdtUnit *unit;
  const RdtTable *table;
  gboolean prov = FALSE;

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_cmpuint (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR), ==, 0);
  g_assert_cmpuint (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_WARNING), >, 0);

  g_assert_cmpstr (rdt_scenario_get_id (scenario), ==, "example");
  g_assert_cmpstr (rdt_scenario_get_title (scenario), ==, "A small complete example");
  volume = rdt_scenario_get_volume (scenario);
  grid = rdt_scenario_get_grid (scenario);
  g_assert_cmpuint (rdt_hex_grid_get_n_hexes (grid), ==, 30);

  /* Terrain, dense by hex index; heavy woods 1½ MP (Germantown 3.2.1). */
  t = rdt_scenario_get_terrain_type (scenario, (RdtHex) { 2, 2 });
  g_assert_cmpstr (t->id, ==, "heavy-woods");
  g_assert_cmpint (t->effects.mp_halves, ==, 3);
  g_assert_true (t->effects.blocks_los);
  g_assert_true (t->effects.provisional & RDT_EFFECT_ZOC);
  g_assert_false (t->effects.provisional & RDT_EFFECT_MP);
  g_assert_cmpstr (rdt_scenario_get_terrain_type (scenario, (RdtHex) { 1, 1 })->id, ==, "clear");
  t = rdt_scenario_get_terrain_type (scenario, (RdtHex) { 3, 3 });
  g_assert_cmpint (t->effects.fire_drm, ==, -3);   /* Germantown 3.10 */
  g_assert_cmpint (t->effects.cc_drm, ==, -2);
  g_assert_cmpint (rdt_scenario_get_hex_line (scenario, (RdtHex) { 3, 3 }), ==, 38);

  /* Slope combined with a creek; fieldwork with symbol hex and breach. */
  g_assert_true (rdt_hex_grid_hexside (grid, (RdtHex) { 1, 2 }, (RdtHex) { 1, 1 }, &side, NULL));
  f = rdt_scenario_get_hexside (scenario, side);
  g_assert_nonnull (f);
  g_assert_cmpstr (rdt_volume_get_hexside_type (volume, f->water)->id, ==, "creek");
  g_assert_cmpstr (rdt_volume_get_hexside_type (volume, f->slope)->id, ==, "slope");
  g_assert_cmpint (f->slope_high.col, ==, 1);
  g_assert_cmpint (f->slope_high.row, ==, 2);
  g_assert_cmpint (f->fieldwork, ==, RDT_NO_TYPE);
  g_assert_nonnull (rdt_volume_lookup_combined (volume, f->slope, f->water, RDT_SLOPE_UP));
  g_assert_true (rdt_hex_grid_hexside (grid, (RdtHex) { 3, 3 }, (RdtHex) { 3, 4 }, &side, NULL));
  f = rdt_scenario_get_hexside (scenario, side);
  g_assert_nonnull (f);
  g_assert_true (f->breached);
  g_assert_cmpint (f->fieldwork_symbol.row, ==, 3);
  g_assert_cmpuint (rdt_scenario_get_n_hexsides (scenario), ==, 3);

  /* Edition variants as data. */
  g_assert_cmpint (rdt_volume_get_variant (volume, RDT_VARIANT_LOS_SLOPE), ==, RDT_EDITION_CURRENT);

  /* Tables. */
  table = rdt_volume_find_table (volume, "tactics-matrix");
  g_assert_nonnull (table);
  g_assert_cmpstr (rdt_table_lookup (table, "Skirmish", "Stand Fast", &prov), ==, "+1");
  g_assert_false (prov);
  table = rdt_volume_find_table (volume, "to-hit");
  g_assert_cmpstr (rdt_table_lookup (table, "artillery", "2", &prov), ==, "5");
  g_assert_true (prov);

  /* Units and their placements. */
  g_assert_cmpuint (rdt_scenario_get_n_units (scenario), ==, 5);
  unit = rdt_scenario_find_unit (scenario, "40th-foot");
  g_assert_nonnull (unit);
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  g_assert_cmpint (rdt_unit_stacking_sp (unit), ==, 4);
  g_assert_cmpint (unit->line, ==, 54);
  unit = rdt_scenario_find_unit (scenario, "morgan");
  g_assert_cmpint (unit->rifle, ==, RDT_RIFLE_WHITE_R);
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_AREA);
  g_assert_true (rdt_unit_has_state (unit, "first-fire"));
  unit = rdt_scenario_find_unit (scenario, "proctor");
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_ENTRY);
  g_assert_cmpint (unit->placement.turn, ==, 2);
  g_assert_cmpstr (unit->placement.entry, ==, "A");
  unit = rdt_scenario_find_unit (scenario, "musgrave");
  g_assert_true (rdt_unit_is_leader (unit));
  g_assert_cmpint (unit->cc_drm, ==, 1);
  g_assert_cmpint (unit->seniority, ==, 3);

  g_assert_cmpstr (rdt_scenario_get_location_name (scenario, (RdtHex) { 3, 3 }), ==, "Chew House");
  g_assert_cmpint (rdt_scenario_find_entry (scenario, "A")->hex.col, ==, 6);
  g_assert_cmpuint (rdt_scenario_find_area (scenario, "american-deployment")->hexes->len, ==, 3);
  g_assert_cmpint (rdt_scenario_get_first_player (scenario), ==, 0);
  g_assert_cmpint (rdt_scenario_get_side (scenario, 1)->army_morale, ==, 18);
  g_assert_cmpint (rdt_scenario_get_side (scenario, 1)->momentum, ==, -1);
  g_assert_cmpuint (rdt_scenario_get_n_objectives (scenario), ==, 1);
  g_assert_true (rdt_scenario_get_underlay (scenario)->present);
  g_assert_cmpfloat (rdt_scenario_get_underlay (scenario)->origin_y, ==, 36.5);
}

static void
test_load_volume_href (void)
{
  g_autofree char *path = data_path ("volume-href.redoubt");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  const RdtDiagnostic *d;

  g_assert_no_error (error);
  g_assert_cmpstr (rdt_volume_get_id (rdt_scenario_get_volume (scenario)), ==, "example-volume");
  g_assert_cmpstr (rdt_scenario_get_volume_href (scenario), ==, "example-volume.xml");
  /* Provisional warnings name the volume file, not the scenario. */
  d = find_diag (diagnostics, RDT_SEVERITY_WARNING, "“clear” has provisional values");
  g_assert_nonnull (d);
  g_assert_true (g_str_has_suffix (d->file, "example-volume.xml"));
  g_assert_cmpint (d->line, ==, 11);
}

static void
test_load_volume_missing (void)
{
  g_autofree char *path = data_path ("volume-href.redoubt");
  g_autofree char *src = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;

  g_assert_true (g_file_get_contents (path, &src, NULL, NULL));
  text = replace_once (src, "<volume-ref href=\"example-volume.xml\"/>", "<volume-ref ref=\"no-such-volume\"/>");
  scenario = load_text (text, diagnostics, &error);
  g_assert_null (scenario);
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_VOLUME);
  g_assert_nonnull (strstr (error->message, "test.redoubt:5: <volume-ref>"));
  g_assert_nonnull (strstr (error->message, "no-such-volume"));
}

static void
test_refuse_newer_version (void)
{
  g_autofree char *text = variant ("format-version=\"1\" id=\"example\"",
                                   "format-version=\"2\" id=\"example\"");
  assert_refused (text, RDT_FORMAT_ERROR_NEWER_VERSION, "newer than this program", 2, "scenario");
}

static void
test_refuse_namespace (void)
{
  g_autofree char *wrong = variant ("xmlns=\"urn:x-redoubt:format\"", "xmlns=\"urn:x-other\"");
  g_autofree char *none = variant (" xmlns=\"urn:x-redoubt:format\"", "");

  assert_refused (wrong, RDT_FORMAT_ERROR_NAMESPACE, "wrong namespace", 2, "scenario");
  assert_refused (none, RDT_FORMAT_ERROR_NAMESPACE, "no namespace", 2, "scenario");
}

static void
test_refuse_doctype (void)
{
  g_autofree char *text = variant ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
                                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                   "<!DOCTYPE scenario [\n"
                                   "  <!ENTITY a \"aaaaaaaaaa\">\n"
                                   "  <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n"
                                   "]>\n");
  g_autofree char *external = variant ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
                                       "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                       "<!DOCTYPE scenario SYSTEM \"file:///etc/passwd\">\n");

  assert_refused (text, RDT_FORMAT_ERROR_DOCTYPE, "DOCTYPE", 2, "!DOCTYPE");
  assert_refused (external, RDT_FORMAT_ERROR_DOCTYPE, "DOCTYPE", 2, "!DOCTYPE");
}

static void
test_refuse_malformed (void)
{
  g_autofree char *text = variant ("<hex at=\"0202\" terrain=\"heavy-woods\"/>",
                                   "<hex at=\"0202\" terrain=\"heavy-woods\">");
  g_autofree char *entity = variant ("<title>A small complete example</title>",
                                     "<title>&undeclared;</title>");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = load_text (text, diagnostics, &error);

  g_assert_null (scenario);
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "test.redoubt:"));
  g_clear_error (&error);
  g_clear_object (&scenario);
  scenario = load_text (entity, diagnostics, &error);
  g_assert_null (scenario);
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "test.redoubt:3:"));
}

static void
test_refuse_schema (void)
{
  g_autofree char *unknown = variant ("<note>Special rules", "<extra/><note>Special rules");
  g_autofree char *bad_kind = variant ("kind=\"militia\"", "kind=\"zouaves\"");

  assert_refused (unknown, RDT_FORMAT_ERROR_SCHEMA, "", 79, NULL);
  assert_refused (bad_kind, RDT_FORMAT_ERROR_SCHEMA, "Invalid attribute kind", 67, "unit");
}

static void
test_refuse_truncated_and_binary (void)
{
  g_autofree char *text = read_example ();
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) utf16 = g_bytes_new_static ("\xff\xfe<\0s\0", 6);
  g_autoptr(RdtScenario) scenario = NULL;

  text[strlen (text) / 2] = '\0';
  scenario = load_text (text, diagnostics, &error);
  g_assert_null (scenario);
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED);
  g_clear_error (&error);
  scenario = rdt_scenario_load_from_bytes (utf16, "utf16.redoubt", diagnostics, &error);
  g_assert_null (scenario);
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED);
  g_clear_error (&error);
  scenario = load_text ("", diagnostics, &error);
  g_assert_null (scenario);
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED);
}

static void
test_refuse_deep (void)
{
  GString *s = g_string_new ("<?xml version=\"1.0\"?>\n<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"x\">");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autofree char *text = NULL;

  for (int i = 0; i < 100; i++)
    g_string_append (s, "<note>");
  for (int i = 0; i < 100; i++)
    g_string_append (s, "</note>");
  g_string_append (s, "</scenario>\n");
  text = g_string_free (s, FALSE);
  scenario = load_text (text, diagnostics, &error);
  g_assert_null (scenario);
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_TOO_BIG);
  g_assert_nonnull (strstr (error->message, "<note>"));
}

static void
test_comment_warning (void)
{
  g_autofree char *text = variant ("  <map default-terrain", "  <!-- a comment -->\n  <map default-terrain");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = load_text (text, diagnostics, &error);
  const RdtDiagnostic *d;

  g_assert_no_error (error);
  d = find_diag (diagnostics, RDT_SEVERITY_WARNING, "comment will not be preserved");
  g_assert_nonnull (d);
  g_assert_cmpint (d->line, ==, 34);
}

/* ------------------------------------------------------ semantic checks */

static void
test_check_hex_off_map (void)
{
  assert_semantic_error ("<hex at=\"0202\"", "<hex at=\"0909\"", "not on the map", 37, "hex");
  assert_semantic_error ("<setup hex=\"0303\"/>\n    </unit>", "<setup hex=\"0707\"/>\n    </unit>",
                         "not on the map", 54, "unit");
  assert_semantic_error ("<location at=\"0303\"", "<location at=\"0309\"", "not on the map", 42, "location");
  assert_semantic_error ("<entry id=\"A\" at=\"0601\"", "<entry id=\"A\" at=\"0701\"", "not on the map", 43, "entry");
  assert_semantic_error ("0501 0502 0503", "0501 0502 0599", "not on the map", 44, "area");
  assert_semantic_error ("<hexside at=\"0401|0402\"", "<hexside at=\"0605|0606\"", "not on the map", 41, "hexside");
}

static void
test_check_label_malformed (void)
{
  assert_semantic_error ("<hex at=\"0202\"", "<hex at=\"202\"", "is not a hex label of this map", 37, "hex");
}

static void
test_check_unknown_types (void)
{
  assert_semantic_error ("terrain=\"heavy-woods\"/>", "terrain=\"swamp\"/>", "no terrain “swamp”", 37, "hex");
  assert_semantic_error ("road=\"road\"", "road=\"railway\"", "no hexside type “railway”", 41, "hexside");
  assert_semantic_error ("road=\"road\"", "road=\"creek\"", "is of kind water, not road", 41, "hexside");
}

static void
test_check_hexside_adjacent (void)
{
  assert_semantic_error ("<hexside at=\"0401|0402\"", "<hexside at=\"0401|0403\"", "not adjacent", 41, "hexside");
}

static void
test_check_slope_high_side (void)
{
  assert_semantic_error ("slope=\"slope\" high=\"0102\"", "slope=\"slope\" high=\"0202\"",
                         "slope high side 0202 is not one of the hexes", 39, "hexside");
  assert_semantic_error ("symbol=\"0303\"", "symbol=\"0302\"",
                         "fieldworks symbol hex 0302 is not one of the hexes", 40, "hexside");
}

static void
test_check_duplicate_hexside (void)
{
  assert_semantic_error ("<hexside at=\"0401|0402\" road=\"road\"/>",
                         "<hexside at=\"0401|0402\" road=\"road\"/>\n    <hexside at=\"0402|0401\" water=\"creek\"/>",
                         "already described at line 41", 42, "hexside");
}

static void
test_check_duplicate_ids (void)
{
  assert_semantic_error ("<unit id=\"spare\"", "<unit id=\"morgan\"", "duplicate unit id “morgan”", 67, "unit");
  assert_semantic_error ("<side id=\"american\" name=\"American\"", "<side id=\"british\" name=\"American\"",
                         "already a side", 50, "side");
}

static void
test_check_references (void)
{
  assert_semantic_error ("<setup area=\"american-deployment\"", "<setup area=\"nowhere\"",
                         "unknown area “nowhere”", 59, "unit");
  assert_semantic_error ("entry=\"A\"", "entry=\"Z\"", "unknown entry hex “Z”", 63, "unit");
  assert_semantic_error ("<arrive turn=\"2\"", "<arrive turn=\"9\"", "outside the game’s turns 1 to 8", 63, "unit");
  assert_semantic_error ("side=\"american\" kind=\"militia\"", "side=\"french\" kind=\"militia\"",
                         "unknown side “french”", 67, "unit");
  assert_semantic_error ("states=\"first-fire\"", "states=\"fog\"", "unknown state “fog”", 59, "unit");
  assert_semantic_error ("commands=\"musgrave\"", "commands=\"grey\"", "commands “grey”", 71, "leader");
  assert_semantic_error ("first-player=\"british\"", "first-player=\"hessian\"", "not a side", 52, "turns");
}

/* The example with the spare militia (3 SP) made British and set up in @hex. */
static char *
militia_in (const char *hex)
{
  g_autofree char *a = variant ("<unit id=\"spare\" name=\"Spare militia\" side=\"american\"",
                                "<unit id=\"spare\" name=\"Spare militia\" side=\"british\"");
  g_autofree char *to = g_strdup_printf ("<step strength=\"3\" morale=\"-1\"/>\n      <setup hex=\"%s\"/>", hex);

  return replace_once (a, "<step strength=\"3\" morale=\"-1\"/>\n      <unused/>", to);
}

/* 7.1: six SPs plus one artillery unit per hex. */
static void
test_check_stacking_7_1 (void)
{
  /* The 40th Foot (4 SP) and the militia (3 SP) in 0303, which is Chew House
   * terrain (no exception in the example): 7 SPs. */
  g_autofree char *text = militia_in ("0303");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = load_text (text, diagnostics, &error);
  const RdtDiagnostic *d;

  g_assert_no_error (error);
  d = find_diag (diagnostics, RDT_SEVERITY_ERROR, "set-up stack in hex 0303 has 7 SPs and 0 artillery unit(s); the limit (7.1) is 6 SPs plus 1 artillery");
  g_assert_nonnull (d);
  g_assert_cmpint (d->line, ==, 54);
  g_assert_cmpuint (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR), ==, 1);
}

static void
test_check_stacking_exception (void)
{
  /* A volume exception allowing 8 SPs in Chew House terrain. */
  g_autofree char *text = militia_in ("0303");
  g_autofree char *text2 = replace_once (text, "<stacking max-sp=\"6\" max-artillery=\"1\" rule=\"7.1\"/>",
                                         "<stacking max-sp=\"6\" max-artillery=\"1\" rule=\"7.1\">\n"
                                         "      <exception id=\"chew\" terrain=\"chew-house\" max-sp=\"8\" max-artillery=\"1\"/>\n"
                                         "    </stacking>");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = load_text (text2, diagnostics, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR), ==, 0);
}

static void
test_check_enemy_stack (void)
{
  assert_semantic_error ("<step strength=\"2\" morale=\"0\"/>\n      <arrive turn=\"2\" entry=\"A\"/>",
                         "<step strength=\"2\" morale=\"0\"/>\n      <setup hex=\"0303\"/>",
                         "units of both sides", 54, "unit");
}

static void
test_check_unplaced (void)
{
  assert_semantic_error ("<step strength=\"3\" morale=\"-1\"/>\n      <unused/>",
                         "<step strength=\"3\" morale=\"-1\"/>",
                         "is not placed, scheduled or marked unused", 67, "unit");
}

static void
test_check_step (void)
{
  assert_semantic_error ("<setup hex=\"0303\"/>\n    </unit>", "<setup hex=\"0303\" step=\"3\"/>\n    </unit>",
                         "starts on step 3 but has 2 step(s)", 54, "unit");
}

static void
test_check_turns_and_sides (void)
{
  assert_semantic_error ("<turns first=\"1\" count=\"8\"", "<turns first=\"1\" count=\"0\"",
                         "the scenario has no turns", 52, "turns");
  assert_semantic_error ("\n    <side id=\"american\" name=\"American\" army-morale=\"18\"/>", "",
                         "needs two sides", 2, "sides");
}

static void
test_check_area_empty (void)
{
  assert_semantic_error ("\n      0501 0502 0503\n    ", "", "has no hexes", 44, "area");
}

static void
test_check_victory_hex (void)
{
  assert_semantic_error ("<objective at=\"0303\"", "<objective at=\"0306\"", "not on the map", 76, "objective");
}

static void
test_check_provisional_warnings (void)
{
  g_autofree char *path = data_path ("example.redoubt");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  const RdtDiagnostic *d;

  g_assert_no_error (error);
  d = find_diag (diagnostics, RDT_SEVERITY_WARNING, "“chew-house” has provisional values");
  g_assert_nonnull (d);
  g_assert_cmpint (d->line, ==, 16);
  g_assert_cmpstr (d->element, ==, "terrain");
  g_assert_nonnull (strstr (d->message, "mp blocks-los zoc"));
  d = find_diag (diagnostics, RDT_SEVERITY_WARNING, "table “to-hit” has 2 provisional cells");
  g_assert_nonnull (d);
  g_assert_cmpint (d->line, ==, 29);
  d = find_diag (diagnostics, RDT_SEVERITY_WARNING, "“40th-foot” has provisional values");
  g_assert_nonnull (d);
  g_assert_cmpint (d->line, ==, 54);
  /* Values stated in the rulebooks are not flagged: heavy woods MP. */
  g_assert_null (strstr (find_diag (diagnostics, RDT_SEVERITY_WARNING, "“heavy-woods”")->message, "mp"));
}

static void
test_check_volume_duplicate (void)
{
  assert_semantic_error ("<terrain id=\"chew-house\"", "<terrain id=\"clear\"",
                         "Duplicate terrain id “clear”", 16, "terrain");
}


static void
test_check_duplicate_location (void)
{
  assert_semantic_error ("<location at=\"0303\" name=\"Chew House\"/>",
                         "<location at=\"0303\" name=\"Chew House\"/>\n    <location at=\"0303\" name=\"Cliveden\"/>",
                         "already has a named location", 43, "location");
}

/* Area hexes are sorted on load (canonical order) and duplicates reported. */
static void
test_area_sorted_and_deduplicated (void)
{
  g_autofree char *text = variant ("0501 0502 0503", "0503 0501\n 0502 0501");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = load_text (text, diagnostics, &error);
  g_autoptr(GBytes) out = NULL;
  g_autofree char *canonical = read_example ();
  const RdtArea *area;

  g_assert_no_error (error);
  g_assert_nonnull (find_diag (diagnostics, RDT_SEVERITY_WARNING, "hex 0501 is listed twice"));
  area = rdt_scenario_find_area (scenario, "american-deployment");
  g_assert_cmpuint (area->hexes->len, ==, 3);
  g_assert_cmpint (g_array_index (area->hexes, RdtHex, 0).row, ==, 1);
  g_assert_cmpint (g_array_index (area->hexes, RdtHex, 2).row, ==, 3);
  out = rdt_scenario_to_bytes (scenario, &error);
  g_assert_cmpstr (g_bytes_get_data (out, NULL), ==, canonical);
}

/* <volume-ref ref="ID"/> is looked up in $REDOUBT_DATADIR/volumes first. */
static void
test_volume_ref_datadir (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-format-data-XXXXXX", &error);
  g_autofree char *volumes = g_build_filename (dir, "volumes", NULL);
  g_autofree char *target = g_build_filename (volumes, "example-volume.xml", NULL);
  g_autofree char *source = data_path ("example-volume.xml");
  g_autofree char *href = data_path ("volume-href.redoubt");
  g_autofree char *contents = NULL;
  g_autofree char *scenario_text = NULL;
  g_autofree char *text = NULL;
  g_autofree char *found = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(GBytes) out = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (volumes, 0700), ==, 0);
  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (target, contents, -1, NULL));
  g_setenv ("REDOUBT_DATADIR", dir, TRUE);

  found = rdt_volume_find_file ("example-volume");
  g_assert_cmpstr (found, ==, target);
  g_assert_null (rdt_volume_find_file ("../example-volume"));

  g_assert_true (g_file_get_contents (href, &scenario_text, NULL, NULL));
  text = replace_once (scenario_text, "<volume-ref href=\"example-volume.xml\"/>",
                       "<volume-ref ref=\"example-volume\"/>");
  scenario = load_text (text, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (rdt_scenario_get_volume_ref (scenario), ==, "example-volume");
  g_assert_cmpstr (rdt_volume_get_path (rdt_scenario_get_volume (scenario)), ==, target);
  out = rdt_scenario_to_bytes (scenario, &error);
  g_assert_cmpstr (g_bytes_get_data (out, NULL), ==, text);

  g_unsetenv ("REDOUBT_DATADIR");
  g_remove (target);
  g_rmdir (volumes);
  g_rmdir (dir);
}

/* docs/format.md shows tests/data/format/example.redoubt verbatim. */
static void
test_docs_example_in_sync (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *docs = NULL;
  g_autofree char *doc_text = NULL;
  g_autofree char *example_text = read_example ();
  const char *start, *end;

  if (root == NULL)
    {
      g_test_skip ("REDOUBT_SOURCE_ROOT is not set");
      return;
    }
  docs = g_build_filename (root, "docs", "format.md", NULL);
  g_assert_true (g_file_get_contents (docs, &doc_text, NULL, NULL));
  start = strstr (doc_text, "```xml\n");
  g_assert_nonnull (start);
  start += strlen ("```xml\n");
  end = strstr (start, "```");
  g_assert_nonnull (end);
  g_assert_cmpint (end - start, ==, (int) strlen (example_text));
  g_assert_true (strncmp (start, example_text, end - start) == 0);
}

/* ----------------------------------------------------------- round trips */

static void
assert_round_trip (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();

  g_test_message ("round trip: %s", path);
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  if (g_str_has_suffix (path, ".xml"))
    {
      g_autoptr(RdtVolume) volume = rdt_volume_load_from_file (path, diagnostics, &error);
      g_assert_no_error (error);
      out = rdt_volume_to_bytes (volume, &error);
    }
  else if (strstr (contents, "<gridless-scenario ") != NULL)
    {
      /* Pub Battles (issue 18): its own root element and writer. */
      g_autoptr(RdtGridless) gridless = rdt_gridless_load_from_file (path, diagnostics, &error);
      g_assert_no_error (error);
      out = rdt_gridless_to_bytes (gridless, &error);
    }
  else
    {
      g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
      g_assert_no_error (error);
      out = rdt_scenario_to_bytes (scenario, &error);
    }
  g_assert_no_error (error);
  if (g_bytes_get_size (out) != len || memcmp (g_bytes_get_data (out, NULL), contents, len) != 0)
    {
      g_test_message ("%s is not canonical; redoubt-cli format would write:\n%s", path,
                      (const char *) g_bytes_get_data (out, NULL));
      g_test_fail ();
    }
}

static void
round_trip_dir (const char *dir,
                const char *suffix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, suffix))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        assert_round_trip (path);
        n++;
      }
  g_test_message ("%u %s file(s) in %s", n, suffix, dir);
}

/* ------------------------------------------------------------ counter art */

/* Issue 16: <art front back> on units and leaders, read and written canonically. */
static void
test_art_round_trip (void)
{
  g_autofree char *text = read_example ();
  g_autofree char *t1 = NULL;
  g_autofree char *t2 = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(GBytes) out = NULL;
  const RdtUnit *unit;
  g_autoptr(RdtUnit) copy = NULL;

  t1 = replace_once (text, "movement=\"6\" provisional=\"strength morale movement\">\n      <step strength=\"4\"",
                     "movement=\"6\" provisional=\"strength morale movement\">\n      <art front=\"art/40th front.png\" back=\"art/40th-back.png\"/>\n      <step strength=\"4\"");
  t2 = replace_once (t1, "movement=\"8\" provisional=\"movement leader\">\n",
                     "movement=\"8\" provisional=\"movement leader\">\n      <art front=\"musgrave.svg\"/>\n");
  scenario = load_text (t2, diagnostics, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_null (find_diag (diagnostics, RDT_SEVERITY_ERROR, ""));
  unit = rdt_scenario_find_unit (scenario, "40th-foot");
  g_assert_cmpstr (unit->art_front, ==, "art/40th front.png");
  g_assert_cmpstr (unit->art_back, ==, "art/40th-back.png");
  copy = rdt_unit_copy (unit);
  g_assert_cmpstr (copy->art_back, ==, "art/40th-back.png");
  unit = rdt_scenario_find_unit (scenario, "musgrave");
  g_assert_cmpstr (unit->art_front, ==, "musgrave.svg");
  g_assert_null (unit->art_back);
  out = rdt_scenario_to_bytes (scenario, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (g_bytes_get_data (out, NULL), ==, t2);
}

/* Every file reference stays inside the referring file's folder. */
static void
test_art_refused (void)
{
  static const struct { const char *path; const char *needle; } cases[] = {
    { "/etc/passwd", "absolute" },
    { "C:/art/a.png", "drive letter" },
    { "art\\a.png", "backslash" },
    { "../a.png", ".." },
    { "art/../../a.png", ".." },
    { "art//a.png", "empty component" },
    { "", "empty" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *to = g_strdup_printf ("movement=\"8\" provisional=\"movement leader\">\n      <art front=\"a.png\" back=\"%s\"/>\n",
                                             cases[i].path);
      g_test_message ("art path %s", cases[i].path);
      assert_semantic_error ("movement=\"8\" provisional=\"movement leader\">\n", to,
                             cases[i].needle, 72, "art");
    }
}

/* Issue 11 §2 for counter art: a path that passes the lexical check is still
 * resolved inside the file's folder; a link out of it (here to a PNG beside
 * the folder and to /dev/zero) is an error naming <art>, and the reference is
 * kept in the model (written back), so the error is not a drop. */
static void
test_art_link_out_refused (void)
{
  g_autofree char *top = g_dir_make_tmp ("redoubt-art-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (top, "scenario", NULL);
  g_autofree char *outside = g_build_filename (top, "outside.png", NULL);
  g_autofree char *link = g_build_filename (dir, "link.png", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.png", NULL);
  g_autofree char *path = g_build_filename (dir, "art.redoubt", NULL);
  g_autofree char *text = variant ("movement=\"8\" provisional=\"movement leader\">\n",
                                   "movement=\"8\" provisional=\"movement leader\">\n      <art front=\"link.png\" back=\"zero.png\"/>\n");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  guint art_errors = 0;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (outside, "\x89PNG\r\n\x1a\n", 8, NULL));
  g_assert_cmpint (symlink (outside, link), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == RDT_SEVERITY_ERROR && g_strcmp0 (d->element, "art") == 0)
        {
          art_errors++;
          g_assert_false (d->dropped);
          g_assert_nonnull (strstr (d->message, art_errors == 1 ? "link.png" : "zero.png"));
        }
    }
  g_assert_cmpuint (art_errors, ==, 2);
  g_unlink (path);
  g_unlink (link);
  g_unlink (zero);
  g_unlink (outside);
  g_rmdir (dir);
  g_rmdir (top);
}

static void
test_round_trip_test_data (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "format", NULL);

  round_trip_dir (dir, ".redoubt");
  round_trip_dir (dir, ".xml");
}

static void
test_round_trip_bundled (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *scenarios = NULL;
  g_autofree char *volumes = NULL;

  if (root == NULL)
    {
      g_test_skip ("REDOUBT_SOURCE_ROOT is not set");
      return;
    }
  scenarios = g_build_filename (root, "scenarios", NULL);
  volumes = g_build_filename (root, "data", "volumes", NULL);
  round_trip_dir (scenarios, ".redoubt");
  round_trip_dir (volumes, ".xml");
}

/* Data set through the API survives save and load. */
static void
test_round_trip_after_edit (void)
{
  g_autofree char *path = data_path ("example.redoubt");
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtScenario) again = NULL;
  g_autoptr(GBytes) first = NULL;
  g_autoptr(GBytes) second = NULL;
  RdtUnderlay u = { TRUE, (char *) "a & b \"map\".png", 0.1, -2.25, 1e-7, 359.99 };

  rdt_scenario_set_title (scenario, "Tabs\tand <angle> & \"quotes\"\nnew line");
  rdt_scenario_set_underlay (scenario, &u, NULL);
  rdt_scenario_set_terrain (scenario, (RdtHex) { 6, 5 }, 1, NULL, &error);
  g_assert_no_error (error);
  first = rdt_scenario_to_bytes (scenario, &error);
  g_assert_no_error (error);
  again = rdt_scenario_load_from_bytes (first, "again.redoubt", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (rdt_scenario_get_title (again), ==, "Tabs\tand <angle> & \"quotes\"\nnew line");
  g_assert_cmpstr (rdt_scenario_get_underlay (again)->href, ==, "a & b \"map\".png");
  g_assert_cmpfloat (rdt_scenario_get_underlay (again)->origin_x, ==, 0.1);
  g_assert_cmpfloat (rdt_scenario_get_underlay (again)->hex_size, ==, 1e-7);
  g_assert_cmpfloat (rdt_scenario_get_underlay (again)->rotation, ==, 359.99);
  g_assert_cmpint (rdt_scenario_get_terrain (again, (RdtHex) { 6, 5 }), ==, 1);
  second = rdt_scenario_to_bytes (again, &error);
  g_assert_true (g_bytes_equal (first, second));

  /* Text XML cannot hold is refused, not written. */
  rdt_scenario_set_title (scenario, "bell \a");
  g_clear_pointer (&first, g_bytes_unref);
  first = rdt_scenario_to_bytes (scenario, &error);
  g_assert_null (first);
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID);
}

static void
test_save_to_file (void)
{
  g_autofree char *path = data_path ("example.redoubt");
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, NULL, &error);
  g_autofree char *dir = g_dir_make_tmp ("test-format-XXXXXX", &error);
  g_autofree char *target = g_build_filename (dir, "saved.redoubt", NULL);
  g_autofree char *bak = g_strconcat (target, ".bak", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr(RdtScenario) loaded = NULL;

  g_assert_no_error (error);
  g_assert_true (rdt_scenario_save_to_file (scenario, target, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (target, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (rdt_scenario_get_path (scenario), ==, target);

  /* A second save of the same session keeps no new backup and succeeds. */
  rdt_scenario_set_title (scenario, "Changed");
  g_assert_true (rdt_scenario_save_to_file (scenario, target, &error));
  g_assert_no_error (error);

  /* Someone else changes the file: the next save refuses. */
  g_assert_true (g_file_set_contents (target, "changed by someone else", -1, NULL));
  g_assert_false (rdt_scenario_save_to_file (scenario, target, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  loaded = rdt_scenario_load_from_file (path, NULL, &error);
  g_assert_no_error (error);
  g_remove (target);
  g_remove (bak);
  g_rmdir (dir);
}

/* Issue 15: `redoubt-cli format` hands the canonical bytes it already has to
 * the save; they are re-validated all the same, so bytes that do not load
 * never replace a good file. */
static void
test_save_bytes_revalidated (void)
{
  g_autofree char *path = data_path ("example.redoubt");
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, NULL, &error);
  g_autofree char *dir = g_dir_make_tmp ("test-format-XXXXXX", &error);
  g_autofree char *target = g_build_filename (dir, "saved.redoubt", NULL);
  g_autofree char *bak = g_strconcat (target, ".bak", NULL);
  g_autoptr(GBytes) canonical = NULL;
  g_autoptr(GBytes) broken = NULL;
  g_autofree char *written = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  gsize len = 0;
  char *at;

  g_assert_no_error (error);
  canonical = rdt_scenario_to_bytes (scenario, &error);
  g_assert_no_error (error);
  g_assert_true (rdt_scenario_save_bytes_to_file (scenario, canonical, target, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (target, &written, &len, NULL));
  g_assert_cmpuint (len, ==, g_bytes_get_size (canonical));
  g_assert_cmpmem (written, len, g_bytes_get_data (canonical, NULL), len);
  g_assert_cmpstr (rdt_scenario_get_path (scenario), ==, target);

  /* Well-formed bytes the schema refuses (an unknown element in <map>). */
  text = g_strndup (g_bytes_get_data (canonical, NULL), g_bytes_get_size (canonical));
  at = strstr (text, "<map");
  g_assert_nonnull (at);
  at[1] = 'x';
  at = strstr (text, "</map>");
  g_assert_nonnull (at);
  at[2] = 'x';
  broken = g_bytes_new (text, strlen (text));
  g_assert_false (rdt_scenario_save_bytes_to_file (scenario, broken, target, &error));
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID);
  g_clear_error (&error);
  /* Cut short: not even well-formed. */
  g_clear_pointer (&broken, g_bytes_unref);
  broken = g_bytes_new (g_bytes_get_data (canonical, NULL), g_bytes_get_size (canonical) / 2);
  g_assert_false (rdt_scenario_save_bytes_to_file (scenario, broken, target, &error));
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID);
  g_clear_error (&error);

  /* The good file is untouched. */
  g_assert_true (g_file_get_contents (target, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, written);

  g_remove (target);
  g_remove (bak);
  g_rmdir (dir);
}

/* ------------------------------------------------------------- mutators */

typedef struct {
  guint count;
  RdtChangeKind kind;
  GQuark detail;
  RdtHex hex;
  char *id;
} Changes;

static void
on_changed (RdtScenario     *scenario,
            const RdtChange *change,
            Changes         *c)
{
  c->count++;
  c->kind = change->kind;
  c->hex = change->hex;
  g_free (c->id);
  c->id = g_strdup (change->id);
}

static void
on_terrain_changed (RdtScenario     *scenario,
                    const RdtChange *change,
                    guint           *count)
{
  (*count)++;
}

static RdtScenario *
load_example (void)
{
  g_autofree char *path = data_path ("example.redoubt");
  g_autoptr(GError) error = NULL;
  RdtScenario *scenario = rdt_scenario_load_from_file (path, NULL, &error);

  g_assert_no_error (error);
  return scenario;
}

static void
test_mutate_terrain (void)
{
  g_autoptr(RdtScenario) scenario = load_example ();
  g_autoptr(GError) error = NULL;
  Changes c = { 0 };
  guint terrain_count = 0;
  guint old = 99;
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  int woods = rdt_volume_find_terrain (volume, "heavy-woods");

  g_signal_connect (scenario, "changed", G_CALLBACK (on_changed), &c);
  g_signal_connect (scenario, "changed::terrain", G_CALLBACK (on_terrain_changed), &terrain_count);
  g_assert_true (rdt_scenario_set_terrain (scenario, (RdtHex) { 4, 4 }, woods, &old, &error));
  g_assert_cmpuint (old, ==, 0);
  g_assert_cmpuint (c.count, ==, 1);
  g_assert_cmpuint (terrain_count, ==, 1);
  g_assert_cmpint (c.kind, ==, RDT_CHANGE_TERRAIN);
  g_assert_cmpint (c.hex.col, ==, 4);
  /* Setting the same value again is no change. */
  g_assert_true (rdt_scenario_set_terrain (scenario, (RdtHex) { 4, 4 }, woods, &old, &error));
  g_assert_cmpuint (old, ==, (guint) woods);
  g_assert_cmpuint (c.count, ==, 1);
  /* Undo with the old value. */
  g_assert_true (rdt_scenario_set_terrain (scenario, (RdtHex) { 4, 4 }, 0, NULL, &error));
  g_assert_cmpstr (rdt_scenario_get_terrain_type (scenario, (RdtHex) { 4, 4 })->id, ==, "clear");
  g_assert_false (rdt_scenario_set_terrain (scenario, (RdtHex) { 9, 9 }, 0, NULL, &error));
  g_assert_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_OFF_MAP);
  g_free (c.id);
}

static void
test_mutate_hexside (void)
{
  g_autoptr(RdtScenario) scenario = load_example ();
  g_autoptr(GError) error = NULL;
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  RdtHexsideFeatures f, old;
  Changes c = { 0 };

  g_signal_connect (scenario, "changed::hexside", G_CALLBACK (on_changed), &c);
  g_assert_true (rdt_hex_grid_hexside (grid, (RdtHex) { 2, 2 }, (RdtHex) { 2, 3 }, &f.side, NULL));
  rdt_hexside_features_init (&f, f.side);
  f.slope = rdt_volume_find_hexside_type (volume, "slope");
  f.slope_high = (RdtHex) { 2, 3 };
  f.road = rdt_volume_find_hexside_type (volume, "road");
  g_assert_true (rdt_scenario_set_hexside (scenario, &f, &old, &error));
  g_assert_no_error (error);
  g_assert_true (rdt_hexside_features_is_empty (&old));
  g_assert_cmpuint (c.count, ==, 1);
  g_assert_cmpint (rdt_scenario_get_hexside (scenario, f.side)->road, ==, f.road);

  /* 11.43: the high side must be one of the two hexes. */
  f.slope_high = (RdtHex) { 5, 5 };
  g_assert_false (rdt_scenario_set_hexside (scenario, &f, NULL, &error));
  g_assert_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_INVALID);
  g_clear_error (&error);
  /* A type of the wrong kind. */
  f.slope_high = (RdtHex) { 2, 3 };
  f.water = f.road;
  g_assert_false (rdt_scenario_set_hexside (scenario, &f, NULL, &error));
  g_assert_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_UNKNOWN_TYPE);
  g_clear_error (&error);
  /* Not adjacent. */
  f.water = RDT_NO_TYPE;
  f.side.a = (RdtHex) { 1, 1 };
  f.side.b = (RdtHex) { 1, 3 };
  g_assert_false (rdt_scenario_set_hexside (scenario, &f, NULL, &error));
  g_assert_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_NOT_ADJACENT);
  g_clear_error (&error);

  /* Remove, then put back what remove returned. */
  g_assert_true (rdt_hex_grid_hexside (grid, (RdtHex) { 2, 2 }, (RdtHex) { 2, 3 }, &f.side, NULL));
  g_assert_true (rdt_scenario_remove_hexside (scenario, f.side, &old));
  g_assert_null (rdt_scenario_get_hexside (scenario, f.side));
  g_assert_true (rdt_scenario_set_hexside (scenario, &old, NULL, &error));
  g_assert_nonnull (rdt_scenario_get_hexside (scenario, f.side));
  g_assert_cmpuint (c.count, ==, 3);
  g_free (c.id);
}

static void
test_mutate_units (void)
{
  g_autoptr(RdtScenario) scenario = load_example ();
  g_autoptr(GError) error = NULL;
  RdtPlacement p = { 0 }, old = { 0 };
  RdtUnit *unit;
  guint position = 0;
  Changes c = { 0 };
  g_autoptr(GPtrArray) stack = NULL;

  g_signal_connect (scenario, "changed::unit", G_CALLBACK (on_changed), &c);

  unit = rdt_unit_new ("new", "New Unit", 0, RDT_UNIT_KIND_DRAGOONS);
  rdt_unit_add_step (unit, 2, -1, 6);
  g_assert_true (rdt_scenario_add_unit (scenario, unit, 1, &error));
  g_assert_cmpint (rdt_scenario_find_unit_index (scenario, "new"), ==, 1);
  g_assert_cmpint (c.kind, ==, RDT_CHANGE_UNIT_ADDED);
  unit = rdt_unit_new ("new", "Duplicate", 0, RDT_UNIT_KIND_DRAGOONS);
  g_assert_false (rdt_scenario_add_unit (scenario, unit, -1, &error));
  g_assert_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_DUPLICATE_ID);
  g_clear_error (&error);

  p.kind = RDT_PLACEMENT_HEX;
  p.hex = (RdtHex) { 3, 3 };
  g_assert_true (rdt_scenario_move_unit (scenario, "new", &p, &old, &error));
  g_assert_cmpint (old.kind, ==, RDT_PLACEMENT_NONE);
  g_assert_cmpint (c.kind, ==, RDT_CHANGE_UNIT_MOVED);
  stack = rdt_scenario_units_in_hex (scenario, p.hex);
  g_assert_cmpuint (stack->len, ==, 3);   /* 40th Foot, Musgrave, the new unit */
  g_assert_cmpint (rdt_scenario_set_unit_step (scenario, "40th-foot", 1, &error), ==, 0);
  g_assert_cmpint (rdt_unit_stacking_sp (rdt_scenario_find_unit (scenario, "40th-foot")), ==, 2);
  g_assert_cmpint (rdt_scenario_set_unit_step (scenario, "40th-foot", 5, &error), ==, -1);
  g_assert_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_INVALID);
  g_clear_error (&error);

  unit = rdt_scenario_remove_unit (scenario, "new", &position);
  g_assert_nonnull (unit);
  g_assert_cmpuint (position, ==, 1);
  g_assert_null (rdt_scenario_find_unit (scenario, "new"));
  g_assert_cmpint (c.kind, ==, RDT_CHANGE_UNIT_REMOVED);
  g_assert_true (rdt_scenario_add_unit (scenario, unit, position, &error));
  g_assert_cmpint (rdt_scenario_find_unit_index (scenario, "new"), ==, 1);
  g_assert_cmpint (rdt_scenario_find_unit (scenario, "new")->placement.kind, ==, RDT_PLACEMENT_HEX);
  rdt_placement_clear (&old);
  g_free (c.id);
}

static void
test_mutate_areas_locations_entries (void)
{
  g_autoptr(RdtScenario) scenario = load_example ();
  g_autoptr(GError) error = NULL;
  g_autofree char *old_name = NULL;
  g_autofree char *old_location = NULL;
  RdtArea *area;
  guint position;
  RdtHex old_hex;

  g_assert_true (rdt_scenario_add_area (scenario, "bombardment", "Bombardment zone", &error));
  g_assert_false (rdt_scenario_set_area_hex (scenario, "bombardment", (RdtHex) { 2, 2 }, TRUE));
  g_assert_true (rdt_scenario_set_area_hex (scenario, "bombardment", (RdtHex) { 2, 2 }, TRUE));
  rdt_scenario_set_area_hex (scenario, "bombardment", (RdtHex) { 1, 5 }, TRUE);
  g_assert_true (rdt_scenario_area_contains (rdt_scenario_find_area (scenario, "bombardment"), (RdtHex) { 1, 5 }));
  g_assert_true (rdt_scenario_rename_area (scenario, "bombardment", "Militia bombardment zone", &old_name));
  g_assert_cmpstr (old_name, ==, "Bombardment zone");
  area = rdt_scenario_remove_area (scenario, "bombardment", &position);
  g_assert_cmpuint (position, ==, 1);
  g_assert_true (rdt_scenario_insert_area (scenario, area, position, &error));
  g_assert_false (rdt_scenario_add_area (scenario, "bombardment", NULL, &error));
  g_assert_error (error, RDT_SCENARIO_ERROR, RDT_SCENARIO_ERROR_DUPLICATE_ID);

  rdt_scenario_set_location (scenario, (RdtHex) { 3, 3 }, "Cliveden", &old_location);
  g_assert_cmpstr (old_location, ==, "Chew House");
  g_assert_cmpstr (rdt_scenario_get_location_name (scenario, (RdtHex) { 3, 3 }), ==, "Cliveden");
  rdt_scenario_set_location (scenario, (RdtHex) { 3, 3 }, NULL, NULL);
  g_assert_null (rdt_scenario_get_location_name (scenario, (RdtHex) { 3, 3 }));

  g_assert_true (rdt_scenario_set_entry (scenario, "A", &(RdtHex) { 6, 2 }, &old_hex));
  g_assert_cmpint (old_hex.row, ==, 1);
  g_assert_false (rdt_scenario_set_entry (scenario, "V-1", &(RdtHex) { 1, 1 }, NULL));
  g_assert_nonnull (rdt_scenario_find_entry (scenario, "V-1"));
  rdt_scenario_set_entry (scenario, "V-1", NULL, NULL);
  g_assert_null (rdt_scenario_find_entry (scenario, "V-1"));
  /* Undo of the removal, then the removal again (the id index follows). */
  g_assert_false (rdt_scenario_set_entry (scenario, "V-1", &(RdtHex) { 1, 2 }, NULL));
  g_assert_cmpint (rdt_scenario_find_entry (scenario, "V-1")->hex.row, ==, 2);
  g_assert_true (rdt_scenario_set_entry (scenario, "V-1", NULL, &old_hex));
  g_assert_cmpint (old_hex.row, ==, 2);
  g_assert_null (rdt_scenario_find_entry (scenario, "V-1"));
  g_assert_nonnull (rdt_scenario_find_entry (scenario, "A"));
}

static void
test_mutate_grid (void)
{
  g_autoptr(RdtScenario) scenario = load_example ();
  g_autoptr(GError) error = NULL;
  RdtGridSettings s = *rdt_hex_grid_get_settings (rdt_scenario_get_grid (scenario));
  g_autoptr(GArray) saved = rdt_scenario_dup_terrain (scenario);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();

  s.columns = 2;
  g_assert_true (rdt_scenario_set_grid_settings (scenario, &s, &error));
  g_assert_cmpuint (rdt_hex_grid_get_n_hexes (rdt_scenario_get_grid (scenario)), ==, 10);
  g_assert_cmpstr (rdt_scenario_get_terrain_type (scenario, (RdtHex) { 2, 2 })->id, ==, "heavy-woods");
  /* The units and hexes now off the map are reported, not dropped. */
  rdt_scenario_validate (scenario, diagnostics);
  g_assert_nonnull (find_diag (diagnostics, RDT_SEVERITY_ERROR, "hex 0303 is not on the map"));
  s.columns = 6;
  g_assert_true (rdt_scenario_set_grid_settings (scenario, &s, &error));
  g_assert_true (rdt_scenario_restore_terrain (scenario, saved));
  g_assert_cmpstr (rdt_scenario_get_terrain_type (scenario, (RdtHex) { 3, 3 })->id, ==, "chew-house");
  s.columns = 0;
  g_assert_false (rdt_scenario_set_grid_settings (scenario, &s, &error));
  g_assert_nonnull (error);
}

static void
test_volume_table_edit (void)
{
  g_autoptr(RdtScenario) scenario = load_example ();
  g_autoptr(GError) error = NULL;
  g_autofree char *old = NULL;
  gboolean old_prov = FALSE, prov = TRUE;
  RdtVolume *volume = rdt_scenario_get_volume (scenario);

  g_assert_true (rdt_volume_set_table_cell (volume, "to-hit", "artillery", "1", "4", FALSE,
                                            &old, &old_prov, &error));
  g_assert_cmpstr (old, ==, "6");
  g_assert_true (old_prov);
  g_assert_cmpstr (rdt_table_lookup (rdt_volume_find_table (volume, "to-hit"), "artillery", "1", &prov), ==, "4");
  g_assert_false (prov);
  g_assert_false (rdt_volume_set_table_cell (volume, "to-hit", "rifle", "1", "4", FALSE, NULL, NULL, &error));
  g_assert_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_NOT_FOUND);
}

/* An edited effects chart entry is saved inline and reads back. */
static void
test_volume_effects_edit (void)
{
  g_autoptr(RdtScenario) scenario = load_example ();
  g_autoptr(RdtScenario) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  int clear = rdt_volume_find_terrain (volume, "clear");
  RdtEffects e = rdt_volume_get_terrain (volume, clear)->effects;
  RdtEffects old;
  const RdtTerrainType *t;

  e.mp_halves = 5;
  e.prohibited = RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_ARTILLERY) | RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_DRAGOONS);
  e.fire_drm = -1;
  e.provisional = RDT_EFFECT_MP;
  rdt_volume_set_terrain_effects (volume, clear, &e, &old);
  g_assert_cmpint (old.mp_halves, ==, 2);
  bytes = rdt_scenario_to_bytes (scenario, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (g_bytes_get_data (bytes, NULL),
                            "<terrain id=\"clear\" name=\"Clear\" mp=\"2.5\" prohibited=\"dragoons artillery\""));
  again = rdt_scenario_load_from_bytes (bytes, "again.redoubt", NULL, &error);
  g_assert_no_error (error);
  t = rdt_volume_get_terrain (rdt_scenario_get_volume (again), clear);
  g_assert_cmpint (t->effects.mp_halves, ==, 5);
  g_assert_cmpuint (t->effects.prohibited, ==, e.prohibited);
  g_assert_cmpint (t->effects.fire_drm, ==, -1);
  g_assert_cmpuint (t->effects.provisional, ==, RDT_EFFECT_MP);
}

/* 15.32, 16.2: printed morale is a rating used as a DRM: signed, written with
 * a sign; an unsigned value reads as positive and is written back with "+". */
static void
test_signed_morale_15_32 (void)
{
  g_autofree char *a = variant ("<step strength=\"4\" morale=\"+2\"/>",
                                "<step strength=\"4\" morale=\"-2\"/>");
  g_autofree char *text = replace_once (a, "<step strength=\"2\" morale=\"0\"/>",
                                        "<step strength=\"2\" morale=\"3\"/>");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = load_text (text, diagnostics, &error);
  g_autoptr(GBytes) out = NULL;
  RdtUnit *unit;
  const char *data;
  gsize size;

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_null (find_diag (diagnostics, RDT_SEVERITY_ERROR, ""));
  unit = rdt_scenario_find_unit (scenario, "40th-foot");
  g_assert_cmpint (g_array_index (unit->steps, RdtUnitStep, 0).morale, ==, -2);
  g_assert_cmpint (g_array_index (unit->steps, RdtUnitStep, 1).morale, ==, 1);
  unit = rdt_scenario_find_unit (scenario, "proctor");
  g_assert_cmpint (g_array_index (unit->steps, RdtUnitStep, 0).morale, ==, 3);
  out = rdt_scenario_to_bytes (scenario, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (out, &size);
  g_assert_nonnull (g_strstr_len (data, size, "<step strength=\"4\" morale=\"-2\"/>"));
  g_assert_nonnull (g_strstr_len (data, size, "<step strength=\"2\" morale=\"+3\"/>"));
  g_assert_nonnull (g_strstr_len (data, size, "<step strength=\"2\" morale=\"+1\"/>"));
}

/* Brandywine 4.5.2: "The Amusettes never count against stacking" as volume
 * data (<stacking free="amusette">): 4 SPs of foot plus a 3-SP amusette in
 * 0303 overstack only when the amusette counts. */
static void
test_check_stacking_free_kinds_4_5_2 (void)
{
  static const char *amusette =
    "    <unit id=\"amusette\" name=\"Amusettes\" side=\"british\" kind=\"amusette\" movement=\"5\">\n"
    "      <step strength=\"3\" morale=\"0\"/>\n"
    "      <setup hex=\"0303\"/>\n"
    "    </unit>\n"
    "    <unit id=\"morgan\"";
  g_autofree char *counted = variant ("    <unit id=\"morgan\"", amusette);
  g_autofree char *free_text = replace_once (counted, "<stacking max-sp=\"6\" max-artillery=\"1\" rule=\"7.1\"/>",
                                             "<stacking max-sp=\"6\" max-artillery=\"1\" free=\"amusette\" rule=\"7.1\"/>");
  g_autoptr(GPtrArray) d1 = rdt_diagnostics_new ();
  g_autoptr(GPtrArray) d2 = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) a = load_text (counted, d1, &error);
  g_autoptr(RdtScenario) b = NULL;
  g_autoptr(GBytes) out = NULL;
  const char *data;
  gsize size;

  g_assert_no_error (error);
  g_assert_nonnull (find_diag (d1, RDT_SEVERITY_ERROR, "set-up stack in hex 0303 has 7 SPs"));
  b = load_text (free_text, d2, &error);
  g_assert_no_error (error);
  g_assert_null (find_diag (d2, RDT_SEVERITY_ERROR, "set-up stack"));
  out = rdt_scenario_to_bytes (b, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (out, &size);
  g_assert_nonnull (g_strstr_len (data, size, "free=\"amusette\""));
}

/* The per-process volume cache (issue 15): a second load of the same volume
 * file gives the same diagnostics (the parse's warnings and the provisional
 * notes included) and a model of its own; a volume rewritten with the same
 * size and the same mtime is read again. */
static char *
diagnostics_text (GPtrArray *diagnostics)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      g_autofree char *line = rdt_diagnostic_to_string (g_ptr_array_index (diagnostics, i));
      g_string_append_printf (s, "%s\n", line);
    }
  return g_string_free (s, FALSE);
}

static RdtScenario *
load_collecting (const char  *path,
                 char       **out_text)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  RdtScenario *scenario = rdt_scenario_load_from_file (path, diagnostics, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  *out_text = diagnostics_text (diagnostics);
  return scenario;
}

static void
test_volume_cache (void)
{
  g_autofree char *src_scenario = data_path ("volume-href.redoubt");
  g_autofree char *src_volume = data_path ("example-volume.xml");
  g_autofree char *dir = g_dir_make_tmp ("redoubt-volume-cache-XXXXXX", NULL);
  g_autofree char *scenario_path = g_build_filename (dir, "volume-href.redoubt", NULL);
  g_autofree char *volume_path = g_build_filename (dir, "example-volume.xml", NULL);
  g_autofree char *scenario_text = NULL, *volume_text = NULL, *commented = NULL, *edited = NULL;
  g_autofree char *first = NULL, *second = NULL, *third = NULL;
  g_autoptr(RdtScenario) a = NULL, b = NULL, c = NULL;
  RdtVolume *va, *vb;
  struct stat st;
  struct timespec times[2];

  g_assert_nonnull (dir);
  g_assert_true (g_file_get_contents (src_scenario, &scenario_text, NULL, NULL));
  g_assert_true (g_file_get_contents (src_volume, &volume_text, NULL, NULL));
  /* A comment: the parse itself warns about it. */
  commented = replace_once (volume_text, "<title>Example volume</title>",
                            "<title>Example volume</title><!-- kept? -->");
  g_assert_true (g_file_set_contents (scenario_path, scenario_text, -1, NULL));
  g_assert_true (g_file_set_contents (volume_path, commented, -1, NULL));

  a = load_collecting (scenario_path, &first);
  b = load_collecting (scenario_path, &second);
  g_assert_cmpstr (first, ==, second);
  g_assert_nonnull (strstr (second, "example-volume.xml:3: warning: <comment>: XML comment will not be preserved"));
  g_assert_nonnull (strstr (second, "example-volume.xml:11: warning: <terrain>: “clear” has provisional values"));
  /* Each scenario has its own volume: the editor changes it. */
  va = rdt_scenario_get_volume (a);
  vb = rdt_scenario_get_volume (b);
  g_assert_true (va != vb);
  g_assert_true (rdt_scenario_set_terrain_look (a, 0, "#123456", NULL));
  g_assert_cmpstr (rdt_volume_get_terrain (va, 0)->colour, ==, "#123456");
  g_assert_cmpstr (rdt_volume_get_terrain (vb, 0)->colour, !=, "#123456");

  /* Same size, same mtime, other bytes: read again. */
  g_assert_cmpint (g_stat (volume_path, &st), ==, 0);
  edited = replace_once (commented, "<title>Example volume</title>", "<title>Exbmple volume</title>");
  g_assert_cmpuint (strlen (edited), ==, strlen (commented));
  /* In place: the same inode too. */
  {
    FILE *f = fopen (volume_path, "r+");
    g_assert_nonnull (f);
    g_assert_cmpuint (fwrite (edited, 1, strlen (edited), f), ==, strlen (edited));
    g_assert_cmpint (fclose (f), ==, 0);
  }
  times[0] = st.st_atim;
  times[1] = st.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, volume_path, times, 0), ==, 0);
  {
    struct stat now;
    g_assert_cmpint (g_stat (volume_path, &now), ==, 0);
    g_assert_cmpuint (now.st_ino, ==, st.st_ino);
    g_assert_cmpint (now.st_mtim.tv_nsec, ==, st.st_mtim.tv_nsec);
  }
  c = load_collecting (scenario_path, &third);
  g_assert_cmpstr (rdt_volume_get_title (rdt_scenario_get_volume (c)), ==, "Exbmple volume");
  g_assert_cmpstr (rdt_volume_get_title (vb), ==, "Example volume");
  g_assert_cmpstr (third, ==, first);

  g_unlink (volume_path);
  g_unlink (scenario_path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/format/load/example", test_load_example);
  g_test_add_func ("/format/art/round-trip", test_art_round_trip);
  g_test_add_func ("/format/art/refused-outside-folder", test_art_refused);
  g_test_add_func ("/format/art/issue-11/link-out-of-folder-refused", test_art_link_out_refused);
  g_test_add_func ("/format/load/volume-href", test_load_volume_href);
  g_test_add_func ("/format/load/volume-cache", test_volume_cache);
  g_test_add_func ("/format/load/15.32/signed-morale", test_signed_morale_15_32);
  g_test_add_func ("/format/load/volume-missing", test_load_volume_missing);
  g_test_add_func ("/format/load/comment-warning", test_comment_warning);
  g_test_add_func ("/format/refuse/newer-version", test_refuse_newer_version);
  g_test_add_func ("/format/refuse/namespace", test_refuse_namespace);
  g_test_add_func ("/format/refuse/doctype", test_refuse_doctype);
  g_test_add_func ("/format/refuse/malformed", test_refuse_malformed);
  g_test_add_func ("/format/refuse/schema", test_refuse_schema);
  g_test_add_func ("/format/refuse/truncated-binary-empty", test_refuse_truncated_and_binary);
  g_test_add_func ("/format/refuse/too-deep", test_refuse_deep);
  g_test_add_func ("/format/check/hex-off-map", test_check_hex_off_map);
  g_test_add_func ("/format/check/label-malformed", test_check_label_malformed);
  g_test_add_func ("/format/check/unknown-types", test_check_unknown_types);
  g_test_add_func ("/format/check/hexside-adjacent", test_check_hexside_adjacent);
  g_test_add_func ("/format/check/11.43/slope-high-side", test_check_slope_high_side);
  g_test_add_func ("/format/check/duplicate-hexside", test_check_duplicate_hexside);
  g_test_add_func ("/format/check/duplicate-ids", test_check_duplicate_ids);
  g_test_add_func ("/format/check/references", test_check_references);
  g_test_add_func ("/format/check/7.1/overstacked", test_check_stacking_7_1);
  g_test_add_func ("/format/check/7.1/volume-exception", test_check_stacking_exception);
  g_test_add_func ("/format/check/brandywine-4.5.2/amusettes-free", test_check_stacking_free_kinds_4_5_2);
  g_test_add_func ("/format/check/enemy-stack", test_check_enemy_stack);
  g_test_add_func ("/format/check/unplaced", test_check_unplaced);
  g_test_add_func ("/format/check/step", test_check_step);
  g_test_add_func ("/format/check/area-empty", test_check_area_empty);
  g_test_add_func ("/format/check/turns-and-sides", test_check_turns_and_sides);
  g_test_add_func ("/format/check/victory-hex", test_check_victory_hex);
  g_test_add_func ("/format/check/provisional-warnings", test_check_provisional_warnings);
  g_test_add_func ("/format/check/volume-duplicate-id", test_check_volume_duplicate);
  g_test_add_func ("/format/check/duplicate-location", test_check_duplicate_location);
  g_test_add_func ("/format/load/area-sorted-deduplicated", test_area_sorted_and_deduplicated);
  g_test_add_func ("/format/load/volume-ref-datadir", test_volume_ref_datadir);
  g_test_add_func ("/format/docs/example-in-sync", test_docs_example_in_sync);
  g_test_add_func ("/format/round-trip/test-data", test_round_trip_test_data);
  g_test_add_func ("/format/round-trip/bundled", test_round_trip_bundled);
  g_test_add_func ("/format/round-trip/after-edit", test_round_trip_after_edit);
  g_test_add_func ("/format/save/atomic-and-changed-on-disk", test_save_to_file);
  g_test_add_func ("/format/save/issue-15/canonical-bytes-revalidated", test_save_bytes_revalidated);
  g_test_add_func ("/format/mutate/terrain", test_mutate_terrain);
  g_test_add_func ("/format/mutate/hexside", test_mutate_hexside);
  g_test_add_func ("/format/mutate/units", test_mutate_units);
  g_test_add_func ("/format/mutate/areas-locations-entries", test_mutate_areas_locations_entries);
  g_test_add_func ("/format/mutate/grid", test_mutate_grid);
  g_test_add_func ("/format/mutate/volume-table", test_volume_table_edit);
  g_test_add_func ("/format/mutate/volume-effects", test_volume_effects_edit);

  return g_test_run ();
}
