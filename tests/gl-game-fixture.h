/* gl-game-fixture.h: the pieces of a small gridless scenario built in C and
 * the three ways a test applies a game action (issue 18), shared by the
 * gridless game tests.  Include after redoubt-core.h and <string.h>. */
#pragma once

static RdtGlPiece *
add_piece (RdtGridless    *g,
           const char     *id,
           const char     *side,
           const char     *command,
           RdtGlPieceType  type,
           double          x,
           double          y,
           double          facing)
{
  RdtGlPiece *p = g_new0 (RdtGlPiece, 1);

  p->id = g_strdup (id);
  p->side = g_strdup (side);
  p->command = g_strdup (command);
  p->type = type;
  p->centre = rdt_point (x, y);
  p->facing = facing;
  g_ptr_array_add (g->pieces, p);
  return p;
}

static void
add_command (RdtGridless *g,
             const char  *id,
             const char  *side,
             const char  *hq,
             const char  *chit,
             int          rating)
{
  RdtGlCommand *c = g_new0 (RdtGlCommand, 1);

  c->id = g_strdup (id);
  c->name = g_strdup (id);
  c->side = g_strdup (side);
  c->hq = g_strdup (hq);
  c->chit = g_strdup (chit);
  c->rating = rating;
  g_ptr_array_add (g->commands, c);
}

static void
ok (RdtGlGame  *game,
    const char *line)
{
  g_autoptr(GError) error = NULL;

  if (!rdt_gl_game_apply (game, line, NULL, &error))
    g_error ("“%s” refused: %s", line, error->message);
}

static char *
ok_result (RdtGlGame  *game,
           const char *line)
{
  g_autoptr(GError) error = NULL;
  char *result = NULL;

  if (!rdt_gl_game_apply (game, line, &result, &error))
    g_error ("“%s” refused: %s", line, error->message);
  return result;
}

/* The action is refused with a message containing @rule, and the state is
 * as it was. */
static void
refused (RdtGlGame  *game,
         const char *line,
         const char *rule)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = rdt_gl_game_digest (game);
  g_autofree char *after = NULL;
  guint n = rdt_gl_game_get_log (game)->len;

  if (rdt_gl_game_apply (game, line, NULL, &error))
    g_error ("“%s” accepted, expected refused by %s", line, rule);
  if (strstr (error->message, rule) == NULL)
    g_error ("“%s”: message “%s” does not name %s", line, error->message, rule);
  after = rdt_gl_game_digest (game);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (rdt_gl_game_get_log (game)->len, ==, n);
}
