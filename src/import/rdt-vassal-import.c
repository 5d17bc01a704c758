/* rdt-vassal-import.c: a VASSAL module as a Redoubt scenario (issue 17). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "redoubt-core.h"
#include "rdt-vassal-archive.h"
#include "rdt-vassal-grid.h"
#include "rdt-vassal-import.h"

G_DEFINE_QUARK (rdt-vassal-import-error-quark, rdt_vassal_import_error)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

#define MAX_XML_DEPTH 64
#define MAX_XML_ELEMENTS 200000
#define MAX_NAME_CHARS 200

void
rdt_vassal_report_free (RdtVassalReport *report)
{
  if (report == NULL)
    return;
  g_free (report->module_name);
  g_strfreev (report->boards);
  g_free (report->board);
  g_free (report->map);
  g_free (report->zone);
  g_free (report->board_image);
  g_free (report->grid_text);
  g_free (report->label_example);
  g_free (report->display_first);
  g_free (report->display_first_plain);
  g_free (report->folder);
  g_ptr_array_unref (report->warnings);
  g_ptr_array_unref (report->left_for_user);
  g_hash_table_unref (report->skipped_components);
  g_hash_table_unref (report->skipped_traits);
  g_free (report);
}

static gint
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
append_counts (GString    *out,
               const char *title,
               GHashTable *table)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  GHashTableIter it;
  gpointer key;

  g_hash_table_iter_init (&it, table);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_ptr_array_add (keys, key);
  if (keys->len == 0)
    return;
  g_ptr_array_sort (keys, compare_keys);
  g_string_append (out, title);
  for (guint i = 0; i < keys->len; i++)
    g_string_append_printf (out, "%s %s ×%u", i > 0 ? "," : "", (const char *) g_ptr_array_index (keys, i),
                            GPOINTER_TO_UINT (g_hash_table_lookup (table, g_ptr_array_index (keys, i))));
  g_string_append_c (out, '\n');
}

char *
rdt_vassal_report_to_text (const RdtVassalReport *r)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (r != NULL, NULL);
  g_string_append_printf (out, _("Module: %s\n"), r->module_name != NULL ? r->module_name : "");
  if (r->board != NULL)
    {
      g_string_append_printf (out, _("Board: %s (map “%s”)%s%s\n"), r->board, r->map != NULL ? r->map : "",
                              r->zone != NULL ? _(", zone ") : "", r->zone != NULL ? r->zone : "");
      if (r->board_image != NULL)
        g_string_append_printf (out, _("Board image: %s (%d × %d pixels)\n"), r->board_image,
                                r->image_width, r->image_height);
      if (r->grid_text != NULL)
        {
          g_string_append_printf (out, _("Grid: %s\n"), r->grid_text);
          g_string_append_printf (out, _("Underlay calibration: origin %.2f, %.2f; hex size %.3f pixels; "
                                         "no rotation (largest drift %.2f pixels)\n"),
                                  r->origin_x, r->origin_y, r->hex_size, r->drift);
          g_string_append_printf (out, _("Labels: %u hexes compared with VASSAL's, %u with a different text\n"),
                                  r->n_labels, r->n_labels_differ);
          if (r->display_first != NULL)
            g_string_append_printf (out, _("Labels shown: VASSAL's text (the first hex %s, #%s in files and JSON)\n"),
                                    r->display_first, r->display_first_plain);
        }
      g_string_append_printf (out, _("Units: %u (%u with counter art), %u set up from at-start stacks; "
                                     "%u images extracted to %s; %u prototypes\n"),
                              r->n_units, r->n_units_with_art, r->n_setup, r->n_images,
                              r->folder != NULL ? r->folder : "-", r->n_prototypes);
    }
  append_counts (out, _("Skipped components:"), r->skipped_components);
  append_counts (out, _("Skipped traits:"), r->skipped_traits);
  if (r->warnings->len > 0)
    {
      g_string_append (out, _("Warnings:\n"));
      for (guint i = 0; i < r->warnings->len; i++)
        g_string_append_printf (out, "  - %s\n", (const char *) g_ptr_array_index (r->warnings, i));
    }
  if (r->left_for_user->len > 0)
    {
      g_string_append (out, _("Left for you to set (provisional values are marked in the file):\n"));
      for (guint i = 0; i < r->left_for_user->len; i++)
        g_string_append_printf (out, "  - %s\n", (const char *) g_ptr_array_index (r->left_for_user, i));
    }
  return g_string_free (out, FALSE);
}

static RdtVassalReport *
report_new (void)
{
  RdtVassalReport *r = g_new0 (RdtVassalReport, 1);

  r->warnings = g_ptr_array_new_with_free_func (g_free);
  r->left_for_user = g_ptr_array_new_with_free_func (g_free);
  r->skipped_components = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->skipped_traits = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return r;
}

static void
count_in (GHashTable *table,
          const char *key)
{
  g_hash_table_insert (table, g_strdup (key),
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (table, key)) + 1));
}

/* --------------------------------------------------- SequenceEncoder decoding */

GPtrArray *
rdt_vassal_decode_sequence (const char *text,
                            char        delim,
                            guint       max)
{
  GPtrArray *tokens = g_ptr_array_new_with_free_func (g_free);
  const char *base = text, *p = text, *end;

  if (text == NULL)
    return tokens;
  end = text + strlen (text);
  /* VASSAL: the empty string is one empty token; a trailing delimiter ends
   * with an empty token; "\<delim>" is a delimiter inside the token. */
  while (tokens->len < max)
    {
      GString *tok = g_string_new (NULL);
      const char *i;
      gboolean last = TRUE;

      if (p == end)
        {
          g_ptr_array_add (tokens, g_string_free (tok, FALSE));
          break;
        }
      for (i = p; i < end; i++)
        if (*i == delim)
          {
            if (i > base && i[-1] == '\\')
              {
                g_string_append_len (tok, p, i - 1 - p);
                p = i;
              }
            else
              {
                g_string_append_len (tok, p, i - p);
                p = i + 1;
                last = FALSE;
                break;
              }
          }
      if (last)
        g_string_append_len (tok, p, end - p);
      if (tok->len > 1 && tok->str[0] == '\'' && tok->str[tok->len - 1] == '\'')
        {
          g_string_truncate (tok, tok->len - 1);
          g_string_erase (tok, 0, 1);
        }
      g_ptr_array_add (tokens, g_string_free (tok, FALSE));
      if (last)
        break;
    }
  return tokens;
}

static const char *
token (GPtrArray *tokens,
       guint      i)
{
  return i < tokens->len ? g_ptr_array_index (tokens, i) : NULL;
}

/* ------------------------------------------------------------- buildFile */

static void
silent_structured_error (void        *user_data,
                         xmlErrorPtr  error)
{
  char **first = user_data;

  if (*first == NULL && error != NULL && error->message != NULL)
    *first = g_strchomp (g_strdup_printf ("line %d: %s", error->line, error->message));
}

static xmlParserInputPtr
refuse_entity_loader (const char       *url,
                      const char       *id,
                      xmlParserCtxtPtr  ctxt)
{
  return NULL;
}

/* The same safety as the scenario loader (src/core/format/rdt-scenario-io.c):
 * no DOCTYPE (so no DTD and no entities), no network, no entity substitution,
 * bounded size, depth and element count. */
static xmlDoc *
parse_buildfile (GBytes     *bytes,
                 const char *name,
                 GError    **error)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autofree char *first_error = NULL;
  xmlParserCtxtPtr ctxt;
  xmlDoc *doc;
  xmlNode *node;
  guint count = 0;
  int depth = 0;

  if (size == 0 || memchr (data, '\0', size) != NULL)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                   _("entry “%s”: empty or not text"), name);
      return NULL;
    }
  if (g_strstr_len (data, size, "<!DOCTYPE") != NULL || g_strstr_len (data, size, "<!ENTITY") != NULL)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                   _("entry “%s”: DOCTYPE or ENTITY declarations are not allowed"), name);
      return NULL;
    }
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                   _("out of memory"));
      return NULL;
    }
  xmlSetExternalEntityLoader (refuse_entity_loader);
  xmlSetStructuredErrorFunc (&first_error, silent_structured_error);
  doc = xmlCtxtReadMemory (ctxt, data, (int) size, NULL, NULL,
                           XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlSetStructuredErrorFunc (NULL, NULL);
  if (doc == NULL || !ctxt->wellFormed)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                   _("entry “%s”: not well-formed XML (%s)"), name,
                   first_error != NULL ? first_error : "?");
      if (doc != NULL)
        xmlFreeDoc (doc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  xmlFreeParserCtxt (ctxt);
  if (doc->intSubset != NULL || doc->extSubset != NULL || xmlDocGetRootElement (doc) == NULL)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                   _("entry “%s”: no root element, or a DOCTYPE"), name);
      xmlFreeDoc (doc);
      return NULL;
    }
  /* Depth and count, without recursion. */
  node = xmlDocGetRootElement (doc);
  while (node != NULL)
    {
      if (node->type == XML_ELEMENT_NODE)
        {
          if (++count > MAX_XML_ELEMENTS || depth > MAX_XML_DEPTH)
            {
              g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                           _("entry “%s”: line %ld: more than %d elements or nested deeper than %d"),
                           name, xmlGetLineNo (node), MAX_XML_ELEMENTS, MAX_XML_DEPTH);
              xmlFreeDoc (doc);
              return NULL;
            }
          if (node->children != NULL)
            {
              node = node->children;
              depth++;
              continue;
            }
        }
      while (node != NULL && node->next == NULL)
        {
          node = node->parent;
          depth--;
          if (node == NULL || node->type == XML_DOCUMENT_NODE || depth < 0)
            node = NULL;
        }
      if (node != NULL)
        node = node->next;
    }
  return doc;
}

/* The class name's last part: "VASSAL.build.module.Map" -> "Map". */
static const char *
class_of (xmlNode *node)
{
  const char *name = (const char *) node->name;
  const char *dot = strrchr (name, '.');

  return dot != NULL ? dot + 1 : name;
}

static gboolean
is_class (xmlNode    *node,
          const char *cls)
{
  return node != NULL && node->type == XML_ELEMENT_NODE && g_str_equal (class_of (node), cls);
}

static char *
prop (xmlNode    *node,
      const char *name)
{
  xmlChar *v = xmlGetProp (node, (const xmlChar *) name);
  char *copy = v != NULL ? g_strdup ((const char *) v) : NULL;

  xmlFree (v);
  return copy;
}

static gboolean
bool_prop (xmlNode    *node,
           const char *name,
           gboolean    fallback)
{
  g_autofree char *v = prop (node, name);

  if (v == NULL)
    return fallback;
  return g_ascii_strcasecmp (g_strstrip (v), "true") == 0;
}

static gboolean
int_prop (xmlNode    *node,
          const char *name,
          int        *out)
{
  g_autofree char *v = prop (node, name);
  gint64 n;

  if (v == NULL)
    return FALSE;
  g_strstrip (v);
  if (!g_ascii_string_to_signed (v, 10, -1000000, 1000000, &n, NULL))
    return FALSE;
  *out = (int) n;
  return TRUE;
}

static gboolean
double_prop (xmlNode    *node,
             const char *name,
             double     *out)
{
  g_autofree char *v = prop (node, name);
  char *end = NULL;
  double d;

  if (v == NULL)
    return FALSE;
  g_strstrip (v);
  d = g_ascii_strtod (v, &end);
  if (end == v || *end != '\0' || !isfinite (d))
    return FALSE;
  *out = d;
  return TRUE;
}

static char *
text_content (xmlNode *node)
{
  xmlChar *t = xmlNodeGetContent (node);
  char *copy = g_strdup (t != NULL ? (const char *) t : "");

  xmlFree (t);
  return copy;
}

/* A name fit for a text-line attribute: valid UTF-8, no control characters,
 * at most MAX_NAME_CHARS characters. */
static char *
clean_name (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_new (NULL);
  guint n = 0;

  for (const char *p = valid; *p != '\0' && n < MAX_NAME_CHARS; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);
      if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0xFFFE || c == 0xFFFF)
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  g_strstrip (out->str);
  out->len = strlen (out->str);
  return g_string_free (out, FALSE);
}

/* An id from a name: [a-z0-9] and '-', at most 48 characters. */
static char *
slug (const char *name,
      const char *fallback)
{
  GString *s = g_string_new (NULL);

  for (const char *p = name != NULL ? name : ""; *p != '\0' && s->len < 48; p++)
    {
      char c = g_ascii_tolower (*p);
      if (g_ascii_isalnum (c))
        g_string_append_c (s, c);
      else if (s->len > 0 && s->str[s->len - 1] != '-')
        g_string_append_c (s, '-');
    }
  while (s->len > 0 && s->str[s->len - 1] == '-')
    g_string_truncate (s, s->len - 1);
  if (s->len == 0)
    g_string_append (s, fallback);
  return g_string_free (s, FALSE);
}

/* Unique among @used (which takes a copy). */
static char *
unique_id (GHashTable *used,
           const char *base)
{
  char *id = g_strdup (base);

  for (guint n = 2; g_hash_table_contains (used, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  g_hash_table_add (used, g_strdup (id));
  return id;
}

/* ------------------------------------------------------------------ pieces */

typedef struct {
  char *name;
  char *image;              /* basic piece image (nullable) */
  GPtrArray *layers;        /* char *: emb2 layer images, in order, non-empty */
  char *side, *formation, *strength;   /* from mark traits (nullable) */
  gboolean at_start;
  char *stack;              /* (nullable) SetupStack element: its name */
  xmlNode *stack_node;
  char *slot;               /* PieceSlot entryName, for messages */
} Piece;

static void
piece_free (Piece *p)
{
  g_free (p->name);
  g_free (p->image);
  g_ptr_array_unref (p->layers);
  g_free (p->side);
  g_free (p->formation);
  g_free (p->strength);
  g_free (p->stack);
  g_free (p->slot);
  g_free (p);
}

typedef struct {
  RdtVassalReport *report;
  GHashTable *prototypes;   /* name -> type string */
  GHashTable *prototype_states;   /* name -> state string (marker values) */
  guint traits;             /* traits walked for the current piece */
  gboolean truncated_warned;
} Decoder;

static void
set_if_null (char      **field,
             const char *value)
{
  if (*field == NULL && value != NULL && value[0] != '\0')
    *field = clean_name (value);
}

static void
apply_mark (Piece      *piece,
            const char *type,
            const char *state)
{
  g_autoptr(GPtrArray) keys = rdt_vassal_decode_sequence (type + strlen ("mark;"), ',', 64);
  g_autoptr(GPtrArray) values = rdt_vassal_decode_sequence (state, ',', 64);

  for (guint i = 0; i < keys->len; i++)
    {
      const char *k = g_ptr_array_index (keys, i);
      const char *v = token (values, i);

      if (g_ascii_strcasecmp (k, "side") == 0 || g_ascii_strcasecmp (k, "army") == 0 ||
          g_ascii_strcasecmp (k, "faction") == 0 || g_ascii_strcasecmp (k, "nationality") == 0)
        set_if_null (&piece->side, v);
      else if (g_ascii_strcasecmp (k, "formation") == 0 || g_ascii_strcasecmp (k, "brigade") == 0 ||
               g_ascii_strcasecmp (k, "division") == 0 || g_ascii_strcasecmp (k, "command") == 0)
        set_if_null (&piece->formation, v);
      else if (g_ascii_strcasecmp (k, "strength") == 0 || g_ascii_strcasecmp (k, "sp") == 0 ||
               g_ascii_strcasecmp (k, "sps") == 0)
        set_if_null (&piece->strength, v);
    }
}

static void
apply_emb2 (Piece      *piece,
            const char *type)
{
  /* emb2;activateCommand;mods;key;up...;reset...;drawUnderneath;xOff;yOff;
   * IMAGES;NAMES;...: the images are the 16th field after "emb2". */
  g_autoptr(GPtrArray) f = rdt_vassal_decode_sequence (type, ';', 40);
  g_autoptr(GPtrArray) images = rdt_vassal_decode_sequence (token (f, 16), ',', 64);

  for (guint i = 0; i < images->len; i++)
    {
      const char *img = g_ptr_array_index (images, i);
      if (img[0] != '\0')
        g_ptr_array_add (piece->layers, g_strdup (img));
    }
}

/* The older Embellishment encoding (Embellishment.OLD_ID "emb;", read by
 * Embellishment.originalSetType): emb;KEY[;reset...];command;upKey;upCommand;
 * downKey;downCommand;xOff;yOff, then one field per layer, "IMAGE,NAME". */
static void
apply_old_emb (Piece      *piece,
               const char *type)
{
  g_autoptr(GPtrArray) f = rdt_vassal_decode_sequence (type, ';', 9 + 64);

  for (guint i = 9; i < f->len; i++)
    {
      g_autoptr(GPtrArray) layer = rdt_vassal_decode_sequence (g_ptr_array_index (f, i), ',', 2);
      const char *img = token (layer, 0);
      if (img != NULL && img[0] != '\0')
        g_ptr_array_add (piece->layers, g_strdup (img));
    }
}

static gboolean walk_traits (Decoder *d, Piece *piece, const char *type, const char *state,
                             const char *where, int proto_depth);

static void
apply_prototype (Decoder    *d,
                 Piece      *piece,
                 const char *type,
                 const char *where,
                 int         proto_depth)
{
  g_autoptr(GPtrArray) f = rdt_vassal_decode_sequence (type, ';', 3);
  const char *name = token (f, 1);
  const char *def;

  if (name == NULL || name[0] == '\0')
    return;
  def = g_hash_table_lookup (d->prototypes, name);
  if (def == NULL)
    {
      g_ptr_array_add (d->report->warnings,
                       g_strdup_printf (_("%s: prototype “%s” is not defined: skipped"), where, name));
      return;
    }
  if (proto_depth >= RDT_VASSAL_MAX_PROTOTYPE_DEPTH)
    {
      g_ptr_array_add (d->report->warnings,
                       g_strdup_printf (_("%s: prototypes nested deeper than %d (at “%s”): the rest ignored"),
                                        where, RDT_VASSAL_MAX_PROTOTYPE_DEPTH, name));
      return;
    }
  /* The prototype's own basic piece is empty: its traits only, with the
   * values its definition stores. */
  walk_traits (d, piece, def, g_hash_table_lookup (d->prototype_states, name), where, proto_depth + 1);
}

/* Walks the trait chain "outer\tinner..." (Decorator.getType) with its state
 * "outer\tinner..." (Decorator.getState) iteratively. */
static gboolean
walk_traits (Decoder    *d,
             Piece      *piece,
             const char *type,
             const char *state,
             const char *where,
             int         proto_depth)
{
  g_autofree char *t = g_strdup (type);
  g_autofree char *s = g_strdup (state);

  while (t != NULL)
    {
      g_autoptr(GPtrArray) tt = rdt_vassal_decode_sequence (t, '\t', 2);
      g_autoptr(GPtrArray) st = rdt_vassal_decode_sequence (s, '\t', 2);
      const char *mine = token (tt, 0);
      const char *my_state = token (st, 0);

      if (++d->traits > RDT_VASSAL_MAX_TRAITS)
        {
          if (!d->truncated_warned)
            g_ptr_array_add (d->report->warnings,
                             g_strdup_printf (_("%s: more than %d traits: the rest ignored"),
                                              where, RDT_VASSAL_MAX_TRAITS));
          d->truncated_warned = TRUE;
          return FALSE;
        }
      if (mine == NULL)
        break;
      if (g_str_has_prefix (mine, "piece;"))
        {
          if (proto_depth == 0)
            {
              g_autoptr(GPtrArray) f = rdt_vassal_decode_sequence (mine, ';', 6);
              set_if_null (&piece->image, token (f, 3));
              set_if_null (&piece->name, token (f, 4));
            }
          return TRUE;
        }
      else if (g_str_has_prefix (mine, "emb2;"))
        apply_emb2 (piece, mine);
      else if (g_str_has_prefix (mine, "emb;"))
        apply_old_emb (piece, mine);
      else if (g_str_has_prefix (mine, "mark;"))
        apply_mark (piece, mine, my_state);
      else if (g_str_has_prefix (mine, "prototype;"))
        apply_prototype (d, piece, mine, where, proto_depth);
      else
        {
          const char *semi = strchr (mine, ';');
          g_autofree char *id = g_strndup (mine, semi != NULL ? (gsize) (semi - mine) : MIN (strlen (mine), 32));
          g_autofree char *shown = clean_name (id);
          count_in (d->report->skipped_traits, shown[0] != '\0' ? shown : "?");
        }
      g_free (t);
      t = g_strdup (token (tt, 1));
      g_free (s);
      s = g_strdup (token (st, 1));
    }
  if (proto_depth == 0 && !d->truncated_warned)
    g_ptr_array_add (d->report->warnings,
                     g_strdup_printf (_("%s: the trait list is truncated (no basic piece)"), where));
  return FALSE;
}

/* The type and state of an encoded piece "+/id/type/state" (AddPiece). */
static gboolean
split_add_piece (const char *text,
                 char      **type,
                 char      **state)
{
  g_autoptr(GPtrArray) f = rdt_vassal_decode_sequence (text, '/', 5);

  if (f->len < 3 || !g_str_equal (token (f, 0), "+"))
    return FALSE;
  *type = g_strdup (token (f, 2));
  *state = g_strdup (token (f, 3));
  return TRUE;
}

static Piece *
decode_piece_slot (Decoder *d,
                   xmlNode *slot)
{
  g_autofree char *text = text_content (slot);
  g_autofree char *entry_name = prop (slot, "entryName");
  g_autofree char *type = NULL;
  g_autofree char *state = NULL;
  g_autofree char *where = NULL;
  Piece *piece;

  g_strstrip (text);
  where = g_strdup_printf (_("buildFile line %ld: piece “%s”"), xmlGetLineNo (slot),
                           entry_name != NULL ? entry_name : "");
  if (strlen (text) > RDT_VASSAL_MAX_PIECE_TEXT)
    {
      g_ptr_array_add (d->report->warnings,
                       g_strdup_printf (_("%s: definition longer than %d bytes: skipped"),
                                        where, RDT_VASSAL_MAX_PIECE_TEXT));
      return NULL;
    }
  if (!split_add_piece (text, &type, &state))
    {
      g_ptr_array_add (d->report->warnings,
                       g_strdup_printf (_("%s: not an encoded piece (“+/id/type/state”): skipped"), where));
      return NULL;
    }
  piece = g_new0 (Piece, 1);
  piece->layers = g_ptr_array_new_with_free_func (g_free);
  piece->slot = g_strdup (where);
  d->traits = 0;
  d->truncated_warned = FALSE;
  walk_traits (d, piece, type, state, where, 0);
  if (piece->name == NULL)
    piece->name = clean_name (entry_name);
  if (piece->name == NULL || piece->name[0] == '\0')
    {
      g_free (piece->name);
      piece->name = g_strdup (_("Unnamed piece"));
    }
  return piece;
}

/* ------------------------------------------------------------------ boards */

typedef struct {
  xmlNode *map;
  xmlNode *board;
  char *map_name;
  char *name;
} BoardRef;

static void
board_ref_free (BoardRef *b)
{
  g_free (b->map_name);
  g_free (b->name);
  g_free (b);
}

static gboolean
is_map_class (xmlNode *n)
{
  return is_class (n, "Map") || is_class (n, "PrivateMap") || is_class (n, "PlayerHand");
}

static void
collect_boards (xmlNode   *root,
                GPtrArray *boards)
{
  for (xmlNode *m = root->children; m != NULL; m = m->next)
    {
      if (!is_map_class (m))
        continue;
      for (xmlNode *bp = m->children; bp != NULL; bp = bp->next)
        if (is_class (bp, "BoardPicker"))
          for (xmlNode *b = bp->children; b != NULL; b = b->next)
            if (is_class (b, "Board"))
              {
                BoardRef *ref = g_new0 (BoardRef, 1);
                g_autofree char *mn = prop (m, "mapName");
                g_autofree char *bn = prop (b, "name");
                ref->map = m;
                ref->board = b;
                ref->map_name = clean_name (mn != NULL ? mn : "");
                ref->name = clean_name (bn != NULL ? bn : "");
                g_ptr_array_add (boards, ref);
              }
    }
}

static void
read_hex_grid (xmlNode       *node,
               RdtVassalGrid *grid)
{
  rdt_vassal_grid_init_defaults (grid);
  double_prop (node, "dx", &grid->dx);
  double_prop (node, "dy", &grid->dy);
  int_prop (node, "x0", &grid->x0);
  int_prop (node, "y0", &grid->y0);
  grid->sideways = bool_prop (node, "sideways", FALSE);
  grid->snap_to = bool_prop (node, "snapTo", TRUE);
  grid->edges_legal = bool_prop (node, "edgesLegal", FALSE);
  grid->corners_legal = bool_prop (node, "cornersLegal", FALSE);
  for (xmlNode *c = node->children; c != NULL; c = c->next)
    if (is_class (c, "HexGridNumbering"))
      {
        g_autofree char *first = prop (c, "first");
        g_autofree char *h_type = prop (c, "hType");
        g_autofree char *v_type = prop (c, "vType");
        g_autofree char *sep = prop (c, "sep");
        g_autofree char *fmt = prop (c, "locationFormat");

        grid->numbered = TRUE;
        if (first != NULL && first[0] != '\0')
          grid->first = first[0] == 'V' ? 'V' : 'H';
        if (h_type != NULL && h_type[0] != '\0')
          grid->h_type = h_type[0] == 'A' ? 'A' : 'N';
        if (v_type != NULL && v_type[0] != '\0')
          grid->v_type = v_type[0] == 'A' ? 'A' : 'N';
        if (sep != NULL)
          {
            /* Not clean_name(): a separator of spaces (sep=" ", "03 04") is
             * VASSAL's text and must not be stripped; control characters
             * are dropped. */
            g_autofree char *valid = g_utf8_make_valid (sep, -1);
            GString *kept = g_string_new (NULL);

            for (const char *q = valid; *q != '\0'; q++)
              if ((guchar) *q >= 0x20 && *q != 0x7f)
                g_string_append_c (kept, *q);
            g_free (grid->sep);
            grid->sep = g_string_free (kept, FALSE);
          }
        if (fmt != NULL)
          {
            g_free (grid->location_format);
            grid->location_format = clean_name (fmt);
          }
        int_prop (c, "hLeading", &grid->h_leading);
        int_prop (c, "vLeading", &grid->v_leading);
        grid->h_leading = CLAMP (grid->h_leading, 0, 6);
        grid->v_leading = CLAMP (grid->v_leading, 0, 6);
        int_prop (c, "hOff", &grid->h_off);
        int_prop (c, "vOff", &grid->v_off);
        grid->h_descend = bool_prop (c, "hDescend", FALSE);
        grid->v_descend = bool_prop (c, "vDescend", FALSE);
        grid->stagger = bool_prop (c, "stagger", TRUE);
        break;
      }
}

/* "x1,y1;x2,y2;..." -> bounding box. */
static gboolean
zone_bounds (const char *path,
             int        *left,
             int        *top,
             int        *right,
             int        *bottom)
{
  g_auto(GStrv) points = g_strsplit (path != NULL ? path : "", ";", 1000);
  gboolean any = FALSE;

  for (guint i = 0; points[i] != NULL; i++)
    {
      gint64 x, y;
      g_auto(GStrv) xy = g_strsplit (points[i], ",", 3);
      if (g_strv_length (xy) != 2 ||
          !g_ascii_string_to_signed (g_strstrip (xy[0]), 10, -1000000, 1000000, &x, NULL) ||
          !g_ascii_string_to_signed (g_strstrip (xy[1]), 10, -1000000, 1000000, &y, NULL))
        continue;
      if (!any)
        {
          *left = *right = (int) x;
          *top = *bottom = (int) y;
          any = TRUE;
        }
      *left = MIN (*left, (int) x);
      *right = MAX (*right, (int) x);
      *top = MIN (*top, (int) y);
      *bottom = MAX (*bottom, (int) y);
    }
  return any && *right > *left && *bottom > *top;
}

typedef struct {
  xmlNode *grid;            /* the HexGrid element */
  char *zone;               /* (nullable) */
  char *zone_format;        /* (nullable) the zone's locationFormat */
  gboolean zoned;
  int left, top, right, bottom;   /* zone bounds; right < 0: the whole board */
} GridChoice;

static gboolean
choose_grid (xmlNode         *board,
             RdtVassalReport *report,
             GridChoice      *out,
             GError         **error)
{
  memset (out, 0, sizeof *out);
  out->right = -1;
  for (xmlNode *c = board->children; c != NULL; c = c->next)
    {
      if (is_class (c, "HexGrid"))
        {
          out->grid = c;
          return TRUE;
        }
      if (is_class (c, "ZonedGrid"))
        {
          double best_area = -1;
          xmlNode *background = NULL;
          g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func (g_free);

          out->zoned = TRUE;
          for (xmlNode *z = c->children; z != NULL; z = z->next)
            {
              if (is_class (z, "HexGrid"))
                background = z;
              if (!is_class (z, "Zone"))
                continue;
              for (xmlNode *g = z->children; g != NULL; g = g->next)
                if (is_class (g, "HexGrid"))
                  {
                    g_autofree char *path = prop (z, "path");
                    g_autofree char *name = prop (z, "name");
                    int l = 0, t = 0, r = 0, b = 0;

                    if (!zone_bounds (path, &l, &t, &r, &b))
                      {
                        g_ptr_array_add (report->warnings,
                                         g_strdup_printf (_("zone “%s”: its path is not a polygon: skipped"),
                                                          name != NULL ? name : ""));
                        break;
                      }
                    if ((double) (r - l) * (b - t) > best_area)
                      {
                        if (out->zone != NULL)
                          g_ptr_array_add (others, g_steal_pointer (&out->zone));
                        best_area = (double) (r - l) * (b - t);
                        g_free (out->zone_format);
                        out->zone_format = prop (z, "locationFormat");
                        out->grid = g;
                        out->zone = clean_name (name);
                        out->left = l;
                        out->top = t;
                        out->right = r;
                        out->bottom = b;
                      }
                    else
                      g_ptr_array_add (others, clean_name (name));
                    break;
                  }
            }
          if (out->grid == NULL && background != NULL)
            {
              out->grid = background;
              return TRUE;
            }
          for (guint i = 0; i < others->len; i++)
            g_ptr_array_add (report->warnings,
                             g_strdup_printf (_("zone “%s” has its own hex grid: not imported (one grid per Redoubt map; the largest zone “%s” was taken)"),
                                              (const char *) g_ptr_array_index (others, i), out->zone));
          if (out->grid != NULL)
            return TRUE;
        }
    }
  g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_GRID,
               _("the board has no hex grid (a square grid, a region grid or none): nothing to calibrate"));
  return FALSE;
}

/* ------------------------------------------------------------------ import */

/* A flat file name for an archive entry: its last part, [A-Za-z0-9._-] only. */
static char *
out_name_for (GHashTable *used,
              const char *entry,
              const char *prefix)
{
  const char *base = strrchr (entry, '/');
  GString *s = g_string_new (prefix);
  g_autofree char *name = NULL;

  base = base != NULL ? base + 1 : entry;
  for (const char *p = base; *p != '\0' && s->len < 100; p++)
    g_string_append_c (s, g_ascii_isalnum (*p) || *p == '.' || *p == '-' || *p == '_' ? *p : '_');
  if (s->len == 0 || s->str[0] == '.')
    g_string_prepend_c (s, '_');
  name = g_string_free (s, FALSE);
  if (!g_hash_table_contains (used, name))
    {
      g_hash_table_add (used, g_strdup (name));
      return g_steal_pointer (&name);
    }
  for (guint n = 2; ; n++)
    {
      char *alt = g_strdup_printf ("%u-%s", n, name);
      if (!g_hash_table_contains (used, alt))
        {
          g_hash_table_add (used, g_strdup (alt));
          return alt;
        }
      g_free (alt);
    }
}

typedef struct {
  GPtrArray *wanted;        /* RdtVassalWanted */
  GHashTable *by_image;     /* VASSAL image name -> RdtVassalWanted (borrowed) */
  GHashTable *out_names;
  RdtVassalArchive *archive;
  RdtVassalReport *report;
} Images;

/* Adds @message to the warnings unless the same text is already there (a
 * counter named by a palette and by an at-start stack is looked up twice). */
static void
warn_once (RdtVassalReport *report,
           char            *message)
{
  for (guint i = 0; i < report->warnings->len; i++)
    if (g_str_equal (g_ptr_array_index (report->warnings, i), message))
      {
        g_free (message);
        return;
      }
  g_ptr_array_add (report->warnings, message);
}

/* The archive entry of VASSAL image @image, as DataArchive.getInputStream
 * finds it: "images/NAME", else the same name in Unicode NFD (a module zipped
 * again on a Mac), else "images/NAME.gif" (extensionless GIFs of old
 * modules). VASSAL's ZIP lookup is case-sensitive, but modules edited on
 * Windows or macOS often name "Unit.PNG" what the archive holds as
 * "unit.png": when exactly one entry matches without regard to ASCII case,
 * it is taken, with a warning. NULL (with a warning naming the entry) when
 * missing, refused or duplicated (pass 1 warned about the latter two). */
static char *
find_image_entry (Images     *images,
                  const char *image)
{
  GHashTable *names = images->archive->names;
  g_autofree char *entry = g_strconcat ("images/", image, NULL);
  g_autofree char *nfd = g_utf8_normalize (entry, -1, G_NORMALIZE_NFD);
  g_autofree char *gif = g_strconcat (entry, ".gif", NULL);
  const char *tries[] = { entry, nfd, gif };
  GHashTableIter it;
  gpointer key, value;
  const char *folded = NULL;
  guint n_folded = 0;

  for (guint i = 0; i < G_N_ELEMENTS (tries); i++)
    if (tries[i] != NULL && g_hash_table_contains (names, tries[i]))
      {
        if (GPOINTER_TO_UINT (g_hash_table_lookup (names, tries[i])) != 1)
          return NULL;
        return g_strdup (tries[i]);
      }
  g_hash_table_iter_init (&it, names);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (g_ascii_strcasecmp (key, entry) == 0 || g_ascii_strcasecmp (key, gif) == 0)
      {
        folded = key;
        n_folded += GPOINTER_TO_UINT (value);
      }
  if (n_folded == 1)
    {
      warn_once (images->report,
                 g_strdup_printf (_("entry “%s”: not in the archive; “%s” (same name but for upper and lower case) used instead"),
                                  entry, folded));
      return g_strdup (folded);
    }
  if (n_folded > 1)
    warn_once (images->report,
               g_strdup_printf (_("entry “%s”: not in the archive, and several entries differ from it only in upper and lower case: none used"),
                                entry));
  else
    warn_once (images->report,
               g_strdup_printf (_("entry “%s”: named by the module but not in the archive"), entry));
  return NULL;
}

static RdtVassalWanted *
want_image (Images     *images,
            const char *image,
            gboolean    is_board)
{
  g_autofree char *entry = NULL;
  RdtVassalWanted *w;

  if (image == NULL || image[0] == '\0')
    return NULL;
  w = g_hash_table_lookup (images->by_image, image);
  if (w != NULL)
    return w;
  entry = find_image_entry (images, image);
  if (entry == NULL)
    return NULL;
  w = g_new0 (RdtVassalWanted, 1);
  w->entry = g_steal_pointer (&entry);
  /* Named after the entry: an extensionless GIF gets its ".gif". */
  w->out_name = out_name_for (images->out_names, w->entry + strlen ("images/"), is_board ? "board-" : "");
  w->is_board = is_board;
  g_ptr_array_add (images->wanted, w);
  g_hash_table_insert (images->by_image, g_strdup (image), w);
  return w;
}

static gboolean
drawable (const RdtVassalWanted *w)
{
  return w != NULL && w->written && w->format != NULL && !g_str_equal (w->format, "gif");
}

/* ------------------------------------------------------------ board list */

void
rdt_vassal_board_info_free (RdtVassalBoardInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info->map);
  g_free (info->image);
  g_free (info->grid);
  g_free (info);
}

GPtrArray *
rdt_vassal_list_boards (const char *module_path,
                        GError    **error)
{
  g_autoptr(RdtVassalReport) report = report_new ();
  RdtVassalArchive archive = { 0 };
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) boards = g_ptr_array_new_with_free_func ((GDestroyNotify) board_ref_free);
  g_autoptr(GPtrArray) wanted = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_vassal_wanted_free);
  g_autoptr(GHashTable) by_image = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) out_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *out = NULL;
  g_autoptr(GPtrArray) infos = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_vassal_board_info_free);
  g_autofree RdtVassalWanted **board_images = NULL;
  Images images;

  g_return_val_if_fail (module_path != NULL, NULL);

  if (!rdt_vassal_archive_scan (module_path, RDT_VASSAL_MAX_TOTAL_BYTES, &archive, report->warnings, error))
    goto done;
  if (archive.buildfile == NULL)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                   _("%s: no entry “buildFile.xml” (or “buildFile”), or more than one: not a VASSAL module"),
                   module_path);
      goto done;
    }
  doc = parse_buildfile (archive.buildfile, archive.buildfile_name, error);
  if (doc == NULL)
    goto done;
  collect_boards (xmlDocGetRootElement (doc), boards);
  images.wanted = wanted;
  images.by_image = by_image;
  images.out_names = out_names;
  images.archive = &archive;
  images.report = report;
  board_images = g_new0 (RdtVassalWanted *, boards->len + 1);
  for (guint i = 0; i < boards->len; i++)
    {
      BoardRef *b = g_ptr_array_index (boards, i);
      g_autofree char *image = prop (b->board, "image");
      board_images[i] = want_image (&images, image, TRUE);
    }
  /* Image sizes from their headers; nothing written (dirfd -1).  Only for a
   * choice: with one board the editor imports it straight away. */
  if (boards->len > 1 &&
      !rdt_vassal_archive_extract (module_path, RDT_VASSAL_MAX_TOTAL_BYTES, -1, wanted,
                                   RDT_VASSAL_MAX_PIXELS, error))
    goto done;
  for (guint i = 0; i < boards->len; i++)
    {
      BoardRef *b = g_ptr_array_index (boards, i);
      RdtVassalBoardInfo *info = g_new0 (RdtVassalBoardInfo, 1);
      RdtVassalWanted *w = board_images[i];
      GridChoice choice = { 0 };
      g_autoptr(GError) grid_error = NULL;

      info->name = g_strdup (b->name);
      info->map = g_strdup (b->map_name);
      if (w != NULL)
        {
          info->image = g_strdup (w->entry);
          if (w->format != NULL && w->problem == NULL)
            {
              info->width = w->width;
              info->height = w->height;
            }
        }
      if (choose_grid (b->board, report, &choice, &grid_error))
        {
          RdtVassalGrid vg;

          read_hex_grid (choice.grid, &vg);
          info->grid = choice.zone != NULL
            ? g_strdup_printf (vg.sideways ? _("hex grid, sideways (pointy-top), zone “%s”")
                                           : _("hex grid, flat-top, zone “%s”"), choice.zone)
            : g_strdup (vg.sideways ? _("hex grid, sideways (pointy-top)") : _("hex grid, flat-top"));
          rdt_vassal_grid_clear (&vg);
          /* One board: its image is checked by the import itself. */
          info->importable = w != NULL && (boards->len == 1 || info->width > 0);
        }
      else
        info->grid = g_strdup (grid_error->message);
      g_free (choice.zone);
      g_free (choice.zone_format);
      g_ptr_array_add (infos, info);
    }
  out = g_steal_pointer (&infos);

done:
  rdt_vassal_archive_clear (&archive);
  return out;
}

static RdtVolume *
generic_volume (void)
{
  RdtVolume *volume = rdt_volume_new ("generic");
  RdtTerrainType *clear = rdt_terrain_type_new ("clear", _("Clear"));

  rdt_volume_set_title (volume, _("Generic (no effects data)"));
  /* No Terrain Effects Chart: every value provisional. */
  clear->effects.mp_halves = 2;
  clear->effects.zoc = TRUE;
  clear->effects.provisional = RDT_EFFECT_MP | RDT_EFFECT_BLOCKS_LOS | RDT_EFFECT_ZOC;
  rdt_volume_add_terrain (volume, clear, NULL);
  /* 7.1: six SPs plus one artillery unit. */
  rdt_volume_set_stacking_limit (volume, 6, 1, FALSE);
  return volume;
}

static void
remove_written (int        dirfd,
                GPtrArray *wanted)
{
  for (guint i = 0; i < wanted->len; i++)
    {
      RdtVassalWanted *w = g_ptr_array_index (wanted, i);
      if (w->written)
        unlinkat (dirfd, w->out_name, 0);
    }
}

typedef struct {
  char *key;                /* name + image */
  RdtUnit *unit;            /* borrowed from the scenario */
} Made;

gboolean
rdt_vassal_import (const char                   *module_path,
                   const char                   *out_path,
                   const RdtVassalImportOptions *options,
                   RdtVassalReport             **out_report,
                   GError                      **error)
{
  RdtVassalImportOptions defaults = { 0 };
  g_autoptr(RdtVassalReport) report = report_new ();
  RdtVassalArchive archive = { 0 };
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) boards = g_ptr_array_new_with_free_func ((GDestroyNotify) board_ref_free);
  g_autoptr(GPtrArray) pieces = g_ptr_array_new_with_free_func ((GDestroyNotify) piece_free);
  g_autoptr(GHashTable) prototypes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) prototype_states = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) wanted = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_vassal_wanted_free);
  g_autoptr(GHashTable) by_image = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) out_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) unit_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(RdtVolume) volume = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autofree char *out_dir = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *folder_path = NULL;
  BoardRef *board = NULL;
  RdtVassalWanted *board_image = NULL;
  GridChoice choice = { 0 };
  RdtVassalGrid vgrid = { 0 };
  RdtGridSettings settings;
  RdtUnderlay underlay;
  Images images;
  Decoder dec = { 0 };
  xmlNode *root;
  gboolean ok = FALSE;
  int dirfd = -1;

  g_return_val_if_fail (module_path != NULL && out_path != NULL, FALSE);
  if (options == NULL)
    options = &defaults;

  if (g_file_test (out_path, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_OUTPUT,
                   _("%s already exists: choose another output file"), out_path);
      goto out;
    }

  /* Pass 1: the whole archive under the caps; buildFile kept. */
  if (!rdt_vassal_archive_scan (module_path,
                                options->max_total_bytes > 0 ? options->max_total_bytes
                                                             : RDT_VASSAL_MAX_TOTAL_BYTES,
                                &archive, report->warnings, error))
    goto out;
  if (archive.buildfile == NULL)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                   archive.buildfile_name != NULL
                     ? _("%s: entry “buildFile.xml” appears more than once: refused")
                     : _("%s: no entry “buildFile.xml” (or “buildFile”): not a VASSAL module"),
                   module_path);
      goto out;
    }
  doc = parse_buildfile (archive.buildfile, archive.buildfile_name, error);
  if (doc == NULL)
    goto out;
  root = xmlDocGetRootElement (doc);
  {
    g_autofree char *name = prop (root, "name");
    report->module_name = clean_name (name != NULL ? name : "");
  }

  /* Prototypes first (pieces refer to them). */
  for (xmlNode *n = root; n != NULL; )
    {
      if (is_class (n, "PrototypeDefinition"))
        {
          g_autofree char *name = prop (n, "name");
          g_autofree char *text = text_content (n);
          g_autofree char *type = NULL;
          g_autofree char *state = NULL;

          g_strstrip (text);
          if (name != NULL && strlen (text) <= RDT_VASSAL_MAX_PIECE_TEXT)
            {
              if (!split_add_piece (text, &type, &state))
                type = g_strdup (text);
              g_hash_table_replace (prototypes, g_strdup (name), g_steal_pointer (&type));
              if (state != NULL)
                g_hash_table_replace (prototype_states, g_strdup (name), g_steal_pointer (&state));
              report->n_prototypes++;
            }
        }
      /* Depth-first walk (depth bounded by parse_buildfile). */
      if (n->children != NULL && n->type == XML_ELEMENT_NODE && !is_class (n, "PieceSlot"))
        n = n->children;
      else
        {
          while (n != NULL && n->next == NULL)
            n = n->parent != NULL && n->parent->type == XML_ELEMENT_NODE ? n->parent : NULL;
          if (n != NULL)
            n = n->next;
        }
    }

  /* Boards. */
  collect_boards (root, boards);
  {
    GStrvBuilder *names = g_strv_builder_new ();
    for (guint i = 0; i < boards->len; i++)
      g_strv_builder_add (names, ((BoardRef *) g_ptr_array_index (boards, i))->name);
    report->boards = g_strv_builder_end (names);
    g_strv_builder_unref (names);
  }
  if (boards->len == 0)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BOARD,
                   _("%s: the module has no board (Map → BoardPicker → Board)"), archive.buildfile_name);
      goto out;
    }
  for (guint i = 0; i < boards->len; i++)
    {
      BoardRef *b = g_ptr_array_index (boards, i);
      if (options->board != NULL ? g_str_equal (b->name, options->board) : boards->len == 1)
        {
          board = b;
          break;
        }
    }
  if (board == NULL)
    {
      g_autofree char *list = g_strjoinv (", ", report->boards);
      if (options->board != NULL)
        g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BOARD,
                     _("the module has no board “%s”; its boards: %s"), options->board, list);
      else
        g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BOARD,
                     _("the module has %u boards (%s): choose one with --board NAME"),
                     boards->len, list);
      goto out;
    }
  report->board = g_strdup (board->name);
  report->map = g_strdup (board->map_name);
  if (!choose_grid (board->board, report, &choice, error))
    {
      g_prefix_error (error, _("board “%s”: "), board->name);
      goto out;
    }
  report->zone = g_strdup (choice.zone);
  if (choice.zone != NULL)
    {
      /* Zone.java: the zone's locationFormat defaults to "$name$", the zone's
       * name, not the hex; only "$gridLocation$" in it shows the hex label. */
      g_autofree char *shown = clean_name (choice.zone_format != NULL ? choice.zone_format : "$name$");
      if (strstr (shown, "$gridLocation$") == NULL)
        g_ptr_array_add (report->warnings,
                         g_strdup_printf (_("zone “%s”: VASSAL reports locations there as “%s” (no $gridLocation$), "
                                            "so it shows no hex labels; Redoubt shows the grid's"),
                                          choice.zone, shown));
    }
  read_hex_grid (choice.grid, &vgrid);

  /* Pieces: palettes anywhere, at-start stacks of this board. */
  dec.report = report;
  dec.prototypes = prototypes;
  dec.prototype_states = prototype_states;
  for (xmlNode *n = root; n != NULL; )
    {
      gboolean descend = n->type == XML_ELEMENT_NODE && n->children != NULL;

      if (is_class (n, "PieceSlot"))
        {
          xmlNode *stack = n->parent != NULL && is_class (n->parent, "SetupStack") ? n->parent : NULL;
          gboolean wanted_piece = TRUE;

          if (stack != NULL)
            {
              g_autofree char *owner = prop (stack, "owningBoard");
              /* An at-start stack on another map or board is not this scenario's. */
              if (stack->parent != board->map ||
                  (owner != NULL && owner[0] != '\0' && !g_str_equal (owner, board->name)))
                wanted_piece = FALSE;
            }
          if (wanted_piece)
            {
              Piece *piece = decode_piece_slot (&dec, n);
              if (piece != NULL)
                {
                  if (stack != NULL)
                    {
                      g_autofree char *sname = prop (stack, "name");
                      piece->at_start = TRUE;
                      piece->stack = clean_name (sname);
                      piece->stack_node = stack;
                    }
                  g_ptr_array_add (pieces, piece);
                }
            }
          descend = FALSE;
        }
      /* Only Java classes are components: plain child elements such as
       * PlayerRoster's <entry> are part of their component. */
      else if (n->type == XML_ELEMENT_NODE && n != root && strchr ((const char *) n->name, '.') != NULL &&
               !is_class (n, "PrototypeDefinition") && !is_class (n, "PrototypesContainer") &&
               !is_map_class (n) && !is_class (n, "BoardPicker") && !is_class (n, "Board") &&
               !is_class (n, "HexGrid") && !is_class (n, "HexGridNumbering") &&
               !is_class (n, "ZonedGrid") && !is_class (n, "Zone") && !is_class (n, "SetupStack") &&
               !is_class (n, "PieceWindow") && !is_class (n, "ListWidget") &&
               !is_class (n, "PanelWidget") && !is_class (n, "TabWidget") && !is_class (n, "BoxWidget"))
        count_in (report->skipped_components, class_of (n));
      if (is_class (n, "PrototypeDefinition"))
        descend = FALSE;
      if (descend)
        n = n->children;
      else
        {
          while (n != NULL && n->next == NULL)
            n = n->parent != NULL && n->parent->type == XML_ELEMENT_NODE ? n->parent : NULL;
          if (n != NULL)
            n = n->next;
        }
    }

  /* The images wanted: the board's, then the counters'. */
  images.wanted = wanted;
  images.by_image = by_image;
  images.out_names = out_names;
  images.archive = &archive;
  images.report = report;
  {
    g_autofree char *image = prop (board->board, "image");
    board_image = want_image (&images, image, TRUE);
    if (board_image == NULL)
      {
        g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BOARD,
                     image == NULL || image[0] == '\0'
                       ? _("board “%s”: no image (a board drawn by VASSAL from a colour): nothing to calibrate")
                       : _("board “%s”: its image “images/%s” is missing, refused or duplicated in the archive"),
                     board->name, image != NULL ? image : "");
        goto out;
      }
  }
  for (guint i = 0; i < pieces->len; i++)
    {
      Piece *p = g_ptr_array_index (pieces, i);
      want_image (&images, p->image, FALSE);
      for (guint l = 0; l < p->layers->len; l++)
        want_image (&images, g_ptr_array_index (p->layers, l), FALSE);
    }

  /* The output folder, new, beside the scenario. */
  out_dir = g_path_get_dirname (out_path);
  {
    g_autofree char *base = g_path_get_basename (out_path);
    stem = g_str_has_suffix (base, ".redoubt") ? g_strndup (base, strlen (base) - 8) : g_strdup (base);
  }
  folder = g_strconcat (stem, "-vassal", NULL);
  folder_path = g_build_filename (out_dir, folder, NULL);
  if (g_mkdir (folder_path, 0755) != 0)
    {
      int saved = errno;
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_OUTPUT,
                   saved == EEXIST ? _("%s already exists: remove it or choose another output file")
                                   : _("cannot create the folder %s: %s"),
                   folder_path, g_strerror (saved));
      goto out;
    }
  dirfd = open (folder_path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dirfd < 0)
    {
      int saved = errno;
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_OUTPUT,
                   _("cannot open the folder %s: %s"), folder_path, g_strerror (saved));
      g_rmdir (folder_path);
      goto out;
    }
  report->folder = g_strdup (folder);

  /* Pass 2: the images, each by name under the folder. */
  if (!rdt_vassal_archive_extract (module_path,
                                   options->max_total_bytes > 0 ? options->max_total_bytes
                                                                : RDT_VASSAL_MAX_TOTAL_BYTES,
                                   dirfd, wanted,
                                   options->max_pixels > 0 ? options->max_pixels : RDT_VASSAL_MAX_PIXELS,
                                   error))
    goto fail_cleanup;
  if (!board_image->written)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BOARD,
                   _("board “%s”: entry “%s”: %s: refused"), board->name, board_image->entry,
                   board_image->problem != NULL ? board_image->problem : _("not found"));
      goto fail_cleanup;
    }
  for (guint i = 0; i < wanted->len; i++)
    {
      RdtVassalWanted *w = g_ptr_array_index (wanted, i);
      if (w->written)
        report->n_images++;
      else if (w->problem != NULL)
        g_ptr_array_add (report->warnings, g_strdup_printf (_("entry “%s”: %s: skipped"), w->entry, w->problem));
      if (w->written && w->format != NULL && g_str_equal (w->format, "gif"))
        g_ptr_array_add (report->left_for_user,
                         g_strdup_printf (_("%s/%s is a GIF: Redoubt draws PNG, JPEG or SVG counter art; convert it and set it as the unit's art"),
                                          folder, w->out_name));
    }
  report->image_width = board_image->width;
  report->image_height = board_image->height;
  report->board_image = g_build_filename (folder, board_image->out_name, NULL);

  /* The grid and its calibration. */
  vgrid.width = choice.right >= 0 ? choice.right - choice.left : board_image->width;
  vgrid.height = choice.right >= 0 ? choice.bottom - choice.top : board_image->height;
  if (!rdt_vassal_grid_to_redoubt (&vgrid,
                                   choice.right >= 0 ? MAX (choice.left, 0) : 0,
                                   choice.right >= 0 ? MAX (choice.top, 0) : 0,
                                   choice.right >= 0 ? MIN (choice.right, board_image->width) : board_image->width,
                                   choice.right >= 0 ? MIN (choice.bottom, board_image->height) : board_image->height,
                                   &settings, &underlay, &report->drift, error))
    {
      g_prefix_error (error, _("board “%s”: "), board->name);
      goto fail_cleanup;
    }
  if (!vgrid.numbered)
    g_ptr_array_add (report->warnings,
                     g_strdup (_("the hex grid has no HexGridNumbering: VASSAL shows no labels; numbered with VASSAL's defaults")));
  if (vgrid.location_format != NULL && !g_str_equal (vgrid.location_format, "$gridLocation$"))
    g_ptr_array_add (report->warnings,
                     g_strdup_printf (_("VASSAL reports locations in the format “%s”; Redoubt shows the hex labels "
                                        "VASSAL draws on the map (without that text) and reads at-start stack "
                                        "locations in either form"),
                                      vgrid.location_format));
  volume = generic_volume ();
  scenario = rdt_scenario_new (volume, &settings, "clear", error);
  if (scenario == NULL)
    {
      g_prefix_error (error, _("board “%s”: "), board->name);
      goto fail_cleanup;
    }
  underlay.href = g_strdup (report->board_image);
  rdt_scenario_set_underlay (scenario, &underlay, NULL);
  report->origin_x = underlay.origin_x;
  report->origin_y = underlay.origin_y;
  report->hex_size = underlay.hex_size;
  g_free (underlay.href);
  if (report->drift > 0.2 * MIN (vgrid.dx, vgrid.dy))
    g_ptr_array_add (report->warnings,
                     g_strdup_printf (_("VASSAL's hexes are not regular (dx=%g, dy=%g; a regular hex has dx = 0.866 dy): "
                                        "Redoubt's drawn grid is up to %.1f pixels off the scan at the far edge; "
                                        "recalibrate the underlay if it shows"), vgrid.dx, vgrid.dy, report->drift));
  {
    RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
    RdtHexLabelFormat shown;
    g_autofree char *first = NULL;
    gboolean plain = TRUE;
    g_autoptr(GError) lerr = NULL;

    /* VASSAL's label text as the map's display labels (issue 17), unless every
     * hex already shows it as the plain XXYY label. */
    rdt_vassal_grid_label_format (&vgrid, &shown);
    for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid) && plain; i++)
      {
        RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
        g_autofree char *a = rdt_hex_label_format_print (&shown, grid, hex);
        g_autofree char *b = rdt_hex_grid_dup_label (grid, hex);
        plain = g_str_equal (a, b);
      }
    if (!plain && !rdt_scenario_set_hex_labels (scenario, &shown, &lerr))
      g_ptr_array_add (report->warnings,
                       g_strdup_printf (_("VASSAL's label text cannot be shown (%s): Redoubt shows its plain labels"),
                                        lerr->message));
    first = rdt_scenario_dup_hex_label (scenario, (RdtHex) { settings.first_column, settings.first_row });
    report->grid_text = g_strdup_printf (_("%s, %d columns × %d rows from %s, %s columns shifted"),
                                         settings.orientation == RDT_GRID_FLAT_TOP ? "flat-top" : "pointy-top",
                                         settings.columns, settings.rows, first,
                                         settings.shift == RDT_GRID_SHIFT_ODD ? "odd" : "even");
    if (settings.orientation == RDT_GRID_POINTY_TOP)
      report->grid_text = (g_free (report->grid_text),
                           g_strdup_printf (_("pointy-top, %d columns × %d rows from %s, %s rows shifted"),
                                            settings.columns, settings.rows, first,
                                            settings.shift == RDT_GRID_SHIFT_ODD ? "odd" : "even"));
    /* VASSAL's label of every hex against Redoubt's. */
    for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
      {
        RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
        g_autofree char *label = rdt_scenario_dup_hex_label (scenario, hex);
        g_autofree char *theirs = NULL;
        int px, py;

        rdt_vassal_grid_hex_point (&vgrid, hex, &px, &py);
        theirs = rdt_vassal_grid_label_at (&vgrid, px, py);
        report->n_labels++;
        if (!g_str_equal (theirs, label))
          {
            report->n_labels_differ++;
            if (report->label_example == NULL)
              report->label_example = g_strdup_printf (_("Redoubt %s where VASSAL shows %s"), label, theirs);
          }
      }
    if (report->n_labels_differ > 0)
      g_ptr_array_add (report->warnings,
                       g_strdup_printf (_("the label text of %u of %u hexes differs (e.g. %s)"),
                                        report->n_labels_differ, report->n_labels, report->label_example));
    if (!plain && rdt_scenario_get_hex_labels (scenario) != NULL)
      {
        g_autofree char *internal = rdt_hex_grid_dup_label (grid, (RdtHex) { settings.first_column, settings.first_row });

        report->display_first = g_strdup (first);
        report->display_first_plain = g_strdup (internal);
        g_ptr_array_add (report->left_for_user,
                         g_strdup_printf (_("the map shows VASSAL's labels (first hex %s%s); files, rules and JSON "
                                            "outputs name hexes by Redoubt's column and row (%s is #%s, "
                                            "docs/format.md “Display labels”)"),
                                          first,
                                          (shown.column.descending || shown.row.descending) ? _(", descending") : "",
                                          first, internal));
      }
  }

  /* Sides: from the pieces' "side" properties, else two to name. */
  {
    g_autoptr(GHashTable) side_names = g_hash_table_new (g_str_hash, g_str_equal);
    for (guint i = 0; i < pieces->len; i++)
      {
        Piece *p = g_ptr_array_index (pieces, i);
        if (p->side != NULL && !g_hash_table_contains (side_names, p->side) &&
            rdt_scenario_get_n_sides (scenario) < 8)
          {
            g_autofree char *base = slug (p->side, "side");
            g_autofree char *id = unique_id (unit_ids, base);
            g_hash_table_add (side_names, p->side);
            rdt_scenario_add_side (scenario, id, p->side, 0, 0, NULL);
          }
      }
    while (rdt_scenario_get_n_sides (scenario) < 2)
      {
        gboolean a = rdt_scenario_get_n_sides (scenario) == 0;
        g_autofree char *id = unique_id (unit_ids, a ? "side-a" : "side-b");
        rdt_scenario_add_side (scenario, id, a ? _("Side A (to name)") : _("Side B (to name)"), 0, 0, NULL);
        g_ptr_array_add (report->left_for_user,
                         g_strdup_printf (_("side “%s”: no piece has a “side” property; name the side and its army morale"), id));
      }
    g_ptr_array_add (report->left_for_user,
                     g_strdup (_("sides: army morale 0 and momentum 0 are placeholders (not in a VASSAL module)")));
    rdt_scenario_set_turns (scenario, 1, 1, 0, "fixed");
    g_ptr_array_add (report->left_for_user,
                     g_strdup (_("turns: 1 turn, first player the first side: placeholders (not in a VASSAL module)")));
  }

  /* Units: palette pieces, then at-start pieces (placing the same counter of
   * the palette when there is one). */
  {
    g_autoptr(GHashTable) made = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
    guint no_side = 0;
    guint n_palette_dups = 0;

    for (int pass = 0; pass < 2; pass++)
      for (guint i = 0; i < pieces->len; i++)
        {
          Piece *p = g_ptr_array_index (pieces, i);
          g_autofree char *key = g_strconcat (p->name, "\n", p->image != NULL ? p->image : "", NULL);
          RdtVassalWanted *front = NULL, *back = NULL;
          RdtUnit *unit = NULL;
          GPtrArray *list;
          int side = 0, strength = 1;

          if (p->at_start != (pass == 1))
            continue;
          list = g_hash_table_lookup (made, key);
          /* The same counter (name and image) in several palettes (a module's
           * "All" tab beside the per-side ones) is one counter: one unit. */
          if (pass == 0 && list != NULL)
            {
              n_palette_dups++;
              continue;
            }
          if (pass == 1 && list != NULL)
            for (guint u = 0; u < list->len && unit == NULL; u++)
              {
                RdtUnit *cand = g_ptr_array_index (list, u);
                if (cand->placement.kind == RDT_PLACEMENT_NONE)
                  unit = cand;
              }
          if (unit == NULL)
            {
              g_autofree char *base = slug (p->name, "unit");
              g_autofree char *id = unique_id (unit_ids, base);
              g_autofree char *note = NULL;

              for (guint s = 0; p->side != NULL && s < rdt_scenario_get_n_sides (scenario); s++)
                if (g_strcmp0 (rdt_scenario_get_side (scenario, s)->name, p->side) == 0)
                  side = (int) s;
              if (p->side == NULL)
                {
                  side = 0;
                  no_side++;
                }
              if (p->strength != NULL)
                {
                  gint64 v;
                  if (g_ascii_string_to_signed (p->strength, 10, 0, 99, &v, NULL))
                    strength = (int) v;
                }
              unit = rdt_unit_new (id, p->name, side, RDT_UNIT_KIND_INFANTRY);
              rdt_unit_add_step (unit, strength, -1, 0);
              unit->provisional = RDT_UNIT_PROVISIONAL_MORALE | RDT_UNIT_PROVISIONAL_MOVEMENT |
                                  (p->strength == NULL ? RDT_UNIT_PROVISIONAL_STRENGTH : 0);
              if (p->formation != NULL)
                {
                  g_autofree char *f = slug (p->formation, "formation");
                  unit->formation = g_steal_pointer (&f);
                }
              note = g_strdup_printf (_("Imported from the VASSAL piece “%s”: kind (infantry), movement (0), "
                                        "morale (0)%s%s are placeholders to set."),
                                      p->name, p->strength == NULL ? _(", strength (1)") : "",
                                      p->side == NULL ? _(", side") : "");
              unit->note = clean_name (note);
              /* Art: the basic piece image in front, the next layer image behind. */
              front = g_hash_table_lookup (by_image, p->image != NULL ? p->image : "");
              for (guint l = 0; l < p->layers->len; l++)
                {
                  RdtVassalWanted *w = g_hash_table_lookup (by_image, g_ptr_array_index (p->layers, l));
                  if (!drawable (front))
                    front = w;
                  else if (w != front && drawable (w) && back == NULL)
                    back = w;
                }
              if (drawable (front))
                {
                  unit->art_front = g_build_filename (folder, front->out_name, NULL);
                  if (drawable (back))
                    unit->art_back = g_build_filename (folder, back->out_name, NULL);
                  report->n_units_with_art++;
                }
              if (p->layers->len > 2)
                g_ptr_array_add (report->left_for_user,
                                 g_strdup_printf (_("unit “%s”: %u layer images; front and back kept, the other step levels are in %s"),
                                                  id, p->layers->len, folder));
              if (!rdt_scenario_add_unit (scenario, unit, -1, NULL))
                {
                  rdt_unit_free (unit);
                  continue;
                }
              unit = rdt_scenario_find_unit (scenario, id);
              report->n_units++;
              if (list == NULL)
                {
                  list = g_ptr_array_new ();
                  g_hash_table_insert (made, g_strdup (key), list);
                }
              g_ptr_array_add (list, unit);
            }
          if (p->at_start)
            {
              xmlNode *s = p->stack_node;
              g_autofree char *loc = prop (s, "location");
              gboolean use_grid = bool_prop (s, "useGridLocation", FALSE);
              gboolean found = FALSE;
              RdtHex hex = { 0, 0 };
              int x = 0, y = 0;

              if (use_grid && loc != NULL)
                {
                  for (guint h = 0; h < rdt_hex_grid_get_n_hexes (grid) && !found; h++)
                    {
                      RdtHex cand = rdt_hex_grid_hex_at_index (grid, h);
                      g_autofree char *theirs = NULL;
                      int px, py;

                      rdt_vassal_grid_hex_point (&vgrid, cand, &px, &py);
                      theirs = rdt_vassal_grid_label_at (&vgrid, px, py);
                      if (!g_str_equal (theirs, g_strstrip (loc)))
                        {
                          /* VASSAL writes the location in its locationFormat
                           * ("Hex $gridLocation$"): that form too. */
                          g_free (theirs);
                          theirs = rdt_vassal_grid_location_at (&vgrid, px, py);
                        }
                      if (g_str_equal (theirs, loc))
                        {
                          hex = cand;
                          found = TRUE;
                        }
                    }
                }
              else if (int_prop (s, "x", &x) && int_prop (s, "y", &y))
                {
                  hex = rdt_vassal_grid_redoubt_hex_at (&vgrid, x, y);
                  found = rdt_hex_grid_contains (grid, hex);
                }
              if (found)
                {
                  RdtPlacement place = { 0 };
                  place.kind = RDT_PLACEMENT_HEX;
                  place.hex = hex;
                  rdt_placement_clear (&unit->placement);
                  rdt_placement_copy (&place, &unit->placement);
                  report->n_setup++;
                }
              else
                {
                  g_autofree char *at = use_grid ? g_strdup_printf ("“%s”", loc != NULL ? loc : "")
                                                 : g_strdup_printf ("x=%d y=%d", x, y);
                  g_ptr_array_add (report->warnings,
                                   g_strdup_printf (_("at-start stack “%s” (line %ld): its location %s is not a hex of the imported grid: “%s” not set up"),
                                                    p->stack != NULL ? p->stack : "", xmlGetLineNo (s), at, unit->id));
                }
            }
        }
    /* Palette counters not set up: explicitly unused until the user says. */
    for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
      {
        RdtUnit *u = rdt_scenario_get_unit (scenario, i);
        if (u->placement.kind == RDT_PLACEMENT_NONE)
          u->placement.kind = RDT_PLACEMENT_UNUSED;
      }
    {
      GHashTableIter it;
      gpointer value;
      g_hash_table_iter_init (&it, made);
      while (g_hash_table_iter_next (&it, NULL, &value))
        g_ptr_array_free (value, TRUE);
    }
    if (report->n_units > 0)
      g_ptr_array_add (report->left_for_user,
                       g_strdup_printf (_("units (%u): kind (infantry), movement (0) and morale (0) are placeholders, marked "
                                          "provisional; strength is 1 unless a “strength” property gave it; each unit's note says which"),
                                        report->n_units));
    if (n_palette_dups > 0)
      g_ptr_array_add (report->left_for_user,
                       g_strdup_printf (_("palette entries repeating a counter already read (same name and image, %u): "
                                          "one unit each counter; add a unit by hand if the game has several such counters"),
                                        n_palette_dups));
    if (no_side > 0)
      g_ptr_array_add (report->left_for_user,
                       g_strdup_printf (_("units without a “side” property (%u): put on the first side"), no_side));
    if (report->n_units - report->n_setup > 0)
      g_ptr_array_add (report->left_for_user,
                       g_strdup_printf (_("units not set up (%u, palette counters): written as <unused/>; give each a set-up or an arrival"),
                                        report->n_units - report->n_setup));
  }
  {
    g_autofree char *title = g_strdup_printf (_("%s — %s (imported from VASSAL)"),
                                              report->module_name[0] != '\0' ? report->module_name : "VASSAL",
                                              board->name);
    g_autofree char *id = slug (stem, "imported");
    g_autofree char *clean = clean_name (title);
    rdt_scenario_set_title (scenario, clean);
    rdt_scenario_set_id (scenario, id);
  }
  if (!rdt_scenario_save_to_file (scenario, out_path, error))
    goto fail_cleanup;
  ok = TRUE;
  goto out;

fail_cleanup:
  if (dirfd >= 0)
    {
      remove_written (dirfd, wanted);
      close (dirfd);
      dirfd = -1;
      g_rmdir (folder_path);
    }

out:
  if (dirfd >= 0)
    close (dirfd);
  rdt_vassal_grid_clear (&vgrid);
  g_free (choice.zone);
  g_free (choice.zone_format);
  rdt_vassal_archive_clear (&archive);
  if (out_report != NULL)
    *out_report = g_steal_pointer (&report);
  return ok;
}
