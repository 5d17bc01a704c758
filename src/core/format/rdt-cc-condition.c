/* rdt-cc-condition.c: parsing the Close Combat DRM chart's conditions (see
 * the header for the vocabulary). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-cc-condition.h"
#include "rdt-unit.h"
#include "rdt-volume.h"

static void
term_free (gpointer data)
{
  RdtCcTerm *t = data;

  g_free (t->id);
  g_free (t->key);
  if (t->groups != NULL)
    g_ptr_array_unref (t->groups);
  g_free (t);
}

static gboolean
bad (GError    **error,
     const char *term)
{
  /* Translators: %s is one term of a condition such as "across:creek:some". */
  g_set_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_INVALID,
               _("cannot read the condition “%s” (see docs/volumes.md, Close Combat DRM chart)"), term);
  return FALSE;
}

static gboolean
parse_role (const char *text,
            int        *out)
{
  if (g_strcmp0 (text, "attacker") == 0)
    *out = 0;
  else if (g_strcmp0 (text, "defender") == 0)
    *out = 1;
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_quantifier (const char      *text,
                  gboolean         some_allowed,
                  RdtCcQuantifier *out)
{
  if (g_strcmp0 (text, "all") == 0)
    *out = RDT_CC_ALL;
  else if (g_strcmp0 (text, "any") == 0)
    *out = RDT_CC_ANY;
  else if (g_strcmp0 (text, "none") == 0)
    *out = RDT_CC_NONE;
  else if (some_allowed && g_strcmp0 (text, "some") == 0)
    *out = RDT_CC_SOME;
  else
    return FALSE;
  return TRUE;
}

static gboolean
is_id (const char *text)
{
  if (text == NULL || *text == '\0' || strlen (text) > 64)
    return FALSE;
  for (const char *p = text; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      return FALSE;
  return TRUE;
}

/* SEL: a kind, "white-r", "non-artillery" or KEY=VALUE. */
static gboolean
parse_selector (const char *text,
                RdtCcTerm  *t)
{
  const char *eq = strchr (text, '=');
  RdtUnitKind kind;

  if (eq == NULL)
    {
      if (strcmp (text, "white-r") == 0 || strcmp (text, "non-artillery") == 0)
        {
          t->key = g_strdup (text);
          return TRUE;
        }
      if (!rdt_unit_kind_from_string (text, &kind) || kind == RDT_UNIT_KIND_LEADER)
        return FALSE;
      t->key = g_strdup ("kind");
      t->id = g_strdup (text);
      return TRUE;
    }
  t->key = g_strndup (text, (gsize) (eq - text));
  t->id = g_strdup (eq + 1);
  if (!is_id (t->id))
    return FALSE;
  return g_strv_contains ((const char *const[]) { "unit", "nationality", "formation", "class", "state", "side", NULL },
                          t->key);
}

/* stack:ROLE:GROUP+GROUP[+GROUP], GROUP = [!]SEL[&[!]SEL...]. */
static gboolean
parse_stack (const char *text,
             RdtCcTerm  *t)
{
  g_auto(GStrv) groups = g_strsplit (text, "+", 5);
  guint n = g_strv_length (groups);

  if (n < 2 || n > 4)
    return FALSE;
  t->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint g = 0; g < n; g++)
    {
      g_auto(GStrv) atoms = g_strsplit (groups[g], "&", 5);
      GPtrArray *group = g_ptr_array_new_with_free_func (term_free);

      g_ptr_array_add (t->groups, group);
      if (g_strv_length (atoms) < 1 || g_strv_length (atoms) > 4)
        return FALSE;
      for (guint a = 0; atoms[a] != NULL; a++)
        {
          RdtCcTerm *sel = g_new0 (RdtCcTerm, 1);
          const char *p = atoms[a];

          g_ptr_array_add (group, sel);
          sel->kind = RDT_CC_TERM_UNITS;
          if (*p == '!')
            sel->negate = TRUE, p++;
          if (!parse_selector (p, sel))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_int (const char *text,
           int        *out)
{
  char *end = NULL;
  long v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = strtol (text, &end, 10);
  if (*end != '\0' || v < 0 || v > 999)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static gboolean
parse_term (const char *text,
            RdtCcTerm  *t)
{
  g_auto(GStrv) p = g_strsplit (text, ":", 4);
  guint n = g_strv_length (p);

  if (n == 2 && strcmp (p[0], "turn") == 0)
    {
      const char *dash = strchr (p[1], '-');

      t->kind = RDT_CC_TERM_TURN;
      if (dash == NULL)
        return parse_int (p[1], &t->from) && (t->to = t->from, TRUE);
      {
        g_autofree char *a = g_strndup (p[1], (gsize) (dash - p[1]));
        return parse_int (a, &t->from) && parse_int (dash + 1, &t->to) && t->from <= t->to;
      }
    }
  if (n == 2 && (strcmp (p[0], "attacker-side") == 0 || strcmp (p[0], "defender-side") == 0))
    {
      t->kind = RDT_CC_TERM_SIDE;
      t->role = p[0][0] == 'a' ? 0 : 1;
      t->id = g_strdup (p[1]);
      return is_id (p[1]);
    }
  if (n == 3 && parse_role (p[0], &t->role))
    {
      t->kind = RDT_CC_TERM_UNITS;
      return parse_quantifier (p[1], FALSE, &t->quantifier) && parse_selector (p[2], t);
    }
  if (n == 3 && strcmp (p[0], "lead") == 0)
    {
      t->kind = RDT_CC_TERM_LEAD;
      return parse_role (p[1], &t->role) && parse_selector (p[2], t);
    }
  if (n == 3 && (strcmp (p[0], "leader-with-lead") == 0 || strcmp (p[0], "only-leader") == 0))
    {
      t->kind = p[0][0] == 'l' ? RDT_CC_TERM_LEADER_WITH_LEAD : RDT_CC_TERM_ONLY_LEADER;
      t->id = g_strdup (p[2]);
      return parse_role (p[1], &t->role) && is_id (p[2]);
    }
  if (n == 2 && strcmp (p[0], "defender-terrain") == 0)
    {
      t->kind = RDT_CC_TERM_DEFENDER_TERRAIN;
      t->id = g_strdup (p[1]);
      return is_id (p[1]);
    }
  if (n == 3 && strcmp (p[0], "across") == 0)
    {
      t->kind = RDT_CC_TERM_ACROSS;
      t->id = g_strdup (p[1]);
      return is_id (p[1]) && parse_quantifier (p[2], TRUE, &t->quantifier);
    }
  if (n == 2 && (strcmp (p[0], "up-slope") == 0 || strcmp (p[0], "fieldwork") == 0))
    {
      t->kind = p[0][0] == 'u' ? RDT_CC_TERM_UP_SLOPE : RDT_CC_TERM_FIELDWORK;
      return parse_quantifier (p[1], TRUE, &t->quantifier);
    }
  if (n == 3 && strcmp (p[0], "stack") == 0)
    {
      t->kind = RDT_CC_TERM_STACK;
      return parse_role (p[1], &t->role) && parse_stack (p[2], t);
    }
  if (n == 3 && strcmp (p[0], "apart") == 0)
    {
      t->kind = RDT_CC_TERM_APART;
      return parse_role (p[1], &t->role) && parse_stack (p[2], t) && t->groups->len == 2;
    }
  if (n == 4 && (strcmp (p[0], "terrain") == 0 || strcmp (p[0], "area") == 0))
    {
      t->kind = p[0][0] == 't' ? RDT_CC_TERM_TERRAIN : RDT_CC_TERM_AREA;
      t->id = g_strdup (p[3]);
      return parse_role (p[1], &t->role) && parse_quantifier (p[2], FALSE, &t->quantifier) && is_id (p[3]);
    }
  if (n == 2 && strcmp (p[0], "surrounded") == 0)
    {
      t->kind = RDT_CC_TERM_SURROUNDED;
      return parse_role (p[1], &t->role);
    }
  return FALSE;
}

GPtrArray *
rdt_cc_condition_parse (const char  *text,
                        GError     **error)
{
  g_autoptr(GPtrArray) terms = g_ptr_array_new_with_free_func (term_free);
  g_auto(GStrv) parts = NULL;

  if (text == NULL)
    return g_steal_pointer (&terms);
  parts = g_strsplit_set (text, " \t\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      RdtCcTerm *t;

      if (*parts[i] == '\0' || strcmp (parts[i], "always") == 0)
        continue;
      /* Bound the work a hostile file can ask for. */
      if (terms->len >= 32)
        {
          bad (error, parts[i]);
          return NULL;
        }
      t = g_new0 (RdtCcTerm, 1);
      g_ptr_array_add (terms, t);
      if (!parse_term (parts[i], t))
        {
          bad (error, parts[i]);
          return NULL;
        }
    }
  return g_steal_pointer (&terms);
}
