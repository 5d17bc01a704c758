/* test-structure-check.c: the project's own RELAX NG structure check
 * (issue 15, rdt-structure-check-private.h) never says "valid" where
 * libxml2's RELAX NG validation refuses, and says it where libxml2 accepts.
 *
 * - a small schema with every construct the check implements (attribute
 *   choices and groups, name classes, oneOrMore, optional, lists, token and
 *   string values, positiveInteger, text, empty, recursion through elements)
 *   and thousands of random documents around it, most of them broken on
 *   purpose: the same verdict as libxml2 for every one, from a tree and from
 *   SAX2 events (what the load and the save use);
 * - every test file, the bundled scenarios and volumes and random mutations
 *   of them (lines dropped, repeated or swapped, attributes dropped, names
 *   changed): the same verdict as libxml2 with the loader's schema;
 * - the loader and the save use it (counters), and threads share it. */
#include "config.h"

#include <glib.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "rdt-diagnostic.h"
#include "rdt-format-private.h"
#include "rdt-scenario-io.h"
#include "rdt-schema-check-private.h"
#include "rdt-structure-check-private.h"

static const char *
source_root (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");

  g_assert_nonnull (root);
  return root;
}

static void
quiet (void        *user_data,
       xmlErrorPtr  error)
{
}

/* -------------------------------------------------------- the two checkers */

typedef struct {
  xmlRelaxNGPtr relaxng;
  RdtStructureCheck *check;
} Checkers;

static void
checkers_init (Checkers *k,
               xmlDoc   *rng)
{
  g_autofree char *error = NULL;
  xmlDoc *copy = xmlCopyDoc (rng, 1);
  xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewDocParserCtxt (copy);

  k->relaxng = xmlRelaxNGParse (pctxt);
  xmlRelaxNGFreeParserCtxt (pctxt);
  xmlFreeDoc (copy);
  g_assert_nonnull (k->relaxng);
  k->check = _rdt_structure_check_new (rng, &error);
  if (k->check == NULL)
    g_error ("the structure check does not compile the schema: %s", error);
}

static void
checkers_clear (Checkers *k)
{
  xmlRelaxNGFree (k->relaxng);
  _rdt_structure_check_free (k->check);
}

static gboolean
libxml2_accepts (Checkers *k,
                 xmlDoc   *doc)
{
  xmlRelaxNGValidCtxtPtr v = xmlRelaxNGNewValidCtxt (k->relaxng);
  gboolean ok;

  xmlRelaxNGSetValidStructuredErrors (v, quiet, NULL);
  ok = xmlRelaxNGValidateDoc (v, doc) == 0;
  xmlRelaxNGFreeValidCtxt (v);
  return ok;
}

/* The SAX2 driver, as the loader and the save feed the check. */
static void
sax_start (void           *ctx,
           const xmlChar  *localname,
           const xmlChar  *prefix,
           const xmlChar  *uri,
           int             nb_namespaces,
           const xmlChar **namespaces,
           int             nb_attributes,
           int             nb_defaulted,
           const xmlChar **attributes)
{
  _rdt_structure_run_start (((xmlParserCtxtPtr) ctx)->_private, localname, uri, nb_attributes, attributes);
}

static void
sax_end (void          *ctx,
         const xmlChar *localname,
         const xmlChar *prefix,
         const xmlChar *uri)
{
  _rdt_structure_run_end (((xmlParserCtxtPtr) ctx)->_private);
}

static void
sax_text (void          *ctx,
          const xmlChar *text,
          int            len)
{
  _rdt_structure_run_text (((xmlParserCtxtPtr) ctx)->_private, text, len);
}

static void
sax_doubt (void          *ctx,
           const xmlChar *value)
{
  _rdt_structure_run_doubt (((xmlParserCtxtPtr) ctx)->_private);
}

static void
sax_pi (void          *ctx,
        const xmlChar *target,
        const xmlChar *data)
{
  _rdt_structure_run_doubt (((xmlParserCtxtPtr) ctx)->_private);
}

/* -1: not well-formed; otherwise the check's verdict from SAX2 events. */
static int
sax_verdict (RdtStructureCheck *check,
             const char        *data,
             gsize              size)
{
  RdtStructureRun *run = _rdt_structure_run_new (check);
  xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt (data, (int) size);
  int verdict;

  g_assert_nonnull (ctxt);
  xmlCtxtUseOptions (ctxt, XML_PARSE_NONET);
  ctxt->sax->startElementNs = sax_start;
  ctxt->sax->endElementNs = sax_end;
  ctxt->sax->characters = sax_text;
  ctxt->sax->cdataBlock = sax_text;
  ctxt->sax->ignorableWhitespace = sax_text;
  ctxt->sax->comment = sax_doubt;
  ctxt->sax->reference = sax_doubt;
  ctxt->sax->processingInstruction = sax_pi;
  ctxt->_private = run;
  xmlSetStructuredErrorFunc (NULL, quiet);
  xmlParseDocument (ctxt);
  xmlSetStructuredErrorFunc (NULL, NULL);
  verdict = ctxt->wellFormed ? _rdt_structure_run_valid (run) : -1;
  if (ctxt->myDoc != NULL)
    xmlFreeDoc (ctxt->myDoc);
  xmlFreeParserCtxt (ctxt);
  _rdt_structure_run_free (run);
  return verdict;
}

typedef struct {
  guint documents;
  guint valid;              /* by libxml2 */
  guint invalid;
  guint unsure;             /* valid by libxml2, "not sure" here (comments, PIs) */
} Tally;

/* Compares the verdicts on one document.  @exact: every disagreement is a
 * failure; otherwise "not sure" on a valid document is allowed only where
 * the document has something the check leaves to libxml2 (comments, PIs). */
static void
compare (Checkers   *k,
         Tally      *t,
         const char *what,
         const char *data,
         gsize       size,
         gboolean    exact)
{
  xmlDoc *doc;
  gboolean lib, tree;
  int sax;

  xmlSetStructuredErrorFunc (NULL, quiet);
  doc = xmlReadMemory (data, (int) size, NULL, NULL, XML_PARSE_NONET);
  xmlSetStructuredErrorFunc (NULL, NULL);
  if (doc == NULL)
    return;
  if (xmlDocGetRootElement (doc) == NULL || doc->intSubset != NULL)
    {
      xmlFreeDoc (doc);
      return;
    }
  lib = libxml2_accepts (k, doc);
  tree = _rdt_structure_check_tree (k->check, xmlDocGetRootElement (doc));
  sax = sax_verdict (k->check, data, size);
  xmlFreeDoc (doc);
  g_assert_cmpint (sax, >=, 0);
  t->documents++;
  if (lib)
    t->valid++;
  else
    t->invalid++;
  if ((tree || sax) && !lib)
    g_error ("%s: the structure check accepts (tree %d, SAX %d) what libxml2 refuses:\n%.*s",
             what, tree, sax, (int) MIN (size, 2000), data);
  if (lib && (!tree || !sax))
    {
      gboolean leaves_it = memmem (data, size, "<!--", 4) != NULL || memmem (data, size, "<?", 2) != NULL;

      if (exact || !leaves_it)
        g_error ("%s: libxml2 accepts, the structure check is not sure (tree %d, SAX %d):\n%.*s",
                 what, tree, sax, (int) MIN (size, 2000), data);
      t->unsure++;
    }
}

/* ------------------------------------------------------ every construct */

static const char constructs_rng[] =
  "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\" ns=\"urn:t\"\n"
  "         datatypeLibrary=\"http://www.w3.org/2001/XMLSchema-datatypes\">\n"
  "  <start><ref name=\"root\"/></start>\n"
  "  <define name=\"root\">\n"
  "    <element name=\"root\">\n"
  "      <attribute name=\"version\"><data type=\"positiveInteger\"/></attribute>\n"
  "      <zeroOrMore><attribute><choice><name ns=\"\">a</name><name ns=\"\">b</name></choice><text/></attribute></zeroOrMore>\n"
  "      <element name=\"title\"><text/></element>\n"
  "      <optional><element name=\"mode\"><choice><value>fast</value><value>slow down</value></choice></element></optional>\n"
  "      <optional><element name=\"code\"><value type=\"string\">A B</value></element></optional>\n"
  "      <choice>\n"
  "        <element name=\"ref\"><choice><attribute name=\"href\"><data type=\"token\"/></attribute><attribute name=\"id\"/></choice></element>\n"
  "        <element name=\"inline\"><empty/></element>\n"
  "      </choice>\n"
  "      <oneOrMore><ref name=\"item\"/></oneOrMore>\n"
  "      <zeroOrMore><ref name=\"note\"/></zeroOrMore>\n"
  "    </element>\n"
  "  </define>\n"
  "  <define name=\"note\"><element name=\"note\"><text/></element></define>\n"
  "  <define name=\"item\">\n"
  "    <element name=\"item\">\n"
  "      <attribute name=\"kind\"><list><oneOrMore><choice><value>x</value><value>y</value></choice></oneOrMore></list></attribute>\n"
  "      <optional><attribute name=\"flag\"><choice><value>true</value><value>false</value></choice></attribute></optional>\n"
  "      <choice>\n"
  "        <group><attribute name=\"from\"><text/></attribute><optional><attribute name=\"to\"><text/></attribute></optional></group>\n"
  "        <attribute name=\"at\"><text/></attribute>\n"
  "      </choice>\n"
  "      <zeroOrMore><ref name=\"item\"/></zeroOrMore>\n"
  "    </element>\n"
  "  </define>\n"
  "</grammar>\n";

/* Half of the documents are made only of valid choices (the first
 * @n_valid of each list), the others of any: most of those are broken. */
static gboolean clean;

static const char *
pick (GRand       *rand,
      const char **from,
      guint        n,
      guint        n_valid)
{
  return from[g_rand_int_range (rand, 0, (gint32) (clean ? n_valid : n))];
}

#define PICK(rand, array, n_valid) pick ((rand), (array), G_N_ELEMENTS (array), (n_valid))

/* Something broken with probability @p, never in a clean document. */
static gboolean
chance (GRand  *rand,
        double  p)
{
  return !clean && g_rand_double (rand) < p;
}

static gboolean
maybe (GRand  *rand,
       double  p)
{
  return g_rand_double (rand) < p;
}

static void
gen_item (GRand   *rand,
          GString *out,
          int      depth)
{
  static const char *kinds[] = { "x", "y", "x y", " y  x ", "x\ty", "", "z", "x z", "x&amp;y" };
  static const char *flags[] = { "true", "false", " true ", "yes" };
  static const char *places[] = { "from", "from to", "at", "at from", "to", "", "from to at" };
  const char *place = PICK (rand, places, 3);
  int children = depth < 3 ? g_rand_int_range (rand, 0, 3) : 0;

  g_string_append (out, "<item");
  if (!chance (rand, 0.05))
    g_string_append_printf (out, " kind=\"%s\"", PICK (rand, kinds, 5));
  if (maybe (rand, 0.3))
    g_string_append_printf (out, " flag=\"%s\"", PICK (rand, flags, 3));
  if (strstr (place, "from") != NULL)
    g_string_append (out, " from=\"1\"");
  if (strstr (place, "to") != NULL)
    g_string_append (out, " to=\"2 &amp; 3\"");
  if (strstr (place, "at") != NULL)
    g_string_append (out, " at=\"0101\"");
  if (chance (rand, 0.03))
    g_string_append (out, " other=\"1\"");
  if (children == 0 && maybe (rand, 0.7))
    {
      g_string_append (out, maybe (rand, 0.05) ? "> </item>" : chance (rand, 0.05) ? ">text</item>" : "/>");
      return;
    }
  g_string_append (out, ">\n");
  for (int i = 0; i < children; i++)
    gen_item (rand, out, depth + 1);
  if (chance (rand, 0.03))
    g_string_append (out, "<note>n</note>");
  g_string_append (out, "</item>\n");
}

/* A document around the constructs schema, broken now and then. */
static char *
gen_document (GRand *rand)
{
  static const char *versions[] = { "1", "+2", "007", " 3 ", "0", "-1", "x", "", "1.0", "+0" };
  static const char *modes[] = { "fast", "slow down", " slow \n down ", "slow", "fast fast", "", "FAST" };
  static const char *codes[] = { "A B", "A  B", " A B", "A B " };
  static const char *refs[] = { "<ref href=\" h \"/>", "<ref id=\"i\"/>", "<inline/>", "<inline> </inline>",
                                "<ref href=\"h\" id=\"i\"/>", "<ref/>", "<inline>x</inline>",
                                "<inline/><ref id=\"i\"/>", "" };
  GString *out = g_string_new ("<?xml version=\"1.0\"?>\n");
  int items;

  clean = maybe (rand, 0.5);
  items = g_rand_int_range (rand, clean ? 1 : 0, 4);
  g_string_append (out, chance (rand, 0.02) ? "<root xmlns=\"urn:other\"" : "<root xmlns=\"urn:t\"");
  if (!chance (rand, 0.03))
    g_string_append_printf (out, " version=\"%s\"", PICK (rand, versions, 4));
  if (maybe (rand, 0.3))
    g_string_append (out, " a=\"1\"");
  if (maybe (rand, 0.3))
    g_string_append (out, " b=\"\"");
  if (chance (rand, 0.02))
    g_string_append (out, " c=\"1\"");
  if (chance (rand, 0.02))
    g_string_append (out, " xmlns:o=\"urn:o\" o:a=\"1\"");
  g_string_append (out, ">\n");
  if (chance (rand, 0.03))
    g_string_append (out, "<note>early</note>\n");
  if (!chance (rand, 0.04))
    g_string_append (out, maybe (rand, 0.1) ? "<title/>\n" : "<title>A &amp; B</title>\n");
  if (maybe (rand, 0.4))
    g_string_append_printf (out, "<mode>%s</mode>\n", PICK (rand, modes, 3));
  if (maybe (rand, 0.2))
    g_string_append_printf (out, "<code>%s</code>\n", PICK (rand, codes, 1));
  g_string_append_printf (out, "%s\n", PICK (rand, refs, 4));
  for (int i = 0; i < items; i++)
    gen_item (rand, out, 0);
  for (int i = g_rand_int_range (rand, 0, 3); i > 0; i--)
    g_string_append (out, chance (rand, 0.1) ? "<note><item kind=\"x\" at=\"1\"/></note>\n" : "<note>n</note>\n");
  if (chance (rand, 0.03))
    g_string_append (out, "<zzz/>\n");
  if (chance (rand, 0.03))
    g_string_append (out, "<title>again</title>\n");
  g_string_append (out, "</root>\n");
  return g_string_free (out, FALSE);
}

static void
test_constructs_agree (void)
{
  xmlDoc *rng = xmlReadMemory (constructs_rng, sizeof constructs_rng - 1, NULL, NULL, XML_PARSE_NONET);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1777);
  Checkers k = { 0 };
  Tally t = { 0 };
  const char *fixed[] = {
    "<root xmlns=\"urn:t\" version=\"1\"><title/><ref id=\"\"/><item kind=\"x\" at=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\" b=\"\" a=\"\"><title>t</title><mode>slow   down</mode><code>A B</code>"
    "<inline/><item kind=\" x y \" from=\"1\" flag=\"false\"><item kind=\"y\" at=\"2\"/></item><note/><note>n</note></root>",
    /* each broken in one way */
    "<root xmlns=\"urn:t\" version=\"0\"><title/><ref id=\"\"/><item kind=\"x\" at=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><title/><ref id=\"\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><title/><ref id=\"\" href=\"\"/><item kind=\"x\" at=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><title/><ref id=\"\"/><item kind=\"x\" at=\"1\" from=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><title/><ref id=\"\"/><item kind=\"x\" to=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><title/><code>A  B</code><ref id=\"\"/><item kind=\"x\" at=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><title/><ref id=\"\"/><item kind=\"\" at=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><ref id=\"\"/><title/><item kind=\"x\" at=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><title><b/></title><ref id=\"\"/><item kind=\"x\" at=\"1\"/></root>",
    "<root xmlns=\"urn:t\" version=\"1\"><title/><inline>x</inline><item kind=\"x\" at=\"1\"/></root>",
  };
  const gboolean fixed_valid[] = { TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE };

  g_assert_nonnull (rng);
  checkers_init (&k, rng);
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    {
      g_autofree char *what = g_strdup_printf ("fixed document %u", i);
      guint valid_before = t.valid;

      compare (&k, &t, what, fixed[i], strlen (fixed[i]), TRUE);
      g_assert_cmpint (t.valid > valid_before, ==, fixed_valid[i]);
    }
  for (guint i = 0; i < 6000; i++)
    {
      g_autofree char *doc = gen_document (rand);
      g_autofree char *what = g_strdup_printf ("random document %u", i);

      compare (&k, &t, what, doc, strlen (doc), TRUE);
    }
  g_test_message ("%u documents: %u valid, %u invalid", t.documents, t.valid, t.invalid);
  /* Both verdicts well represented, so that agreement means something. */
  g_assert_cmpuint (t.valid, >=, 300);
  g_assert_cmpuint (t.invalid, >=, 1000);
  checkers_clear (&k);
  xmlFreeDoc (rng);
}

/* A hostile file with 70,000 distinct valid values: the check stays right
 * and bounded, and says it is spent (the pool then drops it). */
static void
test_many_values_bounded (void)
{
  xmlDoc *rng = xmlReadMemory (constructs_rng, sizeof constructs_rng - 1, NULL, NULL, XML_PARSE_NONET);
  GString *text = g_string_new ("<root xmlns=\"urn:t\" version=\"1\"><title/><inline/>\n");
  Checkers k = { 0 };
  Tally t = { 0 };

  checkers_init (&k, rng);
  for (guint i = 1; i <= 70000; i++)
    {
      /* i in binary as a list of x and y: each value different, all valid */
      g_string_append (text, "<item at=\"1\" kind=\"");
      for (guint b = i; b != 0; b >>= 1)
        g_string_append (text, b & 1 ? "y " : "x ");
      g_string_append (text, "\"/>\n");
    }
  g_string_append (text, "</root>\n");
  compare (&k, &t, "70,000 distinct values", text->str, text->len, TRUE);
  g_assert_cmpuint (t.valid, ==, 1);
  g_assert_true (_rdt_structure_check_is_spent (k.check));
  g_assert_cmpuint (_rdt_structure_check_n_patterns (k.check), <, 5000);
  g_string_free (text, TRUE);
  checkers_clear (&k);
  xmlFreeDoc (rng);
}

/* ----------------------------------------------------- the loader's schema */

static RdtSchemaCheck *
loader_schema (void)
{
  g_autofree char *path = g_build_filename (source_root (), "data", "schema", "redoubt.rng", NULL);
  g_autofree char *text = NULL;
  g_autofree char *error = NULL;
  gsize size;
  RdtSchemaCheck *check;

  g_assert_true (g_file_get_contents (path, &text, &size, NULL));
  check = _rdt_schema_check_new (text, size, &error);
  if (check == NULL)
    g_error ("%s", error);
  return check;
}

/* A copy of @text with one random change: a line dropped, repeated, cut or
 * swapped with the next, an attribute dropped, an element's name changed. */
static char *
mutate (GRand      *rand,
        const char *text)
{
  GString *out = g_string_new (text);
  guint at = out->len > 0 ? (guint) g_rand_int_range (rand, 0, (gint32) out->len) : 0;
  const char *start = out->str + at, *end, *next_end;

  while (start > out->str && start[-1] != '\n')
    start--;
  end = strchr (start, '\n');
  end = end != NULL ? end + 1 : out->str + out->len;
  switch (g_rand_int_range (rand, 0, 6))
    {
    case 0:
      g_string_erase (out, start - out->str, end - start);
      break;
    case 1:
      {
        g_autofree char *copy = g_strndup (start, end - start);
        g_string_insert (out, end - out->str, copy);
      }
      break;
    case 2:   /* swap with the next line */
      next_end = strchr (end, '\n');
      if (next_end != NULL)
        {
          g_autofree char *first = g_strndup (start, end - start);
          g_autofree char *second = g_strndup (end, next_end + 1 - end);
          gssize from = start - out->str;

          g_string_erase (out, from, next_end + 1 - start);
          g_string_insert (out, from, first);
          g_string_insert (out, from, second);
        }
      break;
    case 3:   /* drop an attribute */
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
    case 4:   /* an element's name changed, start tag only */
      {
        const char *lt = memchr (start, '<', end - start);

        if (lt != NULL && g_ascii_isalpha (lt[1]))
          g_string_insert_c (out, lt + 1 - out->str, 'q');
      }
      break;
    default:  /* an attribute added */
      {
        const char *lt = memchr (start, '<', end - start);

        if (lt != NULL && g_ascii_isalpha (lt[1]))
          {
            const char *space = strchr (lt, ' ');

            if (space != NULL && space < end)
              g_string_insert (out, space - out->str, " provisional=\"true\"");
          }
      }
      break;
    }
  return g_string_free (out, FALSE);
}

static void
compare_folder (Checkers   *k,
                Tally      *t,
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
      g_autofree char *text = NULL;
      gsize size;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          g_autofree char *sub = g_build_filename (folder, name, NULL);

          compare_folder (k, t, rand, sub, n_mutations);
          continue;
        }
      if (!(g_str_has_suffix (name, ".redoubt") || g_str_has_suffix (name, ".xml") ||
            g_str_has_suffix (name, ".game") || strchr (name, '.') == NULL) ||
          !g_file_get_contents (path, &text, &size, NULL) || size > 4 * 1024 * 1024)
        continue;
      compare (k, t, path, text, size, FALSE);
      for (guint m = 0; m < n_mutations && memchr (text, '\0', size) == NULL; m++)
        {
          g_autofree char *changed = mutate (rand, text);
          g_autofree char *what = g_strdup_printf ("%s (mutation %u)", path, m);

          compare (k, t, what, changed, strlen (changed), FALSE);
        }
    }
}

static void
test_files_agree (void)
{
  RdtSchemaCheck *schema = loader_schema ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (1778);
  Checkers k = { 0 };
  Tally t = { 0 };

  checkers_init (&k, _rdt_schema_check_get_doc (schema));
  compare_folder (&k, &t, rand, "scenarios", 80);
  compare_folder (&k, &t, rand, "data/volumes", 80);
  compare_folder (&k, &t, rand, "tests/data", 3);
  compare_folder (&k, &t, rand, "tests/fuzz/corpus", 3);
  g_test_message ("%u documents: %u valid, %u invalid, %u valid left to libxml2 (comments or PIs)",
                  t.documents, t.valid, t.invalid, t.unsure);
  g_assert_cmpuint (t.valid, >=, 300);
  g_assert_cmpuint (t.invalid, >=, 300);
  g_assert_cmpuint (t.unsure * 20, <=, t.valid);
  checkers_clear (&k);
  _rdt_schema_check_free (schema);
}

/* ------------------------------------------------------------ it is used */

static GBytes *
read_bytes (const char *relative)
{
  g_autofree char *path = g_build_filename (source_root (), relative, NULL);
  char *text = NULL;
  gsize size;

  g_assert_true (g_file_get_contents (path, &text, &size, NULL));
  return g_bytes_new_take (text, size);
}

static void
test_loader_uses_it (void)
{
  g_autoptr(GBytes) bytes = read_bytes ("scenarios/brandywine.redoubt");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  guint decided, deferred, decided2, deferred2;

  _rdt_format_structure_counts (&decided, &deferred);
  g_assert_true (rdt_format_check_bytes (bytes, "brandywine.redoubt", diagnostics, &error));
  _rdt_format_structure_counts (&decided2, &deferred2);
  g_assert_cmpuint (decided2, ==, decided + 1);
  g_assert_cmpuint (deferred2, ==, deferred);

  /* A comment inside the document: left to libxml2, same verdict. */
  {
    gsize size;
    const char *data = g_bytes_get_data (bytes, &size);
    g_autoptr(GString) text = g_string_new_len (data, size);
    g_autoptr(GBytes) commented = NULL;

    g_string_replace (text, "<units>", "<units><!-- a comment -->", 1);
    commented = g_string_free_to_bytes (g_steal_pointer (&text));
    g_assert_true (rdt_format_check_bytes (commented, "commented.redoubt", diagnostics, &error));
    _rdt_format_structure_counts (&decided, &deferred);
    g_assert_cmpuint (deferred, ==, deferred2 + 1);
    g_assert_false (_rdt_format_stream_check_bytes (commented));
  }
  /* The save's check decides the canonical bytes by itself. */
  g_assert_true (_rdt_format_stream_check_bytes (bytes));
}

static gpointer
load_all (gpointer data)
{
  const char *names[] = { "scenarios/brandywine.redoubt", "scenarios/germantown.redoubt",
                          "scenarios/savannah-historical.redoubt", "data/volumes/savannah.xml" };

  for (guint round = 0; round < 5; round++)
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autoptr(GBytes) bytes = read_bytes (names[i]);
        g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
        g_autoptr(GError) error = NULL;

        if (!rdt_format_check_bytes (bytes, names[i], diagnostics, &error) ||
            !_rdt_format_stream_check_bytes (bytes))
          return GINT_TO_POINTER (1);
      }
  return NULL;
}

static void
test_threads_share_it (void)
{
  GThread *threads[4];
  guint decided, deferred, decided2, deferred2;

  _rdt_format_structure_counts (&decided, &deferred);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("load", load_all, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_assert_null (g_thread_join (threads[i]));
  _rdt_format_structure_counts (&decided2, &deferred2);
  g_assert_cmpuint (decided2 - decided, ==, 4 * 5 * 4);
  g_assert_cmpuint (deferred2, ==, deferred);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/structure-check/issue-15/constructs-agree-with-libxml2", test_constructs_agree);
  g_test_add_func ("/format/structure-check/issue-15/many-values-bounded", test_many_values_bounded);
  g_test_add_func ("/format/structure-check/issue-15/agrees-with-libxml2", test_files_agree);
  g_test_add_func ("/format/structure-check/issue-15/loader-and-save-use-it", test_loader_uses_it);
  g_test_add_func ("/format/structure-check/issue-15/threads-share-it", test_threads_share_it);
  return g_test_run ();
}
