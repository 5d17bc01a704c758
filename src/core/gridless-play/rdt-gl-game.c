/* rdt-gl-game.c: a Pub Battles game in progress on a gridless map (issue 18).
 * Rules: pub-battles-brandywine.txt (How the Turns Work, How the Pieces Move,
 * How to Resolve Combat, How to Alter Turn Order, Optional HQ Alter, Terrain
 * Effects); the action language: docs/gridless-play.md. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-gl-game.h"
#include "rdt-diagnostic.h"
#include "rdt-gridless-io.h"
#include "rdt-gridless-move.h"
#include "rdt-gridless-rules.h"

#define MAX_LOG 100000   /* actions in one game (clamp for saved games) */

typedef struct {
  RdtPoint centre;
  double facing;
  gboolean spent;
  gboolean road_column;
} StartPose;

struct _RdtGlGame {
  RdtGridless *g;
  StartPose *start;
  RdtGlPieceState *st;
  RdtDie die;
  gboolean optional_alter;     /* Optional HQ Alter */
  int turn;
  RdtGlPhase phase;
  GPtrArray *cup;              /* command ids */
  char *current;               /* (nullable) */
  char *after;                 /* (nullable) Move Now: the pulled chit that moves next */
  gboolean current_acted;      /* a piece of the current command has acted */
  gboolean alter_this_pull;    /* Optional HQ Alter: "only 1 Alter per Chit Pull" */
  GHashTable *commands_moved;  /* command ids that moved this turn */
  int rounds_in_combat;
  int combats;                 /* Combats declared by engage this turn */
  /* Brandywine Scenario: Setup, Start Options, Early Start Option; Optional
   * Baggage Trains. */
  char *reinforcements;        /* (nullable) option reinforcements: the zone's option word */
  gboolean early_start;        /* option early-start */
  gboolean baggage;            /* option baggage */
  gboolean reserves;           /* option hidden-reserves */
  char **orig_command;         /* each piece's command in the file (Reassignment) */
  const RdtGlZone *placing;    /* (nullable) the placement zone in progress */
  /* How to Resolve Combat, Order: the chooser's order of the Combats left
   * this turn (piece ids, one per Combat), NULL until `order` is given. */
  char **order;
  char *order_side;
  GPtrArray *log;
  GPtrArray *results;
};

G_DEFINE_QUARK (rdt-gl-game-error-quark, rdt_gl_game_error)
#define ERR rdt_gl_game_error_quark ()

/* ------------------------------------------------------------- helpers */

static int
piece_index (RdtGlGame  *game,
             const char *id)
{
  for (guint i = 0; i < game->g->pieces->len; i++)
    if (g_strcmp0 (((RdtGlPiece *) g_ptr_array_index (game->g->pieces, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static RdtGlPiece *
piece_at (RdtGlGame *game,
          int        i)
{
  return g_ptr_array_index (game->g->pieces, i);
}

static const RdtGlCommand *
find_command (RdtGlGame  *game,
              const char *id)
{
  for (guint i = 0; i < game->g->commands->len; i++)
    {
      const RdtGlCommand *c = g_ptr_array_index (game->g->commands, i);
      if (g_strcmp0 (c->id, id) == 0)
        return c;
    }
  return NULL;
}

static const RdtGlCommand *
command_of_hq (RdtGlGame  *game,
               const char *hq)
{
  for (guint i = 0; i < game->g->commands->len; i++)
    {
      const RdtGlCommand *c = g_ptr_array_index (game->g->commands, i);
      if (g_strcmp0 (c->hq, hq) == 0)
        return c;
    }
  return NULL;
}

/* One face of a six-sided die ("Results of 4 or higher inflict hits"). */
static int
roll_d6 (RdtGlGame *game)
{
  return (int) rdt_die_uniform (&game->die, 6) + 1;
}

static gboolean
parse_point (const char *text,
             RdtPoint   *p)
{
  g_auto(GStrv) xy = g_strsplit (text, ",", 3);
  char *e1 = NULL, *e2 = NULL;

  if (g_strv_length (xy) != 2)
    return FALSE;
  p->x = g_ascii_strtod (xy[0], &e1);
  p->y = g_ascii_strtod (xy[1], &e2);
  return e1 != xy[0] && *e1 == '\0' && e2 != xy[1] && *e2 == '\0' && isfinite (p->x) && isfinite (p->y);
}

static gboolean
parse_facing (const char *text,
              double     *f)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !isfinite (v) || fabs (v) > 3600)
    return FALSE;
  *f = fmod (fmod (v, 360) + 360, 360);
  return TRUE;
}

static gboolean
enemies (const RdtGlPiece *a,
         const RdtGlPiece *b)
{
  return g_strcmp0 (a->side, b->side) != 0;
}

static gboolean
alive (RdtGlGame *game,
       int        i)
{
  /* Destroyed, not yet on the table (Setup, reinforcements), or on a
   * Reserve Card (Optional Hidden Reserves). */
  return !game->st[i].destroyed && !game->st[i].off_map && game->st[i].reserve_of == NULL;
}

static gboolean
in_contact (RdtGlGame        *game,
            const RdtGlPiece *a,
            const RdtGlPiece *b)
{
  RdtGlContact c;

  rdt_gl_contact (game->g, a, b, &c);
  return c.in_contact == RDT_GL_YES;
}

static RdtGlVerdict
in_fof (RdtGlGame        *game,
        const RdtGlPiece *firer,
        const RdtGlPiece *target)
{
  RdtGlFof f;
  RdtGlVerdict v;

  rdt_gl_fof (game->g, firer, target, &f);
  v = f.verdict;
  rdt_gl_fof_clear (&f);
  return v;
}

/* Is piece @i in contact with an enemy or in an enemy FoF (Rally)? */
static const char *
threatened (RdtGlGame *game,
            int        i)
{
  const RdtGlPiece *p = piece_at (game, i);

  for (guint k = 0; k < game->g->pieces->len; k++)
    {
      const RdtGlPiece *o = piece_at (game, k);
      if ((int) k == i || !alive (game, k) || !enemies (p, o))
        continue;
      if (in_contact (game, p, o) || in_fof (game, o, p) == RDT_GL_YES)
        return o->id;
    }
  return NULL;
}

static int
level_of (RdtGlGame        *game,
          const RdtGlPiece *p)
{
  RdtGlTerrain t;

  rdt_gl_piece_terrain (game->g, p, &t);
  return t.level;
}

/* Terrain Effects, Buildings: "Pieces in Buildings become Spent". */
static gboolean
in_buildings (RdtGlGame        *game,
              const RdtGlPiece *p)
{
  RdtGlTerrain t;

  rdt_gl_piece_terrain (game->g, p, &t);
  return t.has_majority == RDT_GL_YES && t.majority == RDT_GL_AREA_BUILDINGS;
}

gboolean
rdt_gl_game_command_ineffective (RdtGlGame  *game,
                                 const char *command)
{
  guint n = 0, killed = 0;

  for (guint i = 0; i < game->g->pieces->len; i++)
    if (g_strcmp0 (piece_at (game, i)->command, command) == 0)
      {
        n++;
        killed += game->st[i].destroyed;
      }
  /* Ineffective: "A Command that has suffered 50% losses (killed pieces)". */
  return n > 0 && 2 * killed >= n;
}

static gboolean
strv_has (char       **v,
          const char  *s)
{
  return v != NULL && s != NULL && g_strv_contains ((const char *const *) v, s);
}

/* The zone of kind @kind (and option @option, when given). */
static const RdtGlZone *
zone_of_kind (RdtGlGame     *game,
              RdtGlZoneKind  kind,
              const char    *option)
{
  for (guint i = 0; i < game->g->zones->len; i++)
    {
      const RdtGlZone *z = g_ptr_array_index (game->g->zones, i);
      if (z->kind == kind && (option == NULL || g_strcmp0 (z->option, option) == 0))
        return z;
    }
  return NULL;
}

/* Where and when @command enters: the Early Start Option's zone for the
 * first command ("advancing the British first command onto the map", on the
 * game's first turn), the chosen reinforcement zone (on its turn: Start
 * Options), or none (G_MININT: placed at set-up, or no set-up). */
static int
command_entry_turn (RdtGlGame        *game,
                    const char       *command,
                    const RdtGlZone **zone)
{
  const RdtGlZone *r, *e;

  if (zone != NULL)
    *zone = NULL;
  if (game->reinforcements == NULL || command == NULL)
    return G_MININT;
  r = zone_of_kind (game, RDT_GL_ZONE_REINFORCEMENT, game->reinforcements);
  e = game->early_start ? zone_of_kind (game, RDT_GL_ZONE_EARLY_ENTRY, NULL) : NULL;
  if (e != NULL && r != NULL && strv_has (e->commands, command))
    {
      if (zone != NULL)
        *zone = e;
      return r->turn - e->turns_early;
    }
  if (r != NULL && strv_has (r->commands, command))
    {
      if (zone != NULL)
        *zone = r;
      return r->turn;
    }
  return G_MININT;
}

static void
fill_cup (RdtGlGame *game)
{
  g_ptr_array_set_size (game->cup, 0);
  for (guint i = 0; i < game->g->commands->len; i++)
    {
      const RdtGlCommand *c = g_ptr_array_index (game->g->commands, i);
      /* How the Turns Work, step 1: "Place all Command Chits in a cup";
       * a command still to enter (Setup: "enters the map on Turn 1";
       * Start Options; Early Start Option) joins it on its turn. */
      if (c->chit != NULL && game->turn >= command_entry_turn (game, c->id, NULL))
        g_ptr_array_add (game->cup, g_strdup (c->id));
    }
}

static gboolean
cup_remove (RdtGlGame  *game,
            const char *id)
{
  for (guint i = 0; i < game->cup->len; i++)
    if (g_str_equal (g_ptr_array_index (game->cup, i), id))
      {
        g_ptr_array_remove_index (game->cup, i);
        return TRUE;
      }
  return FALSE;
}

static void
set_str (char      **slot,
         const char *v)
{
  g_free (*slot);
  *slot = g_strdup (v);
}

/* ------------------------------------------------------------ lifetime */

static void
reset (RdtGlGame *game)
{
  guint n = game->g->pieces->len;

  for (guint i = 0; i < n; i++)
    {
      RdtGlPiece *p = piece_at (game, i);
      p->centre = game->start[i].centre;
      p->facing = game->start[i].facing;
      p->spent = game->start[i].spent;
      p->road_column = game->start[i].road_column;
      p->destroyed = FALSE;
      memset (&game->st[i], 0, sizeof game->st[i]);
      game->st[i].moved_from_level = -1;
    }
  rdt_die_init (&game->die, game->die.seed);
  game->optional_alter = FALSE;
  g_clear_pointer (&game->reinforcements, g_free);
  game->early_start = FALSE;
  game->baggage = FALSE;
  game->reserves = FALSE;
  game->placing = NULL;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (piece_at (game, i)->command, game->orig_command[i]) != 0)
      {
        g_free (piece_at (game, i)->command);
        piece_at (game, i)->command = g_strdup (game->orig_command[i]);
      }
  game->turn = 1;
  game->phase = RDT_GL_PHASE_COMMANDS;
  fill_cup (game);
  g_clear_pointer (&game->current, g_free);
  g_clear_pointer (&game->after, g_free);
  game->current_acted = FALSE;
  game->alter_this_pull = FALSE;
  g_hash_table_remove_all (game->commands_moved);
  game->rounds_in_combat = 0;
  game->combats = 0;
  g_clear_pointer (&game->order, g_strfreev);
  g_clear_pointer (&game->order_side, g_free);
  g_ptr_array_set_size (game->log, 0);
  g_ptr_array_set_size (game->results, 0);
}

RdtGlGame *
rdt_gl_game_new (RdtGridless *gridless,
                 guint64      seed)
{
  RdtGlGame *game = g_new0 (RdtGlGame, 1);
  guint n = gridless->pieces->len;

  game->g = gridless;
  game->start = g_new0 (StartPose, MAX (n, 1));
  game->st = g_new0 (RdtGlPieceState, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const RdtGlPiece *p = g_ptr_array_index (gridless->pieces, i);
      game->start[i] = (StartPose) { p->centre, p->facing, p->spent, p->road_column };
    }
  game->orig_command = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    game->orig_command[i] = g_strdup (((const RdtGlPiece *) g_ptr_array_index (gridless->pieces, i))->command);
  game->cup = g_ptr_array_new_with_free_func (g_free);
  game->commands_moved = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  game->log = g_ptr_array_new_with_free_func (g_free);
  game->results = g_ptr_array_new_with_free_func (g_free);
  game->die.seed = seed;
  reset (game);
  return game;
}

void
rdt_gl_game_free (RdtGlGame *game)
{
  if (game == NULL)
    return;
  for (guint i = 0; i < game->g->pieces->len; i++)
    g_free (game->orig_command[i]);
  g_free (game->orig_command);
  rdt_gridless_free (game->g);
  g_free (game->start);
  g_free (game->st);
  g_ptr_array_unref (game->cup);
  g_free (game->current);
  g_free (game->after);
  g_free (game->reinforcements);
  g_strfreev (game->order);
  g_free (game->order_side);
  g_hash_table_unref (game->commands_moved);
  g_ptr_array_unref (game->log);
  g_ptr_array_unref (game->results);
  g_free (game);
}

const RdtGridless *
rdt_gl_game_get_gridless (RdtGlGame *game)
{
  return game->g;
}

const RdtGlPieceState *
rdt_gl_game_get_state (RdtGlGame  *game,
                       const char *piece_id)
{
  int i = piece_index (game, piece_id);
  return i >= 0 ? &game->st[i] : NULL;
}

int
rdt_gl_game_get_turn (RdtGlGame *game)
{
  return game->turn;
}

RdtGlPhase
rdt_gl_game_get_phase (RdtGlGame *game)
{
  return game->phase;
}

const char *
rdt_gl_game_get_current (RdtGlGame *game)
{
  return game->current;
}

GPtrArray *
rdt_gl_game_get_cup (RdtGlGame *game)
{
  return game->cup;
}

guint64
rdt_gl_game_get_seed (RdtGlGame *game)
{
  return game->die.seed;
}

GPtrArray *
rdt_gl_game_get_log (RdtGlGame *game)
{
  return game->log;
}

GPtrArray *
rdt_gl_game_get_results (RdtGlGame *game)
{
  return game->results;
}

const RdtGlZone *
rdt_gl_game_get_setup_zone (RdtGlGame *game)
{
  return game->phase == RDT_GL_PHASE_SETUP ? game->placing : NULL;
}

const RdtGlZone *
rdt_gl_game_get_entry_zone (RdtGlGame  *game,
                            const char *piece_id,
                            int        *turn)
{
  int i = piece_index (game, piece_id);
  const RdtGlZone *z = NULL;
  int t;

  if (i < 0 || !game->st[i].off_map)
    return NULL;
  t = command_entry_turn (game, piece_at (game, i)->command, &z);
  if (turn != NULL)
    *turn = t;
  return z;
}

static int reserve_count (RdtGlGame *game, const char *hq, double *slowest);

/* -------------------------------------------------------------- actions */

#define FAIL(...) G_STMT_START { g_set_error (error, ERR, 0, __VA_ARGS__); return FALSE; } G_STMT_END

static gboolean
need_piece (RdtGlGame   *game,
            const char  *id,
            int         *out,
            GError     **error)
{
  *out = piece_index (game, id);
  if (*out < 0)
    FAIL (_("no piece “%s” in the scenario"), id);
  if (game->st[*out].destroyed)
    FAIL (_("%s has been destroyed"), id);
  if (game->st[*out].off_map)
    FAIL (_("%s is off map (Brandywine Scenario, Setup: not yet placed or entered; “place” or “enter” it)"), id);
  if (game->st[*out].reserve_of != NULL)
    FAIL (_("Optional Hidden Reserves: %s is on the Reserve Card of %s (“deploy” moves it out)"), id,
          game->st[*out].reserve_of);
  return TRUE;
}

/* How the Turns Work, step 2: "Pull a Command Chit randomly from the cup". */
static gboolean
act_pull (RdtGlGame  *game,
          GString    *res,
          GError    **error)
{
  guint k;

  if (game->phase != RDT_GL_PHASE_COMMANDS)
    FAIL (_("How the Turns Work: chits are pulled before combat (steps 2-4); end the turn first"));
  if (game->current != NULL)
    g_hash_table_add (game->commands_moved, g_strdup (game->current));
  game->alter_this_pull = FALSE;
  game->current_acted = FALSE;
  if (game->after != NULL)
    {
      /* Move Now: the chit pulled before the jump moves now. */
      g_free (game->current);
      game->current = g_steal_pointer (&game->after);
      g_string_append_printf (res, "%s moves after the jump", game->current);
      return TRUE;
    }
  if (game->cup->len == 0)
    FAIL (_("How the Turns Work, step 4: the cup is empty; go on to combat (step 5)"));
  k = rdt_die_uniform (&game->die, game->cup->len);
  set_str (&game->current, g_ptr_array_index (game->cup, k));
  g_ptr_array_remove_index (game->cup, k);
  g_string_append_printf (res, "pulled %s", game->current);
  return TRUE;
}

/* How to Alter Turn Order (die roll) and Optional HQ Alter (no roll). */
static gboolean
act_alter (RdtGlGame   *game,
           char       **w,
           GString     *res,
           GError     **error)
{
  int i;
  const RdtGlCommand *cmd, *own;
  gboolean delay, ok;
  RdtGlPiece *hq;
  guint n = g_strv_length (w);

  if ((n != 3 && n != 4) || (!g_str_equal (w[2], "delay") && !g_str_equal (w[2], "now")))
    FAIL (_("usage: alter HQ delay|now [COMMAND]"));
  if (!need_piece (game, w[1], &i, error))
    return FALSE;
  hq = piece_at (game, i);
  own = cmd = command_of_hq (game, hq->id);
  if (n == 4)
    {
      /* How to Alter Turn Order, Note: "The Army Commander can also roll for
       * one of his Commands if he is within Command Range of that HQ (1/3 Cav
       * move)."  He rolls his own rating and uses his own once per turn. */
      int h = -1;
      RdtGlCommandRange cr;
      if (hq->type != RDT_GL_HQ || own == NULL || (!own->army && own->chit != NULL))
        FAIL (_("How to Alter Turn Order, Note: only the Army Commander rolls for another Command (%s is not an Army HQ)"),
              hq->id);
      cmd = find_command (game, w[3]);
      if (cmd == NULL || g_strcmp0 (cmd->side, own->side) != 0 || cmd->chit == NULL)
        FAIL (_("How to Alter Turn Order, Note: “%s” is not one of his Commands with a chit"), w[3]);
      if (cmd->hq != NULL)
        for (guint k = 0; k < game->g->pieces->len; k++)
          if (g_strcmp0 (piece_at (game, k)->id, cmd->hq) == 0 && alive (game, k))
            h = (int) k;
      if (h < 0)
        FAIL (_("How to Alter Turn Order, Note: %s has no HQ on the map"), cmd->id);
      rdt_gl_command_range (game->g, hq, piece_at (game, h), &cr);
      if (cr.verdict != RDT_GL_YES)
        FAIL (_("How to Alter Turn Order, Note: %s is not within Command Range (1/3 Cav move) of %s"), hq->id,
              cmd->hq);
    }
  else if (hq->type != RDT_GL_HQ || cmd == NULL || cmd->chit == NULL)
    FAIL (_("How to Alter Turn Order: %s is not the HQ of a command with a chit"), hq->id);
  if (game->phase != RDT_GL_PHASE_COMMANDS || game->current == NULL || game->current_acted)
    FAIL (_("How to Alter Turn Order: an alter is tried just after a chit is pulled, before its pieces move"));
  delay = g_str_equal (w[2], "delay");
  if (delay && g_strcmp0 (game->current, cmd->id) != 0)
    FAIL (_("How to Alter Turn Order, Delay: only the HQ of the just pulled chit may delay"));
  if (delay && game->cup->len == 0)
    FAIL (_("How to Alter Turn Order, Delay: the cup is empty, there is no chit to draw instead"));
  if (!delay && (g_strcmp0 (game->current, cmd->id) == 0 || !g_ptr_array_find_with_equal_func (game->cup, cmd->id, g_str_equal, NULL)))
    FAIL (_("How to Alter Turn Order, Move Now: the chit of %s is not in the cup"), cmd->id);
  if (game->optional_alter)
    {
      /* Optional HQ Alter: no die roll, once per chit pull, and only for an
       * HQ whose command has not moved this turn. */
      if (game->alter_this_pull)
        FAIL (_("Optional HQ Alter: there can only be 1 Alter per Chit Pull"));
      if (g_hash_table_contains (game->commands_moved, cmd->id))
        FAIL (_("Optional HQ Alter: %s has already moved this turn"), cmd->id);
      ok = TRUE;
      game->alter_this_pull = TRUE;
      g_string_append_printf (res, "%s %s (optional rule, no roll)", cmd->id, w[2]);
    }
  else
    {
      int r;
      if (game->st[i].altered)
        FAIL (_("How to Alter Turn Order: once per turn, each HQ may attempt to alter (%s has)"), hq->id);
      if (own->rating <= 0)
        FAIL (_("How to Alter Turn Order: %s has no rating in the scenario"), hq->id);
      r = roll_d6 (game);
      ok = r <= own->rating;
      game->st[i].altered = TRUE;
      /* "Flip the HQ, name side up to show it has already rolled this turn: Spent." */
      hq->spent = TRUE;
      g_string_append_printf (res, "%s %s%s%s: rolled %d against rating %d%s: %s", cmd->id, w[2],
                              own != cmd ? " by Army Commander " : "", own != cmd ? hq->id : "", r, own->rating,
                              own->rating_provisional ? " (provisional)" : "", ok ? "success" : "failure");
    }
  if (!ok)
    return TRUE;
  if (delay)
    {
      /* "Return your just pulled chit to the cup AFTER you draw a new one." */
      guint k = rdt_die_uniform (&game->die, game->cup->len);
      g_autofree char *old = g_steal_pointer (&game->current);
      game->current = g_strdup (g_ptr_array_index (game->cup, k));
      g_ptr_array_remove_index (game->cup, k);
      g_ptr_array_add (game->cup, g_steal_pointer (&old));
      g_string_append_printf (res, "; pulled %s instead", game->current);
    }
  else
    {
      /* "Jump ahead in sequence and move before the pulled Chit." */
      cup_remove (game, cmd->id);
      g_free (game->after);
      game->after = g_steal_pointer (&game->current);
      game->current = g_strdup (cmd->id);
      g_string_append_printf (res, "; %s moves now, %s after", game->current, game->after);
    }
  return TRUE;
}

/* Can piece @i act for the pulled command? */
static gboolean
may_act (RdtGlGame  *game,
         int         i,
         GError    **error)
{
  const RdtGlPiece *p = piece_at (game, i);
  const RdtGlCommand *cmd = p->command != NULL ? find_command (game, p->command) : NULL;
  const RdtGlCommand *cur;

  if (game->phase != RDT_GL_PHASE_COMMANDS || game->current == NULL)
    FAIL (_("How the Turns Work, step 3: pieces move when their Command Chit is pulled; pull one first"));
  cur = find_command (game, game->current);
  if (game->st[i].acted)
    FAIL (_("How the Turns Work: %s has already moved this turn"), p->id);
  if (g_strcmp0 (p->command, game->current) == 0)
    return TRUE;
  /* Brandywine, Commanders: "Howe has no command chit. Howe moves together
   * with whichever one of the two British Commands moves"; How the Pieces
   * Move, HQs: "Army HQs with no chit can move once per turn with any
   * friendly command". */
  if (cmd != NULL && cmd->chit == NULL && cur != NULL && g_strcmp0 (cmd->side, cur->side) == 0)
    return TRUE;
  FAIL (_("How the Turns Work, step 3: %s is not of the pulled command %s"), p->id, game->current);
}

/* How the Pieces Move, HQs: "To attack, a piece must begin its move within
 * 1/3 cavalry move of its HQ"; "Army HQs can also Command Attacks". */
static gboolean
in_command_range (RdtGlGame *game,
                  int        i)
{
  const RdtGlPiece *p = piece_at (game, i);

  for (guint k = 0; k < game->g->pieces->len; k++)
    {
      const RdtGlPiece *hq = piece_at (game, k);
      const RdtGlCommand *c;
      RdtGlCommandRange cr;

      if (hq->type != RDT_GL_HQ || !alive (game, k) || enemies (hq, p))
        continue;
      c = command_of_hq (game, hq->id);
      if (c == NULL)
        continue;
      /* Its own HQ, or an Army HQ: a command marked army="true" in the
       * scenario (Washington's W), or one without a chit (Howe). */
      if (g_strcmp0 (c->id, p->command) != 0 && c->chit != NULL && !c->army)
        continue;
      rdt_gl_command_range (game->g, hq, p, &cr);
      if (cr.verdict == RDT_GL_YES)
        return TRUE;
    }
  return FALSE;
}

static const char *
attacks_someone (RdtGlGame *game,
                 int        i)
{
  const RdtGlPiece *p = piece_at (game, i);

  for (guint k = 0; k < game->g->pieces->len; k++)
    {
      const RdtGlPiece *o = piece_at (game, k);
      /* HQs "cannot attack, be attacked or overrun". */
      if ((int) k == i || !alive (game, k) || !enemies (p, o) || o->type == RDT_GL_HQ)
        continue;
      if (in_contact (game, p, o) || in_fof (game, p, o) == RDT_GL_YES)
        return o->id;
    }
  return NULL;
}

static gboolean
act_move (RdtGlGame  *game,
          char      **w,
          GString    *res,
          GError    **error)
{
  guint n = g_strv_length (w);
  int i;
  RdtGlPiece *p;
  RdtGlPose pose;
  RdtGlMove m;
  gboolean had_range;
  const char *victim;
  StartPose before;

  if (n < 3 || n > 5)
    FAIL (_("usage: move PIECE X,Y [FACING] [column|line]"));
  if (!need_piece (game, w[1], &i, error) || !may_act (game, i, error))
    return FALSE;
  p = piece_at (game, i);
  pose.facing = p->facing;
  pose.road_column = p->road_column;
  if (!parse_point (w[2], &pose.to))
    FAIL (_("“%s” is not a point X,Y in inches"), w[2]);
  for (guint k = 3; k < n; k++)
    {
      if (g_str_equal (w[k], "column"))
        pose.road_column = TRUE;
      else if (g_str_equal (w[k], "line"))
        pose.road_column = FALSE;
      else if (!parse_facing (w[k], &pose.facing))
        FAIL (_("“%s” is neither a facing in degrees nor column|line"), w[k]);
    }
  rdt_gl_can_reach (game->g, p, &pose, &m);
  if (m.verdict != RDT_GL_YES)
    FAIL (_("%s (G10): %s cannot reach %s: %s%s%s"), _(m.rule), p->id, w[2], m.reason != NULL ? _(m.reason) : "",
          m.blocker != NULL ? " — " : "", m.blocker != NULL ? m.blocker : "");
  if (game->reserves && p->type == RDT_GL_HQ)
    {
      /* Optional Hidden Reserves: "HQs can only move at the speed of the
       * slowest piece they have on their card" (the allowance scaled by
       * the slowest move over the HQ's). */
      double slowest, own = rdt_gridless_get_spec (game->g, p->type)->move;
      if (reserve_count (game, p->id, &slowest) > 0 && slowest < own &&
          m.path_length > m.allowance * slowest / own + RDT_GEOM_EPS_LEN)
        FAIL (_("Optional Hidden Reserves: HQs can only move at the speed of the slowest piece they have on their card (%s: %.4f in. of %.4f)"),
              p->id, m.path_length, m.allowance * slowest / own);
    }
  had_range = in_command_range (game, i);
  before = (StartPose) { p->centre, p->facing, p->spent, p->road_column };
  p->centre = pose.to;
  p->facing = pose.facing;
  p->road_column = pose.road_column;
  victim = attacks_someone (game, i);
  if (victim != NULL && p->type == RDT_GL_HQ)
    {
      p->centre = before.centre, p->facing = before.facing, p->road_column = before.road_column;
      FAIL (_("How the Pieces Move, HQs: HQs cannot attack (%s)"), victim);
    }
  if (victim != NULL && !had_range)
    {
      p->centre = before.centre, p->facing = before.facing, p->road_column = before.road_column;
      FAIL (_("How the Pieces Move, HQs: to attack (%s), a piece must begin its move within 1/3 cavalry move of its HQ"),
            victim);
    }
  {
    RdtGlPiece at_start = *p;
    at_start.centre = before.centre;
    at_start.facing = before.facing;
    game->st[i].moved_from_level = level_of (game, &at_start);
  }
  game->st[i].acted = TRUE;
  game->current_acted = TRUE;
  g_string_append_printf (res, "%s %s %.4f in. of %.4f", p->id, rdt_gl_path_kind_to_string (m.path), m.path_length,
                          m.allowance);
  if (m.reduced)
    g_string_append_printf (res, ", reduced by %s", m.reduced_id);
  if (victim != NULL)
    {
      g_string_append_printf (res, ", attacks %s", victim);
      game->st[i].attacker = TRUE;
    }
  if (in_buildings (game, p) && !p->spent)
    {
      p->spent = TRUE;
      g_string_append (res, ", Spent in buildings");
    }
  return TRUE;
}

/* Rally: "Instead of moving, a piece may Rally: rotate to Fresh and change
 * facing. A piece cannot Rally while in contact with the enemy or in enemy
 * FoF." */
static gboolean
act_rally (RdtGlGame  *game,
           char      **w,
           GString    *res,
           GError    **error)
{
  guint n = g_strv_length (w);
  int i;
  RdtGlPiece *p;
  const char *t;
  double facing;

  if (n < 2 || n > 3)
    FAIL (_("usage: rally PIECE [FACING]"));
  if (!need_piece (game, w[1], &i, error) || !may_act (game, i, error))
    return FALSE;
  p = piece_at (game, i);
  facing = p->facing;
  if (n == 3 && !parse_facing (w[2], &facing))
    FAIL (_("“%s” is not a facing in degrees"), w[2]);
  if (!p->spent)
    FAIL (_("Rally: %s is Fresh"), p->id);
  if (p->command != NULL && rdt_gl_game_command_ineffective (game, p->command))
    FAIL (_("Ineffective: %s has lost 50%% of its pieces and can no longer Rally"), p->command);
  if (in_buildings (game, p))
    FAIL (_("Terrain Effects, Buildings: pieces in Buildings cannot Rally"));
  if ((t = threatened (game, i)) != NULL)
    FAIL (_("Rally: %s is in contact with or in the Field of Fire of %s"), p->id, t);
  if (game->baggage && (p->type == RDT_GL_INFANTRY || p->type == RDT_GL_ARTILLERY))
    {
      /* Optional Baggage Trains: "Inf and Art must be within 1/3 Mounted
       * move of a Baggage Train to Rally"; "Each Baggage Train can only
       * Rally 1 piece per turn"; "Cavalry does not normally require
       * Baggage to Rally".  The distance is between the blocks (G9, as
       * command range: 1/3 Cavalry move); the first train in file order
       * that is in range and unused rallies it. */
      int train = -1;
      gboolean used_in_range = FALSE;
      for (guint k = 0; k < game->g->pieces->len && train < 0; k++)
        {
          const RdtGlPiece *b = piece_at (game, k);
          RdtGlCommandRange cr;
          if (b->type != RDT_GL_BAGGAGE || !alive (game, k) || enemies (b, p))
            continue;
          rdt_gl_command_range (game->g, b, p, &cr);
          if (cr.verdict != RDT_GL_YES)
            continue;
          if (game->st[k].baggage_used)
            used_in_range = TRUE;
          else
            train = (int) k;
        }
      if (train < 0)
        FAIL (used_in_range
                ? _("Optional Baggage Trains: each Baggage Train can only Rally 1 piece per turn (every train within 1/3 Mounted move of %s has)")
                : _("Optional Baggage Trains: Inf and Art must be within 1/3 Mounted move of a Baggage Train to Rally (%s is not)"),
              p->id);
      game->st[train].baggage_used = TRUE;
      g_string_append_printf (res, "%s rallies by Baggage Train %s; ", p->id, piece_at (game, train)->id);
    }
  p->spent = FALSE;
  p->facing = facing;
  game->st[i].acted = TRUE;
  game->current_acted = TRUE;
  g_string_append_printf (res, "%s rallies to Fresh", p->id);
  return TRUE;
}

/* Melee and Fire dice (Rolling Results); Brandywine, Units: dragoons "roll 2
 * dice in combat" (the core table's Melee 2). */
static int
dice_for (RdtGlPieceType type,
          gboolean       melee)
{
  switch (type)
    {
    case RDT_GL_INFANTRY: return melee ? 3 : 2;
    case RDT_GL_ARTILLERY: return 3;
    case RDT_GL_CAVALRY: return melee ? 3 : 0;
    case RDT_GL_DRAGOONS: return melee ? 2 : 1;
    case RDT_GL_HQ:
    case RDT_GL_BAGGAGE:
    case RDT_GL_N_PIECE_TYPES:
    default: return 0;
    }
}

/* Terrain Effects, Cover: "-1 to Attacker's die rolls if the Defender has
 * Cover. Woods on a Hill is still -1, not -2." */
static const char *
cover_of (RdtGlGame        *game,
          int               firer,
          const RdtGlPiece *target)
{
  RdtGlTerrain t;
  int from;

  rdt_gl_piece_terrain (game->g, target, &t);
  if (t.has_majority == RDT_GL_YES && (t.majority == RDT_GL_AREA_WOODS || t.majority == RDT_GL_AREA_BUILDINGS))
    return rdt_gl_area_kind_to_string (t.majority);
  /* Hills: "Cover for Defender if Attacker moved from lower ground". */
  from = game->st[firer].moved_from_level;
  if (from >= 0 && t.level > from)
    return "hill";
  return NULL;
}

/* A destroyed piece leaves the table: it keeps its last pose (so a view can
 * show where it fell) and is flagged destroyed, which every ruling (LOS,
 * movement, contact, FoF) respects: it no longer blocks or fights. */
static void
destroy (RdtGlGame *game,
         int        i)
{
  game->st[i].destroyed = TRUE;
  game->st[i].must_retreat = FALSE;
  piece_at (game, i)->destroyed = TRUE;
}

/* Applying Hits; Unit Quality.  @may_destroy FALSE for bombardment
 * ("Bombardment cannot destroy pieces"). */
static void
apply_hits (RdtGlGame *game,
            int        i,
            int        hits,
            gboolean   melee,
            gboolean   may_destroy,
            gboolean   bombard,
            GString   *res)
{
  RdtGlPiece *p = piece_at (game, i);
  RdtGlPieceState *s = &game->st[i];
  int level, before;

  if (hits <= 0)
    return;
  if (p->quality == RDT_GL_QUALITY_ELITE && !s->absorbed)
    {
      /* "Elite pieces absorb the first hit in a combat with no effect";
       * "The first absorbed hit from a bombardment does not carry over". */
      hits--;
      if (!bombard)
        s->absorbed = TRUE;
      g_string_append_printf (res, " [%s Elite absorbs a hit]", p->id);
    }
  if (hits > 0 && p->quality == RDT_GL_QUALITY_MILITIA && !s->militia_hit)
    {
      /* "Militia pieces count their first hit in a combat as 2 hits". */
      hits++;
      if (!bombard)
        s->militia_hit = TRUE;
      g_string_append_printf (res, " [%s Militia: first hit counts 2]", p->id);
    }
  before = (p->spent ? 1 : 0) + (s->retreated || s->must_retreat ? 1 : 0);
  level = MIN (before + hits, may_destroy ? 3 : 2);
  if (level >= 1)
    p->spent = TRUE;
  if (level >= 2 && before < 2)
    s->must_retreat = TRUE;
  /* "Artillery forced to retreat (as a result of hits) in Melee, is destroyed." */
  if (level >= 3 || (level >= 2 && before < 2 && melee && p->type == RDT_GL_ARTILLERY))
    destroy (game, i);
  g_string_append_printf (res, " → %s %s", p->id,
                          s->destroyed ? "destroyed" : s->must_retreat ? "must retreat" : p->spent ? "Spent" : "Fresh");
}

static int
count_hits (RdtGlGame *game,
            int        dice,
            int        modifier,
            GString   *res)
{
  int hits = 0;

  g_string_append (res, " dice");
  for (int k = 0; k < dice; k++)
    {
      int r = roll_d6 (game);
      g_string_append_printf (res, " %d", r);
      /* "Results of 4 or higher inflict hits." */
      if (r + modifier >= 4)
        hits++;
    }
  g_string_append_printf (res, " (%+d): %d hit%s", modifier, hits, hits == 1 ? "" : "s");
  return hits;
}

/* Bombardment: "Instead of moving, Fresh artillery can change facing and
 * fire once at a target in its FoF. Bombardment cannot destroy pieces." */
static gboolean
act_bombard (RdtGlGame  *game,
             char      **w,
             GString    *res,
             GError    **error)
{
  guint n = g_strv_length (w);
  int i, t, hits, mod;
  RdtGlPiece *a, *target;
  double facing, old;
  const char *cover;

  if (n < 3 || n > 4)
    FAIL (_("usage: bombard ARTILLERY TARGET [FACING]"));
  if (!need_piece (game, w[1], &i, error) || !may_act (game, i, error) || !need_piece (game, w[2], &t, error))
    return FALSE;
  a = piece_at (game, i);
  target = piece_at (game, t);
  if (a->type != RDT_GL_ARTILLERY || a->spent)
    FAIL (_("Bombardment: only Fresh artillery bombards"));
  if (!enemies (a, target) || target->type == RDT_GL_HQ)
    FAIL (_("Bombardment: %s is not an enemy piece that can be attacked (HQs cannot be attacked)"), target->id);
  old = a->facing;
  facing = a->facing;
  if (n == 4 && !parse_facing (w[3], &facing))
    FAIL (_("“%s” is not a facing in degrees"), w[3]);
  a->facing = facing;
  if (in_fof (game, a, target) != RDT_GL_YES)
    {
      a->facing = old;
      FAIL (_("Bombardment: %s is not in the Field of Fire of %s (Field of Fire, Line of Sight)"), target->id, a->id);
    }
  cover = cover_of (game, i, target);
  mod = cover != NULL ? -1 : 0;
  g_string_append_printf (res, "%s bombards %s%s%s%s:", a->id, target->id, cover != NULL ? " (cover: " : "",
                          cover != NULL ? cover : "", cover != NULL ? ")" : "");
  hits = count_hits (game, dice_for (RDT_GL_ARTILLERY, FALSE), mod, res);
  apply_hits (game, t, hits, FALSE, FALSE, TRUE, res);
  game->st[i].acted = TRUE;
  game->current_acted = TRUE;
  return TRUE;
}

static gboolean
act_combat (RdtGlGame  *game,
            GString    *res,
            GError    **error)
{
  if (game->phase != RDT_GL_PHASE_COMMANDS)
    FAIL (_("How the Turns Work: already resolving combat"));
  if (game->cup->len > 0 || game->after != NULL)
    FAIL (_("How the Turns Work, step 4: repeat steps 2 and 3 until the cup is empty (%u chits left)"),
          game->cup->len + (game->after != NULL ? 1 : 0));
  if (game->current != NULL)
    g_hash_table_add (game->commands_moved, g_strdup (game->current));
  g_clear_pointer (&game->current, g_free);
  game->current_acted = FALSE;
  game->alter_this_pull = FALSE;
  game->phase = RDT_GL_PHASE_COMBAT;
  game->rounds_in_combat = 0;
  g_string_append (res, "combat (step 5)");
  /* Optional Baggage Trains: "Baggage Trains in contact with the enemy at
   * the beginning of Combat are automatically destroyed."  (An enemy HQ
   * does not count: HQs "cannot attack".) */
  for (guint i = 0; game->baggage && i < game->g->pieces->len; i++)
    {
      const RdtGlPiece *t = piece_at (game, i);
      if (t->type != RDT_GL_BAGGAGE || !alive (game, i))
        continue;
      for (guint k = 0; k < game->g->pieces->len; k++)
        {
          const RdtGlPiece *o = piece_at (game, k);
          if (alive (game, k) && enemies (t, o) && o->type != RDT_GL_HQ && in_contact (game, t, o))
            {
              destroy (game, i);
              g_string_append_printf (res, "; Optional Baggage Trains: %s in contact with %s is destroyed", t->id, o->id);
              break;
            }
        }
    }
  return TRUE;
}

/* Is the firer @f "treated as Flanked" against @t?  Terrain Effects: Road
 * Column "Treat as Flanked for combat"; Rivers "Treat pieces attacking
 * across a River as flanked for 1st round only" (the attacker: it moved this
 * turn creating a Combat, and the segment between the two centres meets a
 * river); Buildings: "Defenders cannot be Flanked" (a piece in Buildings that
 * did not attack is never treated as Flanked).  The text gives being Flanked
 * one effect: "IF you are Flanked, you may fire at a piece on your flank with
 * a -1 modifier"; so such a firer fires at -1 (and may fire at an enemy that
 * has it as a target even outside its own FoF).  No bonus for the other side:
 * the text states none ("gives you die roll modifiers", no value). */
static const char *
treated_as_flanked (RdtGlGame *game,
                    int        f,
                    int        t)
{
  const RdtGlPiece *fp = piece_at (game, f), *tp = piece_at (game, t);

  if (!game->st[f].attacker && in_buildings (game, fp))
    return NULL;
  if (fp->road_column)
    return N_("Terrain Effects, Road Column: treat as Flanked for combat");
  if (game->rounds_in_combat == 0 && game->st[f].attacker)
    for (guint k = 0; k < game->g->waters->len; k++)
      {
        const RdtGlWater *w = g_ptr_array_index (game->g->waters, k);
        const RdtPoint *pts = (const RdtPoint *) w->points->data;
        gboolean across;

        if (!w->river)
          continue;
        if (w->area)
          across = rdt_geom_segment_inside_length (fp->centre, tp->centre, pts, w->points->len, NULL, NULL) >
                   RDT_GEOM_EPS_LEN;
        else
          across = rdt_geom_segment_crosses_polyline (fp->centre, tp->centre, pts, w->points->len, NULL);
        if (across)
          return N_("Terrain Effects, Rivers: attacking across a River, flanked for the 1st round only");
      }
  return NULL;
}

static int order_next (RdtGlGame *game);

typedef struct {
  int firer, target;
  gboolean melee;
  int modifier;
  const char *why;
} Shot;

/* Process: "Defender and Attacker roll dice and apply hits simultaneously.
 * Pieces only roll IF they had a target at the beginning of the Round";
 * Artillery: "Artillery Fires First"; Multiple Piece Combat: "You can only
 * fire at one target per round". */
static gboolean
act_round (RdtGlGame  *game,
           char      **w,
           GString    *res,
           GError    **error)
{
  guint n = g_strv_length (w);
  g_autofree Shot *shots = NULL;
  g_autofree int *hits = NULL;
  guint np = game->g->pieces->len;
  gboolean any_engaged = FALSE;

  if (game->phase != RDT_GL_PHASE_COMBAT)
    FAIL (_("How the Turns Work, step 5: combat comes after the cup is empty (action “combat”)"));
  if (n < 2)
    FAIL (_("usage: round FIRER:TARGET [FIRER:TARGET...]"));
  for (guint i = 0; i < np; i++)
    any_engaged |= game->st[i].engaged;
  if (!any_engaged && game->order != NULL)
    {
      int next = order_next (game);
      if (next < 0)
        FAIL (_("How to Resolve Combat, Order: the Combats of the order the %s player gave are resolved; the %s player gives the order of the Combats left (“order %s PIECE ...”), then “engage”"),
              game->order_side, game->order_side, game->order_side);
      FAIL (_("How to Resolve Combat, Order: the Combats are resolved one at a time in the order the %s player gave: “engage” the Combat of %s first"),
            game->order_side, piece_at (game, next)->id);
    }
  for (guint i = 0; i < np; i++)
    if (game->st[i].must_retreat)
      FAIL (_("Retreat: %s must retreat first"), piece_at (game, i)->id);
  shots = g_new0 (Shot, n);
  hits = g_new0 (int, np);
  for (guint k = 1; k < n; k++)
    {
      g_auto(GStrv) ft = g_strsplit (w[k], ":", 3);
      Shot *s = &shots[k - 1];
      const RdtGlPiece *f, *t;
      RdtGlFlank flank;
      const char *cover;
      const char *treated;

      if (g_strv_length (ft) != 2)
        FAIL (_("“%s” is not FIRER:TARGET"), w[k]);
      if (!need_piece (game, ft[0], &s->firer, error) || !need_piece (game, ft[1], &s->target, error))
        return FALSE;
      for (guint j = 1; j < k; j++)
        if (shots[j - 1].firer == s->firer)
          FAIL (_("Multiple Piece Combat: you can only fire at one target per round (%s)"), ft[0]);
      f = piece_at (game, s->firer);
      t = piece_at (game, s->target);
      if (!enemies (f, t) || f->type == RDT_GL_HQ || t->type == RDT_GL_HQ)
        FAIL (_("How the Pieces Move, HQs: HQs cannot attack or be attacked; and a piece fires at enemies (%s)"), w[k]);
      if (any_engaged && (!game->st[s->firer].engaged || !game->st[s->target].engaged))
        FAIL (_("How to Resolve Combat: “%s” is not within the Combat declared (engage adds follow-on pieces)"), w[k]);
      s->melee = in_contact (game, f, t);
      treated = treated_as_flanked (game, s->firer, s->target);
      if (treated != NULL && (s->melee || in_fof (game, f, t) == RDT_GL_YES || in_fof (game, t, f) == RDT_GL_YES))
        {
          /* Treated as Flanked: fires at -1 at an enemy that has it as a
           * target (see treated_as_flanked). */
          s->modifier -= 1;
          s->why = _(treated);
        }
      else if (!s->melee && in_fof (game, f, t) != RDT_GL_YES)
        {
          /* Flanking Attacks: "IF you are Flanked, you may fire at a piece on
           * your flank with a -1 modifier." */
          rdt_gl_flank (game->g, t, f, &flank);
          if (flank.verdict != RDT_GL_YES || in_fof (game, t, f) != RDT_GL_YES)
            {
              rdt_gl_flank_clear (&flank);
              FAIL (_("Combat: %s has no target %s: not in contact (Melee) nor in its Field of Fire (Fire Fight)"),
                    f->id, t->id);
            }
          rdt_gl_flank_clear (&flank);
          s->modifier -= 1;
          s->why = "flanked, fires at its flank";
        }
      if (dice_for (f->type, s->melee) == 0)
        FAIL (_("Rolling Results: %s rolls no %s dice"), f->id, s->melee ? "Melee" : "Fire");
      cover = cover_of (game, s->firer, t);
      if (cover != NULL)
        s->modifier -= 1;
    }
  g_string_append_printf (res, "round %d:", game->rounds_in_combat + 1);
  /* Artillery first, then the others (simultaneously with each other). */
  for (int pass = 0; pass < 2; pass++)
    {
      memset (hits, 0, np * sizeof (int));
      for (guint k = 0; k + 1 < n; k++)
        {
          Shot *s = &shots[k];
          const RdtGlPiece *f = piece_at (game, s->firer);
          if ((f->type == RDT_GL_ARTILLERY) != (pass == 0))
            continue;
          if (game->st[s->firer].destroyed)
            {
              g_string_append_printf (res, " %s destroyed before firing;", f->id);
              continue;
            }
          g_string_append_printf (res, " %s %s %s%s%s:", f->id, s->melee ? "melee" : "fire",
                                  piece_at (game, s->target)->id, s->why != NULL ? " — " : "",
                                  s->why != NULL ? s->why : "");
          hits[s->target] += count_hits (game, dice_for (f->type, s->melee), s->modifier, res);
          g_string_append (res, ";");
        }
      for (guint i = 0; i < np; i++)
        if (hits[i] > 0)
          {
            gboolean melee = FALSE;
            for (guint k = 0; k + 1 < n; k++)
              melee |= shots[k].target == (int) i && shots[k].melee;
            /* "Excess hits are wasted." (apply_hits stops at destroyed) */
            apply_hits (game, i, hits[i], melee, TRUE, FALSE, res);
          }
    }
  game->rounds_in_combat++;
  return TRUE;
}

/* Retreat: "The Piece must turn about and make a 1/3 move, ignoring terrain
 * costs, back and away from the combat, enemy positions and out of enemy
 * FoF. If unable to do this because of enemy pieces or impassible terrain, it
 * is destroyed." Cavalry Withdrawal: "Defending Cavalry may retreat before
 * combat IF in contact with Infantry. Cavalry in Road Column cannot
 * Withdrawal." */
/* The points of a retreat's route (a loop bound read from the action). */
#define RETREAT_MAX_POINTS 8
/* Retreat further through friendly pieces: the route is probed this often
 * (inches) beyond 1/3 move. */
#define RETREAT_FURTHER_STEP (1.0 / 64)

static gboolean
act_retreat (RdtGlGame  *game,
             char      **w,
             gboolean    withdraw,
             GString    *res,
             GError    **error)
{
  guint n = g_strv_length (w);
  int i;
  RdtGlPiece *p;
  const RdtGlPieceSpec *spec;
  RdtPoint to;
  double facing, nearest_before = G_MAXDOUBLE, nearest_after = G_MAXDOUBLE;
  StartPose before;
  gboolean forced;
  RdtPoint route[RETREAT_MAX_POINTS + 2];
  guint nr = 0;
  double length = 0;

  if (game->phase != RDT_GL_PHASE_COMBAT)
    FAIL (_("Retreat: retreats happen in combat (step 5)"));
  if (n < 3 || n > 3 + RETREAT_MAX_POINTS)
    FAIL (withdraw ? _("usage: withdraw PIECE [X,Y...] X,Y [FACING]")
                   : _("usage: retreat PIECE [X,Y...] X,Y [FACING] | retreat PIECE destroyed"));
  if (!need_piece (game, w[1], &i, error))
    return FALSE;
  p = piece_at (game, i);
  forced = game->st[i].must_retreat;
  if (withdraw)
    {
      gboolean infantry = FALSE;
      if (p->type != RDT_GL_CAVALRY && p->type != RDT_GL_DRAGOONS)
        FAIL (_("Cavalry Withdrawal: only cavalry withdraws"));
      if (p->road_column)
        FAIL (_("Cavalry Withdrawal: Cavalry in Road Column cannot Withdrawal"));
      if (game->rounds_in_combat > 0)
        FAIL (_("Cavalry Withdrawal: before combat, not after a round"));
      for (guint k = 0; k < game->g->pieces->len; k++)
        infantry |= alive (game, k) && enemies (p, piece_at (game, k)) &&
                    piece_at (game, k)->type == RDT_GL_INFANTRY && in_contact (game, p, piece_at (game, k));
      if (!infantry)
        FAIL (_("Cavalry Withdrawal: only IF in contact with Infantry"));
    }
  if (g_str_equal (w[2], "destroyed") && n == 3 && !withdraw)
    {
      if (!forced)
        FAIL (_("Retreat: %s does not have to retreat"), p->id);
      destroy (game, i);
      g_string_append_printf (res, "%s cannot retreat: destroyed", p->id);
      return TRUE;
    }
  /* The route: X,Y points (the last is the end), then an optional facing. */
  route[nr++] = p->centre;
  facing = p->facing;
  for (guint k = 2; k < n; k++)
    {
      if (strchr (w[k], ',') == NULL && k == n - 1 && k > 2)
        {
          if (!parse_facing (w[k], &facing))
            FAIL (_("“%s” is not a facing in degrees"), w[k]);
          continue;
        }
      if (!parse_point (w[k], &route[nr]))
        FAIL (_("“%s” is not a point X,Y in inches"), w[k]);
      length += rdt_geom_distance (route[nr - 1], route[nr]);
      nr++;
    }
  to = route[nr - 1];
  spec = rdt_gridless_get_spec (game->g, p->type);
  if (length > spec->move / 3 + RDT_GEOM_EPS_LEN)
    {
      /* "If friendly pieces are in the way it can simply retreat further":
       * beyond 1/3 move the route goes on only while the block is on a
       * friendly piece, so it ends at the first place clear of them.
       * Checked at steps of RETREAT_FURTHER_STEP along the route (the
       * stated tolerance, docs/gridless-play.md). */
      double along = 0, s = spec->move / 3;
      guint steps = 0;
      for (guint k = 1; k < nr; k++)
        {
          double leg = rdt_geom_distance (route[k - 1], route[k]);
          while (s < along + leg - RDT_GEOM_EPS_LEN && s < length - RDT_GEOM_EPS_LEN && steps++ < 100000)
            {
              RdtGlPiece probe = *p;
              RdtPoint a[4];
              gboolean on_friend = FALSE;
              double t = leg > 0 ? (s - along) / leg : 0;

              probe.centre = rdt_point (route[k - 1].x + t * (route[k].x - route[k - 1].x),
                                        route[k - 1].y + t * (route[k].y - route[k - 1].y));
              rdt_gridless_piece_corners (game->g, &probe, a);
              for (guint j = 0; j < game->g->pieces->len && !on_friend; j++)
                {
                  const RdtGlPiece *o = piece_at (game, j);
                  RdtPoint b[4];
                  if ((int) j == i || !alive (game, j) || enemies (p, o) || o->type == RDT_GL_HQ)
                    continue;
                  rdt_gridless_piece_corners (game->g, o, b);
                  on_friend = rdt_geom_clipped_area (a, 4, b, 4) > 1e-6;
                }
              if (!on_friend)
                FAIL (_("Retreat: a retreat is a 1/3 move (%.4f in.; the route is %.4f in.); it may go further only while friendly pieces are in the way, and at %.4f in. along the route the block is clear of them"),
                      spec->move / 3, length, s);
              s += RETREAT_FURTHER_STEP;
            }
          along += leg;
        }
    }
  /* "The Piece must turn about and make a 1/3 move ... back": no leg of the
   * route goes forward of the front it had (each within 90 degrees of its
   * rear); "If unable to do this because of enemy pieces or impassible
   * terrain, it is destroyed": every leg is checked as a move leg (G10,
   * without terrain costs), the block turned about all along. */
  for (guint k = 1; k < nr; k++)
    {
      double rad = p->facing * G_PI / 180.0;
      double dx = route[k].x - route[k - 1].x, dy = route[k].y - route[k - 1].y;
      const char *blocker = NULL, *reason = NULL, *rule = NULL;

      if (dx * sin (rad) - dy * cos (rad) > RDT_GEOM_EPS_LEN * hypot (dx, dy))
        FAIL (_("Retreat: the piece must turn about and move back; leg %u of the route goes forward of its front"), k);
      if (!rdt_gl_leg_passable (game->g, p, route[k - 1], route[k], fmod (p->facing + 180.0, 360.0), &blocker, &reason,
                                &rule))
        FAIL (_("Retreat: leg %u of the route is blocked: %s (%s%s%s); if unable to retreat because of enemy pieces or impassible terrain, it is destroyed (“retreat %s destroyed”)"),
              k, _(reason), _(rule), blocker != NULL ? ": " : "", blocker != NULL ? blocker : "", p->id);
    }
  for (guint k = 0; k < game->g->pieces->len; k++)
    if (alive (game, k) && enemies (p, piece_at (game, k)) && piece_at (game, k)->type != RDT_GL_HQ)
      nearest_before = MIN (nearest_before, rdt_geom_distance (p->centre, piece_at (game, k)->centre));
  before = (StartPose) { p->centre, p->facing, p->spent, p->road_column };
  p->centre = to;
  p->facing = facing;
  for (guint k = 0; k < game->g->pieces->len; k++)
    {
      RdtGlPiece *o = piece_at (game, k);
      RdtPoint a[4], b[4];
      const char *why = NULL;

      if ((int) k == i || !alive (game, k))
        continue;
      rdt_gridless_piece_corners (game->g, p, a);
      rdt_gridless_piece_corners (game->g, o, b);
      if (o->type != RDT_GL_HQ && rdt_geom_clipped_area (a, 4, b, 4) > 1e-6)
        why = N_("Retreat: it may not end on another piece (if friendly pieces are in the way it can simply retreat further: give a longer route that ends clear of them)");
      else if (enemies (p, o) && o->type != RDT_GL_HQ && (in_contact (game, p, o) || in_fof (game, o, p) == RDT_GL_YES))
        why = N_("Retreat: back and away from the combat, enemy positions and out of enemy FoF");
      if (enemies (p, o) && o->type != RDT_GL_HQ)
        nearest_after = MIN (nearest_after, rdt_geom_distance (p->centre, o->centre));
      if (why != NULL)
        {
          p->centre = before.centre;
          p->facing = before.facing;
          FAIL ("%s (%s)", _(why), o->id);
        }
    }
  if (nearest_before < G_MAXDOUBLE && nearest_after <= nearest_before)
    {
      p->centre = before.centre;
      p->facing = before.facing;
      FAIL (_("Retreat: back and away from enemy positions (the nearest enemy is not farther)"));
    }
  if (!forced && !withdraw)
    /* "A voluntary retreat also flips Fresh pieces to Spent." */
    p->spent = TRUE;
  game->st[i].must_retreat = FALSE;
  game->st[i].retreated = TRUE;
  g_string_append_printf (res, "%s %s to %.4f,%.4f", p->id, withdraw ? "withdraws" : "retreats", to.x, to.y);
  return TRUE;
}

/* Do pieces @i and @k (enemies) have each other as a target: in contact
 * (Melee) or one in the other's FoF (Fire Fight)?  "A Combat is two opposing
 * pieces in Melee (contact) or a Fire Fight (in FoF)". */
static gboolean
engaged_pair (RdtGlGame *game,
              int        i,
              int        k)
{
  const RdtGlPiece *p = piece_at (game, i), *o = piece_at (game, k);

  return alive (game, i) && alive (game, k) && enemies (p, o) && p->type != RDT_GL_HQ && o->type != RDT_GL_HQ &&
         (in_contact (game, p, o) || in_fof (game, p, o) == RDT_GL_YES || in_fof (game, o, p) == RDT_GL_YES);
}

/* Is piece @i in a Combat now (engaged with some enemy piece)? */
static gboolean
in_a_combat (RdtGlGame *game,
             int        i)
{
  for (guint k = 0; k < game->g->pieces->len; k++)
    if (engaged_pair (game, i, k))
      return TRUE;
  return FALSE;
}

/* How to Resolve Combat, Order: "The side with the better Command Ratings
 * chooses the order."  A scenario may name the side (<commands
 * combat-order>, with the rule that says so: Brandywine, HQ Ratings, "The
 * British player decides the order of combat"); otherwise the side whose
 * commands have the higher mean rating (the reading below).  NULL when that
 * does not decide (equal means, no ratings); @why says what decided. */
static const char reading_combat_order[] =
  N_("Order: “the better Command Ratings” is read as the higher mean rating of the side's commands that have one "
     "(an alter roll succeeds on the rating or less, so higher is better); equal means do not decide");

/* The sides: those of <sides>, then any other a command or piece names. */
static GPtrArray *
side_ids (RdtGlGame *game)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint s = 0; s < game->g->sides->len; s++)
    g_ptr_array_add (ids, ((const RdtGlSide *) g_ptr_array_index (game->g->sides, s))->id);
  for (guint c = 0; c < game->g->commands->len; c++)
    {
      char *side = ((const RdtGlCommand *) g_ptr_array_index (game->g->commands, c))->side;
      if (side != NULL && !g_ptr_array_find_with_equal_func (ids, side, g_str_equal, NULL))
        g_ptr_array_add (ids, side);
    }
  for (guint i = 0; i < game->g->pieces->len; i++)
    {
      char *side = piece_at (game, i)->side;
      if (side != NULL && !g_ptr_array_find_with_equal_func (ids, side, g_str_equal, NULL))
        g_ptr_array_add (ids, side);
    }
  return ids;
}

static const char *
combat_chooser (RdtGlGame *game,
                GString   *why)
{
  const char *best = NULL;
  double best_mean = -1;
  gboolean tie = FALSE, provisional = FALSE;
  g_autoptr(GPtrArray) sides = side_ids (game);

  if (game->g->combat_order != NULL)
    {
      g_string_append (why, game->g->combat_order_rule != NULL ? game->g->combat_order_rule
                                                                : _("the scenario names the side (combat-order)"));
      return game->g->combat_order;
    }
  g_string_append (why, _("How to Resolve Combat, Order: the side with the better Command Ratings chooses the order ("));
  for (guint s = 0; s < sides->len; s++)
    {
      const char *side = g_ptr_array_index (sides, s);
      double sum = 0;
      guint n = 0;
      char mean[G_ASCII_DTOSTR_BUF_SIZE];

      for (guint c = 0; c < game->g->commands->len; c++)
        {
          const RdtGlCommand *cmd = g_ptr_array_index (game->g->commands, c);
          if (g_strcmp0 (cmd->side, side) == 0 && cmd->rating > 0)
            {
              sum += cmd->rating, n++;
              provisional |= cmd->rating_provisional;
            }
        }
      g_ascii_formatd (mean, sizeof mean, "%.2f", n > 0 ? sum / n : 0);
      g_string_append_printf (why, "%s%s %s", s > 0 ? ", " : "", side, n > 0 ? mean : _("no ratings"));
      if (n == 0)
        continue;
      if (sum / n > best_mean + 1e-9)
        {
          best = side;
          best_mean = sum / n;
          tie = FALSE;
        }
      else if (fabs (sum / n - best_mean) <= 1e-9)
        tie = TRUE;
    }
  if (provisional)
    g_string_append (why, _("; the ratings are provisional"));
  g_string_append_printf (why, "; reading: %s)", _(reading_combat_order));
  if (tie || best == NULL)
    {
      g_string_append (why, _(": undecided, the players settle who chooses"));
      return NULL;
    }
  return best;
}

/* The next piece of the chooser's order still in a Combat, or -1. */
static int
order_next (RdtGlGame *game)
{
  for (guint k = 0; game->order != NULL && game->order[k] != NULL; k++)
    {
      int i = piece_index (game, game->order[k]);
      if (i >= 0 && in_a_combat (game, i))
        return i;
    }
  return -1;
}

/* A new Combat (@in: its pieces) is the next one of the chooser's order. */
static gboolean
follow_order (RdtGlGame      *game,
              const gboolean *in,
              GError        **error)
{
  g_autoptr(GString) why = g_string_new (NULL);
  const char *chooser = combat_chooser (game, why);
  int next;

  if (game->order == NULL && chooser != NULL)
    FAIL (_("How to Resolve Combat, Order: the %s player chooses the order of the Combats first (%s): “order %s PIECE ...”, a piece of each Combat in the order they are resolved"),
          chooser, why->str, chooser);
  if (game->order == NULL)
    FAIL (_("How to Resolve Combat, Order: the order of the Combats is chosen first (%s): “order SIDE PIECE ...”, a piece of each Combat in the order they are resolved"),
          why->str);
  next = order_next (game);
  if (next < 0)
    FAIL (_("How to Resolve Combat, Order: the Combats of the %s player's order are resolved; the %s player gives the order of the Combats left (“order %s PIECE ...”)"),
          game->order_side, game->order_side, game->order_side);
  if (!in[next])
    {
      g_autoptr(GString) list = g_string_new (NULL);
      for (guint k = 0; game->order[k] != NULL; k++)
        g_string_append_printf (list, "%s%s", k > 0 ? ", " : "", game->order[k]);
      FAIL (_("How to Resolve Combat, Order: the %s player's order resolves the Combat of %s next (order: %s; %s): this Combat does not include %s"),
            game->order_side, piece_at (game, next)->id, list->str, why->str, piece_at (game, next)->id);
    }
  return TRUE;
}

/* The Combat just declared (@in) is off the order, with the Combats
 * before it that are no longer fought. */
static void
order_done (RdtGlGame      *game,
            const gboolean *in)
{
  GPtrArray *left;
  int next = order_next (game);
  gboolean before = next >= 0;

  if (game->order == NULL)
    return;
  left = g_ptr_array_new ();
  for (guint k = 0; game->order[k] != NULL; k++)
    {
      int i = piece_index (game, game->order[k]);
      if (i == next)
        before = FALSE;
      if (i < 0 || in[i] || before)
        continue;
      g_ptr_array_add (left, g_strdup (game->order[k]));
    }
  g_ptr_array_add (left, NULL);
  g_strfreev (game->order);
  game->order = (char **) g_ptr_array_free (left, FALSE);
}

/* How to Resolve Combat, Order: `order SIDE PIECE...`, the chooser's
 * decision, a piece of each Combat in the order they are resolved; given
 * between Combats (again to re-order the Combats left).  A Combat declared
 * by `engage` must then be the next one, and `round` needs one declared. */
static gboolean
act_order (RdtGlGame  *game,
           char      **w,
           GString    *res,
           GError    **error)
{
  guint n = g_strv_length (w), np = game->g->pieces->len;
  g_autoptr(GString) why = g_string_new (NULL);
  const char *chooser;
  g_autoptr(GPtrArray) sides = side_ids (game);

  if (game->phase != RDT_GL_PHASE_COMBAT)
    FAIL (_("How the Turns Work, step 5: the order of combat is chosen once the cup is empty (action “combat”)"));
  if (n < 3 || n > 2 + np)
    FAIL (_("usage: order SIDE PIECE [PIECE...] (a piece of each Combat, in the order they are resolved)"));
  for (guint i = 0; i < np; i++)
    if (game->st[i].engaged)
      FAIL (_("How to Resolve Combat, Order: a Combat is being resolved (%s): the order is given between Combats (“end-combat” first)"),
            piece_at (game, i)->id);
  if (!g_ptr_array_find_with_equal_func (sides, w[1], g_str_equal, NULL))
    FAIL (_("no side “%s” in the scenario"), w[1]);
  chooser = combat_chooser (game, why);
  if (chooser != NULL && g_strcmp0 (chooser, w[1]) != 0)
    FAIL (_("How to Resolve Combat, Order: the %s player chooses the order of combat, not the %s player (%s)"), chooser,
          w[1], why->str);
  for (guint k = 2; k < n; k++)
    {
      int i;
      if (!need_piece (game, w[k], &i, error))
        return FALSE;
      if (piece_at (game, i)->type == RDT_GL_HQ)
        FAIL (_("How the Pieces Move, HQs: HQs cannot attack or be attacked (%s)"), w[k]);
      for (guint j = 2; j < k; j++)
        if (g_str_equal (w[j], w[k]))
          FAIL (_("How to Resolve Combat, Order: %s is named twice"), w[k]);
      if (!in_a_combat (game, i))
        FAIL (_("How to Resolve Combat, Definition: %s is in no Combat (not in contact with, in the FoF of, nor with in its FoF an opposing piece)"),
              w[k]);
    }
  g_strfreev (game->order);
  game->order = g_strdupv (&w[2]);
  set_str (&game->order_side, w[1]);
  g_string_append_printf (res, "order of combat, chosen by the %s player (%s):", w[1], why->str);
  for (guint k = 2; k < n; k++)
    g_string_append_printf (res, " %u %s%s", k - 1, w[k], k + 1 < n ? "," : "");
  return TRUE;
}

/* The players' calls of How to Resolve Combat: which pieces make one Combat
 * ("In general, a Combat is between 2 opposing pieces"; "Combine nearby
 * Flanking attacks into a combined Combat"; "follow-on pieces behind them may
 * become involved in the next Round") and the order ("The side with the
 * better Command Ratings chooses the order"; Brandywine: "The British player
 * decides the order of combat"): each `engage` names pieces of the Combat
 * resolved now, in the order the players choose; each must be engaged with
 * an enemy piece of it.  Who chooses is not checked (a script has no
 * players). */
static gboolean
act_engage (RdtGlGame  *game,
            char      **w,
            GString    *res,
            GError    **error)
{
  guint n = g_strv_length (w), np = game->g->pieces->len;
  g_autofree gboolean *in = g_new0 (gboolean, np);
  gboolean any_before = FALSE;

  if (game->phase != RDT_GL_PHASE_COMBAT)
    FAIL (_("How the Turns Work, step 5: combats are declared after the cup is empty (action “combat”)"));
  if (n < 2 || n > 1 + np)
    FAIL (_("usage: engage PIECE [PIECE...]"));
  for (guint i = 0; i < np; i++)
    {
      in[i] = game->st[i].engaged;
      any_before |= in[i];
    }
  for (guint k = 1; k < n; k++)
    {
      int i;
      if (!need_piece (game, w[k], &i, error))
        return FALSE;
      if (piece_at (game, i)->type == RDT_GL_HQ)
        FAIL (_("How the Pieces Move, HQs: HQs cannot attack or be attacked (%s)"), w[k]);
      in[i] = TRUE;
    }
  for (guint i = 0; i < np; i++)
    {
      gboolean with = FALSE;
      if (!in[i])
        continue;
      for (guint k = 0; k < np && !with; k++)
        with = in[k] && engaged_pair (game, i, k);
      if (!with)
        FAIL (_("How to Resolve Combat, Definition: %s is not in contact with nor in the FoF of an opposing piece of this Combat (nor has one in its FoF)"),
              piece_at (game, i)->id);
    }
  if (!any_before && !follow_order (game, in, error))
    return FALSE;
  for (guint i = 0; i < np; i++)
    game->st[i].engaged = in[i];
  order_done (game, in);
  if (!any_before)
    game->combats++;
  g_string_append_printf (res, "Combat %d%s:", game->combats, any_before ? " (joined)" : "");
  for (guint i = 0; i < np; i++)
    if (in[i])
      g_string_append_printf (res, " %s", piece_at (game, i)->id);
  if (game->order != NULL)
    {
      int next = order_next (game);
      g_string_append_printf (res, "; order of the %s player: %s%s", game->order_side,
                              next >= 0 ? "next " : "done", next >= 0 ? piece_at (game, next)->id : "");
    }
  return TRUE;
}

static gboolean
act_end_combat (RdtGlGame  *game,
                GString    *res,
                GError    **error)
{
  if (game->phase != RDT_GL_PHASE_COMBAT)
    FAIL (_("How the Turns Work, step 5: not resolving combat"));
  for (guint i = 0; i < game->g->pieces->len; i++)
    if (game->st[i].must_retreat)
      FAIL (_("Retreat: %s must retreat first"), piece_at (game, i)->id);
  /* "Continue Rounds until the Combat is broken: there are no opposing
   * pieces remaining in contact or FoF" (for a Combat declared by engage). */
  for (guint i = 0; i < game->g->pieces->len; i++)
    for (guint k = i + 1; k < game->g->pieces->len; k++)
      if (game->st[i].engaged && game->st[k].engaged && engaged_pair (game, i, k))
        FAIL (_("How to Resolve Combat: the Combat is not broken: %s and %s are still in contact or FoF; continue Rounds"),
              piece_at (game, i)->id, piece_at (game, k)->id);
  /* "Elite ... the first hit in a combat", "Already Retreated piece": per combat. */
  for (guint i = 0; i < game->g->pieces->len; i++)
    game->st[i].absorbed = game->st[i].militia_hit = game->st[i].retreated = game->st[i].engaged = FALSE;
  game->rounds_in_combat = 0;
  g_string_append (res, "combat over");
  return TRUE;
}

static gboolean
act_end_turn (RdtGlGame  *game,
              GString    *res,
              GError    **error)
{
  if (game->phase != RDT_GL_PHASE_COMBAT)
    FAIL (_("How the Turns Work: a turn ends after step 5, combat (action “combat”)"));
  if (!act_end_combat (game, res, error))
    return FALSE;
  for (guint i = 0; i < game->g->pieces->len; i++)
    {
      RdtGlPiece *p = piece_at (game, i);
      /* The HQs flipped to show they rolled are turned back for the new turn. */
      if (game->st[i].altered)
        p->spent = FALSE;
      game->st[i].acted = game->st[i].altered = game->st[i].attacker = game->st[i].baggage_used = FALSE;
      game->st[i].moved_from_level = -1;
    }
  if (game->g->has_victory && game->g->last_turn > 0 && game->turn >= game->g->last_turn)
    {
      /* Victory: the scenario's last turn has ended. */
      g_autofree char *report = NULL;
      game->phase = RDT_GL_PHASE_OVER;
      game->combats = 0;
      g_clear_pointer (&game->current, g_free);
      report = rdt_gl_game_victory_report (game);
      g_string_append_printf (res, "; the last turn (%d) is over\n%s", game->turn, report);
      return TRUE;
    }
  game->turn++;
  game->combats = 0;
  g_clear_pointer (&game->order, g_strfreev);
  g_clear_pointer (&game->order_side, g_free);
  game->phase = RDT_GL_PHASE_COMMANDS;
  fill_cup (game);
  g_hash_table_remove_all (game->commands_moved);
  g_string_append_printf (res, "; turn %d", game->turn);
  return TRUE;
}

/* ------------------------------------------- Brandywine Scenario, Setup */

#define RULE_SETUP N_("Brandywine Scenario, Setup")

/* Is piece @i placed at set-up in the placement zone @z?  Its side's zone
 * names its command (a piece without command goes with its side's first
 * zone); a command entering later (reinforcements, Early Start Option) is
 * not placed; Baggage Trains only with Optional Baggage Trains. */
static gboolean
placed_in (RdtGlGame       *game,
           int              i,
           const RdtGlZone *z)
{
  const RdtGlPiece *p = piece_at (game, i);

  if (g_strcmp0 (p->side, z->side) != 0)
    return FALSE;
  if (p->type == RDT_GL_BAGGAGE && !game->baggage)
    return FALSE;
  if (command_entry_turn (game, p->command, NULL) != G_MININT)
    return FALSE;
  if (p->command == NULL)
    {
      for (guint k = 0; k < game->g->zones->len; k++)
        {
          const RdtGlZone *o = g_ptr_array_index (game->g->zones, k);
          if (o->kind == RDT_GL_ZONE_PLACEMENT && g_strcmp0 (o->side, z->side) == 0 && o->order < z->order)
            return FALSE;
        }
      return TRUE;
    }
  return strv_has (z->commands, p->command);
}

/* The next placement zone after order @after that has a piece to place. */
static const RdtGlZone *
next_placement (RdtGlGame *game,
                int        after)
{
  const RdtGlZone *best = NULL;

  for (guint k = 0; k < game->g->zones->len; k++)
    {
      const RdtGlZone *z = g_ptr_array_index (game->g->zones, k);
      gboolean any = FALSE;

      if (z->kind != RDT_GL_ZONE_PLACEMENT || z->order <= after || (best != NULL && z->order >= best->order))
        continue;
      for (guint i = 0; i < game->g->pieces->len && !any; i++)
        any = placed_in (game, i, z) && !game->st[i].destroyed;
      if (any)
        best = z;
    }
  return best;
}

/* Starts (again: options may follow each other) the set-up phase from the
 * options chosen: every piece off map, the game on its first turn (Start
 * Options; Early Start Option: "starting the game two turns early"). */
static gboolean
configure_setup (RdtGlGame  *game,
                 GString    *res,
                 GError    **error)
{
  const RdtGlZone *r, *e = NULL;
  int start;

  if (game->reinforcements == NULL)
    return TRUE;
  r = zone_of_kind (game, RDT_GL_ZONE_REINFORCEMENT, game->reinforcements);
  if (r == NULL)
    FAIL (_("Brandywine Scenario, Setup: the scenario has no reinforcement zone “%s”"), game->reinforcements);
  start = r->turn;
  if (game->early_start)
    {
      e = zone_of_kind (game, RDT_GL_ZONE_EARLY_ENTRY, NULL);
      if (e == NULL)
        FAIL (_("Early Start Option: the scenario has no early-entry zone (the main road the first command enters along)"));
      start = r->turn - e->turns_early;
      if (start < 1)
        FAIL (_("Early Start Option: the %s reinforcements start on Turn %d, so %d turns early is before Turn 1 (the text's example is a flank attack: “begin on Turn 2”)"),
              r->option, r->turn, e->turns_early);
    }
  for (guint i = 0; i < game->g->pieces->len; i++)
    {
      game->st[i].off_map = TRUE;
      piece_at (game, i)->destroyed = TRUE;   /* not on the table for the rulings */
    }
  game->turn = start;
  game->phase = RDT_GL_PHASE_SETUP;
  game->placing = next_placement (game, 0);
  g_ptr_array_set_size (game->cup, 0);
  g_clear_pointer (&game->current, g_free);
  g_string_append_printf (res, "; Start Options: reinforcements from %s (zone %s) on Turn %d%s; the game starts on Turn %d",
                          r->option, r->id, r->turn,
                          e != NULL ? "; Early Start Option: the first command enters along the main road" : "",
                          start);
  if (game->placing != NULL)
    g_string_append_printf (res, "; %s places first (zone %s)", game->placing->side, game->placing->id);
  return TRUE;
}

/* Can the block of piece @i stand at its present pose, in @zone?  Setup:
 * "in any location on this side of the river where its terrain can be
 * entered": the majority of the block in the zone (as "Move where the
 * majority of the piece can fit"), on the map, its majority terrain one it
 * may enter (Terrain Effects: Marsh "No Artillery or Cavalry"; Rivers "Cross
 * only at bridges or fords"), and no stacking ("Not stack on top of each
 * other"; HQs "do not block movement"). */
static gboolean
pose_allowed (RdtGlGame        *game,
              int               i,
              const RdtGlZone  *zone,
              const char       *rule,
              GError          **error)
{
  RdtGlPiece *p = piece_at (game, i);
  RdtPoint c[4];
  RdtGlTerrain t;
  double f;

  rdt_gridless_piece_corners (game->g, p, c);
  for (guint k = 0; k < 4; k++)
    if (c[k].x < -RDT_GEOM_EPS_LEN || c[k].y < -RDT_GEOM_EPS_LEN || c[k].x > game->g->width + RDT_GEOM_EPS_LEN ||
        c[k].y > game->g->height + RDT_GEOM_EPS_LEN)
      FAIL (_("%s: the block of %s reaches outside the map"), _(rule), p->id);
  f = zone != NULL ? rdt_gridless_zone_fraction (game->g, zone, p) : 1;
  if (!(f > 0.5))
    FAIL (_("%s: the majority of %s must be in zone %s (%s); %.0f%% of the block is"), _(rule), p->id, zone->id,
          zone->name != NULL ? zone->name : rdt_gl_zone_kind_to_string (zone->kind), 100 * f);
  rdt_gl_piece_terrain (game->g, p, &t);
  if (t.has_majority == RDT_GL_YES && t.majority == RDT_GL_AREA_MARSH &&
      (p->type == RDT_GL_ARTILLERY || p->type == RDT_GL_CAVALRY || p->type == RDT_GL_DRAGOONS))
    FAIL (_("%s: its terrain must be one it can enter; Terrain Effects, Marsh: No Artillery or Cavalry (%s)"), _(rule),
          p->id);
  if (t.has_majority == RDT_GL_YES && t.majority == RDT_GL_AREA_RIVER)
    FAIL (_("%s: its terrain must be one it can enter; Terrain Effects, Rivers: cross only at bridges or fords (%s is in the river)"),
          _(rule), p->id);
  if (p->type != RDT_GL_HQ)
    for (guint k = 0; k < game->g->pieces->len; k++)
      {
        RdtPoint o[4];
        if ((int) k == i || !alive (game, k) || piece_at (game, k)->type == RDT_GL_HQ)
          continue;
        rdt_gridless_piece_corners (game->g, piece_at (game, k), o);
        if (rdt_geom_clipped_area (c, 4, o, 4) > 1e-6)
          FAIL (_("%s: How the Pieces Move: pieces do not stack (%s overlaps %s)"), _(rule), p->id,
                piece_at (game, k)->id);
      }
  return TRUE;
}

/* A block placed or entering in Road Column (Brandywine Scenario, Setup:
 * "All units may be placed at setup or enter the map in Road Column") is a
 * block in Road Column: How the Pieces Move, Road Column, "Turn piece
 * lengthwise along the road" (G10 7; the reading rdt_gl_reading_road_column).
 * @road: the road it must be on (Early Start Option: "along the main road"),
 * or NULL for any road. */
static gboolean
column_along_road (RdtGlGame        *game,
                   const RdtGlPiece *p,
                   const char       *road,
                   const char       *rule,
                   GError          **error)
{
  RdtGlAlongRoad along;

  if (!p->road_column)
    return TRUE;
  rdt_gl_along_road (game->g, p, road, &along);
  if (along.verdict == RDT_GL_YES)
    return TRUE;
  if (along.road == NULL)
    FAIL (road != NULL
            ? _("%s: %s in Road Column: How the Pieces Move, Road Column: “Turn piece lengthwise along the road”; the scenario has no road “%s” (G10 7)")
            : _("%s: %s in Road Column: How the Pieces Move, Road Column: “Turn piece lengthwise along the road”; the map has no road (G10 7)%s"),
          _(rule), p->id, road != NULL ? road : "");
  FAIL (_("%s: %s in Road Column: How the Pieces Move, Road Column: “Turn piece lengthwise along the road”: "
          "the road %s must run under the block from one short end to the other (its long axis within %.4g inch, "
          "half the block's depth, of the road); at %.3f,%.3f the axis is %.3f inch from it "
          "(%.0f%% of the axis is along it; G10 7, reading: %s); “line” puts it in combat formation"),
        _(rule), p->id, along.road, along.tolerance, along.off.x, along.off.y, along.off_distance,
        100 * along.covered, _(along.reading));
}

/* Terrain Effects, Buildings: "Pieces in Buildings become Spent" (as at
 * the end of a move). */
static void
spent_in_buildings (RdtGlGame  *game,
                    RdtGlPiece *p,
                    GString    *res)
{
  if (in_buildings (game, p) && !p->spent)
    {
      p->spent = TRUE;
      g_string_append (res, ", Spent in buildings");
    }
}

/* X,Y [FACING] [column|line] into the pose of piece @p (the words from @w[2]). */
static gboolean
parse_pose_words (char       **w,
                  guint        n,
                  RdtGlPiece  *p,
                  GError     **error)
{
  RdtPoint at;

  if (!parse_point (w[2], &at))
    FAIL (_("“%s” is not a point X,Y in inches"), w[2]);
  p->centre = at;
  for (guint k = 3; k < n; k++)
    {
      /* "All units may be placed at setup or enter the map in Road Column". */
      if (g_str_equal (w[k], "column"))
        p->road_column = TRUE;
      else if (g_str_equal (w[k], "line"))
        p->road_column = FALSE;
      else if (!parse_facing (w[k], &p->facing))
        FAIL (_("“%s” is neither a facing in degrees nor column|line"), w[k]);
    }
  return TRUE;
}

static gboolean
act_place (RdtGlGame  *game,
           char      **w,
           GString    *res,
           GError    **error)
{
  guint n = g_strv_length (w);
  int i;
  RdtGlPiece *p;

  if (n < 3 || n > 5)
    FAIL (_("usage: place PIECE X,Y [FACING] [column|line]"));
  if (game->phase != RDT_GL_PHASE_SETUP)
    FAIL (game->reinforcements == NULL
            ? _("Brandywine Scenario, Setup: the British note in advance where the reinforcements enter: “option reinforcements right|centre|left” starts the set-up")
            : _("Brandywine Scenario, Setup: the set-up is over (“place” is a set-up action)"));
  if ((i = piece_index (game, w[1])) < 0)
    FAIL (_("no piece “%s” in the scenario"), w[1]);
  p = piece_at (game, i);
  if (game->placing == NULL || !placed_in (game, i, game->placing))
    {
      int t;
      const RdtGlZone *z = NULL;
      t = command_entry_turn (game, p->command, &z);
      if (p->type == RDT_GL_BAGGAGE && !game->baggage)
        FAIL (_("Optional Baggage Trains: %s is a Baggage Train, in play only with “option baggage”"), p->id);
      if (z != NULL)
        FAIL (_("Brandywine Scenario, Setup: %s is not placed at set-up: its command enters on Turn %d from zone %s (“enter”)"),
              p->id, t, z->id);
      FAIL (_("Brandywine Scenario, Setup: %s is not placed now: %s places in zone %s"), p->id,
            game->placing != NULL ? game->placing->side : "-", game->placing != NULL ? game->placing->id : "-");
    }
  if (!parse_pose_words (w, n, p, error))
    return FALSE;
  game->st[i].off_map = FALSE;
  game->st[i].reserve_of = NULL;   /* placed on the board instead of its Reserve Card */
  p->destroyed = FALSE;
  if (!pose_allowed (game, i, game->placing, RULE_SETUP, error) || !column_along_road (game, p, NULL, RULE_SETUP, error))
    return FALSE;  /* the snapshot puts the piece back */
  g_string_append_printf (res, "%s placed in zone %s%s", p->id, game->placing->id, p->road_column ? " in Road Column" : "");
  spent_in_buildings (game, p, res);
  return TRUE;
}

static gboolean
act_end_setup (RdtGlGame  *game,
               GString    *res,
               GError    **error)
{
  const RdtGlZone *z = game->placing;

  if (game->phase != RDT_GL_PHASE_SETUP)
    FAIL (_("Brandywine Scenario, Setup: not in the set-up phase"));
  for (guint i = 0; z != NULL && i < game->g->pieces->len; i++)
    if (placed_in (game, i, z) && game->st[i].off_map)
      FAIL (_("Brandywine Scenario, Setup: %s places every piece of zone %s first (%s is not placed)"), z->side, z->id,
            piece_at (game, i)->id);
  game->placing = z != NULL ? next_placement (game, z->order) : NULL;
  if (game->placing != NULL)
    {
      g_string_append_printf (res, "%s placed; %s places next (zone %s)", z->side, game->placing->side, game->placing->id);
      return TRUE;
    }
  /* "All chits go into the cup." */
  game->phase = RDT_GL_PHASE_COMMANDS;
  fill_cup (game);
  g_string_append_printf (res, "set-up over; Turn %d", game->turn);
  return TRUE;
}

/* A piece not placed at set-up enters on its turn from its zone (Setup:
 * "enters the map on Turn 1, from one of the three zones"; Early Start
 * Option: "The first command enters the map along the main road"). */
static gboolean
act_enter (RdtGlGame  *game,
           char      **w,
           GString    *res,
           GError    **error)
{
  guint n = g_strv_length (w);
  int i, turn;
  RdtGlPiece *p;
  const RdtGlZone *z = NULL;
  const char *victim;

  if (n < 3 || n > 5)
    FAIL (_("usage: enter PIECE X,Y [FACING] [column|line]"));
  if ((i = piece_index (game, w[1])) < 0)
    FAIL (_("no piece “%s” in the scenario"), w[1]);
  p = piece_at (game, i);
  if (game->st[i].destroyed || !game->st[i].off_map)
    FAIL (_("Brandywine Scenario, Setup: %s is not off map"), p->id);
  turn = command_entry_turn (game, p->command, &z);
  if (z == NULL)
    FAIL (p->type == RDT_GL_BAGGAGE && !game->baggage
            ? _("Optional Baggage Trains: %s is a Baggage Train, in play only with “option baggage”")
            : _("Brandywine Scenario, Setup: %s does not enter as a reinforcement (it is placed at set-up)"), p->id);
  if (p->type == RDT_GL_BAGGAGE && !game->baggage)
    FAIL (_("Optional Baggage Trains: %s is a Baggage Train, in play only with “option baggage”"), p->id);
  if (game->turn < turn)
    FAIL (_("Start Options: %s enters on Turn %d (zone %s); this is Turn %d"), p->id, turn, z->id, game->turn);
  if (!may_act (game, i, error))
    return FALSE;
  if (!parse_pose_words (w, n, p, error))
    return FALSE;
  if (z->kind == RDT_GL_ZONE_EARLY_ENTRY && z->road != NULL && !p->road_column)
    FAIL (_("Early Start Option: the first command enters the map along the main road (%s): in Road Column (“column”)"),
          z->road);
  game->st[i].off_map = FALSE;
  p->destroyed = FALSE;
  if (!pose_allowed (game, i, z, z->kind == RDT_GL_ZONE_EARLY_ENTRY ? N_("Early Start Option") : N_("Start Options"),
                     error))
    return FALSE;
  if (!column_along_road (game, p, z->kind == RDT_GL_ZONE_EARLY_ENTRY ? z->road : NULL,
                          z->kind == RDT_GL_ZONE_EARLY_ENTRY ? N_("Early Start Option") : N_("Start Options"), error))
    return FALSE;
  for (guint k = 0; k < game->g->pieces->len; k++)
    if (p->road_column && alive (game, k) && enemies (p, piece_at (game, k)) &&
        in_fof (game, piece_at (game, k), p) == RDT_GL_YES)
      FAIL (_("How the Pieces Move, Road Column: you cannot move into an enemy Field of Fire (%s)"),
            piece_at (game, k)->id);
  if ((victim = attacks_someone (game, i)) != NULL)
    FAIL (_("How the Pieces Move, HQs: to attack (%s), a piece must begin its move within 1/3 cavalry move of its HQ; an entering piece begins off the map"),
          victim);
  game->st[i].acted = TRUE;
  game->current_acted = TRUE;
  g_string_append_printf (res, "%s enters from zone %s%s", p->id, z->id, p->road_column ? " in Road Column" : "");
  spent_in_buildings (game, p, res);
  return TRUE;
}

/* ------------------------------------------- Optional Hidden Reserves */

#define RULE_RESERVES N_("Optional Hidden Reserves")

static int
reserve_count (RdtGlGame  *game,
               const char *hq,
               double     *slowest)
{
  int n = 0;

  if (slowest != NULL)
    *slowest = G_MAXDOUBLE;
  for (guint i = 0; i < game->g->pieces->len; i++)
    if (!game->st[i].destroyed && g_strcmp0 (game->st[i].reserve_of, hq) == 0)
      {
        n++;
        if (slowest != NULL)
          *slowest = MIN (*slowest, rdt_gridless_get_spec (game->g, piece_at (game, i)->type)->move);
      }
  return n;
}

/* The first HQ holding Reserve pieces that an enemy piece can see ("Pieces
 * can remain hidden in Reserve, as long as the HQ cannot be Spotted by the
 * enemy"; ID Type: "If you can spot a piece": Line of Sight, at most 1 Foot
 * move).  An undecided LOS counts as Spotted (the hidden side cannot prove
 * it is not). */
static int
spotted_hq (RdtGlGame   *game,
            const char **by)
{
  for (guint h = 0; h < game->g->pieces->len; h++)
    {
      const RdtGlPiece *hq = piece_at (game, h);
      if (hq->type != RDT_GL_HQ || !alive (game, h) || reserve_count (game, hq->id, NULL) == 0)
        continue;
      for (guint k = 0; k < game->g->pieces->len; k++)
        {
          const RdtGlPiece *o = piece_at (game, k);
          RdtGlLos los;
          RdtGlVerdict v;
          if (!alive (game, k) || !enemies (hq, o))
            continue;
          rdt_gl_los (game->g, (RdtGlLosEnd) { o, { 0, 0 } }, (RdtGlLosEnd) { hq, { 0, 0 } }, &los);
          v = los.verdict;
          rdt_gl_los_clear (&los);
          if (v != RDT_GL_NO)
            {
              *by = o->id;
              return (int) h;
            }
        }
    }
  return -1;
}

/* reserve PIECE HQ: "Your pieces on the board and even other entire Corps
 * can move onto Reserve Cards by moving "into" the matching HQ": the piece,
 * acting for its command, can reach the HQ's place (G10) or touches it.  At
 * set-up: "Pieces can begin the game in Reserve". */
static gboolean
act_reserve (RdtGlGame  *game,
             char      **w,
             GString    *res,
             GError    **error)
{
  int i, h;
  RdtGlPiece *p;
  const RdtGlPiece *hq;

  if (!game->reserves)
    FAIL (_("Optional Hidden Reserves: not in use (“option hidden-reserves”)"));
  if (g_strv_length (w) != 3)
    FAIL (_("usage: reserve PIECE HQ"));
  if ((i = piece_index (game, w[1])) < 0 || (h = piece_index (game, w[2])) < 0)
    FAIL (_("no piece “%s” in the scenario"), piece_index (game, w[1]) < 0 ? w[1] : w[2]);
  p = piece_at (game, i);
  hq = piece_at (game, h);
  if (hq->type != RDT_GL_HQ || enemies (p, hq) || !alive (game, h))
    FAIL (_("Optional Hidden Reserves: %s is not a friendly HQ on the map (one Reserve Card for each HQ)"), hq->id);
  if (p->type == RDT_GL_HQ)
    FAIL (_("Optional Hidden Reserves: an HQ is not held in Reserve (%s)"), p->id);
  if (game->st[i].reserve_of != NULL || game->st[i].destroyed)
    FAIL (_("Optional Hidden Reserves: %s is not on the board"), p->id);
  if (game->phase == RDT_GL_PHASE_SETUP)
    {
      if (game->placing == NULL || !placed_in (game, i, game->placing))
        FAIL (_("Brandywine Scenario, Setup: %s is not placed now"), p->id);
    }
  else
    {
      /* Facing the HQ (the free facing change), then straight to it. */
      RdtGlPose pose = { hq->centre,
                         fmod (atan2 (hq->centre.x - p->centre.x, p->centre.y - hq->centre.y) * 180.0 / G_PI + 360.0,
                               360.0),
                         p->road_column };
      RdtGlMove m;
      RdtGlContact c;
      if (game->st[i].off_map)
        FAIL (_("%s is off map (Brandywine Scenario, Setup: not yet placed or entered; “place” or “enter” it)"), p->id);
      if (!may_act (game, i, error))
        return FALSE;
      rdt_gl_contact (game->g, p, hq, &c);
      rdt_gl_can_reach (game->g, p, &pose, &m);
      if (c.in_contact != RDT_GL_YES && m.verdict != RDT_GL_YES)
        FAIL (_("Optional Hidden Reserves: pieces move onto a Reserve Card by moving “into” the matching HQ; %s cannot reach %s (%s)"),
              p->id, hq->id, m.reason != NULL ? _(m.reason) : "");
      game->st[i].acted = TRUE;
      game->current_acted = TRUE;
    }
  game->st[i].reserve_of = hq->id;
  game->st[i].off_map = FALSE;
  p->destroyed = TRUE;   /* off the board: no ruling sees it */
  g_string_append_printf (res, "%s onto the Reserve Card of %s", p->id, hq->id);
  return TRUE;
}

/* deploy PIECE X,Y [FACING] [column|line]: "They move out of Reserve by
 * placing them on the board by the HQ and conducting a regular move": the
 * piece starts at the HQ's place (facing as the HQ unless given) and moves as
 * `move` does. */
static gboolean
act_deploy (RdtGlGame  *game,
            char      **w,
            GString    *res,
            GError    **error)
{
  int i, h;
  RdtGlPiece *p;
  const RdtGlPiece *hq;

  if (g_strv_length (w) < 3 || g_strv_length (w) > 5)
    FAIL (_("usage: deploy PIECE X,Y [FACING] [column|line]"));
  if ((i = piece_index (game, w[1])) < 0)
    FAIL (_("no piece “%s” in the scenario"), w[1]);
  if (game->st[i].reserve_of == NULL)
    FAIL (_("Optional Hidden Reserves: %s is not in Reserve"), w[1]);
  h = piece_index (game, game->st[i].reserve_of);
  p = piece_at (game, i);
  hq = piece_at (game, h);
  p->centre = hq->centre;
  p->facing = hq->facing;
  /* "If an HQ is moving along a road at column speed, treat all pieces in
   * reserve as in Road Column"; otherwise in combat formation. */
  p->road_column = hq->road_column;
  game->st[i].reserve_of = NULL;
  p->destroyed = FALSE;
  if (!act_move (game, w, res, error))
    return FALSE;
  g_string_append_printf (res, " (out of the Reserve of %s)", hq->id);
  return TRUE;
}

/* reveal PIECE X,Y [FACING]: "If the HQ is Spotted, all of its Reserve
 * pieces must be placed on the board AFTER the move is complete"; "Consider
 * all pieces in Reserve to be within 1/3 Cav move at or behind the HQ (away
 * from the enemy)": the block within 1/3 Cavalry move of the HQ's (G9), its
 * centre not in front of the HQ's front edge line; in Road Column when the HQ
 * is ("treat all pieces in reserve as in Road Column"). */
static gboolean
act_reveal (RdtGlGame  *game,
            char      **w,
            GString    *res,
            GError    **error)
{
  guint n = g_strv_length (w);
  int i, h;
  RdtGlPiece *p;
  const RdtGlPiece *hq;
  const char *by = NULL;
  RdtGlCommandRange cr;
  double rad, ahead;
  RdtPoint at;

  if (n < 3 || n > 4)
    FAIL (_("usage: reveal PIECE X,Y [FACING]"));
  if ((i = piece_index (game, w[1])) < 0)
    FAIL (_("no piece “%s” in the scenario"), w[1]);
  if (game->st[i].reserve_of == NULL)
    FAIL (_("Optional Hidden Reserves: %s is not in Reserve"), w[1]);
  h = piece_index (game, game->st[i].reserve_of);
  if (spotted_hq (game, &by) != h)
    FAIL (_("Optional Hidden Reserves: %s is not Spotted: its Reserve stays hidden (“deploy” moves a piece out)"),
          game->st[i].reserve_of);
  p = piece_at (game, i);
  hq = piece_at (game, h);
  if (!parse_point (w[2], &at))
    FAIL (_("“%s” is not a point X,Y in inches"), w[2]);
  p->centre = at;
  p->facing = hq->facing;
  if (n == 4 && !parse_facing (w[3], &p->facing))
    FAIL (_("“%s” is not a facing in degrees"), w[3]);
  p->road_column = hq->road_column;
  game->st[i].reserve_of = NULL;
  p->destroyed = FALSE;
  rdt_gl_command_range (game->g, hq, p, &cr);
  if (cr.verdict != RDT_GL_YES)
    FAIL (_("Optional Hidden Reserves: Reserve pieces are within 1/3 Cav move of the HQ (%s is %.4f in. from %s; 1/3 Cav move is %.4f in.)"),
          p->id, cr.distance, hq->id, cr.range);
  rad = hq->facing * G_PI / 180.0;
  ahead = (at.x - hq->centre.x) * sin (rad) - (at.y - hq->centre.y) * cos (rad);
  if (ahead > RDT_GEOM_EPS_LEN)
    FAIL (_("Optional Hidden Reserves: Reserve pieces are at or behind the HQ (away from the enemy); %s would be %.4f in. in front of %s"),
          p->id, ahead, hq->id);
  if (!pose_allowed (game, i, NULL, RULE_RESERVES, error))
    return FALSE;
  for (guint k = 0; k < game->g->pieces->len; k++)
    if (alive (game, k) && enemies (p, piece_at (game, k)) && in_contact (game, p, piece_at (game, k)))
      FAIL (_("Optional Hidden Reserves: Reserve pieces are placed behind the HQ, away from the enemy (%s touches %s)"),
            p->id, piece_at (game, k)->id);
  g_string_append_printf (res, "%s revealed from the Reserve of %s (Spotted by %s)%s", p->id, hq->id, by,
                          p->road_column ? " in Road Column" : "");
  spent_in_buildings (game, p, res);
  return TRUE;
}

/* Optional Hidden Reserves, Reassignment: "Before the game starts, you can
 * reassign pieces to other commands ... Treat them as a regular part of that
 * command for the entire game."  Command Size Limits: "Min: 2 pieces"; "Max:
 * Largest historical Command of that army (see OB), +1 piece".  Pieces are
 * counted without HQs; the historical commands are those of the file. */
static guint
command_size (RdtGlGame  *game,
              const char *command,
              gboolean    historical)
{
  guint n = 0;

  for (guint i = 0; i < game->g->pieces->len; i++)
    if (piece_at (game, i)->type != RDT_GL_HQ &&
        g_strcmp0 (historical ? game->orig_command[i] : piece_at (game, i)->command, command) == 0)
      n++;
  return n;
}

static gboolean
reassign (RdtGlGame   *game,
          const char  *piece,
          const char  *command,
          GString     *res,
          GError     **error)
{
  int i = piece_index (game, piece);
  const RdtGlCommand *to = find_command (game, command);
  RdtGlPiece *p;
  guint largest = 0;

  if (!game->reserves)
    FAIL (_("Optional Hidden Reserves, Reassignment: choose “option hidden-reserves” first"));
  if (i < 0)
    FAIL (_("no piece “%s” in the scenario"), piece);
  p = piece_at (game, i);
  if (p->type == RDT_GL_HQ)
    FAIL (_("Optional Hidden Reserves, Reassignment: %s is an HQ; pieces are reassigned, not HQs"), p->id);
  if (to == NULL || g_strcmp0 (to->side, p->side) != 0)
    FAIL (_("Optional Hidden Reserves, Reassignment: “%s” is not a command of %s's army"), command, p->id);
  if (g_strcmp0 (p->command, command) == 0)
    FAIL (_("Optional Hidden Reserves, Reassignment: %s is already of %s"), p->id, command);
  for (guint k = 0; k < game->g->commands->len; k++)
    {
      const RdtGlCommand *c = g_ptr_array_index (game->g->commands, k);
      if (g_strcmp0 (c->side, p->side) == 0)
        largest = MAX (largest, command_size (game, c->id, TRUE));
    }
  if (command_size (game, command, FALSE) + 1 > largest + 1)
    FAIL (_("Optional Hidden Reserves, Command Size Limits: Max: the largest historical Command of that army, +1 piece (%u): %s would have %u"),
          largest + 1, command, command_size (game, command, FALSE) + 1);
  if (p->command != NULL && command_size (game, p->command, FALSE) < 3)
    FAIL (_("Optional Hidden Reserves, Command Size Limits: Min: 2 pieces (%s would have %u)"), p->command,
          command_size (game, p->command, FALSE) - 1);
  g_string_append_printf (res, "%s reassigned from %s to %s", p->id, p->command != NULL ? p->command : "-", command);
  g_free (p->command);
  p->command = g_strdup (command);
  return TRUE;
}

/* ------------------------------------------------------------- victory */

static guint
losses_of (RdtGlGame  *game,
           const char *side,
           guint      *trains)
{
  guint n = 0;

  *trains = 0;
  for (guint i = 0; i < game->g->pieces->len; i++)
    if (game->st[i].destroyed && g_strcmp0 (piece_at (game, i)->side, side) == 0)
      {
        /* Optional Baggage Trains: "Destroyed Baggage Trains count double
         * for victory." */
        gboolean train = piece_at (game, i)->type == RDT_GL_BAGGAGE && game->baggage;
        n += train ? 2 : 1;
        *trains += train;
      }
  return n;
}

static guint
ineffective_of (RdtGlGame  *game,
                const char *side,
                GString    *names)
{
  guint n = 0;

  for (guint k = 0; k < game->g->commands->len; k++)
    {
      const RdtGlCommand *c = g_ptr_array_index (game->g->commands, k);
      if (g_strcmp0 (c->side, side) == 0 && rdt_gl_game_command_ineffective (game, c->id))
        {
          n++;
          if (names != NULL)
            g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", c->id);
        }
    }
  return n;
}

/* kind="holds": @side alone has non-HQ pieces with the majority of their
 * block in the zone. */
static gboolean
holds (RdtGlGame       *game,
       const char      *side,
       const RdtGlZone *z)
{
  gboolean mine = FALSE, theirs = FALSE;

  for (guint i = 0; z != NULL && i < game->g->pieces->len; i++)
    {
      const RdtGlPiece *p = piece_at (game, i);
      if (!alive (game, i) || p->type == RDT_GL_HQ || !(rdt_gridless_zone_fraction (game->g, z, p) > 0.5))
        continue;
      if (g_strcmp0 (p->side, side) == 0)
        mine = TRUE;
      else
        theirs = TRUE;
    }
  return mine && !theirs;
}

char *
rdt_gl_game_victory_report (RdtGlGame *game)
{
  GString *s = g_string_new (NULL);
  const RdtGlCondition *won = NULL;

  g_string_append_printf (s, _("Victory (Brandywine Scenario, Objectives): turn %d"), game->turn);
  if (game->g->has_victory)
    g_string_append_printf (s, _(" of last turn %d%s"), game->g->last_turn,
                            game->g->last_turn_provisional ? _(" (provisional)") : "");
  g_string_append (s, game->phase == RDT_GL_PHASE_OVER ? _(", the game is over.\n") : _(", the game goes on.\n"));
  for (guint k = 0; k < game->g->sides->len; k++)
    {
      const RdtGlSide *side = g_ptr_array_index (game->g->sides, k);
      g_autoptr(GString) names = g_string_new (NULL);
      guint trains, n = 0, left = 0, lost = losses_of (game, side->id, &trains);
      guint ineff = ineffective_of (game, side->id, names);

      g_autoptr(GString) dead = g_string_new (NULL);

      for (guint i = 0; i < game->g->pieces->len; i++)
        if (g_strcmp0 (piece_at (game, i)->side, side->id) == 0)
          {
            n++;
            left += !game->st[i].destroyed;
            if (game->st[i].destroyed)
              g_string_append_printf (dead, "%s%s", dead->len > 0 ? ", " : "", piece_at (game, i)->id);
          }
      g_string_append_printf (s, _("%s: losses %u (destroyed pieces; %u Baggage Train%s counted double, Optional Baggage Trains); destroyed: %s; %u of %u pieces remain; Ineffective commands (50%% losses): %s\n"),
                              side->id, lost, trains, trains == 1 ? "" : "s", dead->len > 0 ? dead->str : _("none"),
                              left, n, ineff > 0 ? names->str : _("none"));
    }
  {
    /* "Whatever the colonial army achieves, keeping it intact is essential." */
    const char *colonial = NULL;
    for (guint k = 0; k < game->g->sides->len; k++)
      if (g_strcmp0 (((RdtGlSide *) g_ptr_array_index (game->g->sides, k))->id, "colonial") == 0)
        colonial = "colonial";
    if (colonial != NULL)
      {
        guint ineff = ineffective_of (game, colonial, NULL);
        g_string_append_printf (s, ineff == 0
                                     ? _("The colonial army: no command Ineffective (“keeping it intact is essential”).\n")
                                     : _("The colonial army: %u command(s) Ineffective (“keeping it intact is essential”: it is not intact).\n"),
                                ineff);
      }
  }
  for (guint k = 0; k < game->g->conditions->len && won == NULL; k++)
    {
      const RdtGlCondition *c = g_ptr_array_index (game->g->conditions, k);
      guint trains;
      switch (c->kind)
        {
        case RDT_GL_VICTORY_LOSSES:
          if (losses_of (game, c->side, &trains) >= (guint) c->at_least)
            won = c;
          break;
        case RDT_GL_VICTORY_INEFFECTIVE:
          if (ineffective_of (game, c->side, NULL) >= (guint) c->at_least)
            won = c;
          break;
        case RDT_GL_VICTORY_HOLDS:
          if (holds (game, c->side, rdt_gridless_find_zone (game->g, c->zone)))
            won = c;
          break;
        case RDT_GL_N_VICTORY_KINDS:
        default:
          break;
        }
    }
  if (game->g->conditions->len == 0)
    g_string_append (s, _("Winner: not decided by the rules text (Brandywine, Objectives are prose only and print no victory-point table); add <condition> elements to the scenario's <victory> to have one decided.\n"));
  else if (won == NULL)
    g_string_append (s, _("Winner: none of the scenario's conditions is met (not decided).\n"));
  else
    {
      g_autofree char *what =
        won->kind == RDT_GL_VICTORY_HOLDS ? g_strdup_printf (_("%s alone holds zone %s"), won->side, won->zone)
        : won->kind == RDT_GL_VICTORY_LOSSES ? g_strdup_printf (_("%s losses at least %d"), won->side, won->at_least)
        : g_strdup_printf (_("%s Ineffective commands at least %d"), won->side, won->at_least);
      g_string_append_printf (s, _("Winner%s: %s, by the scenario's condition at line %d%s: %s%s%s.\n"),
                              game->phase == RDT_GL_PHASE_OVER ? "" : _(" if the game ended now"), won->winner,
                              won->line, won->provisional ? _(" (provisional: not in the rules text)") : "", what,
                              won->text != NULL ? " — " : "", won->text != NULL ? won->text : "");
    }
  return g_string_free (s, FALSE);
}

static gboolean
apply_words (RdtGlGame  *game,
             char      **w,
             GString    *res,
             GError    **error)
{
  const char *a = w[0];

  if (g_str_equal (a, "option"))
    {
      /* The other optional rules of the rulebook are named and refused:
       * each needs what a script cannot give (hidden pieces, talk between
       * players, written orders read by a person). */
      static const struct { const char *name, *why; } unsupported[] = {
        { "multi-player", N_("Optional Multi Player Rules are not supported: they govern what players may say to each other, which the program cannot see") },
        { "written-orders", N_("Optional Written Orders is not supported: orders are written and interpreted by players, not checked by the program") },
      };
      guint n = g_strv_length (w);

      if (n == 2)
        for (guint k = 0; k < G_N_ELEMENTS (unsupported); k++)
          if (g_str_equal (w[1], unsupported[k].name))
            FAIL ("%s", _(unsupported[k].why));
      if (!((n == 2 && (g_str_equal (w[1], "hq-alter") || g_str_equal (w[1], "baggage") ||
                        g_str_equal (w[1], "early-start") || g_str_equal (w[1], "hidden-reserves"))) ||
            (n == 3 && g_str_equal (w[1], "reinforcements")) || (n == 4 && g_str_equal (w[1], "reassign"))))
        FAIL (_("usage: option hq-alter | baggage | hidden-reserves | reassign PIECE COMMAND | reinforcements ZONE-OPTION | early-start (the optional rules multi-player and written-orders are refused)"));
      /* Options are chosen before the game begins (Setup: "The British
       * player notes in advance, before the game begins"). */
      for (guint k = 0; k < game->log->len; k++)
        if (!g_str_has_prefix (g_ptr_array_index (game->log, k), "option "))
          FAIL (_("options are chosen before the first action"));
      if (g_str_equal (w[1], "hq-alter"))
        {
          game->optional_alter = TRUE;
          g_string_append (res, "Optional HQ Alter in use");
        }
      else if (g_str_equal (w[1], "hidden-reserves"))
        {
          game->reserves = TRUE;
          g_string_append (res, "Optional Hidden Reserves in use");
        }
      else if (g_str_equal (w[1], "reassign"))
        {
          if (!reassign (game, w[2], w[3], res, error))
            return FALSE;
        }
      else if (g_str_equal (w[1], "baggage"))
        {
          /* Optional Baggage Trains. */
          game->baggage = TRUE;
          g_string_append (res, "Optional Baggage Trains in use");
        }
      else if (g_str_equal (w[1], "reinforcements"))
        {
          /* Setup: "The British player notes in advance, before the game
           * begins, which zone the reinforcements will enter from." */
          if (game->reinforcements != NULL)
            FAIL (_("Brandywine Scenario, Setup: the reinforcement zone is already noted (%s)"), game->reinforcements);
          if (zone_of_kind (game, RDT_GL_ZONE_REINFORCEMENT, w[2]) == NULL)
            {
              g_autoptr(GString) known = g_string_new (NULL);
              for (guint k = 0; k < game->g->zones->len; k++)
                {
                  const RdtGlZone *z = g_ptr_array_index (game->g->zones, k);
                  if (z->kind == RDT_GL_ZONE_REINFORCEMENT)
                    g_string_append_printf (known, "%s%s", known->len > 0 ? "|" : "", z->option);
                }
              FAIL (_("Brandywine Scenario, Setup: no reinforcement zone “%s” in the scenario (%s)"), w[2],
                    known->len > 0 ? known->str : _("it has no set-up zones"));
            }
          game->reinforcements = g_strdup (w[2]);
          g_string_append_printf (res, "reinforcements noted: %s", w[2]);
        }
      else
        {
          /* Early Start Option: "starting the game two turns early and
           * advancing the British first command onto the map". */
          if (game->reinforcements == NULL)
            FAIL (_("Early Start Option: note the reinforcement zone first (“option reinforcements right|centre|left”: “The British player specifies in writing, before the game begins, where the second command will arrive”)"));
          game->early_start = TRUE;
          g_string_append (res, "Early Start Option in use");
        }
      return configure_setup (game, res, error);
    }
  if (game->phase == RDT_GL_PHASE_OVER)
    FAIL (_("Victory: the game is over (the scenario's last turn, %d, has ended); undo to go back"), game->g->last_turn);
  if (game->reserves && !g_str_equal (a, "reveal"))
    {
      const char *by = NULL;
      int h = spotted_hq (game, &by);
      if (h >= 0)
        FAIL (_("Optional Hidden Reserves: %s is Spotted by %s: all of its Reserve pieces must be placed on the board first (“reveal PIECE X,Y [FACING]”, within 1/3 Cav move at or behind the HQ)"),
              piece_at (game, h)->id, by);
    }
  if (g_str_equal (a, "reserve"))
    return act_reserve (game, w, res, error);
  if (g_str_equal (a, "reveal"))
    return act_reveal (game, w, res, error);
  if (game->phase == RDT_GL_PHASE_SETUP && !g_str_equal (a, "place") && !g_str_equal (a, "end-setup"))
    FAIL (_("Brandywine Scenario, Setup: %s places its pieces first (“place PIECE X,Y [FACING] [column|line]”, then “end-setup”)"),
          game->placing != NULL ? game->placing->side : "-");
  if (g_str_equal (a, "place"))
    return act_place (game, w, res, error);
  if (g_str_equal (a, "end-setup"))
    return g_strv_length (w) == 1 ? act_end_setup (game, res, error)
                                  : (g_set_error (error, ERR, 0, _("usage: end-setup")), FALSE);
  if (g_str_equal (a, "enter"))
    return act_enter (game, w, res, error);
  if (g_str_equal (a, "deploy"))
    return act_deploy (game, w, res, error);
  if (g_str_equal (a, "pull"))
    return g_strv_length (w) == 1 ? act_pull (game, res, error) : (g_set_error (error, ERR, 0, _("usage: pull")), FALSE);
  if (g_str_equal (a, "alter"))
    return act_alter (game, w, res, error);
  if (g_str_equal (a, "move"))
    return act_move (game, w, res, error);
  if (g_str_equal (a, "rally"))
    return act_rally (game, w, res, error);
  if (g_str_equal (a, "bombard"))
    return act_bombard (game, w, res, error);
  if (g_str_equal (a, "combat"))
    return act_combat (game, res, error);
  if (g_str_equal (a, "round"))
    return act_round (game, w, res, error);
  if (g_str_equal (a, "engage"))
    return act_engage (game, w, res, error);
  if (g_str_equal (a, "order"))
    return act_order (game, w, res, error);
  if (g_str_equal (a, "retreat"))
    return act_retreat (game, w, FALSE, res, error);
  if (g_str_equal (a, "withdraw"))
    return act_retreat (game, w, TRUE, res, error);
  if (g_str_equal (a, "end-combat"))
    return act_end_combat (game, res, error);
  if (g_str_equal (a, "end-turn"))
    return act_end_turn (game, res, error);
  FAIL (_("unknown action “%s” (docs/gridless-play.md)"), a);
}

/* A copy of everything an action may change, to put back when it fails. */
typedef struct {
  StartPose *poses;
  RdtGlPieceState *st;
  RdtDie die;
  int turn;
  RdtGlPhase phase;
  char **cup;
  char *current, *after;
  gboolean current_acted, alter_this_pull, optional_alter;
  GList *moved;
  int rounds, combats;
  char *reinforcements;
  gboolean early_start, baggage, reserves;
  const RdtGlZone *placing;
  char **order;
  char *order_side;
} Snapshot;

static void
snapshot_take (RdtGlGame *game,
               Snapshot  *s)
{
  guint n = game->g->pieces->len;

  s->poses = g_new (StartPose, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      RdtGlPiece *p = piece_at (game, i);
      s->poses[i] = (StartPose) { p->centre, p->facing, p->spent, p->road_column };
    }
  s->st = g_memdup2 (game->st, sizeof (RdtGlPieceState) * MAX (n, 1));
  s->die = game->die;
  s->turn = game->turn;
  s->phase = game->phase;
  g_ptr_array_add (game->cup, NULL);
  s->cup = g_strdupv ((char **) game->cup->pdata);
  g_ptr_array_remove_index (game->cup, game->cup->len - 1);
  s->current = g_strdup (game->current);
  s->after = g_strdup (game->after);
  s->current_acted = game->current_acted;
  s->alter_this_pull = game->alter_this_pull;
  s->optional_alter = game->optional_alter;
  s->moved = g_hash_table_get_keys (game->commands_moved);
  for (GList *l = s->moved; l != NULL; l = l->next)
    l->data = g_strdup (l->data);
  s->rounds = game->rounds_in_combat;
  s->combats = game->combats;
  s->reinforcements = g_strdup (game->reinforcements);
  s->early_start = game->early_start;
  s->baggage = game->baggage;
  s->reserves = game->reserves;
  s->placing = game->placing;
  s->order = g_strdupv (game->order);
  s->order_side = g_strdup (game->order_side);
}

static void
snapshot_restore (RdtGlGame *game,
                  Snapshot  *s)
{
  guint n = game->g->pieces->len;

  for (guint i = 0; i < n; i++)
    {
      RdtGlPiece *p = piece_at (game, i);
      p->centre = s->poses[i].centre;
      p->facing = s->poses[i].facing;
      p->spent = s->poses[i].spent;
      p->road_column = s->poses[i].road_column;
    }
  memcpy (game->st, s->st, sizeof (RdtGlPieceState) * n);
  for (guint i = 0; i < n; i++)
    piece_at (game, i)->destroyed = game->st[i].destroyed || game->st[i].off_map || game->st[i].reserve_of != NULL;
  game->die = s->die;
  game->turn = s->turn;
  game->phase = s->phase;
  g_ptr_array_set_size (game->cup, 0);
  for (guint i = 0; s->cup[i] != NULL; i++)
    g_ptr_array_add (game->cup, g_strdup (s->cup[i]));
  set_str (&game->current, s->current);
  set_str (&game->after, s->after);
  game->current_acted = s->current_acted;
  game->alter_this_pull = s->alter_this_pull;
  game->optional_alter = s->optional_alter;
  g_hash_table_remove_all (game->commands_moved);
  for (GList *l = s->moved; l != NULL; l = l->next)
    g_hash_table_add (game->commands_moved, g_strdup (l->data));
  game->rounds_in_combat = s->rounds;
  game->combats = s->combats;
  set_str (&game->reinforcements, s->reinforcements);
  game->early_start = s->early_start;
  game->baggage = s->baggage;
  game->reserves = s->reserves;
  game->placing = s->placing;
  g_strfreev (game->order);
  game->order = g_strdupv (s->order);
  set_str (&game->order_side, s->order_side);
}

static void
snapshot_free (Snapshot *s)
{
  g_free (s->poses);
  g_free (s->st);
  g_strfreev (s->cup);
  g_free (s->current);
  g_free (s->after);
  g_free (s->reinforcements);
  g_list_free_full (s->moved, g_free);
  g_strfreev (s->order);
  g_free (s->order_side);
}

gboolean
rdt_gl_game_apply (RdtGlGame   *game,
                   const char  *line,
                   char       **result,
                   GError     **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) w = NULL;
  g_autoptr(GString) res = g_string_new (NULL);
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  Snapshot snap;
  gboolean ok;
  char *hash;

  g_return_val_if_fail (game != NULL && line != NULL, FALSE);

  text = g_strdup (line);
  if ((hash = strchr (text, '#')) != NULL)
    *hash = '\0';
  g_strstrip (text);
  if (*text == '\0')
    {
      g_set_error (error, ERR, 0, _("an empty action"));
      return FALSE;
    }
  if (game->log->len >= MAX_LOG)
    {
      g_set_error (error, ERR, 0, _("a game holds at most %d actions"), MAX_LOG);
      return FALSE;
    }
  w = g_strsplit_set (text, " \t", -1);
  for (guint i = 0; w[i] != NULL; i++)
    if (*w[i] != '\0')
      g_ptr_array_add (words, w[i]);
  g_ptr_array_add (words, NULL);
  snapshot_take (game, &snap);
  ok = apply_words (game, (char **) words->pdata, res, error);
  if (ok && game->reserves)
    {
      const char *by = NULL;
      int h = spotted_hq (game, &by);
      if (h >= 0)
        g_string_append_printf (res, "; Optional Hidden Reserves: %s is Spotted by %s: reveal its Reserve pieces",
                                piece_at (game, h)->id, by);
    }
  if (!ok)
    snapshot_restore (game, &snap);
  snapshot_free (&snap);
  if (!ok)
    return FALSE;
  {
    /* The canonical line: the words joined by one space. */
    g_autofree char *canon = g_strjoinv (" ", (char **) words->pdata);
    g_ptr_array_add (game->log, g_steal_pointer (&canon));
  }
  g_ptr_array_add (game->results, g_strdup (res->str));
  if (result != NULL)
    *result = g_strdup (res->str);
  return TRUE;
}

gboolean
rdt_gl_game_undo (RdtGlGame  *game,
                  GError    **error)
{
  g_autoptr(GPtrArray) lines = NULL;

  if (game->log->len == 0)
    {
      g_set_error (error, ERR, 0, _("nothing to undo"));
      return FALSE;
    }
  lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i + 1 < game->log->len; i++)
    g_ptr_array_add (lines, g_strdup (g_ptr_array_index (game->log, i)));
  reset (game);
  for (guint i = 0; i < lines->len; i++)
    if (!rdt_gl_game_apply (game, g_ptr_array_index (lines, i), NULL, error))
      return FALSE;
  return TRUE;
}

/* --------------------------------------------------------------- state */

static int
compare_strings (const char *const *a,
                 const char *const *b)
{
  return strcmp (*a, *b);
}

char *
rdt_gl_game_describe (RdtGlGame *game)
{
  GString *s = g_string_new (NULL);

  static const char *const phases[] = { "commands", "combat", "setup", "over" };

  g_string_append_printf (s, "turn %d phase %s current %s after %s cup", game->turn, phases[game->phase],
                          game->current != NULL ? game->current : "-", game->after != NULL ? game->after : "-");
  for (guint i = 0; i < game->cup->len; i++)
    g_string_append_printf (s, " %s", (char *) g_ptr_array_index (game->cup, i));
  g_string_append_printf (s, "\ndie %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", game->die.seed, game->die.state);
  g_string_append_printf (s, "options%s; acted %d; alter-this-pull %d; rounds %d; moved",
                          game->optional_alter ? " hq-alter" : "", game->current_acted, game->alter_this_pull,
                          game->rounds_in_combat);
  /* Only when used, so the digests of games without them are unchanged. */
  if (game->reinforcements != NULL || game->baggage || game->reserves)
    g_string_append_printf (s, " (setup%s%s%s%s%s placing %s)", game->reserves ? " hidden-reserves" : "", game->reinforcements != NULL ? " reinforcements " : "",
                            game->reinforcements != NULL ? game->reinforcements : "",
                            game->early_start ? " early-start" : "", game->baggage ? " baggage" : "",
                            game->placing != NULL ? game->placing->id : "-");
  {
    /* Sorted, so the text does not depend on the hash table's order. */
    g_autofree gpointer *keys = g_hash_table_get_keys_as_array (game->commands_moved, NULL);
    guint nk = g_hash_table_size (game->commands_moved);
    qsort (keys, nk, sizeof (gpointer), (int (*) (const void *, const void *)) compare_strings);
    for (guint i = 0; i < nk; i++)
      g_string_append_printf (s, " %s", (char *) keys[i]);
    g_string_append_c (s, '\n');
  }
  /* How to Resolve Combat, Order (only when given: digests without it are
   * unchanged). */
  if (game->order != NULL)
    {
      g_string_append_printf (s, "order %s:", game->order_side);
      for (guint i = 0; game->order[i] != NULL; i++)
        g_string_append_printf (s, " %s", game->order[i]);
      g_string_append_c (s, '\n');
    }
  for (guint i = 0; i < game->g->pieces->len; i++)
    {
      const RdtGlPiece *p = piece_at (game, i);
      const RdtGlPieceState *st = &game->st[i];
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (x, sizeof x, "%.6f", p->centre.x);
      g_ascii_formatd (y, sizeof y, "%.6f", p->centre.y);
      g_ascii_formatd (f, sizeof f, "%.6f", p->facing);
      g_string_append_printf (s, "%s %s,%s %s %s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s\n", p->id, x, y, f,
                              st->destroyed ? "destroyed" : p->spent ? "spent" : "fresh",
                              p->road_column ? " column" : "", st->acted ? " acted" : "",
                              st->must_retreat ? " must-retreat" : "", st->retreated ? " retreated" : "",
                              st->absorbed ? " absorbed" : "", st->militia_hit ? " militia-hit" : "",
                              st->altered ? " altered" : "", st->attacker ? " attacker" : "",
                              st->engaged ? " engaged" : "", st->off_map ? " off-map" : "",
                              st->baggage_used ? " baggage-used" : "", st->reserve_of != NULL ? " reserve:" : "",
                              st->reserve_of != NULL ? st->reserve_of : "",
                              g_strcmp0 (p->command, game->orig_command[i]) != 0 ? " reassigned:" : "",
                              g_strcmp0 (p->command, game->orig_command[i]) != 0 && p->command != NULL ? p->command : "");
    }
  return g_string_free (s, FALSE);
}

char *
rdt_gl_game_digest (RdtGlGame *game)
{
  g_autofree char *d = rdt_gl_game_describe (game);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, d, -1);
}

/* ---------------------------------------------------------- saved games */

char *
rdt_gl_game_to_text (RdtGlGame  *game,
                     const char *scenario_name)
{
  GString *s = g_string_new ("redoubt-gridless-game 1\n");
  g_autofree char *digest = rdt_gl_game_digest (game);

  g_string_append_printf (s, "scenario %s\nseed %" G_GUINT64_FORMAT "\n", scenario_name, game->die.seed);
  for (guint i = 0; i < game->log->len; i++)
    g_string_append_printf (s, "action %s\n", (char *) g_ptr_array_index (game->log, i));
  g_string_append_printf (s, "digest %s\n", digest);
  return g_string_free (s, FALSE);
}

RdtGlGame *
rdt_gl_game_from_text (const char  *text,
                       const char  *folder,
                       GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(RdtGlGame) game = NULL;
  g_autofree char *digest = NULL;
  guint n = g_strv_length (lines);

  if (n < 4 || !g_str_equal (lines[0], "redoubt-gridless-game 1"))
    {
      g_set_error (error, ERR, 0, _("line 1: not a saved gridless game (“redoubt-gridless-game 1”)"));
      return NULL;
    }
  for (guint i = 1; i < n; i++)
    {
      const char *l = lines[i];
      g_autoptr(GError) e = NULL;

      if (*l == '\0')
        continue;
      if (g_str_has_prefix (l, "scenario ") && game == NULL && i == 1)
        {
          const char *name = l + strlen ("scenario ");
          g_autofree char *path = NULL;
          g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
          RdtGridless *g;
          char *end = NULL;
          guint64 seed;

          /* A file reference stays inside the saved game's folder. */
          if (*name == '\0' || *name == '.' || strchr (name, '/') != NULL || strchr (name, '\\') != NULL)
            {
              g_set_error (error, ERR, 0, _("line %u: the scenario must be a file in the saved game's folder"), i + 1);
              return NULL;
            }
          if (i + 1 >= n || !g_str_has_prefix (lines[i + 1], "seed "))
            {
              g_set_error (error, ERR, 0, _("line %u: “seed N” expected"), i + 2);
              return NULL;
            }
          seed = g_ascii_strtoull (lines[i + 1] + 5, &end, 10);
          if (end == lines[i + 1] + 5 || *end != '\0')
            {
              g_set_error (error, ERR, 0, _("line %u: “seed N” expected"), i + 2);
              return NULL;
            }
          path = g_build_filename (folder, name, NULL);
          g = rdt_gridless_load_from_file (path, diagnostics, error);
          if (g == NULL)
            return NULL;
          if (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) > 0)
            {
              rdt_gridless_free (g);
              g_set_error (error, ERR, 0, _("%s: the scenario has errors"), path);
              return NULL;
            }
          game = rdt_gl_game_new (g, seed);
          i++;
        }
      else if (g_str_has_prefix (l, "action ") && game != NULL)
        {
          if (!rdt_gl_game_apply (game, l + strlen ("action "), NULL, &e))
            {
              g_set_error (error, ERR, 0, _("line %u: %s: %s"), i + 1, l + strlen ("action "), e->message);
              return NULL;
            }
        }
      else if (g_str_has_prefix (l, "digest ") && game != NULL && digest == NULL)
        digest = g_strdup (l + strlen ("digest "));
      else
        {
          g_set_error (error, ERR, 0, _("line %u: unexpected “%.40s”"), i + 1, l);
          return NULL;
        }
    }
  if (game == NULL || digest == NULL)
    {
      g_set_error (error, ERR, 0, _("the saved game lacks its scenario or its digest"));
      return NULL;
    }
  {
    g_autofree char *now = rdt_gl_game_digest (game);
    if (!g_str_equal (now, digest))
      {
        g_set_error (error, ERR, 0, _("the replayed state differs from the saved digest"));
        return NULL;
      }
  }
  return g_steal_pointer (&game);
}
