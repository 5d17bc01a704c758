/* rdt-combat-panel.c: the combat panel of the editor's play mode (issue 14). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rdt-close-combat.h"
#include "rdt-combat-panel.h"
#include "rdt-fire.h"

struct _RdtCombatPanel
{
  GtkBox parent_instance;

  RdtGame *game;
  RdtPhase phase;
  guint n_actions_seen;

  GtkLabel *heading;
  GtkWidget *fire_box;
  GtkWidget *cc_box;
  GtkLabel *none_label;

  /* Fire (10, 11). */
  GtkToggleButton *pick_firers;
  GtkToggleButton *pick_target;
  GtkEntry *firers_entry;
  GtkEntry *target_entry;
  GtkCheckButton *open_flank;
  GtkWidget *fire_button;
  GtkWidget *resolve_button;

  /* Close combat (12). */
  GtkToggleButton *pick_att;
  GtkToggleButton *pick_def;
  GtkToggleButton *pick_div;
  GtkEntry *att_entry;
  GtkEntry *def_entry;
  GtkEntry *div_entry;
  GtkEntry *lead_att_entry;
  GtkEntry *lead_def_entry;
  GtkDropDown *att_tactic;
  GtkDropDown *def_tactic;
  GtkWidget *att_choose;
  GtkWidget *def_choose;
  GtkLabel *tactics_label;
  int secret[2];                /* the cards chosen (RdtTactic), -1 none */
  GtkWidget *cc_button;
  /* 12.21 designation, 12.23 step 6 momentum decision. */
  GtkLabel *designation_label;
  char *designation;
  GtkWidget *designation_row;
  GtkWidget *designate_button;
  GtkWidget *undesignate_button;
  GtkWidget *announce_button;
  GtkWidget *anyway_button;
  GtkWidget *momentum_row;
  GtkLabel *momentum_label;
  GtkWidget *spend_button;
  GtkWidget *accept_button;
  /* Issue 14: the Defender's Cavalry or Indian Withdrawal (12.4, 12.41),
   * shown only when the game accepts its action; the pins broken in place
   * in the Movement Phase (Brandywine 3.9, 13.1 Pin B), a button each. */
  GtkWidget *withdrawal_button;
  char *withdrawal_action;
  GtkWidget *pin_box;
  GtkLabel *pin_label;

  /* Both. */
  GtkLabel *analysis_label;
  char *analysis;
  GtkLabel *owed_label;
  char *owed;
  GtkBox *owed_box;             /* a button per owed action */
  GtkLabel *result_label;
  GPtrArray *owed_actions;      /* char*: "retreat UNIT HEX", "casualty LEADER" */
  char *retreat_unit;           /* the unit whose retreat ends are shaded */
  GArray *shaded;               /* RdtHex */
  GArray *outlined;             /* RdtHex */
};

G_DEFINE_FINAL_TYPE (RdtCombatPanel, rdt_combat_panel, GTK_TYPE_BOX)

enum { SIGNAL_OVERLAYS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void update_analysis (RdtCombatPanel *self);
static void shade_owed (RdtCombatPanel *self);

static void
rdt_combat_panel_dispose (GObject *object)
{
  RdtCombatPanel *self = RDT_COMBAT_PANEL (object);

  g_clear_object (&self->game);
  G_OBJECT_CLASS (rdt_combat_panel_parent_class)->dispose (object);
}

static void
rdt_combat_panel_finalize (GObject *object)
{
  RdtCombatPanel *self = RDT_COMBAT_PANEL (object);

  g_free (self->analysis);
  g_free (self->designation);
  g_free (self->withdrawal_action);
  g_free (self->owed);
  g_free (self->retreat_unit);
  g_ptr_array_unref (self->owed_actions);
  g_array_unref (self->shaded);
  g_array_unref (self->outlined);
  G_OBJECT_CLASS (rdt_combat_panel_parent_class)->finalize (object);
}

static void
rdt_combat_panel_class_init (RdtCombatPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = rdt_combat_panel_dispose;
  G_OBJECT_CLASS (klass)->finalize = rdt_combat_panel_finalize;
  /* The hexes to shade or outline changed: the window redraws its overlays. */
  signals[SIGNAL_OVERLAYS_CHANGED] = g_signal_new ("overlays-changed", G_TYPE_FROM_CLASS (klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                   G_TYPE_NONE, 0);
}

static GtkLabel *
wrapped_label (GtkBox *box)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (box, label);
  return GTK_LABEL (label);
}

static void
perform (RdtCombatPanel *self,
         const char     *action)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.play-action", "s", action);
}

static RdtHexGrid *
grid_of (RdtCombatPanel *self)
{
  return rdt_scenario_get_grid (rdt_game_get_scenario (self->game));
}

/* The entry's comma- or space-separated items (transfer full, never NULL). */
static GStrv
entry_items (GtkEntry *entry)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) parts = g_strsplit_set (gtk_editable_get_text (GTK_EDITABLE (entry)), ", ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_strv_builder_add (builder, parts[i]);
  return g_strv_builder_end (builder);
}

static void
set_items (GtkEntry          *entry,
           const char *const *items)
{
  g_autofree char *text = g_strjoinv (",", (char **) items);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

/* Adds @item to the entry's list, or takes it out when it is there. */
static void
toggle_item (GtkEntry   *entry,
             const char *item)
{
  g_auto(GStrv) items = entry_items (entry);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  gboolean found = FALSE;
  g_auto(GStrv) out = NULL;

  for (guint i = 0; items[i] != NULL; i++)
    if (g_str_equal (items[i], item))
      found = TRUE;
    else
      g_strv_builder_add (builder, items[i]);
  if (!found)
    g_strv_builder_add (builder, item);
  out = g_strv_builder_end (builder);
  set_items (entry, (const char *const *) out);
}

static void
add_unit_hex (RdtCombatPanel *self,
              const char     *id)
{
  int index = rdt_game_find_unit (self->game, id);

  if (index >= 0 && rdt_game_get_unit (self->game, index)->where == RDT_GAME_UNIT_MAP)
    g_array_append_val (self->outlined, rdt_game_get_unit (self->game, index)->hex);
}

static void
add_label_hex (RdtCombatPanel *self,
               const char     *label)
{
  RdtHex hex;

  if (rdt_hex_grid_parse_label (grid_of (self), label, &hex, NULL))
    g_array_append_val (self->outlined, hex);
}

/* Fire (10, 11): the analysis of the selection, itemised. */
static void
analyse_fire (RdtCombatPanel *self,
              GString        *out)
{
  g_auto(GStrv) firers = entry_items (self->firers_entry);
  const char *target = gtk_editable_get_text (GTK_EDITABLE (self->target_entry));
  RdtFireKind kind = self->phase == RDT_PHASE_RIFLE_FIRE ? RDT_FIRE_RIFLE : RDT_FIRE_ARTILLERY;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtFire) fire = NULL;
  gboolean ready = firers[0] != NULL && target[0] != '\0';

  for (guint i = 0; firers[i] != NULL; i++)
    add_unit_hex (self, firers[i]);
  if (target[0] != '\0')
    add_unit_hex (self, target);
  gtk_widget_set_sensitive (self->fire_button, FALSE);
  if (!ready)
    {
      g_string_append (out, kind == RDT_FIRE_RIFLE
                       ? _("Pick the firing units, then the target (10.1, 10.2).")
                       : _("Pick the firing artillery, then the target (11.1, 11.2)."));
      return;
    }
  fire = rdt_game_analyse_fire (self->game, kind, (const char *const *) firers, target,
                                gtk_check_button_get_active (self->open_flank) ? 1 : -1, &error);
  if (fire == NULL)
    {
      g_string_append (out, error->message);
      return;
    }
  for (guint i = 0; i < rdt_fire_get_n_lines (fire); i++)
    {
      const RdtFireLine *line = rdt_fire_get_line (fire, i);

      g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "", line->text);
      if (line->kind == RDT_FIRE_LINE_DRM)
        g_string_append_printf (out, " (%+d)", line->value);
      g_string_append_printf (out, " [%s; %s]", line->rule ? line->rule : "-", line->source ? line->source : "-");
      if (line->provisional)
        g_string_append (out, _(" (provisional)"));
    }
  /* Translators: the fire's summary: combined SPs (10.2, 11.2), range, DRMs, To-Hit number (10.3, 11.3). */
  g_string_append_printf (out, _("\nSP %d, range %d, DRM %+d, To-Hit %d"), rdt_fire_get_sp (fire),
                          rdt_fire_get_range (fire), rdt_fire_get_drm (fire), rdt_fire_get_to_hit (fire));
  if (rdt_fire_is_provisional (fire))
    g_string_append (out, _("\nA value used is provisional in the volume data."));
  switch (rdt_fire_get_verdict (fire))
    {
    case RDT_FIRE_LEGAL:
      g_string_append (out, _("\nThe fire may be made."));
      gtk_widget_set_sensitive (self->fire_button, TRUE);
      break;
    case RDT_FIRE_REFUSED:
      g_string_append_printf (out, _("\nRefused: %s"), rdt_fire_get_reason (fire) ? rdt_fire_get_reason (fire)->text : "-");
      break;
    case RDT_FIRE_UNDECIDED:
      g_string_append_printf (out, _("\nNot decided: %s"), rdt_fire_get_reason (fire) ? rdt_fire_get_reason (fire)->text : "-");
      /* The game decides what it is told; let the player try. */
      gtk_widget_set_sensitive (self->fire_button, TRUE);
      break;
    default:
      break;
    }
}

static void
append_items (GString    *out,
              GPtrArray  *items,
              const char *prefix,
              gboolean    signed_value)
{
  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (items, i);

      g_string_append_printf (out, "\n%s%s", prefix, it->text);
      if (signed_value && !it->undecided)
        g_string_append_printf (out, " (%+d)", it->value);
      g_string_append_printf (out, " [%s; %s]", it->rule ? it->rule : "-", it->source ? it->source : "-");
      if (it->provisional)
        g_string_append (out, _(" (provisional)"));
      if (it->undecided)
        g_string_append (out, _(" (not decided)"));
    }
}

/* 12.4, 12.41: the Withdrawal button, shown only when the game accepts
 * "close-combat ATT DEF [lead UNIT] [diversion HEX] withdraw" built from the
 * panel's fields (rdt_game_would_accept). */
static void
update_withdrawal (RdtCombatPanel *self,
                   RdtCloseCombat *cc,
                   GStrv           att,
                   const char     *def,
                   const char     *lead_att,
                   const char     *div)
{
  const char *kind = rdt_close_combat_get_withdrawal (cc);
  g_autofree char *list = g_strjoinv (",", att);
  g_autoptr(GString) action = g_string_new (NULL);
  gboolean cavalry;

  if (kind == NULL || rdt_game_get_cc_momentum_side (self->game) >= 0)
    return;
  g_string_printf (action, "close-combat %s %s", list, def);
  if (lead_att[0] != '\0')
    g_string_append_printf (action, " lead %s", lead_att);
  if (div[0] != '\0')
    g_string_append_printf (action, " diversion %s", div);
  g_string_append (action, " withdraw");
  if (!rdt_game_would_accept (self->game, action->str))
    return;
  cavalry = g_str_equal (kind, "cavalry");
  gtk_button_set_label (GTK_BUTTON (self->withdrawal_button),
                        cavalry ? _("Cavalry Wit_hdrawal (12.4)") : _("Indian Wit_hdrawal (12.41)"));
  gtk_widget_set_tooltip_text (self->withdrawal_button,
                               cavalry ? _("The Defender declares a Cavalry Withdrawal instead of the Close Combat: its "
                                           "dragoons retreat three hexes to a hex not adjacent to an enemy unit and are "
                                           "marked (they may not move or attack; 12.42), then step 9 (12.4, 12.23 step 1)")
                                       : _("The Defender declares an Indian Withdrawal instead of the Close Combat: its "
                                           "Indians in woods retreat three hexes and are marked (they may not move or "
                                           "attack; 12.42), then step 9 (12.41, 12.23 step 1)"));
  self->withdrawal_action = g_string_free (g_steal_pointer (&action), FALSE);
  gtk_widget_set_visible (self->withdrawal_button, TRUE);
}

/* Close combat (12.23 steps 1-4 before the roll). */
static void
analyse_cc (RdtCombatPanel *self,
            GString        *out)
{
  RdtHexGrid *grid = grid_of (self);
  RdtScenario *scenario = rdt_game_get_scenario (self->game);
  g_auto(GStrv) att = entry_items (self->att_entry);
  const char *def = gtk_editable_get_text (GTK_EDITABLE (self->def_entry));
  const char *div = gtk_editable_get_text (GTK_EDITABLE (self->div_entry));
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  g_autoptr(GArray) def_hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  g_autoptr(GPtrArray) att_units = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) defs = g_strsplit (def, ",", RDT_N_DIRECTIONS + 1);
  guint n_sides = rdt_scenario_get_n_sides (scenario);
  g_autofree int *modifiers = g_new0 (int, MAX (n_sides, 1));
  g_autofree gboolean *provisional = g_new0 (gboolean, MAX (n_sides, 1));
  g_autofree char *lead_att = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->lead_att_entry))));
  g_autofree char *lead_def = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->lead_def_entry))));
  RdtCloseCombatInput input;
  RdtGameContext context;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcRole roles[2] = { RDT_CC_ATTACKER, RDT_CC_DEFENDER };
  const char *role_names[2] = { _("Attacker"), _("Defender") };

  gtk_widget_set_sensitive (self->cc_button, FALSE);
  gtk_widget_set_visible (self->withdrawal_button, FALSE);
  g_clear_pointer (&self->withdrawal_action, g_free);
  for (guint i = 0; att[i] != NULL; i++)
    {
      RdtHex h;

      /* 12.15: HEX or HEX:UNIT+UNIT (a stack split between combats). */
      if (!rdt_close_combat_parse_attacker (grid, att[i], &h, att_units, NULL))
        {
          g_string_append_printf (out, _("“%s” is not a hex of the map"), att[i]);
          return;
        }
      g_array_append_val (self->outlined, h);
      g_array_append_val (hexes, h);
    }
  /* 12.15: several defending hexes ("HEX,HEX") from one attacking hex. */
  for (guint i = 0; defs[i] != NULL; i++)
    {
      RdtHex h;

      g_strstrip (defs[i]);
      if (defs[i][0] == '\0')
        continue;
      add_label_hex (self, defs[i]);
      if (!rdt_hex_grid_parse_label (grid, defs[i], &h, NULL))
        {
          g_string_append_printf (out, _("“%s” is not a hex of the map"), defs[i]);
          return;
        }
      g_array_append_val (def_hexes, h);
    }
  if (div[0] != '\0')
    add_label_hex (self, div);
  rdt_close_combat_input_init (&input);
  if (hexes->len == 0 || def_hexes->len == 0)
    {
      g_string_append (out, _("Pick the attacking hexes, then the defending hex (12.11, 12.12)."));
      return;
    }
  input.defender = g_array_index (def_hexes, RdtHex, 0);
  if (def_hexes->len > 1)
    {
      input.defenders = (const RdtHex *) def_hexes->data;
      input.n_defenders = def_hexes->len;
    }
  if (att_units->len > 0)
    {
      g_ptr_array_add (att_units, NULL);
      input.attacking_units = (const char *const *) att_units->pdata;
    }
  input.has_diversion = div[0] != '\0';
  if (input.has_diversion && !rdt_hex_grid_parse_label (grid, div, &input.diversion, NULL))
    {
      g_string_append_printf (out, _("“%s” is not a hex of the map"), div);
      return;
    }
  rdt_game_context_init (&context);
  context.turn = rdt_game_get_turn (self->game);
  context.current_side = -1;
  context.origin = scenario;
  for (guint s = 0; s < n_sides; s++)
    {
      const RdtMoraleLevel *level = rdt_game_get_morale_level (self->game, s);

      modifiers[s] = level != NULL ? level->morale_modifier : RDT_CC_MORALE_UNKNOWN;
      provisional[s] = level != NULL && level->provisional;
    }
  input.context = &context;
  input.attackers = (const RdtHex *) hexes->data;
  input.n_attackers = hexes->len;
  input.lead[0] = lead_att[0] != '\0' ? lead_att : NULL;
  input.lead[1] = lead_def[0] != '\0' ? lead_def : NULL;
  input.morale_modifier = modifiers;
  input.morale_provisional = provisional;
  input.n_sides = n_sides;
  cc = rdt_close_combat_new (rdt_game_get_position (self->game), &input, &error);
  if (cc == NULL)
    {
      g_string_append (out, error->message);
      return;
    }
  if (!rdt_close_combat_is_legal (cc))
    {
      g_string_append (out, _("Designation owed (12.12-12.15):"));
      append_items (out, rdt_close_combat_get_errors (cc), "• ", FALSE);
    }
  else
    g_string_append (out, _("Designation complete (12.12-12.15)."));
  append_items (out, rdt_close_combat_get_notes (cc), "• ", FALSE);
  for (guint r = 0; r < 2; r++)
    {
      GPtrArray *units = rdt_close_combat_get_units (cc, roles[r]);
      GArray *leads = rdt_close_combat_get_lead_candidates (cc, roles[r]);
      int lead = rdt_close_combat_get_lead (cc, roles[r]);

      /* Translators: attacker or defender, and its SPs (12.3). */
      g_string_append_printf (out, _("\n%s: %d SP (12.3)"), role_names[r], rdt_close_combat_get_sp (cc, roles[r]));
      for (guint i = 0; units != NULL && i < units->len; i++)
        g_string_append_printf (out, "\n  %s", ((RdtCcUnitSp *) g_ptr_array_index (units, i))->text);
      if (lead >= 0)
        g_string_append_printf (out, _("\n  Lead unit: %s (12.23 step 2)"), rdt_scenario_get_unit (scenario, lead)->id);
      else if (leads != NULL && leads->len > 0)
        {
          g_string_append (out, _("\n  Lead unit owed, one of (12.23 step 2):"));
          for (guint i = 0; i < leads->len; i++)
            g_string_append_printf (out, " %s", rdt_scenario_get_unit (scenario, g_array_index (leads, guint, i))->id);
        }
    }
  if (rdt_close_combat_artillery_captured (cc))
    g_string_append (out, _("\nOnly artillery defends: it is captured (12.31, 12.32)."));
  g_string_append_printf (out, "\n%s", rdt_close_combat_get_odds_text (cc));
  append_items (out, rdt_close_combat_get_shifts (cc), _("Shift: "), TRUE);
  append_items (out, rdt_close_combat_get_drms (cc), _("DRM: "), TRUE);
  g_string_append_printf (out, _("\nDRM total %+d (12.23 step 3)"), rdt_close_combat_get_drm_total (cc));
  if (rdt_close_combat_is_undecided (cc))
    g_string_append (out, _("\nA DRM is not decided: name the lead units (12.23 step 2)."));
  /* 12.53, 12.54: the cards each side may not play (public: they follow
   * from the position, not from the card chosen, which stays hidden). */
  for (guint r = 0; r < 2; r++)
    for (guint t = 0; t < RDT_N_TACTICS; t++)
      {
        const char *reason = NULL;
        RdtRuleVerdict v = rdt_close_combat_tactic_eligible (cc, roles[r], (RdtTactic) t, &reason);

        if (v == RDT_RULE_OFF)
          /* Translators: attacker/defender, a Tactics Card, why not (12.53, 12.54; 12.55 if played). */
          g_string_append_printf (out, _("\n%s may not play %s: %s (12.55 if played)"), role_names[r],
                                  rdt_tactic_get_name ((RdtTactic) t), reason ? reason : "12.53");
        else if (v == RDT_RULE_UNDECIDED)
          g_string_append_printf (out, _("\n%s: %s not decided: %s"), role_names[r],
                                  rdt_tactic_get_name ((RdtTactic) t), reason ? reason : "12.53");
      }
  if (self->secret[0] < 0 || self->secret[1] < 0)
    g_string_append (out, _("\nOwed: both players' Tactics Cards (12.23 step 4)."));
  gtk_widget_set_sensitive (self->cc_button, rdt_close_combat_is_legal (cc) && self->secret[0] >= 0 && self->secret[1] >= 0);
  /* Last: rdt_game_would_accept() tries the action on the game, after which
   * the position @cc read is synced again. */
  update_withdrawal (self, cc, att, def, lead_att, div);
}

/* Issue 14: once the firers (the attacking hexes) are picked and the target
 * (the defending hex) is not, the candidates are shaded: the hexes of the
 * enemy combat units the fire analysis does not refuse (10.2, 11.2, 11.41;
 * only those near enough for any range are analysed), or the hexes adjacent to
 * every attacking hex whose designation the rules layer accepts (12.12 to
 * 12.15).  Never while an owed retreat's ends are shaded (13.22). */
static void
shade_candidates (RdtCombatPanel *self)
{
  RdtHexGrid *grid;
  RdtScenario *scenario;
  g_autoptr(GArray) from = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  gboolean fire = self->phase == RDT_PHASE_ARTILLERY_FIRE || self->phase == RDT_PHASE_RIFLE_FIRE;

  if (self->game == NULL || self->retreat_unit != NULL)
    return;
  g_array_set_size (self->shaded, 0);
  grid = grid_of (self);
  scenario = rdt_game_get_scenario (self->game);
  if (fire)
    {
      g_auto(GStrv) firers = entry_items (self->firers_entry);
      RdtFireKind kind = self->phase == RDT_PHASE_RIFLE_FIRE ? RDT_FIRE_RIFLE : RDT_FIRE_ARTILLERY;

      if (firers[0] == NULL || gtk_editable_get_text (GTK_EDITABLE (self->target_entry))[0] != '\0')
        return;
      for (guint i = 0; firers[i] != NULL; i++)
        {
          int index = rdt_game_find_unit (self->game, firers[i]);

          if (index >= 0 && rdt_game_get_unit (self->game, (guint) index)->where == RDT_GAME_UNIT_MAP)
            g_array_append_val (from, rdt_game_get_unit (self->game, (guint) index)->hex);
        }
      for (guint i = 0; i < rdt_game_get_n_units (self->game) && from->len > 0; i++)
        {
          const RdtGameUnit *gu = rdt_game_get_unit (self->game, i);
          const RdtUnit *u = rdt_scenario_get_unit (scenario, i);
          g_autoptr(RdtFire) analysis = NULL;
          gboolean near = FALSE;

          if (gu->where != RDT_GAME_UNIT_MAP || rdt_unit_is_leader (u))
            continue;
          /* Rifle fire: adjacent (10.2; Brandywine 4.5.5 Amusettes: 2);
           * artillery: the longest range, 5 (Savannah 4.12 mortars), + 1. */
          for (guint k = 0; k < from->len && !near; k++)
            near = rdt_hex_grid_distance (grid, g_array_index (from, RdtHex, k), gu->hex) <= (kind == RDT_FIRE_RIFLE ? 2 : 6);
          if (!near)
            continue;
          analysis = rdt_game_analyse_fire (self->game, kind, (const char *const *) firers, u->id,
                                            gtk_check_button_get_active (self->open_flank) ? 1 : -1, NULL);
          if (analysis != NULL && rdt_fire_get_verdict (analysis) != RDT_FIRE_REFUSED)
            g_array_append_val (self->shaded, gu->hex);
        }
      return;
    }
  if (self->phase == RDT_PHASE_CLOSE_COMBAT)
    {
      g_auto(GStrv) att = entry_items (self->att_entry);
      RdtGameContext context;

      if (att[0] == NULL || gtk_editable_get_text (GTK_EDITABLE (self->def_entry))[0] != '\0')
        return;
      for (guint i = 0; att[i] != NULL; i++)
        {
          RdtHex h;

          if (!rdt_hex_grid_parse_label (grid, att[i], &h, NULL))
            return;
          g_array_append_val (from, h);
        }
      rdt_game_context_init (&context);
      context.turn = rdt_game_get_turn (self->game);
      context.origin = scenario;
      for (int d = 0; d < RDT_N_DIRECTIONS; d++)
        {
          RdtHex h = rdt_hex_grid_neighbour (grid, g_array_index (from, RdtHex, 0), (RdtHexDirection) d);
          RdtCloseCombatInput input;
          g_autoptr(RdtCloseCombat) cc = NULL;

          if (!rdt_hex_grid_contains (grid, h))
            continue;
          rdt_close_combat_input_init (&input);
          input.context = &context;
          input.attackers = (const RdtHex *) from->data;
          input.n_attackers = from->len;
          input.defender = h;
          cc = rdt_close_combat_new (rdt_game_get_position (self->game), &input, NULL);
          if (cc != NULL && rdt_close_combat_is_legal (cc))
            g_array_append_val (self->shaded, h);
        }
    }
}

static void
update_analysis (RdtCombatPanel *self)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_array_set_size (self->outlined, 0);
  shade_candidates (self);
  if (self->game != NULL && (self->phase == RDT_PHASE_ARTILLERY_FIRE || self->phase == RDT_PHASE_RIFLE_FIRE))
    analyse_fire (self, out);
  else if (self->game != NULL && self->phase == RDT_PHASE_CLOSE_COMBAT)
    analyse_cc (self, out);
  g_free (self->analysis);
  self->analysis = g_string_free (g_steal_pointer (&out), FALSE);
  gtk_label_set_text (self->analysis_label, self->analysis);
  shade_owed (self);
  g_signal_emit (self, signals[SIGNAL_OVERLAYS_CHANGED], 0);
}

static void
on_changed (GtkWidget      *widget,
            RdtCombatPanel *self)
{
  update_analysis (self);
}

static void
on_fire (GtkButton      *button,
         RdtCombatPanel *self)
{
  g_auto(GStrv) firers = entry_items (self->firers_entry);
  g_autofree char *list = g_strjoinv (",", firers);
  g_autofree char *action = g_strdup_printf ("fire %s %s%s", list,
                                             gtk_editable_get_text (GTK_EDITABLE (self->target_entry)),
                                             gtk_check_button_get_active (self->open_flank) ? " open-flank" : "");

  perform (self, action);
}

static void
on_resolve_fire (GtkButton      *button,
                 RdtCombatPanel *self)
{
  perform (self, "resolve-fire");
}

static void
on_owed_clicked (GtkButton      *button,
                 RdtCombatPanel *self)
{
  perform (self, g_object_get_data (G_OBJECT (button), "action"));
}

static void
tactics_text (RdtCombatPanel *self)
{
  const char *text;

  if (self->secret[0] < 0)
    text = _("Attacker: choose a Tactics Card, then Choose Secretly (12.5); the defender looks away.");
  else if (self->secret[1] < 0)
    text = _("Attacker's card chosen and hidden. Defender: choose a card, then Choose Secretly (12.5).");
  else
    text = _("Both cards chosen and hidden: they are revealed when the combat is resolved (12.23 step 4).");
  gtk_label_set_text (self->tactics_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->att_tactic), self->secret[0] < 0);
  gtk_widget_set_visible (self->att_choose, self->secret[0] < 0);
  gtk_widget_set_visible (GTK_WIDGET (self->def_tactic), self->secret[0] >= 0 && self->secret[1] < 0);
  gtk_widget_set_visible (self->def_choose, self->secret[0] >= 0 && self->secret[1] < 0);
}

static void
on_choose_secretly (GtkButton      *button,
                    RdtCombatPanel *self)
{
  guint r = button == GTK_BUTTON (self->att_choose) ? 0 : 1;
  GtkDropDown *drop = r == 0 ? self->att_tactic : self->def_tactic;

  self->secret[r] = (int) gtk_drop_down_get_selected (drop);
  /* Hidden: the drop-down goes back to the first card, so the other player
   * does not see the choice. */
  gtk_drop_down_set_selected (drop, 0);
  tactics_text (self);
  update_analysis (self);
}

static void
on_reset_cards (GtkButton      *button,
                RdtCombatPanel *self)
{
  self->secret[0] = self->secret[1] = -1;
  tactics_text (self);
  update_analysis (self);
}

static void
on_resolve_cc (GtkButton      *button,
               RdtCombatPanel *self)
{
  g_auto(GStrv) att = entry_items (self->att_entry);
  g_autofree char *list = g_strjoinv (",", att);
  g_autoptr(GString) action = g_string_new (NULL);
  g_autofree char *lead_att = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->lead_att_entry))));
  g_autofree char *lead_def = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->lead_def_entry))));
  g_autofree char *div = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->div_entry))));

  g_string_printf (action, "close-combat %s %s", list, gtk_editable_get_text (GTK_EDITABLE (self->def_entry)));
  if (lead_att[0] != '\0')
    g_string_append_printf (action, " lead %s", lead_att);
  if (lead_def[0] != '\0')
    g_string_append_printf (action, " lead %s", lead_def);
  if (self->secret[0] >= 0 && self->secret[1] >= 0)
    g_string_append_printf (action, " tactics %s %s", rdt_tactic_get_id (self->secret[0]),
                            rdt_tactic_get_id (self->secret[1]));
  if (div[0] != '\0')
    g_string_append_printf (action, " diversion %s", div);
  perform (self, action->str);
}

/* 12.21: the combat being built joins the designation (and the Diversion
 * typed, 12.14). */
static void
on_designate (GtkButton      *button,
              RdtCombatPanel *self)
{
  g_auto(GStrv) att = entry_items (self->att_entry);
  g_autofree char *list = g_strjoinv (",", att);
  g_autofree char *div = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->div_entry))));
  g_autofree char *action = g_strdup_printf ("designate %s %s", list, gtk_editable_get_text (GTK_EDITABLE (self->def_entry)));

  if (div[0] != '\0')
    {
      g_autofree char *d = g_strdup_printf ("diversion %s", div);
      perform (self, d);
    }
  perform (self, action);
}

static void
on_undesignate (GtkButton      *button,
                RdtCombatPanel *self)
{
  g_autofree char *action = g_strdup_printf ("undesignate %s", gtk_editable_get_text (GTK_EDITABLE (self->def_entry)));

  perform (self, action);
}

static void
on_announce (GtkButton      *button,
             RdtCombatPanel *self)
{
  perform (self, GTK_WIDGET (button) == self->anyway_button ? "announce anyway" : "announce");
}

/* 12.23 step 6: the side whose option it is spends a chit. */
static void
on_spend (GtkButton      *button,
          RdtCombatPanel *self)
{
  int side = self->game != NULL ? rdt_game_get_cc_momentum_side (self->game) : -1;
  g_autofree char *action = NULL;

  if (side < 0)
    return;
  action = g_strdup_printf ("reroll %s", rdt_scenario_get_side (rdt_game_get_scenario (self->game), (guint) side)->id);
  perform (self, action);
}

static void
on_accept (GtkButton      *button,
           RdtCombatPanel *self)
{
  perform (self, "accept");
}

static void
on_withdrawal (GtkButton      *button,
               RdtCombatPanel *self)
{
  g_autofree char *action = g_strdup (self->withdrawal_action);

  if (action != NULL)
    perform (self, action);
}

static void
on_break_pin (GtkButton      *button,
              RdtCombatPanel *self)
{
  perform (self, g_object_get_data (G_OBJECT (button), "action"));
}

/* Return in a field: Fire or Resolve, when it may be pressed. */
static void
on_entry_activate (GtkEntry       *entry,
                   RdtCombatPanel *self)
{
  GtkWidget *button = gtk_widget_get_visible (self->fire_box) ? self->fire_button : self->cc_button;

  if (gtk_widget_is_sensitive (button))
    g_signal_emit_by_name (button, "clicked");
}

static GtkEntry *
labelled_entry (GtkBox     *box,
                const char *name,
                const char *mnemonic,
                const char *tooltip,
                RdtCombatPanel *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  gtk_label_set_width_chars (GTK_LABEL (label), 10);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_widget_set_tooltip_text (entry, tooltip);
  gtk_widget_set_name (entry, name);
  g_signal_connect (entry, "changed", G_CALLBACK (on_changed), self);
  g_signal_connect (entry, "activate", G_CALLBACK (on_entry_activate), self);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), entry);
  gtk_box_append (box, row);
  return GTK_ENTRY (entry);
}

static GtkToggleButton *
pick_toggle (GtkBox          *row,
             const char      *mnemonic,
             GtkToggleButton *group)
{
  GtkWidget *button = gtk_toggle_button_new_with_mnemonic (mnemonic);

  if (group != NULL)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
  gtk_box_append (row, button);
  return GTK_TOGGLE_BUTTON (button);
}

static GtkWidget *
button_in (GtkBox     *row,
           const char *name,
           const char *mnemonic,
           const char *tooltip,
           GCallback   callback,
           gpointer    data)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

  gtk_widget_set_name (button, name);
  gtk_widget_set_tooltip_text (button, tooltip);
  g_signal_connect (button, "clicked", callback, data);
  gtk_box_append (row, button);
  return button;
}

static GtkDropDown *
tactics_drop_down (void)
{
  const char *names[RDT_N_TACTICS + 1];

  for (guint t = 0; t < RDT_N_TACTICS; t++)
    names[t] = rdt_tactic_get_name (t);
  names[RDT_N_TACTICS] = NULL;
  return GTK_DROP_DOWN (gtk_drop_down_new_from_strings (names));
}

static void
rdt_combat_panel_init (RdtCombatPanel *self)
{
  GtkBox *box, *row;

  self->owed_actions = g_ptr_array_new_with_free_func (g_free);
  self->shaded = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  self->outlined = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  self->secret[0] = self->secret[1] = -1;
  self->phase = RDT_PHASE_SETUP;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 4);
  self->heading = wrapped_label (GTK_BOX (self));
  gtk_widget_add_css_class (GTK_WIDGET (self->heading), "heading");
  gtk_label_set_text (self->heading, _("Combat"));
  self->none_label = wrapped_label (GTK_BOX (self));
  gtk_label_set_text (self->none_label, _("No combat in this phase (fire: 10, 11; close combat: 12)."));

  /* Fire. */
  box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  self->fire_box = GTK_WIDGET (box);
  row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
  gtk_box_append (row, gtk_label_new (_("Map picks:")));
  self->pick_firers = pick_toggle (row, _("F_irers"), NULL);
  self->pick_target = pick_toggle (row, _("_Target"), self->pick_firers);
  gtk_widget_set_name (GTK_WIDGET (self->pick_target), "pick-target");
  gtk_toggle_button_set_active (self->pick_firers, TRUE);
  gtk_box_append (box, GTK_WIDGET (row));
  self->firers_entry = labelled_entry (box, "firers", _("Firers:"), _("Firing unit ids, separated by commas (10.2, 11.2 combined fire)"), self);
  self->target_entry = labelled_entry (box, "target", _("Target:"), _("The target unit's id (10.2, 11.2)"), self);
  self->open_flank = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("Target's _open flank (10.7)")));
  gtk_widget_set_name (GTK_WIDGET (self->open_flank), "open-flank");
  g_signal_connect (self->open_flank, "toggled", G_CALLBACK (on_changed), self);
  gtk_box_append (box, GTK_WIDGET (self->open_flank));
  row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
  self->fire_button = button_in (row, "fire", _("_Fire"), _("Fire: roll To-Hit and damage (10.3, 11.3)"), G_CALLBACK (on_fire), self);
  gtk_widget_add_css_class (self->fire_button, "suggested-action");
  self->resolve_button = button_in (row, "resolve-fire", _("_Resolve Fire"), _("Apply the rifle fire results, all at once (10.4)"),
                                    G_CALLBACK (on_resolve_fire), self);
  gtk_box_append (box, GTK_WIDGET (row));
  gtk_box_append (GTK_BOX (self), self->fire_box);

  /* Close combat. */
  box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  self->cc_box = GTK_WIDGET (box);
  row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
  gtk_box_append (row, gtk_label_new (_("Map picks:")));
  self->pick_att = pick_toggle (row, _("_Attacking"), NULL);
  self->pick_def = pick_toggle (row, _("_Defending"), self->pick_att);
  self->pick_div = pick_toggle (row, _("Diversio_n"), self->pick_att);
  gtk_widget_set_name (GTK_WIDGET (self->pick_att), "pick-attacking");
  gtk_widget_set_name (GTK_WIDGET (self->pick_def), "pick-defending");
  gtk_widget_set_name (GTK_WIDGET (self->pick_div), "pick-diversion");
  gtk_toggle_button_set_active (self->pick_att, TRUE);
  gtk_box_append (box, GTK_WIDGET (row));
  self->att_entry = labelled_entry (box, "attacking", _("Attacking:"), _("Attacking hexes, separated by commas (12.11, 12.12)"), self);
  self->def_entry = labelled_entry (box, "defending", _("Defending:"), _("The defending hex (12.12), or several separated by commas attacked from one attacking hex (12.15)"), self);
  self->div_entry = labelled_entry (box, "diversion", _("Diversion:"), _("An optional Diversion hex (12.14)"), self);
  self->lead_att_entry = labelled_entry (box, "lead-attacker", _("Att. lead:"), _("The attacker's lead unit (12.23 step 2)"), self);
  self->lead_def_entry = labelled_entry (box, "lead-defender", _("Def. lead:"), _("The defender's lead unit (12.23 step 2)"), self);
  self->tactics_label = wrapped_label (box);
  row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
  self->att_tactic = tactics_drop_down ();
  gtk_widget_set_name (GTK_WIDGET (self->att_tactic), "attacker-tactic");
  gtk_box_append (row, GTK_WIDGET (self->att_tactic));
  self->att_choose = button_in (row, "attacker-choose", _("Choose _Secretly"), _("Hide the attacker's card from the defender (12.5)"),
                                G_CALLBACK (on_choose_secretly), self);
  self->def_tactic = tactics_drop_down ();
  gtk_widget_set_name (GTK_WIDGET (self->def_tactic), "defender-tactic");
  gtk_box_append (row, GTK_WIDGET (self->def_tactic));
  self->def_choose = button_in (row, "defender-choose", _("Choose S_ecretly"), _("Hide the defender's card (12.5)"),
                                G_CALLBACK (on_choose_secretly), self);
  gtk_box_append (box, GTK_WIDGET (row));
  /* 12.21: the designation of all the phase's combats, then Announce. */
  self->designation_label = wrapped_label (box);
  gtk_widget_set_name (GTK_WIDGET (self->designation_label), "designation");
  row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
  self->designation_row = GTK_WIDGET (row);
  self->designate_button = button_in (row, "designate", _("Desi_gnate"),
                                      _("Add the combat being built to the designation (12.21)"), G_CALLBACK (on_designate), self);
  self->undesignate_button = button_in (row, "undesignate", _("_Withdraw"),
                                        _("Withdraw the designated combat against the defending hex (12.21)"),
                                        G_CALLBACK (on_undesignate), self);
  self->announce_button = button_in (row, "announce", _("Ann_ounce"),
                                     _("Announce all the designated Close Combats: refused while an attack is owed (12.21, 12.22)"),
                                     G_CALLBACK (on_announce), self);
  gtk_widget_add_css_class (self->announce_button, "suggested-action");
  self->anyway_button = button_in (row, "announce-anyway", _("Announce An_yway (sandbox override)"),
                                   _("Announce with attacks still owed, each logged as a sandbox override, not met (12.21)"),
                                   G_CALLBACK (on_announce), self);
  gtk_box_append (box, GTK_WIDGET (row));
  /* 12.23 step 6, after the die is seen. */
  row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
  self->momentum_row = GTK_WIDGET (row);
  self->momentum_label = wrapped_label (box);
  gtk_widget_set_name (GTK_WIDGET (self->momentum_label), "momentum-decision");
  self->spend_button = button_in (row, "spend-momentum", _("Spend _momentum (12.23 step 6)"),
                                  _("Spend a Momentum Chit to re-roll the Close Combat die (12.23 step 6, 12.62)"),
                                  G_CALLBACK (on_spend), self);
  self->accept_button = button_in (row, "accept", _("Acce_pt"), _("Decline to spend a Momentum Chit (12.23 step 6)"),
                                   G_CALLBACK (on_accept), self);
  gtk_box_append (box, GTK_WIDGET (row));
  row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
  self->cc_button = button_in (row, "resolve", _("Resol_ve"), _("Resolve the close combat: the die, the result, its consequences (12.23)"),
                               G_CALLBACK (on_resolve_cc), self);
  gtk_widget_add_css_class (self->cc_button, "suggested-action");
  button_in (row, "new-cards", _("New _Cards"), _("Choose both Tactics Cards again (12.5)"), G_CALLBACK (on_reset_cards), self);
  /* 12.4, 12.41: label and tooltip set when shown (update_withdrawal). */
  self->withdrawal_button = button_in (row, "withdrawal", _("Cavalry Wit_hdrawal (12.4)"), NULL,
                                       G_CALLBACK (on_withdrawal), self);
  gtk_widget_set_visible (self->withdrawal_button, FALSE);
  gtk_box_append (box, GTK_WIDGET (row));
  gtk_box_append (GTK_BOX (self), self->cc_box);

  /* Movement Phase: pins broken in place (Brandywine 3.9, 13.1 Pin B). */
  self->pin_label = wrapped_label (GTK_BOX (self));
  gtk_widget_set_name (GTK_WIDGET (self->pin_label), "pin-breaks");
  gtk_widget_set_visible (GTK_WIDGET (self->pin_label), FALSE);
  self->pin_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_box_append (GTK_BOX (self), self->pin_box);
  tactics_text (self);

  self->analysis_label = wrapped_label (GTK_BOX (self));
  self->owed_label = wrapped_label (GTK_BOX (self));
  self->owed_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 2));
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->owed_box));
  self->result_label = wrapped_label (GTK_BOX (self));
  gtk_widget_set_visible (self->fire_box, FALSE);
  gtk_widget_set_visible (self->cc_box, FALSE);
}

GtkWidget *
rdt_combat_panel_new (void)
{
  return g_object_new (RDT_TYPE_COMBAT_PANEL, NULL);
}

void
rdt_combat_panel_set_game (RdtCombatPanel *self,
                           RdtGame        *game)
{
  g_return_if_fail (RDT_IS_COMBAT_PANEL (self));
  g_set_object (&self->game, game);
  self->phase = RDT_PHASE_SETUP;
  self->n_actions_seen = game != NULL ? rdt_game_get_n_actions (game) : 0;
  gtk_label_set_text (self->result_label, "");
  rdt_combat_panel_refresh (self);
}

static void
clear_selection (RdtCombatPanel *self)
{
  GtkEntry *entries[] = { self->firers_entry, self->target_entry, self->att_entry, self->def_entry,
                          self->div_entry, self->lead_att_entry, self->lead_def_entry };

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    gtk_editable_set_text (GTK_EDITABLE (entries[i]), "");
  gtk_check_button_set_active (self->open_flank, FALSE);
  /* The next combat starts with the first pick again. */
  gtk_toggle_button_set_active (self->pick_firers, TRUE);
  gtk_toggle_button_set_active (self->pick_att, TRUE);
  self->secret[0] = self->secret[1] = -1;
  tactics_text (self);
}

/* The log lines written since the panel last looked, when the new actions
 * were combat actions: the rolls and results. */
static void
show_results (RdtCombatPanel *self)
{
  guint n_actions = rdt_game_get_n_actions (self->game);
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean combat = FALSE;

  if (n_actions <= self->n_actions_seen)
    {
      self->n_actions_seen = n_actions;
      return;
    }
  for (guint a = self->n_actions_seen; a < n_actions; a++)
    {
      const char *action = rdt_game_get_action (self->game, a);

      if (g_str_has_prefix (action, "fire ") || g_str_has_prefix (action, "close-combat ") ||
          g_str_equal (action, "resolve-fire") || g_str_has_prefix (action, "retreat ") ||
          g_str_has_prefix (action, "casualty ") || g_str_has_prefix (action, "designate ") ||
          g_str_has_prefix (action, "undesignate ") || g_str_has_prefix (action, "announce") ||
          g_str_has_prefix (action, "reroll ") || g_str_equal (action, "accept") ||
          g_str_has_prefix (action, "advance ") || g_str_has_prefix (action, "diversion ") ||
          g_str_has_prefix (action, "break-pin "))
        combat = TRUE;
    }
  for (guint m = 0; combat && m < rdt_game_get_n_messages (self->game); m++)
    {
      const RdtGameMessage *msg = rdt_game_get_message (self->game, m);

      if (msg->action >= self->n_actions_seen)
        g_string_append_printf (out, "%s%s: %s", out->len > 0 ? "\n" : "", msg->rule ? msg->rule : "-", msg->text);
    }
  if (combat)
    {
      g_autofree char *text = g_strdup_printf (_("Last result:\n%s"), out->str);

      gtk_label_set_text (self->result_label, text);
      /* The combat is made: a new selection. */
      if (g_str_has_prefix (rdt_game_get_action (self->game, n_actions - 1), "fire ") ||
          g_str_has_prefix (rdt_game_get_action (self->game, n_actions - 1), "close-combat ") ||
          g_str_has_prefix (rdt_game_get_action (self->game, n_actions - 1), "designate ") ||
          g_str_has_prefix (rdt_game_get_action (self->game, n_actions - 1), "undesignate "))
        clear_selection (self);
    }
  self->n_actions_seen = n_actions;
}

/* What the last results owe: retreats (13.2, 13.3) and leader casualties
 * (13.1 "*"), from the game's legal actions; the first owed retreat's legal
 * ends (13.22) are shaded. */
static void
update_owed (RdtCombatPanel *self)
{
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  GtkWidget *child;

  g_ptr_array_set_size (self->owed_actions, 0);
  g_array_set_size (self->shaded, 0);
  g_clear_pointer (&self->retreat_unit, g_free);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->owed_box))) != NULL)
    gtk_box_remove (self->owed_box, child);
  if (self->game != NULL)
    {
      g_auto(GStrv) advances = rdt_game_dup_cc_advances (self->game);

      for (guint i = 0; advances[i] != NULL; i++)
        g_ptr_array_add (self->owed_actions, g_strdup_printf ("advance %s", advances[i]));
      if (advances[0] != NULL)
        g_string_append (out, _("The defending hex is vacant: other participants may advance (12.23 step 9)."));
    }
  if (self->game != NULL && (rdt_game_get_n_owed_retreats (self->game) > 0 ||
                             rdt_game_get_n_owed_casualties (self->game) > 0))
    {
      legal = rdt_game_dup_legal_actions (self->game, 0);
      for (guint i = 0; i < legal->len; i++)
        {
          const char *action = g_ptr_array_index (legal, i);

          if (g_str_has_prefix (action, "retreat ") || g_str_has_prefix (action, "casualty "))
            g_ptr_array_add (self->owed_actions, g_strdup (action));
        }
    }
  if (self->game != NULL && rdt_game_get_n_pending_fire (self->game) > 0)
    g_string_append_printf (out, ngettext ("%u rifle fire result waits for Resolve Fire (10.4).",
                                           "%u rifle fire results wait for Resolve Fire (10.4).",
                                           rdt_game_get_n_pending_fire (self->game)),
                            rdt_game_get_n_pending_fire (self->game));
  if (self->game != NULL && rdt_game_get_n_owed_retreats (self->game) > 0)
    {
      g_string_append_printf (out, "%s", out->len > 0 ? "\n" : "");
      g_string_append_printf (out, ngettext ("%u retreat owed (13.2, 13.3): click a shaded hex or a button.",
                                             "%u retreats owed (13.2, 13.3): click a shaded hex or a button.",
                                             rdt_game_get_n_owed_retreats (self->game)),
                              rdt_game_get_n_owed_retreats (self->game));
    }
  if (self->game != NULL && rdt_game_get_n_owed_casualties (self->game) > 0)
    g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "",
                            _("A leader casualty is owed: its owner chooses the leader (13.1 “*”)."));
  for (guint i = 0; i < self->owed_actions->len; i++)
    {
      const char *action = g_ptr_array_index (self->owed_actions, i);
      g_auto(GStrv) words = g_strsplit (action, " ", 3);
      GtkWidget *button;

      if (g_str_equal (words[0], "retreat") && words[1] != NULL && words[2] != NULL)
        {
          RdtHex hex;

          if (self->retreat_unit == NULL)
            self->retreat_unit = g_strdup (words[1]);
          if (g_str_equal (self->retreat_unit, words[1]) && rdt_hex_grid_parse_label (grid_of (self), words[2], &hex, NULL))
            g_array_append_val (self->shaded, hex);
        }
      button = gtk_button_new_with_label (action);
      gtk_widget_set_name (button, action);
      g_object_set_data_full (G_OBJECT (button), "action", g_strdup (action), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (on_owed_clicked), self);
      gtk_box_append (self->owed_box, button);
    }
  if (self->owed_actions->len == 0 && self->game != NULL && rdt_game_get_n_owed_retreats (self->game) > 0)
    g_string_append (out, _("\nNo legal end: the unit is captured when the retreat is made (13.23)."));
  g_free (self->owed);
  self->owed = g_string_free (g_steal_pointer (&out), FALSE);
  gtk_label_set_text (self->owed_label, self->owed);
}

/* The designation (12.21), what it still owes with the owed hexes shaded,
 * the announced combats and the pending momentum decision (12.23 step 6). */
static void
update_cc_flow (RdtCombatPanel *self)
{
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean cc = self->game != NULL && self->phase == RDT_PHASE_CLOSE_COMBAT;
  gboolean announced = cc && rdt_game_get_cc_announced (self->game);
  int side = cc ? rdt_game_get_cc_momentum_side (self->game) : -1;

  gtk_widget_set_visible (self->designation_row, cc && !announced);
  gtk_widget_set_visible (self->momentum_row, side >= 0);
  gtk_widget_set_visible (GTK_WIDGET (self->momentum_label), side >= 0);
  if (cc)
    {
      g_auto(GStrv) designated = rdt_game_dup_cc_designated (self->game);
      g_auto(GStrv) owed = rdt_game_dup_cc_owed (self->game, NULL);
      g_auto(GStrv) att = entry_items (self->att_entry);

      g_string_append (out, announced ? _("Announced Close Combats (12.21; any order, 12.23):")
                                      : _("Designated Close Combats (12.21):"));
      for (guint i = 0; designated[i] != NULL; i++)
        g_string_append_printf (out, "\n• %s", designated[i]);
      if (designated[0] == NULL)
        g_string_append_printf (out, "\n• %s", _("none"));
      if (!announced)
        {
          g_string_append (out, owed[0] != NULL ? _("\nStill owed before Announce:") : _("\nNothing owed: Announce."));
          for (guint i = 0; owed[i] != NULL; i++)
            g_string_append_printf (out, "\n• %s", owed[i]);
        }
      else if (att[0] == NULL && side < 0 && rdt_game_get_n_owed_retreats (self->game) == 0)
        /* The next combat to resolve: the first one not resolved. */
        for (guint i = 0; designated[i] != NULL; i++)
          if (!g_str_has_suffix (designated[i], " resolved"))
            {
              g_auto(GStrv) words = g_strsplit (designated[i], " ", 2);

              gtk_editable_set_text (GTK_EDITABLE (self->att_entry), words[0]);
              gtk_editable_set_text (GTK_EDITABLE (self->def_entry), words[1]);
              break;
            }
    }
  if (side >= 0)
    {
      const char *id = rdt_scenario_get_side (rdt_game_get_scenario (self->game), (guint) side)->id;
      g_autofree char *text = g_strdup_printf (_("Momentum decision (12.23 step 6): %s may spend a Momentum Chit to "
                                                 "re-roll (%d held), or accept the roll."),
                                               id, rdt_game_get_momentum (self->game, (guint) side));

      gtk_label_set_text (self->momentum_label, text);
    }
  g_free (self->designation);
  self->designation = g_string_free (g_steal_pointer (&out), FALSE);
  gtk_label_set_text (self->designation_label, self->designation);
  gtk_widget_set_visible (GTK_WIDGET (self->designation_label), cc);
}

/* 12.21: the hexes of the units the designation still owes are shaded
 * (unless a retreat's ends are, 13.22), each once. */
static void
shade_owed (RdtCombatPanel *self)
{
  g_autoptr(GArray) hexes = NULL;
  g_auto(GStrv) owed = NULL;

  if (self->game == NULL || self->phase != RDT_PHASE_CLOSE_COMBAT || self->retreat_unit != NULL ||
      rdt_game_get_cc_announced (self->game))
    return;
  owed = rdt_game_dup_cc_owed (self->game, &hexes);
  for (guint i = 0; i < hexes->len; i++)
    {
      RdtHex h = g_array_index (hexes, RdtHex, i);
      gboolean have = FALSE;

      for (guint k = 0; k < self->shaded->len && !have; k++)
        have = g_array_index (self->shaded, RdtHex, k).col == h.col && g_array_index (self->shaded, RdtHex, k).row == h.row;
      if (!have)
        g_array_append_val (self->shaded, h);
    }
}

/* Movement Phase: a button per pinned unit that may break its pin in place
 * (rdt_game_dup_pin_breaks: the volume's "break in place" rows, Brandywine
 * 3.9; 9.3, 13.1 Pin B), shown only then. */
static void
update_pin_breaks (RdtCombatPanel *self)
{
  GtkWidget *child;
  g_auto(GStrv) breaks = NULL;
  g_auto(GStrv) rules = NULL;

  while ((child = gtk_widget_get_first_child (self->pin_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->pin_box), child);
  if (self->game != NULL && self->phase == RDT_PHASE_MOVEMENT)
    breaks = rdt_game_dup_pin_breaks (self->game, &rules);
  gtk_widget_set_visible (GTK_WIDGET (self->pin_label), breaks != NULL && breaks[0] != NULL);
  gtk_widget_set_visible (self->pin_box, breaks != NULL && breaks[0] != NULL);
  if (breaks == NULL || breaks[0] == NULL)
    return;
  gtk_label_set_text (self->pin_label, _("Pinned units that may break their pin without leaving their hex, "
                                         "for 1 Army Morale (13.1 Pin B, 9.3):"));
  for (guint i = 0; breaks[i] != NULL; i++)
    {
      const char *unit = breaks[i] + strlen ("break-pin ");
      g_autofree char *text = g_strdup_printf (_("_Break Pin in Place: %s"), unit);
      g_autofree char *tip = g_strdup_printf (_("%s pays 1 Army Morale and breaks its pin in place, and the enemy "
                                                "units pinned next to it lose theirs; this player turn it may not "
                                                "attack other enemy units, nor may other friendly units attack "
                                                "those (%s; 9.3, 13.1 Pin B)"), unit, rules[i]);
      GtkWidget *button = button_in (GTK_BOX (self->pin_box), breaks[i], text, tip, G_CALLBACK (on_break_pin), self);

      g_object_set_data_full (G_OBJECT (button), "action", g_strdup (breaks[i]), g_free);
    }
}

void
rdt_combat_panel_refresh (RdtCombatPanel *self)
{
  RdtPhase phase;
  gboolean fire, cc;

  g_return_if_fail (RDT_IS_COMBAT_PANEL (self));
  phase = self->game != NULL ? rdt_game_get_phase (self->game) : RDT_PHASE_SETUP;
  if (phase != self->phase)
    {
      clear_selection (self);
      gtk_label_set_text (self->result_label, "");
    }
  self->phase = phase;
  fire = phase == RDT_PHASE_ARTILLERY_FIRE || phase == RDT_PHASE_RIFLE_FIRE;
  cc = phase == RDT_PHASE_CLOSE_COMBAT;
  gtk_widget_set_visible (self->fire_box, fire);
  gtk_widget_set_visible (self->cc_box, cc);
  gtk_widget_set_visible (GTK_WIDGET (self->none_label), !fire && !cc);
  gtk_widget_set_visible (self->resolve_button, phase == RDT_PHASE_RIFLE_FIRE);
  gtk_label_set_text (self->heading, phase == RDT_PHASE_ARTILLERY_FIRE ? _("Combat: Defensive Artillery Fire (11)")
                                     : phase == RDT_PHASE_RIFLE_FIRE ? _("Combat: Rifle Fire (10)")
                                     : phase == RDT_PHASE_CLOSE_COMBAT ? _("Combat: Close Combat (12)")
                                     : _("Combat"));
  if (self->game != NULL)
    show_results (self);
  update_owed (self);
  update_cc_flow (self);
  update_pin_breaks (self);
  update_analysis (self);
  /* 12.23 step 6: no new combat while the decision is pending. */
  if (self->game != NULL && rdt_game_get_cc_momentum_side (self->game) >= 0)
    gtk_widget_set_sensitive (self->cc_button, FALSE);
}

/* The combat unit on top of @hex (leaders neither fire nor are fired at:
 * 10.1, 11.1), else @top. */
static const char *
combat_unit_at (RdtCombatPanel *self,
                RdtHex          hex,
                const char     *top)
{
  RdtScenario *scenario = rdt_game_get_scenario (self->game);
  const char *found = NULL;

  for (guint i = 0; i < rdt_game_get_n_units (self->game); i++)
    {
      const RdtGameUnit *gu = rdt_game_get_unit (self->game, i);
      const RdtUnit *u = rdt_scenario_get_unit (scenario, i);

      if (gu->where == RDT_GAME_UNIT_MAP && gu->hex.col == hex.col && gu->hex.row == hex.row &&
          !rdt_unit_is_leader (u))
        found = u->id;
    }
  return found != NULL ? found : top;
}

gboolean
rdt_combat_panel_hex_pressed (RdtCombatPanel *self,
                              RdtHex          hex,
                              const char     *unit)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (RDT_IS_COMBAT_PANEL (self), FALSE);
  if (self->game == NULL)
    return FALSE;
  /* An owed retreat's legal end (13.22). */
  for (guint i = 0; self->retreat_unit != NULL && i < self->shaded->len; i++)
    {
      RdtHex end = g_array_index (self->shaded, RdtHex, i);

      if (end.col == hex.col && end.row == hex.row)
        {
          g_autofree char *l = rdt_hex_grid_dup_label (grid_of (self), hex);
          g_autofree char *action = g_strdup_printf ("retreat %s %s", self->retreat_unit, l);

          perform (self, action);
          return TRUE;
        }
    }
  label = rdt_hex_grid_dup_label (grid_of (self), hex);
  if (self->phase == RDT_PHASE_ARTILLERY_FIRE || self->phase == RDT_PHASE_RIFLE_FIRE)
    {
      unit = combat_unit_at (self, hex, unit);
      if (unit == NULL)
        return FALSE;
      if (gtk_toggle_button_get_active (self->pick_firers))
        toggle_item (self->firers_entry, unit);
      else if (gtk_toggle_button_get_active (self->pick_target))
        gtk_editable_set_text (GTK_EDITABLE (self->target_entry), unit);
      else
        return FALSE;
      return TRUE;
    }
  if (self->phase == RDT_PHASE_CLOSE_COMBAT)
    {
      GtkEntry *entry = gtk_toggle_button_get_active (self->pick_def) ? self->def_entry
                        : gtk_toggle_button_get_active (self->pick_div) ? self->div_entry : NULL;

      if (gtk_toggle_button_get_active (self->pick_att))
        toggle_item (self->att_entry, label);
      else if (entry != NULL)
        gtk_editable_set_text (GTK_EDITABLE (entry),
                               g_str_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), label) ? "" : label);
      else
        return FALSE;
      return TRUE;
    }
  return FALSE;
}

GArray *
rdt_combat_panel_get_shaded (RdtCombatPanel *self)
{
  return self->shaded;
}

GArray *
rdt_combat_panel_get_outlined (RdtCombatPanel *self)
{
  return self->outlined;
}

const char *
rdt_combat_panel_get_analysis (RdtCombatPanel *self)
{
  return self->analysis ? self->analysis : "";
}

const char *
rdt_combat_panel_get_owed (RdtCombatPanel *self)
{
  return self->owed ? self->owed : "";
}
