/* rdt-scenario-io.c: the safe loader and the canonical writer (docs/format.md). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "rdt-diagnostic.h"
#include "rdt-file-io.h"
#include "rdt-file-ref.h"
#include "rdt-format-private.h"
#include "rdt-format-resources.h"
#include "rdt-hex-grid-private.h"
#include "rdt-scenario-io.h"
#include "rdt-scenario-private.h"
#include "rdt-schema-check-private.h"
#include "rdt-structure-check-private.h"
#include "rdt-validate.h"

G_DEFINE_QUARK (rdt-format-error-quark, rdt_format_error)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGValidCtxt, xmlRelaxNGFreeValidCtxt)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtSchemaCheckCursor, _rdt_schema_check_cursor_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtStructureRun, _rdt_structure_run_free)

#define SCHEMA_RESOURCE "/org/redoubt/format/schema/redoubt.rng"

/* ------------------------------------------------------------------ safety */

/* libxml2 must never fetch anything: not a DTD, not an entity, not over the
 * network.  DOCTYPEs are refused before parsing anyway; this is the backstop. */
static xmlParserInputPtr
refuse_external_entity (const char       *url,
                        const char       *id,
                        xmlParserCtxtPtr  ctxt)
{
  return NULL;
}

/* libxml2's generic error channel prints to stderr; library code never prints. */
static void
silent_generic_error (void       *ctx,
                      const char *msg,
                      ...)
{
}

/* The schema in the fast form the loader uses (rdt-schema-check-private.h). */
static RdtSchemaCheck *schema;
static char *schema_error;
/* The project's own structure check of the same schema (issue 15). */
static RdtStructurePool *structure_pool;

/* A check taken from the pool for one parse, given back at the end. */
typedef RdtStructureCheck RdtStructureCheckLease;

static void
structure_check_give_back (RdtStructureCheckLease *check)
{
  _rdt_structure_pool_release (structure_pool, check);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtStructureCheckLease, structure_check_give_back)

static gint structure_decided, structure_deferred;

void
_rdt_format_structure_counts (guint *decided,
                              guint *deferred)
{
  *decided = (guint) g_atomic_int_get (&structure_decided);
  *deferred = (guint) g_atomic_int_get (&structure_deferred);
}

static gpointer
init_libxml (gpointer data)
{
  g_autoptr(GBytes) bytes = NULL;

  xmlInitParser ();
  xmlSetExternalEntityLoader (refuse_external_entity);
  xmlSetGenericErrorFunc (NULL, silent_generic_error);

  bytes = g_resource_lookup_data (_rdt_format_get_resource (), SCHEMA_RESOURCE,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    {
      schema_error = g_strdup ("the schema resource is missing");
      return NULL;
    }
  schema = _rdt_schema_check_new (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  &schema_error);
  if (schema != NULL)
    structure_pool = _rdt_structure_pool_new (_rdt_schema_check_get_doc (schema));
  return NULL;
}

static void
ensure_libxml (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, init_libxml, NULL);
}

/* ------------------------------------------------------------- diagnostics */

typedef struct {
  const char *file;          /* for messages */
  GPtrArray *diagnostics;    /* always non-NULL here */
  gboolean first_error_set;
  RdtFormatError first_code;
  char *first_error;         /* "file:line: <element>: message" */
  GHashTable *kept;          /* (nullable) errors whose content the model keeps */
} Report;

static void
report_add (Report      *report,
            RdtSeverity  severity,
            int          code,
            int          line,
            const char  *element,
            const char  *message,
            const char  *hint)
{
  RdtDiagnostic *d = rdt_diagnostic_new (severity, report->file, line, element, message, hint);

  if (severity == RDT_SEVERITY_ERROR && code >= 0 && !report->first_error_set)
    {
      report->first_error_set = TRUE;
      report->first_code = code;
      report->first_error = g_strdup_printf ("%s:%d: <%s>: %s%s%s%s",
                                             report->file, line,
                                             element != NULL ? element : "document",
                                             message,
                                             hint != NULL ? " (" : "",
                                             hint != NULL ? hint : "",
                                             hint != NULL ? ")" : "");
    }
  rdt_diagnostics_add (report->diagnostics, d);
}

static void G_GNUC_PRINTF (6, 7)
report_node (Report      *report,
             RdtSeverity  severity,
             int          code,
             xmlNode     *node,
             const char  *hint,
             const char  *format,
             ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  report_add (report, severity, code,
              node != NULL ? (int) xmlGetLineNo (node) : 0,
              node != NULL ? (const char *) node->name : NULL,
              message, hint);
}

/* Structured libxml2 errors (well-formedness, RELAX NG) become diagnostics. */
static void
collect_xml_error (void        *user_data,
                   xmlErrorPtr  error)
{
  Report *report = user_data;
  g_autofree char *message = NULL;
  const char *element = NULL;
  xmlNode *node = error->node;
  int line = error->line;

  if (error->level == XML_ERR_NONE)
    return;
  /* libxml2's RELAX NG validator follows each located error with a summary
   * that has neither line nor node ("Element unit failed to validate
   * attributes"): it adds nothing a user can act on. */
  if (error->domain == XML_FROM_RELAXNGV && line <= 0 &&
      (node == NULL || node->type != XML_ELEMENT_NODE))
    return;
  /* Messages end in a newline and may be any bytes from the file. */
  message = g_utf8_make_valid (error->message != NULL ? error->message : "error", -1);
  g_strstrip (message);
  if (node != NULL && node->type == XML_ELEMENT_NODE)
    {
      element = (const char *) node->name;
      if (line <= 0)
        line = (int) xmlGetLineNo (node);
    }
  report_add (report,
              error->level == XML_ERR_WARNING ? RDT_SEVERITY_WARNING : RDT_SEVERITY_ERROR,
              error->domain == XML_FROM_RELAXNGV ? RDT_FORMAT_ERROR_SCHEMA : RDT_FORMAT_ERROR_MALFORMED,
              line, element, message,
              error->domain == XML_FROM_RELAXNGV
                ? _("see docs/format.md and data/schema/redoubt.rng for what is allowed here")
                : _("fix the XML syntax at that line"));
}

/* A value the loader's schema left to C (rdt-schema-check.c) is not of its form. */
static void
collect_value_error (gpointer    user_data,
                     xmlNode    *node,
                     const char *message)
{
  report_add (user_data, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_SCHEMA,
              (int) xmlGetLineNo (node), (const char *) node->name, message,
              _("see docs/format.md and data/schema/redoubt.rng for what is allowed here"));
}

static void
report_set_gerror (Report  *report,
                   GError **error)
{
  if (report->first_error_set)
    g_set_error_literal (error, RDT_FORMAT_ERROR, report->first_code, report->first_error);
  else
    g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED,
                 _("%s: cannot be loaded"), report->file);
}

static void
report_clear (Report *report)
{
  g_clear_pointer (&report->first_error, g_free);
  g_clear_pointer (&report->kept, g_hash_table_unref);
}

/* ------------------------------------------------------------ safe parsing */

static int
line_of_offset (const char *data,
                gsize       offset)
{
  int line = 1;

  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n')
      line++;
  return line;
}

/* libxml2 2.9 checks each attribute of a start tag against all the previous
 * ones, so one element with 100,000 attributes (1 MB) takes minutes to parse
 * and a 64 MB one would take days.  No valid file has more than about twenty
 * on an element: count them in the bytes before parsing.  The scan follows
 * XML's lexical structure (comments, CDATA sections, processing instructions,
 * quoted values) so that nothing can hide attributes from it; it may
 * over-count in a malformed file, which is refused anyway.  Returns the
 * offset of the first tag over the limit, or -1. */
#define MAX_ATTRIBUTES_PER_ELEMENT 256

/* Also counts the start tags and their nesting: a file of more than
 * RDT_FORMAT_MAX_ELEMENTS elements is refused before any tree exists
 * (building the first two million nodes of a 60 MB file of "<b/>" took
 * 380 MB, 1 GB under ASan: issue 11), and a file nested deeper than
 * RDT_FORMAT_MAX_DEPTH too, whichever comes first in the file, as the parse
 * would find them.  Comments, CDATA and processing instructions are skipped as
 * libxml2 does, so a well-formed file is counted exactly; *out_limit tells
 * which limit the returned offset broke. */
typedef enum {
  LIMIT_ATTRIBUTES,
  LIMIT_ELEMENTS,
  LIMIT_DEPTH,
} ScanLimit;

static gssize
find_too_many_attributes (const char *data,
                          gsize       size,
                          ScanLimit  *out_limit,
                          gboolean   *markup)
{
  const char *p = data;
  const char *end = data + size;
  guint n_elements = 0;
  int depth = 0;
  gboolean seen_markup = FALSE;

  *out_limit = LIMIT_ATTRIBUTES;
  /* Until proven otherwise (also on every early return). */
  *markup = TRUE;

  while (p < end)
    {
      const char *tag;
      guint n = 0;
      char quote = 0;
      gboolean start_tag;

      p = memchr (p, '<', end - p);
      if (p == NULL)
        break;
      if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          seen_markup = TRUE;
          p = g_strstr_len (p + 4, end - p - 4, "-->");
          if (p == NULL)
            return -1;
          p += 3;
          continue;
        }
      if (end - p >= 9 && memcmp (p, "<![CDATA[", 9) == 0)
        {
          seen_markup = TRUE;
          p = g_strstr_len (p + 9, end - p - 9, "]]>");
          if (p == NULL)
            return -1;
          p += 3;
          continue;
        }
      if (end - p >= 2 && p[1] == '?')
        {
          /* The XML declaration opens the file (after a BOM); any other
           * <? is a processing instruction. */
          if (!(p - data <= 3 && end - p >= 6 && memcmp (p, "<?xml", 5) == 0 &&
                g_ascii_isspace (p[5])))
            seen_markup = TRUE;
          p = g_strstr_len (p + 2, end - p - 2, "?>");
          if (p == NULL)
            return -1;
          p += 2;
          continue;
        }
      /* A start or end tag (or a declaration, refused elsewhere). */
      tag = p++;
      start_tag = p < end && *p != '/' && *p != '!';
      if (start_tag && depth + 1 > RDT_FORMAT_MAX_DEPTH)
        {
          *out_limit = LIMIT_DEPTH;
          return tag - data;
        }
      if (start_tag && ++n_elements > RDT_FORMAT_MAX_ELEMENTS)
        {
          *out_limit = LIMIT_ELEMENTS;
          return tag - data;
        }
      if (p < end && *p == '/')
        depth--;
      /* A quoted value is skipped with memchr: values are most of a tag's
       * bytes. */
      for (; p < end; p++)
        {
          if (*p == '"' || *p == '\'')
            {
              quote = *p;
              p = memchr (p + 1, quote, end - p - 1);
              if (p == NULL)
                return -1;
            }
          else if (*p == '=' && ++n > MAX_ATTRIBUTES_PER_ELEMENT)
            return tag - data;
          else if (*p == '>')
            {
              /* "<x/>" opens nothing. */
              if (start_tag && p[-1] != '/')
                depth++;
              break;
            }
        }
    }
  *markup = seen_markup;
  return -1;
}

/* The element count and depth limits, enforced while parsing: checking only
 * the finished tree would let a hostile 60 MB file of "<b/>" build 15
 * million nodes (2 GB) first.  The messages match the byte scan's. */
typedef struct {
  startElementNsSAX2Func start_element;
  commentSAXFunc comment;
  processingInstructionSAXFunc pi;
  gboolean comments_or_pis;  /* the warning walk below is needed */
  guint count;
  gboolean exceeded;
  int line;
  char *element;
  char *message;
  /* Issue 15: the C value checks of each element's attributes, done as the
   * element is built (its memory still in cache) and only to learn whether
   * there is anything to report; the elements whose text is checked too. */
  RdtSchemaCheckCursor *cursor;
  gboolean value_finding;
  GPtrArray *text_nodes;
  /* Issue 15: the structure checked from the same events
   * (rdt-structure-check-private.h); libxml2 validates only when it is not
   * sure. */
  RdtStructureRun *run;
  endElementNsSAX2Func end_element;
  charactersSAXFunc characters;
  charactersSAXFunc cdata;
  ignorableWhitespaceSAXFunc ignorable;
  referenceSAXFunc reference;
} ParseLimits;

/* A value finding while parsing: only noted (the walk after the schema
 * check reports it, in its order, with its message). */
static void
note_value_finding (gpointer    user_data,
                    xmlNode    *node,
                    const char *message)
{
  ((ParseLimits *) user_data)->value_finding = TRUE;
}

static void
limited_start_element (void           *ctx,
                       const xmlChar  *localname,
                       const xmlChar  *prefix,
                       const xmlChar  *uri,
                       int             nb_namespaces,
                       const xmlChar **namespaces,
                       int             nb_attributes,
                       int             nb_defaulted,
                       const xmlChar **attributes)
{
  xmlParserCtxtPtr ctxt = ctx;
  ParseLimits *limits = ctxt->_private;

  if (++limits->count > RDT_FORMAT_MAX_ELEMENTS || ctxt->nameNr + 1 > RDT_FORMAT_MAX_DEPTH)
    {
      limits->exceeded = TRUE;
      limits->line = ctxt->input != NULL ? ctxt->input->line : 0;
      limits->element = g_strdup ((const char *) localname);
      limits->message = limits->count > RDT_FORMAT_MAX_ELEMENTS
        ? g_strdup_printf (_("more than %d elements"), RDT_FORMAT_MAX_ELEMENTS)
        : g_strdup_printf (_("elements nested more than %d deep"), RDT_FORMAT_MAX_DEPTH);
      xmlStopParser (ctxt);
      return;
    }
  limits->start_element (ctx, localname, prefix, uri, nb_namespaces, namespaces,
                         nb_attributes, nb_defaulted, attributes);
  if (limits->run != NULL)
    _rdt_structure_run_start (limits->run, localname, uri, nb_attributes, attributes);
  if (limits->cursor != NULL && !limits->value_finding)
    {
      xmlNode *node = ctxt->node;

      if (node == NULL || node->type != XML_ELEMENT_NODE || !xmlStrEqual (node->name, localname))
        limits->value_finding = TRUE;   /* not the element just started: ask the walk */
      else
        switch (_rdt_schema_check_cursor_attributes (limits->cursor, node, note_value_finding, limits))
          {
          case 0:
            break;
          case 1:
            g_ptr_array_add (limits->text_nodes, node);
            break;
          default:
            limits->value_finding = TRUE;
            break;
          }
    }
}

static void
limited_end_element (void          *ctx,
                     const xmlChar *localname,
                     const xmlChar *prefix,
                     const xmlChar *uri)
{
  xmlParserCtxtPtr ctxt = ctx;
  ParseLimits *limits = ctxt->_private;

  limits->end_element (ctx, localname, prefix, uri);
  if (limits->run != NULL)
    _rdt_structure_run_end (limits->run);
}

/* Text of any kind: to libxml2's own handler @next (the tree), then to the
 * structure check. */
static inline void
forward_text (void             *ctx,
              charactersSAXFunc next,
              const xmlChar    *text,
              int               len)
{
  ParseLimits *limits = ((xmlParserCtxtPtr) ctx)->_private;

  if (next != NULL)
    next (ctx, text, len);
  if (limits->run != NULL)
    _rdt_structure_run_text (limits->run, text, len);
}

static void
noting_characters (void          *ctx,
                   const xmlChar *text,
                   int            len)
{
  forward_text (ctx, ((ParseLimits *) ((xmlParserCtxtPtr) ctx)->_private)->characters, text, len);
}

static void
noting_cdata (void          *ctx,
              const xmlChar *text,
              int            len)
{
  forward_text (ctx, ((ParseLimits *) ((xmlParserCtxtPtr) ctx)->_private)->cdata, text, len);
}

/* Blank text libxml2 drops (XML_PARSE_NOBLANKS) is still text to the
 * structure check, as it is to RELAX NG. */
static void
noting_ignorable (void          *ctx,
                  const xmlChar *text,
                  int            len)
{
  forward_text (ctx, ((ParseLimits *) ((xmlParserCtxtPtr) ctx)->_private)->ignorable, text, len);
}

static void
noting_reference (void          *ctx,
                  const xmlChar *name)
{
  xmlParserCtxtPtr ctxt = ctx;
  ParseLimits *limits = ctxt->_private;

  if (limits->reference != NULL)
    limits->reference (ctx, name);
  if (limits->run != NULL)
    _rdt_structure_run_doubt (limits->run);
}

/* Notes that the document has comments or processing instructions, so that
 * the walk that warns about them runs only then (issue 15: load time).  The
 * structure check leaves such documents to libxml2. */
static void
noting_comment (void          *ctx,
                const xmlChar *value)
{
  xmlParserCtxtPtr ctxt = ctx;
  ParseLimits *limits = ctxt->_private;

  limits->comments_or_pis = TRUE;
  if (limits->run != NULL)
    _rdt_structure_run_doubt (limits->run);
  if (limits->comment != NULL)
    limits->comment (ctx, value);
}

static void
noting_pi (void          *ctx,
           const xmlChar *target,
           const xmlChar *data)
{
  xmlParserCtxtPtr ctxt = ctx;
  ParseLimits *limits = ctxt->_private;

  limits->comments_or_pis = TRUE;
  if (limits->run != NULL)
    _rdt_structure_run_doubt (limits->run);
  if (limits->pi != NULL)
    limits->pi (ctx, target, data);
}

/* A processing instruction is dropped on save like a comment, and said so
 * the same way (issue 11): named as what it is, not as an element. */
static void
report_pi (Report  *report,
           xmlNode *node)
{
  g_autofree char *target = g_utf8_make_valid ((const char *) node->name, -1);

  g_autofree char *message =
    g_strdup_printf (_("processing instruction <?%s?> will not be preserved when saving"), target);

  report_add (report, RDT_SEVERITY_WARNING, -1, (int) xmlGetLineNo (node),
              "processing-instruction", message,
              _("use a <note> element to keep text in the file"));
}

/* The checks of the bytes before any parse: size, encoding, DOCTYPE and the
 * limits (attributes, elements, depth).  *markup tells whether the file has
 * comments, CDATA or processing instructions. */
static gboolean
check_bytes_before_parse (const char *data,
                          gsize       size,
                          Report     *report,
                          gboolean   *markup)
{
  const char *p;
  gsize start = 0;

  *markup = TRUE;
  if (size > RDT_FORMAT_MAX_BYTES)
    {
      g_autofree char *msg = g_strdup_printf (_("the file is %llu bytes, more than the %d bytes allowed"),
                                              (unsigned long long) size, RDT_FORMAT_MAX_BYTES);
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_TOO_BIG, 0, NULL, msg,
                  _("no real scenario is this large: check that this is the right file"));
      return FALSE;
    }
  if (size == 0 || data == NULL)
    {
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_MALFORMED, 1, NULL,
                  _("the file is empty"), _("a scenario file starts with <?xml"));
      return FALSE;
    }
  /* Only UTF-8 (or ASCII-compatible) text: UTF-16/32 and EBCDIC would hide a
   * DOCTYPE from the byte scan below. */
  if (size >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    start = 3;
  for (p = data + start; p < data + size && g_ascii_isspace (*p); p++)
    ;
  if (memchr (data, '\0', size) != NULL || p >= data + size || *p != '<')
    {
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_MALFORMED, 1, NULL,
                  _("not an XML file in UTF-8"),
                  _("save the file as UTF-8 XML starting with <?xml"));
      return FALSE;
    }
  p = memmem (data, size, "<!DOCTYPE", strlen ("<!DOCTYPE"));
  if (p != NULL)
    {
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_DOCTYPE,
                  line_of_offset (data, p - data), "!DOCTYPE",
                  _("DOCTYPE declarations are not allowed (no DTDs or entities)"),
                  _("remove the <!DOCTYPE ...> declaration; write characters directly in UTF-8"));
      return FALSE;
    }
  {
    ScanLimit limit;
    gssize too_many = find_too_many_attributes (data, size, &limit, markup);

    if (too_many >= 0 && limit != LIMIT_ATTRIBUTES)
      {
        const char *name = data + too_many + 1;
        gsize len = 0;
        g_autofree char *element = NULL;
        g_autofree char *msg = limit == LIMIT_ELEMENTS
          ? g_strdup_printf (_("more than %d elements"), RDT_FORMAT_MAX_ELEMENTS)
          : g_strdup_printf (_("elements nested more than %d deep"), RDT_FORMAT_MAX_DEPTH);

        /* The data holds no NUL (checked above) and need not end in one. */
        while (name + len < data + size && len < 64 && !strchr (" \t\r\n/>", name[len]))
          len++;
        element = g_utf8_make_valid (name, (gssize) len);
        report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_TOO_BIG,
                    line_of_offset (data, (gsize) too_many), element, msg,
                    limit == LIMIT_ELEMENTS
                      ? _("split the file or remove what is repeated")
                      : _("no valid file nests this deep: remove the extra nesting"));
        return FALSE;
      }
    if (too_many >= 0)
      {
        g_autofree char *msg = g_strdup_printf (_("an element has more than %d attributes"),
                                                MAX_ATTRIBUTES_PER_ELEMENT);
        report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_TOO_BIG,
                    line_of_offset (data, (gsize) too_many), NULL, msg,
                    _("no valid file has this many: check that this is the right file"));
        return FALSE;
      }
  }
  return TRUE;
}

/* Parses @bytes into a schema-valid document, or reports why not.  The checks
 * run in an order that gives the most useful first message: size, encoding,
 * DOCTYPE, well-formedness, limits, namespace, version, schema. */
static xmlDoc *
parse_checked (GBytes     *bytes,
               Report     *report,
               const char *expected_root)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(xmlRelaxNGValidCtxt) vctxt = NULL;
  xmlParserCtxtPtr ctxt;
  xmlNode *root;
  g_autofree char *version = NULL;
  ParseLimits limits = { 0 };
  g_autoptr(RdtSchemaCheckCursor) cursor = NULL;
  g_autoptr(GPtrArray) text_nodes = g_ptr_array_new ();
  g_autoptr(RdtStructureCheckLease) structure = NULL;
  g_autoptr(RdtStructureRun) run = NULL;
  gboolean structure_ok, values_ok;
  gboolean markup = TRUE, noblanks;
  guint mark;
  gboolean had_first;

  ensure_libxml ();

  if (!check_bytes_before_parse (data, size, report, &markup))
    return NULL;
  structure = _rdt_structure_pool_acquire (structure_pool);

  /* Blank text between elements is nothing to any reader of the file (the
   * schema has no mixed content); without it there are half as many nodes
   * to build, validate, walk and free (issue 15).  Only without comments,
   * processing instructions and CDATA sections, next to which libxml2 would
   * also drop blanks inside text-only elements. */
  noblanks = !markup;
  mark = report->diagnostics->len;
  had_first = report->first_error_set;
parse:
  memset (&limits, 0, sizeof limits);
  if (schema != NULL)
    {
      /* A new one for each parse: it caches names by their address in the
       * document's dictionary, which dies with the document. */
      g_clear_pointer (&cursor, _rdt_schema_check_cursor_free);
      cursor = _rdt_schema_check_cursor_new (schema);
      limits.cursor = cursor;
      limits.text_nodes = text_nodes;
      g_ptr_array_set_size (text_nodes, 0);
    }
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_IO, 0, NULL,
                  _("out of memory"), NULL);
      return NULL;
    }
  limits.start_element = ctxt->sax->startElementNs;
  ctxt->sax->startElementNs = limited_start_element;
  limits.comment = ctxt->sax->comment;
  ctxt->sax->comment = noting_comment;
  limits.pi = ctxt->sax->processingInstruction;
  ctxt->sax->processingInstruction = noting_pi;
  if (structure != NULL)
    {
      g_clear_pointer (&run, _rdt_structure_run_free);
      run = _rdt_structure_run_new (structure);
      limits.run = run;
      limits.end_element = ctxt->sax->endElementNs;
      ctxt->sax->endElementNs = limited_end_element;
      limits.characters = ctxt->sax->characters;
      ctxt->sax->characters = noting_characters;
      limits.cdata = ctxt->sax->cdataBlock;
      ctxt->sax->cdataBlock = limits.cdata != NULL ? noting_cdata : NULL;
      /* (With XML_PARSE_NOBLANKS libxml2 sets its own handler for blanks:
       * it drops only blanks between elements, which RELAX NG ignores.) */
      limits.ignorable = ctxt->sax->ignorableWhitespace;
      ctxt->sax->ignorableWhitespace = noting_ignorable;
      limits.reference = ctxt->sax->reference;
      ctxt->sax->reference = noting_reference;
    }
  ctxt->_private = &limits;
  /* Per thread in libxml2: set on every parse, not only in init_libxml(). */
  xmlSetGenericErrorFunc (NULL, silent_generic_error);
  xmlSetStructuredErrorFunc (report, collect_xml_error);
  /* No NOENT (entity substitution), DTDLOAD, XINCLUDE, RECOVER or HUGE. */
  doc = xmlCtxtReadMemory (ctxt, data, (int) size, NULL, NULL,
                           XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT |
                           (noblanks ? XML_PARSE_NOBLANKS : 0));
  xmlSetStructuredErrorFunc (NULL, NULL);
  if (limits.exceeded)
    {
      /* Reported first: the parse stopped there, whatever else it said. */
      report->first_error_set = FALSE;
      g_clear_pointer (&report->first_error, g_free);
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_TOO_BIG, limits.line,
                  limits.element, limits.message,
                  limits.count > RDT_FORMAT_MAX_ELEMENTS
                    ? _("split the file or remove what is repeated")
                    : _("no valid file nests this deep: remove the extra nesting"));
      g_free (limits.element);
      g_free (limits.message);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  if (doc == NULL || !ctxt->wellFormed)
    {
      if (!report->first_error_set)
        report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_MALFORMED, 0, NULL,
                    _("not well-formed XML"), NULL);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  xmlFreeParserCtxt (ctxt);
  /* Warnings from the parser (none expected for valid files) are kept; errors
   * cannot happen on a well-formed document. */

  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_DOCTYPE, 1, "!DOCTYPE",
                  _("DOCTYPE declarations are not allowed (no DTDs or entities)"),
                  _("remove the <!DOCTYPE ...> declaration"));
      return NULL;
    }

  root = xmlDocGetRootElement (doc);
  if (root == NULL)
    {
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_MALFORMED, 1, NULL,
                  _("no root element"), NULL);
      return NULL;
    }
  /* The element count and depth limits were enforced before parsing (the
   * byte scan) and while parsing (limited_start_element()); no walk of the
   * finished tree checks them again (issue 15: a walk of 17,500 scattered
   * nodes, a cache miss each, was 1.4 ms of redoubt-cli format). */

  if (root->ns == NULL || g_strcmp0 ((const char *) root->ns->href, RDT_FORMAT_NAMESPACE) != 0)
    {
      report_node (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_NAMESPACE, root,
                   _("add xmlns=\"" RDT_FORMAT_NAMESPACE "\" to the root element"),
                   root->ns == NULL ? _("the root element has no namespace; expected %s")
                                    : _("the root element is in the wrong namespace; expected %s"),
                   RDT_FORMAT_NAMESPACE);
      return NULL;
    }
  if (expected_root != NULL && g_strcmp0 ((const char *) root->name, expected_root) != 0)
    {
      report_node (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_SCHEMA, root,
                   g_str_equal (expected_root, "volume")
                     ? _("volume files have a <volume> root element")
                     : g_str_equal (expected_root, "game")
                       ? _("saved games have a <game> root element")
                       : _("scenario files have a <scenario> root element"),
                   _("expected a <%s> root element, found <%s>"),
                   expected_root, (const char *) root->name);
      return NULL;
    }

  /* The version first: a newer file would fail the schema for the wrong reason. */
  version = (char *) xmlGetNoNsProp (root, (const xmlChar *) "format-version");
  if (version != NULL)
    {
      char *end = NULL;
      guint64 v;

      errno = 0;
      v = g_ascii_strtoull (version, &end, 10);
      if (end != version && *end == '\0' && (v > RDT_FORMAT_VERSION || errno == ERANGE))
        {
          g_autofree char *shown = g_utf8_make_valid (version, MIN (strlen (version), 20));
          report_node (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_NEWER_VERSION, root,
                       _("upgrade Redoubt to open it; nothing was loaded"),
                       _("format-version %s is newer than this program supports (%d)"),
                       shown, RDT_FORMAT_VERSION);
          return NULL;
        }
    }

  if (schema == NULL)
    {
      report_add (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_IO, 0, NULL,
                  _("the built-in schema cannot be used"), schema_error);
      return NULL;
    }
  /* The project's structure check decided while parsing; libxml2 checks
   * only what it was not sure of, and gives the messages (issue 15). */
  structure_ok = run != NULL && _rdt_structure_run_valid (run);
  g_atomic_int_inc (structure_ok ? &structure_decided : &structure_deferred);
  if (!structure_ok)
    {
      vctxt = xmlRelaxNGNewValidCtxt (_rdt_schema_check_get_relaxng (schema));
      xmlRelaxNGSetValidStructuredErrors (vctxt, collect_xml_error, report);
      structure_ok = xmlRelaxNGValidateDoc (vctxt, doc) == 0;
    }
  if (!structure_ok && noblanks)
    {
      /* libxml2 places some of its errors on the node after the one at
       * fault, which blank nodes made the element itself: parse again with
       * them, for the messages and lines it has always given. */
      g_ptr_array_set_size (report->diagnostics, mark);
      if (!had_first)
        {
          report->first_error_set = FALSE;
          g_clear_pointer (&report->first_error, g_free);
        }
      g_clear_pointer (&vctxt, xmlRelaxNGFreeValidCtxt);
      g_clear_pointer (&doc, xmlFreeDoc);
      g_clear_pointer (&version, g_free);
      noblanks = FALSE;
      goto parse;
    }
  /* The lexical forms the loader's schema leaves to C, also after a
   * structure error: the file may have both. */
  /* Only when the parse noted a finding (or a text to check has one) does
   * the walk run, for its messages in document order; with none it would
   * report nothing (issue 15: a walk of the whole tree saved). */
  for (guint i = 0; i < text_nodes->len && !limits.value_finding; i++)
    if (!_rdt_schema_check_cursor_text (cursor, g_ptr_array_index (text_nodes, i), note_value_finding, &limits))
      limits.value_finding = TRUE;
  values_ok = limits.cursor == NULL || limits.value_finding
    ? _rdt_schema_check_values (schema, root, collect_value_error, report) == 0
    : TRUE;
  if (!structure_ok || !values_ok)
    {
      if (!report->first_error_set)
        report_node (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_SCHEMA, root,
                     _("see docs/format.md"), _("the file does not match the schema"));
      return NULL;
    }

  /* Comments and processing instructions are not part of the model. */
  if (limits.comments_or_pis)
  {
    xmlNode *node = root;
    int depth = 0;

    while (node != NULL)
      {
        if (node->type == XML_COMMENT_NODE)
          report_node (report, RDT_SEVERITY_WARNING, -1, node,
                       _("use a <note> element to keep text in the file"),
                       _("XML comment will not be preserved when saving"));
        else if (node->type == XML_PI_NODE)
          report_pi (report, node);
        if (node->type == XML_ELEMENT_NODE && node->children != NULL)
          {
            node = node->children;
            depth++;
            continue;
          }
        /* The walk ends back at the root: what follows the root element is
         * reported once, by the loop below (issue 11). */
        while (node != NULL && node != root && node->next == NULL)
          {
            node = node->parent;
            depth--;
            if (depth < 0)
              break;
          }
        if (depth < 0 || node == NULL || node == root)
          break;
        node = node->next;
      }
    for (xmlNode *n = doc->children; n != NULL; n = n->next)
      if (n->type == XML_COMMENT_NODE)
        report_node (report, RDT_SEVERITY_WARNING, -1, n,
                     _("use a <note> element to keep text in the file"),
                     _("comment or processing instruction outside the root element will not be preserved when saving"));
      else if (n->type == XML_PI_NODE)
        report_pi (report, n);
  }

  return g_steal_pointer (&doc);
}

gboolean
rdt_format_check_bytes (GBytes      *bytes,
                        const char  *path_for_messages,
                        GPtrArray   *diagnostics,
                        GError     **error)
{
  g_autoptr(GPtrArray) own = NULL;
  Report report = { 0 };
  g_autoptr(xmlDoc) doc = NULL;
  gboolean ok;

  g_return_val_if_fail (bytes != NULL, FALSE);

  if (diagnostics == NULL)
    diagnostics = own = rdt_diagnostics_new ();
  report.file = path_for_messages != NULL ? path_for_messages : "<memory>";
  report.diagnostics = diagnostics;
  doc = parse_checked (bytes, &report, NULL);
  ok = doc != NULL;
  if (!ok)
    report_set_gerror (&report, error);
  report_clear (&report);
  return ok;
}

/* ------------------------------------------------ the save's streaming check */

/* Issue 15: the save re-validates the bytes it is about to write, so that a
 * bug in the writer can never replace a good file with one that does not
 * load.  Building a tree of the whole file for that cost a third of a round
 * trip, and libxml2's streaming RELAX NG still validated each element with
 * optional attributes in full; this checks the same bytes the same way from
 * SAX2 events alone, building nothing: the same checks before parsing
 * (size, encoding, DOCTYPE, limits), the same parser options, the root's
 * namespace and format version, the project's structure check of the same
 * transformed schema (rdt-structure-check-private.h) and the same C checks
 * of the values, element by element.  It only ever says "valid": on any
 * doubt (a warning, an error, a comment, a schema or value finding) the
 * caller runs the full check of rdt_format_check_bytes(), which gives the
 * verdict and the message.  /format/save/issue-15/streaming-check-agrees
 * checks both on every test file and on mutations of them. */
typedef struct {
  gboolean failed;
  RdtStructureRun *run;
  RdtSchemaCheckCursor *cursor;
  guint count;
  int depth;
  int text_depth;             /* the element whose text is checked, or -1 */
  GString *text;
} StreamCheck;

static void
stream_check_error (void        *user_data,
                    xmlErrorPtr  error)
{
  StreamCheck *sc = user_data;

  if (error != NULL && error->level != XML_ERR_NONE)
    sc->failed = TRUE;
}

/* The root's namespace and format version, as parse_checked() wants them. */
static gboolean
stream_check_root (const xmlChar  *uri,
                   int             nb_attributes,
                   const xmlChar **attributes)
{
  if (uri == NULL || strcmp ((const char *) uri, RDT_FORMAT_NAMESPACE) != 0)
    return FALSE;
  for (int i = 0; i < nb_attributes; i++)
    {
      const xmlChar **a = attributes + 5 * i;
      g_autofree char *version = NULL;
      char *end = NULL;
      guint64 v;

      if (a[2] != NULL || strcmp ((const char *) a[0], "format-version") != 0)
        continue;
      version = g_strndup ((const char *) a[3], a[4] - a[3]);
      errno = 0;
      v = g_ascii_strtoull (version, &end, 10);
      if (end != version && *end == '\0' && (v > RDT_FORMAT_VERSION || errno == ERANGE))
        return FALSE;
    }
  return TRUE;
}

static void
stream_start (void           *ctx,
              const xmlChar  *localname,
              const xmlChar  *prefix,
              const xmlChar  *uri,
              int             nb_namespaces,
              const xmlChar **namespaces,
              int             nb_attributes,
              int             nb_defaulted,
              const xmlChar **attributes)
{
  xmlParserCtxtPtr ctxt = ctx;
  StreamCheck *sc = ctxt->_private;
  int kind;

  if (sc->failed)
    return;
  if (++sc->count > RDT_FORMAT_MAX_ELEMENTS || sc->depth + 1 > RDT_FORMAT_MAX_DEPTH ||
      (sc->count == 1 && !stream_check_root (uri, nb_attributes, attributes)))
    {
      sc->failed = TRUE;
      xmlStopParser (ctxt);
      return;
    }
  sc->depth++;
  kind = _rdt_schema_check_cursor_sax (sc->cursor, localname, uri, nb_attributes, attributes);
  if (kind < 0)
    sc->failed = TRUE;
  else if (kind > 0)
    {
      sc->text_depth = sc->depth;
      g_string_truncate (sc->text, 0);
    }
  _rdt_structure_run_start (sc->run, localname, uri, nb_attributes, attributes);
}

static void
stream_end (void          *ctx,
            const xmlChar *localname,
            const xmlChar *prefix,
            const xmlChar *uri)
{
  xmlParserCtxtPtr ctxt = ctx;
  StreamCheck *sc = ctxt->_private;

  if (sc->failed)
    return;
  if (sc->depth == sc->text_depth)
    {
      if (!_rdt_schema_check_cursor_sax_text (sc->cursor, localname, uri, sc->text->str))
        sc->failed = TRUE;
      sc->text_depth = -1;
    }
  _rdt_structure_run_end (sc->run);
  sc->depth--;
}

static void
stream_text (void          *ctx,
             const xmlChar *text,
             int            len)
{
  xmlParserCtxtPtr ctxt = ctx;
  StreamCheck *sc = ctxt->_private;

  if (sc->failed)
    return;
  if (sc->depth == sc->text_depth)
    g_string_append_len (sc->text, (const char *) text, len);
  _rdt_structure_run_text (sc->run, text, len);
}

/* What the canonical writer never writes: not sure, ask the full check. */
static void
stream_doubt (void *ctx)
{
  xmlParserCtxtPtr ctxt = ctx;

  ((StreamCheck *) ctxt->_private)->failed = TRUE;
}

static void
stream_comment (void          *ctx,
                const xmlChar *value)
{
  stream_doubt (ctx);
}

static void
stream_pi (void          *ctx,
           const xmlChar *target,
           const xmlChar *data)
{
  stream_doubt (ctx);
}

static void
stream_reference (void          *ctx,
                  const xmlChar *name)
{
  stream_doubt (ctx);
}

static void
stream_subset (void          *ctx,
               const xmlChar *name,
               const xmlChar *external_id,
               const xmlChar *system_id)
{
  stream_doubt (ctx);
}

/* TRUE when @bytes certainly pass rdt_format_check_bytes() without errors;
 * FALSE when they may not (then ask it). */
gboolean
_rdt_format_stream_check_bytes (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autoptr(GPtrArray) scratch = rdt_diagnostics_new ();
  g_autoptr(RdtStructureCheckLease) structure = NULL;
  Report report = { 0 };
  StreamCheck sc = { FALSE };
  xmlParserCtxtPtr ctxt;
  xmlSAXHandlerPtr sax;
  gboolean markup = TRUE, ok;

  ensure_libxml ();
  if (schema == NULL)
    return FALSE;
  report.file = "<memory>";
  report.diagnostics = scratch;
  if (!check_bytes_before_parse (data, size, &report, &markup))
    {
      report_clear (&report);
      return FALSE;
    }
  report_clear (&report);
  structure = _rdt_structure_pool_acquire (structure_pool);
  if (structure == NULL)
    return FALSE;

  ctxt = xmlCreateMemoryParserCtxt (data, (int) size);
  if (ctxt == NULL)
    return FALSE;
  /* The parser options of parse_checked() (blanks are text to the checks
   * either way), then the handlers: options may set some. */
  xmlCtxtUseOptions (ctxt, XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT);
  sax = ctxt->sax;
  sax->startElementNs = stream_start;
  sax->endElementNs = stream_end;
  sax->characters = stream_text;
  sax->cdataBlock = stream_text;
  sax->ignorableWhitespace = stream_text;
  sax->comment = stream_comment;
  sax->processingInstruction = stream_pi;
  sax->reference = stream_reference;
  sax->internalSubset = stream_subset;
  sax->externalSubset = stream_subset;
  sc.run = _rdt_structure_run_new (structure);
  sc.cursor = _rdt_schema_check_cursor_new (schema);
  sc.text = g_string_sized_new (256);
  sc.text_depth = -1;
  ctxt->_private = &sc;
  xmlSetGenericErrorFunc (NULL, silent_generic_error);
  xmlSetStructuredErrorFunc (&sc, stream_check_error);
  xmlParseDocument (ctxt);
  xmlSetStructuredErrorFunc (NULL, NULL);
  ok = !sc.failed && ctxt->wellFormed && sc.count > 0 && _rdt_structure_run_valid (sc.run);
  if (ctxt->myDoc != NULL)
    xmlFreeDoc (ctxt->myDoc);
  xmlFreeParserCtxt (ctxt);
  _rdt_structure_run_free (sc.run);
  _rdt_schema_check_cursor_free (sc.cursor);
  g_string_free (sc.text, TRUE);
  return ok;
}

/* ------------------------------------------------------------- DOM helpers */

static gboolean
is_element (xmlNode    *node,
            const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE &&
         (name == NULL || g_strcmp0 ((const char *) node->name, name) == 0);
}

static xmlNode *
first_element (xmlNode    *parent,
               const char *name)
{
  for (xmlNode *n = parent->children; n != NULL; n = n->next)
    if (is_element (n, name))
      return n;
  return NULL;
}

/* The value of attribute @name (no namespace), or NULL.  Borrowed from the
 * document when it is one text node (always, without a DTD); otherwise
 * built into *@owned, which the caller frees.  As xmlGetNoNsProp(), without
 * its two copies per call (issue 15: the loader reads every attribute). */
static const char *
attr_peek (xmlNode     *node,
           const char  *name,
           char       **owned)
{
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      if (a->ns != NULL || strcmp ((const char *) a->name, name) != 0)
        continue;
      if (a->children == NULL)
        return "";
      if (a->children->next == NULL && a->children->type == XML_TEXT_NODE &&
          a->children->content != NULL)
        return (const char *) a->children->content;
      {
        xmlChar *value = xmlNodeListGetString (node->doc, a->children, 1);

        *owned = g_strdup (value != NULL ? (const char *) value : "");
        xmlFree (value);
        return *owned;
      }
    }
  return NULL;
}

/* (transfer full) */
static char *
attr (xmlNode    *node,
      const char *name)
{
  char *owned = NULL;
  const char *value = attr_peek (node, name, &owned);

  return owned != NULL ? owned : g_strdup (value);
}

/* Text content exactly as written (entities and CDATA resolved). */
static char *
text_of (xmlNode *node)
{
  xmlChar *value = xmlNodeGetContent (node);
  char *out = g_strdup (value != NULL ? (const char *) value : "");

  xmlFree (value);
  return out;
}

static int
node_line (xmlNode *node)
{
  return (int) xmlGetLineNo (node);
}

static gboolean
parse_int (const char *text,
           int        *out)
{
  gint64 v;
  char *end = NULL;

  if (text == NULL || *text == '\0')
    return FALSE;
  errno = 0;
  v = g_ascii_strtoll (text[0] == '+' ? text + 1 : text, &end, 10);
  if (errno != 0 || *end != '\0' || v < -1000000 || v > 1000000)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static int
int_attr (xmlNode    *node,
          const char *name,
          int         fallback)
{
  g_autofree char *owned = NULL;
  const char *text = attr_peek (node, name, &owned);
  int v;

  return parse_int (text, &v) ? v : fallback;
}

static gboolean
bool_attr (xmlNode    *node,
           const char *name,
           gboolean    fallback)
{
  g_autofree char *owned = NULL;
  const char *text = attr_peek (node, name, &owned);

  if (text == NULL)
    return fallback;
  return g_str_equal (text, "true");
}

static int
mp_halves_attr (xmlNode *node)
{
  g_autofree char *text = attr (node, "mp");
  int whole = 0;
  const char *dot;

  if (text == NULL)
    return 0;
  dot = strchr (text, '.');
  if (dot != NULL)
    {
      g_autofree char *head = g_strndup (text, dot - text);
      if (!parse_int (head, &whole))
        return 0;
      return whole * 2 + (g_str_equal (dot, ".5") ? 1 : 0);
    }
  return parse_int (text, &whole) ? whole * 2 : 0;
}

/* The next white-space separated word of *@p, copied into @buf (cut to fit:
 * only compared with short names); FALSE after the last.  Splits lists of
 * names without allocating (issue 15: every unit has provisional=). */
static gboolean
next_word (const char **p,
           char        *buf,
           gsize        size)
{
  const char *s = *p, *start;
  gsize len;

  while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
    s++;
  if (*s == '\0')
    return FALSE;
  start = s;
  while (*s != '\0' && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
    s++;
  len = MIN ((gsize) (s - start), size - 1);
  memcpy (buf, start, len);
  buf[len] = '\0';
  *p = s;
  return TRUE;
}

static gboolean
parse_real (const char *text,
            double     *out)
{
  char *end = NULL;
  double v;

  if (text == NULL)
    return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v))
    return FALSE;
  *out = v;
  return TRUE;
}

/* ------------------------------------------------------------ volume model */

static const char *const effect_field_names[] = {
  "mp", "prohibited", "blocks-los", "zoc", "strategic", "slope-for-los", "covered",
  "fire-drm", "cc-drm",
};

static void
read_effects (xmlNode    *node,
              RdtEffects *e,
              char      **rule,
              char      **note)
{
  g_autofree char *prohibited = attr (node, "prohibited");
  g_autofree char *provisional = attr (node, "provisional");

  e->mp_halves = mp_halves_attr (node);
  e->prohibited = 0;
  if (prohibited != NULL)
    {
      const char *p = prohibited;
      char word[64];

      while (next_word (&p, word, sizeof word))
        {
          RdtUnitKind kind;
          if (rdt_unit_kind_from_string (word, &kind))
            e->prohibited |= RDT_UNIT_KIND_MASK (kind);
        }
    }
  e->blocks_los = bool_attr (node, "blocks-los", FALSE);
  e->zoc = bool_attr (node, "zoc", TRUE);
  e->strategic = bool_attr (node, "strategic", FALSE);
  e->slope_for_los = bool_attr (node, "slope-for-los", FALSE);
  e->covered = bool_attr (node, "covered", FALSE);
  e->fire_drm = int_attr (node, "fire-drm", 0);
  e->cc_drm = int_attr (node, "cc-drm", 0);
  e->provisional = 0;
  if (provisional != NULL)
    {
      const char *p = provisional;
      char word[64];

      while (next_word (&p, word, sizeof word))
        for (guint f = 0; f < G_N_ELEMENTS (effect_field_names); f++)
          if (g_str_equal (word, effect_field_names[f]))
            e->provisional |= 1u << f;
    }
  *rule = attr (node, "rule");
  *note = attr (node, "note");
}

static guint
kinds_attr (xmlNode    *node,
            const char *name)
{
  g_autofree char *text = attr (node, name);
  g_auto(GStrv) kinds = NULL;
  guint mask = 0;

  if (text == NULL)
    return 0;
  kinds = g_strsplit_set (text, " \t\n\r", -1);
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      RdtUnitKind kind;
      if (rdt_unit_kind_from_string (kinds[i], &kind))
        mask |= RDT_UNIT_KIND_MASK (kind);
    }
  return mask;
}

static char **
list_attr (xmlNode    *node,
           const char *name)
{
  g_autofree char *text = attr (node, name);
  g_auto(GStrv) parts = NULL;
  GPtrArray *out;

  if (text == NULL)
    return NULL;
  parts = g_strsplit_set (text, " \t\n\r", -1);
  out = g_ptr_array_new ();
  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_ptr_array_add (out, g_strdup (parts[i]));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* <restriction> (docs/format.md "Restrictions"). */
static RdtRestriction *
read_restriction (xmlNode *n)
{
  RdtRestriction *r = g_new0 (RdtRestriction, 1);
  g_autofree char *effect = attr (n, "effect");
  g_autofree char *applies = attr (n, "applies");
  g_autofree char *placement = attr (n, "placement");
  g_autofree char *turns = attr (n, "turns");

  r->id = attr (n, "id");
  if (!rdt_restriction_effect_from_string (effect, &r->effect))
    r->effect = RDT_RESTRICTION_NO_MOVE;
  r->on_move = applies == NULL || strstr (applies, "move") != NULL;
  r->on_retreat = applies != NULL && strstr (applies, "retreat") != NULL;
  r->scenario = attr (n, "scenario");
  r->side = attr (n, "side");
  r->kinds = kinds_attr (n, "kinds");
  r->units = list_attr (n, "units");
  r->exempt = list_attr (n, "exempt");
  r->states = list_attr (n, "states");
  r->placement = g_strcmp0 (placement, "at-start") == 0 ? RDT_RESTRICTION_UNITS_AT_START
               : g_strcmp0 (placement, "arriving") == 0 ? RDT_RESTRICTION_UNITS_ARRIVING
               : RDT_RESTRICTION_UNITS_ANY;
  r->entries = list_attr (n, "entries");
  r->area = attr (n, "area");
  r->terrain = attr (n, "terrain");
  r->outside = bool_attr (n, "outside", FALSE);
  if (turns != NULL)
    {
      const char *dash = strchr (turns, '-');
      gint64 a = g_ascii_strtoll (turns, NULL, 10), b = a;

      if (dash != NULL)
        b = g_ascii_strtoll (dash + 1, NULL, 10);
      /* Clamped: a turn number is at most four digits (schema). */
      r->first_turn = (int) CLAMP (a, 0, 9999);
      r->last_turn = (int) CLAMP (b, r->first_turn, 9999);
    }
  r->weather = attr (n, "weather");
  r->until_released = attr (n, "until-released");
  r->arrival_turn = bool_attr (n, "arrival-turn", FALSE);
  r->with_kinds = kinds_attr (n, "with-kinds");
  r->with_units = list_attr (n, "with-units");
  r->with_combat = bool_attr (n, "with-combat", FALSE);
  r->may_pass = bool_attr (n, "may-pass", TRUE);
  r->mp_halves = xmlHasProp (n, (const xmlChar *) "mp") ? mp_halves_attr (n) : 2;
  r->may_retreat = bool_attr (n, "may-retreat", FALSE);
  {
    g_autofree char *range = attr (n, "range");
    /* Clamped: a range is a small count (schema: at most two digits). */
    r->range = range != NULL ? (int) CLAMP (g_ascii_strtoll (range, NULL, 10), 0, 99) : 1;
  }
  r->undecided_classes = list_attr (n, "undecided-classes");
  r->rule = attr (n, "rule");
  r->note = attr (n, "note");
  r->line = node_line (n);
  return r;
}

static RdtVolume *
build_volume (xmlNode *vnode,
              Report  *report)
{
  g_autofree char *id = attr (vnode, "id");
  g_autoptr(RdtVolume) volume = rdt_volume_new (id);
  g_autoptr(GError) local = NULL;

  for (xmlNode *n = vnode->children; n != NULL; n = n->next)
    {
      if (!is_element (n, NULL))
        continue;
      if (is_element (n, "title"))
        {
          g_autofree char *title = text_of (n);
          rdt_volume_set_title (volume, title);
        }
      else if (is_element (n, "series-rules"))
        {
          g_autofree char *edition = attr (n, "edition");
          RdtEdition ed = RDT_EDITION_CURRENT;

          rdt_edition_from_string (edition, &ed);
          rdt_volume_set_edition (volume, ed);
          rdt_volume_set_artillery_range (volume, int_attr (n, "artillery-range", 0));
          {
            xmlNode *seen[RDT_N_VARIANTS] = { NULL };

            for (xmlNode *v = n->children; v != NULL; v = v->next)
              {
                g_autofree char *rule = NULL;
                g_autofree char *ved = NULL;
                RdtVariantRule r;
                RdtEdition e = ed;

                if (!is_element (v, "variant"))
                  continue;
                rule = attr (v, "rule");
                ved = attr (v, "edition");
                if (!rdt_variant_rule_from_string (rule, &r) || !rdt_edition_from_string (ved, &e))
                  continue;
                /* One edition per rule: a second <variant> for the same rule
                 * is an error, and the first is kept (issue 11). */
                if (seen[r] != NULL)
                  {
                    report_node (report, RDT_SEVERITY_ERROR, -1, v,
                                 _("keep one <variant> per rule"),
                                 _("rule %s already has a variant (line %d)"),
                                 rule, node_line (seen[r]));
                    continue;
                  }
                seen[r] = v;
                rdt_volume_set_variant (volume, r, e);
              }
          }
        }
      else if (is_element (n, "stacking"))
        {
          g_autofree char *rule = attr (n, "rule");

          rdt_volume_set_stacking_limit (volume, int_attr (n, "max-sp", 6),
                                         int_attr (n, "max-artillery", 1),
                                         bool_attr (n, "provisional", FALSE));
          rdt_volume_set_stacking_rule (volume, rule, node_line (n));
          {
            g_autofree char *free_text = attr (n, "free");
            guint free_kinds = 0;

            if (free_text != NULL)
              {
                g_auto(GStrv) kinds = g_strsplit_set (free_text, " \t\n\r", -1);
                for (guint i = 0; kinds[i] != NULL; i++)
                  {
                    RdtUnitKind kind;
                    if (rdt_unit_kind_from_string (kinds[i], &kind))
                      free_kinds |= RDT_UNIT_KIND_MASK (kind);
                  }
              }
            rdt_volume_set_stacking_free_kinds (volume, free_kinds);
          }
          for (xmlNode *x = n->children; x != NULL; x = x->next)
            {
              RdtStackingException *ex;

              if (!is_element (x, "exception"))
                continue;
              ex = g_new0 (RdtStackingException, 1);
              ex->id = attr (x, "id");
              ex->area = attr (x, "area");
              ex->terrain = attr (x, "terrain");
              ex->max_sp = int_attr (x, "max-sp", 6);
              ex->max_artillery = int_attr (x, "max-artillery", 1);
              ex->rule = attr (x, "rule");
              ex->note = attr (x, "note");
              ex->line = node_line (x);
              rdt_volume_add_stacking_exception (volume, ex);
            }
        }
      else if (is_element (n, "terrain"))
        {
          g_autofree char *tid = attr (n, "id");
          g_autofree char *name = attr (n, "name");
          RdtTerrainType *t = rdt_terrain_type_new (tid, name);

          t->colour = attr (n, "colour");
          t->pattern = attr (n, "pattern");
          read_effects (n, &t->effects, &t->rule, &t->note);
          t->line = node_line (n);
          if (rdt_volume_add_terrain (volume, t, &local) < 0)
            {
              report_node (report, RDT_SEVERITY_ERROR, -1, n, _("give every terrain type its own id"),
                           "%s", local->message);
              g_clear_error (&local);
            }
        }
      else if (is_element (n, "hexside-type"))
        {
          g_autofree char *tid = attr (n, "id");
          g_autofree char *name = attr (n, "name");
          g_autofree char *kind = attr (n, "kind");
          RdtHexsideKind k = RDT_HEXSIDE_KIND_OTHER;
          RdtHexsideType *t;

          rdt_hexside_kind_from_string (kind, &k);
          t = rdt_hexside_type_new (tid, name, k);
          read_effects (n, &t->effects, &t->rule, &t->note);
          {
            g_autofree char *crossing = attr (n, "crossing");
            t->whole_allowance = g_strcmp0 (crossing, "whole-allowance") == 0;
          }
          t->line = node_line (n);
          if (rdt_volume_add_hexside_type (volume, t, &local) < 0)
            {
              report_node (report, RDT_SEVERITY_ERROR, -1, n, _("give every hexside type its own id"),
                           "%s", local->message);
              g_clear_error (&local);
            }
        }
      else if (is_element (n, "combined"))
        {
          g_autofree char *slope = attr (n, "slope");
          g_autofree char *with = attr (n, "with");
          g_autofree char *direction = attr (n, "direction");
          RdtCombinedType *c = g_new0 (RdtCombinedType, 1);

          c->id = attr (n, "id");
          c->name = attr (n, "name");
          c->slope_type = rdt_volume_find_hexside_type (volume, slope);
          c->other_type = rdt_volume_find_hexside_type (volume, with);
          c->direction = g_strcmp0 (direction, "up") == 0 ? RDT_SLOPE_UP
                       : g_strcmp0 (direction, "down") == 0 ? RDT_SLOPE_DOWN : RDT_SLOPE_ANY;
          read_effects (n, &c->effects, &c->rule, &c->note);
          c->line = node_line (n);
          if (c->slope_type < 0 ||
              rdt_volume_get_hexside_type (volume, c->slope_type)->kind != RDT_HEXSIDE_KIND_SLOPE)
            {
              report_node (report, RDT_SEVERITY_ERROR, -1, n,
                           _("name a hexside type of kind slope declared above"),
                           _("combined type “%s”: “%s” is not a slope hexside type of this volume"),
                           c->id, slope);
              rdt_combined_type_free (c);
              continue;
            }
          if (c->other_type < 0)
            {
              report_node (report, RDT_SEVERITY_ERROR, -1, n,
                           _("name a hexside type declared above"),
                           _("combined type “%s”: unknown hexside type “%s”"), c->id, with);
              rdt_combined_type_free (c);
              continue;
            }
          if (rdt_volume_add_combined (volume, c, &local) < 0)
            {
              report_node (report, RDT_SEVERITY_ERROR, -1, n, _("give every combined type its own id"),
                           "%s", local->message);
              g_clear_error (&local);
            }
        }
      else if (is_element (n, "state"))
        {
          RdtStateType *s = g_new0 (RdtStateType, 1);

          s->id = attr (n, "id");
          s->name = attr (n, "name");
          s->rule = attr (n, "rule");
          s->no_zoc = !bool_attr (n, "zoc", TRUE);
          s->line = node_line (n);
          if (rdt_volume_add_state (volume, s, &local) < 0)
            {
              report_node (report, RDT_SEVERITY_ERROR, -1, n, _("give every state its own id"),
                           "%s", local->message);
              g_clear_error (&local);
            }
        }
      else if (is_element (n, "restriction"))
        {
          if (!rdt_volume_add_restriction (volume, read_restriction (n), &local))
            {
              report_node (report, RDT_SEVERITY_ERROR, -1, n, _("give every restriction its own id"),
                           "%s", local->message);
              g_clear_error (&local);
            }
        }
      else if (is_element (n, "table"))
        {
          g_autofree char *tid = attr (n, "id");
          g_autofree char *name = attr (n, "name");
          RdtTable *t = rdt_table_new (tid, name);
          gboolean ragged = FALSE;

          t->rule = attr (n, "rule");
          t->corner = attr (n, "corner");
          t->line = node_line (n);
          for (xmlNode *r = n->children; r != NULL; r = r->next)
            {
              if (is_element (r, "columns"))
                {
                  for (xmlNode *c = r->children; c != NULL; c = c->next)
                    if (is_element (c, "c"))
                      g_ptr_array_add (t->columns, text_of (c));
                }
              else if (is_element (r, "row"))
                {
                  g_autofree char *key = attr (r, "key");
                  RdtTableRow *row = rdt_table_add_row (t, key, NULL);

                  for (xmlNode *c = r->children; c != NULL; c = c->next)
                    if (is_element (c, "c"))
                      {
                        gboolean prov = bool_attr (c, "provisional", FALSE);
                        g_ptr_array_add (row->cells, text_of (c));
                        g_array_append_val (row->provisional, prov);
                      }
                  if (row->cells->len != t->columns->len && !ragged)
                    {
                      ragged = TRUE;
                      report_node (report, RDT_SEVERITY_ERROR, -1, r,
                                   _("give every row one <c> per column"),
                                   _("table “%s”: row “%s” has %u cells but there are %u columns"),
                                   tid, key, row->cells->len, t->columns->len);
                    }
                }
              else if (is_element (r, "note"))
                t->note = text_of (r);
            }
          if (!rdt_volume_add_table (volume, t, &local))
            {
              report_node (report, RDT_SEVERITY_ERROR, -1, n, _("give every table its own id"),
                           "%s", local->message);
              g_clear_error (&local);
            }
        }
    }
  return g_steal_pointer (&volume);
}

RdtVolume *
rdt_volume_load_from_bytes (GBytes      *bytes,
                            const char  *path_for_messages,
                            GPtrArray   *diagnostics,
                            GError     **error)
{
  g_autoptr(GPtrArray) own = NULL;
  Report report = { 0 };
  g_autoptr(xmlDoc) doc = NULL;
  RdtVolume *volume = NULL;

  g_return_val_if_fail (bytes != NULL, NULL);

  if (diagnostics == NULL)
    diagnostics = own = rdt_diagnostics_new ();
  report.file = path_for_messages != NULL ? path_for_messages : "<memory>";
  report.diagnostics = diagnostics;
  doc = parse_checked (bytes, &report, "volume");
  if (doc == NULL)
    {
      report_set_gerror (&report, error);
      report_clear (&report);
      return NULL;
    }
  volume = build_volume (xmlDocGetRootElement (doc), &report);
  rdt_volume_set_path (volume, path_for_messages);
  report_clear (&report);
  return volume;
}

static GBytes *
read_file (const char   *path,
           RdtFileStamp *stamp,
           GPtrArray    *diagnostics,
           GError      **error)
{
  g_autoptr(GError) local = NULL;
  GBytes *bytes = rdt_file_read_bounded (path, RDT_FORMAT_MAX_BYTES, stamp, &local);

  if (bytes == NULL)
    {
      int code = g_error_matches (local, RDT_FILE_ERROR, RDT_FILE_ERROR_TOO_LARGE)
                 ? RDT_FORMAT_ERROR_TOO_BIG : RDT_FORMAT_ERROR_IO;
      if (diagnostics != NULL)
        rdt_diagnostics_add (diagnostics,
                             rdt_diagnostic_new (RDT_SEVERITY_ERROR, path, 0, NULL, local->message,
                                                 NULL));
      g_set_error (error, RDT_FORMAT_ERROR, code, "%s:0: %s", path, local->message);
    }
  return bytes;
}

RdtVolume *
rdt_volume_load_from_file (const char  *path,
                           GPtrArray   *diagnostics,
                           GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  bytes = read_file (path, NULL, diagnostics, error);
  if (bytes == NULL)
    return NULL;
  return rdt_volume_load_from_bytes (bytes, path, diagnostics, error);
}

/* The data folders, in lookup order (NULL or empty: skipped). */
static void
get_volume_dirs (const char *dirs[3])
{
  dirs[0] = g_getenv ("REDOUBT_DATADIR");
  dirs[1] = SOURCE_DATADIR;
  dirs[2] = PKGDATADIR;
}

/* <volume-ref ref="ID">: DIR/volumes/ID.xml from the first data folder that
 * has it, read through the file reference rules with DIR/volumes as the
 * folder.  NULL without @error: not found anywhere. */
static GBytes *
read_installed_volume (const char  *id,
                       char       **out_file,
                       GError     **error)
{
  const char *dirs[3];
  g_autofree char *name = NULL;

  /* Ids are schema-checked tokens, but never let one climb out of the dir. */
  if (strchr (id, '/') != NULL || strchr (id, '\\') != NULL || id[0] == '.')
    return NULL;
  name = g_strconcat (id, ".xml", NULL);
  get_volume_dirs (dirs);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *folder = NULL;
      g_autoptr(GError) local = NULL;
      RdtFileRef r = { 0 };
      GBytes *bytes;

      if (dirs[i] == NULL || dirs[i][0] == '\0')
        continue;
      folder = g_build_filename (dirs[i], "volumes", NULL);
      if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
        continue;
      r.base_dir = folder;
      r.attribute = "ref";
      r.value = name;
      bytes = rdt_file_ref_read (&r, RDT_FORMAT_MAX_BYTES, &local);
      if (bytes != NULL)
        {
          *out_file = g_build_filename (folder, name, NULL);
          return bytes;
        }
      if (!g_error_matches (local, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
    }
  return NULL;
}

char *
rdt_volume_find_file (const char *id)
{
  const char *dirs[3];
  g_autofree char *name = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  /* Ids are schema-checked tokens, but never let one climb out of the dir. */
  if (strchr (id, '/') != NULL || strchr (id, '\\') != NULL || id[0] == '.')
    return NULL;
  name = g_strconcat (id, ".xml", NULL);
  get_volume_dirs (dirs);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = NULL;

      if (dirs[i] == NULL || dirs[i][0] == '\0')
        continue;
      path = g_build_filename (dirs[i], "volumes", name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&path);
    }
  return NULL;
}

/* ---------------------------------------------------------- scenario model */

typedef struct {
  Report *report;
  RdtScenario *scenario;
  RdtVolume *volume;
  RdtHexGrid *grid;
  int col_digits;
  int row_digits;
  const char *path;          /* (nullable) the scenario file: its folder holds what it refers to */
} Builder;

static int
digits_of (int n)
{
  int d = 1;

  while (n >= 10)
    {
      n /= 10;
      d++;
    }
  return d;
}

/* A label of the map's width; off-map hexes parse (the validator reports them). */
static gboolean
parse_hex (Builder    *b,
           xmlNode    *node,
           const char *attr_name,
           const char *text,
           RdtHex     *out)
{
  RdtHex hex = { 0, 0 };
  int len = text != NULL ? (int) strlen (text) : 0;

  if (len == b->col_digits + b->row_digits)
    {
      gboolean ok = TRUE;
      for (int i = 0; i < len && ok; i++)
        {
          if (!g_ascii_isdigit (text[i]))
            ok = FALSE;
          else if (i < b->col_digits)
            hex.col = hex.col * 10 + (text[i] - '0');
          else
            hex.row = hex.row * 10 + (text[i] - '0');
        }
      if (ok)
        {
          *out = hex;
          return TRUE;
        }
    }
  report_node (b->report, RDT_SEVERITY_ERROR, -1, node,
               _("write the hex as its printed label, column then row"),
               _("%s=\"%s\" is not a hex label of this map (%d column digits and %d row digits)"),
               attr_name, text != NULL ? text : "", b->col_digits, b->row_digits);
  return FALSE;
}

static gboolean
parse_hex_attr (Builder    *b,
                xmlNode    *node,
                const char *attr_name,
                RdtHex     *out)
{
  g_autofree char *owned = NULL;
  const char *text = attr_peek (node, attr_name, &owned);

  return parse_hex (b, node, attr_name, text, out);
}

static int
hexside_type_attr (Builder        *b,
                   xmlNode        *node,
                   const char     *attr_name,
                   RdtHexsideKind  kind,
                   gboolean       *ok)
{
  g_autofree char *owned = NULL;
  const char *id = attr_peek (node, attr_name, &owned);
  const RdtHexsideType *t;
  int i;

  if (id == NULL)
    return RDT_NO_TYPE;
  i = rdt_volume_find_hexside_type (b->volume, id);
  if (i < 0)
    {
      report_node (b->report, RDT_SEVERITY_ERROR, -1, node,
                   _("use a hexside-type id of the volume, or add the type to the volume"),
                   _("%s=\"%s\": the volume “%s” has no hexside type “%s”"),
                   attr_name, id, rdt_volume_get_id (b->volume), id);
      *ok = FALSE;
      return RDT_NO_TYPE;
    }
  t = rdt_volume_get_hexside_type (b->volume, i);
  if (t->kind != kind)
    {
      report_node (b->report, RDT_SEVERITY_ERROR, -1, node,
                   _("put the type in the attribute of its kind"),
                   _("%s=\"%s\": hexside type “%s” is of kind %s, not %s"),
                   attr_name, id, id, rdt_hexside_kind_to_string (t->kind),
                   rdt_hexside_kind_to_string (kind));
      *ok = FALSE;
      return RDT_NO_TYPE;
    }
  return i;
}

static int
compare_hex_labels (gconstpointer a,
                    gconstpointer b)
{
  const RdtHex *ha = a, *hb = b;

  if (ha->col != hb->col)
    return ha->col < hb->col ? -1 : 1;
  return ha->row < hb->row ? -1 : ha->row > hb->row;
}

/* A file reference to an image (rdt-file-ref.h): refused references are
 * errors; a missing file only a warning (scans are the user's own copy and
 * are not shipped with a scenario).  The reference is kept in the model
 * either way, so that saving writes it back.  A scenario read from memory has
 * no folder: nothing to check. */
static void
check_image_ref (Builder    *b,
                 xmlNode    *n,
                 const char *attribute,
                 const char *value)
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) local = NULL;
  RdtFileRef ref = { 0 };

  if (b->path == NULL || value == NULL)
    return;
  dir = g_path_get_dirname (b->path);
  ref.base_dir = dir;
  ref.attribute = attribute;
  ref.value = value;
  /* Counter art may be SVG too (issue 16). */
  if (xmlStrEqual (n->name, BAD_CAST "art") ? rdt_file_ref_check_art (&ref, &local)
                                            : rdt_file_ref_check_image (&ref, &local))
    return;
  if (g_error_matches (local, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_NOT_FOUND))
    report_node (b->report, RDT_SEVERITY_WARNING, -1, n,
                 _("put the image in the scenario’s folder, or remove the element"),
                 _("%s; the editor shows the map without it"), local->message);
  else
    {
      guint before = b->report->diagnostics->len;

      report_node (b->report, RDT_SEVERITY_ERROR, -1, n,
                   _("see docs/format.md, “File references”"),
                   "%s", local->message);
      /* The href stays in the model and is written back: nothing is lost by
       * saving, so this error is not one the editor must ask about. */
      if (b->report->diagnostics->len > before)
        {
          if (b->report->kept == NULL)
            b->report->kept = g_hash_table_new (NULL, NULL);
          g_hash_table_add (b->report->kept,
                            g_ptr_array_index (b->report->diagnostics, before));
        }
    }
}

static void
build_map (Builder *b,
           xmlNode *map)
{
  for (xmlNode *n = map->children; n != NULL; n = n->next)
    {
      if (is_element (n, "underlay"))
        {
          RdtUnderlay u = { 0 };
          g_autofree char *ox = attr (n, "origin-x");
          g_autofree char *oy = attr (n, "origin-y");
          g_autofree char *hs = attr (n, "hex-size");
          g_autofree char *rot = attr (n, "rotation");

          u.present = TRUE;
          u.href = attr (n, "href");
          if (!parse_real (ox, &u.origin_x) || !parse_real (oy, &u.origin_y) ||
              !parse_real (hs, &u.hex_size) || !parse_real (rot, &u.rotation))
            report_node (b->report, RDT_SEVERITY_ERROR, -1, n, _("write plain decimal numbers"),
                         _("underlay calibration numbers out of range"));
          _rdt_scenario_set_line (b->scenario, "underlay", node_line (n));
          check_image_ref (b, n, "href", u.href);
          rdt_scenario_set_underlay (b->scenario, &u, NULL);
          g_free (u.href);
        }
      else if (is_element (n, "hex"))
        {
          g_autofree char *tid = attr (n, "terrain");
          RdtHex hex;
          int t;

          if (!parse_hex_attr (b, n, "at", &hex))
            continue;
          if (!rdt_hex_grid_contains (b->grid, hex))
            {
              g_autofree char *label = attr (n, "at");
              report_node (b->report, RDT_SEVERITY_ERROR, -1, n,
                           _("remove the element or enlarge the map in <grid>"),
                           _("hex %s is not on the map"), label);
              continue;
            }
          t = rdt_volume_find_terrain (b->volume, tid);
          if (t < 0)
            {
              report_node (b->report, RDT_SEVERITY_ERROR, -1, n,
                           _("use a terrain id of the volume, or add the terrain type to the volume"),
                           _("the volume “%s” has no terrain “%s”"),
                           rdt_volume_get_id (b->volume), tid);
              continue;
            }
          if (rdt_scenario_get_hex_line (b->scenario, hex) != 0)
            {
              g_autofree char *label = attr (n, "at");
              report_node (b->report, RDT_SEVERITY_ERROR, -1, n,
                           _("keep one <hex> element per hex"),
                           _("hex %s already has its terrain set at line %d"),
                           label, rdt_scenario_get_hex_line (b->scenario, hex));
              continue;
            }
          _rdt_scenario_load_terrain (b->scenario, hex, (guint) t);
          _rdt_scenario_set_hex_line (b->scenario, hex, node_line (n));
        }
      else if (is_element (n, "hexside"))
        {
          g_autofree char *at = attr (n, "at");
          const char *bar = at != NULL ? strchr (at, '|') : NULL;
          g_autofree char *first = NULL;
          RdtHexsideFeatures f;
          RdtHex a, c;
          gboolean ok = TRUE;

          if (bar == NULL)
            continue;
          first = g_strndup (at, bar - at);
          if (!parse_hex (b, n, "at", first, &a) || !parse_hex (b, n, "at", bar + 1, &c))
            continue;
          rdt_hexside_features_init (&f, _rdt_hexside_make (a, c));
          f.line = node_line (n);
          f.water = hexside_type_attr (b, n, "water", RDT_HEXSIDE_KIND_WATER, &ok);
          f.slope = hexside_type_attr (b, n, "slope", RDT_HEXSIDE_KIND_SLOPE, &ok);
          f.fieldwork = hexside_type_attr (b, n, "fieldwork", RDT_HEXSIDE_KIND_FIELDWORK, &ok);
          f.road = hexside_type_attr (b, n, "road", RDT_HEXSIDE_KIND_ROAD, &ok);
          f.other = hexside_type_attr (b, n, "other", RDT_HEXSIDE_KIND_OTHER, &ok);
          if (f.slope >= 0 && !parse_hex_attr (b, n, "high", &f.slope_high))
            ok = FALSE;
          if (f.fieldwork >= 0)
            {
              if (!parse_hex_attr (b, n, "symbol", &f.fieldwork_symbol))
                ok = FALSE;
              f.breached = bool_attr (n, "breached", FALSE);
            }
          if (!ok)
            continue;
          if (rdt_hexside_features_is_empty (&f))
            {
              report_node (b->report, RDT_SEVERITY_WARNING, -1, n,
                           _("remove the element"),
                           _("hexside %s has no features"), at);
              continue;
            }
          if (rdt_scenario_get_hexside (b->scenario, f.side) != NULL)
            {
              report_node (b->report, RDT_SEVERITY_ERROR, -1, n,
                           _("put all features of a hexside on one <hexside> element"),
                           _("hexside %s is already described at line %d"), at,
                           rdt_scenario_get_hexside (b->scenario, f.side)->line);
              continue;
            }
          /* Stored as written: adjacency, map and high-side checks are the
           * validator's, so an invalid file still round-trips. */
          _rdt_scenario_put_hexside (b->scenario, &f);
        }
      else if (is_element (n, "location"))
        {
          RdtLocation *l;
          RdtHex hex;

          if (!parse_hex_attr (b, n, "at", &hex))
            continue;
          if (rdt_scenario_get_location_name (b->scenario, hex) != NULL)
            {
              g_autofree char *label = attr (n, "at");
              report_node (b->report, RDT_SEVERITY_ERROR, -1, n,
                           _("keep one <location> per hex"),
                           _("hex %s already has a named location"), label);
              continue;
            }
          l = g_new0 (RdtLocation, 1);
          l->hex = hex;
          l->name = attr (n, "name");
          l->line = node_line (n);
          _rdt_scenario_take_location (b->scenario, l);
        }
      else if (is_element (n, "entry"))
        {
          RdtEntryHex *e;
          RdtHex hex;

          if (!parse_hex_attr (b, n, "at", &hex))
            continue;
          e = g_new0 (RdtEntryHex, 1);
          e->id = attr (n, "id");
          e->hex = hex;
          e->name = attr (n, "name");
          e->line = node_line (n);
          _rdt_scenario_take_entry (b->scenario, e);
        }
      else if (is_element (n, "area"))
        {
          g_autofree char *text = text_of (n);
          g_autoptr(GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
          RdtArea *area = g_new0 (RdtArea, 1);
          char *next = text;

          area->id = attr (n, "id");
          area->name = attr (n, "name");
          area->line = node_line (n);
          area->hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
          /* The labels split on white space in place (issue 15: no
           * g_strsplit_set copy of a long list). */
          while (next != NULL && *next != '\0')
            {
              char *label = next;
              RdtHex hex;
              gpointer key;

              while (*next != '\0' && strchr (" \t\r\n", *next) == NULL)
                next++;
              if (*next != '\0')
                *next++ = '\0';
              if (label[0] == '\0' || !parse_hex (b, n, "area", label, &hex))
                continue;
              key = GUINT_TO_POINTER (((guint) (guint16) hex.col << 16) | (guint16) hex.row);
              if (g_hash_table_contains (seen, key))
                {
                  report_node (b->report, RDT_SEVERITY_WARNING, -1, n,
                               _("list each hex once"),
                               _("area: hex %s is listed twice"), label);
                  continue;
                }
              g_hash_table_add (seen, key);
              g_array_append_val (area->hexes, hex);
            }
          /* Areas are kept sorted (and written so: canonical form). */
          g_array_sort (area->hexes, compare_hex_labels);
          _rdt_scenario_take_area (b->scenario, area);
        }
    }
}

static void
read_placement (Builder *b,
                RdtUnit *unit,
                xmlNode *p)
{
  g_autofree char *status = NULL;
  g_autofree char *states = NULL;

  if (is_element (p, "unused"))
    {
      unit->placement.kind = RDT_PLACEMENT_UNUSED;
      return;
    }
  /* Issue 16: starts in the eliminated or captured box. */
  if (is_element (p, "box"))
    {
      g_autofree char *id = attr (p, "id");

      if (!rdt_placement_box_from_string (id, &unit->placement.kind))
        {
          report_node (b->report, RDT_SEVERITY_ERROR, -1, p,
                       _("write <box id=\"eliminated\"/> or <box id=\"captured\"/>"),
                       _("“%s” starts in an unknown box “%s”"), unit->id, id != NULL ? id : "");
          unit->placement.kind = RDT_PLACEMENT_UNUSED;
        }
      return;
    }
  if (is_element (p, "setup"))
    {
      g_autofree char *hex = attr (p, "hex");
      if (hex != NULL)
        {
          /* An unparsable hex is reported here; the unit is then treated as
           * unused rather than reported a second time as "not placed". */
          if (parse_hex (b, p, "hex", hex, &unit->placement.hex))
            unit->placement.kind = RDT_PLACEMENT_HEX;
          else
            unit->placement.kind = RDT_PLACEMENT_UNUSED;
        }
      else
        {
          unit->placement.kind = RDT_PLACEMENT_AREA;
          unit->placement.area = attr (p, "area");
        }
    }
  else if (is_element (p, "arrive"))
    {
      unit->placement.kind = RDT_PLACEMENT_ENTRY;
      unit->placement.turn = int_attr (p, "turn", 0);
      unit->placement.entry = attr (p, "entry");
    }
  unit->step = int_attr (p, "step", 1) - 1;
  status = attr (p, "status");
  if (status != NULL)
    rdt_unit_status_from_string (status, &unit->status);
  states = attr (p, "states");
  if (states != NULL)
    {
      g_auto(GStrv) list = g_strsplit_set (states, " \t\r\n", -1);
      GPtrArray *kept = g_ptr_array_new ();
      for (guint i = 0; list[i] != NULL; i++)
        if (list[i][0] != '\0')
          g_ptr_array_add (kept, g_strdup (list[i]));
      g_ptr_array_add (kept, NULL);
      unit->states = (char **) g_ptr_array_free (kept, FALSE);
    }
}

static char **
split_ids (const char *text)
{
  g_auto(GStrv) list = NULL;
  GPtrArray *kept;

  if (text == NULL)
    return NULL;
  list = g_strsplit_set (text, " \t\r\n", -1);
  kept = g_ptr_array_new ();
  for (guint i = 0; list[i] != NULL; i++)
    if (list[i][0] != '\0')
      g_ptr_array_add (kept, g_strdup (list[i]));
  g_ptr_array_add (kept, NULL);
  return (char **) g_ptr_array_free (kept, FALSE);
}

/* A file reference as written in a file: relative to the referring file's
 * folder and staying inside it.  A strict lexical check: no absolute path, no
 * drive letter, no backslash, no empty, "." or ".." component.  Returns NULL if
 * the reference is acceptable, else why not (a static, translated string). */
/* Checked again on the file system by check_image_ref (rdt-file-ref.h) when
 * the file has a folder: links out of it, devices and oversized files. */
static const char *
art_ref_problem (const char *ref)
{
  if (ref == NULL || ref[0] == '\0')
    return _("the path is empty");
  if (ref[0] == '/' || g_path_is_absolute (ref))
    return _("the path is absolute");
  if (g_ascii_isalpha (ref[0]) && ref[1] == ':')
    return _("the path starts with a drive letter");
  if (strchr (ref, '\\') != NULL)
    return _("the path contains a backslash");
  for (const char *p = ref; ; )
    {
      const char *slash = strchr (p, '/');
      gsize len = slash != NULL ? (gsize) (slash - p) : strlen (p);

      if (len == 0)
        return _("the path has an empty component");
      if (len == 2 && p[0] == '.' && p[1] == '.')
        return _("the path leaves the file's folder (“..”)");
      if (len == 1 && p[0] == '.')
        return _("the path has a “.” component");
      if (slash == NULL)
        break;
      p = slash + 1;
    }
  return NULL;
}

static void
read_art (Builder *b,
          RdtUnit *unit,
          xmlNode *c)
{
  g_autofree char *front = attr (c, "front");
  g_autofree char *back = attr (c, "back");
  const char *problem;

  if ((problem = art_ref_problem (front)) != NULL ||
      (back != NULL && (problem = art_ref_problem (back)) != NULL))
    {
      report_node (b->report, RDT_SEVERITY_ERROR, -1, c,
                   _("write the image path relative to this file's folder, inside it"),
                   _("counter art of “%s”: %s"), unit->id, problem);
      return;
    }
  check_image_ref (b, c, "front", front);
  if (back != NULL)
    check_image_ref (b, c, "back", back);
  unit->art_front = g_steal_pointer (&front);
  unit->art_back = g_steal_pointer (&back);
}

static void
build_unit (Builder *b,
            xmlNode *n)
{
  gboolean leader = is_element (n, "leader");
  g_autofree char *id = attr (n, "id");
  g_autofree char *name = attr (n, "name");
  g_autofree char *side = attr (n, "side");
  g_autofree char *kind = attr (n, "kind");
  g_autofree char *rifle = attr (n, "rifle");
  g_autofree char *provisional = attr (n, "provisional");
  g_autofree char *commands = attr (n, "commands");
  RdtUnitKind k = RDT_UNIT_KIND_LEADER;
  int side_index;
  RdtUnit *unit;

  if (!leader)
    rdt_unit_kind_from_string (kind, &k);
  side_index = rdt_scenario_find_side (b->scenario, side);
  if (side_index < 0)
    report_node (b->report, RDT_SEVERITY_ERROR, -1, n,
                 _("use the id of a <side> declared in <sides>"),
                 _("%s “%s”: unknown side “%s”"), leader ? "leader" : "unit", id, side);
  unit = rdt_unit_new (id, name, side_index, k);
  unit->nationality = attr (n, "nationality");
  unit->formation = attr (n, "formation");
  unit->unit_class = attr (n, "class");
  unit->rifle = g_strcmp0 (rifle, "white-r") == 0 ? RDT_RIFLE_WHITE_R
              : g_strcmp0 (rifle, "black-r") == 0 ? RDT_RIFLE_BLACK_R : RDT_RIFLE_NONE;
  unit->demi_leader = bool_attr (n, "demi-leader", FALSE);
  unit->movement = int_attr (n, "movement", 0);
  unit->range = int_attr (n, "range", 0);
  unit->line = node_line (n);
  if (leader)
    {
      unit->rank = int_attr (n, "rank", 0);
      unit->cc_drm = int_attr (n, "cc-drm", 0);
      unit->leadership_drm = int_attr (n, "leadership-drm", 0);
      unit->seniority = int_attr (n, "seniority", 0);
      unit->commands = split_ids (commands);
    }
  if (provisional != NULL)
    {
      static const char *const names[] = { "strength", "morale", "movement", "leader", "class" };
      const char *p = provisional;
      char word[64];

      while (next_word (&p, word, sizeof word))
        for (guint f = 0; f < G_N_ELEMENTS (names); f++)
          if (g_str_equal (word, names[f]))
            unit->provisional |= 1u << f;
    }
  for (xmlNode *c = n->children; c != NULL; c = c->next)
    {
      if (is_element (c, "step"))
        {
          g_autofree char *fire = attr (c, "fire-strength");
          rdt_unit_add_step (unit, int_attr (c, "strength", 0),
                             fire != NULL ? int_attr (c, "fire-strength", 0) : -1,
                             int_attr (c, "morale", 0));
        }
      else if (is_element (c, "setup") || is_element (c, "arrive") || is_element (c, "unused")
               || is_element (c, "box"))
        read_placement (b, unit, c);
      else if (is_element (c, "note"))
        unit->note = text_of (c);
      else if (is_element (c, "art"))
        read_art (b, unit, c);
    }
  _rdt_scenario_take_unit (b->scenario, unit);
}

/* ------------------------------------------------------ volume file cache */

/* Every scenario load used to read, parse and schema-check its volume file
 * again (issue 15: a fifth of a load).  The process keeps the checked
 * document of the last volume files it loaded, keyed by the resolved file
 * (path, device, inode, size, mtime in ns) AND its content: the file is still
 * read through the file reference rules on every load and a hit needs the
 * same bytes (an edited volume, even one rewritten in the same clock tick
 * with the same size, is parsed again).  The model is built anew from the
 * document on every load (the editor changes a scenario's volume, so it is
 * never shared), which also gives every diagnostic of the model pass and the
 * semantic checks (provisional notes included) again; the warnings of the
 * parse itself are kept with the entry and given again, in order.  Only a
 * parse without errors and with few findings is kept. */

#define VOLUME_CACHE_MAX_ENTRIES 4
#define VOLUME_CACHE_MAX_FINDINGS 16

typedef struct {
  char *path;
  guint64 device, inode, size;
  gint64 mtime_ns;
  GBytes *bytes;
  xmlDoc *doc;
  GPtrArray *findings;       /* (element-type RdtDiagnostic) from parse_checked() */
} VolumeCacheEntry;

static GMutex volume_cache_lock;
static GPtrArray *volume_cache;  /* (element-type VolumeCacheEntry), newest last */

static void
volume_cache_entry_free (gpointer data)
{
  VolumeCacheEntry *e = data;

  g_free (e->path);
  g_bytes_unref (e->bytes);
  xmlFreeDoc (e->doc);
  g_ptr_array_unref (e->findings);
  g_free (e);
}

static gboolean
volume_file_identity (const char *path,
                      GBytes     *bytes,
                      guint64    *device,
                      guint64    *inode,
                      gint64     *mtime_ns)
{
  struct stat st;

  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode) ||
      (guint64) st.st_size != (guint64) g_bytes_get_size (bytes))
    return FALSE;
  *device = (guint64) st.st_dev;
  *inode = (guint64) st.st_ino;
  *mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
  return TRUE;
}

/* rdt_volume_load_from_bytes() for the volume file @path whose bytes were
 * just read: the same model and the same diagnostics, through the cache. */
static RdtVolume *
load_volume_cached (GBytes      *bytes,
                    const char  *path,
                    GPtrArray   *diagnostics,
                    GError     **error)
{
  guint64 device = 0, inode = 0;
  gint64 mtime_ns = 0;
  gboolean known;
  Report report = { 0 };
  g_autoptr(xmlDoc) doc = NULL;
  RdtVolume *volume = NULL;
  guint mark;

  known = path != NULL && diagnostics != NULL &&
          volume_file_identity (path, bytes, &device, &inode, &mtime_ns);
  if (!known)
    return rdt_volume_load_from_bytes (bytes, path, diagnostics, error);

  report.file = path;
  report.diagnostics = diagnostics;
  g_mutex_lock (&volume_cache_lock);
  for (guint i = 0; volume_cache != NULL && i < volume_cache->len; i++)
    {
      VolumeCacheEntry *e = g_ptr_array_index (volume_cache, i);

      if (e->device != device || e->inode != inode || e->mtime_ns != mtime_ns ||
          strcmp (e->path, path) != 0 || !g_bytes_equal (e->bytes, bytes))
        continue;
      for (guint k = 0; k < e->findings->len; k++)
        rdt_diagnostics_add (diagnostics, rdt_diagnostic_copy (g_ptr_array_index (e->findings, k)));
      /* Built under the lock: the document is shared. */
      volume = build_volume (xmlDocGetRootElement (e->doc), &report);
      g_mutex_unlock (&volume_cache_lock);
      rdt_volume_set_path (volume, path);
      report_clear (&report);
      return volume;
    }
  g_mutex_unlock (&volume_cache_lock);

  mark = diagnostics->len;
  doc = parse_checked (bytes, &report, "volume");
  if (doc == NULL)
    {
      report_set_gerror (&report, error);
      report_clear (&report);
      return NULL;
    }
  if (!report.first_error_set && diagnostics->len - mark <= VOLUME_CACHE_MAX_FINDINGS)
    {
      VolumeCacheEntry *e = g_new0 (VolumeCacheEntry, 1);
      gboolean keep = TRUE;

      e->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_diagnostic_free);
      for (guint k = mark; k < diagnostics->len; k++)
        {
          const RdtDiagnostic *d = g_ptr_array_index (diagnostics, k);

          keep = keep && !rdt_diagnostic_is_summary (d) && d->severity != RDT_SEVERITY_ERROR;
          g_ptr_array_add (e->findings, rdt_diagnostic_copy (d));
        }
      e->path = g_strdup (path);
      e->device = device;
      e->inode = inode;
      e->size = g_bytes_get_size (bytes);
      e->mtime_ns = mtime_ns;
      e->bytes = g_bytes_ref (bytes);
      e->doc = g_steal_pointer (&doc);
      if (!keep)
        {
          doc = g_steal_pointer (&e->doc);
          volume_cache_entry_free (e);
        }
      else
        {
          g_mutex_lock (&volume_cache_lock);
          if (volume_cache == NULL)
            volume_cache = g_ptr_array_new_with_free_func (volume_cache_entry_free);
          /* The same file's older content, and the oldest beyond the bound, go. */
          for (guint i = volume_cache->len; i > 0; i--)
            if (strcmp (((VolumeCacheEntry *) g_ptr_array_index (volume_cache, i - 1))->path, path) == 0)
              g_ptr_array_remove_index (volume_cache, i - 1);
          while (volume_cache->len >= VOLUME_CACHE_MAX_ENTRIES)
            g_ptr_array_remove_index (volume_cache, 0);
          g_ptr_array_add (volume_cache, e);
          volume = build_volume (xmlDocGetRootElement (e->doc), &report);
          g_mutex_unlock (&volume_cache_lock);
          rdt_volume_set_path (volume, path);
          report_clear (&report);
          return volume;
        }
    }
  volume = build_volume (xmlDocGetRootElement (doc), &report);
  rdt_volume_set_path (volume, path);
  report_clear (&report);
  return volume;
}

static gboolean
resolve_volume (Builder     *b,
                xmlNode     *root,
                const char  *path,
                GError     **error)
{
  xmlNode *inline_volume = first_element (root, "volume");
  xmlNode *ref = first_element (root, "volume-ref");
  g_autoptr(GError) local = NULL;

  if (inline_volume != NULL)
    {
      b->volume = build_volume (inline_volume, b->report);
      return TRUE;
    }
  if (ref != NULL)
    {
      g_autofree char *id = attr (ref, "ref");
      g_autofree char *href = attr (ref, "href");
      g_autofree char *file = NULL;
      g_autoptr(GBytes) bytes = NULL;

      /* Both ways go through the file reference rules (rdt-file-ref.h). */
      if (id != NULL)
        {
          bytes = read_installed_volume (id, &file, &local);
          if (bytes == NULL && local != NULL)
            {
              report_node (b->report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_VOLUME, ref,
                           _("fix the installed volume file"),
                           _("the volume cannot be loaded: %s"), local->message);
              return FALSE;
            }
          if (bytes == NULL)
            {
              report_node (b->report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_VOLUME, ref,
                           _("install the volume file, set REDOUBT_DATADIR, or use href=\"path\""),
                           _("volume “%s” not found (looked for volumes/%s.xml in $REDOUBT_DATADIR, %s and %s)"),
                           id, id, SOURCE_DATADIR, PKGDATADIR);
              return FALSE;
            }
        }
      else
        {
          g_autofree char *dir = g_path_get_dirname (path != NULL ? path : ".");
          RdtFileRef r = { 0 };

          r.base_dir = dir;
          r.attribute = "href";
          r.value = href;
          bytes = rdt_file_ref_read (&r, RDT_FORMAT_MAX_BYTES, &local);
          if (bytes == NULL)
            {
              report_node (b->report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_VOLUME, ref,
                           _("see docs/format.md, “File references”"),
                           _("the volume cannot be loaded: %s"), local->message);
              return FALSE;
            }
          file = g_build_filename (dir, href, NULL);
        }
      b->volume = load_volume_cached (bytes, file, b->report->diagnostics, &local);
      if (b->volume == NULL)
        {
          report_node (b->report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_VOLUME, ref,
                       _("fix the volume file first"),
                       _("the volume cannot be loaded: %s"), local->message);
          return FALSE;
        }
      rdt_scenario_set_volume_link (b->scenario, id, href);
      return TRUE;
    }
  g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID, "no volume");
  return FALSE;
}

/* Initiative by turn (issue 13): <turns><initiative from to first|side drm|level
 * rule/></turns>. */
static void
read_turn_initiatives (RdtScenario *scenario,
                       xmlNode     *turns,
                       Report      *report)
{
  for (xmlNode *i = turns->children; i != NULL; i = i->next)
    {
      g_autofree char *first = NULL, *side = NULL, *to = NULL, *level = NULL;
      RdtTurnInitiative t = { 0 };

      if (!is_element (i, "initiative"))
        continue;
      first = attr (i, "first");
      side = attr (i, "side");
      to = attr (i, "to");
      t.from = int_attr (i, "from", 1);
      t.to = to != NULL ? int_attr (i, "to", t.from) : t.from;
      t.first = first != NULL ? rdt_scenario_find_side (scenario, first) : -1;
      t.side = side != NULL ? rdt_scenario_find_side (scenario, side) : -1;
      t.drm = side != NULL ? int_attr (i, "drm", 0) : 0;
      level = attr (i, "level");
      t.level = level != NULL ? rdt_scenario_find_side (scenario, level) : -1;
      t.rule = attr (i, "rule");
      t.line = node_line (i);
      if ((first != NULL && t.first < 0) || (side != NULL && t.side < 0) ||
          (level != NULL && t.level < 0))
        report_node (report, RDT_SEVERITY_ERROR, -1, i,
                     _("use the id of a <side> declared in <sides>"),
                     _("“%s” is not a side"), first != NULL ? first : side != NULL ? side : level);
      else if (t.to < t.from)
        report_node (report, RDT_SEVERITY_ERROR, -1, i, _("give the turns in order"),
                     _("to=\"%d\" is before from=\"%d\""), t.to, t.from);
      else
        rdt_scenario_add_turn_initiative (scenario, &t);
      g_free (t.rule);
    }
}

static RdtScenario *
build_scenario (xmlNode     *root,
                const char  *path,
                Report      *report)
{
  Builder b = { 0 };
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtVolume) volume = NULL;
  xmlNode *map = first_element (root, "map");
  xmlNode *grid_node = map != NULL ? first_element (map, "grid") : NULL;
  RdtGridSettings settings = { 0 };
  g_autofree char *orientation = NULL;
  g_autofree char *shift = NULL;
  g_autofree char *default_terrain = NULL;
  g_autoptr(GError) local = NULL;

  b.report = report;
  b.path = path;
  if (grid_node == NULL)
    return NULL;

  /* A placeholder scenario so the volume link can be recorded; replaced below
   * once the grid is known. */
  settings.columns = int_attr (grid_node, "columns", 0);
  settings.rows = int_attr (grid_node, "rows", 0);
  settings.first_column = int_attr (grid_node, "first-column", 1);
  settings.first_row = int_attr (grid_node, "first-row", 1);
  orientation = attr (grid_node, "orientation");
  shift = attr (grid_node, "shift");
  settings.orientation = g_strcmp0 (orientation, "pointy-top") == 0 ? RDT_GRID_POINTY_TOP : RDT_GRID_FLAT_TOP;
  settings.shift = g_strcmp0 (shift, "even") == 0 ? RDT_GRID_SHIFT_EVEN : RDT_GRID_SHIFT_ODD;

  {
    /* The volume first: the scenario needs its terrain types. */
    g_autoptr(RdtVolume) dummy = rdt_volume_new ("placeholder");
    RdtGridSettings one = { 1, 1, 1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
    RdtTerrainType *t = rdt_terrain_type_new ("placeholder", "placeholder");

    rdt_volume_add_terrain (dummy, t, NULL);
    b.scenario = scenario = rdt_scenario_new (dummy, &one, NULL, NULL);
    if (!resolve_volume (&b, root, path, NULL))
      return NULL;
    volume = b.volume;
  }

  if (rdt_volume_get_n_terrains (volume) == 0)
    {
      report_node (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_INVALID, root,
                   _("declare at least one <terrain> in the volume"),
                   _("the volume has no terrain types"));
      return NULL;
    }
  {
    g_autoptr(RdtScenario) real = NULL;

    default_terrain = attr (map, "default-terrain");
    if (rdt_volume_find_terrain (volume, default_terrain) < 0)
      report_node (report, RDT_SEVERITY_ERROR, -1, map,
                   _("use a terrain id of the volume"),
                   _("default-terrain “%s”: the volume “%s” has no such terrain"),
                   default_terrain, rdt_volume_get_id (volume));
    real = rdt_scenario_new (volume, &settings,
                             rdt_volume_find_terrain (volume, default_terrain) >= 0 ? default_terrain : NULL,
                             &local);
    if (real == NULL)
      {
        report_node (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_INVALID, grid_node,
                     _("fix the grid settings"), "%s", local->message);
        return NULL;
      }
    rdt_scenario_set_volume_link (real, rdt_scenario_get_volume_ref (scenario),
                                  rdt_scenario_get_volume_href (scenario));
    g_set_object (&scenario, real);
    b.scenario = scenario;
  }
  b.volume = volume;
  b.grid = rdt_scenario_get_grid (scenario);
  {
    /* Display labels (issue 17): <grid><labels .../></grid>. */
    xmlNode *labels = first_element (grid_node, "labels");
    if (labels != NULL)
      {
        RdtHexLabelFormat f = { 0 };
        g_autofree char *order = attr (labels, "order");
        g_autofree char *sep = attr (labels, "separator");
        g_autofree char *cstyle = attr (labels, "column-style");
        g_autofree char *rstyle = attr (labels, "row-style");
        g_autofree char *cmirror = attr (labels, "column-mirror");
        g_autofree char *rmirror = attr (labels, "row-mirror");
        g_autoptr(GError) lerr = NULL;

        f.present = TRUE;
        f.row_first = g_strcmp0 (order, "row-column") == 0;
        if (sep != NULL && strlen (sep) < sizeof f.separator)
          g_strlcpy (f.separator, sep, sizeof f.separator);
        else if (sep != NULL)
          report_node (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_INVALID, labels,
                       _("use a separator of at most 7 bytes"),
                       _("<labels> separator “%s” is too long"), sep);
        f.column.letters = g_strcmp0 (cstyle, "letters") == 0;
        f.row.letters = g_strcmp0 (rstyle, "letters") == 0;
        f.column.digits = CLAMP (int_attr (labels, "column-digits", 2), 0, RDT_HEX_LABEL_DIGITS_MAX);
        f.row.digits = CLAMP (int_attr (labels, "row-digits", 2), 0, RDT_HEX_LABEL_DIGITS_MAX);
        f.column.descending = cmirror != NULL;
        f.column.mirror = int_attr (labels, "column-mirror", 0);
        f.row.descending = rmirror != NULL;
        f.row.mirror = int_attr (labels, "row-mirror", 0);
        if (!rdt_scenario_set_hex_labels (scenario, &f, &lerr))
          report_node (report, RDT_SEVERITY_ERROR, RDT_FORMAT_ERROR_INVALID, labels,
                       _("fix the label format"), "%s", lerr->message);
      }
  }
  b.col_digits = MAX (2, digits_of (settings.first_column + settings.columns - 1));
  b.row_digits = MAX (2, digits_of (settings.first_row + settings.rows - 1));
  _rdt_scenario_set_line (scenario, "map", node_line (map));
  _rdt_scenario_set_line (scenario, "grid", node_line (grid_node));
  _rdt_scenario_set_line (scenario, "scenario", node_line (root));
  {
    xmlNode *vnode = first_element (root, "volume");
    if (vnode == NULL)
      vnode = first_element (root, "volume-ref");
    if (vnode != NULL)
      _rdt_scenario_set_line (scenario, "volume", node_line (vnode));
  }

  {
    g_autofree char *id = attr (root, "id");
    rdt_scenario_set_id (scenario, id);
  }
  for (xmlNode *n = root->children; n != NULL; n = n->next)
    {
      if (is_element (n, "title"))
        {
          g_autofree char *title = text_of (n);
          rdt_scenario_set_title (scenario, title);
        }
      else if (is_element (n, "description"))
        {
          g_autofree char *text = text_of (n);
          rdt_scenario_set_description (scenario, text);
        }
      else if (is_element (n, "map"))
        {
          build_map (&b, n);
          _rdt_scenario_finish_load (scenario);
        }
      else if (is_element (n, "sides"))
        {
          for (xmlNode *s = n->children; s != NULL; s = s->next)
            {
              g_autofree char *id = NULL;
              g_autofree char *name = NULL;
              int index;

              if (!is_element (s, "side"))
                continue;
              id = attr (s, "id");
              name = attr (s, "name");
              index = rdt_scenario_add_side (scenario, id, name, int_attr (s, "army-morale", -1),
                                             int_attr (s, "momentum", -1), &local);
              if (index < 0)
                {
                  report_node (report, RDT_SEVERITY_ERROR, -1, s, _("give every side its own id"),
                               "%s", local->message);
                  g_clear_error (&local);
                  continue;
                }
              _rdt_scenario_set_side_line (scenario, index, node_line (s));
              {
                g_autofree char *player = attr (s, "player");
                rdt_scenario_set_side_player (scenario, (guint) index, player);
              }
              /* Retreat priorities (13.21; Brandywine 3.2, Germantown 3.8,
               * Savannah 4.19). */
              for (xmlNode *r = s->children; r != NULL; r = r->next)
                {
                  g_autofree char *hex_text = NULL;
                  g_autofree char *directions = NULL;
                  g_autofree char *north_text = NULL;
                  g_autofree char *rule = NULL;
                  RdtSideRetreatKind kind = RDT_SIDE_RETREAT_NONE;
                  RdtHex hex = { 0, 0 };
                  double north = 0;

                  if (!is_element (r, "retreat"))
                    continue;
                  hex_text = attr (r, "hex");
                  directions = attr (r, "directions");
                  north_text = attr (r, "north");
                  rule = attr (r, "rule");
                  if (hex_text != NULL)
                    {
                      if (!parse_hex_attr (&b, r, "hex", &hex))
                        continue;
                      kind = RDT_SIDE_RETREAT_HEX;
                    }
                  else if (directions != NULL)
                    kind = RDT_SIDE_RETREAT_DIRECTIONS;
                  else if (bool_attr (r, "entry", FALSE))
                    kind = RDT_SIDE_RETREAT_ENTRY;
                  /* Issue 11: a value the model cannot hold is reported,
                   * never silently replaced by 0. */
                  if (north_text != NULL && !parse_real (north_text, &north))
                    report_node (report, RDT_SEVERITY_ERROR, -1, r, _("write plain decimal numbers"),
                                 _("retreat north=\"%s\" is out of range"), north_text);
                  rdt_scenario_set_side_retreat (scenario, (guint) index, kind, hex, directions,
                                                 north, rule, bool_attr (r, "provisional", FALSE));
                }
            }
        }
      else if (is_element (n, "turns"))
        {
          g_autofree char *first_player = attr (n, "first-player");
          g_autofree char *order = attr (n, "player-order");
          int fp = -1;

          if (first_player != NULL)
            {
              fp = rdt_scenario_find_side (scenario, first_player);
              if (fp < 0)
                report_node (report, RDT_SEVERITY_ERROR, -1, n,
                             _("use the id of a <side> declared in <sides>"),
                             _("first-player “%s” is not a side"), first_player);
            }
          rdt_scenario_set_turns (scenario, int_attr (n, "first", 1), int_attr (n, "count", 1),
                                  fp, order);
          _rdt_scenario_set_line (scenario, "turns", node_line (n));
          read_turn_initiatives (scenario, n, report);
        }
      else if (is_element (n, "units"))
        {
          _rdt_scenario_set_line (scenario, "units", node_line (n));
          for (xmlNode *u = n->children; u != NULL; u = u->next)
            if (is_element (u, "unit") || is_element (u, "leader"))
              build_unit (&b, u);
        }
      else if (is_element (n, "victory"))
        {
          for (xmlNode *v = n->children; v != NULL; v = v->next)
            {
              if (is_element (v, "objective"))
                {
                  g_autofree char *side = attr (v, "side");
                  g_autofree char *when = attr (v, "when");
                  RdtObjective *o;
                  RdtHex hex;
                  int si = -1;

                  if (!parse_hex_attr (&b, v, "at", &hex))
                    continue;
                  if (side != NULL && (si = rdt_scenario_find_side (scenario, side)) < 0)
                    report_node (report, RDT_SEVERITY_ERROR, -1, v,
                                 _("use the id of a <side> declared in <sides>"),
                                 _("objective: unknown side “%s”"), side);
                  rdt_scenario_add_objective (scenario, hex, si, int_attr (v, "vp", 0), when);
                  o = (RdtObjective *) rdt_scenario_get_objective (scenario,
                                                                   rdt_scenario_get_n_objectives (scenario) - 1);
                  o->line = node_line (v);
                }
              else if (is_element (v, "condition"))
                {
                  g_autofree char *side = attr (v, "side");
                  g_autofree char *level = attr (v, "level");
                  RdtVictoryCondition *c;
                  int si = rdt_scenario_find_side (scenario, side);

                  if (si < 0)
                    report_node (report, RDT_SEVERITY_ERROR, -1, v,
                                 _("use the id of a <side> declared in <sides>"),
                                 _("condition: unknown side “%s”"), side);
                  rdt_scenario_add_victory_condition (scenario, si, level, int_attr (v, "margin", 0));
                  c = (RdtVictoryCondition *) rdt_scenario_get_victory_condition (
                        scenario, rdt_scenario_get_n_victory_conditions (scenario) - 1);
                  c->line = node_line (v);
                }
            }
        }
      else if (is_element (n, "note"))
        g_ptr_array_add (rdt_scenario_get_notes (scenario), text_of (n));
    }
  return g_steal_pointer (&scenario);
}

/* "LINE:NAME" of every comment and processing instruction of @node and
 * below (the depth is bounded by parse_checked). */
static void
collect_unkept_nodes (xmlNode    *node,
                      GHashTable *set)
{
  for (; node != NULL; node = node->next)
    {
      /* Keyed as report_pi() and the comment warning name them. */
      if (node->type == XML_COMMENT_NODE)
        g_hash_table_add (set, g_strdup_printf ("%d:%s", (int) xmlGetLineNo (node),
                                                (const char *) node->name));
      else if (node->type == XML_PI_NODE)
        g_hash_table_add (set, g_strdup_printf ("%d:processing-instruction",
                                                (int) xmlGetLineNo (node)));
      else if (node->type == XML_ELEMENT_NODE)
        collect_unkept_nodes (node->children, set);
    }
}

/* Issue 11: which of the findings the loader added since @first are about
 * content of this file the model could not keep.  Every error the loader
 * itself reports while building the model is one (the element or value is
 * skipped, or replaced by a default: an unknown id, a duplicate, an off-map
 * hex, a label of the wrong width, an unknown side...), except a table row
 * with the wrong number of cells, which is kept and written back as it is;
 * so is the warning about each comment and processing instruction, which
 * saving drops too.  Findings about another file (a volume loaded by
 * reference) are not: this file only refers to it and saving does not
 * rewrite it.  The validator's findings (added after this) are about what the
 * model holds and does write back.  Copies of the loader's findings about
 * this file go to @file_findings. */
static void
mark_dropped (Report    *report,
              xmlDoc    *doc,
              guint      first,
              GPtrArray *file_findings)
{
  g_autoptr(GHashTable) unkept = NULL;

  for (guint i = first; i < report->diagnostics->len; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (report->diagnostics, i);

      if (g_strcmp0 (d->file, report->file) != 0)
        continue;
      if (report->kept != NULL && g_hash_table_contains (report->kept, d))
        d->dropped = FALSE;
      else if (rdt_diagnostic_is_summary (d))
        /* Findings past the cap were counted, not kept: any of them may be
         * content the model dropped, so a save over the file asks. */
        d->dropped = TRUE;
      else if (d->severity == RDT_SEVERITY_ERROR && g_strcmp0 (d->element, "row") != 0)
        d->dropped = TRUE;
      else if (d->severity == RDT_SEVERITY_WARNING && d->element != NULL)
        {
          g_autofree char *key = g_strdup_printf ("%d:%s", d->line, d->element);

          /* The walk only when a warning asks (issue 15: load time). */
          if (unkept == NULL)
            {
              unkept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
              collect_unkept_nodes (doc->children, unkept);
            }
          d->dropped = g_hash_table_contains (unkept, key);
        }
      if (file_findings != NULL)
        g_ptr_array_add (file_findings, rdt_diagnostic_copy (d));
    }
}

static RdtScenario *
load_scenario_bytes (GBytes             *bytes,
                     const char         *path,
                     const RdtFileStamp *stamp,
                     GPtrArray          *diagnostics,
                     GPtrArray          *file_findings,
                     GError            **error)
{
  g_autoptr(GPtrArray) own = NULL;
  Report report = { 0 };
  g_autoptr(xmlDoc) doc = NULL;
  RdtScenario *scenario;
  guint first;

  if (diagnostics == NULL)
    diagnostics = own = rdt_diagnostics_new ();
  first = diagnostics->len;
  report.file = path != NULL ? path : "<memory>";
  report.diagnostics = diagnostics;
  doc = parse_checked (bytes, &report, "scenario");
  if (doc == NULL)
    {
      report_set_gerror (&report, error);
      report_clear (&report);
      return NULL;
    }
  scenario = build_scenario (xmlDocGetRootElement (doc), path, &report);
  if (scenario == NULL)
    {
      report_set_gerror (&report, error);
      report_clear (&report);
      return NULL;
    }
  rdt_scenario_set_path (scenario, path);
  rdt_scenario_set_file_stamp (scenario, stamp);
  mark_dropped (&report, doc, first, file_findings);
  report_clear (&report);
  rdt_scenario_validate (scenario, diagnostics);
  return scenario;
}

RdtScenario *
rdt_scenario_load_from_bytes (GBytes      *bytes,
                              const char  *path_for_messages,
                              GPtrArray   *diagnostics,
                              GError     **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_scenario_bytes (bytes, path_for_messages, NULL, diagnostics, NULL, error);
}

RdtScenario *
rdt_scenario_load_from_bytes_full (GBytes      *bytes,
                                   const char  *path_for_messages,
                                   GPtrArray   *diagnostics,
                                   GPtrArray   *file_findings,
                                   GError     **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_scenario_bytes (bytes, path_for_messages, NULL, diagnostics, file_findings, error);
}

RdtScenario *
rdt_scenario_load_from_file (const char  *path,
                             GPtrArray   *diagnostics,
                             GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  RdtFileStamp stamp;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  bytes = read_file (path, &stamp, diagnostics, error);
  if (bytes == NULL)
    return NULL;
  return load_scenario_bytes (bytes, path, &stamp, diagnostics, NULL, error);
}

/* ------------------------------------------------------------------ writer */

typedef struct {
  GString *out;
  GError **error;
  gboolean failed;
} Writer;

/* Appending to the output without a call per piece (issue 15: the writer
 * makes about 15 appends per element; GLib 2.74 does not inline them). */
static inline void
out_len (Writer     *w,
         const char *s,
         gsize       n)
{
  GString *o = w->out;

  if (G_LIKELY (o->len + n < o->allocated_len))
    {
      memcpy (o->str + o->len, s, n);
      o->len += n;
      o->str[o->len] = '\0';
    }
  else
    g_string_append_len (o, s, (gssize) n);
}

static inline void
out_str (Writer     *w,
         const char *s)
{
  out_len (w, s, strlen (s));
}

static inline void
out_c (Writer *w,
       char    c)
{
  out_len (w, &c, 1);
}

/* XML 1.0 allows tab, LF, CR and everything from U+0020 except surrogates and
 * U+FFFE/U+FFFF; refuse the rest instead of writing a file nobody can load. */
static gboolean
check_text (Writer     *w,
            const char *text)
{
  const char *p;

  if (w->failed)
    return FALSE;
  if (!g_utf8_validate (text, -1, NULL))
    goto bad;
  for (p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE || c == 0xFFFF)
        goto bad;
    }
  return TRUE;

bad:
  w->failed = TRUE;
  g_set_error (w->error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID,
               _("A text contains characters that XML cannot hold"));
  return FALSE;
}

/* Bytes written as they are in both text and attributes: printable ASCII
 * other than the characters escape() replaces (issue 15: most values, ids,
 * labels and numbers, are only these; this skips check_text()'s UTF-8
 * walk and the per-byte appends for them, with the same output). */
static inline gboolean
plain_ascii (guint8 c)
{
  return c >= 0x20 && c < 0x7F && c != '"' && c != '&' && c != '<' && c != '>';
}

static void
escape (Writer     *w,
        const char *text,
        gboolean    in_attribute)
{
  const char *q = text;

  if (w->failed)
    return;
  while (plain_ascii ((guint8) *q))
    q++;
  if (*q == '\0')
    {
      out_len (w, text, q - text);
      return;
    }
  if (!check_text (w, text))
    return;
  for (const char *p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '&': out_str (w, "&amp;"); break;
        case '<': out_str (w, "&lt;"); break;
        case '>': out_str (w, "&gt;"); break;
        case '\r': out_str (w, "&#13;"); break;
        case '"':
          out_str (w, in_attribute ? "&quot;" : "\"");
          break;
        case '\n':
          out_str (w, in_attribute ? "&#10;" : "\n");
          break;
        case '\t':
          out_str (w, in_attribute ? "&#9;" : "\t");
          break;
        default:
          out_c (w, *p);
        }
    }
}

static void
indent (Writer *w,
        int     level)
{
  static const char spaces[] = "                                ";

  for (; level > 16; level -= 16)
    out_len (w, spaces, 32);
  out_len (w, spaces, (gsize) level * 2);
}

static void
open_tag (Writer     *w,
          int         level,
          const char *name)
{
  indent (w, level);
  out_c (w, '<');
  out_str (w, name);
}

static void
put_attr (Writer     *w,
          const char *name,
          const char *value)
{
  if (value == NULL)
    return;
  out_c (w, ' ');
  out_str (w, name);
  out_len (w, "=\"", 2);
  escape (w, value, TRUE);
  out_c (w, '"');
}

/* Appends @value in decimal, as "%d" would (issue 15: without printf). */
static void
append_int (GString *out,
            int      value)
{
  char buf[16];
  char *p = buf + sizeof buf;
  unsigned int u = value < 0 ? 0u - (unsigned int) value : (unsigned int) value;

  do
    {
      *--p = (char) ('0' + u % 10);
      u /= 10;
    }
  while (u != 0);
  if (value < 0)
    *--p = '-';
  g_string_append_len (out, p, buf + sizeof buf - p);
}

static void
put_int_attr (Writer     *w,
              const char *name,
              int         value)
{
  out_c (w, ' ');
  out_str (w, name);
  out_len (w, "=\"", 2);
  append_int (w->out, value);
  out_c (w, '"');
}

static void
put_drm_attr (Writer     *w,
              const char *name,
              int         value)
{
  out_c (w, ' ');
  out_str (w, name);
  out_len (w, value > 0 ? "=\"+" : "=\"", value > 0 ? 3 : 2);
  append_int (w->out, value);
  out_c (w, '"');
}

static void
put_bool_attr (Writer     *w,
               const char *name,
               gboolean    value)
{
  out_c (w, ' ');
  out_str (w, name);
  if (value)
    out_len (w, "=\"true\"", 7);
  else
    out_len (w, "=\"false\"", 8);
}

/* The shortest decimal that reads back as the same double. */
static void
put_real_attr (Writer     *w,
               const char *name,
               double      value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    value = 0;
  if (value == 0)
    value = 0; /* no "-0" */
  /* Whole numbers as integers ("40", not "4e+01"). */
  if (value == floor (value) && fabs (value) < 1e15)
    {
      g_string_append_printf (w->out, " %s=\"%.0f\"", name, value);
      return;
    }
  for (int precision = 1; precision <= 17; precision++)
    {
      char format[8];
      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append_printf (w->out, " %s=\"%s\"", name, buf);
}

static void
put_hex_attr (Writer        *w,
              RdtHexGrid    *grid,
              const char    *name,
              RdtHex         hex)
{
  char buf[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, hex, buf);
  put_attr (w, name, buf);
}

static void
close_empty (Writer *w)
{
  out_str (w, "/>\n");
}

static void
text_element (Writer     *w,
              int         level,
              const char *name,
              const char *text)
{
  if (text == NULL)
    return;
  open_tag (w, level, name);
  out_c (w, '>');
  escape (w, text, FALSE);
  out_len (w, "</", 2);
  out_str (w, name);
  out_len (w, ">\n", 2);
}

static void
write_effects (Writer           *w,
               const RdtEffects *e,
               const char       *rule,
               const char       *note)
{
  g_string_append_printf (w->out, " mp=\"%d%s\"", e->mp_halves / 2, e->mp_halves % 2 ? ".5" : "");
  if (e->prohibited != 0)
    {
      g_autoptr(GString) kinds = g_string_new (NULL);
      for (guint k = 0; k < RDT_N_UNIT_KINDS; k++)
        if (e->prohibited & RDT_UNIT_KIND_MASK (k))
          g_string_append_printf (kinds, "%s%s", kinds->len > 0 ? " " : "", rdt_unit_kind_to_string (k));
      put_attr (w, "prohibited", kinds->str);
    }
  put_bool_attr (w, "blocks-los", e->blocks_los);
  put_bool_attr (w, "zoc", e->zoc);
  put_bool_attr (w, "strategic", e->strategic);
  put_bool_attr (w, "slope-for-los", e->slope_for_los);
  put_bool_attr (w, "covered", e->covered);
  put_drm_attr (w, "fire-drm", e->fire_drm);
  put_drm_attr (w, "cc-drm", e->cc_drm);
  if (e->provisional != 0)
    {
      g_autoptr(GString) fields = g_string_new (NULL);
      for (guint f = 0; f < G_N_ELEMENTS (effect_field_names); f++)
        if (e->provisional & (1u << f))
          g_string_append_printf (fields, "%s%s", fields->len > 0 ? " " : "", effect_field_names[f]);
      put_attr (w, "provisional", fields->str);
    }
  put_attr (w, "rule", rule);
  put_attr (w, "note", note);
}

static void
put_kinds_attr (Writer     *w,
                const char *name,
                guint       kinds)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (kinds == 0)
    return;
  for (guint k = 0; k < RDT_N_UNIT_KINDS; k++)
    if (kinds & RDT_UNIT_KIND_MASK (k))
      g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", rdt_unit_kind_to_string (k));
  put_attr (w, name, text->str);
}

static void
put_list_attr (Writer     *w,
               const char *name,
               char      **list)
{
  g_autofree char *text = NULL;

  if (list == NULL || list[0] == NULL)
    return;
  text = g_strjoinv (" ", list);
  put_attr (w, name, text);
}

static void
write_restriction (Writer               *w,
                   int                   level,
                   const RdtRestriction *r)
{
  open_tag (w, level, "restriction");
  put_attr (w, "id", r->id);
  put_attr (w, "effect", rdt_restriction_effect_to_string (r->effect));
  if (r->on_retreat)
    put_attr (w, "applies", r->on_move ? "move retreat" : "retreat");
  put_attr (w, "scenario", r->scenario);
  put_attr (w, "side", r->side);
  put_kinds_attr (w, "kinds", r->kinds);
  put_list_attr (w, "units", r->units);
  put_list_attr (w, "exempt", r->exempt);
  put_list_attr (w, "states", r->states);
  if (r->placement == RDT_RESTRICTION_UNITS_AT_START)
    put_attr (w, "placement", "at-start");
  else if (r->placement == RDT_RESTRICTION_UNITS_ARRIVING)
    put_attr (w, "placement", "arriving");
  put_list_attr (w, "entries", r->entries);
  put_attr (w, "area", r->area);
  put_attr (w, "terrain", r->terrain);
  if (r->outside)
    put_bool_attr (w, "outside", TRUE);
  if (r->first_turn > 0 || r->last_turn > 0)
    {
      g_autofree char *turns = r->first_turn == r->last_turn
                               ? g_strdup_printf ("%d", r->first_turn)
                               : g_strdup_printf ("%d-%d", r->first_turn, r->last_turn);
      put_attr (w, "turns", turns);
    }
  put_attr (w, "weather", r->weather);
  put_attr (w, "until-released", r->until_released);
  if (r->arrival_turn)
    put_bool_attr (w, "arrival-turn", TRUE);
  put_kinds_attr (w, "with-kinds", r->with_kinds);
  put_list_attr (w, "with-units", r->with_units);
  if (r->with_combat)
    put_bool_attr (w, "with-combat", TRUE);
  if (!r->may_pass)
    put_bool_attr (w, "may-pass", FALSE);
  if (r->effect == RDT_RESTRICTION_OFF_ROAD_PENALTY && r->mp_halves != 2)
    g_string_append_printf (w->out, " mp=\"%d%s\"", r->mp_halves / 2, r->mp_halves % 2 ? ".5" : "");
  if (r->may_retreat)
    put_bool_attr (w, "may-retreat", TRUE);
  put_list_attr (w, "undecided-classes", r->undecided_classes);
  if (r->effect == RDT_RESTRICTION_ARTILLERY_RANGE)
    g_string_append_printf (w->out, " range=\"%d\"", r->range);
  put_attr (w, "rule", r->rule);
  put_attr (w, "note", r->note);
  close_empty (w);
}

static void
write_volume (Writer    *w,
              RdtVolume *volume,
              int        level,
              gboolean   root)
{
  const RdtStacking *stacking = rdt_volume_get_stacking (volume);

  open_tag (w, level, "volume");
  if (root)
    {
      put_attr (w, "xmlns", RDT_FORMAT_NAMESPACE);
      put_int_attr (w, "format-version", RDT_FORMAT_VERSION);
    }
  put_attr (w, "id", rdt_volume_get_id (volume));
  out_str (w, ">\n");
  text_element (w, level + 1, "title", rdt_volume_get_title (volume) != NULL ? rdt_volume_get_title (volume) : "");

  open_tag (w, level + 1, "series-rules");
  put_attr (w, "edition", rdt_edition_to_string (rdt_volume_get_edition (volume)));
  if (rdt_volume_get_artillery_range (volume) > 0)
    put_int_attr (w, "artillery-range", rdt_volume_get_artillery_range (volume));
  out_str (w, ">\n");
  for (guint r = 0; r < RDT_N_VARIANTS; r++)
    {
      open_tag (w, level + 2, "variant");
      put_attr (w, "rule", rdt_variant_rule_to_string (r));
      put_attr (w, "edition", rdt_edition_to_string (rdt_volume_get_variant (volume, r)));
      close_empty (w);
    }
  indent (w, level + 1);
  out_str (w, "</series-rules>\n");

  open_tag (w, level + 1, "stacking");
  put_int_attr (w, "max-sp", stacking->max_sp);
  put_int_attr (w, "max-artillery", stacking->max_artillery);
  if (stacking->free_kinds != 0)
    {
      g_autoptr(GString) kinds = g_string_new (NULL);
      for (guint k = 0; k < RDT_N_UNIT_KINDS; k++)
        if (stacking->free_kinds & RDT_UNIT_KIND_MASK (k))
          g_string_append_printf (kinds, "%s%s", kinds->len > 0 ? " " : "", rdt_unit_kind_to_string (k));
      put_attr (w, "free", kinds->str);
    }
  if (stacking->provisional)
    put_bool_attr (w, "provisional", TRUE);
  put_attr (w, "rule", stacking->rule);
  if (stacking->exceptions->len == 0)
    close_empty (w);
  else
    {
      out_str (w, ">\n");
      for (guint i = 0; i < stacking->exceptions->len; i++)
        {
          const RdtStackingException *ex = g_ptr_array_index (stacking->exceptions, i);
          open_tag (w, level + 2, "exception");
          put_attr (w, "id", ex->id);
          put_attr (w, "area", ex->area);
          put_attr (w, "terrain", ex->terrain);
          put_int_attr (w, "max-sp", ex->max_sp);
          put_int_attr (w, "max-artillery", ex->max_artillery);
          put_attr (w, "rule", ex->rule);
          put_attr (w, "note", ex->note);
          close_empty (w);
        }
      indent (w, level + 1);
      out_str (w, "</stacking>\n");
    }

  for (guint i = 0; i < rdt_volume_get_n_terrains (volume); i++)
    {
      const RdtTerrainType *t = rdt_volume_get_terrain (volume, i);
      open_tag (w, level + 1, "terrain");
      put_attr (w, "id", t->id);
      put_attr (w, "name", t->name);
      put_attr (w, "colour", t->colour);
      put_attr (w, "pattern", t->pattern);
      write_effects (w, &t->effects, t->rule, t->note);
      close_empty (w);
    }
  for (guint i = 0; i < rdt_volume_get_n_hexside_types (volume); i++)
    {
      const RdtHexsideType *t = rdt_volume_get_hexside_type (volume, i);
      open_tag (w, level + 1, "hexside-type");
      put_attr (w, "id", t->id);
      put_attr (w, "name", t->name);
      put_attr (w, "kind", rdt_hexside_kind_to_string (t->kind));
      if (t->whole_allowance)
        put_attr (w, "crossing", "whole-allowance");
      write_effects (w, &t->effects, t->rule, t->note);
      close_empty (w);
    }
  for (guint i = 0; i < rdt_volume_get_n_combined (volume); i++)
    {
      const RdtCombinedType *c = rdt_volume_get_combined (volume, i);
      static const char *const directions[] = { "any", "up", "down" };
      open_tag (w, level + 1, "combined");
      put_attr (w, "id", c->id);
      put_attr (w, "name", c->name);
      put_attr (w, "slope", rdt_volume_get_hexside_type (volume, c->slope_type)->id);
      put_attr (w, "with", rdt_volume_get_hexside_type (volume, c->other_type)->id);
      put_attr (w, "direction", directions[c->direction]);
      write_effects (w, &c->effects, c->rule, c->note);
      close_empty (w);
    }
  for (guint i = 0; i < rdt_volume_get_n_states (volume); i++)
    {
      const RdtStateType *s = rdt_volume_get_state (volume, i);
      open_tag (w, level + 1, "state");
      put_attr (w, "id", s->id);
      put_attr (w, "name", s->name);
      if (s->no_zoc)
        put_attr (w, "zoc", "false");
      put_attr (w, "rule", s->rule);
      close_empty (w);
    }
  for (guint i = 0; i < rdt_volume_get_n_restrictions (volume); i++)
    write_restriction (w, level + 1, rdt_volume_get_restriction (volume, i));
  for (guint i = 0; i < rdt_volume_get_n_tables (volume); i++)
    {
      const RdtTable *t = rdt_volume_get_table (volume, i);
      open_tag (w, level + 1, "table");
      put_attr (w, "id", t->id);
      put_attr (w, "name", t->name);
      put_attr (w, "rule", t->rule);
      put_attr (w, "corner", t->corner);
      out_str (w, ">\n");
      open_tag (w, level + 2, "columns");
      out_c (w, '>');
      for (guint c = 0; c < t->columns->len; c++)
        {
          out_str (w, "<c>");
          escape (w, g_ptr_array_index (t->columns, c), FALSE);
          out_str (w, "</c>");
        }
      out_str (w, "</columns>\n");
      for (guint r = 0; r < t->rows->len; r++)
        {
          const RdtTableRow *row = g_ptr_array_index (t->rows, r);
          open_tag (w, level + 2, "row");
          put_attr (w, "key", row->key);
          out_c (w, '>');
          for (guint c = 0; c < row->cells->len; c++)
            {
              if (g_array_index (row->provisional, gboolean, c))
                out_str (w, "<c provisional=\"true\">");
              else
                out_str (w, "<c>");
              escape (w, g_ptr_array_index (row->cells, c), FALSE);
              out_str (w, "</c>");
            }
          out_str (w, "</row>\n");
        }
      text_element (w, level + 2, "note", t->note);
      indent (w, level + 1);
      out_str (w, "</table>\n");
    }
  indent (w, level);
  out_str (w, "</volume>\n");
}

static const char *
side_id (RdtScenario *scenario,
         int          side)
{
  if (side < 0 || (guint) side >= rdt_scenario_get_n_sides (scenario))
    return NULL;
  return rdt_scenario_get_side (scenario, side)->id;
}

static void
write_unit (Writer      *w,
            RdtScenario *scenario,
            RdtHexGrid  *grid,
            RdtUnit     *unit)
{
  gboolean leader = rdt_unit_is_leader (unit);
  static const char *const prov_names[] = { "strength", "morale", "movement", "leader", "class" };

  open_tag (w, 2, leader ? "leader" : "unit");
  put_attr (w, "id", unit->id);
  put_attr (w, "name", unit->name != NULL ? unit->name : "");
  put_attr (w, "side", side_id (scenario, unit->side) != NULL ? side_id (scenario, unit->side) : "");
  put_attr (w, "nationality", unit->nationality);
  put_attr (w, "formation", unit->formation);
  put_attr (w, "class", unit->unit_class);
  if (leader)
    {
      put_int_attr (w, "rank", unit->rank);
      put_drm_attr (w, "cc-drm", unit->cc_drm);
      put_drm_attr (w, "leadership-drm", unit->leadership_drm);
      if (unit->seniority > 0)
        put_int_attr (w, "seniority", unit->seniority);
      if (unit->commands != NULL)
        {
          g_autofree char *list = g_strjoinv (" ", unit->commands);
          put_attr (w, "commands", list);
        }
    }
  else
    {
      put_attr (w, "kind", rdt_unit_kind_to_string (unit->kind));
      if (unit->rifle != RDT_RIFLE_NONE)
        put_attr (w, "rifle", unit->rifle == RDT_RIFLE_WHITE_R ? "white-r" : "black-r");
    }
  if (unit->demi_leader)
    put_bool_attr (w, "demi-leader", TRUE);
  put_int_attr (w, "movement", unit->movement);
  if (unit->range > 0)
    put_int_attr (w, "range", unit->range);
  if (unit->provisional != 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);
      for (guint f = 0; f < G_N_ELEMENTS (prov_names); f++)
        if (unit->provisional & (1u << f))
          g_string_append_printf (list, "%s%s", list->len > 0 ? " " : "", prov_names[f]);
      put_attr (w, "provisional", list->str);
    }
  out_str (w, ">\n");
  if (unit->art_front != NULL)
    {
      open_tag (w, 3, "art");
      put_attr (w, "front", unit->art_front);
      put_attr (w, "back", unit->art_back);
      close_empty (w);
    }
  for (guint s = 0; s < unit->steps->len; s++)
    {
      const RdtUnitStep *step = &g_array_index (unit->steps, RdtUnitStep, s);
      open_tag (w, 3, "step");
      put_int_attr (w, "strength", step->strength);
      if (step->fire_strength >= 0)
        put_int_attr (w, "fire-strength", step->fire_strength);
      /* 15.32, 16.2: morale is a rating used as a DRM, written with a sign. */
      put_drm_attr (w, "morale", step->morale);
      close_empty (w);
    }
  if (unit->placement.kind != RDT_PLACEMENT_NONE)
    {
      switch (unit->placement.kind)
        {
        case RDT_PLACEMENT_HEX:
          open_tag (w, 3, "setup");
          put_hex_attr (w, grid, "hex", unit->placement.hex);
          break;
        case RDT_PLACEMENT_AREA:
          open_tag (w, 3, "setup");
          put_attr (w, "area", unit->placement.area != NULL ? unit->placement.area : "");
          break;
        case RDT_PLACEMENT_ENTRY:
          open_tag (w, 3, "arrive");
          put_int_attr (w, "turn", unit->placement.turn);
          put_attr (w, "entry", unit->placement.entry != NULL ? unit->placement.entry : "");
          break;
        case RDT_PLACEMENT_ELIMINATED:
        case RDT_PLACEMENT_CAPTURED:
          open_tag (w, 3, "box");
          put_attr (w, "id", rdt_placement_box_to_string (unit->placement.kind));
          break;
        case RDT_PLACEMENT_UNUSED:
        case RDT_PLACEMENT_NONE:
        default:
          open_tag (w, 3, "unused");
          break;
        }
      if (unit->placement.kind != RDT_PLACEMENT_UNUSED && !RDT_PLACEMENT_IS_BOX (unit->placement.kind))
        {
          if (unit->step != 0)
            put_int_attr (w, "step", unit->step + 1);
          if (unit->status != RDT_UNIT_STATUS_PARADE)
            put_attr (w, "status", rdt_unit_status_to_string (unit->status));
          if (unit->states != NULL && unit->states[0] != NULL)
            {
              g_autofree char *list = g_strjoinv (" ", unit->states);
              put_attr (w, "states", list);
            }
        }
      close_empty (w);
    }
  text_element (w, 3, "note", unit->note);
  indent (w, 2);
  out_str (w, leader ? "</leader>\n" : "</unit>\n");
}

/* Closes <turns>, with its initiative rules (issue 13) if any. */
static void
write_turn_initiatives (Writer      *w,
                        RdtScenario *scenario)
{
  guint n = rdt_scenario_get_n_turn_initiatives (scenario);

  if (n == 0)
    {
      close_empty (w);
      return;
    }
  out_str (w, ">\n");
  for (guint i = 0; i < n; i++)
    {
      const RdtTurnInitiative *t = rdt_scenario_get_turn_initiative (scenario, i);

      open_tag (w, 2, "initiative");
      put_int_attr (w, "from", t->from);
      if (t->to != t->from)
        put_int_attr (w, "to", t->to);
      if (t->first >= 0)
        put_attr (w, "first", side_id (scenario, t->first));
      else if (t->level >= 0)
        put_attr (w, "level", side_id (scenario, t->level));
      else
        {
          put_attr (w, "side", side_id (scenario, t->side));
          put_drm_attr (w, "drm", t->drm);
        }
      put_attr (w, "rule", t->rule);
      close_empty (w);
    }
  indent (w, 1);
  out_str (w, "</turns>\n");
}

static gboolean
write_scenario (Writer      *w,
                RdtScenario *scenario)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  const RdtGridSettings *gs = rdt_hex_grid_get_settings (grid);
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  const guint16 *terrain = rdt_scenario_get_terrain_array (scenario);
  guint default_terrain = rdt_scenario_get_default_terrain (scenario);
  const RdtUnderlay *underlay = rdt_scenario_get_underlay (scenario);
  g_autoptr(GArray) hexsides = rdt_scenario_dup_hexsides (scenario);
  g_autoptr(GArray) order = NULL;
  guint n_hexes = rdt_hex_grid_get_n_hexes (grid);
  GPtrArray *notes = rdt_scenario_get_notes (scenario);

  out_str (w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  open_tag (w, 0, "scenario");
  put_attr (w, "xmlns", RDT_FORMAT_NAMESPACE);
  put_int_attr (w, "format-version", RDT_FORMAT_VERSION);
  put_attr (w, "id", rdt_scenario_get_id (scenario) != NULL ? rdt_scenario_get_id (scenario) : "scenario");
  out_str (w, ">\n");
  text_element (w, 1, "title", rdt_scenario_get_title (scenario) != NULL ? rdt_scenario_get_title (scenario) : "");
  text_element (w, 1, "description", rdt_scenario_get_description (scenario));

  if (rdt_scenario_get_volume_ref (scenario) != NULL)
    {
      open_tag (w, 1, "volume-ref");
      put_attr (w, "ref", rdt_scenario_get_volume_ref (scenario));
      close_empty (w);
    }
  else if (rdt_scenario_get_volume_href (scenario) != NULL)
    {
      open_tag (w, 1, "volume-ref");
      put_attr (w, "href", rdt_scenario_get_volume_href (scenario));
      close_empty (w);
    }
  else
    write_volume (w, volume, 1, FALSE);

  open_tag (w, 1, "map");
  put_attr (w, "default-terrain", rdt_volume_get_terrain (volume, default_terrain)->id);
  out_str (w, ">\n");
  open_tag (w, 2, "grid");
  put_int_attr (w, "columns", gs->columns);
  put_int_attr (w, "rows", gs->rows);
  put_int_attr (w, "first-column", gs->first_column);
  put_int_attr (w, "first-row", gs->first_row);
  put_attr (w, "orientation", gs->orientation == RDT_GRID_POINTY_TOP ? "pointy-top" : "flat-top");
  put_attr (w, "shift", gs->shift == RDT_GRID_SHIFT_EVEN ? "even" : "odd");
  {
    const RdtHexLabelFormat *lf = rdt_scenario_get_hex_labels (scenario);
    if (lf == NULL)
      close_empty (w);
    else
      {
        /* Display labels (issue 17). */
        out_str (w, ">\n");
        open_tag (w, 3, "labels");
        put_attr (w, "order", lf->row_first ? "row-column" : "column-row");
        if (lf->separator[0] != '\0')
          put_attr (w, "separator", lf->separator);
        put_attr (w, "column-style", lf->column.letters ? "letters" : "digits");
        if (!lf->column.letters)
          put_int_attr (w, "column-digits", lf->column.digits);
        if (lf->column.descending)
          put_int_attr (w, "column-mirror", lf->column.mirror);
        put_attr (w, "row-style", lf->row.letters ? "letters" : "digits");
        if (!lf->row.letters)
          put_int_attr (w, "row-digits", lf->row.digits);
        if (lf->row.descending)
          put_int_attr (w, "row-mirror", lf->row.mirror);
        close_empty (w);
        indent (w, 2);
        out_str (w, "</grid>\n");
      }
  }
  if (underlay->present)
    {
      open_tag (w, 2, "underlay");
      put_attr (w, "href", underlay->href != NULL ? underlay->href : "");
      put_real_attr (w, "origin-x", underlay->origin_x);
      put_real_attr (w, "origin-y", underlay->origin_y);
      put_real_attr (w, "hex-size", underlay->hex_size);
      put_real_attr (w, "rotation", underlay->rotation);
      close_empty (w);
    }

  /* Hexes in label order (column, then row), whatever the dense index order. */
  order = g_array_sized_new (FALSE, FALSE, sizeof (RdtHex), n_hexes);
  for (guint i = 0; i < n_hexes; i++)
    if (terrain[i] != default_terrain)
      {
        RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
        g_array_append_val (order, hex);
      }
  g_array_sort (order, compare_hex_labels);
  for (guint i = 0; i < order->len; i++)
    {
      RdtHex hex = g_array_index (order, RdtHex, i);
      open_tag (w, 2, "hex");
      put_hex_attr (w, grid, "at", hex);
      put_attr (w, "terrain", rdt_volume_get_terrain (volume, terrain[rdt_hex_grid_hex_index (grid, hex)])->id);
      close_empty (w);
    }

  for (guint i = 0; i < hexsides->len; i++)
    {
      const RdtHexsideFeatures *f = &g_array_index (hexsides, RdtHexsideFeatures, i);
      char a[RDT_HEX_LABEL_SIZE], b[RDT_HEX_LABEL_SIZE];
      g_autofree char *at = NULL;

      rdt_hex_grid_format_label (grid, f->side.a, a);
      rdt_hex_grid_format_label (grid, f->side.b, b);
      at = g_strconcat (a, "|", b, NULL);
      open_tag (w, 2, "hexside");
      put_attr (w, "at", at);
      if (f->water >= 0)
        put_attr (w, "water", rdt_volume_get_hexside_type (volume, f->water)->id);
      if (f->slope >= 0)
        {
          put_attr (w, "slope", rdt_volume_get_hexside_type (volume, f->slope)->id);
          put_hex_attr (w, grid, "high", f->slope_high);
        }
      if (f->fieldwork >= 0)
        {
          put_attr (w, "fieldwork", rdt_volume_get_hexside_type (volume, f->fieldwork)->id);
          put_hex_attr (w, grid, "symbol", f->fieldwork_symbol);
          if (f->breached)
            put_bool_attr (w, "breached", TRUE);
        }
      if (f->road >= 0)
        put_attr (w, "road", rdt_volume_get_hexside_type (volume, f->road)->id);
      if (f->other >= 0)
        put_attr (w, "other", rdt_volume_get_hexside_type (volume, f->other)->id);
      close_empty (w);
    }

  for (guint i = 0; i < rdt_scenario_get_n_locations (scenario); i++)
    {
      const RdtLocation *l = rdt_scenario_get_location (scenario, i);
      open_tag (w, 2, "location");
      put_hex_attr (w, grid, "at", l->hex);
      put_attr (w, "name", l->name != NULL ? l->name : "");
      close_empty (w);
    }
  for (guint i = 0; i < rdt_scenario_get_n_entries (scenario); i++)
    {
      const RdtEntryHex *e = rdt_scenario_get_entry (scenario, i);
      open_tag (w, 2, "entry");
      put_attr (w, "id", e->id);
      put_hex_attr (w, grid, "at", e->hex);
      put_attr (w, "name", e->name);
      close_empty (w);
    }
  for (guint i = 0; i < rdt_scenario_get_n_areas (scenario); i++)
    {
      const RdtArea *area = rdt_scenario_get_area (scenario, i);
      open_tag (w, 2, "area");
      put_attr (w, "id", area->id);
      put_attr (w, "name", area->name != NULL ? area->name : "");
      out_str (w, ">\n");
      for (guint h = 0; h < area->hexes->len; h++)
        {
          char label[RDT_HEX_LABEL_SIZE];
          if (h % 10 == 0)
            indent (w, 3);
          rdt_hex_grid_format_label (grid, g_array_index (area->hexes, RdtHex, h), label);
          out_str (w, label);
          out_c (w, (h % 10 == 9 || h + 1 == area->hexes->len) ? '\n' : ' ');
        }
      indent (w, 2);
      out_str (w, "</area>\n");
    }
  indent (w, 1);
  out_str (w, "</map>\n");

  indent (w, 1);
  out_str (w, "<sides>\n");
  for (guint i = 0; i < rdt_scenario_get_n_sides (scenario); i++)
    {
      const RdtSide *s = rdt_scenario_get_side (scenario, i);
      open_tag (w, 2, "side");
      put_attr (w, "id", s->id);
      put_attr (w, "name", s->name);
      if (s->player != NULL)
        put_attr (w, "player", s->player);
      if (s->army_morale >= 0)
        put_int_attr (w, "army-morale", s->army_morale);
      if (s->momentum >= 0)
        put_int_attr (w, "momentum", s->momentum);
      if (s->retreat == RDT_SIDE_RETREAT_NONE)
        {
          close_empty (w);
          continue;
        }
      out_str (w, ">\n");
      open_tag (w, 3, "retreat");
      if (s->retreat == RDT_SIDE_RETREAT_HEX)
        put_hex_attr (w, grid, "hex", s->retreat_hex);
      else if (s->retreat == RDT_SIDE_RETREAT_ENTRY)
        put_attr (w, "entry", "true");
      else
        {
          put_attr (w, "directions", s->retreat_directions);
          if (s->retreat_north != 0)
            put_real_attr (w, "north", s->retreat_north);
        }
      if (s->retreat_provisional)
        put_attr (w, "provisional", "true");
      if (s->retreat_rule != NULL)
        put_attr (w, "rule", s->retreat_rule);
      close_empty (w);
      indent (w, 2);
      out_str (w, "</side>\n");
    }
  indent (w, 1);
  out_str (w, "</sides>\n");

  open_tag (w, 1, "turns");
  put_int_attr (w, "first", rdt_scenario_get_first_turn (scenario));
  put_int_attr (w, "count", rdt_scenario_get_n_turns (scenario));
  put_attr (w, "first-player", side_id (scenario, rdt_scenario_get_first_player (scenario)));
  put_attr (w, "player-order", rdt_scenario_get_player_order (scenario));
  write_turn_initiatives (w, scenario);

  if (rdt_scenario_get_n_units (scenario) == 0)
    {
      indent (w, 1);
      out_str (w, "<units/>\n");
    }
  else
    {
      indent (w, 1);
      out_str (w, "<units>\n");
      for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
        write_unit (w, scenario, grid, rdt_scenario_get_unit (scenario, i));
      indent (w, 1);
      out_str (w, "</units>\n");
    }

  if (rdt_scenario_get_n_objectives (scenario) > 0 ||
      rdt_scenario_get_n_victory_conditions (scenario) > 0)
    {
      indent (w, 1);
      out_str (w, "<victory>\n");
      for (guint i = 0; i < rdt_scenario_get_n_objectives (scenario); i++)
        {
          const RdtObjective *o = rdt_scenario_get_objective (scenario, i);
          open_tag (w, 2, "objective");
          put_hex_attr (w, grid, "at", o->hex);
          put_attr (w, "side", side_id (scenario, o->side));
          put_int_attr (w, "vp", o->vp);
          put_attr (w, "when", o->when);
          close_empty (w);
        }
      for (guint i = 0; i < rdt_scenario_get_n_victory_conditions (scenario); i++)
        {
          const RdtVictoryCondition *c = rdt_scenario_get_victory_condition (scenario, i);
          open_tag (w, 2, "condition");
          put_attr (w, "side", side_id (scenario, c->side) != NULL ? side_id (scenario, c->side) : "");
          put_attr (w, "level", c->level);
          put_int_attr (w, "margin", c->margin);
          close_empty (w);
        }
      indent (w, 1);
      out_str (w, "</victory>\n");
    }
  for (guint i = 0; i < notes->len; i++)
    text_element (w, 1, "note", g_ptr_array_index (notes, i));
  out_str (w, "</scenario>\n");
  return !w->failed;
}

GBytes *
rdt_scenario_to_bytes (RdtScenario *scenario,
                       GError     **error)
{
  Writer w = { 0 };

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  {
    /* About what the file will take (a <hex> line is about 40 bytes, a
     * <hexside> 60, a unit 300): one buffer, not five copies (issue 15). */
    const RdtGridSettings *g = rdt_hex_grid_get_settings (rdt_scenario_get_grid (scenario));
    gsize estimate = 64 * 1024 + (gsize) g->columns * (gsize) g->rows * 40 +
                     (gsize) rdt_scenario_get_n_hexsides (scenario) * 60 +
                     (gsize) rdt_scenario_get_n_units (scenario) * 300;

    w.out = g_string_sized_new (MIN (estimate, (gsize) RDT_FORMAT_MAX_BYTES));
  }
  w.error = error;
  if (!write_scenario (&w, scenario))
    {
      g_string_free (w.out, TRUE);
      return NULL;
    }
  return g_string_free_to_bytes (w.out);
}

GBytes *
rdt_volume_to_bytes (RdtVolume *volume,
                     GError   **error)
{
  Writer w = { 0 };

  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  w.out = g_string_sized_new (16 * 1024);
  w.error = error;
  g_string_append (w.out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  write_volume (&w, volume, 0, TRUE);
  if (w.failed)
    {
      g_string_free (w.out, TRUE);
      return NULL;
    }
  return g_string_free_to_bytes (w.out);
}

gboolean
_rdt_format_check_bytes_to_save (GBytes      *bytes,
                                 const char  *path,
                                 GError     **error)
{
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GError) local = NULL;

  /* The streaming check first (issue 15); only the full check refuses. */
  if (_rdt_format_stream_check_bytes (bytes))
    return TRUE;
  diagnostics = rdt_diagnostics_new ();
  if (!rdt_format_check_bytes (bytes, path, diagnostics, &local))
    {
      g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID,
                   _("Not saving %s: the bytes to be written do not validate (%s)"),
                   path, local->message);
      return FALSE;
    }
  return TRUE;
}

/* Re-validates what is about to be written, so a bug in the writer can never
 * replace a good file with one that does not load. */
static gboolean
save_bytes (GBytes             *bytes,
            const char         *path,
            const RdtFileStamp *expected,
            gboolean            keep_backup,
            RdtFileStamp       *out_stamp,
            GError            **error)
{
  gsize size;
  const void *data = g_bytes_get_data (bytes, &size);

  if (!_rdt_format_check_bytes_to_save (bytes, path, error))
    return FALSE;
  return rdt_file_save_atomic (path, data, size,
                               expected != NULL && expected->valid ? expected : NULL,
                               keep_backup ? RDT_SAVE_KEEP_BACKUP : RDT_SAVE_NONE,
                               out_stamp, error);
}

gboolean
rdt_scenario_save_to_file (RdtScenario *scenario,
                           const char  *path,
                           GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  bytes = rdt_scenario_to_bytes (scenario, error);
  if (bytes == NULL)
    return FALSE;
  return rdt_scenario_save_bytes_to_file (scenario, bytes, path, error);
}

gboolean
rdt_scenario_save_bytes_to_file (RdtScenario *scenario,
                                 GBytes      *bytes,
                                 const char  *path,
                                 GError     **error)
{
  const RdtFileStamp *expected = NULL;
  RdtFileStamp stamp;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* Only a file we loaded (or saved) at this path is checked for changes. */
  if (g_strcmp0 (rdt_scenario_get_path (scenario), path) == 0)
    expected = rdt_scenario_get_file_stamp (scenario);
  rdt_file_stamp_clear (&stamp);
  if (!save_bytes (bytes, path, expected, !rdt_scenario_get_saved_once (scenario), &stamp, error))
    return FALSE;
  rdt_scenario_set_path (scenario, path);
  rdt_scenario_set_file_stamp (scenario, &stamp);
  rdt_scenario_set_saved_once (scenario, TRUE);
  return TRUE;
}

gboolean
rdt_volume_save_to_file (RdtVolume   *volume,
                         const char  *path,
                         GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  bytes = rdt_volume_to_bytes (volume, error);
  if (bytes == NULL)
    return FALSE;
  if (!save_bytes (bytes, path, NULL, FALSE, NULL, error))
    return FALSE;
  rdt_volume_set_path (volume, path);
  return TRUE;
}

/* -------------------------------------------- games in progress (issue 13) */

/* The safe parse of the loader above (limits, no DOCTYPE, no network, schema),
 * for a <game> file (rdt-format-private.h). */
xmlDoc *
_rdt_format_parse_game (GBytes      *bytes,
                        const char  *path_for_messages,
                        GPtrArray   *diagnostics,
                        GError     **error)
{
  g_autoptr(GPtrArray) own = NULL;
  Report report = { 0 };
  xmlDoc *doc;

  g_return_val_if_fail (bytes != NULL, NULL);

  if (diagnostics == NULL)
    diagnostics = own = rdt_diagnostics_new ();
  report.file = path_for_messages != NULL ? path_for_messages : "<memory>";
  report.diagnostics = diagnostics;
  doc = parse_checked (bytes, &report, "game");
  if (doc == NULL)
    report_set_gerror (&report, error);
  report_clear (&report);
  return doc;
}

/* ------------------------------------------- shared with the gridless loader */

/* The same safe parse and schema check for the other document kinds
 * (rdt-gridless-io.c, issue 18); see rdt-format-private.h. */
xmlDoc *
_rdt_format_parse_document (GBytes      *bytes,
                            const char  *path_for_messages,
                            GPtrArray   *diagnostics,
                            GError     **error)
{
  Report report = { 0 };
  xmlDoc *doc;

  report.file = path_for_messages != NULL ? path_for_messages : "<memory>";
  report.diagnostics = diagnostics;
  doc = parse_checked (bytes, &report, NULL);
  if (doc == NULL)
    report_set_gerror (&report, error);
  report_clear (&report);
  return doc;
}
