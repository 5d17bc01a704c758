/* rdt-game-io.c: saved games: canonical writer, safe loader (issue 13). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>
#include <string.h>

#include "rdt-file-io.h"
#include "rdt-format-private.h"
#include "rdt-game-io.h"
#include "rdt-game-private.h"
#include "rdt-scenario-io.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

GBytes *
rdt_game_to_bytes (RdtGame  *game,
                   GError  **error)
{
  g_autoptr(GBytes) scenario = NULL;
  g_autofree char *digest = NULL;
  GString *out;
  const char *data, *body;
  gsize size;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);

  scenario = rdt_scenario_to_bytes (game->scenario, error);
  if (scenario == NULL)
    return NULL;
  data = g_bytes_get_data (scenario, &size);
  /* The scenario's own document without its XML declaration. */
  body = data;
  if (size > 5 && strncmp (data, "<?xml", 5) == 0)
    {
      const char *nl = memchr (data, '\n', size);

      body = nl != NULL ? nl + 1 : data + size;
    }
  digest = rdt_game_dup_state_digest (game);
  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append_printf (out, "<game xmlns=\"" RDT_FORMAT_NAMESPACE "\" format-version=\"%d\" "
                          "game-version=\"%d\" seed=\"%" G_GUINT64_FORMAT "\">\n",
                          RDT_FORMAT_VERSION, RDT_GAME_FILE_VERSION, rdt_game_get_seed (game));
  g_string_append_len (out, body, (gssize) (data + size - body));
  if (out->str[out->len - 1] != '\n')
    g_string_append_c (out, '\n');
  g_string_append (out, "<log>\n");
  for (guint i = 0; i < rdt_game_get_n_actions (game); i++)
    {
      g_autofree char *text = g_markup_escape_text (rdt_game_get_action (game, i), -1);

      g_string_append_printf (out, "  <action>%s</action>\n", text);
    }
  g_string_append (out, "</log>\n");
  g_string_append_printf (out, "<state turn=\"%d\" phase=\"%s\" actions=\"%u\" digest=\"%s\"/>\n",
                          rdt_game_get_turn (game), rdt_phase_get_info (rdt_game_get_phase (game))->id,
                          rdt_game_get_n_actions (game), digest);
  g_string_append (out, "</game>\n");
  return g_string_free_to_bytes (out);
}

gboolean
rdt_game_save_to_file (RdtGame     *game,
                       const char  *path,
                       GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize size;
  const void *data;

  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  bytes = rdt_game_to_bytes (game, error);
  if (bytes == NULL)
    return FALSE;
  /* What is written must load: validate before replacing anything. */
  if (!_rdt_format_check_bytes_to_save (bytes, path, error))
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  return rdt_file_save_atomic (path, data, size, NULL, RDT_SAVE_NONE, NULL, error);
}

static xmlNode *
child (xmlNode    *parent,
       const char *name)
{
  for (xmlNode *n = parent->children; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE && strcmp ((const char *) n->name, name) == 0)
      return n;
  return NULL;
}

static char *
prop (xmlNode    *node,
      const char *name)
{
  xmlChar *v = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *out = g_strdup ((const char *) v);

  xmlFree (v);
  return out;
}

/* The embedded <scenario> as a document of its own. */
static GBytes *
scenario_bytes (xmlDoc  *doc,
                xmlNode *node)
{
  g_autoptr(xmlDoc) sub = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *copy = xmlDocCopyNode (node, sub, 1);
  xmlChar *buf = NULL;
  int size = 0;
  GBytes *bytes;

  (void) doc;
  xmlDocSetRootElement (sub, copy);
  xmlReconciliateNs (sub, copy);
  xmlDocDumpMemoryEnc (sub, &buf, &size, "UTF-8");
  bytes = g_bytes_new (buf, (gsize) MAX (size, 0));
  xmlFree (buf);
  return bytes;
}

RdtGame *
rdt_game_load_from_bytes (GBytes      *bytes,
                          const char  *path_for_messages,
                          GPtrArray   *diagnostics,
                          GError     **error)
{
  const char *file = path_for_messages != NULL ? path_for_messages : "<memory>";
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GBytes) sbytes = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(RdtGame) game = NULL;
  g_autofree char *version = NULL, *seed_text = NULL, *digest = NULL, *want = NULL;
  xmlNode *root, *log, *state;
  guint64 seed, v;

  g_return_val_if_fail (bytes != NULL, NULL);

  doc = _rdt_format_parse_game (bytes, path_for_messages, diagnostics, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  version = prop (root, "game-version");
  if (!g_ascii_string_to_unsigned (version, 10, 1, RDT_GAME_FILE_VERSION, &v, NULL))
    {
      g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_NEWER_VERSION,
                   _("%s:%d: <game>: game-version %s is newer than this program supports (%d)"),
                   file, (int) xmlGetLineNo (root), version, RDT_GAME_FILE_VERSION);
      return NULL;
    }
  seed_text = prop (root, "seed");
  if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID,
                   _("%s:%d: <game>: the seed %s is out of range"),
                   file, (int) xmlGetLineNo (root), seed_text);
      return NULL;
    }
  sbytes = scenario_bytes (doc, child (root, "scenario"));
  /* The game file's path: a volume href resolves inside its folder. */
  scenario = rdt_scenario_load_from_bytes (sbytes, path_for_messages, diagnostics, error);
  if (scenario == NULL)
    return NULL;
  log = child (root, "log");
  for (xmlNode *n = log->children; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE)
      {
        xmlChar *text = xmlNodeGetContent (n);

        g_ptr_array_add (actions, g_strdup ((const char *) text));
        xmlFree (text);
      }
  game = rdt_game_replay (scenario, seed, (const char *const *) actions->pdata, actions->len, error);
  if (game == NULL)
    {
      g_prefix_error (error, "%s:%d: <log>: ", file, (int) xmlGetLineNo (log));
      return NULL;
    }
  state = child (root, "state");
  want = prop (state, "digest");
  digest = rdt_game_dup_state_digest (game);
  if (g_strcmp0 (want, digest) != 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_REPLAY,
                   _("%s:%d: <state>: replaying the log does not reach the saved state "
                     "(digest %s, saved %s)"),
                   file, (int) xmlGetLineNo (state), digest, want);
      return NULL;
    }
  return g_steal_pointer (&game);
}

RdtGame *
rdt_game_load_from_file (const char  *path,
                         GPtrArray   *diagnostics,
                         GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  bytes = rdt_file_read_bounded (path, RDT_FILE_DEFAULT_MAX_SIZE, NULL, error);
  if (bytes == NULL)
    return NULL;
  return rdt_game_load_from_bytes (bytes, path, diagnostics, error);
}
