/* rdt-overlay-controller.c: the rule overlays of the editor (issue 7). */
#include "config.h"

#include "rdt-overlay-controller.h"

#include <glib/gi18n.h>

#include "rdt-board.h"
#include "rdt-los.h"
#include "rdt-movement.h"
#include "rdt-retreat.h"
#include "rdt-rule-overlays.h"
#include "rdt-zoc.h"
#include "redoubt-render.h"

struct _RdtOverlayController
{
  GObject parent_instance;

  RdtMapView *view;
  GtkWidget *area;
  RdtOverlayScenarioFunc scenario_func;
  gpointer scenario_data;

  /* The answers' sources, rebuilt when the scenario changes. */
  RdtScenario *scenario;
  gulong changed_id;
  RdtBoard *board;
  RdtLos *los;
  RdtMovement *movement;

  RdtOverlayMode mode;
  /* LOS tool. */
  gboolean has_line;
  gboolean dragging;
  RdtHex from;
  RdtHex to;
  RdtLosReport report;
  gboolean has_report;
  /* Fan. */
  gboolean has_fan;
  RdtHex fan_from;
  int fan_range;
  gboolean ignore_units;
  GArray *occupied;            /* RdtHex */
  /* ZOC. */
  int zoc_side;
  /* Movement and targets. */
  char *unit_id;
  gboolean strategic;
  gboolean show_retreat;
  RdtReach *reach;
  /* The game context (issue 12); context.weather and context.released
   * point into the two fields below. */
  RdtGameContext context;
  char *weather;
  char **released;
  gboolean has_hover;
  RdtHex hover;

  GArray *items;               /* RdtRenderOverlay */
  GArray *hover_items;         /* RdtRenderOverlay */
  GString *text;
  char *summary;
  char *caption;
  char *hover_text;
  guint refresh_idle;
  /* The area an exported image shows. */
  gboolean use_area;
  RdtHex area_centre;
  int area_radius;
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (RdtOverlayController, rdt_overlay_controller, G_TYPE_OBJECT)

static gboolean
hex_equal (RdtHex a,
           RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

static void
drop_sources (RdtOverlayController *self)
{
  g_clear_pointer (&self->los, rdt_los_free);
  g_clear_pointer (&self->board, rdt_board_unref);
  g_clear_pointer (&self->movement, rdt_movement_free);
  g_clear_pointer (&self->reach, rdt_reach_unref);
}

static void
on_scenario_changed (RdtScenario          *scenario,
                     gpointer              detail,
                     RdtOverlayController *self)
{
  rdt_overlay_controller_invalidate (self);
}

/* The board, LOS engine and movement engine of the current scenario; FALSE
 * when there is no scenario or its board cannot be built. */
static gboolean
ensure_sources (RdtOverlayController *self)
{
  RdtScenario *scenario = self->scenario_func ? self->scenario_func (self->scenario_data) : NULL;

  if (scenario != self->scenario)
    {
      if (self->scenario)
        {
          g_clear_signal_handler (&self->changed_id, self->scenario);
          g_clear_object (&self->scenario);
        }
      drop_sources (self);
      if (scenario)
        {
          self->scenario = g_object_ref (scenario);
          self->changed_id = g_signal_connect (scenario, "changed",
                                               G_CALLBACK (on_scenario_changed), self);
        }
    }
  if (self->scenario == NULL)
    return FALSE;
  if (self->board == NULL)
    {
      g_autoptr(GError) error = NULL;

      self->board = rdt_board_new_from_scenario (self->scenario, NULL, &error);
      if (self->board == NULL)
        {
          g_free (self->summary);
          self->summary = g_strdup (error->message);
          return FALSE;
        }
      self->los = rdt_los_new (self->board);
    }
  rdt_los_set_ignore_units (self->los, self->ignore_units);
  rdt_los_set_occupied (self->los, (const RdtHex *) self->occupied->data, self->occupied->len);
  if (self->movement == NULL)
    {
      RdtMoveRules *rules = rdt_move_rules_new ();

      self->movement = rdt_movement_new (self->scenario, rules);
      rdt_move_rules_free (rules);
    }
  return TRUE;
}

static RdtHexGrid *
grid_of (RdtOverlayController *self)
{
  return rdt_scenario_get_grid (self->scenario);
}

static void
set_summary (RdtOverlayController *self,
             char                 *summary)
{
  g_free (self->summary);
  self->summary = summary;
}

static void
label_of (RdtOverlayController *self,
          RdtHex                hex,
          char                  label[RDT_HEX_LABEL_SIZE])
{
  rdt_hex_grid_format_label (grid_of (self), hex, label);
}

/* The name a ruling gives a unit: its name, else its id. */
static const char *
unit_name (RdtOverlayController *self,
           const char           *id)
{
  RdtUnit *unit = id ? rdt_scenario_find_unit (self->scenario, id) : NULL;

  return unit && unit->name && unit->name[0] ? unit->name : id;
}

static void
compute_los (RdtOverlayController *self)
{
  g_autofree char *text = NULL;

  if (!self->has_line)
    {
      set_summary (self, g_strdup (_("Press on the firing hex and drag to the target.")));
      return;
    }
  rdt_los_check (self->los, self->from, self->to, &self->report);
  self->has_report = TRUE;
  rdt_rule_overlays_add_occupied (self->items, self->occupied);
  rdt_rule_overlays_add_los (self->items, &self->report, self->board);
  text = rdt_los_report_describe (&self->report, self->board);
  g_string_append (self->text, text);
  {
    g_autofree char *caption = rdt_rule_overlays_los_caption (&self->report, grid_of (self));
    g_autofree char *options = rdt_rule_overlays_los_options_text (grid_of (self), self->ignore_units,
                                                                   self->occupied);

    self->caption = g_strconcat (caption, options, NULL);
  }
  set_summary (self, g_strdup (self->report.verdict == RDT_LOS_CLEAR ? _("Clear") : _("Blocked")));
  self->use_area = TRUE;
  self->area_centre = self->from;
  self->area_radius = MAX (2, self->report.distance + 1);
}

static void
compute_fan (RdtOverlayController *self)
{
  g_autoptr(GArray) fan = NULL;
  RdtLosReport report;
  int range = self->fan_range >= 0 ? self->fan_range : rdt_board_get_artillery_range (self->board);
  char from[RDT_HEX_LABEL_SIZE];
  guint n_out;

  if (!self->has_fan)
    {
      set_summary (self, g_strdup (_("Press on the hex to trace the fan from; Ctrl+click treats a hex as occupied.")));
      return;
    }
  /* The range comes from the file (11.2 <series-rules artillery-range>, up to
   * 999999): no hex is further than the map's far edge (issue 11). */
  range = MIN (range, rdt_hex_grid_max_distance (grid_of (self), self->fan_from));
  rdt_rule_overlays_add_occupied (self->items, self->occupied);
  n_out = rdt_rule_overlays_add_fan (self->items, self->los, self->fan_from, range);
  label_of (self, self->fan_from, from);
  {
    g_autofree char *caption = rdt_rule_overlays_fan_caption (grid_of (self), self->fan_from, range, n_out);
    g_autofree char *options = rdt_rule_overlays_los_options_text (grid_of (self), self->ignore_units,
                                                                   self->occupied);

    self->caption = g_strconcat (caption, options, NULL);
  }
  set_summary (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hex out of LOS", "%u hexes out of LOS", n_out), n_out));
  g_string_append_printf (self->text, "%s\n", self->caption);
  /* Each hex out of LOS, with what blocks it first and the rule. */
  fan = rdt_los_fan (self->los, self->fan_from, range);
  rdt_los_report_init (&report);
  for (guint i = 0; i < fan->len; i++)
    {
      const RdtLosFanEntry *e = &g_array_index (fan, RdtLosFanEntry, i);
      char label[RDT_HEX_LABEL_SIZE];
      const char *letter = "B";

      if (e->verdict != RDT_LOS_BLOCKED)
        continue;
      rdt_los_check (self->los, self->fan_from, e->hex, &report);
      for (guint k = 0; k < rdt_los_report_get_n_steps (&report); k++)
        {
          const RdtLosStep *step = rdt_los_report_get_step (&report, k);

          if (step->effect == RDT_LOS_EFFECT_BLOCKS)
            {
              const char *l = rdt_rule_overlays_step_letter (step);
              letter = l ? l : "B";
              break;
            }
        }
      label_of (self, e->hex, label);
      g_string_append_printf (self->text, "  %s %s: %s (%s)\n", label, letter,
                              rdt_los_reason_get_message (e->reason),
                              rdt_los_reason_get_rule (e->reason));
    }
  rdt_los_report_clear (&report);
  self->use_area = TRUE;
  self->area_centre = self->fan_from;
  self->area_radius = range + 1;
}

static void
compute_zoc (RdtOverlayController *self)
{
  guint n;
  const char *side_name;

  if (self->zoc_side < 0 || (guint) self->zoc_side >= rdt_board_get_n_sides (self->board))
    self->zoc_side = 0;
  if (rdt_board_get_n_sides (self->board) == 0)
    return;
  side_name = rdt_board_get_side_label (self->board, self->zoc_side);
  n = rdt_rule_overlays_add_zoc (self->items, self->board, self->zoc_side);
  self->caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "ZOC of %s: %u hex (8.1; rifle ZOC +1, 8.31)",
                                                "ZOC of %s: %u hexes (8.1; rifle ZOC +1, 8.31)", n),
                                   side_name, n);
  set_summary (self, g_strdup (self->caption));
  g_string_append_printf (self->text, "%s\n", self->caption);
  g_string_append (self->text, _("Shaded: in the ZOC; darker with +1: rifle ZOC (8.31). "
                                 "Orange hexside: the ZOC stops there; blue: it extends across water or out of fieldworks.\n"));
  /* The exceptions, unit by unit, with their rules. */
  for (guint u = 0; u < rdt_board_get_n_units (self->board); u++)
    {
      const RdtBoardUnit *unit = rdt_board_get_unit (self->board, u);

      if (unit->side != self->zoc_side || rdt_zoc_unit_has_zoc (self->board, u) != RDT_ZOC_REASON_EXERTS)
        continue;
      for (int d = 0; d < 6; d++)
        {
          RdtHex next = rdt_hex_grid_neighbour (grid_of (self), unit->hex, d);
          RdtZocReason reason;
          char a[RDT_HEX_LABEL_SIZE], b[RDT_HEX_LABEL_SIZE];

          if (!rdt_hex_grid_contains (grid_of (self), next))
            continue;
          reason = rdt_zoc_unit_into (self->board, u, next);
          if (reason == RDT_ZOC_REASON_EXERTS)
            continue;
          label_of (self, unit->hex, a);
          label_of (self, next, b);
          g_string_append_printf (self->text, "  %s (%s) → %s: %s (%s)\n",
                                  rdt_board_get_unit_label (self->board, u), a, b,
                                  rdt_zoc_reason_get_message (reason),
                                  rdt_zoc_reason_get_rule (reason));
        }
    }
  self->use_area = FALSE;
}

static void
compute_moves (RdtOverlayController *self)
{
  g_autoptr(GError) error = NULL;
  RdtMoveOptions options;
  g_autofree char *allowance = NULL;
  g_autofree char *undecided = NULL;
  char start[RDT_HEX_LABEL_SIZE];
  guint n;

  if (self->unit_id == NULL)
    {
      set_summary (self, g_strdup (_("Select a unit to see where it may move.")));
      return;
    }
  if (self->reach == NULL)
    {
      rdt_move_options_init (&options);
      options.strategic = self->strategic;
      options.context = &self->context;
      self->reach = rdt_movement_reach (self->movement, self->unit_id, &options, &error);
      if (self->reach == NULL)
        {
          set_summary (self, g_strdup (error->message));
          return;
        }
    }
  n = rdt_rule_overlays_add_reach (self->items, self->reach, grid_of (self));
  label_of (self, rdt_reach_get_start (self->reach), start);
  allowance = rdt_rule_overlays_format_mp (rdt_reach_get_allowance_halves (self->reach));
  self->caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "%s from %s, %s MP (%s): %u hex in reach",
                                                "%s from %s, %s MP (%s): %u hexes in reach", n),
                                   unit_name (self, self->unit_id), start, allowance,
                                   self->strategic ? _("strategic movement, 9.5") : _("normal movement, 9"), n);
  if (rdt_reach_get_unit_reason (self->reach) != RDT_MOVE_REASON_NONE)
    g_string_append_printf (self->text, "%s (%s)\n",
                            rdt_move_reason_get_message (rdt_reach_get_unit_reason (self->reach)),
                            rdt_move_reason_get_rule (rdt_reach_get_unit_reason (self->reach)));
  set_summary (self, g_strdup (self->caption));
  g_string_append_printf (self->text, "%s\n", self->caption);
  undecided = rdt_rule_overlays_undecided_text (self->reach, NULL, RDT_UNDECIDED_HINT_SETTING);
  if (undecided != NULL)
    {
      /* Worded by the core as `moves` words it, with the editor's hint. */
      g_autofree char *caption = g_strdup_printf ("%s\n%s", self->caption, undecided);

      g_string_append_printf (self->text, "%s\n", undecided);
      g_free (self->caption);
      self->caption = g_steal_pointer (&caption);
    }
  g_string_append (self->text, _("Blue: reachable, with the cost in MP; yellow: movement ends in an enemy ZOC (8.31). "
                                 "Hover a hex for the cheapest path or the rule that keeps the unit out.\n"));
  if (undecided != NULL)
    g_string_append (self->text, _("Hatched: not decided by the game context; set it under Game context.\n"));
  if (self->show_retreat)
    {
      g_autoptr(RdtRetreat) retreat = NULL;
      RdtRetreatOptions retreat_options;

      rdt_retreat_options_init (&retreat_options, 1);
      retreat_options.context = &self->context;
      retreat = rdt_movement_retreat (self->movement, self->unit_id, &retreat_options, &error);
      if (retreat)
        {
          g_autofree char *retreat_undecided = rdt_rule_overlays_undecided_text (NULL, retreat,
                                                                                 RDT_UNDECIDED_HINT_SETTING);

          rdt_rule_overlays_add_retreat (self->items, retreat);
          g_string_append_printf (self->text, _("Retreat (13.2): %u destinations\n"),
                                  rdt_retreat_get_n_ends (retreat));
          if (retreat_undecided != NULL)
            g_string_append_printf (self->text, "  %s\n", retreat_undecided);
          for (guint i = 0; i < rdt_retreat_get_n_ends (retreat); i++)
            {
              const RdtRetreatEnd *end = rdt_retreat_get_end (retreat, i);
              char label[RDT_HEX_LABEL_SIZE];

              label_of (self, end->hex, label);
              g_string_append_printf (self->text, "  %s%s\n", label,
                                      (end->flags & RDT_RETREAT_PREFERRED) ? _(" (preferred)") : "");
            }
          for (guint i = 0; i < rdt_retreat_get_n_blocks (retreat); i++)
            {
              const RdtRetreatBlock *block = rdt_retreat_get_block (retreat, i);
              char label[RDT_HEX_LABEL_SIZE];

              label_of (self, block->hex, label);
              g_string_append_printf (self->text, "  ✗ %s: %s (%s)\n", label,
                                      rdt_retreat_reason_get_message (block->reason),
                                      rdt_retreat_reason_get_rule (block->reason));
            }
        }
      else
        g_string_append_printf (self->text, "%s\n", error->message);
    }
  self->use_area = TRUE;
  self->area_centre = rdt_reach_get_start (self->reach);
  self->area_radius = MAX (3, rdt_reach_get_allowance_halves (self->reach) / 2 + 1);
}

static void
compute_targets (RdtOverlayController *self)
{
  int unit = -1;
  g_autoptr(GArray) targets = NULL;
  g_autofree char *undecided_rule = NULL;
  RdtDepends depends = RDT_DEPENDS_NOTHING;
  guint n_legal = 0;
  int range = 0;
  const RdtBoardUnit *u;
  char from[RDT_HEX_LABEL_SIZE];

  for (guint i = 0; self->unit_id && i < rdt_board_get_n_units (self->board); i++)
    if (g_strcmp0 (rdt_board_get_unit (self->board, i)->id, self->unit_id) == 0)
      unit = (int) i;
  if (unit < 0)
    {
      set_summary (self, g_strdup (_("Select an artillery unit on the map.")));
      return;
    }
  u = rdt_board_get_unit (self->board, unit);
  if (!(u->flags & RDT_BOARD_UNIT_ARTILLERY))
    {
      set_summary (self, g_strdup_printf (_("%s is not artillery (11.2)."),
                                          rdt_board_get_unit_label (self->board, (guint) unit)));
      return;
    }
  /* The game context decides the fog range (Germantown 3.1.1, 3.1.2);
   * targets beyond a range it leaves open are hatched, never legal. */
  targets = rdt_los_artillery_targets_in_context (self->los, unit, self->scenario, &self->context,
                                                  &undecided_rule, &depends, &range);
  for (guint i = 0; i < targets->len; i++)
    if (!g_array_index (targets, RdtLosTarget, i).undecided)
      n_legal++;
  rdt_rule_overlays_add_targets (self->items, u->hex, targets);
  label_of (self, u->hex, from);
  self->caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "%s at %s, range %d: %u legal target (11.2)",
                                                "%s at %s, range %d: %u legal targets (11.2)", n_legal),
                                   rdt_board_get_unit_label (self->board, (guint) unit), from,
                                   range, n_legal);
  if (undecided_rule != NULL)
    {
      g_autofree char *undecided = rdt_undecided_text_with_hint (undecided_rule, depends,
                                                                 RDT_UNDECIDED_HINT_SETTING);
      char *caption = g_strdup_printf ("%s\n%s", self->caption, undecided);

      g_free (self->caption);
      self->caption = caption;
    }
  set_summary (self, g_strdup (self->caption));
  g_string_append_printf (self->text, "%s\n", self->caption);
  for (guint i = 0; i < targets->len; i++)
    {
      const RdtLosTarget *t = &g_array_index (targets, RdtLosTarget, i);
      const RdtBoardUnit *target = rdt_board_get_unit (self->board, t->unit);
      char label[RDT_HEX_LABEL_SIZE];

      label_of (self, t->hex, label);
      g_string_append_printf (self->text, t->undecided ? _("  %s (%s) in %s, range %d: not decided\n")
                                                       : _("  %s (%s) in %s, range %d\n"),
                              rdt_board_get_unit_label (self->board, t->unit),
                              rdt_board_get_side_label (self->board, target->side), label, t->range);
    }
  if (undecided_rule != NULL)
    g_string_append (self->text, _("Hatched: not decided by the game context; set it under Game context.\n"));
  self->use_area = TRUE;
  self->area_centre = u->hex;
  self->area_radius = MIN (rdt_los_unit_range (self->los, unit),
                           rdt_hex_grid_max_distance (grid_of (self), u->hex)) + 1;
}

static void
compute_hover (RdtOverlayController *self)
{
  char label[RDT_HEX_LABEL_SIZE];

  g_array_set_size (self->hover_items, 0);
  g_clear_pointer (&self->hover_text, g_free);
  if (self->mode != RDT_OVERLAY_MODE_MOVES || self->reach == NULL || !self->has_hover)
    return;
  label_of (self, self->hover, label);
  if (rdt_rule_overlays_add_path (self->hover_items, self->reach, self->hover))
    {
      RdtReachHex rh;
      g_autoptr(GArray) path = rdt_reach_dup_path (self->reach, self->hover);
      g_autoptr(GString) s = g_string_new (NULL);
      g_autofree char *cost = NULL;

      rdt_reach_lookup (self->reach, self->hover, &rh);
      cost = rdt_rule_overlays_format_mp (rh.cost_halves);
      for (guint i = 0; path && i < path->len; i++)
        {
          char step[RDT_HEX_LABEL_SIZE];

          label_of (self, g_array_index (path, RdtHex, i), step);
          g_string_append_printf (s, "%s%s", i ? " → " : "", step);
        }
      self->hover_text = g_strdup_printf (_("%s: %s MP by %s"), label, cost, s->str);
      {
        const char *rule = NULL;
        RdtDepends depends = RDT_DEPENDS_NOTHING;

        /* The hex's own rule, else the one that may stop the whole move. */
        if (rdt_reach_get_undecided (self->reach, &self->hover, &rule, &depends)
            || rdt_reach_get_undecided (self->reach, NULL, &rule, &depends))
          {
            g_autofree char *undecided = rdt_undecided_text_with_hint (rule, depends, RDT_UNDECIDED_HINT_SETTING);
            g_autofree char *line = g_strdup_printf ("%s; %s", self->hover_text, undecided);

            g_free (self->hover_text);
            self->hover_text = g_steal_pointer (&line);
          }
      }
    }
  else
    {
      RdtMoveReason reason = rdt_reach_get_reason (self->reach, self->hover);
      const char *rule = rdt_reach_get_reason_rule (self->reach, self->hover);

      self->hover_text = g_strdup_printf (_("%s: %s (%s)"), label,
                                          rdt_move_reason_get_message (reason),
                                          rule ? rule : rdt_move_reason_get_rule (reason));
    }
}

static void
recompute (RdtOverlayController *self)
{
  g_array_set_size (self->items, 0);
  g_string_truncate (self->text, 0);
  g_clear_pointer (&self->caption, g_free);
  set_summary (self, g_strdup (""));
  self->has_report = FALSE;
  self->use_area = FALSE;
  if (self->mode != RDT_OVERLAY_MODE_NONE && ensure_sources (self))
    {
      switch (self->mode)
        {
        case RDT_OVERLAY_MODE_LOS:
          compute_los (self);
          break;
        case RDT_OVERLAY_MODE_FAN:
          compute_fan (self);
          break;
        case RDT_OVERLAY_MODE_ZOC:
          compute_zoc (self);
          break;
        case RDT_OVERLAY_MODE_MOVES:
          compute_moves (self);
          break;
        case RDT_OVERLAY_MODE_TARGETS:
          compute_targets (self);
          break;
        case RDT_OVERLAY_MODE_NONE:
        default:
          break;
        }
    }
  compute_hover (self);
  gtk_widget_queue_draw (self->area);
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
refresh_in_idle (gpointer user_data)
{
  RdtOverlayController *self = user_data;

  self->refresh_idle = 0;
  drop_sources (self);
  recompute (self);
  return G_SOURCE_REMOVE;
}

static void
draw_area (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  RdtOverlayController *self = user_data;
  RdtRenderView view;
  RdtMapRenderer *renderer;

  if (self->view == NULL || rdt_map_view_get_map (self->view) == NULL)
    return;
  /* Another document: the items belong to the old one. */
  if (self->mode != RDT_OVERLAY_MODE_NONE && self->scenario_func
      && self->scenario_func (self->scenario_data) != self->scenario)
    {
      if (self->refresh_idle == 0)
        self->refresh_idle = g_idle_add (refresh_in_idle, self);
      return;
    }
  if (self->items->len == 0 && self->hover_items->len == 0)
    return;
  renderer = rdt_map_view_get_renderer (self->view);
  rdt_map_view_get_render_view (self->view, &view);
  rdt_map_renderer_draw_overlays (renderer, cr, &view, NULL,
                                  (const RdtRenderOverlay *) self->items->data, self->items->len);
  rdt_map_renderer_draw_overlays (renderer, cr, &view, NULL,
                                  (const RdtRenderOverlay *) self->hover_items->data, self->hover_items->len);
}

/* The map view's signals. */

static void
on_hex_pressed (RdtMapView           *view,
                int                   col,
                int                   row,
                guint                 button,
                GdkModifierType       state,
                RdtOverlayController *self)
{
  RdtHex hex = { col, row };

  if (button != 1)
    return;
  if (self->mode == RDT_OVERLAY_MODE_LOS)
    rdt_overlay_controller_los_press (self, hex);
  else if (self->mode == RDT_OVERLAY_MODE_FAN)
    {
      if (state & GDK_CONTROL_MASK)
        rdt_overlay_controller_toggle_occupied (self, hex);
      else
        rdt_overlay_controller_set_fan (self, hex);
    }
}

static void
on_hex_dragged (RdtMapView           *view,
                int                   col,
                int                   row,
                GdkModifierType       state,
                RdtOverlayController *self)
{
  if (self->mode == RDT_OVERLAY_MODE_LOS)
    rdt_overlay_controller_los_drag (self, (RdtHex) { col, row });
}

static void
on_hex_released (RdtMapView           *view,
                 int                   col,
                 int                   row,
                 guint                 button,
                 GdkModifierType       state,
                 RdtOverlayController *self)
{
  if (self->mode == RDT_OVERLAY_MODE_LOS)
    {
      rdt_overlay_controller_los_drag (self, (RdtHex) { col, row });
      rdt_overlay_controller_los_release (self);
    }
}

static void
on_hex_hovered (RdtMapView           *view,
                int                   col,
                int                   row,
                gboolean              on_map,
                RdtOverlayController *self)
{
  rdt_overlay_controller_hover (self, (RdtHex) { col, row }, on_map);
}

static void
on_viewport_notify (GObject              *viewport,
                    GParamSpec           *pspec,
                    RdtOverlayController *self)
{
  gtk_widget_queue_draw (self->area);
}

static void
rdt_overlay_controller_dispose (GObject *object)
{
  RdtOverlayController *self = RDT_OVERLAY_CONTROLLER (object);

  if (self->view)
    {
      g_signal_handlers_disconnect_by_data (self->view, self);
      g_signal_handlers_disconnect_by_data (rdt_map_view_get_viewport (self->view), self);
      g_clear_object (&self->view);
    }
  if (self->scenario)
    {
      g_clear_signal_handler (&self->changed_id, self->scenario);
      g_clear_object (&self->scenario);
    }
  g_clear_handle_id (&self->refresh_idle, g_source_remove);
  drop_sources (self);
  g_clear_object (&self->area);
  G_OBJECT_CLASS (rdt_overlay_controller_parent_class)->dispose (object);
}

static void
rdt_overlay_controller_finalize (GObject *object)
{
  RdtOverlayController *self = RDT_OVERLAY_CONTROLLER (object);

  rdt_los_report_clear (&self->report);
  g_array_unref (self->occupied);
  g_array_unref (self->items);
  g_array_unref (self->hover_items);
  g_string_free (self->text, TRUE);
  g_free (self->summary);
  g_free (self->caption);
  g_free (self->hover_text);
  g_free (self->unit_id);
  g_free (self->weather);
  g_strfreev (self->released);
  G_OBJECT_CLASS (rdt_overlay_controller_parent_class)->finalize (object);
}

static void
rdt_overlay_controller_class_init (RdtOverlayControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rdt_overlay_controller_dispose;
  object_class->finalize = rdt_overlay_controller_finalize;

  /**
   * RdtOverlayController::changed:
   *
   * The overlay, its ruling text or its hover line changed.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
rdt_overlay_controller_init (RdtOverlayController *self)
{
  rdt_los_report_init (&self->report);
  self->occupied = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  self->items = rdt_rule_overlays_new ();
  self->hover_items = rdt_rule_overlays_new ();
  self->text = g_string_new (NULL);
  self->summary = g_strdup ("");
  self->fan_range = -1;
  rdt_game_context_init (&self->context);
  self->area = g_object_ref_sink (gtk_drawing_area_new ());
  gtk_widget_set_can_target (self->area, FALSE);
  gtk_widget_set_can_focus (self->area, FALSE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), draw_area, self, NULL);
}

RdtOverlayController *
rdt_overlay_controller_new (RdtMapView             *view,
                            RdtOverlayScenarioFunc  func,
                            gpointer                user_data)
{
  RdtOverlayController *self;

  g_return_val_if_fail (RDT_IS_MAP_VIEW (view), NULL);
  self = g_object_new (RDT_TYPE_OVERLAY_CONTROLLER, NULL);
  self->view = g_object_ref (view);
  self->scenario_func = func;
  self->scenario_data = user_data;
  g_signal_connect (view, "hex-pressed", G_CALLBACK (on_hex_pressed), self);
  g_signal_connect (view, "hex-dragged", G_CALLBACK (on_hex_dragged), self);
  g_signal_connect (view, "hex-released", G_CALLBACK (on_hex_released), self);
  g_signal_connect (view, "hex-hovered", G_CALLBACK (on_hex_hovered), self);
  g_signal_connect (rdt_map_view_get_viewport (view), "notify", G_CALLBACK (on_viewport_notify), self);
  return self;
}

GtkWidget *
rdt_overlay_controller_get_area (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), NULL);
  return self->area;
}

void
rdt_overlay_controller_set_mode (RdtOverlayController *self,
                                 RdtOverlayMode        mode)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->mode = mode;
  self->dragging = FALSE;
  recompute (self);
}

RdtOverlayMode
rdt_overlay_controller_get_mode (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), RDT_OVERLAY_MODE_NONE);
  return self->mode;
}

void
rdt_overlay_controller_invalidate (RdtOverlayController *self)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  drop_sources (self);
  if (self->mode != RDT_OVERLAY_MODE_NONE)
    recompute (self);
}

void
rdt_overlay_controller_los_press (RdtOverlayController *self,
                                  RdtHex                hex)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->from = self->to = hex;
  self->has_line = TRUE;
  self->dragging = TRUE;
  recompute (self);
}

void
rdt_overlay_controller_los_drag (RdtOverlayController *self,
                                 RdtHex                hex)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  /* The line follows the pointer hex by hex. */
  if (!self->dragging || hex_equal (hex, self->to))
    return;
  if (self->scenario && !rdt_hex_grid_contains (grid_of (self), hex))
    return;
  self->to = hex;
  recompute (self);
}

void
rdt_overlay_controller_los_release (RdtOverlayController *self)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->dragging = FALSE;
}

void
rdt_overlay_controller_set_los (RdtOverlayController *self,
                                RdtHex                from,
                                RdtHex                to)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->from = from;
  self->to = to;
  self->has_line = TRUE;
  self->dragging = FALSE;
  recompute (self);
}

void
rdt_overlay_controller_set_fan (RdtOverlayController *self,
                                RdtHex                from)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->fan_from = from;
  self->has_fan = TRUE;
  recompute (self);
}

void
rdt_overlay_controller_set_fan_range (RdtOverlayController *self,
                                      int                   range)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  if (self->fan_range == range)
    return;
  self->fan_range = range;
  if (self->mode == RDT_OVERLAY_MODE_FAN)
    recompute (self);
}

int
rdt_overlay_controller_get_artillery_range (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), 3);
  if (!ensure_sources (self))
    return 3;
  return rdt_board_get_artillery_range (self->board);
}

void
rdt_overlay_controller_set_ignore_units (RdtOverlayController *self,
                                         gboolean              ignore)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->ignore_units = ignore;
  recompute (self);
}

void
rdt_overlay_controller_toggle_occupied (RdtOverlayController *self,
                                        RdtHex                hex)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  for (guint i = 0; i < self->occupied->len; i++)
    if (hex_equal (g_array_index (self->occupied, RdtHex, i), hex))
      {
        g_array_remove_index (self->occupied, i);
        recompute (self);
        return;
      }
  g_array_append_val (self->occupied, hex);
  recompute (self);
}

void
rdt_overlay_controller_clear_occupied (RdtOverlayController *self)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  g_array_set_size (self->occupied, 0);
  recompute (self);
}

void
rdt_overlay_controller_set_zoc_side (RdtOverlayController *self,
                                     int                   side)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->zoc_side = side;
  if (self->mode == RDT_OVERLAY_MODE_ZOC)
    recompute (self);
}

void
rdt_overlay_controller_set_unit (RdtOverlayController *self,
                                 const char           *unit_id)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  if (g_strcmp0 (unit_id, self->unit_id) == 0)
    return;
  g_free (self->unit_id);
  self->unit_id = g_strdup (unit_id);
  g_clear_pointer (&self->reach, rdt_reach_unref);
  if (self->mode == RDT_OVERLAY_MODE_MOVES || self->mode == RDT_OVERLAY_MODE_TARGETS)
    recompute (self);
}

void
rdt_overlay_controller_set_strategic (RdtOverlayController *self,
                                      gboolean              strategic)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->strategic = strategic;
  g_clear_pointer (&self->reach, rdt_reach_unref);
  if (self->mode == RDT_OVERLAY_MODE_MOVES)
    recompute (self);
}

void
rdt_overlay_controller_set_show_retreat (RdtOverlayController *self,
                                         gboolean              show)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  self->show_retreat = show;
  if (self->mode == RDT_OVERLAY_MODE_MOVES)
    recompute (self);
}

void
rdt_overlay_controller_set_game_context (RdtOverlayController *self,
                                         int                   turn,
                                         const char           *weather,
                                         const char *const    *released)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  g_free (self->weather);
  self->weather = g_strdup (weather);
  g_strfreev (self->released);
  self->released = released != NULL ? g_strdupv ((char **) released) : NULL;
  rdt_game_context_init (&self->context);
  self->context.turn = MAX (turn, RDT_GAME_TURN_UNKNOWN);
  self->context.weather = self->weather;
  self->context.released = (const char *const *) self->released;
  g_clear_pointer (&self->reach, rdt_reach_unref);
  /* Artillery targets read it too (Germantown 3.1.1, 3.1.2 fog range). */
  if (self->mode == RDT_OVERLAY_MODE_MOVES || self->mode == RDT_OVERLAY_MODE_TARGETS)
    recompute (self);
}

RdtReach *
rdt_overlay_controller_get_reach (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), NULL);
  return self->mode == RDT_OVERLAY_MODE_MOVES ? self->reach : NULL;
}

void
rdt_overlay_controller_hover (RdtOverlayController *self,
                              RdtHex                hex,
                              gboolean              on_map)
{
  g_return_if_fail (RDT_IS_OVERLAY_CONTROLLER (self));
  if (self->mode != RDT_OVERLAY_MODE_MOVES)
    return;
  if (on_map == self->has_hover && (!on_map || hex_equal (hex, self->hover)))
    return;
  self->has_hover = on_map;
  self->hover = hex;
  compute_hover (self);
  gtk_widget_queue_draw (self->area);
  g_signal_emit (self, signals[CHANGED], 0);
}

const char *
rdt_overlay_controller_get_summary (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), NULL);
  return self->summary ? self->summary : "";
}

const char *
rdt_overlay_controller_get_text (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), NULL);
  return self->text->str;
}

const char *
rdt_overlay_controller_get_hover_text (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), NULL);
  return self->hover_text ? self->hover_text : "";
}

const RdtLosReport *
rdt_overlay_controller_get_los_report (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), NULL);
  return self->has_report ? &self->report : NULL;
}

GArray *
rdt_overlay_controller_get_items (RdtOverlayController *self)
{
  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), NULL);
  return self->items;
}

gboolean
rdt_overlay_controller_export_png (RdtOverlayController *self,
                                   const char           *path,
                                   GError              **error)
{
  return rdt_overlay_controller_export_png_scaled (self, path, 1.0, NULL, NULL, error);
}

gboolean
rdt_overlay_controller_export_png_scaled (RdtOverlayController *self,
                                          const char           *path,
                                          double                scale,
                                          int                  *out_width,
                                          int                  *out_height,
                                          GError              **error)
{
  g_autoptr(RdtRenderMap) map = NULL;
  g_autoptr(RdtMapRenderer) renderer = NULL;
  g_autoptr(GArray) all = NULL;
  g_autofree char *caption = NULL;
  RdtRenderExportOptions options;

  g_return_val_if_fail (RDT_IS_OVERLAY_CONTROLLER (self), FALSE);
  if (self->scenario == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("No scenario is open."));
      return FALSE;
    }
  map = rdt_render_map_new_from_scenario (self->scenario);
  renderer = rdt_map_renderer_new (map);
  all = rdt_rule_overlays_new ();
  g_array_append_vals (all, self->items->data, self->items->len);
  g_array_append_vals (all, self->hover_items->data, self->hover_items->len);
  rdt_render_export_options_init (&options);
  options.format = RDT_RENDER_FORMAT_PNG;
  options.use_area = self->use_area;
  options.area_centre = self->area_centre;
  options.area_radius = self->area_radius;
  options.overlays = (const RdtRenderOverlay *) all->data;
  options.n_overlays = all->len;
  if (self->hover_text && self->caption)
    caption = g_strdup_printf ("%s\n%s", self->caption, self->hover_text);
  else
    caption = g_strdup (self->caption ? self->caption : self->summary);
  options.caption = caption;
  options.scale = RDT_RENDER_DEFAULT_SCALE * CLAMP (scale, 1.0, 4.0);
  if (!rdt_map_renderer_export_file (renderer, path, &options, error))
    return FALSE;
  if (out_width != NULL || out_height != NULL)
    {
      /* The size written, read back from the PNG's header. */
      cairo_surface_t *png = cairo_image_surface_create_from_png (path);

      if (out_width != NULL)
        *out_width = cairo_image_surface_get_width (png);
      if (out_height != NULL)
        *out_height = cairo_image_surface_get_height (png);
      cairo_surface_destroy (png);
    }
  return TRUE;
}
