/* test-gridless-play.c: a Pub Battles game in progress on a gridless map
 * (issue 18, RdtGlGame).  Tests are named by the rulebook section they apply
 * (pub-battles-brandywine.txt); dice outcomes are checked against the dice
 * the game reports, recomputed here from the rules' tables. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "redoubt-core.h"
#include "gl-game-fixture.h"

/* ------------------------------------------------------------- fixtures */

/* Red A command (rating 3) and army HQ without chit; blue B (rating 4).
 * Blocks 0.75 x 0.375, Foot move 6, Cavalry move 12 (command range 4). */
static RdtGridless *
small_battle (void)
{
  RdtGridless *g = rdt_gridless_new ();

  g->id = g_strdup ("test");
  g->title = g_strdup ("test");
  g->width = 30;
  g->height = 30;
  for (guint t = 0; t < RDT_GL_N_PIECE_TYPES; t++)
    {
      g->specs[t].present = TRUE;
      g->specs[t].width = 0.75;
      g->specs[t].depth = 0.375;
      g->specs[t].move = (t == RDT_GL_CAVALRY || t == RDT_GL_DRAGOONS || t == RDT_GL_HQ) ? 12 : 6;
    }
  add_command (g, "a", "red", "a-hq", "A", 3);
  add_command (g, "army", "red", "army-hq", NULL, 0);
  add_command (g, "b", "blue", "b-hq", "B", 4);
  add_piece (g, "a-hq", "red", "a", RDT_GL_HQ, 10, 22, 0);
  add_piece (g, "a-inf", "red", "a", RDT_GL_INFANTRY, 10, 20, 0);
  add_piece (g, "a-inf2", "red", "a", RDT_GL_INFANTRY, 12, 20, 0);
  add_piece (g, "a-far", "red", "a", RDT_GL_INFANTRY, 22, 21, 0);
  add_piece (g, "a-art", "red", "a", RDT_GL_ARTILLERY, 14, 20, 0);
  add_piece (g, "army-hq", "red", "army", RDT_GL_HQ, 5, 25, 0);
  add_piece (g, "b-hq", "blue", "b", RDT_GL_HQ, 10, 12, 180);
  add_piece (g, "b-inf", "blue", "b", RDT_GL_INFANTRY, 10, 16, 180);
  add_piece (g, "b-inf2", "blue", "b", RDT_GL_INFANTRY, 14, 16, 180);
  add_piece (g, "b-cav", "blue", "b", RDT_GL_DRAGOONS, 20, 16, 180);
  return g;
}

/* Pull until the chit of @command is pulled; the other commands' turns pass
 * without moves. */
static void
pull_until (RdtGlGame  *game,
            const char *command)
{
  for (int k = 0; k < 10; k++)
    {
      ok (game, "pull");
      if (g_strcmp0 (rdt_gl_game_get_current (game), command) == 0)
        return;
    }
  g_error ("the chit of %s never came", command);
}

/* ----------------------------------------------------- How the Turns Work */

static void
test_chit_cup (void)
{
  gboolean saw_a_first = FALSE, saw_b_first = FALSE;

  for (guint64 seed = 0; seed < 20; seed++)
    {
      g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), seed);
      g_autoptr(RdtGlGame) again = rdt_gl_game_new (small_battle (), seed);
      g_autofree char *r1 = NULL, *r2 = NULL, *r1b = NULL, *first = NULL;

      /* Step 1: all Command Chits (the army HQ has none) in the cup. */
      g_assert_cmpuint (rdt_gl_game_get_cup (game)->len, ==, 2);
      r1 = ok_result (game, "pull");
      first = g_strdup (rdt_gl_game_get_current (game));
      saw_a_first |= g_str_equal (first, "a");
      saw_b_first |= g_str_equal (first, "b");
      g_assert_nonnull (strstr (r1, first));
      r2 = ok_result (game, "pull");
      g_assert_cmpstr (rdt_gl_game_get_current (game), !=, first);
      g_assert_cmpuint (rdt_gl_game_get_cup (game)->len, ==, 0);
      /* Step 4: until the cup is empty. */
      refused (game, "pull", "How the Turns Work, step 4");
      /* The same seed pulls the same chit. */
      r1b = ok_result (again, "pull");
      g_assert_cmpstr (r1, ==, r1b);
      /* Step 5 and 6. */
      ok (game, "combat");
      refused (game, "pull", "How the Turns Work");
      ok (game, "end-turn");
      g_assert_cmpint (rdt_gl_game_get_turn (game), ==, 2);
      g_assert_cmpuint (rdt_gl_game_get_cup (game)->len, ==, 2);
    }
  /* Random, not fixed. */
  g_assert_true (saw_a_first && saw_b_first);
}

/* How the Turns Work, step 3; How the Pieces Move (G10); HQs: army HQs
 * with no chit "can move once per turn with any friendly command". */
static void
test_moves (void)
{
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), 3);
  const RdtGridless *g = rdt_gl_game_get_gridless (game);

  refused (game, "move a-inf 10,19", "step 3");
  pull_until (game, "a");
  refused (game, "move b-inf 10,17", "step 3");
  refused (game, "move a-inf 10,13.9", "G10");
  ok (game, "move a-inf 10,19");
  g_assert_cmpfloat (rdt_gridless_find_piece (g, "a-inf")->centre.y, ==, 19);
  refused (game, "move a-inf 10,18.5", "already moved");
  ok (game, "move army-hq 5,24");
  g_assert_true (rdt_gl_game_get_state (game, "a-inf")->acted);
  refused (game, "move nobody 1,1", "no piece");
  refused (game, "move a-inf2 x", "not a point");
  refused (game, "fly a-inf2", "unknown action");
}

/* HQs: "To attack, a piece must begin its move within 1/3 cavalry move of
 * its HQ"; "HQs cannot attack". */
static void
test_command_range (void)
{
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), 3);
  g_autofree char *r = NULL;

  pull_until (game, "a");
  /* a-far is 12 in. from a-hq: it may move but not attack. */
  ok (game, "move a-far 22,19");
  g_assert_true (rdt_gl_game_get_state (game, "a-far")->acted);
  /* b-cav at (20,16): a-far moving up beside it would attack. */
  {
    g_autoptr(RdtGlGame) g2 = rdt_gl_game_new (small_battle (), 3);
    pull_until (g2, "a");
    refused (g2, "move a-far 20.5,18", "within 1/3 cavalry move of its HQ");
  }
  /* a-inf, 2 in. from its HQ, may attack b-inf: into contact. */
  r = ok_result (game, "move a-inf 10,16.375");
  g_assert_nonnull (strstr (r, "attacks b-inf"));
  /* "Army HQs can also Command Attacks, with any friendly pieces": an Army
   * HQ's command with a chit (army="true", as Washington's) near a-far. */
  for (int army = 0; army <= 1; army++)
    {
      RdtGridless *g = small_battle ();
      g_autoptr(RdtGlGame) g3 = NULL;

      add_command (g, "guard", "red", "guard-hq", "G", 2);
      ((RdtGlCommand *) g_ptr_array_index (g->commands, g->commands->len - 1))->army = army;
      add_piece (g, "guard-hq", "red", "guard", RDT_GL_HQ, 22, 23, 0);
      g3 = rdt_gl_game_new (g, 3);
      pull_until (g3, "a");
      if (army)
        ok (g3, "move a-far 20.5,18");
      else
        refused (g3, "move a-far 20.5,18", "within 1/3 cavalry move of its HQ");
    }
  refused (game, "move a-hq 14,16.375", "HQs cannot attack");
}

/* Rally: "cannot Rally while in contact with the enemy or in enemy FoF";
 * Ineffective: 50% losses, no Rally. */
static void
test_rally (void)
{
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), 5);
  RdtGridless *g = (RdtGridless *) rdt_gl_game_get_gridless (game);
  RdtGlPiece *a2 = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf2");
  RdtGlPiece *a1 = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf");

  a2->spent = TRUE;
  a1->spent = TRUE;
  /* a-inf at (10,20) is 4 in. from b-inf: outside its FoF (2 in.).  Move
   * a-inf into b-inf's FoF first: no, a-inf2 is the one we test there. */
  a2->centre = rdt_point (14, 17.5); /* 1.5 in. in front of b-inf2: in its FoF */
  pull_until (game, "a");
  refused (game, "rally a-inf2", "Rally");
  refused (game, "rally a-hq", "Fresh");
  ok (game, "rally a-inf 90");
  g_assert_false (a1->spent);
  g_assert_cmpfloat (a1->facing, ==, 90);
}

/* How to Alter Turn Order: "rolling their rating or less"; Move Now. */
static void
test_alter (void)
{
  int successes = 0, failures = 0;

  for (guint64 seed = 0; seed < 40; seed++)
    {
      g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), seed);
      g_autofree char *r = NULL;
      int roll = 0;
      const char *at;
      const char *hq;

      ok (game, "pull");
      /* The HQ whose chit is still in the cup tries Move Now. */
      hq = g_str_equal (rdt_gl_game_get_current (game), "a") ? "b-hq" : "a-hq";
      refused (game, g_str_equal (hq, "a-hq") ? "alter a-hq delay" : "alter b-hq delay", "Delay");
      r = ok_result (game, g_str_equal (hq, "a-hq") ? "alter a-hq now" : "alter b-hq now");
      at = strstr (r, "rolled ");
      g_assert_nonnull (at);
      roll = atoi (at + strlen ("rolled "));
      g_assert_cmpint (roll, >=, 1);
      g_assert_cmpint (roll, <=, 6);
      if (roll <= (g_str_equal (hq, "a-hq") ? 3 : 4))
        {
          successes++;
          g_assert_nonnull (strstr (r, "success"));
          g_assert_cmpstr (rdt_gl_game_get_current (game), ==, g_str_equal (hq, "a-hq") ? "a" : "b");
          /* The pulled chit moves next, without a draw. */
          ok (game, "pull");
          g_assert_cmpstr (rdt_gl_game_get_current (game), ==, g_str_equal (hq, "a-hq") ? "b" : "a");
        }
      else
        {
          failures++;
          g_assert_nonnull (strstr (r, "failure"));
          g_assert_cmpstr (rdt_gl_game_get_current (game), ==, g_str_equal (hq, "a-hq") ? "b" : "a");
        }
      /* "Flip the HQ ... Spent"; once per turn. */
      g_assert_true (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), hq)->spent);
    }
  g_assert_cmpint (successes, >, 0);
  g_assert_cmpint (failures, >, 0);

  {
    /* Optional HQ Alter: no roll, one Alter per Chit Pull. */
    g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), 1);
    g_autofree char *r = NULL;
    const char *other;

    ok (game, "option hq-alter");
    ok (game, "pull");
    other = g_str_equal (rdt_gl_game_get_current (game), "a") ? "b" : "a";
    r = ok_result (game, g_str_equal (other, "a") ? "alter a-hq now" : "alter b-hq now");
    g_assert_nonnull (strstr (r, "no roll"));
    g_assert_cmpstr (rdt_gl_game_get_current (game), ==, other);
    refused (game, g_str_equal (other, "a") ? "alter a-hq delay" : "alter b-hq delay", "Delay");
    refused (game, "option hq-alter", "before the first action");
  }
}

/* ---------------------------------------------------------------- combat */

/* Parses "... dice 4 1 6 (+0): N hits" groups from a result; returns the
 * number of groups and checks each one's hits against "4 or higher". */
static int
check_dice (const char *result,
            int         want_dice,
            int         want_mod)
{
  const char *p = result;
  int groups = 0;

  while ((p = strstr (p, "dice")) != NULL)
    {
      int n = 0, hits = 0, mod, said;
      const char *q = p + 4;
      char *end;

      for (;;)
        {
          long v = strtol (q, &end, 10);
          if (end == q)
            break;
          g_assert_cmpint (v, >=, 1);
          g_assert_cmpint (v, <=, 6);
          n++;
          q = end;
          if (*q == ' ' && q[1] == '(')
            break;
        }
      g_assert_cmpint (sscanf (q, " (%d): %d hit", &mod, &said), ==, 2);
      /* re-read the faces to count hits */
      q = p + 4;
      for (int k = 0; k < n; k++)
        {
          long v = strtol (q, &end, 10);
          hits += v + mod >= 4;
          q = end;
        }
      g_assert_cmpint (n, ==, want_dice);
      g_assert_cmpint (mod, ==, want_mod);
      g_assert_cmpint (said, ==, hits);
      groups++;
      p = q;
    }
  return groups;
}

/* Rolling Results (Infantry Melee 3, Fire 2), Applying Hits ("4 or
 * higher"; Fresh -> Spent -> retreat -> destroyed), Unit Quality. */
static void
test_combat_round (void)
{
  int destroyed = 0, spent = 0, retreat = 0;

  for (guint64 seed = 0; seed < 30; seed++)
    {
      RdtGridless *g = small_battle ();
      g_autoptr(RdtGlGame) game = NULL;
      g_autofree char *r = NULL;
      RdtGlPiece *a = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf");
      const RdtGlPiece *b;
      const RdtGlPieceState *bs;
      int hits_on_b = 0;
      const char *q;

      /* a-inf flush against b-inf's front: Melee. */
      a->centre = rdt_point (10, 16.375);
      game = rdt_gl_game_new (g, seed);
      ok (game, "pull");
      ok (game, "pull");
      refused (game, "round a-inf:b-inf", "step 5");
      ok (game, "combat");
      refused (game, "round a-inf:b-inf a-inf:b-inf", "one target per round");
      refused (game, "round a-inf2:b-inf2", "no target");
      refused (game, "round a-inf:b-hq", "HQs");
      r = ok_result (game, "round a-inf:b-inf b-inf:a-inf");
      g_assert_cmpint (check_dice (r, 3, 0), ==, 2);
      /* The hits on b-inf: the group after "a-inf melee b-inf". */
      q = strstr (r, "a-inf melee b-inf");
      g_assert_nonnull (q);
      g_assert_cmpint (sscanf (strstr (q, "):") + 2, " %d hit", &hits_on_b), ==, 1);
      b = rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "b-inf");
      bs = rdt_gl_game_get_state (game, "b-inf");
      if (hits_on_b >= 3)
        {
          g_assert_true (bs->destroyed);
          destroyed++;
        }
      else if (hits_on_b == 2)
        {
          g_assert_true (bs->must_retreat && b->spent);
          retreat++;
        }
      else if (hits_on_b == 1)
        {
          g_assert_true (!bs->must_retreat && b->spent);
          spent++;
        }
      else
        g_assert_true (!b->spent && !bs->destroyed);
      if (bs->must_retreat)
        {
          refused (game, "end-combat", "must retreat");
          refused (game, "retreat b-inf 10,18", "Retreat"); /* towards the enemy, onto a-inf */
          refused (game, "retreat b-inf 10,12.5", "1/3 move");
          if (!rdt_gl_game_get_state (game, "a-inf")->destroyed)
            refused (game, "retreat b-inf 10,14.2", "out of enemy FoF");
          ok (game, "retreat b-inf 10,14");
          g_assert_true (rdt_gl_game_get_state (game, "b-inf")->retreated);
        }
    }
  g_assert_cmpint (destroyed + spent + retreat, >, 0);

  {
    /* Fire Fight: Infantry Fire 2 dice; Cover: -1 in woods; Elite and
     * Militia (Unit Quality). */
    RdtGridless *g = small_battle ();
    g_autoptr(RdtGlGame) game = NULL;
    g_autofree char *r = NULL;
    RdtGlArea *wood = g_new0 (RdtGlArea, 1);
    RdtGlPiece *a = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf");
    /* b-inf wholly inside, the sight line inside it for 0.2125 in. (< 3/8"). */
    RdtPoint box[4] = { { 8, 15.7 }, { 12, 15.7 }, { 12, 16.4 }, { 8, 16.4 } };

    wood->id = g_strdup ("wood");
    wood->kind = RDT_GL_AREA_WOODS;
    wood->points = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
    g_array_append_vals (wood->points, box, 4);
    g_ptr_array_add (g->areas, wood);
    a->centre = rdt_point (10, 17.5); /* b-inf in its FoF, 1.1 in. apart */
    game = rdt_gl_game_new (g, 11);
    ok (game, "pull");
    ok (game, "pull");
    ok (game, "combat");
    r = ok_result (game, "round a-inf:b-inf");
    g_assert_cmpint (check_dice (r, 2, -1), ==, 1);
  }
  {
    /* Elite absorbs the first hit of a combat; Militia counts it twice. */
    int elite_checked = 0, militia_checked = 0;
    for (guint64 seed = 0; seed < 40; seed++)
      {
        RdtGridless *g = small_battle ();
        g_autoptr(RdtGlGame) game = NULL;
        g_autofree char *r = NULL;
        RdtGlPiece *a = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf");
        RdtGlPiece *b = (RdtGlPiece *) rdt_gridless_find_piece (g, "b-inf");
        int hits = 0;
        const RdtGlPieceState *bs;

        b->quality = seed % 2 ? RDT_GL_QUALITY_ELITE : RDT_GL_QUALITY_MILITIA;
        a->centre = rdt_point (10, 16.375);
        game = rdt_gl_game_new (g, seed);
        ok (game, "pull");
        ok (game, "pull");
        ok (game, "combat");
        r = ok_result (game, "round a-inf:b-inf");
        g_assert_cmpint (sscanf (strstr (r, "):") + 2, " %d hit", &hits), ==, 1);
        bs = rdt_gl_game_get_state (game, "b-inf");
        if (hits == 0)
          continue;
        if (b->quality == RDT_GL_QUALITY_ELITE)
          {
            int eff = hits - 1;
            g_assert_true (bs->absorbed);
            g_assert_cmpint (b->spent, ==, eff >= 1 || bs->destroyed);
            g_assert_cmpint (bs->destroyed, ==, eff >= 3);
            elite_checked++;
          }
        else
          {
            int eff = hits + 1;
            g_assert_true (bs->militia_hit);
            g_assert_true (b->spent);
            g_assert_cmpint (bs->destroyed, ==, eff >= 3);
            g_assert_cmpint (bs->must_retreat, ==, eff == 2);
            militia_checked++;
          }
      }
    g_assert_cmpint (elite_checked, >, 0);
    g_assert_cmpint (militia_checked, >, 0);
  }
}

/* Bombardment: "Instead of moving, Fresh artillery can change facing and
 * fire once at a target in its FoF. Bombardment cannot destroy pieces." */
static void
test_bombard (void)
{
  int checked = 0;

  for (guint64 seed = 0; seed < 40; seed++)
    {
      RdtGridless *g = small_battle ();
      g_autoptr(RdtGlGame) game = NULL;
      g_autofree char *r = NULL;
      RdtGlPiece *art = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-art");
      RdtGlPiece *b = (RdtGlPiece *) rdt_gridless_find_piece (g, "b-inf2");
      const RdtGlPieceState *bs;

      art->centre = rdt_point (14, 17.5);
      b->spent = TRUE;
      game = rdt_gl_game_new (g, seed);
      pull_until (game, "a");
      refused (game, "bombard a-art b-inf", "not in the Field of Fire");
      r = ok_result (game, "bombard a-art b-inf2");
      g_assert_cmpint (check_dice (r, 3, 0), ==, 1);
      bs = rdt_gl_game_get_state (game, "b-inf2");
      g_assert_false (bs->destroyed);
      if (strstr (r, "0 hits") == NULL)
        {
          g_assert_true (bs->must_retreat);
          checked++;
        }
      refused (game, "bombard a-art b-inf2", "already moved");
    }
  g_assert_cmpint (checked, >, 0);
}

/* Cavalry Withdrawal: "Defending Cavalry may retreat before combat IF in
 * contact with Infantry." */
static void
test_withdrawal (void)
{
  RdtGridless *g = small_battle ();
  g_autoptr(RdtGlGame) game = NULL;
  RdtGlPiece *a = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf2");

  a->centre = rdt_point (20, 16.375);
  game = rdt_gl_game_new (g, 2);
  ok (game, "pull");
  ok (game, "pull");
  ok (game, "combat");
  refused (game, "withdraw b-inf 10,14", "only cavalry");
  ok (game, "withdraw b-cav 20,13");
  g_assert_true (rdt_gl_game_get_state (game, "b-cav")->retreated);
}

/* Retreat: "The Piece must turn about and make a 1/3 move, ignoring terrain
 * costs, back and away from the combat ... If unable to do this because of
 * enemy pieces or impassible terrain, it is destroyed": the route is a path
 * (its legs checked like move legs, G10), its length counts every leg, and no
 * leg goes forward.  Cavalry Withdrawal retreats "as above". */
static void
test_retreat_route (void)
{
  RdtGridless *g = small_battle ();
  g_autoptr(RdtGlGame) game = NULL;
  RdtGlPiece *a = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf2");
  RdtGlPiece *r = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-far");
  const RdtGlPiece *cav;

  a->centre = rdt_point (20, 16.375);   /* infantry in contact with b-cav's front */
  r->centre = rdt_point (20.9, 15.1);   /* an enemy block across the straight way back */
  r->facing = 180;
  game = rdt_gl_game_new (g, 2);
  cav = rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "b-cav");
  ok (game, "pull");
  ok (game, "pull");
  ok (game, "combat");
  /* Straight to 22.5,14.3: the end is free, the path crosses a-far. */
  refused (game, "withdraw b-cav 22.5,14.3", "a-far");
  refused (game, "withdraw b-cav 22.5,14.3", "is blocked");
  /* "turn about ... back": a leg towards its front is refused. */
  refused (game, "withdraw b-cav 19,16.5 18,14", "turn about");
  /* The route's length is every leg: 2 + 3 > 1/3 of 12. */
  refused (game, "withdraw b-cav 20,14 23,14", "1/3 move");
  /* Around the enemy block: 1.503 + 2.408 in., accepted. */
  ok (game, "withdraw b-cav 20.1,14.5 22.5,14.3");
  g_assert_cmpfloat_with_epsilon (cav->centre.x, 22.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (cav->centre.y, 14.3, 1e-9);
  g_assert_true (rdt_gl_game_get_state (game, "b-cav")->retreated);
}

GPtrArray *_rdt_gl_crossings_new (void);

/* The modifier the result gives the group that starts with @head. */
static int
group_modifier (const char *result,
                const char *head)
{
  const char *q = strstr (result, head);
  int mod = 99;

  g_assert_nonnull (q);
  q = strchr (q, '(');
  g_assert_nonnull (q);
  g_assert_cmpint (sscanf (q, "(%d)", &mod), ==, 1);
  return mod;
}

/* Terrain Effects, Road Column: "Treat as Flanked for combat"; Flanking
 * Attacks: "IF you are Flanked, you may fire at a piece on your flank with a
 * -1 modifier" (the only effect of being Flanked the text gives: no bonus for
 * the flanker, whose "die roll modifiers" have no value). */
static void
test_flank_road_column (void)
{
  RdtGridless *g = small_battle ();
  g_autoptr(RdtGlGame) game = NULL;
  g_autofree char *r = NULL;
  RdtGlPiece *a = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf");
  RdtGlPiece *b = (RdtGlPiece *) rdt_gridless_find_piece (g, "b-inf");

  a->centre = rdt_point (10, 16.375);
  b->road_column = TRUE;
  game = rdt_gl_game_new (g, 4);
  ok (game, "pull");
  ok (game, "pull");
  ok (game, "combat");
  r = ok_result (game, "round a-inf:b-inf b-inf:a-inf");
  g_assert_nonnull (strstr (r, "b-inf melee a-inf — Terrain Effects, Road Column: treat as Flanked"));
  g_assert_cmpint (group_modifier (r, "b-inf melee a-inf"), ==, -1);
  g_assert_cmpint (group_modifier (r, "a-inf melee b-inf"), ==, 0);
}

/* Terrain Effects, Rivers: "Treat pieces attacking across a River as flanked
 * for 1st round only"; Buildings: "Defenders cannot be Flanked". */
static void
test_flank_river_first_round (void)
{
  int second_rounds = 0;

  for (guint64 seed = 0; seed < 40; seed++)
    {
      RdtGridless *g = small_battle ();
      g_autoptr(RdtGlGame) game = NULL;
      g_autofree char *r = NULL, *r2 = NULL;
      RdtGlWater *w = g_new0 (RdtGlWater, 1);
      RdtPoint line[2] = { { 0, 16.19 }, { 30, 16.19 } };
      const RdtGlPieceState *as, *bs;

      /* A river along b-inf's front edge: a-inf stops short of it, in
       * contact, and attacks across it. */
      w->id = g_strdup ("river");
      w->river = TRUE;
      w->points = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
      g_array_append_vals (w->points, line, 2);
      w->crossings = _rdt_gl_crossings_new ();
      g_ptr_array_add (g->waters, w);
      game = rdt_gl_game_new (g, seed);
      pull_until (game, "a");
      r = ok_result (game, "move a-inf 10,16.375");
      g_assert_nonnull (strstr (r, "attacks b-inf"));
      g_assert_true (rdt_gl_game_get_state (game, "a-inf")->attacker);
      while (rdt_gl_game_get_cup (game)->len > 0)
        ok (game, "pull");
      ok (game, "combat");
      g_clear_pointer (&r, g_free);
      r = ok_result (game, "round a-inf:b-inf b-inf:a-inf");
      g_assert_nonnull (strstr (r, "a-inf melee b-inf — Terrain Effects, Rivers"));
      g_assert_cmpint (group_modifier (r, "a-inf melee b-inf"), ==, -1);
      g_assert_cmpint (group_modifier (r, "b-inf melee a-inf"), ==, 0);
      as = rdt_gl_game_get_state (game, "a-inf");
      bs = rdt_gl_game_get_state (game, "b-inf");
      if (as->destroyed || bs->destroyed || as->must_retreat || bs->must_retreat)
        continue;
      /* "1st round only". */
      r2 = ok_result (game, "round a-inf:b-inf b-inf:a-inf");
      g_assert_null (strstr (r2, "Rivers"));
      g_assert_cmpint (group_modifier (r2, "a-inf melee b-inf"), ==, 0);
      second_rounds++;
    }
  g_assert_cmpint (second_rounds, >, 0);
}

/* How to Resolve Combat: "Resolve Combats one at a time ... Continue Rounds
 * until the Combat is broken: there are no opposing pieces remaining in
 * contact or FoF. Then resolve the next Combat"; Order: "The side with the
 * better Command Ratings chooses the order" (Brandywine: the British player).
 * The players' calls are actions: engage names the pieces of each Combat in
 * the chosen order; round keeps to them; end-combat waits for it to break. */
static void
test_engage (void)
{
  int broken = 0;

  for (guint64 seed = 0; seed < 30; seed++)
    {
      RdtGridless *g = small_battle ();
      g_autoptr(RdtGlGame) game = NULL;
      g_autofree char *r = NULL;
      RdtGlPiece *a = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf");
      RdtGlPiece *a2 = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf2");
      const RdtGlPieceState *bs;

      a->centre = rdt_point (10, 16.375);   /* Melee with b-inf */
      a2->centre = rdt_point (14, 16.375);  /* Melee with b-inf2: another Combat */
      game = rdt_gl_game_new (g, seed);
      ok (game, "pull");
      ok (game, "pull");
      refused (game, "engage a-inf b-inf", "after the cup is empty");
      ok (game, "combat");
      /* Order: blue's Command Ratings are better (4 against 3; the Army
       * HQ's command has none). */
      refused (game, "engage a-inf b-inf", "the blue player chooses the order of the Combats first");
      refused (game, "order red a-inf a-inf2", "the blue player chooses the order of combat, not the red player");
      ok (game, "order blue a-inf");
      refused (game, "engage a-inf2 b-inf2", "the blue player's order resolves the Combat of a-inf next");
      refused (game, "engage a-inf b-inf2", "not in contact");
      refused (game, "engage a-inf b-hq", "HQs");
      r = ok_result (game, "engage a-inf b-inf");
      g_assert_cmpstr (r, ==, "Combat 1: a-inf b-inf; order of the blue player: done");
      refused (game, "round a-inf2:b-inf2", "not within the Combat declared");
      /* Not broken before a round: a-inf and b-inf are in contact. */
      refused (game, "end-combat", "not broken");
      ok (game, "round a-inf:b-inf b-inf:a-inf");
      bs = rdt_gl_game_get_state (game, "b-inf");
      if (bs->must_retreat)
        ok (game, "retreat b-inf 10,14");
      if (rdt_gl_game_get_state (game, "a-inf")->must_retreat &&
          !rdt_gl_game_apply (game, "retreat a-inf 10,18.37", NULL, NULL))
        ok (game, "retreat a-inf destroyed");
      if (rdt_gl_game_get_state (game, "b-inf")->destroyed || rdt_gl_game_get_state (game, "a-inf")->destroyed ||
          bs->retreated || rdt_gl_game_get_state (game, "a-inf")->retreated)
        {
          ok (game, "end-combat");
          /* "Then resolve the next Combat": the chooser orders those left. */
          refused (game, "engage a-inf2 b-inf2", "the blue player gives the order of the Combats left");
          refused (game, "round a-inf2:b-inf2 b-inf2:a-inf2", "the blue player gives the order of the Combats left");
          refused (game, "order red a-inf2", "the blue player chooses the order of combat, not the red player");
          ok (game, "order blue a-inf2");
          g_clear_pointer (&r, g_free);
          r = ok_result (game, "engage a-inf2 b-inf2");
          g_assert_cmpstr (r, ==, "Combat 2: a-inf2 b-inf2; order of the blue player: done");
          broken++;
        }
      else
        refused (game, "end-combat", "not broken");
    }
  g_assert_cmpint (broken, >, 0);
}

/* ---------------------------------------------------------------- replay */

/* The same log, undo, replay and save as the hex game: the state digest is
 * the same after undo + redo and after a saved game is replayed. */
static void
test_undo_replay (void)
{
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), 9);
  g_autofree char *d1 = NULL, *d2 = NULL, *d3 = NULL, *text = NULL, *mid = NULL, *undone = NULL;
  g_autoptr(GError) error = NULL;

  pull_until (game, "a");
  ok (game, "move a-inf 10,16.375");
  mid = rdt_gl_game_digest (game);
  ok (game, "move a-inf2 12,18");
  d1 = rdt_gl_game_digest (game);
  g_assert_true (rdt_gl_game_undo (game, &error));
  undone = rdt_gl_game_digest (game);
  g_assert_cmpstr (undone, ==, mid);
  ok (game, "move a-inf2 12,18");
  d2 = rdt_gl_game_digest (game);
  g_assert_cmpstr (d1, ==, d2);
  text = rdt_gl_game_to_text (game, "x.redoubt");
  g_assert_true (g_str_has_prefix (text, "redoubt-gridless-game 1\nscenario x.redoubt\nseed 9\n"));
  /* A scenario outside the saved game's folder is refused. */
  {
    g_autofree char *bad = g_strdup ("redoubt-gridless-game 1\nscenario ../x.redoubt\nseed 1\ndigest 0\n");
    RdtGlGame *none = rdt_gl_game_from_text (bad, "/tmp", &error);
    g_assert_null (none);
    g_assert_nonnull (strstr (error->message, "folder"));
    g_clear_error (&error);
  }
  (void) d3;
}

static int
run_cli (const char *const *args,
         char              **out)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autofree char *ignored = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out != NULL ? out : &ignored, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  if (WEXITSTATUS (status) != 0 && err != NULL)
    g_printerr ("%s", err);
  return WEXITSTATUS (status);
}

static const char first_turn[] =
  "# Pub Battles: Brandywine, a scripted first turn (seed 42: chits g, s, c, k, w)\n"
  "pull\n"
  "move greene 23,7.5\n"
  "move weedon 24.5,8.5 135\n"
  "pull\n"
  "move sullivan 29.5,6.5\n"
  "pull\n"
  "move grenadiers 28,12.6\n"
  "move mathew 31,13\n"
  "move 16th 33,13\n"
  "move howe 31,18\n"
  "pull\n"
  "move ferguson 20,11.5\n"
  "move 71st 21,12.5\n"
  "pull\n"
  "bombard w-artillery ferguson\n"
  "combat\n"
  "round ferguson:w-artillery w-artillery:ferguson\n"
  "end-turn\n";

static char *
digest_line (const char *out)
{
  const char *d = strstr (out, "\ndigest ");
  g_assert_nonnull (d);
  return g_strndup (d + 8, 64);
}

/* How to Alter Turn Order, Note: "The Army Commander can also roll for one
 * of his Commands if he is within Command Range of that HQ (1/3 Cav move)." */
static void
test_army_commander_alter (void)
{
  int tried = 0;

  for (guint64 seed = 0; seed < 20; seed++)
    {
      RdtGridless *g = small_battle ();
      g_autoptr(RdtGlGame) game = NULL;
      g_autofree char *r = NULL;
      g_autofree char *cur = NULL;   /* a copy: a refused action rebuilds the state */

      /* Command range is 12/3 = 4 in.: army-hq 5.83 in. from a-hq. */
      ((RdtGlCommand *) g_ptr_array_index (g->commands, 1))->rating = 5;
      game = rdt_gl_game_new (g, seed);
      ok (game, "pull");
      cur = g_strdup (rdt_gl_game_get_current (game));
      refused (game, g_str_equal (cur, "a") ? "alter army-hq delay a" : "alter army-hq now a", "Command Range");
      refused (game, g_str_equal (cur, "a") ? "alter a-hq delay b" : "alter a-hq now b", "only the Army Commander");
      refused (game, "alter army-hq now b", "not one of his Commands");
      refused (game, "alter army-hq now", "not the HQ of a command with a chit");
    }
  for (guint64 seed = 0; seed < 20; seed++)
    {
      RdtGridless *g = small_battle ();
      g_autoptr(RdtGlGame) game = NULL;
      g_autofree char *r = NULL;
      RdtGlPiece *army = (RdtGlPiece *) rdt_gridless_find_piece (g, "army-hq");
      const char *at;
      int roll;
      gboolean was_a;

      ((RdtGlCommand *) g_ptr_array_index (g->commands, 1))->rating = 5;
      army->centre = rdt_point (10, 24.5); /* 2.5 in. from a-hq: in range */
      game = rdt_gl_game_new (g, seed);
      ok (game, "pull");
      was_a = g_str_equal (rdt_gl_game_get_current (game), "a");
      /* Delay for the pulled A, or Move Now for A still in the cup. */
      r = ok_result (game, was_a ? "alter army-hq delay a" : "alter army-hq now a");
      g_assert_nonnull (strstr (r, "by Army Commander army-hq"));
      g_assert_nonnull (strstr (r, "against rating 5"));   /* his own rating, not A's 3 */
      at = strstr (r, "rolled ");
      roll = atoi (at + strlen ("rolled "));
      g_assert_cmpint (roll <= 5, ==, strstr (r, "success") != NULL);
      if (roll <= 5)
        g_assert_cmpstr (rdt_gl_game_get_current (game), ==, was_a ? "b" : "a");
      else
        g_assert_cmpstr (rdt_gl_game_get_current (game), ==, was_a ? "a" : "b");
      /* "Once per turn, each HQ may attempt": the Army HQ has rolled. */
      g_assert_true (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "army-hq")->spent);
      tried++;
    }
  g_assert_cmpint (tried, ==, 20);
}

/* Brandywine, HQ Ratings: "HQ ratings are as shown on the units" (values the
 * text lacks: provisional in the bundled scenario); the die-roll alter works
 * on it. */
static void
test_bundled_ratings (void)
{
  g_autofree char *src = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                           "pub-battles-brandywine.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  RdtGridless *g = rdt_gridless_load_from_file (src, NULL, &error);
  g_autoptr(RdtGlGame) game = NULL;
  g_autofree char *r = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const char *cur;
  const char *hq = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < g->commands->len; i++)
    {
      const RdtGlCommand *c = g_ptr_array_index (g->commands, i);
      g_assert_cmpint (c->rating, >=, 1);
      g_assert_true (c->rating_provisional);
    }
  /* The canonical form keeps the mark. */
  bytes = rdt_gridless_to_bytes (g, &error);
  g_assert_no_error (error);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "provisional=\"rating\""));
  game = rdt_gl_game_new (g, 3);
  ok (game, "pull");
  cur = rdt_gl_game_get_current (game);
  hq = g_str_equal (cur, "c") ? "knyp" : g_str_equal (cur, "k") ? "crwl" : g_str_equal (cur, "g") ? "sulvn" : "greene";
  {
    g_autofree char *line = g_strdup_printf ("alter %s now", hq);
    r = ok_result (game, line);
  }
  g_assert_nonnull (strstr (r, "against rating 3 (provisional)"));
}

/* Optional Hidden Reserves, Optional Baggage Trains, Optional Multi Player
 * Rules, Optional Written Orders: refused by name with the reason. */
static void
test_optional_refused (void)
{
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), 5);

  refused (game, "option multi-player", "Optional Multi Player Rules are not supported");
  refused (game, "option written-orders", "Optional Written Orders is not supported");
  refused (game, "option fog", "usage: option hq-alter");
  ok (game, "option hq-alter");
  /* Optional Baggage Trains is played now (test-gl-brandywine.c); options
   * may follow each other, but not an action. */
  ok (game, "option baggage");
  ok (game, "pull");
  refused (game, "option hq-alter", "options are chosen before the first action");
}

/* Applying Hits: "Already Retreated piece is destroyed"; a destroyed piece
 * keeps its place but is flagged, and LOS (Line of Sight: "pieces block")
 * and movement ("Move through friendly pieces but not enemy") no longer
 * meet it. */
static void
test_destroyed_flag (void)
{
  int destroyed = 0;

  for (guint64 seed = 0; seed < 60; seed++)
    {
      RdtGridless *g = small_battle ();
      g_autoptr(RdtGlGame) game = NULL;
      RdtGlPiece *a = (RdtGlPiece *) rdt_gridless_find_piece (g, "a-inf");
      const RdtGlPiece *b;
      RdtGlPose pose = { rdt_point (10, 15.2), 0, FALSE };
      RdtGlMove m;
      RdtGlLos los;
      gboolean b_in_los = FALSE;

      a->centre = rdt_point (10, 16.375);
      game = rdt_gl_game_new (g, seed);
      b = rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "b-inf");
      ok (game, "pull");
      ok (game, "pull");
      ok (game, "combat");
      ok (game, "round a-inf:b-inf");
      if (!rdt_gl_game_get_state (game, "b-inf")->destroyed)
        continue;
      destroyed++;
      g_assert_true (b->destroyed);
      g_assert_cmpfloat (b->centre.x, ==, 10);
      g_assert_cmpfloat (b->centre.y, ==, 16);
      rdt_gl_can_reach (rdt_gl_game_get_gridless (game), a, &pose, &m);
      g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
      rdt_gl_los (rdt_gl_game_get_gridless (game), (RdtGlLosEnd) { a, { 0, 0 } },
                  (RdtGlLosEnd) { NULL, rdt_point (10, 14.5) }, &los);
      for (guint k = 0; k < los.steps->len; k++)
        b_in_los |= g_strcmp0 (g_array_index (los.steps, RdtGlLosStep, k).id, "b-inf") == 0;
      rdt_gl_los_clear (&los);
      g_assert_false (b_in_los);
      refused (game, "round b-inf:a-inf", "destroyed");
      /* Undo brings it back, and with it its place in the rulings. */
      g_assert_true (rdt_gl_game_undo (game, NULL));
      g_assert_false (b->destroyed);
      rdt_gl_can_reach (rdt_gl_game_get_gridless (game), a, &pose, &m);
      g_assert_cmpint (m.verdict, !=, RDT_GL_YES);
    }
  g_assert_cmpint (destroyed, >, 0);
}

/* The scripted first turn of the bundled scenario replays identically. */
static void
test_bundled_first_turn (void)
{
  g_autofree char *src = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                           "pub-battles-brandywine.redoubt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("rdt-gl-play-XXXXXX", NULL);
  g_autofree char *scenario = g_build_filename (dir, "brandywine.redoubt", NULL);
  g_autofree char *script = g_build_filename (dir, "turn1.txt", NULL);
  g_autofree char *save = g_build_filename (dir, "game.txt", NULL);
  g_autofree char *text = NULL, *out1 = NULL, *out2 = NULL, *out3 = NULL;
  g_autofree char *d1 = NULL, *d2 = NULL, *d3 = NULL;

  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (scenario, text, -1, NULL));
  g_assert_true (g_file_set_contents (script, first_turn, -1, NULL));
  g_assert_cmpint (run_cli ((const char *[]) { "play", scenario, "--seed", "42", "--script", script, "--save", save, NULL },
                            &out1), ==, 0);
  g_assert_nonnull (strstr (out1, "pull\tpulled g\n"));
  g_assert_nonnull (strstr (out1, "attacks w-artillery"));
  g_assert_nonnull (strstr (out1, "turn 2 phase commands"));
  g_assert_cmpint (run_cli ((const char *[]) { "play", "--replay", save, NULL }, &out2), ==, 0);
  g_assert_cmpint (run_cli ((const char *[]) { "play", scenario, "--seed", "42", "--script", script, NULL }, &out3), ==, 0);
  d1 = digest_line (out1);
  d2 = digest_line (out2);
  d3 = digest_line (out3);
  g_assert_cmpstr (d1, ==, d2);
  g_assert_cmpstr (d1, ==, d3);
  /* Another seed pulls another order: the script is refused with its line. */
  g_assert_cmpint (run_cli ((const char *[]) { "play", scenario, "--seed", "1", "--script", script, NULL }, NULL), !=, 0);
  g_unlink (scenario);
  g_unlink (script);
  g_unlink (save);
  g_rmdir (dir);
}

/* Random action lines from the language's words and the pieces' ids: each is
 * accepted or refused with the state exactly as it was (never a crash), and
 * the log replays to the same digest. */
static void
test_random_actions (void)
{
  static const char *const verbs[] = { "pull", "alter", "move", "rally", "bombard", "combat", "round", "retreat",
                                       "withdraw", "end-combat", "end-turn", "option", "fly", "engage", "" };
  static const char *const extra[] = { "now", "delay", "column", "line", "destroyed", "90", "-45", "nan", "1e400",
                                       "hq-alter", "baggage", "10,14", "x", ":", "a-inf:b-inf", "b-inf:a-inf", "a-art:b-inf2", "" };
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (small_battle (), 77);
  const RdtGridless *g = rdt_gl_game_get_gridless (game);
  guint accepted = 0;

  for (int k = 0; k < 3000; k++)
    {
      GString *line = g_string_new (verbs[g_test_rand_int_range (0, G_N_ELEMENTS (verbs))]);
      int words = g_test_rand_int_range (0, 4);
      g_autofree char *before = rdt_gl_game_digest (game);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      for (int w = 0; w < words; w++)
        {
          int what = g_test_rand_int_range (0, 3);
          if (what == 0)
            g_string_append_printf (line, " %s",
                                    ((RdtGlPiece *) g_ptr_array_index (g->pieces,
                                                                       g_test_rand_int_range (0, g->pieces->len)))->id);
          else if (what == 1)
            g_string_append_printf (line, " %.2f,%.2f", g_test_rand_double_range (-2, 32),
                                    g_test_rand_double_range (-2, 32));
          else
            g_string_append_printf (line, " %s", extra[g_test_rand_int_range (0, G_N_ELEMENTS (extra))]);
        }
      text = g_string_free (line, FALSE);
      if (rdt_gl_game_apply (game, text, NULL, &error))
        accepted++;
      else
        {
          g_autofree char *after = rdt_gl_game_digest (game);
          g_assert_nonnull (error);
          g_assert_cmpstr (before, ==, after);
        }
    }
  g_assert_cmpuint (accepted, >, 10);
  {
    g_autofree char *d1 = rdt_gl_game_digest (game);
    g_autoptr(RdtGlGame) again = rdt_gl_game_new (small_battle (), 77);
    g_autofree char *d2 = NULL;
    GPtrArray *log = rdt_gl_game_get_log (game);

    for (guint i = 0; i < log->len; i++)
      ok (again, g_ptr_array_index (log, i));
    d2 = rdt_gl_game_digest (again);
    g_assert_cmpstr (d1, ==, d2);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gridless/play/how-the-turns-work/chit-cup-seeded-steps-1-6", test_chit_cup);
  g_test_add_func ("/gridless/play/how-the-pieces-move/pulled-command-moves-by-G10", test_moves);
  g_test_add_func ("/gridless/play/hqs/attack-begins-within-1-3-cavalry-move", test_command_range);
  g_test_add_func ("/gridless/play/rally/not-in-contact-or-enemy-fof", test_rally);
  g_test_add_func ("/gridless/play/how-to-alter-turn-order/rating-or-less-and-optional", test_alter);
  g_test_add_func ("/gridless/play/how-to-resolve-combat/rounds-dice-hits-cover-quality", test_combat_round);
  g_test_add_func ("/gridless/play/bombardment/fresh-artillery-cannot-destroy", test_bombard);
  g_test_add_func ("/gridless/play/cavalry-withdrawal/in-contact-with-infantry", test_withdrawal);
  g_test_add_func ("/gridless/play/replay/undo-and-saved-game", test_undo_replay);
  g_test_add_func ("/gridless/play/replay/random-actions-refused-cleanly", test_random_actions);
  g_test_add_func ("/gridless/play/replay/bundled-first-turn-identical", test_bundled_first_turn);
  g_test_add_func ("/gridless/play/how-to-alter-turn-order/note-army-commander-rolls-for-command-in-range",
                   test_army_commander_alter);
  g_test_add_func ("/gridless/play/brandywine-hq-ratings/provisional-ratings-alter-on-bundled", test_bundled_ratings);
  g_test_add_func ("/gridless/play/optional-rules/unsupported-refused-by-name", test_optional_refused);
  g_test_add_func ("/gridless/play/applying-hits/destroyed-flag-respected-by-rulings", test_destroyed_flag);
  g_test_add_func ("/gridless/play/retreat/route-checked-as-a-path-turn-about", test_retreat_route);
  g_test_add_func ("/gridless/play/terrain-effects/road-column-treat-as-flanked", test_flank_road_column);
  g_test_add_func ("/gridless/play/how-to-resolve-combat/engage-pieces-order-until-broken", test_engage);
  g_test_add_func ("/gridless/play/terrain-effects/rivers-attacking-across-flanked-1st-round", test_flank_river_first_round);
  return g_test_run ();
}
