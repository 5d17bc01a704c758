/* data-loss-cases.h: the files of issue 11 §1, shared by test-model (the
 * document layer) and test-editor-data-loss (the real editor).
 *
 * Each case is tests/data/format/example.redoubt (a canonical file) with one
 * thing the model cannot hold put in: @anchor (its first occurrence) becomes
 * @bad.  Until the user agrees, a save must leave the file as it is; after
 * "Drop and Save" the file must be exactly the original with @bad written as
 * @dropped (what the model kept of it), compared element by element, and
 * PATH.bak must be the file as it was, byte for byte.
 *
 * Header-only (static functions) so that each test program compiles it.
 */
#pragma once

#include <glib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>

typedef struct {
  const char *name;      /* test path component */
  const char *anchor;    /* text of example.redoubt, first occurrence */
  const char *bad;       /* what the anchor becomes in the broken file */
  const char *dropped;   /* what a confirmed drop writes in its place */
  const char *element;   /* the element the finding names */
  const char *message;   /* a part of the finding's message */
  gboolean unwritable;   /* the writer refuses what the model kept: a
                          * confirmed drop still writes nothing */
} DlCase;

#define DL_HEX_0303 "<hex at=\"0303\" terrain=\"chew-house\"/>"
#define DL_LOCATION "<location at=\"0303\" name=\"Chew House\"/>"
#define DL_ROAD "<hexside at=\"0401|0402\" road=\"road\"/>"
#define DL_COMBINED "<combined id=\"up-slope-creek\" name=\"Up slope/creek\" slope=\"slope\" with=\"creek\" direction=\"up\" mp=\"2\" blocks-los=\"false\" zoc=\"true\" strategic=\"false\" slope-for-los=\"true\" covered=\"false\" fire-drm=\"0\" cc-drm=\"0\" provisional=\"mp zoc fire-drm cc-drm\" rule=\"9.4\"/>"
#define DL_STATE "<state id=\"first-fire\" name=\"First Fire\" rule=\"11.1\"/>"
#define DL_AMERICAN "<side id=\"american\" name=\"American\" army-morale=\"18\"/>"

static const DlCase dl_cases[] = {
  /* The kinds the issue names. */
  { "unknown-terrain", DL_HEX_0303,
    DL_HEX_0303 "\n    <hex at=\"0404\" terrain=\"swamp\"/>", DL_HEX_0303,
    "hex", "has no terrain “swamp”", FALSE },
  { "hexside-unknown-road", DL_ROAD,
    DL_ROAD "\n    <hexside at=\"0501|0502\" water=\"creek\" road=\"highway\"/>", DL_ROAD,
    "hexside", "no hexside type “highway”", FALSE },
  { "objective-side-misspelt", "<objective at=\"0303\" side=\"american\"",
    "<objective at=\"0303\" side=\"amercian\"", "<objective at=\"0303\"",
    "objective", "unknown side “amercian”", FALSE },
  { "default-terrain-misspelt", "<map default-terrain=\"clear\">",
    "<map default-terrain=\"claer\">", "<map default-terrain=\"clear\">",
    "map", "default-terrain “claer”", FALSE },
  { "first-player-unknown", " first-player=\"british\"",
    " first-player=\"hessian\"", "",
    "turns", "first-player “hessian”", FALSE },
  { "combined-unknown-with", "\n    " DL_COMBINED,
    "\n    <combined id=\"up-slope-river\" name=\"Up slope/river\" slope=\"slope\" with=\"river\" direction=\"up\" mp=\"2\" blocks-los=\"false\" zoc=\"true\" strategic=\"false\" slope-for-los=\"true\" covered=\"false\" fire-drm=\"0\" cc-drm=\"0\"/>",
    "", "combined", "unknown hexside type “river”", FALSE },
  { "duplicate-location", DL_LOCATION,
    DL_LOCATION "\n    <location at=\"0303\" name=\"Cliveden\"/>", DL_LOCATION,
    "location", "already has a named location", FALSE },
  { "off-map-hex", DL_HEX_0303,
    DL_HEX_0303 "\n    <hex at=\"0909\" terrain=\"heavy-woods\"/>", DL_HEX_0303,
    "hex", "hex 0909 is not on the map", FALSE },
  { "wrong-width-label", DL_HEX_0303,
    DL_HEX_0303 "\n    <hex at=\"404\" terrain=\"heavy-woods\"/>", DL_HEX_0303,
    "hex", "at=\"404\" is not a hex label", FALSE },
  /* The other errors the loader reports about what it then drops. */
  { "duplicate-hex", DL_HEX_0303,
    DL_HEX_0303 "\n    <hex at=\"0303\" terrain=\"heavy-woods\"/>", DL_HEX_0303,
    "hex", "already has its terrain set", FALSE },
  { "duplicate-hexside", DL_ROAD,
    DL_ROAD "\n    <hexside at=\"0401|0402\" water=\"creek\"/>", DL_ROAD,
    "hexside", "is already described", FALSE },
  { "hexside-type-of-wrong-kind", DL_ROAD,
    DL_ROAD "\n    <hexside at=\"0501|0502\" road=\"creek\"/>", DL_ROAD,
    "hexside", "is of kind water, not road", FALSE },
  { "hexside-wrong-width-label", DL_ROAD,
    DL_ROAD "\n    <hexside at=\"0501|502\" road=\"road\"/>", DL_ROAD,
    "hexside", "is not a hex label", FALSE },
  { "slope-high-wrong-width", "high=\"0102\"", "high=\"102\"", NULL,
    "hexside", "high=\"102\"", FALSE },
  { "fieldwork-symbol-wrong-width", "symbol=\"0303\"", "symbol=\"303\"", NULL,
    "hexside", "symbol=\"303\"", FALSE },
  { "objective-wrong-width-label", "\n    <objective at=\"0303\" side=\"american\" vp=\"3\" when=\"end\"/>",
    "\n    <objective at=\"303\" side=\"american\" vp=\"3\" when=\"end\"/>", "",
    "objective", "at=\"303\"", FALSE },
  { "entry-wrong-width-label", "<entry id=\"A\" at=\"0601\"", "<entry id=\"A\" at=\"601\"", NULL,
    "entry", "at=\"601\"", FALSE },
  { "area-wrong-width-label", "0501 0502 0503", "0501 0502 0503 504", "0501 0502 0503",
    "area", "area=\"504\"", FALSE },
  { "setup-hex-wrong-width", "<setup hex=\"0303\"/>", "<setup hex=\"303\"/>", "<unused/>",
    "setup", "hex=\"303\"", FALSE },
  { "retreat-hex-wrong-width", DL_AMERICAN,
    "<side id=\"american\" name=\"American\" army-morale=\"18\">\n      <retreat hex=\"101\"/>\n    </side>",
    DL_AMERICAN, "retreat", "hex=\"101\"", FALSE },
  { "retreat-north-out-of-range", DL_AMERICAN,
    "<side id=\"american\" name=\"American\" army-morale=\"18\">\n      <retreat directions=\"N NE\" north=\"1e999\"/>\n    </side>",
    NULL, "retreat", "north=\"1e999\"", FALSE },
  { "duplicate-side", DL_AMERICAN,
    DL_AMERICAN "\n    <side id=\"american\" name=\"Continentals\"/>", DL_AMERICAN,
    "side", "american", FALSE },
  { "underlay-number-out-of-range", "origin-x=\"40\"", "origin-x=\"1e999\"", NULL,
    "underlay", "out of range", FALSE },
  { "duplicate-terrain-type", "\n    <hexside-type id=\"primary-ford\"",
    "\n    <terrain id=\"clear\" name=\"Clear again\" mp=\"2\"/>\n    <hexside-type id=\"primary-ford\"",
    "\n    <hexside-type id=\"primary-ford\"", "terrain", "clear", FALSE },
  { "duplicate-hexside-type", "\n    " DL_COMBINED,
    "\n    <hexside-type id=\"road\" name=\"Track\" kind=\"road\" mp=\"1\"/>\n    " DL_COMBINED,
    "\n    " DL_COMBINED, "hexside-type", "road", FALSE },
  { "combined-slope-not-a-slope", "\n    " DL_COMBINED,
    "\n    <combined id=\"creek-road\" name=\"Creek/road\" slope=\"creek\" with=\"road\" direction=\"any\" mp=\"2\"/>",
    "", "combined", "is not a slope hexside type", FALSE },
  { "duplicate-combined", "\n    " DL_COMBINED,
    "\n    " DL_COMBINED "\n    <combined id=\"up-slope-creek\" name=\"Again\" slope=\"slope\" with=\"creek\" direction=\"down\" mp=\"3\"/>",
    "\n    " DL_COMBINED, "combined", "up-slope-creek", FALSE },
  { "duplicate-state", DL_STATE,
    DL_STATE "\n    <state id=\"first-fire\" name=\"Again\"/>", DL_STATE,
    "state", "first-fire", FALSE },
  { "duplicate-table", "\n    <table id=\"to-hit\"",
    "\n    <table id=\"tactics-matrix\" name=\"Again\"><columns><c>1</c></columns></table>\n    <table id=\"to-hit\"",
    "\n    <table id=\"to-hit\"", "table", "tactics-matrix", FALSE },
  /* Comments and processing instructions: saving drops them too. */
  { "xml-comment", DL_HEX_0303, DL_HEX_0303 "\n    <!-- Chew House: stone walls -->", DL_HEX_0303,
    "comment", "comment will not be preserved", FALSE },
  { "processing-instruction", DL_HEX_0303, DL_HEX_0303 "\n    <?editor keep-me?>", DL_HEX_0303,
    "processing-instruction", "processing instruction <?editor?> will not be preserved", FALSE },
  /* Kept by the model in a form the writer refuses (side=""): the confirmed
   * drop cannot write either, and the file stays as it is. */
  { "unit-side-unknown", "side=\"british\" formation=\"musgrave\"",
    "side=\"hessian\" formation=\"musgrave\"", NULL,
    "unit", "unknown side “hessian”", TRUE },
  { "condition-side-unknown", "<condition side=\"american\"", "<condition side=\"amercian\"", NULL,
    "condition", "unknown side “amercian”", TRUE },
};

/* @text with the first @anchor replaced by @with; (transfer full). */
static char *
dl_replace_first (const char *text,
                  const char *anchor,
                  const char *with)
{
  const char *at = strstr (text, anchor);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, with, at + strlen (anchor));
}

static char *
dl_read (const char *path,
         gsize      *len)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, len, &error));
  g_assert_no_error (error);
  return contents;
}

/* The canonical example file; (transfer full). */
static char *
dl_example (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : "..", "tests", "data", "format",
                                            "example.redoubt", NULL);

  return dl_read (path, NULL);
}

/* Writes the broken file of @c into @dir; returns its path (transfer full). */
static char *
dl_write_case (const DlCase *c,
               const char   *dir)
{
  g_autofree char *example = dl_example ();
  g_autofree char *bad = dl_replace_first (example, c->anchor, c->bad);
  g_autofree char *base = g_strdup_printf ("%s.redoubt", c->name);
  char *path = g_build_filename (dir, base, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, bad, -1, &error));
  g_assert_no_error (error);
  return path;
}

/* What the file must hold after a confirmed drop, or NULL when @c only
 * checks that the finding is named (the value the model substitutes is not
 * the point); (transfer full). */
static char *
dl_expected_after_drop (const DlCase *c)
{
  g_autofree char *example = dl_example ();

  if (c->dropped == NULL)
    return NULL;
  return dl_replace_first (example, c->anchor, c->dropped);
}

static int
dl_compare_attrs (gconstpointer a,
                  gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* "name=value" of every attribute, sorted (order is not significant). */
static char *
dl_attrs_of (xmlNode *node)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);

  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      xmlChar *value = xmlNodeListGetString (node->doc, a->children, 1);

      g_ptr_array_add (list, g_strdup_printf ("%s=%s", (const char *) a->name,
                                              value ? (const char *) value : ""));
      xmlFree (value);
    }
  g_ptr_array_sort (list, dl_compare_attrs);
  for (guint i = 0; i < list->len; i++)
    g_string_append_printf (out, " %s", (const char *) g_ptr_array_index (list, i));
  return g_string_free (out, FALSE);
}

/* Own text of an element (its text children), trimmed. */
static char *
dl_text_of (xmlNode *node)
{
  GString *out = g_string_new (NULL);

  for (xmlNode *c = node->children; c != NULL; c = c->next)
    if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)
      g_string_append (out, (const char *) c->content);
  return g_strstrip (g_string_free (out, FALSE));
}

static void
dl_compare_nodes (xmlNode *a,
                  xmlNode *b,
                  GString *diffs)
{
  g_autofree char *aa = NULL;
  g_autofree char *ba = NULL;
  g_autofree char *at = NULL;
  g_autofree char *bt = NULL;
  xmlNode *ca, *cb;

  if (g_strcmp0 ((const char *) a->name, (const char *) b->name) != 0)
    {
      g_string_append_printf (diffs, "line %d <%s> vs line %d <%s>\n",
                              (int) xmlGetLineNo (a), a->name, (int) xmlGetLineNo (b), b->name);
      return;
    }
  aa = dl_attrs_of (a);
  ba = dl_attrs_of (b);
  if (strcmp (aa, ba) != 0)
    g_string_append_printf (diffs, "<%s> line %d vs %d: attributes%s | %s\n",
                            a->name, (int) xmlGetLineNo (a), (int) xmlGetLineNo (b), aa, ba);
  at = dl_text_of (a);
  bt = dl_text_of (b);
  if (strcmp (at, bt) != 0)
    g_string_append_printf (diffs, "<%s> line %d vs %d: text “%s” | “%s”\n",
                            a->name, (int) xmlGetLineNo (a), (int) xmlGetLineNo (b), at, bt);
  for (ca = a->children, cb = b->children;; ca = ca->next, cb = cb->next)
    {
      while (ca != NULL && ca->type != XML_ELEMENT_NODE)
        ca = ca->next;
      while (cb != NULL && cb->type != XML_ELEMENT_NODE)
        cb = cb->next;
      if (ca == NULL || cb == NULL)
        break;
      dl_compare_nodes (ca, cb, diffs);
    }
  if (ca != NULL)
    g_string_append_printf (diffs, "<%s> line %d: only in the first file\n", ca->name, (int) xmlGetLineNo (ca));
  if (cb != NULL)
    g_string_append_printf (diffs, "<%s> line %d: only in the second file\n", cb->name, (int) xmlGetLineNo (cb));
}

/* Walks both trees element by element (names, attributes as sets, own text,
 * children in order); returns the differences, "" when there are none
 * (transfer full). */
static char *
dl_compare_xml (const char *a,
                gsize       a_len,
                const char *b,
                gsize       b_len)
{
  xmlDoc *da = xmlReadMemory (a, (int) a_len, "a.xml", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlDoc *db = xmlReadMemory (b, (int) b_len, "b.xml", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  GString *diffs = g_string_new (NULL);

  g_assert_nonnull (da);
  g_assert_nonnull (db);
  dl_compare_nodes (xmlDocGetRootElement (da), xmlDocGetRootElement (db), diffs);
  xmlFreeDoc (da);
  xmlFreeDoc (db);
  return g_string_free (diffs, FALSE);
}

/* Asserts that the file at @path holds @expected element by element. */
static void
dl_assert_same_tree (const char *path,
                     const char *expected)
{
  gsize len;
  g_autofree char *contents = dl_read (path, &len);
  g_autofree char *diffs = dl_compare_xml (expected, strlen (expected), contents, len);

  if (diffs[0] != '\0')
    g_test_message ("%s differs from what was expected:\n%s", path, diffs);
  g_assert_cmpstr (diffs, ==, "");
}

/* Asserts that the file at @path holds exactly @expected, byte for byte. */
static void
dl_assert_same_bytes (const char *path,
                      const char *expected)
{
  gsize len;
  g_autofree char *contents = dl_read (path, &len);

  g_assert_cmpuint (len, ==, strlen (expected));
  g_assert_true (memcmp (contents, expected, len) == 0);
}

/* The finding @c expects, among @findings (RdtDiagnostic*), marked dropped. */
#define dl_assert_finding(c, findings)                                          \
  G_STMT_START {                                                                \
    gboolean found_ = FALSE;                                                    \
    for (guint i_ = 0; i_ < (findings)->len; i_++)                              \
      {                                                                         \
        const RdtDiagnostic *d_ = g_ptr_array_index ((findings), i_);           \
        if (d_->dropped && g_strcmp0 (d_->element, (c)->element) == 0 &&        \
            strstr (d_->message, (c)->message) != NULL)                         \
          found_ = TRUE;                                                        \
      }                                                                         \
    if (!found_)                                                                \
      for (guint i_ = 0; i_ < (findings)->len; i_++)                            \
        {                                                                       \
          g_autofree char *s_ = rdt_diagnostic_to_string (g_ptr_array_index ((findings), i_)); \
          g_test_message ("finding: %s%s", s_,                                  \
                          ((const RdtDiagnostic *) g_ptr_array_index ((findings), i_))->dropped ? " [dropped]" : ""); \
        }                                                                       \
    g_assert_true (found_);                                                     \
  } G_STMT_END
