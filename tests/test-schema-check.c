/* test-schema-check.c: the loader's fast schema (issue 15) accepts exactly
 * what data/schema/redoubt.rng accepts.
 *
 * - every C pattern matcher agrees with libxml2's own regular expression for
 *   the same XSD pattern on edge cases and random strings;
 * - lexical variants of a valid file (whitespace the token type collapses,
 *   bad digits, overlong ids, bad list items...) get the same verdict from
 *   the loader and from `xmllint --relaxng data/schema/redoubt.rng` (when
 *   xmllint is installed), and the verdict written here;
 * - the bundled scenarios and volumes pass both. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/xmlregexp.h>
#include <string.h>

#include "rdt-diagnostic.h"
#include "rdt-format-private.h"
#include "rdt-scenario-io.h"
#include "rdt-schema-check-private.h"

static const char *
source_root (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");

  g_assert_nonnull (root);
  return root;
}

/* ------------------------------------------------------------ C matchers */

static void
check_pattern_against_libxml2 (const char   *pattern,
                               const char   *value,
                               xmlRegexpPtr  re)
{
  int c = _rdt_schema_pattern_match (pattern, value);
  int x = xmlRegexpExec (re, (const xmlChar *) value);

  if (c != x)
    g_error ("pattern %s on “%s”: C says %d, libxml2 says %d", pattern, value, c, x);
}

static void
test_patterns_match_libxml2 (void)
{
  static const char *const edges[] = {
    "", " ", "0", "00", "01", "012", "0123", "01234", "012345", "0123456", "1234567",
    "a", "A", "z", "Z", "-", "_", ".", "a-", "a_.-", "-a", "_a", ".a", "a b", "a  b", " a", "a ",
    "0101|0102", "0101|", "|0102", "01|02", "0101||0102", "0101|0102|0103", "0101 |0102",
    "+1", "-1", "+", "-", "+-1", "1.5", "1.", ".5", "1.55", "999.5", "1000", "12.5",
    "1e3", "1E+3", "1e", "1e1234", "-3.25", "+40.0e+005", "+40.e5", "123456789.12345678901234567",
    "1234567890", "#aabbcc", "#AABBCC", "#aabbc", "#aabbccd", "aabbcc", "#gg0000", " #aabbcc",
    "\t0501\n\n0502 0503 ", "0501\t", "05x1", "0501  0502", "\r\n", "٠١", "aé", "é",
    "a234567890123456789012345678901234567890123456789012345678901234",
    "a2345678901234567890123456789012345678901234567890123456789012345",
    "a234567890123456789012345678901234567890123456789012345678901234 b",
    /* gridless points, turn ranges, seeds, digests, ratings (issue 15) */
    "1,2", "1.5,-2.25", "+123456.123456789012,-0.5", "1234567,1", "1.,2", ",", "1,", ",1",
    "1,2 3,4", "1,2,3", "1-2", "12-", "-12", "1234-5678", "12345-1", "12345678901234567890",
    "123456789012345678901", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeF", "6", "7", "9", "10",
  };
  static const char alphabet[] = "0123456789aZz_.-+|# \t\neE5,f";
  const char **known = _rdt_schema_known_patterns ();
  guint n = 0;

  for (guint p = 0; known[p] != NULL; p++)
    {
      xmlRegexpPtr re = xmlRegexpCompile ((const xmlChar *) known[p]);

      g_assert_nonnull (re);
      for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
        check_pattern_against_libxml2 (known[p], edges[i], re);
      for (guint i = 0; i < 20000; i++)
        {
          char buf[80];
          int len = g_test_rand_int_range (0, i % 4 == 0 ? 70 : 12);

          for (int k = 0; k < len; k++)
            buf[k] = alphabet[g_test_rand_int_range (0, sizeof alphabet - 1)];
          buf[len] = '\0';
          check_pattern_against_libxml2 (known[p], buf, re);
        }
      xmlRegFreeRegexp (re);
      n++;
    }
  g_assert_cmpuint (n, >=, 10);
  /* A pattern without a C matcher says so. */
  g_assert_cmpint (_rdt_schema_pattern_match ("[a-z]+", "abc"), ==, -1);
}

/* The transformed schema keeps no pattern facet and folds the effects. */
static void
test_transformed_schema (void)
{
  g_autofree char *path = g_build_filename (source_root (), "data", "schema", "redoubt.rng", NULL);
  g_autofree char *text = NULL;
  g_autofree char *error = NULL;
  gsize size;
  RdtSchemaCheck *check;
  xmlChar *dump = NULL;
  int dump_size = 0;

  g_assert_true (g_file_get_contents (path, &text, &size, NULL));
  g_assert_nonnull (strstr (text, "name=\"pattern\">"));
  check = _rdt_schema_check_new (text, size, &error);
  if (check == NULL)
    g_error ("the schema does not compile for the loader: %s", error);
  xmlDocDumpMemory (_rdt_schema_check_get_doc (check), &dump, &dump_size);
  g_assert_null (strstr ((const char *) dump, "name=\"pattern\">"));
  g_assert_nonnull (strstr ((const char *) dump, "<name ns=\"\">fire-drm</name>"));
  xmlFree (dump);
  _rdt_schema_check_free (check);

  /* A pattern the C code cannot check is refused, not silently dropped. */
  {
    g_autoptr(GString) bad = g_string_new (text);
    g_autofree char *why = NULL;

    g_string_replace (bad, "<param name=\"pattern\">#[0-9A-Fa-f]{6}</param>",
                      "<param name=\"pattern\">#[0-9A-Fa-f]{6}</param><param name=\"minLength\">7</param>", 1);
    check = _rdt_schema_check_new (bad->str, bad->len, &why);
    g_assert_null (check);
    g_assert_nonnull (why);
    g_assert_nonnull (strstr (why, "#[0-9A-Fa-f]{6}"));
  }
}

/* ------------------------------------------------- agreement with xmllint */

typedef struct {
  const char *name;
  const char *from;         /* replaced once in example.redoubt */
  const char *to;
  gboolean valid;
} Variant;

#define HEX "<hex at=\"0202\" terrain=\"heavy-woods\"/>"
#define CLEAR "<terrain id=\"clear\" name=\"Clear\" mp=\"1\" blocks-los=\"false\" zoc=\"true\""
#define AREA "0501 0502 0503"
#define STATES "states=\"first-fire\""

static const Variant variants[] = {
  { "unchanged", HEX, HEX, TRUE },
  { "hex-with-spaces", HEX, "<hex at=\" 0202 \" terrain=\"heavy-woods\"/>", TRUE },
  { "hex-newline-ref", HEX, "<hex at=\"&#10;0202&#13;\" terrain=\"heavy-woods\"/>", TRUE },
  { "hex-letters", HEX, "<hex at=\"0A02\" terrain=\"heavy-woods\"/>", FALSE },
  { "hex-one-digit", HEX, "<hex at=\"2\" terrain=\"heavy-woods\"/>", FALSE },
  { "hex-seven-digits", HEX, "<hex at=\"0202020\" terrain=\"heavy-woods\"/>", FALSE },
  { "hex-two-labels", HEX, "<hex at=\"0202 0203\" terrain=\"heavy-woods\"/>", FALSE },
  { "hex-inner-tab", HEX, "<hex at=\"02&#9;02\" terrain=\"heavy-woods\"/>", FALSE },
  { "hex-arabic-digits", HEX, "<hex at=\"٠٢٠٢\" terrain=\"heavy-woods\"/>", FALSE },
  { "id-padded", HEX, "<hex at=\"0202\" terrain=\" heavy-woods \"/>", TRUE },
  { "id-leading-dash", HEX, "<hex at=\"0202\" terrain=\"-woods\"/>", FALSE },
  { "id-accent", HEX, "<hex at=\"0202\" terrain=\"bois-é\"/>", FALSE },
  { "id-64", HEX, "<hex at=\"0202\" terrain=\"a234567890123456789012345678901234567890123456789012345678901234\"/>", TRUE },
  { "id-65", HEX, "<hex at=\"0202\" terrain=\"a2345678901234567890123456789012345678901234567890123456789012345\"/>", FALSE },
  { "unknown-attribute", HEX, "<hex at=\"0202\" terrain=\"heavy-woods\" mp=\"1\"/>", FALSE },
  { "id-list-tab", STATES, "states=\"first-fire&#9;first-fire\"", TRUE },
  { "id-list-double-space", STATES, "states=\"first-fire  first-fire \"", TRUE },
  { "id-list-bad-item", STATES, "states=\"first-fire -x\"", FALSE },
  { "id-list-blank", STATES, "states=\"  \"", FALSE },
  { "bool-padded", CLEAR, "<terrain id=\"clear\" name=\"Clear\" mp=\"1\" blocks-los=\" false \" zoc=\"&#9;true&#10;\"", TRUE },
  { "bool-yes", CLEAR, "<terrain id=\"clear\" name=\"Clear\" mp=\"1\" blocks-los=\"false\" zoc=\"yes\"", FALSE },
  { "mp-half", CLEAR, "<terrain id=\"clear\" name=\"Clear\" mp=\"999.5\" blocks-los=\"false\" zoc=\"true\"", TRUE },
  { "mp-quarter", CLEAR, "<terrain id=\"clear\" name=\"Clear\" mp=\"1.25\" blocks-los=\"false\" zoc=\"true\"", FALSE },
  { "mp-exponent", CLEAR, "<terrain id=\"clear\" name=\"Clear\" mp=\"1e3\" blocks-los=\"false\" zoc=\"true\"", FALSE },
  { "mp-four-digits", CLEAR, "<terrain id=\"clear\" name=\"Clear\" mp=\"1000\" blocks-los=\"false\" zoc=\"true\"", FALSE },
  { "colour", CLEAR, "<terrain id=\"clear\" name=\"Clear\" colour=\"#2F6b2a\" mp=\"1\" blocks-los=\"false\" zoc=\"true\"", TRUE },
  { "colour-padded", CLEAR, "<terrain id=\"clear\" name=\"Clear\" colour=\" #2f6b2a\" mp=\"1\" blocks-los=\"false\" zoc=\"true\"", FALSE },
  { "colour-short", CLEAR, "<terrain id=\"clear\" name=\"Clear\" colour=\"#2f6b2\" mp=\"1\" blocks-los=\"false\" zoc=\"true\"", FALSE },
  { "pattern-unknown", CLEAR, "<terrain id=\"clear\" name=\"Clear\" pattern=\"stripes\" mp=\"1\" blocks-los=\"false\" zoc=\"true\"", FALSE },
  { "effect-list-padded", "provisional=\"zoc fire-drm cc-drm\"/>", "provisional=\"  zoc&#9;&#9;fire-drm  \"/>", TRUE },
  { "effect-list-blank", "provisional=\"zoc fire-drm cc-drm\"/>", "provisional=\"  \"/>", FALSE },
  { "effect-list-bad", "provisional=\"zoc fire-drm cc-drm\"/>", "provisional=\"zoc morale\"/>", FALSE },
  { "signed-plus", "fire-drm=\"-3\"", "fire-drm=\"+999999\"", TRUE },
  { "signed-two-signs", "fire-drm=\"-3\"", "fire-drm=\"+-3\"", FALSE },
  { "signed-seven-digits", "fire-drm=\"-3\"", "fire-drm=\"-1000000\"", FALSE },
  { "rule-1000-chars", "rule=\"Germantown 3.10\"", "rule=\"" "@1000" "\"", TRUE },
  { "rule-1001-chars", "rule=\"Germantown 3.10\"", "rule=\"" "@1001" "\"", FALSE },
  { "title-1000-chars", "<title>A small complete example</title>", "<title>@1000</title>", TRUE },
  { "title-1001-chars", "<title>A small complete example</title>", "<title>@1001</title>", FALSE },
  { "title-1000-accented", "<title>A small complete example</title>", "<title>ééééé@995</title>", TRUE },
  /* Blank text next to a comment or CDATA counts towards maxLength: the loader
   * keeps blank text nodes in such files. */
  { "title-blanks-around-comment", "<title>A small complete example</title>",
    "<title>~600<!-- x -->~401</title>", FALSE },
  { "title-cdata-then-blanks", "<title>A small complete example</title>",
    "<title><![CDATA[@999]]>  </title>", FALSE },
  { "title-blanks-only", "<title>A small complete example</title>", "<title>   </title>", TRUE },
  { "title-split-by-comment", "<title>A small complete example</title>", "<title>@600<!-- x -->@401</title>", FALSE },
  { "real-exponent", "origin-x=\"40\"", "origin-x=\"+40.0e+005\"", TRUE },
  { "real-dot-exponent", "origin-x=\"40\"", "origin-x=\"+40.e5\"", FALSE },
  { "real-leading-dot", "origin-x=\"40\"", "origin-x=\".5\"", FALSE },
  { "hexside-spaced", "at=\"0101|0102\"", "at=\"0101 |0102\"", FALSE },
  { "hexside-three", "at=\"0101|0102\"", "at=\"0101|0102|0103\"", FALSE },
  { "count-negative", "columns=\"6\"", "columns=\"-6\"", FALSE },
  { "count-padded", "columns=\"6\"", "columns=\" 6\"", TRUE },
  { "area-whitespace", AREA, "&#9;0501&#10;&#10;0502 0503 ", TRUE },
  { "area-empty", AREA, "", TRUE },
  { "area-comment-spaced", AREA, " 0501<!-- x --> 0502", TRUE },
  { "area-comment-joined", AREA, " 0501<!-- x -->0502", FALSE },
  { "area-cdata", AREA, " 0501<![CDATA[ 0502]]>", TRUE },
  { "area-bad-label", AREA, "0501 05x2", FALSE },
  { "free-kinds-bad", "<stacking max-sp=\"6\"", "<stacking free=\"leader cannon\" max-sp=\"6\"", FALSE },
  { "free-kinds", "<stacking max-sp=\"6\"", "<stacking free=\" leader&#10;artillery\" max-sp=\"6\"", TRUE },
};

/* Each "@N" in a replacement stands for N letters x, each "~N" for N spaces. */
static char *
expand (const char *to)
{
  GString *out = g_string_new (NULL);

  while (*to != '\0')
    {
      char *end = NULL;

      char fill = *to == '@' ? 'x' : ' ';

      if (*to != '@' && *to != '~')
        {
          g_string_append_c (out, *to++);
          continue;
        }
      for (guint64 n = g_ascii_strtoull (to + 1, &end, 10); n > 0; n--)
        g_string_append_c (out, fill);
      to = end;
    }
  return g_string_free (out, FALSE);
}

static gboolean
xmllint_accepts (const char *xmllint,
                 const char *path)
{
  g_autofree char *rng = g_build_filename (source_root (), "data", "schema", "redoubt.rng", NULL);
  const char *argv[] = { xmllint, "--noout", "--nonet", "--relaxng", rng, path, NULL };
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL,
                               G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  return g_spawn_check_wait_status (status, NULL);
}

static gboolean
loader_accepts (const char *path,
                char      **why)
{
  g_autofree char *data = NULL;
  gsize size;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  bytes = g_bytes_new_take (g_steal_pointer (&data), size);
  ok = rdt_format_check_bytes (bytes, path, NULL, &error);
  if (why != NULL)
    *why = error != NULL ? g_strdup (error->message) : NULL;
  return ok;
}

static void
test_variants_agree_with_xmllint (void)
{
  g_autofree char *example = g_build_filename (source_root (), "tests", "data", "format",
                                               "example.redoubt", NULL);
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *original = NULL;
  g_autofree char *dir = g_dir_make_tmp ("redoubt-schema-XXXXXX", NULL);

  if (xmllint == NULL)
    g_test_message ("xmllint not installed: checking the loader's verdicts only");
  g_assert_true (g_file_get_contents (example, &original, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      const Variant *v = &variants[i];
      g_autoptr(GString) text = g_string_new (original);
      g_autofree char *to = expand (v->to);
      g_autofree char *path = g_build_filename (dir, v->name, NULL);
      g_autofree char *why = NULL;
      gboolean loader;

      if (strstr (text->str, v->from) == NULL)
        g_error ("variant %s: “%s” is not in example.redoubt", v->name, v->from);
      g_string_replace (text, v->from, to, 1);
      g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
      loader = loader_accepts (path, &why);
      if (loader != v->valid)
        g_error ("variant %s: the loader %s it (%s)", v->name,
                 loader ? "accepts" : "refuses", why != NULL ? why : "no error");
      if (!loader)
        {
          /* The message names the file, line and element. */
          g_assert_nonnull (why);
          g_assert_true (g_str_has_prefix (why, path));
        }
      if (xmllint != NULL && xmllint_accepts (xmllint, path) != v->valid)
        g_error ("variant %s: xmllint --relaxng %s it", v->name, v->valid ? "refuses" : "accepts");
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
test_bundled_files_agree_with_xmllint (void)
{
  const char *dirs[] = { "scenarios", "data/volumes" };
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  guint n = 0;

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autofree char *dir_path = g_build_filename (source_root (), dirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = NULL;
          g_autofree char *why = NULL;

          if (!g_str_has_suffix (name, ".redoubt") && !g_str_has_suffix (name, ".xml"))
            continue;
          path = g_build_filename (dir_path, name, NULL);
          if (!loader_accepts (path, &why))
            g_error ("%s: the loader refuses it: %s", name, why);
          if (xmllint != NULL && !xmllint_accepts (xmllint, path))
            g_error ("%s: xmllint --relaxng refuses it", name);
          n++;
        }
    }
  g_assert_cmpuint (n, >=, 10);
}

/* The element text check reports the element and its line. */
static void
test_value_message (void)
{
  const char *text =
    "<?xml version=\"1.0\"?>\n<volume xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"v\">\n"
    "<title>t</title><series-rules edition=\"current\"/><stacking max-sp=\"6\" max-artillery=\"1\"/>\n"
    "<terrain id=\"clear\" name=\"Clear\" mp=\"1.25\"/>\n</volume>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  const RdtDiagnostic *d;

  g_assert_false (rdt_format_check_bytes (bytes, "v.xml", diagnostics, &error));
  g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_SCHEMA);
  g_assert_cmpuint (diagnostics->len, ==, 1);
  d = g_ptr_array_index (diagnostics, 0);
  g_assert_cmpint (d->line, ==, 4);
  g_assert_cmpstr (d->element, ==, "terrain");
  g_assert_nonnull (strstr (d->message, "mp=“1.25”"));
  g_assert_nonnull (strstr (error->message, "v.xml:4: <terrain>"));
}


/* ------------------------------------------- the save's streaming check */

typedef struct {
  guint files;
  guint valid;
  guint refused_by_both;
  guint refused_by_stream_only;
} Agreement;

/* Issue 15: the save re-validates what it writes with a streaming check
 * first and runs the full check only when that one is not sure.  It must
 * never say "valid" where the full check (the loader's) refuses, and must
 * say it for what the full check accepts, or it saves nothing. */
static void
agree (Agreement  *a,
       const char *what,
       const char *data,
       gsize       size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  gboolean stream = _rdt_format_stream_check_bytes (bytes);
  gboolean full = rdt_format_check_bytes (bytes, what, diagnostics, &error);
  gboolean full_clean = full && rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) == 0;

  a->files++;
  if (stream && !full_clean)
    g_error ("%s: the streaming check accepts what the full check refuses (%s)", what,
             error != NULL ? error->message : "an error finding");
  if (full_clean && !stream)
    a->refused_by_stream_only++;
  else if (!full)
    a->refused_by_both++;
  if (full_clean)
    a->valid++;
}

/* A copy of @text with one random change (seeded): a line dropped,
 * repeated or cut, an attribute dropped, a character replaced. */
static char *
mutate (GRand      *rand,
        const char *text)
{
  static const char chars[] = "<>\"'=/&;x0- \t\n#é";
  GString *out = g_string_new (text);
  guint len = out->len;
  guint at = len > 0 ? (guint) g_rand_int_range (rand, 0, (gint32) len) : 0;
  const char *line = out->str + at;
  const char *start, *end;

  while (line > out->str && line[-1] != '\n')
    line--;
  start = line;
  end = strchr (start, '\n');
  end = end != NULL ? end + 1 : out->str + len;
  switch (g_rand_int_range (rand, 0, 6))
    {
    case 0:   /* drop the line */
      g_string_erase (out, start - out->str, end - start);
      break;
    case 1:   /* repeat it */
      {
        g_autofree char *copy = g_strndup (start, end - start);
        g_string_insert (out, end - out->str, copy);
      }
      break;
    case 2:   /* cut the file there */
      g_string_truncate (out, at);
      break;
    case 3:   /* drop an attribute of the line */
      {
        const char *eq = memchr (start, '=', end - start);
        if (eq != NULL && eq[1] == '"')
          {
            const char *name = eq, *close = strchr (eq + 2, '"');
            while (name > start && name[-1] != ' ')
              name--;
            if (close != NULL && name > start)
              g_string_erase (out, name - 1 - out->str, close + 1 - (name - 1));
          }
      }
      break;
    case 4:   /* one character replaced */
      {
        guint c = (guint) g_rand_int_range (rand, 0, sizeof chars - 1);
        if (at < out->len)
          out->str[at] = chars[c];
      }
      break;
    default:  /* a digit or letter replaced by another */
      for (guint i = at; i < out->len; i++)
        if (g_ascii_isalnum (out->str[i]))
          {
            out->str[i] = g_ascii_isdigit (out->str[i]) ? 'a' + (out->str[i] - '0') : '7';
            break;
          }
      break;
    }
  /* Replacing a byte of a multi-byte character may leave invalid UTF-8:
   * that is a case too. */
  return g_string_free (out, FALSE);
}

static void
agree_with_file_and_mutations (Agreement  *a,
                               GRand      *rand,
                               const char *path,
                               guint       n_mutations)
{
  g_autofree char *text = NULL;
  gsize size;

  if (!g_file_get_contents (path, &text, &size, NULL))
    return;
  agree (a, path, text, size);
  for (guint m = 0; m < n_mutations && memchr (text, '\0', size) == NULL; m++)
    {
      g_autofree char *changed = mutate (rand, text);
      g_autofree char *what = g_strdup_printf ("%s (mutation %u)", path, m);
      agree (a, what, changed, strlen (changed));
    }
}

static void
agree_with_folder (Agreement  *a,
                   GRand      *rand,
                   const char *folder,
                   guint       n_mutations)
{
  g_autofree char *dir_path = g_build_filename (source_root (), folder, NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          g_autofree char *sub = g_build_filename (folder, name, NULL);
          agree_with_folder (a, rand, sub, n_mutations);
        }
      else if (g_str_has_suffix (name, ".redoubt") || g_str_has_suffix (name, ".xml") ||
               g_str_has_suffix (name, ".game") || strchr (name, '.') == NULL)
        agree_with_file_and_mutations (a, rand, path, n_mutations);
    }
}

static void
test_streaming_check_agrees (void)
{
  g_autofree char *example = g_build_filename (source_root (), "tests", "data", "format",
                                               "example.redoubt", NULL);
  g_autofree char *original = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1777);
  Agreement a = { 0 };
  guint bundled_valid;

  /* The bundled files and the canonical bytes the writer makes of them
   * (what a save checks): all valid, and the streaming check must say so. */
  agree_with_folder (&a, rand, "scenarios", 0);
  agree_with_folder (&a, rand, "data/volumes", 0);
  g_assert_cmpuint (a.valid, ==, a.files);
  g_assert_cmpuint (a.refused_by_stream_only, ==, 0);
  bundled_valid = a.valid;
  {
    const char *names[] = { "germantown.redoubt", "brandywine.redoubt", "savannah-historical.redoubt" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (source_root (), "scenarios", names[i], NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, NULL, &error);
        g_autoptr(GBytes) canonical = NULL;

        g_assert_no_error (error);
        canonical = rdt_scenario_to_bytes (sc, &error);
        g_assert_no_error (error);
        g_assert_true (_rdt_format_stream_check_bytes (canonical));
      }
  }
  g_assert_cmpuint (bundled_valid, >=, 10);

  /* The lexical variants above, each refused for one value. */
  g_assert_true (g_file_get_contents (example, &original, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      g_autoptr(GString) text = g_string_new (original);
      g_autofree char *to = expand (variants[i].to);

      g_string_replace (text, variants[i].from, to, 1);
      agree (&a, variants[i].name, text->str, text->len);
    }
  /* The hostile corpus, the fuzz seeds, every test file, and random
   * mutations of the scenarios and volumes. */
  agree_with_folder (&a, rand, "tests/data", 3);
  agree_with_folder (&a, rand, "tests/fuzz/corpus", 3);
  agree_with_folder (&a, rand, "scenarios", 60);
  agree_with_folder (&a, rand, "data/volumes", 60);
  g_test_message ("%u files: %u valid, %u refused by both checks, %u refused by the streaming check only",
                  a.files, a.valid, a.refused_by_both, a.refused_by_stream_only);
  g_assert_cmpuint (a.refused_by_both, >=, 200);
  /* Valid files the streaming check is not sure of still save (the full
   * check decides), only more slowly; they should be rare. */
  g_assert_cmpuint (a.refused_by_stream_only * 20, <=, a.valid);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/schema-check/patterns-match-libxml2", test_patterns_match_libxml2);
  g_test_add_func ("/format/schema-check/transformed-schema", test_transformed_schema);
  g_test_add_func ("/format/schema-check/variants-agree-with-xmllint", test_variants_agree_with_xmllint);
  g_test_add_func ("/format/schema-check/bundled-files-agree-with-xmllint", test_bundled_files_agree_with_xmllint);
  g_test_add_func ("/format/schema-check/message-names-line-element-attribute", test_value_message);
  g_test_add_func ("/format/save/issue-15/streaming-check-agrees", test_streaming_check_agrees);
  return g_test_run ();
}
