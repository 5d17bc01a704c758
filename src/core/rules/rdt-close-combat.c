/* rdt-close-combat.c: one Close Combat itemised without rolling (12, 13.1;
 * see the header).  Positions are the scenario's placements (a game copies its
 * positions into one), so the same code answers for a set-up and a game. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-board.h"
#include "rdt-cc-condition.h"
#include "rdt-close-combat.h"
#include "rdt-movement.h"
#include "rdt-retreat.h"
#include "rdt-volume.h"
#include "rdt-zoc.h"

G_DEFINE_QUARK (rdt-close-combat-error-quark, rdt_close_combat_error)

#define CC_TABLE "close-combat"
#define MATRIX_TABLE "tactics-matrix"
#define DRM_TABLE "cc-drm"
#define SHIFT_TABLE "cc-shift"
#define PINNED_STATE "pinned"

struct _RdtCloseCombat
{
  RdtScenario *scenario;
  RdtHexGrid *grid;
  const RdtGameContext *context;
  RdtBoard *board;                  /* lazily, for 12.7 */
  GArray *attack_hexes;             /* RdtHex, with participating units */
  RdtHex defender;                  /* the defending hex whose terrain counts */
  GArray *defend_hexes;             /* RdtHex, 12.15: one or several */
  gboolean has_diversion;
  RdtHex diversion;

  GPtrArray *errors;                /* RdtCcItem */
  GPtrArray *notes;                 /* RdtCcItem */
  int side[2];
  GPtrArray *units[2];              /* RdtCcUnitSp */
  GArray *leaders[2];               /* guint */
  int sp[2];
  gboolean artillery_captured;

  const RdtTable *table;
  GPtrArray *columns;               /* the table's headers (borrowed) */
  int raw_column;
  int column;
  GPtrArray *shifts;                /* RdtCcItem */
  char *odds_text;

  GArray *candidates[2];            /* guint */
  int lead[2];
  gboolean no_advance;
  const char *withdrawal;

  GPtrArray *drms;                  /* RdtCcItem */
  int drm_total;
  gboolean undecided;

  RdtMovement *movement;            /* lazily, for 12.53 Withdraw */
  char *tactic_reason[2][RDT_N_TACTICS];  /* step 4 reasons built from data */
};

/* ---------- small helpers ---------- */

static void
item_free (gpointer data)
{
  RdtCcItem *item = data;

  g_free (item->id);
  g_free (item->rule);
  g_free (item->source);
  g_free (item->text);
  g_free (item);
}

static void
unit_sp_free (gpointer data)
{
  RdtCcUnitSp *u = data;

  g_free (u->text);
  g_free (u);
}

static RdtCcItem *
add_item (GPtrArray  *items,
          const char *id,
          const char *rule,
          const char *source,
          int         value,
          gboolean    provisional,
          gboolean    undecided,
          char       *text)             /* (transfer full) */
{
  RdtCcItem *item = g_new0 (RdtCcItem, 1);

  item->id = g_strdup (id);
  item->rule = g_strdup (rule);
  item->source = g_strdup (source);
  item->value = value;
  item->provisional = provisional;
  item->undecided = undecided;
  item->text = text;
  g_ptr_array_add (items, item);
  return item;
}

static void
add_error (RdtCloseCombat *cc,
           const char     *id,
           const char     *rule,
           char           *text)
{
  add_item (cc->errors, id, rule, "Series Rules", 0, FALSE, FALSE, text);
}

static void
add_note (RdtCloseCombat *cc,
          const char     *id,
          const char     *rule,
          char           *text)
{
  add_item (cc->notes, id, rule, "Series Rules", 0, FALSE, FALSE, text);
}

static gboolean
hex_equal (RdtHex a,
           RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

static gboolean
is_defending_hex (const RdtCloseCombat *cc,
                  RdtHex                hex)
{
  for (guint k = 0; k < cc->defend_hexes->len; k++)
    if (hex_equal (g_array_index (cc->defend_hexes, RdtHex, k), hex))
      return TRUE;
  return FALSE;
}

static char *
hex_label (RdtCloseCombat *cc,
           RdtHex          hex)
{
  return rdt_hex_grid_dup_label (cc->grid, hex);
}

static const char *
unit_label (const RdtUnit *u)
{
  return u->name != NULL && *u->name ? u->name : u->id;
}

static gboolean
on_map_at (const RdtUnit *u,
           RdtHex         hex)
{
  return u->placement.kind == RDT_PLACEMENT_HEX && hex_equal (u->placement.hex, hex);
}

/* 12.3: artillery SPs never count; Amusettes (Brandywine 4.5) and mortars
 * (Savannah) are artillery pieces too. */
static gboolean
is_artillery (const RdtUnit *u)
{
  return u->kind == RDT_UNIT_KIND_ARTILLERY || u->kind == RDT_UNIT_KIND_AMUSETTE ||
         u->kind == RDT_UNIT_KIND_MORTAR;
}

static const RdtUnitStep *
unit_step (const RdtUnit *u)
{
  if (u->steps == NULL || u->steps->len == 0)
    return NULL;
  return &g_array_index (u->steps, RdtUnitStep, CLAMP (u->step, 0, (int) u->steps->len - 1));
}

static gboolean
same_player (RdtCloseCombat *cc,
             int             a,
             int             b)
{
  return a >= 0 && b >= 0 && !rdt_scenario_sides_are_enemies (cc->scenario, a, b);
}

/* Parses "+2", "-1", "–2" (an en dash, as printed), "0". */
static gboolean
parse_signed (const char *text,
              int        *out)
{
  g_autofree char *copy = NULL;
  char *end = NULL;
  long v;
  const char *p;

  if (text == NULL)
    return FALSE;
  p = text;
  while (*p == ' ')
    p++;
  if (g_str_has_prefix (p, "\xe2\x80\x93") || g_str_has_prefix (p, "\xe2\x88\x92"))
    copy = g_strconcat ("-", p + 3, NULL);
  else
    copy = g_strdup (p);
  if (*copy == '\0')
    return FALSE;
  v = strtol (copy, &end, 10);
  if (*end != '\0' || v < -99 || v > 99)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* "3-2" */
static gboolean
parse_odds (const char *text,
            int        *a,
            int        *d)
{
  g_auto(GStrv) p = NULL;
  char *end = NULL;

  if (text == NULL)
    return FALSE;
  p = g_strsplit (text, "-", 3);
  if (g_strv_length (p) != 2)
    return FALSE;
  *a = (int) strtol (p[0], &end, 10);
  if (*end != '\0' || *a <= 0 || *a > 99)
    return FALSE;
  *d = (int) strtol (p[1], &end, 10);
  return *end == '\0' && *d > 0 && *d <= 99;
}

static const char *
row_cell (const RdtTable    *table,
          const RdtTableRow *row,
          const char        *column,
          gboolean          *out_provisional)
{
  for (guint i = 0; i < table->columns->len && i < row->cells->len; i++)
    if (g_strcmp0 (table->columns->pdata[i], column) == 0)
      {
        if (out_provisional != NULL)
          *out_provisional = i < row->provisional->len && g_array_index (row->provisional, gboolean, i);
        return row->cells->pdata[i];
      }
  return NULL;
}

/* ---------- public small API ---------- */

static const char *const tactic_names[RDT_N_TACTICS] = {
  "Skirmish", "Attack en Echelon", "Stand Fast", "Withdraw",
  "Frontal Assault", "Commit Reserve", "Turn Flank", "Refuse Flank",
};
static const char *const tactic_ids[RDT_N_TACTICS] = {
  "skirmish", "attack-en-echelon", "stand-fast", "withdraw",
  "frontal-assault", "commit-reserve", "turn-flank", "refuse-flank",
};

const char *
rdt_tactic_get_name (RdtTactic tactic)
{
  g_return_val_if_fail ((guint) tactic < RDT_N_TACTICS, NULL);
  return tactic_names[tactic];
}

const char *
rdt_tactic_get_id (RdtTactic tactic)
{
  g_return_val_if_fail ((guint) tactic < RDT_N_TACTICS, NULL);
  return tactic_ids[tactic];
}

gboolean
rdt_tactic_from_id (const char *text,
                    RdtTactic  *out)
{
  for (guint i = 0; i < RDT_N_TACTICS; i++)
    if (g_strcmp0 (text, tactic_ids[i]) == 0 || g_strcmp0 (text, tactic_names[i]) == 0)
      {
        *out = (RdtTactic) i;
        return TRUE;
      }
  return FALSE;
}

void
rdt_close_combat_input_init (RdtCloseCombatInput *input)
{
  memset (input, 0, sizeof *input);
}

int
rdt_close_combat_odds_column (GPtrArray *columns,
                              int        attack,
                              int        defend)
{
  int best = -1;
  int best_a = 0, best_d = 1;

  g_return_val_if_fail (columns != NULL, -1);
  if (defend <= 0)
    return columns->len > 0 ? (int) columns->len - 1 : -1;
  for (guint i = 0; i < columns->len; i++)
    {
      int a, d;

      if (!parse_odds (columns->pdata[i], &a, &d))
        continue;
      /* 12.23 step 1: the largest printed ratio not above attack:defend
       * (rounded in the defender's favour): a/d <= attack/defend. */
      if ((gint64) a * defend <= (gint64) attack * d &&
          (best < 0 || (gint64) a * best_d > (gint64) best_a * d))
        {
          best = (int) i;
          best_a = a;
          best_d = d;
        }
    }
  return best;
}

/* ---------- gathering the units ---------- */

/* 12.15: whether @ids names a unit placed in @hex. */
static gboolean
hex_names_units (RdtCloseCombat     *cc,
                 const char *const  *ids,
                 RdtHex              hex)
{
  for (guint k = 0; ids[k] != NULL; k++)
    {
      const RdtUnit *u = rdt_scenario_find_unit (cc->scenario, ids[k]);

      if (u != NULL && u->placement.kind == RDT_PLACEMENT_HEX && hex_equal (u->placement.hex, hex))
        return TRUE;
    }
  return FALSE;
}

static void
gather (RdtCloseCombat            *cc,
        const RdtCloseCombatInput *input)
{
  guint n = rdt_scenario_get_n_units (cc->scenario);

  /* The defending side: the combat units in the defending hex. */
  for (guint i = 0; i < n; i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (cc->scenario, i);

      if (u->placement.kind == RDT_PLACEMENT_HEX && is_defending_hex (cc, u->placement.hex) &&
          !rdt_unit_is_leader (u) && cc->side[RDT_CC_DEFENDER] < 0)
        cc->side[RDT_CC_DEFENDER] = u->side;
    }
  /* The attacking side: the first combat unit of an attacking hex that is an
   * enemy of the defender. */
  for (guint h = 0; h < input->n_attackers && cc->side[RDT_CC_ATTACKER] < 0; h++)
    for (guint i = 0; i < n; i++)
      {
        RdtUnit *u = rdt_scenario_get_unit (cc->scenario, i);

        if (on_map_at (u, input->attackers[h]) && !rdt_unit_is_leader (u) &&
            (cc->side[RDT_CC_DEFENDER] < 0 ||
             rdt_scenario_sides_are_enemies (cc->scenario, u->side, cc->side[RDT_CC_DEFENDER])))
          {
            cc->side[RDT_CC_ATTACKER] = u->side;
            break;
          }
      }

  for (guint i = 0; i < n; i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (cc->scenario, i);
      const RdtUnitStep *st;
      RdtCcUnitSp *sp;
      int role = -1;

      if (u->placement.kind != RDT_PLACEMENT_HEX)
        continue;
      if (is_defending_hex (cc, u->placement.hex) && same_player (cc, u->side, cc->side[RDT_CC_DEFENDER]))
        role = RDT_CC_DEFENDER;
      else
        for (guint h = 0; h < cc->attack_hexes->len; h++)
          if (hex_equal (u->placement.hex, g_array_index (cc->attack_hexes, RdtHex, h)) &&
              same_player (cc, u->side, cc->side[RDT_CC_ATTACKER]))
            role = RDT_CC_ATTACKER;
      if (role < 0)
        continue;
      /* 12.15: a stack split between combats: only the units named in
       * their hex (leaders stay with the stack). */
      if (role == RDT_CC_ATTACKER && input->attacking_units != NULL && !rdt_unit_is_leader (u) &&
          hex_names_units (cc, input->attacking_units, u->placement.hex) &&
          !g_strv_contains (input->attacking_units, u->id))
        continue;
      if (rdt_unit_is_leader (u))
        {
          g_array_append_val (cc->leaders[role], i);
          continue;
        }
      st = unit_step (u);
      if (role == RDT_CC_ATTACKER)
        {
          /* 12.12: artillery units never attack; 13.3, 13.4: disrupted and
           * shattered units may not attack. */
          if (is_artillery (u))
            continue;
          if (u->status != RDT_UNIT_STATUS_PARADE)
            {
              add_note (cc, "may-not-attack", u->status == RDT_UNIT_STATUS_DISRUPTED ? "13.3" : "13.4",
                        g_strdup_printf (_("%s is %s and may not attack (%s)"), unit_label (u),
                                         u->status == RDT_UNIT_STATUS_DISRUPTED ? _("disrupted") : _("shattered"),
                                         u->status == RDT_UNIT_STATUS_DISRUPTED ? "13.3" : "13.4"));
              continue;
            }
        }
      sp = g_new0 (RdtCcUnitSp, 1);
      sp->unit = i;
      if (is_artillery (u))
        {
          sp->sp = 0;
          sp->text = g_strdup_printf (_("%s: artillery, its SPs never count (12.3)"), unit_label (u));
        }
      else if (st == NULL)
        {
          sp->sp = 0;
          sp->text = g_strdup_printf (_("%s: no printed strength"), unit_label (u));
        }
      else if (u->status == RDT_UNIT_STATUS_SHATTERED)
        {
          sp->sp = 1;
          sp->text = g_strdup_printf (_("%s: shattered, defends with 1 SP (13.4)"), unit_label (u));
        }
      else if (u->status == RDT_UNIT_STATUS_DISRUPTED)
        {
          sp->sp = (st->strength + 1) / 2;
          sp->text = g_strdup_printf (_("%s: disrupted, half of %d SP rounded up is %d (13.3)"),
                                      unit_label (u), st->strength, sp->sp);
        }
      else
        {
          sp->sp = MAX (st->strength, 0);
          sp->text = g_strdup_printf (_("%s: %d SP"), unit_label (u), sp->sp);
        }
      if (st != NULL && (u->provisional & RDT_UNIT_PROVISIONAL_STRENGTH))
        {
          char *t = g_strdup_printf (_("%s (provisional strength)"), sp->text);
          g_free (sp->text);
          sp->text = t;
        }
      cc->sp[role] += sp->sp;
      g_ptr_array_add (cc->units[role], sp);
    }
}

static const RdtUnit *
cc_unit (const RdtCloseCombat *cc,
         guint                 index)
{
  return rdt_scenario_get_unit (cc->scenario, index);
}

static gboolean
has_pinned (RdtCloseCombat *cc,
            RdtHex          hex,
            int             side)
{
  for (guint i = 0; i < rdt_scenario_get_n_units (cc->scenario); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (cc->scenario, i);

      if (on_map_at (u, hex) && !rdt_unit_is_leader (u) && same_player (cc, u->side, side) &&
          rdt_unit_has_state (u, PINNED_STATE))
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_enemy_combat (RdtCloseCombat *cc,
                  RdtHex          hex,
                  int             side,
                  gboolean        parade_non_artillery)
{
  for (guint i = 0; i < rdt_scenario_get_n_units (cc->scenario); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (cc->scenario, i);

      if (!on_map_at (u, hex) || rdt_unit_is_leader (u) || side < 0 ||
          !rdt_scenario_sides_are_enemies (cc->scenario, u->side, side))
        continue;
      if (parade_non_artillery &&
          (is_artillery (u) || u->status != RDT_UNIT_STATUS_PARADE || u->kind == RDT_UNIT_KIND_RIFLE))
        continue;
      return TRUE;
    }
  return FALSE;
}

static gboolean
hex_occupied (RdtCloseCombat *cc,
              RdtHex          hex)
{
  for (guint i = 0; i < rdt_scenario_get_n_units (cc->scenario); i++)
    if (on_map_at (rdt_scenario_get_unit (cc->scenario, i), hex))
      return TRUE;
  return FALSE;
}

/* ---------- designation (12.12-12.15) ---------- */

static void
designate (RdtCloseCombat *cc)
{
  g_autofree char *dlabel = NULL;
  int att = cc->side[RDT_CC_ATTACKER];
  int def = cc->side[RDT_CC_DEFENDER];

  {
    GString *labels = g_string_new (NULL);

    for (guint k = 0; k < cc->defend_hexes->len; k++)
      {
        g_autofree char *l = hex_label (cc, g_array_index (cc->defend_hexes, RdtHex, k));
        g_string_append_printf (labels, "%s%s", k > 0 ? "," : "", l);
      }
    dlabel = g_string_free (labels, FALSE);
  }
  if (def < 0)
    add_error (cc, "no-defender", "12.13",
               g_strdup_printf (_("no combat unit defends hex %s (12.13)"), dlabel));
  if (att < 0)
    add_error (cc, "no-attacker", "12.12",
               g_strdup_printf (_("no enemy combat unit of the defenders is in the attacking hexes (12.12)")));
  if (att < 0 || def < 0)
    return;
  /* 12.15: "Each Close Combat must involve either one attacking hex or one
   * defending hex only". */
  if (cc->attack_hexes->len > 1 && cc->defend_hexes->len > 1)
    add_error (cc, "multi-hex", "12.15",
               g_strdup_printf (_("%u attacking hexes against %u defending hexes: each Close Combat must involve either one attacking hex or one defending hex only (12.15)"),
                                cc->attack_hexes->len, cc->defend_hexes->len));
  /* 12.15: every defending hex holds defenders (all of them attacked). */
  for (guint k = 0; k < cc->defend_hexes->len && cc->defend_hexes->len > 1; k++)
    {
      RdtHex dh = g_array_index (cc->defend_hexes, RdtHex, k);

      if (!has_enemy_combat (cc, dh, att, FALSE))
        {
          g_autofree char *l = hex_label (cc, dh);
          add_error (cc, "no-defender", "12.13",
                     g_strdup_printf (_("no combat unit defends hex %s (12.13)"), l));
        }
    }
  if (cc->units[RDT_CC_ATTACKER]->len == 0)
    add_error (cc, "no-eligible-attacker", "12.12, 13.3, 13.4",
               g_strdup (_("no unit in the attacking hexes may attack: artillery never attacks (12.12), disrupted and shattered units may not (13.3, 13.4)")));
  for (guint h = 0; h < cc->attack_hexes->len; h++)
    {
      RdtHex a = g_array_index (cc->attack_hexes, RdtHex, h);
      g_autofree char *alabel = hex_label (cc, a);

      for (guint k = 0; k < cc->defend_hexes->len; k++)
        {
          RdtHex dh = g_array_index (cc->defend_hexes, RdtHex, k);
          g_autofree char *l = hex_label (cc, dh);

          if (!rdt_hex_grid_are_adjacent (cc->grid, a, dh))
            add_error (cc, "not-adjacent", "12.12",
                       g_strdup_printf (_("attacking hex %s is not adjacent to the defending hex %s: Close Combat is between adjacent units (12.12)"),
                                        alabel, l));
        }
      if (has_enemy_combat (cc, a, att, FALSE))
        add_error (cc, "mixed-hex", "12.15",
                   g_strdup_printf (_("hex %s holds units of both players"), alabel));
      if (has_pinned (cc, a, att))
        add_note (cc, "pinned-attacker", "13.1 Pin",
                  g_strdup_printf (_("units in %s are pinned: they must attack every hex they are pinned against, or have moved away at a cost of 1 Army Morale (13.1 Pin, 9.6)"),
                                   alabel));
    }
  /* 12.15: all defenders of a defending hex together: the defending
   * hexes' combat units all take part (gather()). */
  add_note (cc, "all-defenders", "12.15",
            g_strdup_printf (_("all %u defending unit(s) in %s are attacked together (12.15)"),
                             cc->units[RDT_CC_DEFENDER]->len, dlabel));
  if (cc->has_diversion)
    {
      g_autofree char *vlabel = hex_label (cc, cc->diversion);

      if (is_defending_hex (cc, cc->diversion))
        add_error (cc, "diversion-is-defender", "12.14",
                   g_strdup_printf (_("the Diversion hex %s is the defending hex: the Attacker does not attack a Diversion (12.14)"), vlabel));
      else if (!has_enemy_combat (cc, cc->diversion, att, FALSE))
        add_error (cc, "diversion-empty", "12.14",
                   g_strdup_printf (_("the Diversion hex %s holds no defending combat unit (12.14)"), vlabel));
      else if (has_pinned (cc, cc->diversion, def))
        add_error (cc, "diversion-pinned", "13.1 Pin",
                   g_strdup_printf (_("pinned defending units in %s may not receive a Diversion (13.1 Pin, an exception to 12.14)"), vlabel));
    }
  /* 12.13: every enemy unit adjacent to the attackers must be attacked
   * (here or in another combat) unless it receives the Diversion. */
  for (guint h = 0; h < cc->attack_hexes->len; h++)
    {
      RdtHex a = g_array_index (cc->attack_hexes, RdtHex, h);

      for (int d = 0; d < RDT_N_DIRECTIONS; d++)
        {
          RdtHex nb = rdt_hex_grid_neighbour (cc->grid, a, (RdtHexDirection) d);
          g_autofree char *nlabel = NULL;

          if (!rdt_hex_grid_contains (cc->grid, nb) || is_defending_hex (cc, nb) ||
              (cc->has_diversion && hex_equal (nb, cc->diversion)) || !has_enemy_combat (cc, nb, att, FALSE))
            continue;
          nlabel = hex_label (cc, nb);
          add_note (cc, "owed-defender", "12.13",
                    g_strdup_printf (_("enemy units in %s are adjacent to the attackers: they must be attacked in another combat or receive the Diversion (12.13, 12.14)"),
                                     nlabel));
        }
    }
  /* 12.12: the phasing player's units adjacent to the defenders must attack. */
  for (guint k = 0; k < cc->defend_hexes->len; k++)
    for (int d = 0; d < RDT_N_DIRECTIONS; d++)
      {
        RdtHex nb = rdt_hex_grid_neighbour (cc->grid, g_array_index (cc->defend_hexes, RdtHex, k), (RdtHexDirection) d);
        gboolean listed = FALSE;
        g_autofree char *nlabel = NULL;

        if (!rdt_hex_grid_contains (cc->grid, nb))
          continue;
        for (guint h = 0; h < cc->attack_hexes->len; h++)
          listed |= hex_equal (nb, g_array_index (cc->attack_hexes, RdtHex, h));
        /* noted once, for the first defending hex it touches */
        for (guint j = 0; j < k && !listed; j++)
          listed |= rdt_hex_grid_are_adjacent (cc->grid, nb, g_array_index (cc->defend_hexes, RdtHex, j));
        if (listed || !has_enemy_combat (cc, nb, def, TRUE))
          continue;
        nlabel = hex_label (cc, nb);
        add_note (cc, "owed-attacker", "12.12",
                  g_strdup_printf (_("units in %s are adjacent to the defenders and must attack, in this or another combat (12.12; rifle units excepted; see the exclusive rules)"),
                                   nlabel));
      }
}

/* ---------- conditions of the volume's rows ---------- */

typedef struct {
  RdtRuleVerdict verdict;
  const char *depends;             /* translated, when undecided */
} Verdict;

static gboolean
selector_matches (RdtCloseCombat  *cc,
                  const RdtCcTerm *t,
                  const RdtUnit   *u)
{
  if (g_strcmp0 (t->key, "kind") == 0)
    return g_strcmp0 (rdt_unit_kind_to_string (u->kind), t->id) == 0;
  if (g_strcmp0 (t->key, "white-r") == 0)
    return u->rifle == RDT_RIFLE_WHITE_R;
  if (g_strcmp0 (t->key, "non-artillery") == 0)
    return !is_artillery (u);
  if (g_strcmp0 (t->key, "unit") == 0)
    return g_strcmp0 (u->id, t->id) == 0;
  if (g_strcmp0 (t->key, "nationality") == 0)
    return g_strcmp0 (u->nationality, t->id) == 0;
  if (g_strcmp0 (t->key, "formation") == 0)
    return g_strcmp0 (u->formation, t->id) == 0;
  if (g_strcmp0 (t->key, "class") == 0)
    return g_strcmp0 (u->unit_class, t->id) == 0;
  if (g_strcmp0 (t->key, "state") == 0)
    return rdt_unit_has_state (u, t->id);
  if (g_strcmp0 (t->key, "side") == 0)
    {
      const RdtSide *side = u->side >= 0 ? rdt_scenario_get_side (cc->scenario, (guint) u->side) : NULL;
      return side != NULL && g_strcmp0 (side->id, t->id) == 0;
    }
  return FALSE;
}

/* A "+" group of a stack term: every selector (negated or not) holds. */
static gboolean
group_matches (RdtCloseCombat *cc,
               GPtrArray      *group,
               const RdtUnit  *u)
{
  for (guint i = 0; i < group->len; i++)
    {
      const RdtCcTerm *sel = group->pdata[i];

      if (selector_matches (cc, sel, u) == sel->negate)
        return FALSE;
    }
  return TRUE;
}

/* The hexes of @role: the attacking hexes, or the defending hex. */
static guint
role_n_hexes (RdtCloseCombat *cc,
              int             role)
{
  return role == RDT_CC_ATTACKER ? cc->attack_hexes->len : cc->defend_hexes->len;
}

static RdtHex
role_hex (RdtCloseCombat *cc,
          int             role,
          guint           index)
{
  return g_array_index (role == RDT_CC_ATTACKER ? cc->attack_hexes : cc->defend_hexes, RdtHex, index);
}

/* stack:ROLE:...: one hex of ROLE holds, for every group, a participating
 * unit matching it. */
static gboolean
stack_holds (RdtCloseCombat  *cc,
             const RdtCcTerm *t)
{
  for (guint h = 0; h < role_n_hexes (cc, t->role); h++)
    {
      RdtHex hex = role_hex (cc, t->role, h);
      gboolean all = TRUE;

      for (guint g = 0; g < t->groups->len && all; g++)
        {
          gboolean found = FALSE;

          for (guint i = 0; i < cc->units[t->role]->len && !found; i++)
            {
              const RdtUnit *u = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (cc->units[t->role], i))->unit);

              found = u->placement.kind == RDT_PLACEMENT_HEX && hex_equal (u->placement.hex, hex) &&
                      group_matches (cc, t->groups->pdata[g], u);
            }
          all = found;
        }
      if (all)
        return TRUE;
    }
  return FALSE;
}

static gboolean
sides_hexside (RdtCloseCombat           *cc,
               RdtHex                    a,
               const RdtHexsideFeatures **out)
{
  RdtHexside side;

  *out = NULL;
  if (!rdt_hex_grid_hexside (cc->grid, a, cc->defender, &side, NULL))
    return FALSE;
  *out = rdt_scenario_get_hexside (cc->scenario, side);
  return TRUE;
}

static gboolean
quantify (RdtCcQuantifier q,
          guint           count,
          guint           total)
{
  switch (q)
    {
    case RDT_CC_ALL: return total > 0 && count == total;
    case RDT_CC_ANY: return count > 0;
    case RDT_CC_NONE: return count == 0;
    case RDT_CC_SOME: return count > 0 && count < total;
    default: return FALSE;
    }
}

static const char *
type_id (RdtCloseCombat *cc,
         int             index)
{
  const RdtHexsideType *t;

  if (index < 0)
    return NULL;
  t = rdt_volume_get_hexside_type (rdt_scenario_get_volume (cc->scenario), (guint) index);
  return t != NULL ? t->id : NULL;
}

static RdtBoard *
cc_board (RdtCloseCombat *cc)
{
  if (cc->board == NULL)
    cc->board = rdt_board_new_from_scenario (cc->scenario, NULL, NULL);
  return cc->board;
}

static Verdict
eval_term (RdtCloseCombat  *cc,
           const RdtCcTerm *t)
{
  Verdict v = { RDT_RULE_OFF, NULL };
  guint count = 0, total = 0;

  switch (t->kind)
    {
    case RDT_CC_TERM_TURN:
      if (cc->context == NULL || cc->context->turn == RDT_GAME_TURN_UNKNOWN)
        {
          v.verdict = RDT_RULE_UNDECIDED;
          v.depends = rdt_depends_get_text (RDT_DEPENDS_TURN);
        }
      else if (cc->context->turn >= t->from && cc->context->turn <= t->to)
        v.verdict = RDT_RULE_ON;
      return v;
    case RDT_CC_TERM_SIDE:
      {
        int side = rdt_scenario_find_side (cc->scenario, t->id);
        v.verdict = side >= 0 && same_player (cc, side, cc->side[t->role]) && side == cc->side[t->role]
                  ? RDT_RULE_ON : RDT_RULE_OFF;
        return v;
      }
    case RDT_CC_TERM_UNITS:
      for (guint i = 0; i < cc->units[t->role]->len; i++)
        {
          RdtCcUnitSp *u = g_ptr_array_index (cc->units[t->role], i);
          total++;
          count += selector_matches (cc, t, cc_unit (cc, u->unit)) ? 1 : 0;
        }
      v.verdict = quantify (t->quantifier, count, total) ? RDT_RULE_ON : RDT_RULE_OFF;
      return v;
    case RDT_CC_TERM_LEAD:
      if (cc->lead[t->role] >= 0)
        v.verdict = selector_matches (cc, t, cc_unit (cc, (guint) cc->lead[t->role])) ? RDT_RULE_ON : RDT_RULE_OFF;
      else
        {
          GArray *c = cc->candidates[t->role];
          for (guint i = 0; i < c->len; i++)
            count += selector_matches (cc, t, cc_unit (cc, g_array_index (c, guint, i))) ? 1 : 0;
          if (count == 0)
            v.verdict = RDT_RULE_OFF;
          else if (count == c->len)
            v.verdict = RDT_RULE_ON;
          else
            {
              v.verdict = RDT_RULE_UNDECIDED;
              v.depends = t->role == RDT_CC_ATTACKER ? _("the attacker's lead unit (pass --lead)")
                                                     : _("the defender's lead unit (pass --lead)");
            }
        }
      return v;
    case RDT_CC_TERM_LEADER_WITH_LEAD:
      {
        const RdtUnit *leader = rdt_scenario_find_unit (cc->scenario, t->id);
        GArray *c = cc->candidates[t->role];

        if (leader == NULL || leader->placement.kind != RDT_PLACEMENT_HEX)
          return v;
        if (cc->lead[t->role] >= 0)
          {
            v.verdict = on_map_at (cc_unit (cc, (guint) cc->lead[t->role]), leader->placement.hex)
                      ? RDT_RULE_ON : RDT_RULE_OFF;
            return v;
          }
        for (guint i = 0; i < c->len; i++)
          count += on_map_at (cc_unit (cc, g_array_index (c, guint, i)), leader->placement.hex) ? 1 : 0;
        if (count == 0)
          v.verdict = RDT_RULE_OFF;
        else if (count == c->len)
          v.verdict = RDT_RULE_ON;
        else
          {
            v.verdict = RDT_RULE_UNDECIDED;
            v.depends = _("the lead unit (pass --lead)");
          }
        return v;
      }
    case RDT_CC_TERM_ONLY_LEADER:
      {
        GArray *l = cc->leaders[t->role];
        v.verdict = l->len == 1 && g_strcmp0 (cc_unit (cc, g_array_index (l, guint, 0))->id, t->id) == 0
                  ? RDT_RULE_ON : RDT_RULE_OFF;
        return v;
      }
    case RDT_CC_TERM_DEFENDER_TERRAIN:
      {
        const RdtTerrainType *tt = rdt_scenario_get_terrain_type (cc->scenario, cc->defender);
        v.verdict = tt != NULL && g_strcmp0 (tt->id, t->id) == 0 ? RDT_RULE_ON : RDT_RULE_OFF;
        return v;
      }
    case RDT_CC_TERM_ACROSS:
    case RDT_CC_TERM_UP_SLOPE:
    case RDT_CC_TERM_FIELDWORK:
      for (guint h = 0; h < cc->attack_hexes->len; h++)
        {
          const RdtHexsideFeatures *f = NULL;
          gboolean hit = FALSE;

          total++;
          if (!sides_hexside (cc, g_array_index (cc->attack_hexes, RdtHex, h), &f) || f == NULL)
            continue;
          if (t->kind == RDT_CC_TERM_ACROSS)
            hit = g_strcmp0 (type_id (cc, f->water), t->id) == 0 || g_strcmp0 (type_id (cc, f->slope), t->id) == 0 ||
                  g_strcmp0 (type_id (cc, f->fieldwork), t->id) == 0 || g_strcmp0 (type_id (cc, f->other), t->id) == 0;
          else if (t->kind == RDT_CC_TERM_UP_SLOPE)
            hit = f->slope != RDT_NO_TYPE && hex_equal (f->slope_high, cc->defender);
          else
            hit = f->fieldwork != RDT_NO_TYPE && !f->breached && hex_equal (f->fieldwork_symbol, cc->defender);
          count += hit ? 1 : 0;
        }
      v.verdict = quantify (t->quantifier, count, total) ? RDT_RULE_ON : RDT_RULE_OFF;
      return v;
    case RDT_CC_TERM_STACK:
      v.verdict = stack_holds (cc, t) ? RDT_RULE_ON : RDT_RULE_OFF;
      return v;
    case RDT_CC_TERM_APART:
      {
        GPtrArray *units = cc->units[t->role];

        for (guint i = 0; i < units->len && v.verdict == RDT_RULE_OFF; i++)
          {
            const RdtUnit *a = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (units, i))->unit);

            if (!group_matches (cc, t->groups->pdata[0], a))
              continue;
            for (guint k = 0; k < units->len; k++)
              {
                const RdtUnit *b = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (units, k))->unit);

                if (group_matches (cc, t->groups->pdata[1], b) && !hex_equal (a->placement.hex, b->placement.hex))
                  {
                    v.verdict = RDT_RULE_ON;
                    break;
                  }
              }
          }
        return v;
      }
    case RDT_CC_TERM_TERRAIN:
    case RDT_CC_TERM_AREA:
      {
        const RdtArea *area = NULL;

        if (t->kind == RDT_CC_TERM_AREA && (area = rdt_scenario_find_area (cc->scenario, t->id)) == NULL)
          {
            v.verdict = RDT_RULE_UNDECIDED;
            v.depends = _("an area the scenario does not define (docs/volumes.md, Close Combat DRM chart)");
            return v;
          }
        for (guint h = 0; h < role_n_hexes (cc, t->role); h++)
          {
            RdtHex hex = role_hex (cc, t->role, h);

            total++;
            if (area != NULL)
              count += rdt_scenario_area_contains (area, hex) ? 1 : 0;
            else
              {
                const RdtTerrainType *tt = rdt_scenario_get_terrain_type (cc->scenario, hex);
                count += tt != NULL && g_strcmp0 (tt->id, t->id) == 0 ? 1 : 0;
              }
          }
        v.verdict = quantify (t->quantifier, count, total) ? RDT_RULE_ON : RDT_RULE_OFF;
        return v;
      }
    case RDT_CC_TERM_SURROUNDED:
      {
        RdtBoard *board = cc_board (cc);

        if (board == NULL)
          {
            v.verdict = RDT_RULE_UNDECIDED;
            v.depends = _("a board that cannot be built from the scenario");
            return v;
          }
        if (t->role == RDT_CC_DEFENDER)
          v.verdict = rdt_zoc_is_surrounded (board, cc->defender, cc->side[RDT_CC_DEFENDER], NULL)
                    ? RDT_RULE_ON : RDT_RULE_OFF;
        else
          {
            for (guint h = 0; h < cc->attack_hexes->len; h++)
              {
                total++;
                count += rdt_zoc_is_surrounded (board, g_array_index (cc->attack_hexes, RdtHex, h),
                                                cc->side[RDT_CC_ATTACKER], NULL) ? 1 : 0;
              }
            v.verdict = total > 0 && count == total ? RDT_RULE_ON : RDT_RULE_OFF;
          }
        return v;
      }
    default:
      return v;
    }
}

static Verdict
eval_terms (RdtCloseCombat *cc,
            GPtrArray      *terms)
{
  Verdict all = { RDT_RULE_ON, NULL };

  for (guint i = 0; i < terms->len; i++)
    {
      Verdict v = eval_term (cc, terms->pdata[i]);

      if (v.verdict == RDT_RULE_OFF)
        return v;
      if (v.verdict == RDT_RULE_UNDECIDED && all.verdict == RDT_RULE_ON)
        all = v;
    }
  return all;
}

/* The rows of a "cc-drm" / "cc-shift" table that apply, as items in @out. */
static gboolean
apply_rows (RdtCloseCombat *cc,
            const char     *table_id,
            const char     *value_column,
            GPtrArray      *out,
            GError        **error)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (cc->scenario), table_id);

  if (table == NULL)
    return TRUE;
  for (guint r = 0; r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      gboolean provisional = FALSE, when_prov = FALSE;
      const char *value_text = row_cell (table, row, value_column, &provisional);
      const char *when = row_cell (table, row, "when", &when_prov);
      const char *rule = row_cell (table, row, "rule", NULL);
      g_autoptr(GPtrArray) terms = NULL;
      g_autoptr(GError) local = NULL;
      g_autofree char *id = NULL;
      g_autofree char *source = NULL;
      int value;
      Verdict v;

      if (!parse_signed (value_text, &value))
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA,
                       _("table “%s” (line %d), row “%s”: cannot read %s “%s”"), table_id, table->line,
                       row->key, value_column, value_text != NULL ? value_text : "");
          return FALSE;
        }
      terms = rdt_cc_condition_parse (when, &local);
      if (terms == NULL)
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA,
                       _("table “%s” (line %d), row “%s”: %s"), table_id, table->line, row->key, local->message);
          return FALSE;
        }
      v = eval_terms (cc, terms);
      if (v.verdict == RDT_RULE_OFF)
        continue;
      id = g_strdup_printf ("%s:%s", table_id, row->key);
      source = g_strdup_printf (_("volume table %s"), table_id);
      if (v.verdict == RDT_RULE_UNDECIDED)
        add_item (out, id, rule != NULL && *rule ? rule : table->rule, source, value, provisional || when_prov, TRUE,
                  g_strdup_printf (_("%s: %+d not decided: depends on %s"), row->key, value, v.depends));
      else
        add_item (out, id, rule != NULL && *rule ? rule : table->rule, source, value, provisional || when_prov, FALSE,
                  g_strdup_printf ("%s: %+d%s", row->key, value,
                                   provisional || when_prov ? _(" (provisional: not in the rulebooks)") : ""));
    }
  return TRUE;
}

/* The volume's table "cc-designation" (docs/volumes.md): rows whose "when"
 * conditions (the cc-drm vocabulary) make a designation illegal, with their
 * "rule" (Savannah 4.13: French and American units may not combine from two
 * or more hexes, Pulaski's Legion excepted).  A row not decided is a note
 * saying what it depends on. */
static gboolean
volume_designation_errors (RdtCloseCombat *cc,
                           GError        **error)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (cc->scenario), "cc-designation");

  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *rule = row_cell (table, row, "rule", NULL);
      g_autoptr(GPtrArray) terms = NULL;
      g_autoptr(GError) local = NULL;
      g_autofree char *id = g_strdup_printf ("cc-designation:%s", row->key);
      Verdict v;

      if (rule == NULL || *rule == '\0')
        rule = table->rule;
      terms = rdt_cc_condition_parse (row_cell (table, row, "when", NULL), &local);
      if (terms == NULL)
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA,
                       _("table “%s” (line %d), row “%s”: %s"), table->id, table->line, row->key, local->message);
          return FALSE;
        }
      v = eval_terms (cc, terms);
      if (v.verdict == RDT_RULE_ON)
        add_error (cc, id, rule, g_strdup_printf (_("%s (%s)"), row->key, rule));
      else if (v.verdict == RDT_RULE_UNDECIDED)
        add_note (cc, id, rule, g_strdup_printf (_("%s (%s): not decided: depends on %s"), row->key, rule, v.depends));
    }
  return TRUE;
}

/* The volume's "retreat-exceptions" rows (Brandywine 3.9, Germantown
 * 3.10.4; applied by sandbox play, docs/volumes.md) that a Retreat result of
 * this combat would meet: a note per side whose hex has such terrain, so
 * that a referee reading the table row knows an "R" is not the whole
 * story. */
static void
retreat_exception_notes (RdtCloseCombat *cc)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (cc->scenario), "retreat-exceptions");

  for (int role = RDT_CC_ATTACKER; table != NULL && role <= RDT_CC_DEFENDER; role++)
    {
      gboolean done = FALSE;

      for (guint h = 0; h < role_n_hexes (cc, role) && !done; h++)
        {
          const RdtTerrainType *tt = rdt_scenario_get_terrain_type (cc->scenario, role_hex (cc, role, h));
          const char *applies, *effect, *rule;
          g_auto(GStrv) kinds = NULL;

          if (tt == NULL || (effect = rdt_table_lookup (table, tt->id, "effect", NULL)) == NULL)
            continue;
          applies = rdt_table_lookup (table, tt->id, "applies", NULL);
          kinds = g_strsplit (applies != NULL ? applies : "", " ", -1);
          if (!g_strv_contains ((const char *const *) kinds, "close-combat"))
            continue;
          rule = rdt_table_lookup (table, tt->id, "rule", NULL);
          if (rule == NULL || *rule == '\0')
            rule = table->rule;
          done = TRUE;
          add_note (cc, "retreat-exception", rule,
                    g_strcmp0 (effect, "ignore") == 0
                    ? g_strdup_printf (_("the %s's units in %s may ignore a Retreat result; then the other units need not check morale (%s)"),
                                       role == RDT_CC_ATTACKER ? _("attacker") : _("defender"), tt->name, rule)
                    : g_strdup_printf (_("a Retreat result on the %s's lead unit in %s is a morale check with %s instead; passed, no retreat and the others of the hex do not check (%s)"),
                                       role == RDT_CC_ATTACKER ? _("attacker") : _("defender"), tt->name,
                                       rdt_table_lookup (table, tt->id, "DRM", NULL) != NULL
                                       ? rdt_table_lookup (table, tt->id, "DRM", NULL) : "+0", rule));
        }
    }
}

/* ---------- step 1: odds ---------- */

static gboolean
step_odds (RdtCloseCombat *cc,
           GError        **error)
{
  int n = (int) cc->columns->len;
  int shift = 0;
  gboolean diversion_shift = FALSE;
  g_autofree char *raw = NULL;

  /* 12.31: artillery defending alone is captured. */
  if (cc->units[RDT_CC_DEFENDER]->len > 0)
    {
      gboolean all_art = TRUE;
      for (guint i = 0; i < cc->units[RDT_CC_DEFENDER]->len; i++)
        {
          RdtCcUnitSp *u = g_ptr_array_index (cc->units[RDT_CC_DEFENDER], i);
          all_art &= is_artillery (cc_unit (cc, u->unit));
        }
      cc->artillery_captured = all_art;
    }
  cc->raw_column = rdt_close_combat_odds_column (cc->columns, cc->sp[RDT_CC_ATTACKER], cc->sp[RDT_CC_DEFENDER]);

  /* 12.14: attackers adjacent to the Diversion shift one column left. */
  if (cc->has_diversion)
    for (guint i = 0; i < cc->units[RDT_CC_ATTACKER]->len && !diversion_shift; i++)
      {
        RdtCcUnitSp *u = g_ptr_array_index (cc->units[RDT_CC_ATTACKER], i);
        const RdtUnit *unit = cc_unit (cc, u->unit);

        if (rdt_hex_grid_are_adjacent (cc->grid, unit->placement.hex, cc->diversion))
          {
            g_autofree char *vlabel = hex_label (cc, cc->diversion);
            diversion_shift = TRUE;
            add_item (cc->shifts, "diversion-shift", "12.14", "Series Rules", -1, FALSE, FALSE,
                      g_strdup_printf (_("%s is adjacent to the Diversion in %s: one column to the left (12.14)"),
                                       unit_label (unit), vlabel));
          }
      }
  if (!apply_rows (cc, SHIFT_TABLE, "shift", cc->shifts, error))
    return FALSE;
  for (guint i = 0; i < cc->shifts->len; i++)
    {
      RdtCcItem *item = g_ptr_array_index (cc->shifts, i);
      if (!item->undecided)
        shift += item->value;
      else
        cc->undecided = TRUE;
    }
  cc->column = CLAMP (cc->raw_column + shift, -1, n - 1);

  if (cc->raw_column < 0)
    raw = g_strdup_printf (_("below %s"), n > 0 ? (const char *) cc->columns->pdata[0] : "?");
  else
    raw = g_strdup (cc->columns->pdata[cc->raw_column]);
  if (cc->sp[RDT_CC_DEFENDER] <= 0)
    cc->odds_text = g_strdup_printf (_("%d : %d SP: no defending SPs, the last column %s (12.23 step 1)"),
                                     cc->sp[RDT_CC_ATTACKER], cc->sp[RDT_CC_DEFENDER], raw);
  else
    cc->odds_text = g_strdup_printf (_("%d : %d SP rounds in the defender's favour to %s (12.23 step 1)"),
                                     cc->sp[RDT_CC_ATTACKER], cc->sp[RDT_CC_DEFENDER], raw);
  if (cc->column < 0)
    {
      /* Close Combat Table notes; 12.14 Important. */
      if (diversion_shift)
        add_item (cc->drms, "below-table-diversion", "12.14", "Series Rules", -2, FALSE, FALSE,
                  g_strdup_printf (_("odds below %s after the Diversion shift: resolved as %s with -2 (12.14)"),
                                   (const char *) cc->columns->pdata[0], (const char *) cc->columns->pdata[0]));
      else
        add_item (cc->drms, "below-table", "12.23", "Close Combat Table", -1, FALSE, FALSE,
                  g_strdup_printf (_("odds below %s: resolved as %s with -1 (Close Combat Table notes)"),
                                   (const char *) cc->columns->pdata[0], (const char *) cc->columns->pdata[0]));
    }
  return TRUE;
}

/* ---------- step 2: lead units ---------- */

static gboolean
prohibited_advance_into (RdtCloseCombat *cc,
                         const RdtUnit  *u,
                         RdtHex          target)
{
  RdtVolume *volume = rdt_scenario_get_volume (cc->scenario);
  const RdtTerrainType *tt = rdt_scenario_get_terrain_type (cc->scenario, target);
  const RdtHexsideFeatures *f = NULL;
  RdtHexside side;
  guint mask = RDT_UNIT_KIND_MASK (u->kind);
  int types[4];

  if (tt != NULL && (tt->effects.prohibited & mask))
    return TRUE;
  if (!rdt_hex_grid_hexside (cc->grid, u->placement.hex, target, &side, NULL))
    return FALSE;
  f = rdt_scenario_get_hexside (cc->scenario, side);
  if (f == NULL)
    return FALSE;
  types[0] = f->water;
  types[1] = f->slope;
  types[2] = f->fieldwork;
  types[3] = f->other;
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (types[i] != RDT_NO_TYPE)
      {
        const RdtHexsideType *ht = rdt_volume_get_hexside_type (volume, (guint) types[i]);
        if (ht != NULL && (ht->effects.prohibited & mask))
          return TRUE;
      }
  return FALSE;
}

/* 12.23 step 2: prohibited when the unit may advance into none of the
 * defending hexes (12.15: with several, the attacker chooses among the
 * vacated ones, step 9). */
static gboolean
prohibited_advance (RdtCloseCombat *cc,
                    const RdtUnit  *u)
{
  for (guint k = 0; k < cc->defend_hexes->len; k++)
    if (!prohibited_advance_into (cc, u, g_array_index (cc->defend_hexes, RdtHex, k)))
      return FALSE;
  return TRUE;
}

static gboolean
step_lead (RdtCloseCombat            *cc,
           const RdtCloseCombatInput *input,
           GError                   **error)
{
  for (int role = 0; role < 2; role++)
    {
      gboolean parade = FALSE;
      GArray *c = cc->candidates[role];

      for (guint i = 0; i < cc->units[role]->len; i++)
        {
          RdtCcUnitSp *u = g_ptr_array_index (cc->units[role], i);
          const RdtUnit *unit = cc_unit (cc, u->unit);
          parade |= !is_artillery (unit) && unit->status == RDT_UNIT_STATUS_PARADE;
        }
      /* 12.23 step 2: never artillery; a Parade Order unit if one is
       * available. */
      for (guint i = 0; i < cc->units[role]->len; i++)
        {
          RdtCcUnitSp *u = g_ptr_array_index (cc->units[role], i);
          const RdtUnit *unit = cc_unit (cc, u->unit);

          if (is_artillery (unit) || (parade && unit->status != RDT_UNIT_STATUS_PARADE))
            continue;
          g_array_append_val (c, u->unit);
        }
      if (role == RDT_CC_ATTACKER && c->len > 0)
        {
          /* 12.23 step 2, Lead units and prohibited terrain. */
          g_autoptr(GArray) allowed = g_array_new (FALSE, FALSE, sizeof (guint));

          for (guint i = 0; i < c->len; i++)
            if (!prohibited_advance (cc, cc_unit (cc, g_array_index (c, guint, i))))
              g_array_append_val (allowed, g_array_index (c, guint, i));
          if (allowed->len > 0)
            {
              if (allowed->len < c->len)
                add_note (cc, "lead-prohibited", "12.23 step 2",
                          g_strdup (_("units that would advance into prohibited terrain may not lead (12.23 step 2, Lead units and prohibited terrain)")));
              g_array_set_size (c, 0);
              g_array_append_vals (c, allowed->data, allowed->len);
            }
          else
            {
              cc->no_advance = TRUE;
              add_note (cc, "lead-no-advance", "12.23 step 2",
                        g_strdup (_("every attacker would advance into prohibited terrain: one may lead but will not advance (12.23 step 2)")));
            }
        }
      cc->lead[role] = c->len == 1 ? (int) g_array_index (c, guint, 0) : -1;
    }
  for (int k = 0; k < 2; k++)
    {
      int index, role = -1;

      if (input->lead[k] == NULL)
        continue;
      index = rdt_scenario_find_unit_index (cc->scenario, input->lead[k]);
      if (index < 0)
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                       _("no unit “%s” in the scenario"), input->lead[k]);
          return FALSE;
        }
      for (int r = 0; r < 2; r++)
        for (guint i = 0; i < cc->units[r]->len; i++)
          if (((RdtCcUnitSp *) g_ptr_array_index (cc->units[r], i))->unit == (guint) index)
            role = r;
      if (role < 0)
        {
          add_error (cc, "lead-not-involved", "12.23 step 2",
                     g_strdup_printf (_("%s does not take part in this combat and cannot lead (12.23 step 2)"),
                                      unit_label (cc_unit (cc, (guint) index))));
          continue;
        }
      {
        gboolean ok = FALSE;
        for (guint i = 0; i < cc->candidates[role]->len; i++)
          ok |= g_array_index (cc->candidates[role], guint, i) == (guint) index;
        if (!ok)
          add_error (cc, "lead-not-eligible", "12.23 step 2",
                     g_strdup_printf (_("%s may not lead: never artillery, a Parade Order unit when one is available, none that would advance into prohibited terrain (12.23 step 2)"),
                                      unit_label (cc_unit (cc, (guint) index))));
        else
          cc->lead[role] = index;
      }
    }

  /* 12.4 pre-combat withdrawal, the defender's option. */
  {
    gboolean all_dragoons = cc->units[RDT_CC_DEFENDER]->len > 0, all_indians = all_dragoons;
    gboolean att_dragoons = FALSE, att_indian_li = FALSE;

    for (guint i = 0; i < cc->units[RDT_CC_DEFENDER]->len; i++)
      {
        const RdtUnit *u = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (cc->units[RDT_CC_DEFENDER], i))->unit);
        gboolean ok_status = u->status == RDT_UNIT_STATUS_PARADE;
        const RdtTerrainType *ut = rdt_scenario_get_terrain_type (cc->scenario, u->placement.hex);

        all_dragoons &= ok_status && u->kind == RDT_UNIT_KIND_DRAGOONS;
        /* "located in any type of woods": each defender's own hex (12.15:
         * several defending hexes). */
        all_indians &= ok_status && u->kind == RDT_UNIT_KIND_INDIANS && ut != NULL && ut->effects.covered;
      }
    for (guint i = 0; i < cc->units[RDT_CC_ATTACKER]->len; i++)
      {
        const RdtUnit *u = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (cc->units[RDT_CC_ATTACKER], i))->unit);
        att_dragoons |= u->kind == RDT_UNIT_KIND_DRAGOONS;
        att_indian_li |= u->kind == RDT_UNIT_KIND_INDIANS || u->kind == RDT_UNIT_KIND_LIGHT_INFANTRY;
      }
    /* "any type of woods": the terrain chart's covered terrain (11.3). */
    if (all_dragoons && !att_dragoons)
      cc->withdrawal = "cavalry";
    else if (all_indians && !att_indian_li)
      cc->withdrawal = "indian";
    if (cc->withdrawal != NULL)
      add_note (cc, "withdrawal", "12.4",
                g_strdup_printf (_("the defender may declare a %s Withdrawal after the attacker names the lead unit: retreat three hexes, then step 9 (12.4, 12.41, 12.42)%s"),
                                 strcmp (cc->withdrawal, "cavalry") == 0 ? _("Cavalry") : _("Indian"),
                                 has_pinned (cc, cc->defender, cc->side[RDT_CC_DEFENDER])
                                 ? _("; pinned: breaking the pin costs 1 Army Morale (9.6)") : ""));
  }
  return TRUE;
}

/* ---------- step 3: DRMs ---------- */

static int
leader_in_command (RdtCloseCombat *cc,
                   int             role)
{
  GArray *l = cc->leaders[role];
  int best = -1;

  /* 14.1: the highest ranking leader; among equal ranks the most senior
   * (the exclusive rules' seniority, lower first; unset last). */
  for (guint i = 0; i < l->len; i++)
    {
      guint idx = g_array_index (l, guint, i);
      const RdtUnit *u = cc_unit (cc, idx), *b;

      if (best < 0)
        {
          best = (int) idx;
          continue;
        }
      b = cc_unit (cc, (guint) best);
      if (u->rank > b->rank ||
          (u->rank == b->rank && u->seniority > 0 && (b->seniority == 0 || u->seniority < b->seniority)))
        best = (int) idx;
    }
  return best;
}

static gboolean
step_drms (RdtCloseCombat            *cc,
           const RdtCloseCombatInput *input,
           GError                   **error)
{
  const int sign[2] = { +1, -1 };
  const RdtTerrainType *tt = rdt_scenario_get_terrain_type (cc->scenario, cc->defender);

  /* 15.32, 16.2: the lead units' modified morale. */
  for (int role = 0; role < 2; role++)
    {
      int side = cc->side[role];
      int mod = RDT_CC_MORALE_UNKNOWN;
      gboolean mod_prov = FALSE;
      const char *who = role == RDT_CC_ATTACKER ? _("attacker") : _("defender");
      GArray *c = cc->candidates[role];

      if (input->morale_modifier != NULL && side >= 0 && (guint) side < input->n_sides)
        {
          mod = input->morale_modifier[side];
          mod_prov = input->morale_provisional != NULL && input->morale_provisional[side];
        }
      if (c->len == 0)
        continue;
      if (mod == RDT_CC_MORALE_UNKNOWN)
        {
          add_item (cc->drms, role == RDT_CC_ATTACKER ? "lead-morale-attacker" : "lead-morale-defender",
                    "12.23 step 2, 15.32, 16.2", "Series Rules", 0, FALSE, TRUE,
                    g_strdup_printf (_("the %s's lead unit morale: not decided: depends on the army morale level (16.2); pass --game or set the sides' army morale"),
                                     who));
          cc->undecided = TRUE;
          continue;
        }
      if (cc->lead[role] >= 0)
        {
          const RdtUnit *u = cc_unit (cc, (guint) cc->lead[role]);
          const RdtUnitStep *st = unit_step (u);
          int morale = st != NULL ? st->morale : 0;
          gboolean prov = mod_prov || (u->provisional & RDT_UNIT_PROVISIONAL_MORALE);

          add_item (cc->drms, role == RDT_CC_ATTACKER ? "lead-morale-attacker" : "lead-morale-defender",
                    "12.23 step 2, 15.32, 16.2", "Series Rules", sign[role] * (morale + mod), prov, FALSE,
                    g_strdup_printf (_("the %s's lead unit %s: morale %+d, army morale modifier %+d: %+d%s"),
                                     who, unit_label (u), morale, mod, sign[role] * (morale + mod),
                                     prov ? _(" (provisional)") : ""));
        }
      else
        {
          gboolean same = TRUE;
          int first = 0;
          GString *names = g_string_new (NULL);

          for (guint i = 0; i < c->len; i++)
            {
              const RdtUnit *u = cc_unit (cc, g_array_index (c, guint, i));
              const RdtUnitStep *st = unit_step (u);
              int m = st != NULL ? st->morale : 0;

              if (i == 0)
                first = m;
              same &= m == first;
              g_string_append_printf (names, "%s%s %+d", i ? ", " : "", unit_label (u), m);
            }
          if (same)
            add_item (cc->drms, role == RDT_CC_ATTACKER ? "lead-morale-attacker" : "lead-morale-defender",
                      "12.23 step 2, 15.32, 16.2", "Series Rules", sign[role] * (first + mod), mod_prov, FALSE,
                      g_strdup_printf (_("the %s's lead unit (any of %s): morale %+d, army morale modifier %+d: %+d"),
                                       who, names->str, first, mod, sign[role] * (first + mod)));
          else
            {
              add_item (cc->drms, role == RDT_CC_ATTACKER ? "lead-morale-attacker" : "lead-morale-defender",
                        "12.23 step 2, 15.32, 16.2", "Series Rules", 0, mod_prov, TRUE,
                        g_strdup_printf (_("the %s's lead unit morale: not decided: depends on the lead unit chosen among %s (12.23 step 2); pass --lead"),
                                         who, names->str));
              cc->undecided = TRUE;
            }
          g_string_free (names, TRUE);
        }
    }

  /* 14.21: the leader in command, added when attacking, subtracted when
   * defending; only the most senior one. */
  for (int role = 0; role < 2; role++)
    {
      int l = leader_in_command (cc, role);
      const RdtUnit *u;

      if (l < 0)
        continue;
      u = cc_unit (cc, (guint) l);
      add_item (cc->drms, role == RDT_CC_ATTACKER ? "leader-attacker" : "leader-defender", "14.21", "Series Rules",
                sign[role] * u->cc_drm, (u->provisional & RDT_UNIT_PROVISIONAL_LEADER) != 0, FALSE,
                g_strdup_printf (_("%s, the %s's leader in command, Close Combat DRM %d: %+d (14.21)%s"),
                                 unit_label (u), role == RDT_CC_ATTACKER ? _("attacker") : _("defender"), u->cc_drm,
                                 sign[role] * u->cc_drm,
                                 (u->provisional & RDT_UNIT_PROVISIONAL_LEADER) ? _(" (provisional)") : ""));
    }

  /* The terrain chart (cc-drm of the defending hex's terrain; 13.4: never
   * for shattered units). */
  if (tt != NULL)
    {
      gboolean all_shattered = cc->units[RDT_CC_DEFENDER]->len > 0;

      for (guint i = 0; i < cc->units[RDT_CC_DEFENDER]->len; i++)
        {
          const RdtUnit *u = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (cc->units[RDT_CC_DEFENDER], i))->unit);
          all_shattered &= is_artillery (u) || u->status == RDT_UNIT_STATUS_SHATTERED;
        }
      if (all_shattered && tt->effects.cc_drm != 0)
        add_note (cc, "shattered-no-terrain", "13.4",
                  g_strdup (_("shattered defenders receive no terrain DRMs (13.4)")));
      else if (tt->effects.cc_drm != 0 || (tt->effects.provisional & RDT_EFFECT_CC_DRM))
        add_item (cc->drms, "terrain", "12.23 step 3", _("terrain chart, the defending hex"),
                  tt->effects.cc_drm, (tt->effects.provisional & RDT_EFFECT_CC_DRM) != 0, FALSE,
                  g_strdup_printf (_("defending hex terrain %s: %+d%s"), tt->name, tt->effects.cc_drm,
                                   (tt->effects.provisional & RDT_EFFECT_CC_DRM) ? _(" (provisional: not in the rulebooks)") : ""));
    }
  /* Hexside types whose cc-drm applies when every attacking hex attacks
   * across them (water, fieldworks with the symbol in the defending hex,
   * slopes up to it): "attacked solely across" (13.5), Brandywine 5.2.5. */
  {
    RdtVolume *volume = rdt_scenario_get_volume (cc->scenario);

    for (guint t = 0; t < rdt_volume_get_n_hexside_types (volume); t++)
      {
        const RdtHexsideType *ht = rdt_volume_get_hexside_type (volume, t);
        guint count = 0;

        if (ht->kind == RDT_HEXSIDE_KIND_ROAD || cc->attack_hexes->len == 0 ||
            (ht->effects.cc_drm == 0 && !(ht->effects.provisional & RDT_EFFECT_CC_DRM)))
          continue;
        for (guint h = 0; h < cc->attack_hexes->len; h++)
          {
            const RdtHexsideFeatures *f = NULL;

            if (!sides_hexside (cc, g_array_index (cc->attack_hexes, RdtHex, h), &f) || f == NULL)
              continue;
            if ((ht->kind == RDT_HEXSIDE_KIND_WATER && f->water == (int) t) ||
                (ht->kind == RDT_HEXSIDE_KIND_OTHER && f->other == (int) t) ||
                (ht->kind == RDT_HEXSIDE_KIND_SLOPE && f->slope == (int) t && hex_equal (f->slope_high, cc->defender)) ||
                (ht->kind == RDT_HEXSIDE_KIND_FIELDWORK && f->fieldwork == (int) t && !f->breached &&
                 hex_equal (f->fieldwork_symbol, cc->defender)))
              count++;
          }
        if (count == cc->attack_hexes->len)
          add_item (cc->drms, "hexside", ht->rule != NULL ? ht->rule : "12.23 step 3", _("terrain chart, the hexside crossed"),
                    ht->effects.cc_drm, (ht->effects.provisional & RDT_EFFECT_CC_DRM) != 0, FALSE,
                    g_strdup_printf (_("every attacking hex attacks across %s: %+d%s"), ht->name, ht->effects.cc_drm,
                                     (ht->effects.provisional & RDT_EFFECT_CC_DRM) ? _(" (provisional: not in the rulebooks)") : ""));
      }
  }
  /* The volume's Close Combat DRM chart. */
  if (!apply_rows (cc, DRM_TABLE, "DRM", cc->drms, error))
    return FALSE;
  for (guint i = 0; i < cc->drms->len; i++)
    {
      RdtCcItem *item = g_ptr_array_index (cc->drms, i);
      if (item->undecided)
        cc->undecided = TRUE;
      else
        cc->drm_total += item->value;
    }
  return TRUE;
}

/* ---------- construction ---------- */

RdtCloseCombat *
rdt_close_combat_new (RdtScenario               *scenario,
                      const RdtCloseCombatInput *input,
                      GError                   **error)
{
  g_autoptr(RdtCloseCombat) cc = NULL;
  RdtVolume *volume;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (input != NULL, NULL);

  cc = g_new0 (RdtCloseCombat, 1);
  cc->scenario = g_object_ref (scenario);
  cc->grid = rdt_scenario_get_grid (scenario);
  cc->context = input->context;
  cc->attack_hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  cc->defend_hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  cc->defender = input->n_defenders > 0 && input->defenders != NULL ? input->defenders[0] : input->defender;
  cc->has_diversion = input->has_diversion;
  cc->diversion = input->diversion;
  cc->errors = g_ptr_array_new_with_free_func (item_free);
  cc->notes = g_ptr_array_new_with_free_func (item_free);
  cc->shifts = g_ptr_array_new_with_free_func (item_free);
  cc->drms = g_ptr_array_new_with_free_func (item_free);
  for (int r = 0; r < 2; r++)
    {
      cc->side[r] = -1;
      cc->units[r] = g_ptr_array_new_with_free_func (unit_sp_free);
      cc->leaders[r] = g_array_new (FALSE, FALSE, sizeof (guint));
      cc->candidates[r] = g_array_new (FALSE, FALSE, sizeof (guint));
      cc->lead[r] = -1;
    }
  cc->raw_column = cc->column = -1;

  volume = rdt_scenario_get_volume (scenario);
  cc->table = volume != NULL ? rdt_volume_find_table (volume, CC_TABLE) : NULL;
  if (cc->table == NULL || cc->table->columns->len == 0)
    {
      g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA,
                   _("the volume has no Close Combat Table (table “%s”)"), CC_TABLE);
      return NULL;
    }
  cc->columns = cc->table->columns;
  for (guint i = 0; i < cc->columns->len; i++)
    {
      int a, d;
      if (!parse_odds (cc->columns->pdata[i], &a, &d))
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA,
                       _("Close Combat Table (line %d): column “%s” is not odds such as 3-2"),
                       cc->table->line, (const char *) cc->columns->pdata[i]);
          return NULL;
        }
    }
  if (input->n_defenders > 6)
    {
      g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                   _("give one to six defending hexes (12.15: several defending hexes are attacked from one attacking hex)"));
      return NULL;
    }
  for (guint k = 0; k < (input->defenders != NULL ? input->n_defenders : 0); k++)
    {
      if (!rdt_hex_grid_contains (cc->grid, input->defenders[k]))
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                       _("a hex is off the map"));
          return NULL;
        }
      if (!is_defending_hex (cc, input->defenders[k]))
        g_array_append_val (cc->defend_hexes, input->defenders[k]);
    }
  if (cc->defend_hexes->len == 0)
    g_array_append_val (cc->defend_hexes, cc->defender);
  if (!rdt_hex_grid_contains (cc->grid, cc->defender) ||
      (input->has_diversion && !rdt_hex_grid_contains (cc->grid, input->diversion)))
    {
      g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                   _("a hex is off the map"));
      return NULL;
    }
  if (input->n_attackers == 0 || input->n_attackers > 6)
    {
      g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                   _("give one to six attacking hexes (12.15: one defending hex, attacked from its neighbours)"));
      return NULL;
    }
  for (guint h = 0; h < input->n_attackers; h++)
    {
      gboolean dup = FALSE;

      if (!rdt_hex_grid_contains (cc->grid, input->attackers[h]))
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                       _("a hex is off the map"));
          return NULL;
        }
      for (guint k = 0; k < cc->attack_hexes->len; k++)
        dup |= hex_equal (g_array_index (cc->attack_hexes, RdtHex, k), input->attackers[h]);
      if (!dup)
        g_array_append_val (cc->attack_hexes, input->attackers[h]);
    }

  for (guint k = 0; input->attacking_units != NULL && input->attacking_units[k] != NULL && k < 1000; k++)
    {
      const RdtUnit *u = rdt_scenario_find_unit (scenario, input->attacking_units[k]);
      gboolean in = FALSE;

      if (u == NULL)
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                       _("no unit “%s” in the scenario"), input->attacking_units[k]);
          return NULL;
        }
      for (guint h = 0; h < cc->attack_hexes->len && u->placement.kind == RDT_PLACEMENT_HEX; h++)
        in |= hex_equal (u->placement.hex, g_array_index (cc->attack_hexes, RdtHex, h));
      if (!in)
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                       _("%s is not in an attacking hex (12.15)"), input->attacking_units[k]);
          return NULL;
        }
    }
  gather (cc, input);
  designate (cc);
  if (!step_odds (cc, error))
    return NULL;
  if (!step_lead (cc, input, error))
    return NULL;
  /* 12.15 with several defending hexes: the rulebooks do not say whose
   * terrain counts; Redoubt reads the defending lead unit's hex
   * (docs/rulings.md).  Undecided until the lead is known. */
  if (cc->defend_hexes->len > 1 && cc->lead[RDT_CC_DEFENDER] >= 0)
    cc->defender = cc_unit (cc, (guint) cc->lead[RDT_CC_DEFENDER])->placement.hex;
  if (!step_drms (cc, input, error))
    return NULL;
  if (cc->defend_hexes->len > 1)
    {
      g_autofree char *l = hex_label (cc, cc->defender);

      if (cc->lead[RDT_CC_DEFENDER] >= 0)
        add_note (cc, "defending-terrain", "12.15",
                  g_strdup_printf (_("several defending hexes: terrain and hexside DRMs are read for %s, the defending lead unit's hex (Redoubt ruling on 12.15, docs/rulings.md)"), l));
      else
        {
          add_item (cc->drms, "defending-terrain", "12.15", "Redoubt ruling", 0, FALSE, TRUE,
                    g_strdup_printf (_("several defending hexes: terrain and hexside DRMs read the defending lead unit's hex (Redoubt ruling on 12.15); shown for %s until the defender's lead unit is chosen (pass --lead)"), l));
          cc->undecided = TRUE;
        }
    }
  if (!volume_designation_errors (cc, error))
    return NULL;
  retreat_exception_notes (cc);
  if (cc->artillery_captured)
    add_note (cc, "artillery-captured", "12.31, 12.32",
              g_strdup (_("only artillery defends: it is captured without a Close Combat when the attacker's lead unit advances into the hex (12.31, 12.32)")));
  return g_steal_pointer (&cc);
}

void
rdt_close_combat_free (RdtCloseCombat *cc)
{
  if (cc == NULL)
    return;
  g_clear_object (&cc->scenario);
  g_clear_pointer (&cc->board, rdt_board_unref);
  g_clear_pointer (&cc->attack_hexes, g_array_unref);
  g_clear_pointer (&cc->defend_hexes, g_array_unref);
  g_clear_pointer (&cc->errors, g_ptr_array_unref);
  g_clear_pointer (&cc->notes, g_ptr_array_unref);
  g_clear_pointer (&cc->shifts, g_ptr_array_unref);
  g_clear_pointer (&cc->drms, g_ptr_array_unref);
  for (int r = 0; r < 2; r++)
    {
      g_clear_pointer (&cc->units[r], g_ptr_array_unref);
      g_clear_pointer (&cc->leaders[r], g_array_unref);
      g_clear_pointer (&cc->candidates[r], g_array_unref);
    }
  g_free (cc->odds_text);
  g_clear_pointer (&cc->movement, rdt_movement_free);
  for (int r = 0; r < 2; r++)
    for (int t = 0; t < RDT_N_TACTICS; t++)
      g_free (cc->tactic_reason[r][t]);
  g_free (cc);
}

/* ---------- getters ---------- */

gboolean rdt_close_combat_is_legal (const RdtCloseCombat *cc) { return cc->errors->len == 0; }
GPtrArray *rdt_close_combat_get_errors (const RdtCloseCombat *cc) { return cc->errors; }
GPtrArray *rdt_close_combat_get_notes (const RdtCloseCombat *cc) { return cc->notes; }
int rdt_close_combat_get_side (const RdtCloseCombat *cc, RdtCcRole role) { return cc->side[role]; }
GPtrArray *rdt_close_combat_get_units (const RdtCloseCombat *cc, RdtCcRole role) { return cc->units[role]; }
GArray *rdt_close_combat_get_leaders (const RdtCloseCombat *cc, RdtCcRole role) { return cc->leaders[role]; }
int rdt_close_combat_get_sp (const RdtCloseCombat *cc, RdtCcRole role) { return cc->sp[role]; }
gboolean rdt_close_combat_artillery_captured (const RdtCloseCombat *cc) { return cc->artillery_captured; }
int rdt_close_combat_get_raw_column (const RdtCloseCombat *cc) { return cc->raw_column; }
int rdt_close_combat_get_column (const RdtCloseCombat *cc) { return cc->column; }
GPtrArray *rdt_close_combat_get_shifts (const RdtCloseCombat *cc) { return cc->shifts; }
const char *rdt_close_combat_get_odds_text (const RdtCloseCombat *cc) { return cc->odds_text; }
GArray *rdt_close_combat_get_lead_candidates (const RdtCloseCombat *cc, RdtCcRole role) { return cc->candidates[role]; }
int rdt_close_combat_get_lead (const RdtCloseCombat *cc, RdtCcRole role) { return cc->lead[role]; }
gboolean rdt_close_combat_lead_may_not_advance (const RdtCloseCombat *cc) { return cc->no_advance; }
const char *rdt_close_combat_get_withdrawal (const RdtCloseCombat *cc) { return cc->withdrawal; }
GPtrArray *rdt_close_combat_get_drms (const RdtCloseCombat *cc) { return cc->drms; }
int rdt_close_combat_get_drm_total (const RdtCloseCombat *cc) { return cc->drm_total; }
gboolean rdt_close_combat_is_undecided (const RdtCloseCombat *cc) { return cc->undecided; }

gboolean
rdt_close_combat_parse_attacker (RdtHexGrid  *grid,
                                 const char  *text,
                                 RdtHex      *out_hex,
                                 GPtrArray   *ids,
                                 GError     **error)
{
  const char *colon = strchr (text, ':');
  g_autofree char *hex = g_strndup (text, colon != NULL ? (gsize) (colon - text) : strlen (text));

  if (!rdt_hex_grid_parse_label (grid, g_strstrip (hex), out_hex, error))
    return FALSE;
  if (colon != NULL)
    {
      g_auto(GStrv) names = g_strsplit (colon + 1, "+", 65);

      for (guint k = 0; names[k] != NULL; k++)
        {
          g_strstrip (names[k]);
          if (names[k][0] == '\0' || k >= 64)
            {
              g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID,
                           _("“%s”: give the attacking units as HEX:UNIT+UNIT (12.15)"), text);
              return FALSE;
            }
          g_ptr_array_add (ids, g_strdup (names[k]));
        }
    }
  return TRUE;
}
GArray  *rdt_close_combat_get_defending_hexes (const RdtCloseCombat *cc) { return cc->defend_hexes; }

const char *
rdt_close_combat_get_column_label (const RdtCloseCombat *cc)
{
  /* Below the first column the combat is resolved on it (table notes). */
  return cc->columns->pdata[MAX (cc->column, 0)];
}

/* ---------- step 4: tactics ---------- */

/* The volume's table "tactics-barriers" (Brandywine 5.3): rows keyed by
 * hexside type id, columns "leader" and "open flank" ("yes": a leader, or an
 * open flank hex, separated by such a hexside does not count for 12.53,
 * 12.54).  TRUE when the hexside between @a and @b has a feature whose type
 * is such a row for @column. */
static gboolean
barrier_between (const RdtCloseCombat *cc,
                 RdtHex                a,
                 RdtHex                b,
                 const char           *column)
{
  RdtVolume *volume = rdt_scenario_get_volume (cc->scenario);
  const RdtTable *table = rdt_volume_find_table (volume, "tactics-barriers");
  RdtHexside side;
  const RdtHexsideFeatures *f;

  if (table == NULL || !rdt_hex_grid_hexside (cc->grid, a, b, &side, NULL) ||
      (f = rdt_scenario_get_hexside (cc->scenario, side)) == NULL)
    return FALSE;
  {
    const int types[] = { f->water, f->slope, f->fieldwork, f->other };

    for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
      {
        const RdtHexsideType *t = types[i] >= 0 ? rdt_volume_get_hexside_type (volume, (guint) types[i]) : NULL;

        if (t != NULL && g_strcmp0 (rdt_table_lookup (table, t->id, column, NULL), "yes") == 0)
          return TRUE;
      }
  }
  return FALSE;
}

static gboolean
leader_near (const RdtCloseCombat *cc,
             int                   role)
{
  guint n = rdt_scenario_get_n_units (cc->scenario);

  /* 12.53, 12.54, 14.22: a leader (14.4: or a demi-leader) of the side
   * stacked with or adjacent to at least one unit of the combat. */
  for (guint i = 0; i < n; i++)
    {
      const RdtUnit *l = cc_unit (cc, i);

      if ((!rdt_unit_is_leader (l) && !l->demi_leader) || l->placement.kind != RDT_PLACEMENT_HEX ||
          rdt_scenario_sides_are_enemies (cc->scenario, l->side, cc->side[role]))
        continue;
      for (guint k = 0; k < cc->units[role]->len; k++)
        {
          RdtHex h = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (cc->units[role], k))->unit)->placement.hex;
          /* Brandywine 5.3: not across the volume's tactics barriers. */
          if (hex_equal (h, l->placement.hex) ||
              (rdt_hex_grid_are_adjacent (cc->grid, h, l->placement.hex) &&
               !barrier_between (cc, h, l->placement.hex, "leader")))
            return TRUE;
        }
    }
  return FALSE;
}

/* 12.53: an unoccupied hex adjacent to one attacking and the defending hex,
 * not prohibited to the side's lead unit. */
static RdtRuleVerdict
open_flank (const RdtCloseCombat *cc,
            int                   role)
{
  RdtRuleVerdict best = RDT_RULE_OFF;

  /* 12.53: "adjacent to one attacking and one defending hex participating
   * in the current Close Combat, regardless of the total number of hexes". */
  for (guint k = 0; k < cc->defend_hexes->len * RDT_N_DIRECTIONS; k++)
    {
      RdtHex dh = g_array_index (cc->defend_hexes, RdtHex, k / RDT_N_DIRECTIONS);
      RdtHex nb = rdt_hex_grid_neighbour (cc->grid, dh, (RdtHexDirection) (k % RDT_N_DIRECTIONS));
      gboolean near_attacker = FALSE;
      const RdtTerrainType *tt;
      guint ok = 0, total = 0;

      if (!rdt_hex_grid_contains (cc->grid, nb) || hex_occupied ((RdtCloseCombat *) cc, nb) ||
          barrier_between (cc, nb, dh, "open flank"))
        continue;
      /* Brandywine 5.3: "separated from either unit by a non-ford
       * Brandywine Creek hexside does not count" (tactics-barriers). */
      for (guint h = 0; h < cc->attack_hexes->len; h++)
        near_attacker |= rdt_hex_grid_are_adjacent (cc->grid, nb, g_array_index (cc->attack_hexes, RdtHex, h)) &&
                         !barrier_between (cc, nb, g_array_index (cc->attack_hexes, RdtHex, h), "open flank");
      if (!near_attacker)
        continue;
      tt = rdt_scenario_get_terrain_type (cc->scenario, nb);
      if (cc->lead[role] >= 0)
        {
          total = 1;
          ok = tt == NULL || !(tt->effects.prohibited & RDT_UNIT_KIND_MASK (cc_unit (cc, (guint) cc->lead[role])->kind));
        }
      else
        for (guint i = 0; i < cc->candidates[role]->len; i++)
          {
            total++;
            ok += tt == NULL || !(tt->effects.prohibited &
                                  RDT_UNIT_KIND_MASK (cc_unit (cc, g_array_index (cc->candidates[role], guint, i))->kind));
          }
      if (total > 0 && ok == total)
        return RDT_RULE_ON;
      if (ok > 0)
        best = RDT_RULE_UNDECIDED;
    }
  return best;
}

/* 12.53: clear, field or crops terrain, as the rule names them. */
static gboolean
open_terrain (const RdtTerrainType *tt)
{
  static const char *const open[] = { "clear", "field", "fields", "crops", NULL };

  return tt != NULL && g_strv_contains (open, tt->id);
}

/* 12.53 Withdraw: "a unit must have a clear retreat path in order to play
 * Withdraw": one participating unit of @role with a one-hex retreat (13.2)
 * the retreat engine allows without capture or the 13.23 step loss
 * (artillery in the attacker's hex never retreats on Withdraw, 12.23 step
 * 4).  UNDECIDED when the only paths depend on a restriction the context
 * does not decide; @out_text says which (transfer full). */
static RdtRuleVerdict
clear_retreat_path (RdtCloseCombat *cc,
                    int             role,
                    char          **out_text)
{
  RdtGameContext context;
  RdtRetreatOptions options;
  gboolean undecided = FALSE;
  const char *undecided_rule = NULL;
  RdtDepends depends = RDT_DEPENDS_TURN;
  g_autofree char *failure = NULL;

  if (cc->movement == NULL)
    cc->movement = rdt_movement_new (cc->scenario, NULL);
  if (cc->context != NULL)
    context = *cc->context;
  else
    rdt_game_context_init (&context);
  if (context.origin == NULL)
    context.origin = cc->scenario;
  rdt_retreat_options_init (&options, 1);
  options.context = &context;
  if (cc->units[role]->len == 0)
    {
      *out_text = g_strdup (_("no participating unit to retreat (12.53)"));
      return RDT_RULE_OFF;
    }
  for (guint i = 0; i < cc->units[role]->len; i++)
    {
      const RdtUnit *u = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (cc->units[role], i))->unit);
      g_autoptr(RdtRetreat) retreat = NULL;
      g_autoptr(GError) error = NULL;

      if (role == RDT_CC_ATTACKER && is_artillery (u))
        continue;
      retreat = rdt_movement_retreat (cc->movement, u->id, &options, &error);
      if (retreat == NULL)
        {
          if (failure == NULL)
            failure = g_strdup_printf ("%s: %s", u->id, error->message);
          continue;
        }
      for (guint e = 0; e < rdt_retreat_get_n_ends (retreat); e++)
        {
          const RdtRetreatEnd *end = rdt_retreat_get_end (retreat, e);

          if (end->flags & RDT_RETREAT_STEP_LOSS)
            continue;
          if (!(end->flags & RDT_RETREAT_UNDECIDED))
            {
              g_autofree char *l = hex_label (cc, end->hex);
              *out_text = g_strdup_printf (_("%s has a clear retreat path (to %s: 12.53, 13.2)"), u->id, l);
              return RDT_RULE_ON;
            }
          if (!undecided)
            rdt_retreat_get_undecided (retreat, &undecided_rule, &depends);
          undecided = TRUE;
        }
    }
  if (undecided)
    {
      *out_text = g_strdup_printf (_("a clear retreat path (12.53) not decided: the only retreats depend on %s (%s)"),
                                   rdt_depends_get_text (depends), undecided_rule != NULL ? undecided_rule : "13.2");
      return RDT_RULE_UNDECIDED;
    }
  if (failure != NULL)
    {
      *out_text = g_strdup_printf (_("a clear retreat path (12.53) not decided: the retreat is not computed (%s)"), failure);
      return RDT_RULE_UNDECIDED;
    }
  *out_text = g_strdup (_("no unit has a clear retreat path: each would be captured or lose a step retreating (12.53, 13.23)"));
  return RDT_RULE_OFF;
}

/* The volume's table "cc-tactics" (docs/volumes.md "Tactics restrictions"):
 * rows with columns "tactics" (ids separated by spaces), "role" (attacker,
 * defender), "when" (the cc-drm conditions) and "rule": @role may not
 * select a listed tactic when the conditions hold (Germantown 3.10.4,
 * Savannah 4.15). */
static RdtRuleVerdict
volume_tactic_ban (RdtCloseCombat *cc,
                   int             role,
                   RdtTactic       tactic,
                   char          **out_text)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (cc->scenario), "cc-tactics");
  RdtRuleVerdict result = RDT_RULE_OFF;

  if (table == NULL)
    return RDT_RULE_OFF;
  for (guint r = 0; r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *tactics = row_cell (table, row, "tactics", NULL);
      const char *role_text = row_cell (table, row, "role", NULL);
      const char *rule = row_cell (table, row, "rule", NULL);
      g_auto(GStrv) ids = g_strsplit_set (tactics != NULL ? tactics : "", " ", -1);
      g_autoptr(GPtrArray) terms = NULL;
      g_autoptr(GError) error = NULL;
      Verdict v;

      if (!g_strv_contains ((const char *const *) ids, rdt_tactic_get_id (tactic)) ||
          g_strcmp0 (role_text, role == RDT_CC_ATTACKER ? "attacker" : "defender") != 0)
        continue;
      if (rule == NULL || *rule == '\0')
        rule = table->rule;
      terms = rdt_cc_condition_parse (row_cell (table, row, "when", NULL), &error);
      if (terms == NULL)
        {
          g_free (*out_text);
          *out_text = g_strdup_printf (_("%s (table “cc-tactics”, row “%s”): not decided: %s"), rule, row->key, error->message);
          result = RDT_RULE_UNDECIDED;
          continue;
        }
      v = eval_terms (cc, terms);
      if (v.verdict == RDT_RULE_ON)
        {
          g_free (*out_text);
          *out_text = g_strdup_printf (_("not eligible: %s, %s (volume table cc-tactics)"), row->key, rule);
          return RDT_RULE_ON;
        }
      if (v.verdict == RDT_RULE_UNDECIDED && result == RDT_RULE_OFF)
        {
          *out_text = g_strdup_printf (_("%s: %s: not decided: depends on %s"), row->key, rule, v.depends);
          result = RDT_RULE_UNDECIDED;
        }
    }
  return result;
}

RdtRuleVerdict
rdt_close_combat_tactic_eligible (const RdtCloseCombat *cc,
                                  RdtCcRole             role,
                                  RdtTactic             tactic,
                                  const char          **out_reason)
{
  const char *reason = NULL;
  RdtRuleVerdict v = RDT_RULE_ON;

  g_return_val_if_fail ((guint) tactic < RDT_N_TACTICS, RDT_RULE_OFF);
  switch (tactic)
    {
    case RDT_TACTIC_SKIRMISH:
    case RDT_TACTIC_ATTACK_EN_ECHELON:
    case RDT_TACTIC_STAND_FAST:
      reason = _("may be used in all combats (12.53)");
      break;
    case RDT_TACTIC_WITHDRAW:
      {
        gboolean all_infantry = cc->units[role]->len > 0, enemy_dragoons = FALSE, open = FALSE;

        for (guint i = 0; i < cc->units[role]->len; i++)
          {
            const RdtUnit *u = cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (cc->units[role], i))->unit);
            all_infantry &= u->kind == RDT_UNIT_KIND_INFANTRY || u->kind == RDT_UNIT_KIND_LIGHT_INFANTRY ||
                            u->kind == RDT_UNIT_KIND_MILITIA || u->kind == RDT_UNIT_KIND_RIFLE ||
                            u->kind == RDT_UNIT_KIND_MUSKET_RIFLE || is_artillery (u);
            open |= open_terrain (rdt_scenario_get_terrain_type (cc->scenario, u->placement.hex));
          }
        for (guint i = 0; i < cc->units[!role]->len; i++)
          enemy_dragoons |= cc_unit (cc, ((RdtCcUnitSp *) g_ptr_array_index (cc->units[!role], i))->unit)->kind
                            == RDT_UNIT_KIND_DRAGOONS;
        if (all_infantry && open && enemy_dragoons)
          {
            v = RDT_RULE_OFF;
            reason = _("an all-infantry force in clear, field or crops terrain facing dragoons may not Withdraw (12.53)");
          }
        else
          {
            RdtCloseCombat *mut = (RdtCloseCombat *) cc;

            g_clear_pointer (&mut->tactic_reason[role][tactic], g_free);
            v = clear_retreat_path (mut, role, &mut->tactic_reason[role][tactic]);
            reason = mut->tactic_reason[role][tactic];
          }
        break;
      }
    case RDT_TACTIC_FRONTAL_ASSAULT:
    case RDT_TACTIC_COMMIT_RESERVE:
      if (!leader_near (cc, role))
        {
          v = RDT_RULE_OFF;
          reason = _("no leader stacked with or adjacent to a unit of the combat (12.53, 12.54)");
        }
      else
        reason = _("a leader is stacked with or adjacent to a unit of the combat (12.53, 12.54)");
      break;
    case RDT_TACTIC_TURN_FLANK:
    case RDT_TACTIC_REFUSE_FLANK:
      if (!leader_near (cc, role))
        {
          v = RDT_RULE_OFF;
          reason = _("no leader stacked with or adjacent to a unit of the combat (12.53, 12.54)");
          break;
        }
      v = open_flank (cc, role);
      reason = v == RDT_RULE_ON ? _("a leader, and an open flank: an unoccupied hex adjacent to an attacking and the defending hex (12.53)")
             : v == RDT_RULE_OFF ? _("no open flank: no unoccupied hex adjacent to an attacking and the defending hex that the lead unit may enter (12.53)")
             : _("an open flank only for some lead units: depends on the lead unit (12.53)");
      break;
    default:
      break;
    }
  /* Exclusive rules: the volume's tactics restrictions (cc-tactics). */
  if (v != RDT_RULE_OFF)
    {
      RdtCloseCombat *mut = (RdtCloseCombat *) cc;
      g_autofree char *text = NULL;
      RdtRuleVerdict ban = volume_tactic_ban (mut, role, tactic, &text);

      if (ban != RDT_RULE_OFF)
        {
          g_free (mut->tactic_reason[role][tactic]);
          mut->tactic_reason[role][tactic] = g_steal_pointer (&text);
          reason = mut->tactic_reason[role][tactic];
          v = ban == RDT_RULE_ON ? RDT_RULE_OFF : RDT_RULE_UNDECIDED;
        }
    }
  if (out_reason != NULL)
    *out_reason = reason;
  return v;
}

gboolean
rdt_close_combat_tactics_drm (const RdtCloseCombat *cc,
                              RdtTactic             attacker,
                              RdtTactic             defender,
                              int                  *out_drm,
                              gboolean             *out_no_combat,
                              char                **out_text,
                              GError              **error)
{
  const RdtTable *m = rdt_volume_find_table (rdt_scenario_get_volume (cc->scenario), MATRIX_TABLE);
  const char *cell;
  gboolean att_ok, def_ok, provisional = FALSE;
  int drm = 0;

  g_return_val_if_fail ((guint) attacker < RDT_N_TACTICS && (guint) defender < RDT_N_TACTICS, FALSE);
  cell = m != NULL ? rdt_table_lookup (m, tactic_names[defender], tactic_names[attacker], &provisional) : NULL;
  if (cell == NULL)
    {
      g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA,
                   _("the Tactics Matrix has no cell for %s against %s"), tactic_names[attacker], tactic_names[defender]);
      return FALSE;
    }
  /* UNDECIDED counts as legal: the players know. */
  att_ok = rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, attacker, NULL) != RDT_RULE_OFF;
  def_ok = rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, defender, NULL) != RDT_RULE_OFF;
  *out_no_combat = FALSE;
  if (att_ok && def_ok)
    {
      if (g_strcmp0 (cell, "NC") == 0)
        *out_no_combat = TRUE;
      else if (!parse_signed (cell, &drm))
        {
          g_set_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA,
                       _("the Tactics Matrix cell for %s against %s, “%s”, is neither a DRM nor NC"),
                       tactic_names[attacker], tactic_names[defender], cell);
          return FALSE;
        }
      if (out_text != NULL)
        *out_text = *out_no_combat
          ? g_strdup_printf (_("%s against %s: No Combat (Tactics Matrix, 12.23 step 4)%s"), tactic_names[attacker], tactic_names[defender],
                             provisional ? _(" (provisional cell)") : "")
          : g_strdup_printf (_("%s against %s: %+d (Tactics Matrix, 12.23 step 4)%s"), tactic_names[attacker], tactic_names[defender], drm,
                             provisional ? _(" (provisional cell)") : "");
    }
  else if (!att_ok && !def_ok)
    {
      drm = 0;
      if (out_text != NULL)
        *out_text = g_strdup (_("both players played illegal Tactics Cards: the tactics modifier is 0 (12.55)"));
    }
  else
    {
      drm = att_ok ? +1 : -1;
      if (out_text != NULL)
        *out_text = g_strdup_printf (_("the %s played an illegal Tactics Card: %+d in the opponent's favour (12.55)"),
                                     att_ok ? _("defender") : _("attacker"), drm);
    }
  *out_drm = drm;
  return TRUE;
}

/* ---------- step 5: the table ---------- */

void
rdt_close_combat_get_roll_range (const RdtCloseCombat *cc,
                                 int                  *out_min,
                                 int                  *out_max)
{
  gboolean any = FALSE;

  *out_min = *out_max = 0;
  for (guint r = 0; r < cc->table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (cc->table->rows, r);
      int k;

      if (!parse_signed (row->key, &k))
        continue;
      if (!any || k < *out_min)
        *out_min = k;
      if (!any || k > *out_max)
        *out_max = k;
      any = TRUE;
    }
}

const char *
rdt_close_combat_lookup (const RdtCloseCombat *cc,
                         int                   modified_roll,
                         int                  *out_row)
{
  int lo, hi, roll;
  const char *column = rdt_close_combat_get_column_label (cc);

  rdt_close_combat_get_roll_range (cc, &lo, &hi);
  /* Close Combat Table notes: rolls below the lowest row read it, above the
   * highest read that. */
  roll = CLAMP (modified_roll, lo, hi);
  if (out_row != NULL)
    *out_row = roll;
  for (guint r = 0; r < cc->table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (cc->table->rows, r);
      int k;

      if (parse_signed (row->key, &k) && k == roll)
        return row_cell (cc->table, row, column, NULL);
    }
  return NULL;
}

gboolean
rdt_close_combat_lookup_is_provisional (const RdtCloseCombat *cc,
                                        int                   modified_roll)
{
  int row;
  gboolean provisional = FALSE;
  if (rdt_close_combat_lookup (cc, modified_roll, &row) == NULL)
    return FALSE;
  for (guint r = 0; r < cc->table->rows->len; r++)
    {
      const RdtTableRow *tr = g_ptr_array_index (cc->table->rows, r);
      int k;

      if (parse_signed (tr->key, &k) && k == row)
        row_cell (cc->table, tr, rdt_close_combat_get_column_label (cc), &provisional);
    }
  return provisional;
}
