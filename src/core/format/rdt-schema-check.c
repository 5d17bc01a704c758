/* rdt-schema-check.c: the loader's fast form of the RELAX NG schema (issue 15).
 * See rdt-schema-check-private.h for what is transformed and why. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/xmlregexp.h>
#include <string.h>

#include "rdt-schema-check-private.h"

#define RNG_NS "http://relaxng.org/ns/structure/1.0"
/* Deepest chain of refs followed while compiling a value rule. */
#define MAX_REF_DEPTH 32
/* A hostile file may have millions of bad values: report the first ones. */
#define MAX_REPORTS 100
/* How much of a bad value a message shows. */
#define SHOWN_CHARS 40

/* ---------------------------------------------------------------- patterns */

static inline gboolean
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static inline gboolean
is_alnum (char c)
{
  return is_digit (c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* XSD \s: space, tab, newline, carriage return. */
static inline gboolean
is_xsd_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Up to @max digits, at least @min; returns the count or -1. */
static int
digits (const char **p,
        int          min,
        int          max)
{
  int n = 0;

  while (n < max && is_digit ((*p)[n]))
    n++;
  if (n < min)
    return -1;
  *p += n;
  return n;
}

/* [A-Za-z0-9][A-Za-z0-9_.\-]{0,63}, as a prefix of *p. */
static gboolean
eat_id (const char **p)
{
  const char *s = *p;
  int n = 1;

  if (!is_alnum (*s))
    return FALSE;
  s++;
  while (is_alnum (*s) || *s == '_' || *s == '.' || *s == '-')
    {
      if (++n > 64)
        return FALSE;
      s++;
    }
  *p = s;
  return TRUE;
}

static gboolean
match_id (const char *v)
{
  return eat_id (&v) && *v == '\0';
}

static gboolean
match_id_list (const char *v)
{
  if (!eat_id (&v))
    return FALSE;
  while (*v == ' ')
    {
      v++;
      if (!eat_id (&v))
        return FALSE;
    }
  return *v == '\0';
}

static gboolean
match_hex (const char *v)
{
  return digits (&v, 2, 6) >= 0 && *v == '\0';
}

/* \s*([0-9]{2,6}(\s+[0-9]{2,6})*)?\s* */
static gboolean
match_hex_list (const char *v)
{
  for (;;)
    {
      while (is_xsd_space (*v))
        v++;
      if (*v == '\0')
        return TRUE;
      if (digits (&v, 2, 6) < 0)
        return FALSE;
      if (*v != '\0' && !is_xsd_space (*v))
        return FALSE;
    }
}

static gboolean
match_hexside (const char *v)
{
  return digits (&v, 2, 6) >= 0 && *v++ == '|' && digits (&v, 2, 6) >= 0 && *v == '\0';
}

static gboolean
match_count (const char *v)
{
  return digits (&v, 1, 6) >= 0 && *v == '\0';
}

static gboolean
match_signed (const char *v)
{
  if (*v == '+' || *v == '-')
    v++;
  return digits (&v, 1, 6) >= 0 && *v == '\0';
}

/* [0-9]{1,3}(\.5)? */
static gboolean
match_mp (const char *v)
{
  if (digits (&v, 1, 3) < 0)
    return FALSE;
  if (v[0] == '.' && v[1] == '5')
    v += 2;
  return *v == '\0';
}

/* [+\-]?[0-9]{1,9}(\.[0-9]{1,17})?([eE][+\-]?[0-9]{1,3})? */
static gboolean
match_real (const char *v)
{
  if (*v == '+' || *v == '-')
    v++;
  if (digits (&v, 1, 9) < 0)
    return FALSE;
  if (*v == '.')
    {
      v++;
      if (digits (&v, 1, 17) < 0)
        return FALSE;
    }
  if (*v == 'e' || *v == 'E')
    {
      v++;
      if (*v == '+' || *v == '-')
        v++;
      if (digits (&v, 1, 3) < 0)
        return FALSE;
    }
  return *v == '\0';
}

static gboolean
match_colour (const char *v)
{
  if (*v++ != '#')
    return FALSE;
  for (int i = 0; i < 6; i++, v++)
    if (!g_ascii_isxdigit (*v))
      return FALSE;
  return *v == '\0';
}

/* [+\-]?[0-9]{1,6}(\.[0-9]{1,12})?, as a prefix of *p (gridless coordinates). */
static gboolean
eat_gl_real (const char **p)
{
  if (**p == '+' || **p == '-')
    (*p)++;
  if (digits (p, 1, 6) < 0)
    return FALSE;
  if (**p == '.')
    {
      (*p)++;
      if (digits (p, 1, 12) < 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
match_gl_real (const char *v)
{
  return eat_gl_real (&v) && *v == '\0';
}

static gboolean
match_gl_point (const char *v)
{
  if (!eat_gl_real (&v) || *v++ != ',')
    return FALSE;
  return eat_gl_real (&v) && *v == '\0';
}

/* [0-9+\-.,\s]* */
static gboolean
match_gl_point_chars (const char *v)
{
  for (; *v != '\0'; v++)
    if (!is_digit (*v) && *v != '+' && *v != '-' && *v != '.' && *v != ',' && !is_xsd_space (*v))
      return FALSE;
  return TRUE;
}

/* [0-9]{1,4}(-[0-9]{1,4})? */
static gboolean
match_turns (const char *v)
{
  if (digits (&v, 1, 4) < 0)
    return FALSE;
  if (*v == '-')
    {
      v++;
      if (digits (&v, 1, 4) < 0)
        return FALSE;
    }
  return *v == '\0';
}

/* [0-9]{1,20} */
static gboolean
match_seed (const char *v)
{
  return digits (&v, 1, 20) >= 0 && *v == '\0';
}

/* [0-9a-f]{64} */
static gboolean
match_digest (const char *v)
{
  for (int i = 0; i < 64; i++, v++)
    if (!is_digit (*v) && !(*v >= 'a' && *v <= 'f'))
      return FALSE;
  return *v == '\0';
}

static gboolean
match_1_to_9 (const char *v)
{
  return v[0] >= '1' && v[0] <= '9' && v[1] == '\0';
}

static gboolean
match_1_to_6 (const char *v)
{
  return v[0] >= '1' && v[0] <= '6' && v[1] == '\0';
}

typedef struct {
  const char *pattern;          /* exactly as in data/schema/redoubt.rng */
  gboolean (*match) (const char *value);
  const char *description;      /* what a user must write; NULL: messages quote the
                                 * pattern, as they did when libxml2 matched it */
} Pattern;

static const Pattern patterns[] = {
  { "[A-Za-z0-9][A-Za-z0-9_.\\-]{0,63}", match_id,
    N_("an id: a letter or digit, then at most 63 letters, digits, “_”, “.” or “-”") },
  { "([A-Za-z0-9][A-Za-z0-9_.\\-]{0,63})( [A-Za-z0-9][A-Za-z0-9_.\\-]{0,63})*", match_id_list,
    N_("ids separated by spaces (each a letter or digit, then at most 63 letters, digits, “_”, “.” or “-”)") },
  { "[0-9]{2,6}", match_hex, N_("a hex label of 2 to 6 digits, such as 0412") },
  { "\\s*([0-9]{2,6}(\\s+[0-9]{2,6})*)?\\s*", match_hex_list,
    N_("hex labels of 2 to 6 digits separated by spaces, such as 0412 0413") },
  { "[0-9]{2,6}\\|[0-9]{2,6}", match_hexside,
    N_("two hex labels joined by “|”, such as 0412|0413") },
  { "[0-9]{1,6}", match_count, N_("a whole number of 1 to 6 digits") },
  { "[+\\-]?[0-9]{1,6}", match_signed,
    N_("a whole number of 1 to 6 digits, with an optional + or -") },
  { "[0-9]{1,3}(\\.5)?", match_mp,
    N_("movement points: a whole number of 1 to 3 digits, optionally followed by .5") },
  { "[+\\-]?[0-9]{1,9}(\\.[0-9]{1,17})?([eE][+\\-]?[0-9]{1,3})?", match_real,
    N_("a decimal number such as 42, -3.25 or 1.5e3") },
  { "#[0-9A-Fa-f]{6}", match_colour, N_("a colour written #RRGGBB, such as #2f6b2a") },
  /* Issue 15: C matchers for the rest, so that no value goes through a
   * libxml2 regular expression at load (the gridless loader checks every
   * coordinate).  No description: the messages stay as they were. */
  { "[+\\-]?[0-9]{1,6}(\\.[0-9]{1,12})?", match_gl_real, NULL },
  { "[+\\-]?[0-9]{1,6}(\\.[0-9]{1,12})?,[+\\-]?[0-9]{1,6}(\\.[0-9]{1,12})?", match_gl_point, NULL },
  { "[0-9+\\-.,\\s]*", match_gl_point_chars, NULL },
  { "[0-9]{1,4}(-[0-9]{1,4})?", match_turns, NULL },
  { "[0-9]{1,20}", match_seed, NULL },
  { "[0-9a-f]{64}", match_digest, NULL },
  { "[1-9]", match_1_to_9, NULL },
  { "[1-6]", match_1_to_6, NULL },
};

static const Pattern *
find_pattern (const char *text)
{
  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    if (strcmp (patterns[i].pattern, text) == 0)
      return &patterns[i];
  return NULL;
}

int
_rdt_schema_pattern_match (const char *pattern,
                           const char *value)
{
  const Pattern *p = find_pattern (pattern);

  if (p == NULL)
    return -1;
  return p->match (value) ? 1 : 0;
}

const char **
_rdt_schema_known_patterns (void)
{
  static const char *list[G_N_ELEMENTS (patterns) + 1];

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    list[i] = patterns[i].pattern;
  list[G_N_ELEMENTS (patterns)] = NULL;
  return list;
}

/* The token datatype's whitespace processing (XSD "collapse"). */
static char *
collapse (const char *s)
{
  GString *out = g_string_sized_new (strlen (s));
  gboolean space = FALSE;

  for (; *s != '\0'; s++)
    {
      if (is_xsd_space (*s))
        {
          space = out->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, *s);
    }
  return g_string_free (out, FALSE);
}

static gboolean
needs_collapse (const char *s)
{
  if (is_xsd_space (*s))
    return TRUE;
  for (; *s != '\0'; s++)
    if (*s == '\t' || *s == '\n' || *s == '\r' ||
        (*s == ' ' && (s[1] == ' ' || s[1] == '\0')))
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------- value rules */

typedef enum {
  RULE_TEXT,      /* <text/>: anything */
  RULE_VALUE,     /* <value>: one token */
  RULE_DATA,      /* <data type="token|string"> with maxLength/pattern */
  RULE_LIST,      /* <list><oneOrMore>item</oneOrMore></list> */
  RULE_CHOICE,
} RuleKind;

typedef struct _Rule Rule;
struct _Rule {
  RuleKind kind;
  char *value;                 /* VALUE, collapsed */
  gboolean token;              /* DATA: collapse before the facets */
  int max_length;              /* DATA: in characters, or -1 */
  const Pattern *pattern;      /* DATA: the C matcher, or NULL */
  xmlRegexpPtr regexp;         /* DATA: libxml2's, for a pattern without one */
  char *pattern_text;
  Rule *item;                  /* LIST */
  GPtrArray *alternatives;     /* CHOICE: Rule* */
  gboolean has_facet;
  char *signature;             /* compares rules from different places */
};

static void
rule_free (Rule *r)
{
  if (r == NULL)
    return;
  g_free (r->value);
  if (r->regexp != NULL)
    xmlRegFreeRegexp (r->regexp);
  g_free (r->pattern_text);
  rule_free (r->item);
  if (r->alternatives != NULL)
    g_ptr_array_unref (r->alternatives);
  g_free (r->signature);
  g_free (r);
}

typedef struct {
  const char *name;      /* in the schema document */
  Rule *rule;            /* NULL: not checked in C */
  gboolean check;        /* TRUE: the loader's RELAX NG schema does not check it fully */
} AttrRule;

typedef struct {
  GArray *attrs;         /* AttrRule */
  Rule *text;            /* the element's text content, when it has a pattern */
  const AttrRule **by_id; /* per attribute name id: the rule to check, or NULL */
} ElementRules;

static void
element_rules_free (ElementRules *e)
{
  for (guint i = 0; i < e->attrs->len; i++)
    rule_free (g_array_index (e->attrs, AttrRule, i).rule);
  g_array_unref (e->attrs);
  g_free (e->by_id);
  rule_free (e->text);
  g_free (e);
}

struct _RdtSchemaCheck {
  xmlDoc *doc;                   /* transformed */
  xmlRelaxNGPtr relaxng;
  char *ns;                      /* the grammar's namespace */
  GHashTable *elements;          /* element name -> ElementRules */
  GHashTable *attr_ids;          /* attribute name -> id + 1 (ElementRules.by_id) */
};

/* ---------------------------------------------------------- schema walking */

static gboolean
is_rng (xmlNode    *node,
        const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE && node->ns != NULL &&
         strcmp ((const char *) node->ns->href, RNG_NS) == 0 &&
         (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

static xmlNode *
first_rng_child (xmlNode *node)
{
  for (xmlNode *c = node->children; c != NULL; c = c->next)
    if (is_rng (c, NULL))
      return c;
  return NULL;
}

static guint
n_rng_children (xmlNode *node)
{
  guint n = 0;

  for (xmlNode *c = node->children; c != NULL; c = c->next)
    n += is_rng (c, NULL) ? 1 : 0;
  return n;
}

static char *
prop (xmlNode    *node,
      const char *name)
{
  return (char *) xmlGetNoNsProp (node, (const xmlChar *) name);
}

typedef struct {
  GHashTable *defines;           /* name -> <define> */
  GHashTable *covered;           /* <param> nodes with a C check */
  GHashTable *optionals;         /* <optional> -> OptInfo */
  GPtrArray *elements;           /* ElemInfo */
  GHashTable *rules;             /* element name -> ElementRules (the result) */
  char *error;
} Builder;

static void
builder_fail (Builder    *b,
              const char *format,
              ...) G_GNUC_PRINTF (2, 3);

static void
builder_fail (Builder    *b,
              const char *format,
              ...)
{
  va_list args;

  if (b->error != NULL)
    return;
  va_start (args, format);
  b->error = g_strdup_vprintf (format, args);
  va_end (args);
}

static Rule *compile_rule (Builder *b, xmlNode *node, int depth);

/* A sequence of patterns (an <attribute>'s or <define>'s content) that is one pattern. */
static Rule *
compile_content (Builder *b,
                 xmlNode *parent,
                 int      depth)
{
  guint n = n_rng_children (parent);

  if (n == 0)
    {
      Rule *r = g_new0 (Rule, 1);
      r->kind = RULE_TEXT;
      r->signature = g_strdup ("T");
      return r;
    }
  if (n != 1)
    return NULL;
  return compile_rule (b, first_rng_child (parent), depth);
}

static Rule *
compile_rule (Builder *b,
              xmlNode *node,
              int      depth)
{
  g_autofree char *type = NULL;
  Rule *r;

  if (depth > MAX_REF_DEPTH)
    return NULL;
  if (is_rng (node, "ref"))
    {
      g_autofree char *name = prop (node, "name");
      xmlNode *def = name != NULL ? g_hash_table_lookup (b->defines, name) : NULL;

      return def != NULL ? compile_content (b, def, depth + 1) : NULL;
    }
  if (is_rng (node, "text"))
    {
      r = g_new0 (Rule, 1);
      r->kind = RULE_TEXT;
      r->signature = g_strdup ("T");
      return r;
    }
  if (is_rng (node, "value"))
    {
      g_autofree char *content = NULL;

      type = prop (node, "type");
      if (type != NULL)
        return NULL;
      content = (char *) xmlNodeGetContent (node);
      r = g_new0 (Rule, 1);
      r->kind = RULE_VALUE;
      r->value = collapse (content != NULL ? content : "");
      r->signature = g_strdup_printf ("V{%s}", r->value);
      return r;
    }
  if (is_rng (node, "data"))
    {
      GString *sig;
      GSList *params = NULL;

      type = prop (node, "type");
      if (g_strcmp0 (type, "token") != 0 && g_strcmp0 (type, "string") != 0)
        return NULL;
      r = g_new0 (Rule, 1);
      r->kind = RULE_DATA;
      r->token = g_str_equal (type, "token");
      r->max_length = -1;
      sig = g_string_new (r->token ? "D{token" : "D{string");
      for (xmlNode *c = node->children; c != NULL; c = c->next)
        {
          g_autofree char *pname = NULL;
          g_autofree char *text = NULL;

          if (!is_rng (c, NULL))
            continue;
          if (!is_rng (c, "param"))
            goto unsupported;
          pname = prop (c, "name");
          text = (char *) xmlNodeGetContent (c);
          if (g_strcmp0 (pname, "maxLength") == 0 && text != NULL && r->max_length < 0)
            {
              char *end = NULL;
              guint64 v = g_ascii_strtoull (text, &end, 10);

              if (end == text || *end != '\0' || v > G_MAXINT)
                goto unsupported;
              r->max_length = (int) v;
              r->has_facet = TRUE;
              params = g_slist_prepend (params, c);
              g_string_append_printf (sig, " maxLength=%d", r->max_length);
            }
          else if (g_strcmp0 (pname, "pattern") == 0 && text != NULL && r->pattern_text == NULL)
            {
              r->pattern_text = g_strdup (text);
              r->pattern = find_pattern (text);
              if (r->pattern == NULL)
                {
                  /* Compiled once here, not once per value. */
                  r->regexp = xmlRegexpCompile ((const xmlChar *) text);
                  if (r->regexp == NULL)
                    goto unsupported;
                }
              r->has_facet = TRUE;
              params = g_slist_prepend (params, c);
              g_string_append_printf (sig, " pattern=%s", text);
            }
          else
            goto unsupported;
        }
      g_string_append_c (sig, '}');
      r->signature = g_string_free (sig, FALSE);
      /* Covered only once the whole <data> has a C check. */
      for (GSList *l = params; l != NULL; l = l->next)
        g_hash_table_add (b->covered, l->data);
      g_slist_free (params);
      return r;
    unsupported:
      g_slist_free (params);
      g_string_free (sig, TRUE);
      rule_free (r);
      return NULL;
    }
  if (is_rng (node, "choice"))
    {
      GString *sig = g_string_new ("C{");

      r = g_new0 (Rule, 1);
      r->kind = RULE_CHOICE;
      r->alternatives = g_ptr_array_new_with_free_func ((GDestroyNotify) rule_free);
      for (xmlNode *c = node->children; c != NULL; c = c->next)
        {
          Rule *alt;

          if (!is_rng (c, NULL))
            continue;
          alt = compile_rule (b, c, depth + 1);
          if (alt == NULL)
            {
              g_string_free (sig, TRUE);
              rule_free (r);
              return NULL;
            }
          r->has_facet = r->has_facet || alt->has_facet;
          g_string_append_printf (sig, "%s|", alt->signature);
          g_ptr_array_add (r->alternatives, alt);
        }
      g_string_append_c (sig, '}');
      r->signature = g_string_free (sig, FALSE);
      return r;
    }
  if (is_rng (node, "list"))
    {
      xmlNode *more = first_rng_child (node);
      Rule *item;

      if (n_rng_children (node) != 1 || !is_rng (more, "oneOrMore") || n_rng_children (more) != 1)
        return NULL;
      item = compile_rule (b, first_rng_child (more), depth + 1);
      if (item == NULL)
        return NULL;
      r = g_new0 (Rule, 1);
      r->kind = RULE_LIST;
      r->item = item;
      r->has_facet = item->has_facet;
      r->signature = g_strdup_printf ("L{%s}", item->signature);
      return r;
    }
  return NULL;
}

static gboolean
rule_matches (const Rule *r,
              const char *raw)
{
  switch (r->kind)
    {
    case RULE_TEXT:
      return TRUE;
    case RULE_VALUE:
      {
        g_autofree char *v = needs_collapse (raw) ? collapse (raw) : NULL;
        return strcmp (v != NULL ? v : raw, r->value) == 0;
      }
    case RULE_DATA:
      {
        g_autofree char *owned = r->token && needs_collapse (raw) ? collapse (raw) : NULL;
        const char *v = owned != NULL ? owned : raw;

        /* Characters, not bytes; only count them when the bytes are over. */
        if (r->max_length >= 0 && strlen (v) > (gsize) r->max_length &&
            g_utf8_strlen (v, -1) > r->max_length)
          return FALSE;
        if (r->pattern != NULL)
          return r->pattern->match (v);
        if (r->regexp != NULL)
          return xmlRegexpExec (r->regexp, (const xmlChar *) v) == 1;
        return TRUE;
      }
    case RULE_LIST:
      {
        /* Each white-space separated item, at least one; without copies
         * for the usual short items. */
        char buf[128];
        guint n = 0;
        const char *p = raw;

        for (;;)
          {
            const char *start;
            gsize len;
            gboolean ok;

            while (is_xsd_space (*p))
              p++;
            if (*p == '\0')
              break;
            start = p;
            while (*p != '\0' && !is_xsd_space (*p))
              p++;
            len = p - start;
            n++;
            if (len < sizeof buf)
              {
                memcpy (buf, start, len);
                buf[len] = '\0';
                ok = rule_matches (r->item, buf);
              }
            else
              {
                g_autofree char *item = g_strndup (start, len);
                ok = rule_matches (r->item, item);
              }
            if (!ok)
              return FALSE;
          }
        return n > 0;
      }
    case RULE_CHOICE:
      for (guint i = 0; i < r->alternatives->len; i++)
        if (rule_matches (g_ptr_array_index (r->alternatives, i), raw))
          return TRUE;
      return FALSE;
    default:
      return FALSE;
    }
}

static void
rule_describe (const Rule *r,
               GString    *out)
{
  switch (r->kind)
    {
    case RULE_TEXT:
      g_string_append (out, _("any text"));
      break;
    case RULE_VALUE:
      g_string_append_printf (out, "“%s”", r->value);
      break;
    case RULE_DATA:
      if (r->pattern != NULL && r->pattern->description != NULL)
        g_string_append (out, _(r->pattern->description));
      else if (r->pattern_text != NULL)
        g_string_append_printf (out, _("a value matching the pattern %s"), r->pattern_text);
      else if (r->max_length >= 0)
        g_string_append_printf (out, _("text of at most %d characters"), r->max_length);
      else
        g_string_append (out, _("any text"));
      if (r->pattern_text != NULL && r->max_length >= 0)
        g_string_append_printf (out, _(" of at most %d characters"), r->max_length);
      break;
    case RULE_LIST:
      g_string_append (out, _("a space-separated list of "));
      rule_describe (r->item, out);
      break;
    case RULE_CHOICE:
      if (r->alternatives->len > 1)
        g_string_append (out, _("one of "));
      for (guint i = 0; i < r->alternatives->len; i++)
        {
          if (i > 0)
            g_string_append (out, i + 1 == r->alternatives->len ? _(" or ") : ", ");
          rule_describe (g_ptr_array_index (r->alternatives, i), out);
        }
      break;
    default:
      break;
    }
}

/* What one <element> of the schema has: its attributes by how they occur. */
typedef struct {
  xmlNode *element;
  char *name;
  GHashTable *nonsimple;     /* attribute names not (only) simple optionals */
  GPtrArray *optionals;      /* simple <optional> nodes reached */
  GHashTable *final;         /* names moved to the <zeroOrMore> */
} ElemInfo;

typedef struct {
  char *name;
  gboolean removable;
  gboolean nonpure;          /* reached through a choice, repetition... somewhere */
  GPtrArray *elements;       /* ElemInfo* reaching it */
} OptInfo;

static void
elem_info_free (ElemInfo *e)
{
  g_free (e->name);
  g_hash_table_unref (e->nonsimple);
  g_ptr_array_unref (e->optionals);
  g_hash_table_unref (e->final);
  g_free (e);
}

static void
opt_info_free (OptInfo *o)
{
  g_free (o->name);
  g_ptr_array_unref (o->elements);
  g_free (o);
}

static ElementRules *
rules_for (Builder    *b,
           const char *element)
{
  ElementRules *e = g_hash_table_lookup (b->rules, element);

  if (e == NULL)
    {
      e = g_new0 (ElementRules, 1);
      e->attrs = g_array_new (FALSE, TRUE, sizeof (AttrRule));
      g_hash_table_insert (b->rules, g_strdup (element), e);
    }
  return e;
}

/* Records attribute @attr of element @e with @rule (taken). */
static void
record_attribute (Builder    *b,
                  ElemInfo   *e,
                  const char *attr,
                  Rule       *rule)
{
  ElementRules *er = rules_for (b, e->name);

  for (guint i = 0; i < er->attrs->len; i++)
    {
      AttrRule *a = &g_array_index (er->attrs, AttrRule, i);

      if (strcmp (a->name, attr) != 0)
        continue;
      if ((a->rule == NULL) != (rule == NULL) ||
          (rule != NULL && strcmp (a->rule->signature, rule->signature) != 0))
        {
          /* Different values allowed in different places: keep it in
           * RELAX NG; a pattern there would be unchecked. */
          if ((rule != NULL && rule->has_facet) || (a->rule != NULL && a->rule->has_facet))
            builder_fail (b, "attribute %s of element %s has different patterns in different places",
                          attr, e->name);
          g_hash_table_add (e->nonsimple, g_strdup (attr));
        }
      rule_free (rule);
      return;
    }
  {
    AttrRule a = { 0 };

    a.name = g_intern_string (attr);
    a.rule = rule;
    g_array_append_val (er->attrs, a);
  }
}

static void
walk_element (Builder  *b,
              ElemInfo *e,
              xmlNode  *node,
              gboolean  pure,
              int       depth)
{
  if (depth > MAX_REF_DEPTH)
    {
      builder_fail (b, "refs nested more than %d deep in element %s", MAX_REF_DEPTH, e->name);
      return;
    }
  for (xmlNode *c = node->children; c != NULL; c = c->next)
    {
      if (!is_rng (c, NULL) || is_rng (c, "element"))
        continue;
      if (is_rng (c, "ref"))
        {
          g_autofree char *name = prop (c, "name");
          xmlNode *def = name != NULL ? g_hash_table_lookup (b->defines, name) : NULL;

          if (def == NULL)
            builder_fail (b, "unknown define %s", name != NULL ? name : "");
          else
            walk_element (b, e, def, pure, depth + 1);
        }
      else if (is_rng (c, "attribute"))
        {
          g_autofree char *name = prop (c, "name");
          Rule *rule;

          if (name == NULL)
            {
              builder_fail (b, "an attribute of element %s has no name=", e->name);
              continue;
            }
          rule = compile_content (b, c, depth + 1);
          g_hash_table_add (e->nonsimple, g_strdup (name));
          record_attribute (b, e, name, rule);
        }
      else if (is_rng (c, "optional"))
        {
          xmlNode *only = first_rng_child (c);
          g_autofree char *name = NULL;
          Rule *rule = NULL;

          if (n_rng_children (c) == 1 && is_rng (only, "attribute") &&
              (name = prop (only, "name")) != NULL &&
              (rule = compile_content (b, only, depth + 1)) != NULL)
            {
              OptInfo *o = g_hash_table_lookup (b->optionals, c);

              if (o == NULL)
                {
                  o = g_new0 (OptInfo, 1);
                  o->name = g_strdup (name);
                  o->elements = g_ptr_array_new ();
                  g_hash_table_insert (b->optionals, c, o);
                }
              o->nonpure = o->nonpure || !pure;
              g_ptr_array_add (o->elements, e);
              g_ptr_array_add (e->optionals, c);
              if (!pure)
                g_hash_table_add (e->nonsimple, g_strdup (name));
              record_attribute (b, e, name, rule);
            }
          else
            walk_element (b, e, c, FALSE, depth + 1);
        }
      else if (is_rng (c, "group"))
        walk_element (b, e, c, pure, depth + 1);
      else if (is_rng (c, "data") || is_rng (c, "value") || is_rng (c, "list"))
        {
          /* The element's text content. */
          Rule *rule = compile_rule (b, c, depth + 1);

          if (rule != NULL && rule->has_facet)
            {
              ElementRules *er = rules_for (b, e->name);

              if (er->text != NULL && strcmp (er->text->signature, rule->signature) != 0)
                builder_fail (b, "element %s has different text patterns in different places", e->name);
              if (er->text == NULL)
                er->text = g_steal_pointer (&rule);
            }
          rule_free (rule);
        }
      else
        walk_element (b, e, c, FALSE, depth + 1);
    }
}

static gboolean
name_final_everywhere (OptInfo *o)
{
  for (guint i = 0; i < o->elements->len; i++)
    {
      ElemInfo *e = g_ptr_array_index (o->elements, i);
      if (g_hash_table_contains (e->nonsimple, o->name))
        return FALSE;
    }
  return !o->nonpure;
}

static void
add_rng (xmlNode    *parent,
         xmlNode    *before,
         const char *name,
         xmlNode   **out)
{
  xmlNode *n = xmlNewNode (parent->ns, (const xmlChar *) name);

  if (before != NULL)
    xmlAddPrevSibling (before, n);
  else
    xmlAddChild (parent, n);
  *out = n;
}

static void
collect_params (xmlNode   *node,
                GPtrArray *out)
{
  for (xmlNode *c = node->children; c != NULL; c = c->next)
    if (is_rng (c, NULL))
      {
        if (is_rng (c, "param"))
          g_ptr_array_add (out, c);
        else
          collect_params (c, out);
      }
}

static gboolean
inside_list (xmlNode *node)
{
  for (xmlNode *n = node->parent; n != NULL && is_rng (n, NULL); n = n->parent)
    {
      if (is_rng (n, "list"))
        return TRUE;
      if (is_rng (n, "define") || is_rng (n, "element") || is_rng (n, "attribute"))
        return FALSE;
    }
  return FALSE;
}

static void
collect_elements (xmlNode   *node,
                  GPtrArray *out)
{
  for (xmlNode *c = node->children; c != NULL; c = c->next)
    if (is_rng (c, NULL))
      {
        if (is_rng (c, "element"))
          g_ptr_array_add (out, c);
        collect_elements (c, out);
      }
}

static void
transform (Builder *b,
           xmlDoc  *doc)
{
  GHashTableIter iter;
  gpointer key, value;
  gboolean changed = TRUE;
  g_autoptr(GPtrArray) params = g_ptr_array_new ();
  g_autoptr(GPtrArray) parents = g_ptr_array_new ();

  /* Which optionals may move into their elements' <zeroOrMore>. */
  g_hash_table_iter_init (&iter, b->optionals);
  while (g_hash_table_iter_next (&iter, &key, &value))
    ((OptInfo *) value)->removable = name_final_everywhere (value);
  while (changed)
    {
      changed = FALSE;
      for (guint i = 0; i < b->elements->len; i++)
        {
          ElemInfo *e = g_ptr_array_index (b->elements, i);

          for (guint k = 0; k < e->optionals->len; k++)
            {
              OptInfo *o = g_hash_table_lookup (b->optionals, g_ptr_array_index (e->optionals, k));

              if (o->removable)
                continue;
              /* One occurrence stays: every occurrence of the name in this
               * element stays. */
              for (guint j = 0; j < e->optionals->len; j++)
                {
                  OptInfo *other = g_hash_table_lookup (b->optionals, g_ptr_array_index (e->optionals, j));
                  if (other->removable && strcmp (other->name, o->name) == 0)
                    {
                      other->removable = FALSE;
                      changed = TRUE;
                    }
                }
            }
        }
    }

  /* One <zeroOrMore><attribute><choice><name ns="">…</name>…</choice><text/>
   * per element. */
  for (guint i = 0; i < b->elements->len; i++)
    {
      ElemInfo *e = g_ptr_array_index (b->elements, i);
      xmlNode *more, *attribute, *choice, *text;
      ElementRules *er;

      for (guint k = 0; k < e->optionals->len; k++)
        {
          OptInfo *o = g_hash_table_lookup (b->optionals, g_ptr_array_index (e->optionals, k));
          if (o->removable)
            g_hash_table_add (e->final, o->name);
        }
      if (g_hash_table_size (e->final) == 0)
        continue;
      add_rng (e->element, first_rng_child (e->element), "zeroOrMore", &more);
      add_rng (more, NULL, "attribute", &attribute);
      add_rng (attribute, NULL, "choice", &choice);
      er = rules_for (b, e->name);
      for (guint a = 0; a < er->attrs->len; a++)
        {
          AttrRule *ar = &g_array_index (er->attrs, AttrRule, a);
          xmlNode *name;

          if (!g_hash_table_contains (e->final, ar->name))
            continue;
          add_rng (choice, NULL, "name", &name);
          xmlSetProp (name, (const xmlChar *) "ns", (const xmlChar *) "");
          xmlNodeSetContent (name, (const xmlChar *) ar->name);
          ar->check = TRUE;
        }
      add_rng (attribute, NULL, "text", &text);
    }

  g_hash_table_iter_init (&iter, b->optionals);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (((OptInfo *) value)->removable)
      {
        xmlNode *node = key;

        g_ptr_array_add (parents, node->parent);
        xmlUnlinkNode (node);
        xmlFreeNode (node);
      }
  /* A define or group left without patterns becomes <empty/>. */
  for (guint i = 0; i < parents->len; i++)
    {
      xmlNode *parent = g_ptr_array_index (parents, i);
      if (first_rng_child (parent) == NULL)
        {
          xmlNode *empty;
          add_rng (parent, NULL, "empty", &empty);
        }
    }

  /* Every facet goes (libxml2 builds and compiles a facet per value); each
   * must have a C check. */
  collect_params (xmlDocGetRootElement (doc), params);
  for (guint i = 0; i < params->len; i++)
    {
      xmlNode *param = g_ptr_array_index (params, i);
      xmlNode *data = param->parent;

      if (!g_hash_table_contains (b->covered, param))
        {
          g_autofree char *text = (char *) xmlNodeGetContent (param);
          builder_fail (b, "facet %s (schema line %ld) is not checked by the loader",
                        text != NULL ? text : "", xmlGetLineNo (param));
          continue;
        }
      xmlUnlinkNode (param);
      xmlFreeNode (param);
      /* A token or string without facets is any text; <text/> spares
       * libxml2 a datatype lookup per value.  Not inside a <list>, where
       * <text/> is not allowed. */
      if (first_rng_child (data) == NULL && !inside_list (data))
        {
          xmlNode *text;

          add_rng (data->parent, data, "text", &text);
          xmlUnlinkNode (data);
          xmlFreeNode (data);
        }
    }
}

RdtSchemaCheck *
_rdt_schema_check_new (const char  *rng,
                       gsize        size,
                       char       **error_message)
{
  g_autoptr(GPtrArray) element_nodes = g_ptr_array_new ();
  Builder b = { 0 };
  RdtSchemaCheck *check = NULL;
  xmlDoc *doc;
  xmlNode *root;
  xmlRelaxNGParserCtxtPtr pctxt;

  g_return_val_if_fail (rng != NULL, NULL);

  doc = xmlReadMemory (rng, (int) size, "redoubt.rng", NULL, XML_PARSE_NONET | XML_PARSE_NOBLANKS);
  root = doc != NULL ? xmlDocGetRootElement (doc) : NULL;
  if (root == NULL || !is_rng (root, "grammar"))
    {
      if (error_message != NULL)
        *error_message = g_strdup ("the schema is not a RELAX NG grammar");
      if (doc != NULL)
        xmlFreeDoc (doc);
      return NULL;
    }

  b.defines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  b.covered = g_hash_table_new (NULL, NULL);
  b.optionals = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) opt_info_free);
  b.elements = g_ptr_array_new_with_free_func ((GDestroyNotify) elem_info_free);
  b.rules = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) element_rules_free);

  for (xmlNode *c = root->children; c != NULL; c = c->next)
    if (is_rng (c, "define"))
      {
        char *name = prop (c, "name");

        if (name == NULL || g_hash_table_contains (b.defines, name) || xmlHasProp (c, (const xmlChar *) "combine"))
          {
            builder_fail (&b, "define %s is not supported by the loader", name != NULL ? name : "");
            g_free (name);
            continue;
          }
        g_hash_table_insert (b.defines, name, c);
      }
    else if (is_rng (c, "include") || is_rng (c, "div"))
      builder_fail (&b, "<%s> is not supported by the loader", (const char *) c->name);

  collect_elements (root, element_nodes);
  for (guint i = 0; i < element_nodes->len && b.error == NULL; i++)
    {
      xmlNode *node = g_ptr_array_index (element_nodes, i);
      ElemInfo *e = g_new0 (ElemInfo, 1);

      e->element = node;
      e->name = prop (node, "name");
      e->nonsimple = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      e->optionals = g_ptr_array_new ();
      e->final = g_hash_table_new (g_str_hash, g_str_equal);
      g_ptr_array_add (b.elements, e);
      if (e->name == NULL)
        {
          builder_fail (&b, "an element has no name= (schema line %ld)", xmlGetLineNo (node));
          break;
        }
      walk_element (&b, e, node, TRUE, 0);
    }
  if (b.error == NULL)
    transform (&b, doc);

  if (b.error == NULL)
    {
      GHashTableIter iter;
      gpointer value;

      check = g_new0 (RdtSchemaCheck, 1);
      check->doc = doc;
      check->ns = prop (root, "ns");
      check->elements = g_steal_pointer (&b.rules);
      /* Attribute rules by a small id per name, so the walk finds each in
       * constant time (issue 15). */
      check->attr_ids = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_iter_init (&iter, check->elements);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          ElementRules *er = value;
          for (guint i = 0; i < er->attrs->len; i++)
            {
              const char *name = g_array_index (er->attrs, AttrRule, i).name;
              if (!g_hash_table_contains (check->attr_ids, name))
                g_hash_table_insert (check->attr_ids, (gpointer) name,
                                     GUINT_TO_POINTER (g_hash_table_size (check->attr_ids) + 1));
            }
        }
      g_hash_table_iter_init (&iter, check->elements);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          ElementRules *er = value;
          er->by_id = g_new0 (const AttrRule *, g_hash_table_size (check->attr_ids) + 1);
          for (guint i = 0; i < er->attrs->len; i++)
            {
              const AttrRule *a = &g_array_index (er->attrs, AttrRule, i);
              guint id = GPOINTER_TO_UINT (g_hash_table_lookup (check->attr_ids, a->name));
              if (a->rule != NULL && (a->check || a->rule->has_facet))
                er->by_id[id - 1] = a;
            }
        }
      pctxt = xmlRelaxNGNewDocParserCtxt (doc);
      check->relaxng = xmlRelaxNGParse (pctxt);
      xmlRelaxNGFreeParserCtxt (pctxt);
      if (check->relaxng == NULL)
        {
          builder_fail (&b, "the transformed schema does not compile");
          _rdt_schema_check_free (check);
          check = NULL;
          doc = NULL;
        }
    }
  else
    xmlFreeDoc (doc);

  if (b.error != NULL && error_message != NULL)
    *error_message = g_strdup (b.error);
  g_free (b.error);
  g_hash_table_unref (b.defines);
  g_hash_table_unref (b.covered);
  g_hash_table_unref (b.optionals);
  g_ptr_array_unref (b.elements);
  if (b.rules != NULL)
    g_hash_table_unref (b.rules);
  return check;
}

void
_rdt_schema_check_free (RdtSchemaCheck *check)
{
  if (check == NULL)
    return;
  if (check->relaxng != NULL)
    xmlRelaxNGFree (check->relaxng);
  if (check->doc != NULL)
    xmlFreeDoc (check->doc);
  g_free (check->ns);
  if (check->elements != NULL)
    g_hash_table_unref (check->elements);
  if (check->attr_ids != NULL)
    g_hash_table_unref (check->attr_ids);
  g_free (check);
}

xmlRelaxNGPtr
_rdt_schema_check_get_relaxng (RdtSchemaCheck *check)
{
  return check->relaxng;
}

xmlDoc *
_rdt_schema_check_get_doc (RdtSchemaCheck *check)
{
  return check->doc;
}

static char *
shown_value (const char *value)
{
  g_autofree char *valid = g_utf8_make_valid (value, -1);

  if (g_utf8_strlen (valid, -1) <= SHOWN_CHARS)
    return g_steal_pointer (&valid);
  return g_strdup_printf ("%.*s…", (int) (g_utf8_offset_to_pointer (valid, SHOWN_CHARS) - valid), valid);
}

/* Names come from the document's dictionary, one pointer per name: the
 * cursor remembers what each pointer means in small direct-mapped tables
 * (issue 15: two hash table lookups per attribute were a tenth of the
 * save's check). */
#define CURSOR_CACHE 512

typedef struct {
  const xmlChar *name;
  gpointer value;
} CursorSlot;

struct _RdtSchemaCheckCursor {
  RdtSchemaCheck *check;
  guint reported;
  GString *scratch;          /* an attribute's value, decoded */
  CursorSlot elements[CURSOR_CACHE];
  CursorSlot attributes[CURSOR_CACHE];
};

static inline CursorSlot *
cursor_slot (CursorSlot    *table,
             const xmlChar *name)
{
  /* Dictionary strings lie next to each other: mix all the bits. */
  return &table[((guint64) (guintptr) name * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 55];
}

/* The rules of @node's element, or NULL when none is checked in C. */
static ElementRules *
element_rules (RdtSchemaCheckCursor *cursor,
               xmlNode              *node)
{
  CursorSlot *slot;

  if (node->ns == NULL || cursor->check->ns == NULL ||
      strcmp ((const char *) node->ns->href, cursor->check->ns) != 0)
    return NULL;
  slot = cursor_slot (cursor->elements, node->name);
  if (slot->name != node->name)
    {
      slot->name = node->name;
      slot->value = g_hash_table_lookup (cursor->check->elements, node->name);
    }
  return slot->value;
}

/* The rule of attribute @name of elements with rules @er, or NULL. */
static const AttrRule *
attr_rule (RdtSchemaCheckCursor *cursor,
           ElementRules         *er,
           const xmlChar        *name)
{
  CursorSlot *slot = cursor_slot (cursor->attributes, name);

  if (slot->name != name)
    {
      slot->name = name;
      slot->value = g_hash_table_lookup (cursor->check->attr_ids, name);
    }
  return slot->value != NULL ? er->by_id[GPOINTER_TO_UINT (slot->value) - 1] : NULL;
}

/* The attributes of @node (rules @er). */
static gboolean
check_attributes (RdtSchemaCheckCursor *cursor,
                  ElementRules         *er,
                  xmlNode              *node,
                  RdtSchemaCheckReport  report,
                  gpointer              user_data,
                  guint                *reported)
{
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      const AttrRule *rule;
      g_autofree char *owned = NULL;
      const char *value;

      if (a->ns != NULL || (rule = attr_rule (cursor, er, a->name)) == NULL)
        continue;
      if (a->children != NULL && a->children->next == NULL && a->children->type == XML_TEXT_NODE)
        value = (const char *) a->children->content;
      else
        value = owned = (char *) xmlNodeListGetString (node->doc, a->children, 1);
      if (value == NULL)
        value = "";
      if (!rule_matches (rule->rule, value))
        {
          g_autoptr(GString) expected = g_string_new (NULL);
          g_autofree char *shown = shown_value (value);
          g_autofree char *message = NULL;

          rule_describe (rule->rule, expected);
          /* libxml2's words first, so a message reads as it did when the
           * schema checked it (the hostile corpus looks for them). */
          message = g_strdup_printf (_("Element %s failed to validate attributes: invalid attribute %s=“%s”, expected %s"),
                                     (const char *) node->name, (const char *) a->name, shown,
                                     expected->str);
          report (user_data, node, message);
          if (++*reported >= MAX_REPORTS)
            return FALSE;
        }
    }
  return TRUE;
}

/* The text content of @node (rules @er). */
static gboolean
check_text (ElementRules         *er,
            xmlNode              *node,
            RdtSchemaCheckReport  report,
            gpointer              user_data,
            guint                *reported)
{
  if (er->text != NULL)
    {
      g_autoptr(GString) joined = NULL;
      const char *text = "";
      xmlNode *c = node->children;

      /* The text and CDATA children joined (comments and PIs are not
       * content), without a copy when there is one. */
      if (c != NULL && c->next == NULL && c->type == XML_TEXT_NODE && c->content != NULL)
        text = (const char *) c->content;
      else if (c != NULL)
        {
          joined = g_string_new (NULL);
          for (; c != NULL; c = c->next)
            if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content != NULL)
              g_string_append (joined, (const char *) c->content);
          text = joined->str;
        }
      if (!rule_matches (er->text, text))
        {
          g_autoptr(GString) expected = g_string_new (NULL);
          g_autofree char *shown = shown_value (text);
          g_autofree char *message = NULL;

          rule_describe (er->text, expected);
          message = g_strdup_printf (_("Element %s has invalid content “%s”, expected %s"),
                                     (const char *) node->name, shown, expected->str);
          report (user_data, node, message);
          if (++*reported >= MAX_REPORTS)
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_element (RdtSchemaCheckCursor *cursor,
               xmlNode              *node,
               RdtSchemaCheckReport  report,
               gpointer              user_data,
               guint                *reported)
{
  ElementRules *er = element_rules (cursor, node);

  if (er == NULL)
    return TRUE;
  return check_attributes (cursor, er, node, report, user_data, reported) &&
         check_text (er, node, report, user_data, reported);
}

guint
_rdt_schema_check_values (RdtSchemaCheck       *check,
                          xmlNode              *root,
                          RdtSchemaCheckReport  report,
                          gpointer              user_data)
{
  xmlNode *node = root;
  guint reported = 0;
  RdtSchemaCheckCursor *cursor;

  g_return_val_if_fail (check != NULL, 0);
  g_return_val_if_fail (report != NULL, 0);

  cursor = _rdt_schema_check_cursor_new (check);
  /* Iterative: the loader has already bounded depth and count. */
  while (node != NULL)
    {
      if (node->type == XML_ELEMENT_NODE)
        {
          if (!check_element (cursor, node, report, user_data, &reported))
            break;
          if (node->children != NULL)
            {
              node = node->children;
              continue;
            }
        }
      while (node != root && node->next == NULL)
        node = node->parent;
      if (node == root)
        break;
      node = node->next;
    }
  _rdt_schema_check_cursor_free (cursor);
  return reported;
}

/* ----------------------------------------------------- one element at a time */

RdtSchemaCheckCursor *
_rdt_schema_check_cursor_new (RdtSchemaCheck *check)
{
  RdtSchemaCheckCursor *cursor;

  g_return_val_if_fail (check != NULL, NULL);

  cursor = g_new0 (RdtSchemaCheckCursor, 1);
  cursor->check = check;
  cursor->scratch = g_string_sized_new (64);
  return cursor;
}

void
_rdt_schema_check_cursor_free (RdtSchemaCheckCursor *cursor)
{
  if (cursor == NULL)
    return;
  g_string_free (cursor->scratch, TRUE);
  g_free (cursor);
}

int
_rdt_schema_check_cursor_attributes (RdtSchemaCheckCursor *cursor,
                                     xmlNode              *node,
                                     RdtSchemaCheckReport  report,
                                     gpointer              user_data)
{
  ElementRules *er;
  guint before;

  g_return_val_if_fail (cursor != NULL && node != NULL && report != NULL, -1);

  er = element_rules (cursor, node);
  if (er == NULL)
    return 0;
  before = cursor->reported;
  check_attributes (cursor, er, node, report, user_data, &cursor->reported);
  if (cursor->reported > before)
    return -1;
  return er->text != NULL ? 1 : 0;
}

gboolean
_rdt_schema_check_cursor_text (RdtSchemaCheckCursor *cursor,
                               xmlNode              *node,
                               RdtSchemaCheckReport  report,
                               gpointer              user_data)
{
  ElementRules *er;
  guint before;

  g_return_val_if_fail (cursor != NULL && node != NULL && report != NULL, FALSE);

  er = element_rules (cursor, node);
  if (er == NULL)
    return TRUE;
  before = cursor->reported;
  check_text (er, node, report, user_data, &cursor->reported);
  return cursor->reported == before;
}

/* ------------------------------------------------- from SAX2 events (save) */

/* The rules of the element (@localname, @uri), by the name's address. */
static ElementRules *
sax_element_rules (RdtSchemaCheckCursor *cursor,
                   const xmlChar        *localname,
                   const xmlChar        *uri)
{
  CursorSlot *slot;

  if (uri == NULL || cursor->check->ns == NULL || strcmp ((const char *) uri, cursor->check->ns) != 0)
    return NULL;
  slot = cursor_slot (cursor->elements, localname);
  if (slot->name != localname)
    {
      slot->name = localname;
      slot->value = g_hash_table_lookup (cursor->check->elements, localname);
    }
  return slot->value;
}

int
_rdt_schema_check_cursor_sax (RdtSchemaCheckCursor  *cursor,
                              const xmlChar         *localname,
                              const xmlChar         *uri,
                              int                    nb_attributes,
                              const xmlChar        **attributes)
{
  ElementRules *er;
  GString *value = cursor->scratch;

  g_return_val_if_fail (cursor != NULL && localname != NULL, -1);

  er = sax_element_rules (cursor, localname, uri);
  if (er == NULL)
    return 0;
  for (int i = 0; i < nb_attributes; i++)
    {
      const xmlChar **a = attributes + 5 * i;
      const char *q = (const char *) a[3], *end = (const char *) a[4], *amp;
      const AttrRule *rule;

      if (a[2] != NULL)
        continue;
      if ((rule = attr_rule (cursor, er, a[0])) == NULL)
        continue;
      g_string_truncate (value, 0);
      /* Without entity substitution libxml2 hands "&" over as "&#38;". */
      while ((amp = memchr (q, '&', end - q)) != NULL)
        {
          g_string_append_len (value, q, amp - q);
          g_string_append_c (value, '&');
          q = amp + (end - amp >= 5 && memcmp (amp, "&#38;", 5) == 0 ? 5 : 1);
        }
      g_string_append_len (value, q, end - q);
      if (!rule_matches (rule->rule, value->str))
        return -1;
    }
  return er->text != NULL ? 1 : 0;
}

gboolean
_rdt_schema_check_cursor_sax_text (RdtSchemaCheckCursor *cursor,
                                   const xmlChar        *localname,
                                   const xmlChar        *uri,
                                   const char           *text)
{
  ElementRules *er;

  g_return_val_if_fail (cursor != NULL && localname != NULL && text != NULL, FALSE);

  er = sax_element_rules (cursor, localname, uri);
  return er == NULL || er->text == NULL || rule_matches (er->text, text);
}
