/* rdt-structure-check.c: the project's own RELAX NG structure check (issue 15).
 * See rdt-structure-check-private.h for what it decides and what it leaves
 * to libxml2. */
#include "config.h"

#include <string.h>

#include "rdt-structure-check-private.h"

#define RNG_NS "http://relaxng.org/ns/structure/1.0"
#define XSD_LIBRARY "http://www.w3.org/2001/XMLSchema-datatypes"
/* Past this many patterns (a hostile file walking odd paths through the
 * schema) the check stops being sure and libxml2 decides. */
#define MAX_PATTERNS 200000
/* Distinct attribute or text values remembered for value-dependent
 * derivatives, and how long; beyond, they are computed each time (and the
 * check is not kept for the next file, see _rdt_structure_pool_release()). */
#define MAX_VALUES 65536
#define MAX_VALUE_BYTES 128
/* Remembered derivatives, at most. */
#define MAX_MEMO (1u << 20)
#define MAX_NAMES 4095
#define NAME_CACHE 1024   /* a power of two: see run_name() */

typedef enum {
  P_NOT_ALLOWED,
  P_EMPTY,
  P_TEXT,
  P_CHOICE,
  P_GROUP,
  P_ONE_OR_MORE,
  P_AFTER,
  P_ATTRIBUTE,
  P_ELEMENT,
  P_VALUE,
  P_DATA,
  P_LIST,
} PatKind;

typedef enum {
  DATA_ANY,                /* token or string without facets */
  DATA_POSITIVE_INTEGER,
} DataType;

typedef struct _Pat Pat;
struct _Pat {
  guint32 id;
  guint8 kind;
  guint8 nullable;
  guint8 text_sensitive;   /* its text derivative depends on the string */
  guint8 data_type;        /* DATA */
  guint8 token;            /* VALUE: compared after whitespace collapsing */
  Pat *a, *b;
  const guint64 *names;    /* ATTRIBUTE, ELEMENT: bit set of name ids */
  char *value;             /* VALUE, collapsed when token */
  Pat *close;              /* memo: startTagCloseDeriv */
  Pat *end;                /* memo: endTagDeriv */
};

typedef enum {
  OP_OPEN = 1,
  OP_ATT,
  OP_TEXT,
} Op;

typedef struct {
  guint64 key;
  Pat *result;
} MemoEntry;

struct _RdtStructureCheck {
  GPtrArray *pats;           /* every Pat, by id */
  GHashTable *interned;      /* Pat (CHOICE, GROUP, ONE_OR_MORE, AFTER) -> itself */
  Pat *not_allowed, *empty, *text;
  Pat *start;
  GPtrArray *namespaces;     /* char*: index 0 is "" */
  GPtrArray *names_by_ns;    /* per namespace: GHashTable local name -> id */
  guint n_names;
  Pat *depends_on_value;     /* memo mark: this attribute derivative depends on the value */
  GPtrArray *name_sets;      /* guint64* bit sets */
  GHashTable *values;        /* string -> id */
  MemoEntry *memo;
  gsize memo_size, memo_used;
  gboolean exhausted;         /* past MAX_PATTERNS: not sure of anything */
  gboolean spent;             /* past a cap: still right, not kept */
};

/* ---------------------------------------------------------------- patterns */

static guint
pat_hash (gconstpointer p)
{
  const Pat *pat = p;

  return (guint) pat->kind * 2654435761u ^ pat->a->id * 40503u ^ (pat->b != NULL ? pat->b->id : 0u) * 2246822519u;
}

static gboolean
pat_equal (gconstpointer x,
           gconstpointer y)
{
  const Pat *p = x, *q = y;

  return p->kind == q->kind && p->a == q->a && p->b == q->b;
}

static void
pat_free (gpointer data)
{
  Pat *p = data;

  g_free (p->value);
  g_free (p);
}

static Pat *
pat_new (RdtStructureCheck *c,
         PatKind            kind)
{
  Pat *p = g_new0 (Pat, 1);

  p->id = c->pats->len;
  p->kind = kind;
  g_ptr_array_add (c->pats, p);
  if (c->pats->len > MAX_PATTERNS)
    c->exhausted = TRUE;
  return p;
}

/* The shared pattern (@kind, @a, @b), made once. */
static Pat *
intern (RdtStructureCheck *c,
        PatKind            kind,
        Pat               *a,
        Pat               *b)
{
  Pat key = { 0 }, *p;

  key.kind = kind;
  key.a = a;
  key.b = b;
  p = g_hash_table_lookup (c->interned, &key);
  if (p != NULL)
    return p;
  if (c->exhausted)
    return c->not_allowed;
  p = pat_new (c, kind);
  p->a = a;
  p->b = b;
  switch (kind)
    {
    case P_CHOICE:
      p->nullable = a->nullable || b->nullable;
      p->text_sensitive = a->text_sensitive || b->text_sensitive;
      break;
    case P_GROUP:
      p->nullable = a->nullable && b->nullable;
      p->text_sensitive = a->text_sensitive || b->text_sensitive;
      break;
    case P_ONE_OR_MORE:
      p->nullable = a->nullable;
      p->text_sensitive = a->text_sensitive;
      break;
    case P_AFTER:
      p->nullable = FALSE;
      p->text_sensitive = a->text_sensitive;
      break;
    default:
      g_assert_not_reached ();
    }
  g_hash_table_add (c->interned, p);
  return p;
}

static int
compare_ids (gconstpointer x,
             gconstpointer y)
{
  const Pat *p = *(Pat * const *) x, *q = *(Pat * const *) y;

  return p->id < q->id ? -1 : p->id > q->id;
}

static void
collect_alternatives (Pat       *p,
                      GPtrArray *out)
{
  while (p->kind == P_CHOICE)
    {
      collect_alternatives (p->a, out);
      p = p->b;
    }
  if (p->kind != P_NOT_ALLOWED)
    g_ptr_array_add (out, p);
}

/* A choice as a set: flattened, without duplicates, in id order, so that
 * equal sets are one pattern and the derivatives stay finitely many. */
static Pat *
choice (RdtStructureCheck *c,
        Pat               *a,
        Pat               *b)
{
  Pat *alternatives[64];
  g_autoptr(GPtrArray) all = NULL;
  Pat *result;
  guint n = 0;

  if (a->kind == P_NOT_ALLOWED || a == b)
    return b;
  if (b->kind == P_NOT_ALLOWED)
    return a;
  if (a->kind != P_CHOICE && b->kind != P_CHOICE)
    return a->id < b->id ? intern (c, P_CHOICE, a, b) : intern (c, P_CHOICE, b, a);
  all = g_ptr_array_sized_new (16);
  collect_alternatives (a, all);
  collect_alternatives (b, all);
  g_ptr_array_sort (all, compare_ids);
  for (guint i = 0; i < all->len; i++)
    {
      Pat *p = g_ptr_array_index (all, i);

      if (n > 0 && alternatives[n - 1] == p)
        continue;
      if (n == G_N_ELEMENTS (alternatives))
        {
          c->exhausted = TRUE;
          return c->not_allowed;
        }
      alternatives[n++] = p;
    }
  result = alternatives[n - 1];
  for (guint i = n - 1; i-- > 0;)
    result = intern (c, P_CHOICE, alternatives[i], result);
  return result;
}

static Pat *
group (RdtStructureCheck *c,
       Pat               *a,
       Pat               *b)
{
  if (a->kind == P_NOT_ALLOWED || b->kind == P_NOT_ALLOWED)
    return c->not_allowed;
  if (a->kind == P_EMPTY)
    return b;
  if (b->kind == P_EMPTY)
    return a;
  return intern (c, P_GROUP, a, b);
}

static Pat *
one_or_more (RdtStructureCheck *c,
             Pat               *a)
{
  if (a->kind == P_NOT_ALLOWED || a->kind == P_EMPTY)
    return a;
  return intern (c, P_ONE_OR_MORE, a, NULL);
}

static Pat *
after (RdtStructureCheck *c,
       Pat               *a,
       Pat               *b)
{
  if (a->kind == P_NOT_ALLOWED || b->kind == P_NOT_ALLOWED)
    return c->not_allowed;
  return intern (c, P_AFTER, a, b);
}

/* ------------------------------------------------------------------ memo */

static inline guint64
memo_key (Op      op,
          guint32 pattern,
          guint32 name,
          guint32 value)
{
  return (guint64) op << 61 | (guint64) (pattern & 0x1fffffff) << 32 | (guint64) (name & 0xfff) << 20 |
         (value & 0xfffff);
}

static inline gsize
memo_slot (guint64 key,
           gsize   size)
{
  key ^= key >> 29;
  key *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  key ^= key >> 32;
  return (gsize) key & (size - 1);
}

static Pat *
memo_get (RdtStructureCheck *c,
          guint64            key)
{
  for (gsize i = memo_slot (key, c->memo_size);; i = (i + 1) & (c->memo_size - 1))
    {
      if (c->memo[i].key == key)
        return c->memo[i].result;
      if (c->memo[i].key == 0)
        return NULL;
    }
}

static void
memo_put (RdtStructureCheck *c,
          guint64            key,
          Pat               *result)
{
  gsize i;

  if (c->memo_used >= MAX_MEMO)
    {
      c->spent = TRUE;
      return;
    }
  if ((c->memo_used + 1) * 2 > c->memo_size)
    {
      MemoEntry *old = c->memo;
      gsize old_size = c->memo_size;

      c->memo_size *= 2;
      c->memo = g_new0 (MemoEntry, c->memo_size);
      for (gsize k = 0; k < old_size; k++)
        if (old[k].key != 0)
          {
            for (i = memo_slot (old[k].key, c->memo_size); c->memo[i].key != 0; i = (i + 1) & (c->memo_size - 1))
              ;
            c->memo[i] = old[k];
          }
      g_free (old);
    }
  for (i = memo_slot (key, c->memo_size); c->memo[i].key != 0 && c->memo[i].key != key;
       i = (i + 1) & (c->memo_size - 1))
    ;
  if (c->memo[i].key == 0)
    c->memo_used++;
  c->memo[i].key = key;
  c->memo[i].result = result;
}

/* The id of @value for the memo (0: not remembered). */
static guint32
value_id (RdtStructureCheck *c,
          const char        *value)
{
  gpointer id;

  if (strlen (value) > MAX_VALUE_BYTES)
    return 0;
  if (g_hash_table_lookup_extended (c->values, value, NULL, &id))
    return GPOINTER_TO_UINT (id);
  if (g_hash_table_size (c->values) + 1 >= MAX_VALUES)
    {
      c->spent = TRUE;
      return 0;
    }
  id = GUINT_TO_POINTER (g_hash_table_size (c->values) + 1);
  g_hash_table_insert (c->values, g_strdup (value), id);
  return GPOINTER_TO_UINT (id);
}

/* ------------------------------------------------------------- datatypes */

static inline gboolean
is_xml_space (char ch)
{
  return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static gboolean
is_whitespace (const char *s)
{
  for (; *s != '\0'; s++)
    if (!is_xml_space (*s))
      return FALSE;
  return TRUE;
}

static char *
collapse (const char *s)
{
  GString *out = g_string_new (NULL);

  while (*s != '\0')
    {
      while (is_xml_space (*s))
        s++;
      if (*s == '\0')
        break;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      while (*s != '\0' && !is_xml_space (*s))
        g_string_append_c (out, *s++);
    }
  return g_string_free (out, FALSE);
}

/* Collapsed @s equals @collapsed, without a copy. */
static gboolean
token_equal (const char *s,
             const char *collapsed)
{
  const char *t = collapsed;

  while (is_xml_space (*s))
    s++;
  while (*s != '\0')
    {
      if (is_xml_space (*s))
        {
          while (is_xml_space (*s))
            s++;
          if (*s == '\0')
            break;
          if (*t++ != ' ')
            return FALSE;
          continue;
        }
      if (*t++ != *s++)
        return FALSE;
    }
  return *t == '\0';
}

/* xsd:positiveInteger, where certain: at most 18 digits (libxml2 2.9 refuses
 * some longer numbers XSD allows; those are left to it). */
static gboolean
positive_integer (const char *s)
{
  int digits = 0;
  gboolean nonzero = FALSE;

  while (is_xml_space (*s))
    s++;
  if (*s == '+')
    s++;
  for (; *s >= '0' && *s <= '9'; s++)
    {
      digits++;
      nonzero |= *s != '0';
    }
  while (is_xml_space (*s))
    s++;
  return *s == '\0' && digits > 0 && digits <= 18 && nonzero;
}

/* ----------------------------------------------------------- derivatives */

static Pat *text_deriv (RdtStructureCheck *c, Pat *p, const char *s, guint32 vid);

/* Clark's applyAfter with (flip group q) or (flip after q). */
static Pat *
apply_after (RdtStructureCheck *c,
             Pat               *p,
             PatKind            how,
             Pat               *q)
{
  switch (p->kind)
    {
    case P_AFTER:
      return after (c, p->a, how == P_GROUP ? group (c, p->b, q) : after (c, p->b, q));
    case P_CHOICE:
      return choice (c, apply_after (c, p->a, how, q), apply_after (c, p->b, how, q));
    default:
      return c->not_allowed;
    }
}

static inline gboolean
names_contain (const guint64 *names,
               guint          id)
{
  return id != 0 && (names[id / 64] >> (id % 64) & 1) != 0;
}

static Pat *
open_deriv (RdtStructureCheck *c,
            Pat               *p,
            guint              name)
{
  guint64 key;
  Pat *r;

  switch (p->kind)
    {
    case P_CHOICE: case P_GROUP: case P_ONE_OR_MORE: case P_AFTER: case P_ELEMENT:
      break;
    default:
      return c->not_allowed;
    }
  key = memo_key (OP_OPEN, p->id, name, 0);
  if ((r = memo_get (c, key)) != NULL)
    return r;
  switch (p->kind)
    {
    case P_CHOICE:
      r = choice (c, open_deriv (c, p->a, name), open_deriv (c, p->b, name));
      break;
    case P_ELEMENT:
      r = names_contain (p->names, name) ? after (c, p->a, c->empty) : c->not_allowed;
      break;
    case P_ONE_OR_MORE:
      r = apply_after (c, open_deriv (c, p->a, name), P_GROUP, choice (c, p, c->empty));
      break;
    case P_GROUP:
      r = apply_after (c, open_deriv (c, p->a, name), P_GROUP, p->b);
      if (p->a->nullable)
        r = choice (c, r, open_deriv (c, p->b, name));
      break;
    case P_AFTER:
      r = apply_after (c, open_deriv (c, p->a, name), P_AFTER, p->b);
      break;
    default:
      g_assert_not_reached ();
    }
  memo_put (c, key, r);
  return r;
}

static gboolean
value_match (RdtStructureCheck *c,
             Pat               *p,
             const char        *s)
{
  if (p->kind == P_TEXT)
    return TRUE;
  return (p->nullable && is_whitespace (s)) || text_deriv (c, p, s, 0)->nullable;
}

/* An attribute's value, read only when a derivative depends on it (most
 * attributes of the schema are text, whatever their value). */
typedef struct {
  const char *start, *end;   /* as SAX2 gives it: an "&" as "&#38;" */
  GString *decoded;          /* NULL until needed */
  GString *scratch;
  guint32 vid;               /* its id for the memo, once decoded (0: none) */
  gboolean used;             /* the derivative being computed read it */
} AttValue;

static const char *
att_value (RdtStructureCheck *c,
           AttValue          *v)
{
  if (v->decoded == NULL)
    {
      const char *q = v->start, *amp;

      v->decoded = v->scratch;
      g_string_truncate (v->decoded, 0);
      /* Without entity substitution libxml2 hands "&" over as "&#38;". */
      while ((amp = memchr (q, '&', v->end - q)) != NULL)
        {
          g_string_append_len (v->decoded, q, amp - q);
          g_string_append_c (v->decoded, '&');
          q = amp + (v->end - amp >= 5 && memcmp (amp, "&#38;", 5) == 0 ? 5 : 1);
        }
      g_string_append_len (v->decoded, q, v->end - q);
      v->vid = value_id (c, v->decoded->str);
    }
  return v->decoded->str;
}

/* Clark's attDeriv.  The memo holds each derivative under the value 0 when
 * it does not depend on the value, else a mark there and the derivative
 * under the value's id. */
static Pat *
att_deriv (RdtStructureCheck *c,
           Pat               *p,
           guint              name,
           AttValue          *v)
{
  guint64 key0;
  gboolean outer_used = v->used, used;
  Pat *r;

  switch (p->kind)
    {
    case P_CHOICE: case P_GROUP: case P_ONE_OR_MORE: case P_AFTER: case P_ATTRIBUTE:
      break;
    default:
      return c->not_allowed;
    }
  key0 = memo_key (OP_ATT, p->id, name, 0);
  r = memo_get (c, key0);
  if (r != NULL && r != c->depends_on_value)
    return r;
  if (r == c->depends_on_value)
    {
      v->used = TRUE;
      att_value (c, v);
      if (v->vid != 0 && (r = memo_get (c, memo_key (OP_ATT, p->id, name, v->vid))) != NULL)
        return r;
    }
  v->used = FALSE;
  switch (p->kind)
    {
    case P_AFTER:
      r = after (c, att_deriv (c, p->a, name, v), p->b);
      break;
    case P_CHOICE:
      r = att_deriv (c, p->a, name, v);
      r = choice (c, r, att_deriv (c, p->b, name, v));
      break;
    case P_GROUP:
      r = group (c, att_deriv (c, p->a, name, v), p->b);
      r = choice (c, r, group (c, p->a, att_deriv (c, p->b, name, v)));
      break;
    case P_ONE_OR_MORE:
      r = group (c, att_deriv (c, p->a, name, v), choice (c, p, c->empty));
      break;
    case P_ATTRIBUTE:
      if (!names_contain (p->names, name))
        r = c->not_allowed;
      else if (p->a->kind == P_TEXT)
        r = c->empty;
      else
        {
          v->used = TRUE;
          r = value_match (c, p->a, att_value (c, v)) ? c->empty : c->not_allowed;
        }
      break;
    default:
      g_assert_not_reached ();
    }
  used = v->used;
  v->used = outer_used || used;
  if (!used)
    memo_put (c, key0, r);
  else
    {
      memo_put (c, key0, c->depends_on_value);
      if (v->vid != 0)
        memo_put (c, memo_key (OP_ATT, p->id, name, v->vid), r);
    }
  return r;
}

static Pat *
close_deriv (RdtStructureCheck *c,
             Pat               *p)
{
  Pat *r;

  if (p->close != NULL)
    return p->close;
  switch (p->kind)
    {
    case P_AFTER:
      r = after (c, close_deriv (c, p->a), p->b);
      break;
    case P_CHOICE:
      r = choice (c, close_deriv (c, p->a), close_deriv (c, p->b));
      break;
    case P_GROUP:
      r = group (c, close_deriv (c, p->a), close_deriv (c, p->b));
      break;
    case P_ONE_OR_MORE:
      r = one_or_more (c, close_deriv (c, p->a));
      break;
    case P_ATTRIBUTE:
      r = c->not_allowed;
      break;
    default:
      r = p;
      break;
    }
  p->close = r;
  return r;
}

static Pat *
list_deriv (RdtStructureCheck *c,
            Pat               *p,
            const char        *s)
{
  g_auto(GStrv) words = NULL;
  g_autofree char *collapsed = collapse (s);

  if (*collapsed == '\0')
    return p;
  words = g_strsplit (collapsed, " ", -1);
  for (guint i = 0; words[i] != NULL && p->kind != P_NOT_ALLOWED; i++)
    p = text_deriv (c, p, words[i], 0);
  return p;
}

static Pat *
text_deriv (RdtStructureCheck *c,
            Pat               *p,
            const char        *s,
            guint32            vid)
{
  gboolean memo;
  guint64 key = 0;
  Pat *r;

  switch (p->kind)
    {
    case P_TEXT:
      return p;
    case P_VALUE:
      return (p->token ? token_equal (s, p->value) : strcmp (s, p->value) == 0) ? c->empty : c->not_allowed;
    case P_DATA:
      return p->data_type == DATA_ANY || positive_integer (s) ? c->empty : c->not_allowed;
    case P_LIST:
      return list_deriv (c, p->a, s)->nullable ? c->empty : c->not_allowed;
    case P_CHOICE: case P_GROUP: case P_ONE_OR_MORE: case P_AFTER:
      break;
    default:
      return c->not_allowed;
    }
  memo = !p->text_sensitive || vid != 0;
  if (memo)
    {
      key = memo_key (OP_TEXT, p->id, 0, p->text_sensitive ? vid : 0);
      if ((r = memo_get (c, key)) != NULL)
        return r;
    }
  switch (p->kind)
    {
    case P_CHOICE:
      r = choice (c, text_deriv (c, p->a, s, vid), text_deriv (c, p->b, s, vid));
      break;
    case P_GROUP:
      r = group (c, text_deriv (c, p->a, s, vid), p->b);
      if (p->a->nullable)
        r = choice (c, r, text_deriv (c, p->b, s, vid));
      break;
    case P_AFTER:
      r = after (c, text_deriv (c, p->a, s, vid), p->b);
      break;
    case P_ONE_OR_MORE:
      r = group (c, text_deriv (c, p->a, s, vid), choice (c, p, c->empty));
      break;
    default:
      g_assert_not_reached ();
    }
  if (memo)
    memo_put (c, key, r);
  return r;
}

static Pat *
end_deriv (RdtStructureCheck *c,
           Pat               *p)
{
  Pat *r;

  if (p->end != NULL)
    return p->end;
  switch (p->kind)
    {
    case P_CHOICE:
      r = choice (c, end_deriv (c, p->a), end_deriv (c, p->b));
      break;
    case P_AFTER:
      r = p->a->nullable ? p->b : c->not_allowed;
      break;
    default:
      r = c->not_allowed;
      break;
    }
  p->end = r;
  return r;
}

/* -------------------------------------------------------------- compiling */

typedef struct {
  RdtStructureCheck *c;
  xmlDoc *doc;
  GHashTable *defines;        /* name -> xmlNode <define> */
  GHashTable *compiled;       /* name -> Pat (NULL while in progress) */
  GHashTable *elements;       /* xmlNode <element> -> Pat */
  GQueue pending;             /* element Pats whose content is still to compile */
  GHashTable *element_nodes;  /* Pat -> xmlNode: its first content pattern */
  char *error;
} Compiler;

static gboolean
is_rng (xmlNode    *node,
        const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE && node->ns != NULL &&
         strcmp ((const char *) node->ns->href, RNG_NS) == 0 &&
         (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

static void
fail (Compiler   *cp,
      xmlNode    *node,
      const char *what)
{
  if (cp->error == NULL)
    cp->error = g_strdup_printf ("line %ld: <%s>: %s", node != NULL ? xmlGetLineNo (node) : 0L,
                                 node != NULL ? (const char *) node->name : "grammar", what);
}

/* An attribute of @node, or of its nearest ancestor that has it. */
static char *
inherited (xmlNode    *node,
           const char *name)
{
  for (; node != NULL && node->type == XML_ELEMENT_NODE; node = node->parent)
    {
      xmlChar *v = xmlGetNoNsProp (node, (const xmlChar *) name);

      if (v != NULL)
        return (char *) v;
    }
  return NULL;
}

static guint
name_id (RdtStructureCheck *c,
         const char        *ns,
         const char        *local,
         gboolean           add)
{
  guint index = 0;
  GHashTable *names;
  gpointer id;

  for (index = 0; index < c->namespaces->len; index++)
    if (strcmp (g_ptr_array_index (c->namespaces, index), ns) == 0)
      break;
  if (index == c->namespaces->len)
    {
      if (!add)
        return 0;
      g_ptr_array_add (c->namespaces, g_strdup (ns));
      g_ptr_array_add (c->names_by_ns, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL));
    }
  names = g_ptr_array_index (c->names_by_ns, index);
  if (g_hash_table_lookup_extended (names, local, NULL, &id))
    return GPOINTER_TO_UINT (id);
  if (!add || c->n_names >= MAX_NAMES)
    return 0;
  c->n_names++;
  g_hash_table_insert (names, g_strdup (local), GUINT_TO_POINTER (c->n_names));
  return c->n_names;
}

/* The names of a name class (<name> or <choice> of them) into @ids. */
static gboolean
collect_names (Compiler *cp,
               xmlNode  *node,
               GArray   *ids)
{
  if (is_rng (node, "name"))
    {
      g_autofree char *ns = inherited (node, "ns");
      g_autofree char *local = (char *) xmlNodeGetContent (node);
      g_autofree char *trimmed = local != NULL ? collapse (local) : NULL;
      guint id;

      if (trimmed == NULL || strchr (trimmed, ':') != NULL || *trimmed == '\0')
        {
          fail (cp, node, "a prefixed or empty name");
          return FALSE;
        }
      id = name_id (cp->c, ns != NULL ? ns : "", trimmed, TRUE);
      if (id == 0)
        {
          fail (cp, node, "too many names");
          return FALSE;
        }
      g_array_append_val (ids, id);
      return TRUE;
    }
  if (is_rng (node, "choice"))
    {
      for (xmlNode *k = node->children; k != NULL; k = k->next)
        if (k->type == XML_ELEMENT_NODE && !collect_names (cp, k, ids))
          return FALSE;
      return TRUE;
    }
  fail (cp, node, "a name class this check does not implement");
  return FALSE;
}

static const guint64 *
name_set (Compiler *cp,
          GArray   *ids)
{
  guint words = (MAX_NAMES + 1 + 63) / 64;
  guint64 *set = g_new0 (guint64, words);

  for (guint i = 0; i < ids->len; i++)
    {
      guint id = g_array_index (ids, guint, i);

      set[id / 64] |= G_GUINT64_CONSTANT (1) << (id % 64);
    }
  g_ptr_array_add (cp->c->name_sets, set);
  return set;
}

/* The name class of an <element> or <attribute>; *@first_pattern is the
 * first child that is a pattern. */
static const guint64 *
compile_name_class (Compiler  *cp,
                    xmlNode   *node,
                    gboolean   attribute,
                    xmlNode  **first_pattern)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *name = (char *) xmlGetNoNsProp (node, (const xmlChar *) "name");
  xmlNode *k = node->children;

  while (k != NULL && !is_rng (k, NULL))
    k = k->next;
  if (name != NULL)
    {
      g_autofree char *trimmed = collapse (name);
      g_autofree char *ns = attribute ? (char *) xmlGetNoNsProp (node, (const xmlChar *) "ns")
                                      : inherited (node, "ns");
      guint id;

      if (strchr (trimmed, ':') != NULL)
        {
          fail (cp, node, "a prefixed name");
          return NULL;
        }
      id = name_id (cp->c, ns != NULL ? ns : "", trimmed, TRUE);
      if (id == 0)
        {
          fail (cp, node, "too many names");
          return NULL;
        }
      g_array_append_val (ids, id);
    }
  else
    {
      if (k == NULL || !collect_names (cp, k, ids))
        {
          fail (cp, node, "no name class");
          return NULL;
        }
      k = k->next;
    }
  while (k != NULL && !is_rng (k, NULL))
    k = k->next;
  *first_pattern = k;
  return name_set (cp, ids);
}

static Pat *compile (Compiler *cp, xmlNode *node, int depth);

/* The patterns from @first on (siblings), combined as a group (Empty when
 * none) or as a choice (an error when none). */
static Pat *
compile_siblings (Compiler *cp,
                  xmlNode  *first,
                  gboolean  as_choice,
                  int       depth)
{
  Pat *result = NULL;

  for (xmlNode *k = first; k != NULL; k = k->next)
    {
      Pat *p;

      if (!is_rng (k, NULL))
        {
          if (k->type == XML_ELEMENT_NODE)
            {
              fail (cp, k, "an element outside the RELAX NG namespace");
              return NULL;
            }
          continue;
        }
      p = compile (cp, k, depth + 1);
      if (p == NULL)
        return NULL;
      result = result == NULL ? p : as_choice ? choice (cp->c, result, p) : group (cp->c, result, p);
    }
  if (result == NULL && as_choice)
    fail (cp, first != NULL ? first->parent : NULL, "an empty choice");
  if (result == NULL && !as_choice)
    result = cp->c->empty;
  return result;
}

static inline Pat *
compile_group (Compiler *cp,
               xmlNode  *first,
               int       depth)
{
  return compile_siblings (cp, first, FALSE, depth);
}

static Pat *
compile_ref (Compiler *cp,
             xmlNode  *node,
             int       depth)
{
  g_autofree char *name = (char *) xmlGetNoNsProp (node, (const xmlChar *) "name");
  xmlNode *define;
  gpointer done;
  Pat *p;

  if (name == NULL || (define = g_hash_table_lookup (cp->defines, name)) == NULL)
    {
      fail (cp, node, "a reference to no definition");
      return NULL;
    }
  if (g_hash_table_lookup_extended (cp->compiled, name, NULL, &done))
    {
      if (done == NULL)
        fail (cp, node, "a recursive definition outside an element");
      return done;
    }
  g_hash_table_insert (cp->compiled, g_strdup (name), NULL);
  p = compile_group (cp, define->children, depth);
  if (p != NULL)
    g_hash_table_insert (cp->compiled, g_strdup (name), p);
  return p;
}

static Pat *
compile (Compiler *cp,
         xmlNode  *node,
         int       depth)
{
  RdtStructureCheck *c = cp->c;
  const char *what = (const char *) node->name;
  Pat *p;

  if (depth > 200)
    {
      fail (cp, node, "nested too deep");
      return NULL;
    }
  if (strcmp (what, "element") == 0)
    {
      xmlNode *content;

      if ((p = g_hash_table_lookup (cp->elements, node)) != NULL)
        return p;
      p = pat_new (c, P_ELEMENT);
      p->names = compile_name_class (cp, node, FALSE, &content);
      if (p->names == NULL)
        return NULL;
      if (content == NULL)
        {
          fail (cp, node, "an element without content pattern");
          return NULL;
        }
      g_hash_table_insert (cp->elements, node, p);
      g_hash_table_insert (cp->element_nodes, p, content);
      /* The content later, so that recursion through elements ends. */
      g_queue_push_tail (&cp->pending, p);
      return p;
    }
  if (strcmp (what, "attribute") == 0)
    {
      xmlNode *content;
      const guint64 *names = compile_name_class (cp, node, TRUE, &content);
      Pat *value;

      if (names == NULL)
        return NULL;
      value = content != NULL ? compile_group (cp, content, depth) : c->text;
      if (value == NULL)
        return NULL;
      p = pat_new (c, P_ATTRIBUTE);
      p->names = names;
      p->a = value;
      return p;
    }
  if (strcmp (what, "group") == 0)
    return compile_group (cp, node->children, depth);
  if (strcmp (what, "choice") == 0)
    return compile_siblings (cp, node->children, TRUE, depth);
  if (strcmp (what, "optional") == 0)
    {
      p = compile_group (cp, node->children, depth);
      return p != NULL ? choice (c, p, c->empty) : NULL;
    }
  if (strcmp (what, "zeroOrMore") == 0)
    {
      p = compile_group (cp, node->children, depth);
      return p != NULL ? choice (c, one_or_more (c, p), c->empty) : NULL;
    }
  if (strcmp (what, "oneOrMore") == 0)
    {
      p = compile_group (cp, node->children, depth);
      return p != NULL ? one_or_more (c, p) : NULL;
    }
  if (strcmp (what, "ref") == 0)
    return compile_ref (cp, node, depth);
  if (strcmp (what, "empty") == 0)
    return c->empty;
  if (strcmp (what, "text") == 0)
    return c->text;
  if (strcmp (what, "notAllowed") == 0)
    return c->not_allowed;
  if (strcmp (what, "value") == 0)
    {
      g_autofree char *type = (char *) xmlGetNoNsProp (node, (const xmlChar *) "type");
      g_autofree char *library = type != NULL ? inherited (node, "datatypeLibrary") : NULL;
      g_autofree char *text = (char *) xmlNodeGetContent (node);
      gboolean builtin = type == NULL || library == NULL || *library == '\0';

      /* No type: the built-in token (RELAX NG 4.4). */
      if (!(type == NULL || strcmp (type, "token") == 0 || strcmp (type, "string") == 0) ||
          !(builtin || strcmp (library, XSD_LIBRARY) == 0))
        {
          fail (cp, node, "a value type this check does not implement");
          return NULL;
        }
      p = pat_new (c, P_VALUE);
      p->token = type == NULL || strcmp (type, "token") == 0;
      p->value = p->token ? collapse (text != NULL ? text : "") : g_strdup (text != NULL ? text : "");
      p->text_sensitive = TRUE;
      return p;
    }
  if (strcmp (what, "data") == 0)
    {
      g_autofree char *type = (char *) xmlGetNoNsProp (node, (const xmlChar *) "type");
      g_autofree char *library = inherited (node, "datatypeLibrary");

      for (xmlNode *k = node->children; k != NULL; k = k->next)
        if (is_rng (k, NULL))
          {
            fail (cp, k, "a data facet or exception this check does not implement");
            return NULL;
          }
      p = pat_new (c, P_DATA);
      p->text_sensitive = TRUE;
      if (type != NULL && (library == NULL || *library == '\0' || strcmp (library, XSD_LIBRARY) == 0) &&
          (strcmp (type, "token") == 0 || strcmp (type, "string") == 0))
        p->data_type = DATA_ANY;
      else if (type != NULL && library != NULL && strcmp (library, XSD_LIBRARY) == 0 &&
               strcmp (type, "positiveInteger") == 0)
        p->data_type = DATA_POSITIVE_INTEGER;
      else
        {
          fail (cp, node, "a datatype this check does not implement");
          return NULL;
        }
      return p;
    }
  if (strcmp (what, "list") == 0)
    {
      Pat *item = compile_group (cp, node->children, depth);

      if (item == NULL)
        return NULL;
      p = pat_new (c, P_LIST);
      p->a = item;
      p->text_sensitive = TRUE;
      return p;
    }
  fail (cp, node, "a pattern this check does not implement");
  return NULL;
}

/* The nullable flags of the patterns made at compile time (VALUE, DATA and
 * LIST are nullable only through text_deriv; the rest as Clark's). */
static void
set_leaf_flags (RdtStructureCheck *c)
{
  c->not_allowed->nullable = FALSE;
  c->empty->nullable = TRUE;
  c->text->nullable = TRUE;
}

RdtStructureCheck *
_rdt_structure_check_new (xmlDoc  *rng,
                          char   **error_message)
{
  RdtStructureCheck *c = g_new0 (RdtStructureCheck, 1);
  Compiler cp = { 0 };
  xmlNode *grammar = xmlDocGetRootElement (rng);
  xmlNode *start = NULL;

  c->pats = g_ptr_array_new_with_free_func (pat_free);
  c->interned = g_hash_table_new (pat_hash, pat_equal);
  c->namespaces = g_ptr_array_new_with_free_func (g_free);
  c->names_by_ns = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  c->name_sets = g_ptr_array_new_with_free_func (g_free);
  c->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->memo_size = 4096;
  c->memo = g_new0 (MemoEntry, c->memo_size);
  c->not_allowed = pat_new (c, P_NOT_ALLOWED);
  c->empty = pat_new (c, P_EMPTY);
  c->text = pat_new (c, P_TEXT);
  c->depends_on_value = pat_new (c, P_NOT_ALLOWED);
  set_leaf_flags (c);
  g_ptr_array_add (c->namespaces, g_strdup (""));
  g_ptr_array_add (c->names_by_ns, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL));

  cp.c = c;
  cp.doc = rng;
  cp.defines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  cp.compiled = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  cp.elements = g_hash_table_new (NULL, NULL);
  cp.element_nodes = g_hash_table_new (NULL, NULL);
  g_queue_init (&cp.pending);

  if (!is_rng (grammar, "grammar"))
    fail (&cp, grammar, "the root is not a RELAX NG grammar");
  else
    for (xmlNode *k = grammar->children; k != NULL && cp.error == NULL; k = k->next)
      {
        if (is_rng (k, "define"))
          {
            char *name = (char *) xmlGetNoNsProp (k, (const xmlChar *) "name");

            if (name == NULL || xmlHasProp (k, (const xmlChar *) "combine") != NULL ||
                g_hash_table_contains (cp.defines, name))
              {
                fail (&cp, k, "a combined, repeated or unnamed definition");
                xmlFree (name);
                break;
              }
            g_hash_table_insert (cp.defines, g_strdup (name), k);
            xmlFree (name);
          }
        else if (is_rng (k, "start"))
          {
            if (start != NULL || xmlHasProp (k, (const xmlChar *) "combine") != NULL)
              fail (&cp, k, "more than one start");
            start = k;
          }
        else if (is_rng (k, NULL))
          fail (&cp, k, "a grammar element this check does not implement");
      }
  if (cp.error == NULL && start == NULL)
    fail (&cp, grammar, "no start");
  if (cp.error == NULL)
    c->start = compile_group (&cp, start->children, 0);
  while (cp.error == NULL && !g_queue_is_empty (&cp.pending))
    {
      Pat *element = g_queue_pop_head (&cp.pending);
      xmlNode *content = g_hash_table_lookup (cp.element_nodes, element);

      element->a = compile_group (&cp, content, 0);
    }
  if (cp.error == NULL && c->exhausted)
    fail (&cp, grammar, "too many patterns");

  g_hash_table_unref (cp.defines);
  g_hash_table_unref (cp.compiled);
  g_hash_table_unref (cp.elements);
  g_hash_table_unref (cp.element_nodes);
  g_queue_clear (&cp.pending);
  if (cp.error != NULL)
    {
      if (error_message != NULL)
        *error_message = g_steal_pointer (&cp.error);
      g_free (cp.error);
      _rdt_structure_check_free (c);
      return NULL;
    }
  return c;
}

void
_rdt_structure_check_free (RdtStructureCheck *c)
{
  if (c == NULL)
    return;
  g_hash_table_unref (c->interned);
  g_ptr_array_unref (c->pats);
  g_ptr_array_unref (c->namespaces);
  g_ptr_array_unref (c->names_by_ns);
  g_ptr_array_unref (c->name_sets);
  g_hash_table_unref (c->values);
  g_free (c->memo);
  g_free (c);
}

guint
_rdt_structure_check_n_patterns (RdtStructureCheck *c)
{
  return c->pats->len;
}

gboolean
_rdt_structure_check_is_spent (RdtStructureCheck *c)
{
  return c->exhausted || c->spent;
}

/* ------------------------------------------------------------------ pool */

struct _RdtStructurePool {
  xmlDoc *rng;
  GMutex lock;
  GPtrArray *idle;
  gboolean broken;
};

RdtStructurePool *
_rdt_structure_pool_new (xmlDoc *rng)
{
  RdtStructurePool *pool = g_new0 (RdtStructurePool, 1);

  pool->rng = rng;
  g_mutex_init (&pool->lock);
  pool->idle = g_ptr_array_new ();
  return pool;
}

RdtStructureCheck *
_rdt_structure_pool_acquire (RdtStructurePool *pool)
{
  RdtStructureCheck *c = NULL;
  g_autofree char *error = NULL;

  if (pool == NULL)
    return NULL;
  g_mutex_lock (&pool->lock);
  if (pool->broken)
    {
      g_mutex_unlock (&pool->lock);
      return NULL;
    }
  if (pool->idle->len > 0)
    c = g_ptr_array_steal_index_fast (pool->idle, pool->idle->len - 1);
  g_mutex_unlock (&pool->lock);
  if (c != NULL)
    return c;
  /* Reading the schema document from several threads is safe. */
  c = _rdt_structure_check_new (pool->rng, &error);
  if (c == NULL)
    {
      g_mutex_lock (&pool->lock);
      pool->broken = TRUE;
      g_mutex_unlock (&pool->lock);
    }
  return c;
}

void
_rdt_structure_pool_release (RdtStructurePool  *pool,
                             RdtStructureCheck *c)
{
  if (c == NULL)
    return;
  /* One grown past a cap is not kept: the next file starts afresh. */
  if (c->exhausted || c->spent)
    {
      _rdt_structure_check_free (c);
      return;
    }
  g_mutex_lock (&pool->lock);
  g_ptr_array_add (pool->idle, c);
  g_mutex_unlock (&pool->lock);
}

/* ------------------------------------------------------------------- runs */

typedef struct {
  const xmlChar *local;
  const xmlChar *uri;
  guint id;
} CachedName;

struct _RdtStructureRun {
  RdtStructureCheck *c;
  Pat *p;
  gboolean failed;
  gboolean seen_root;
  int depth;
  GString *text;          /* the current text run, where the state reads it */
  gboolean text_nonspace; /* the current text run has more than white space */
  GByteArray *had_child;  /* per open element: it has child elements */
  GString *scratch;
  CachedName cache[NAME_CACHE];
};

RdtStructureRun *
_rdt_structure_run_new (RdtStructureCheck *c)
{
  RdtStructureRun *run = g_new0 (RdtStructureRun, 1);

  run->c = c;
  run->p = c != NULL ? c->start : NULL;
  run->failed = c == NULL;
  run->text = g_string_sized_new (256);
  run->had_child = g_byte_array_sized_new (64);
  run->scratch = g_string_sized_new (64);
  return run;
}

void
_rdt_structure_run_free (RdtStructureRun *run)
{
  if (run == NULL)
    return;
  g_string_free (run->text, TRUE);
  g_byte_array_unref (run->had_child);
  g_string_free (run->scratch, TRUE);
  g_free (run);
}

/* The name id of (@uri, @local); names come from the parser's dictionary,
 * one pointer per name, so most are found by address. */
static guint
run_name (RdtStructureRun *run,
          const xmlChar   *local,
          const xmlChar   *uri)
{
  /* Dictionary strings lie next to each other: mix all the bits. */
  guint64 h = ((guint64) (guintptr) local ^ (guint64) (guintptr) uri * 31) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  CachedName *slot = &run->cache[h >> 54];

  if (slot->local == local && slot->uri == uri)
    return slot->id;
  slot->local = local;
  slot->uri = uri;
  slot->id = name_id (run->c, uri != NULL ? (const char *) uri : "", (const char *) local, FALSE);
  return slot->id;
}

static void
run_set (RdtStructureRun *run,
         Pat             *p)
{
  run->p = p;
  if (p->kind == P_NOT_ALLOWED || run->c->exhausted)
    run->failed = TRUE;
}

/* The text run ends (a child element starts or the element ends). */
static void
run_flush_text (RdtStructureRun *run,
                gboolean         element_end)
{
  RdtStructureCheck *c = run->c;
  const char *s = run->text->str;   /* kept only where the pattern reads it */
  gboolean space = !run->text_nonspace;
  guint32 vid = 0;

  run->text_nonspace = FALSE;
  if (run->depth == 0)
    {
      g_string_truncate (run->text, 0);
      return;
    }
  if (run->p->text_sensitive && !(space && !element_end))
    vid = value_id (c, s);
  if (element_end && run->had_child->data[run->depth - 1] == 0)
    {
      /* An element without child elements: its text is one node, possibly
       * empty; white space may also match nothing (Clark's childrenDeriv). */
      Pat *d = text_deriv (c, run->p, s, vid);

      run_set (run, space ? choice (c, run->p, d) : d);
    }
  else if (!space)
    run_set (run, text_deriv (c, run->p, s, vid));
  g_string_truncate (run->text, 0);
}

void
_rdt_structure_run_start (RdtStructureRun  *run,
                          const xmlChar    *localname,
                          const xmlChar    *uri,
                          int               nb_attributes,
                          const xmlChar   **attributes)
{
  RdtStructureCheck *c = run->c;

  if (run->failed)
    return;
  if (run->depth == 0 && run->seen_root)
    {
      run->failed = TRUE;
      return;
    }
  run->seen_root = TRUE;
  if (run->depth > 0)
    {
      run_flush_text (run, FALSE);
      run->had_child->data[run->depth - 1] = 1;
      if (run->failed)
        return;
    }
  run_set (run, open_deriv (c, run->p, run_name (run, localname, uri)));
  for (int i = 0; i < nb_attributes && !run->failed; i++)
    {
      const xmlChar **a = attributes + 5 * i;
      AttValue value = { (const char *) a[3], (const char *) a[4], NULL, run->scratch, 0, FALSE };
      guint name = run_name (run, a[0], a[2]);

      if (name == 0)
        {
          run->failed = TRUE;
          break;
        }
      run_set (run, att_deriv (c, run->p, name, &value));
    }
  if (run->failed)
    return;
  run_set (run, close_deriv (c, run->p));
  g_byte_array_append (run->had_child, (const guint8 *) "", 1);
  run->had_child->data[run->depth] = 0;
  run->depth++;
}

void
_rdt_structure_run_text (RdtStructureRun *run,
                         const xmlChar   *text,
                         int              len)
{
  if (run->failed || run->depth == 0 || len <= 0)
    return;
  if (!run->text_nonspace)
    for (int i = 0; i < len; i++)
      if (!is_xml_space ((char) text[i]))
        {
          run->text_nonspace = TRUE;
          break;
        }
  /* The string itself only where the derivative depends on it: the state
   * does not change within a text run. */
  if (run->p->text_sensitive)
    g_string_append_len (run->text, (const char *) text, len);
}

void
_rdt_structure_run_end (RdtStructureRun *run)
{
  if (run->failed)
    return;
  if (run->depth == 0)
    {
      run->failed = TRUE;
      return;
    }
  run_flush_text (run, TRUE);
  if (run->failed)
    return;
  run_set (run, end_deriv (run->c, run->p));
  run->depth--;
  g_byte_array_set_size (run->had_child, run->depth);
}

void
_rdt_structure_run_doubt (RdtStructureRun *run)
{
  run->failed = TRUE;
}

gboolean
_rdt_structure_run_valid (RdtStructureRun *run)
{
  return !run->failed && run->seen_root && run->depth == 0 && run->p->nullable &&
         !run->c->exhausted;
}

/* ------------------------------------------------------------------ trees */

gboolean
_rdt_structure_check_tree (RdtStructureCheck *c,
                           xmlNode           *root)
{
  RdtStructureRun *run;
  GPtrArray *attributes = g_ptr_array_new ();
  GPtrArray *owned = g_ptr_array_new_with_free_func (g_free);
  xmlNode *node = root;
  gboolean valid;

  g_return_val_if_fail (c != NULL && root != NULL, FALSE);

  run = _rdt_structure_run_new (c);
  while (node != NULL && !run->failed)
    {
      switch (node->type)
        {
        case XML_ELEMENT_NODE:
          g_ptr_array_set_size (attributes, 0);
          g_ptr_array_set_size (owned, 0);
          for (xmlAttr *a = node->properties; a != NULL; a = a->next)
            {
              xmlChar *value = xmlNodeListGetString (node->doc, a->children, 1);
              GString *sax = g_string_new (NULL);
              char *kept;

              /* Values as SAX2 gives them: an "&" as "&#38;". */
              for (const xmlChar *q = value; q != NULL && *q != '\0'; q++)
                if (*q == '&')
                  g_string_append (sax, "&#38;");
                else
                  g_string_append_c (sax, (char) *q);
              xmlFree (value);
              kept = g_string_free (sax, FALSE);
              g_ptr_array_add (owned, kept);
              g_ptr_array_add (attributes, (gpointer) a->name);
              g_ptr_array_add (attributes, NULL);
              g_ptr_array_add (attributes, a->ns != NULL ? (gpointer) a->ns->href : NULL);
              g_ptr_array_add (attributes, kept);
              g_ptr_array_add (attributes, kept + strlen (kept));
            }
          _rdt_structure_run_start (run, node->name, node->ns != NULL ? node->ns->href : NULL,
                                    (int) attributes->len / 5, (const xmlChar **) attributes->pdata);
          if (node->children != NULL)
            {
              node = node->children;
              continue;
            }
          _rdt_structure_run_end (run);
          break;
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
          if (node->content != NULL)
            _rdt_structure_run_text (run, node->content, (int) strlen ((const char *) node->content));
          break;
        default:
          _rdt_structure_run_doubt (run);
          break;
        }
      /* Up to the next sibling, ending the elements left. */
      while (node != root && node->next == NULL)
        {
          node = node->parent;
          _rdt_structure_run_end (run);
        }
      if (node == root)
        break;
      node = node->next;
    }
  valid = _rdt_structure_run_valid (run);
  _rdt_structure_run_free (run);
  g_ptr_array_unref (attributes);
  g_ptr_array_unref (owned);
  return valid;
}
