/* rdt-rule-overlays.c: the rule overlays of issue 7 from the core's answers. */
#include "config.h"

#include "rdt-rule-overlays.h"

#include <glib/gi18n-lib.h>

/* Line widths in device units. */
#define LOS_LINE_WIDTH   3.0
#define SIDE_WIDTH       4.0
#define CORNER_WIDTH     3.0
#define OUTLINE_WIDTH    1.5
#define PATH_WIDTH       3.0

static void
push (GArray           *items,
      RdtRenderOverlay  item)
{
  g_array_append_val (items, item);
}

static void
push_width (GArray           *items,
            RdtRenderOverlay  item,
            double            width)
{
  item.width = width;
  g_array_append_val (items, item);
}

GArray *
rdt_rule_overlays_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (RdtRenderOverlay));
}

static gboolean
hex_equal (RdtHex a,
           RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

static gboolean
reason_is_slope (RdtLosReason reason)
{
  switch (reason)
    {
    case RDT_LOS_REASON_SLOPE_BLOCKS_A:
    case RDT_LOS_REASON_SLOPE_BLOCKS_B:
    case RDT_LOS_REASON_SLOPE_OTHER_ORIENTATION:
    case RDT_LOS_REASON_RANGE3_NOT_SLOPE:
      return TRUE;
    default:
      return FALSE;
    }
}

const char *
rdt_rule_overlays_step_letter (const RdtLosStep *step)
{
  guint f = step->features;

  g_return_val_if_fail (step != NULL, NULL);
  if (step->effect == RDT_LOS_EFFECT_BLOCKS && reason_is_slope (step->reason))
    return "S";
  if (step->kind == RDT_LOS_STEP_RUN)
    {
      /* 11.44: both hexes of the spine hold blocking things. */
      if (step->effect != RDT_LOS_EFFECT_BLOCKS)
        return NULL;
      if (!(f & RDT_LOS_FEATURE_BLOCKING))
        return "B";
    }
  else if (step->kind == RDT_LOS_STEP_CROSS && step->via_corner)
    {
      if (!(f & RDT_LOS_FEATURE_GRAZED_BLOCKS))
        return NULL;
    }
  if (f & RDT_LOS_FEATURE_TERRAIN)
    return "B";
  if (f & (RDT_LOS_FEATURE_UNITS | RDT_LOS_FEATURE_OCCUPIED))
    return "U";
  return NULL;
}

static guint32
effect_rgba (RdtLosEffect effect)
{
  switch (effect)
    {
    case RDT_LOS_EFFECT_BLOCKS:
      return RDT_RULE_BLOCKED_RGBA;
    case RDT_LOS_EFFECT_UP_SLOPE:
      return RDT_RULE_UP_SLOPE_RGBA;
    case RDT_LOS_EFFECT_ALLOWED:
    case RDT_LOS_EFFECT_IGNORED:
      return RDT_RULE_ALLOWED_RGBA;
    case RDT_LOS_EFFECT_NONE:
    default:
      return 0;
    }
}

/* 11.44: what one hex of a blocking spine holds. */
static const char *
spine_letter (const RdtBoard     *board,
              RdtHex              hex,
              const char         *fallback)
{
  if (board == NULL)
    return fallback;
  if (rdt_board_get_hex_flags (board, hex) & RDT_BOARD_HEX_BLOCKS_LOS)
    return "B";
  /* Combat units, or treated as occupied on request. */
  return "U";
}

void
rdt_rule_overlays_add_los (GArray             *items,
                           const RdtLosReport *report,
                           const RdtBoard     *board)
{
  guint n = rdt_los_report_get_n_steps (report);
  gboolean blocked = report->verdict == RDT_LOS_BLOCKED;

  g_return_if_fail (items != NULL && report != NULL);

  /* Hex shading and outlines first, then hexsides, then the line and letters
   * on top. */
  for (guint i = 0; i < n; i++)
    {
      const RdtLosStep *step = rdt_los_report_get_step (report, i);

      if (step->kind != RDT_LOS_STEP_HEX)
        continue;
      if (hex_equal (step->hex, report->from) || hex_equal (step->hex, report->to))
        continue;
      if (step->effect == RDT_LOS_EFFECT_BLOCKS)
        push (items, rdt_render_overlay_shade (step->hex, RDT_RULE_BLOCK_SHADE_RGBA));
      push_width (items, rdt_render_overlay_outline (step->hex, RDT_RULE_PASSED_RGBA), OUTLINE_WIDTH);
    }
  for (guint i = 0; i < n; i++)
    {
      const RdtLosStep *step = rdt_los_report_get_step (report, i);
      guint32 rgba;

      switch (step->kind)
        {
        case RDT_LOS_STEP_CROSS:
          if (step->via_corner && (step->features & RDT_LOS_FEATURE_GRAZED_BLOCKS))
            push_width (items, rdt_render_overlay_outline (step->grazed, RDT_RULE_ALLOWED_RGBA), 1.0);
          if (!(step->features & RDT_LOS_FEATURE_SLOPE))
            break;
          rgba = effect_rgba (step->effect);
          push_width (items, rdt_render_overlay_hexside (step->hexside, rgba ? rgba : RDT_RULE_ALLOWED_RGBA), SIDE_WIDTH);
          break;
        case RDT_LOS_STEP_RUN:
          /* 11.44, convention 5: a spine run, red when both sides block. */
          rgba = step->effect == RDT_LOS_EFFECT_BLOCKS ? RDT_RULE_BLOCKED_RGBA : RDT_RULE_SPINE_RGBA;
          /* Wider than the LOS line, which runs along it. */
          push_width (items, rdt_render_overlay_hexside (step->hexside, rgba), 3 * LOS_LINE_WIDTH);
          if (step->effect == RDT_LOS_EFFECT_BLOCKS)
            {
              push (items, rdt_render_overlay_shade (step->hexside.a, RDT_RULE_BLOCK_SHADE_RGBA));
              push (items, rdt_render_overlay_shade (step->hexside.b, RDT_RULE_BLOCK_SHADE_RGBA));
            }
          break;
        case RDT_LOS_STEP_CORNER:
          /* Convention 6: the two hexsides meeting at the corner. */
          rgba = effect_rgba (step->effect);
          for (guint k = 0; k < 2; k++)
            {
              RdtHexside side = { step->hex, step->side_hexes[k] };

              push_width (items, rdt_render_overlay_hexside (side, rgba ? rgba : RDT_RULE_SPINE_RGBA), CORNER_WIDTH);
            }
          break;
        case RDT_LOS_STEP_HEX:
        default:
          break;
        }
    }

  push_width (items, rdt_render_overlay_line (report->from, report->to,
                                              blocked ? RDT_RULE_BLOCKED_RGBA : RDT_RULE_CLEAR_RGBA),
              LOS_LINE_WIDTH);
  push_width (items, rdt_render_overlay_outline (report->from, blocked ? RDT_RULE_BLOCKED_RGBA : RDT_RULE_CLEAR_RGBA), 3.0);
  push_width (items, rdt_render_overlay_outline (report->to, blocked ? RDT_RULE_BLOCKED_RGBA : RDT_RULE_CLEAR_RGBA), 3.0);

  for (guint i = 0; i < n; i++)
    {
      const RdtLosStep *step = rdt_los_report_get_step (report, i);
      const char *letter = rdt_rule_overlays_step_letter (step);
      guint32 rgba = step->effect == RDT_LOS_EFFECT_BLOCKS ? RDT_RULE_BLOCKED_RGBA : RDT_RULE_ALLOWED_RGBA;

      if (letter == NULL)
        continue;
      switch (step->kind)
        {
        case RDT_LOS_STEP_HEX:
          if (!hex_equal (step->hex, report->from) && !hex_equal (step->hex, report->to))
            push (items, rdt_render_overlay_letter (step->hex, letter, rgba));
          break;
        case RDT_LOS_STEP_CROSS:
          if (step->via_corner && (step->features & RDT_LOS_FEATURE_GRAZED_BLOCKS) && letter[0] != 'S')
            push (items, rdt_render_overlay_letter (step->grazed, letter, RDT_RULE_ALLOWED_RGBA));
          else if (letter[0] == 'S' && !hex_equal (step->to, report->to))
            push (items, rdt_render_overlay_letter (step->to, letter, rgba));
          else if (letter[0] == 'S')
            push (items, rdt_render_overlay_letter (step->from, letter, rgba));
          break;
        case RDT_LOS_STEP_RUN:
          if (step->features & RDT_LOS_FEATURE_SIDE_A_BLOCKS)
            push (items, rdt_render_overlay_letter (step->hexside.a, spine_letter (board, step->hexside.a, letter), rgba));
          if (step->features & RDT_LOS_FEATURE_SIDE_B_BLOCKS)
            push (items, rdt_render_overlay_letter (step->hexside.b, spine_letter (board, step->hexside.b, letter), rgba));
          break;
        case RDT_LOS_STEP_CORNER:
        default:
          break;
        }
    }
}

/* The letter of the first blocking step of a blocked LOS; a spine (11.44)
 * is B when both its hexes hold blocking terrain, else U. */
static const char *
first_block_letter (const RdtLosReport *report,
                    const RdtBoard     *board)
{
  for (guint i = 0; i < rdt_los_report_get_n_steps (report); i++)
    {
      const RdtLosStep *step = rdt_los_report_get_step (report, i);

      if (step->effect == RDT_LOS_EFFECT_BLOCKS)
        {
          const char *letter = rdt_rule_overlays_step_letter (step);

          if (step->kind == RDT_LOS_STEP_RUN && board != NULL)
            return (g_str_equal (spine_letter (board, step->hexside.a, "B"), "B")
                    && g_str_equal (spine_letter (board, step->hexside.b, "B"), "B")) ? "B" : "U";
          return letter ? letter : "B";
        }
    }
  return "B";
}

guint
rdt_rule_overlays_add_fan (GArray *items,
                           RdtLos *los,
                           RdtHex  from,
                           int     range)
{
  g_autoptr(GArray) fan = NULL;
  RdtLosReport report;
  guint n_out = 0;

  g_return_val_if_fail (items != NULL && los != NULL, 0);
  if (range < 0)
    range = rdt_board_get_artillery_range (rdt_los_get_board (los));
  fan = rdt_los_fan (los, from, range);
  rdt_los_report_init (&report);
  for (guint i = 0; i < fan->len; i++)
    {
      const RdtLosFanEntry *entry = &g_array_index (fan, RdtLosFanEntry, i);

      if (entry->verdict != RDT_LOS_BLOCKED)
        continue;
      /* The fan stops at the first blocking step; the report says what it was. */
      rdt_los_check (los, from, entry->hex, &report);
      push (items, rdt_render_overlay_shade (entry->hex, RDT_RULE_OUT_SHADE_RGBA));
      push (items, rdt_render_overlay_letter (entry->hex, first_block_letter (&report, rdt_los_get_board (los)), 0xffffffffu));
      n_out++;
    }
  rdt_los_report_clear (&report);
  push_width (items, rdt_render_overlay_outline (from, RDT_RULE_UP_SLOPE_RGBA), 3.0);
  return n_out;
}

void
rdt_rule_overlays_add_occupied (GArray       *items,
                                const GArray *occupied)
{
  g_return_if_fail (items != NULL);
  for (guint i = 0; occupied && i < occupied->len; i++)
    push_width (items, rdt_render_overlay_outline (g_array_index (occupied, RdtHex, i),
                                                   RDT_RULE_ALLOWED_RGBA), 2.5);
}

guint
rdt_rule_overlays_add_zoc (GArray   *items,
                           RdtBoard *board,
                           int       side)
{
  g_autoptr(RdtZocMap) map = NULL;
  RdtHexGrid *grid;
  guint n_hexes, n_zoc = 0;

  g_return_val_if_fail (items != NULL && board != NULL, 0);
  grid = rdt_board_get_grid (board);
  map = rdt_zoc_map_new (board, side);
  n_hexes = rdt_hex_grid_get_n_hexes (grid);
  for (guint i = 0; i < n_hexes; i++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);

      if (rdt_zoc_map_get_count (map, hex) == 0)
        continue;
      n_zoc++;
      if (rdt_zoc_map_get_rifle (map, hex))
        {
          push (items, rdt_render_overlay_shade (hex, RDT_RULE_RIFLE_ZOC_RGBA));
          /* 8.31: +1 MP to enter or exit. */
          push (items, rdt_render_overlay_text (hex, "+1", 0x613583ffu));
        }
      else
        push (items, rdt_render_overlay_shade (hex, RDT_RULE_ZOC_RGBA));
    }
  /* The exceptions, unit by unit: where a ZOC stops at an edge (8.1, 3.1 Out
   * of Fieldworks) and where it extends across water or out of fieldworks. */
  for (guint u = 0; u < rdt_board_get_n_units (board); u++)
    {
      const RdtBoardUnit *unit = rdt_board_get_unit (board, u);

      if (unit->side != side || rdt_zoc_unit_has_zoc (board, u) != RDT_ZOC_REASON_EXERTS)
        continue;
      for (int d = 0; d < 6; d++)
        {
          RdtHex next = rdt_hex_grid_neighbour (grid, unit->hex, d);
          RdtZocReason reason;
          RdtHexside hs;

          if (!rdt_hex_grid_contains (grid, next))
            continue;
          reason = rdt_zoc_unit_into (board, u, next);
          hs = (RdtHexside) { unit->hex, next };
          switch (reason)
            {
            case RDT_ZOC_REASON_INTO_TERRAIN:
            case RDT_ZOC_REASON_INTO_FIELDWORKS:
            case RDT_ZOC_REASON_HEXSIDE_NO_ZOC:
              push_width (items, rdt_render_overlay_hexside (hs, RDT_RULE_ZOC_STOP_RGBA), SIDE_WIDTH + 1);
              break;
            case RDT_ZOC_REASON_EXERTS_ACROSS_WATER:
            case RDT_ZOC_REASON_EXERTS_OUT_OF_FIELDWORKS:
              push_width (items, rdt_render_overlay_hexside (hs, RDT_RULE_ZOC_ACROSS_RGBA), SIDE_WIDTH - 1);
              break;
            default:
              break;
            }
        }
    }
  return n_zoc;
}

char *
rdt_rule_overlays_undecided_text (const RdtReach   *reach,
                                  const RdtRetreat *retreat,
                                  RdtUndecidedHint  hint)
{
  const char *rule = NULL;
  RdtDepends depends = RDT_DEPENDS_NOTHING;
  gboolean found = FALSE;

  if (reach != NULL)
    {
      found = rdt_reach_get_undecided (reach, NULL, &rule, &depends);
      for (guint i = 0; !found && i < rdt_reach_get_n_hexes (reach); i++)
        {
          const RdtReachHex *rh = rdt_reach_get_hex (reach, i);

          if (rh->flags & RDT_REACH_UNDECIDED)
            found = rdt_reach_get_undecided (reach, &rh->hex, &rule, &depends);
        }
    }
  if (!found && retreat != NULL)
    found = rdt_retreat_get_undecided (retreat, &rule, &depends);
  return found ? rdt_undecided_text_with_hint (rule, depends, hint) : NULL;
}

char *
rdt_rule_overlays_format_mp (int halves)
{
  if (halves % 2 == 0)
    return g_strdup_printf ("%d", halves / 2);
  if (halves == 1)
    return g_strdup ("½");
  return g_strdup_printf ("%d½", halves / 2);
}

guint
rdt_rule_overlays_add_reach (GArray           *items,
                             const RdtReach   *reach,
                             const RdtHexGrid *grid)
{
  guint n = 0;
  RdtHex start;
  gboolean unit_undecided;

  g_return_val_if_fail (items != NULL && reach != NULL, 0);
  (void) grid;
  start = rdt_reach_get_start (reach);
  /* A rule not decided may stop the whole move: no end is decided. */
  unit_undecided = rdt_reach_get_undecided (reach, NULL, NULL, NULL);
  for (guint i = 0; i < rdt_reach_get_n_hexes (reach); i++)
    {
      const RdtReachHex *rh = rdt_reach_get_hex (reach, i);
      g_autofree char *cost = NULL;

      if (hex_equal (rh->hex, start))
        continue;
      push (items, rdt_render_overlay_shade (rh->hex, (rh->flags & RDT_REACH_ZOC_STOP)
                                                      ? RDT_RULE_REACH_ZOC_RGBA : RDT_RULE_REACH_RGBA));
      if (unit_undecided || (rh->flags & RDT_REACH_UNDECIDED))
        push (items, rdt_render_overlay_hatch (rh->hex, RDT_RULE_UNDECIDED_RGBA));
      cost = rdt_rule_overlays_format_mp (rh->cost_halves);
      push (items, rdt_render_overlay_text (rh->hex, cost, 0x0b2f5cffu));
      n++;
    }
  push_width (items, rdt_render_overlay_outline (start, RDT_RULE_PATH_RGBA), 3.0);
  return n;
}

gboolean
rdt_rule_overlays_add_path (GArray         *items,
                            const RdtReach *reach,
                            RdtHex          hex)
{
  g_autoptr(GArray) path = NULL;

  g_return_val_if_fail (items != NULL && reach != NULL, FALSE);
  path = rdt_reach_dup_path (reach, hex);
  if (path == NULL)
    return FALSE;
  for (guint i = 1; i < path->len; i++)
    push_width (items, rdt_render_overlay_line (g_array_index (path, RdtHex, i - 1),
                                                g_array_index (path, RdtHex, i),
                                                RDT_RULE_PATH_RGBA), PATH_WIDTH);
  push_width (items, rdt_render_overlay_outline (hex, RDT_RULE_PATH_RGBA), 2.5);
  return TRUE;
}

void
rdt_rule_overlays_add_retreat (GArray           *items,
                               const RdtRetreat *retreat)
{
  g_return_if_fail (items != NULL && retreat != NULL);
  for (guint i = 0; i < rdt_retreat_get_n_blocks (retreat); i++)
    {
      const RdtRetreatBlock *block = rdt_retreat_get_block (retreat, i);

      push_width (items, rdt_render_overlay_outline (block->hex, RDT_RULE_BLOCKED_RGBA), 1.5);
    }
  for (guint i = 0; i < rdt_retreat_get_n_ends (retreat); i++)
    {
      const RdtRetreatEnd *end = rdt_retreat_get_end (retreat, i);

      push (items, rdt_render_overlay_shade (end->hex, RDT_RULE_RETREAT_RGBA));
      if (end->flags & RDT_RETREAT_UNDECIDED)
        push (items, rdt_render_overlay_hatch (end->hex, RDT_RULE_UNDECIDED_RGBA));
      for (guint k = 1; k < end->path_len; k++)
        push_width (items, rdt_render_overlay_line (end->path[k - 1], end->path[k], 0x26a269ffu), 2.0);
      if (end->flags & RDT_RETREAT_PREFERRED)
        push (items, rdt_render_overlay_text (end->hex, "★", 0x1d5e33ffu));
    }
  push_width (items, rdt_render_overlay_outline (rdt_retreat_get_start (retreat), RDT_RULE_PATH_RGBA), 3.0);
}

void
rdt_rule_overlays_add_targets (GArray       *items,
                               RdtHex        firer,
                               const GArray *targets)
{
  g_return_if_fail (items != NULL && targets != NULL);
  for (guint i = 0; i < targets->len; i++)
    {
      const RdtLosTarget *t = &g_array_index (targets, RdtLosTarget, i);
      char text[RDT_OVERLAY_TEXT_SIZE];

      /* A target beyond a range limit not decided (Germantown 3.1 fog
       * without the turn or the weather) is hatched, never drawn legal. */
      guint32 rgba = t->undecided ? RDT_RULE_UNDECIDED_RGBA : RDT_RULE_TARGET_RGBA;

      if (t->undecided)
        push (items, rdt_render_overlay_hatch (t->hex, RDT_RULE_UNDECIDED_RGBA));
      push_width (items, rdt_render_overlay_line (firer, t->hex, rgba), 2.0);
      push_width (items, rdt_render_overlay_outline (t->hex, rgba), 3.0);
      g_snprintf (text, sizeof text, "%d", t->range);
      push (items, rdt_render_overlay_text (t->hex, text, rgba));
    }
  push_width (items, rdt_render_overlay_outline (firer, RDT_RULE_UP_SLOPE_RGBA), 3.0);
}

char *
rdt_rule_overlays_los_caption (const RdtLosReport *report,
                               const RdtHexGrid   *grid)
{
  char from[RDT_HEX_LABEL_SIZE], to[RDT_HEX_LABEL_SIZE];
  g_auto(GStrv) rules = NULL;
  g_autofree char *joined = NULL;
  const char *case_text;
  guint conventions = 0;

  g_return_val_if_fail (report != NULL && grid != NULL, NULL);
  rdt_hex_grid_format_label (grid, report->from, from);
  rdt_hex_grid_format_label (grid, report->to, to);
  rules = rdt_los_report_dup_rules (report, &conventions);
  joined = g_strjoinv (", ", rules);
  switch (report->los_case)
    {
    case RDT_LOS_CASE_A: case_text = _("case A (neither end up slope)"); break;
    case RDT_LOS_CASE_B: case_text = _("case B (one end up slope)"); break;
    case RDT_LOS_CASE_C: case_text = _("case C (both ends up slope)"); break;
    case RDT_LOS_CASE_NONE:
    default: case_text = rdt_los_reason_get_message (report->reason); break;
    }
  /* TRANSLATORS: "LOS 1127 → 0928: blocked — case A (...); rules 11.42, 11.43 A" */
  return g_strdup_printf (_("LOS %s → %s: %s — %s; rules %s"), from, to,
                          report->verdict == RDT_LOS_CLEAR ? _("clear") : _("blocked"),
                          case_text, joined);
}

char *
rdt_rule_overlays_fan_caption (const RdtHexGrid *grid,
                               RdtHex            from,
                               int               range,
                               guint             n_out)
{
  char label[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, from, label);
  /* TRANSLATORS: the LOS fan; B, S and U are the letters of the 11.4 figure. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "LOS from %s within %d hexes: %u hex out of LOS (B terrain, U unit, S slope; 11.4)",
                                       "LOS from %s within %d hexes: %u hexes out of LOS (B terrain, U unit, S slope; 11.4)",
                                       n_out),
                          label, range, n_out);
}

char *
rdt_rule_overlays_los_options_text (const RdtHexGrid *grid,
                                    gboolean          ignore_units,
                                    const GArray     *occupied)
{
  GString *text = g_string_new (NULL);

  if (ignore_units)
    g_string_append (text, _("; combat units ignored"));
  if (occupied && occupied->len > 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < occupied->len; i++)
        {
          char label[RDT_HEX_LABEL_SIZE];

          rdt_hex_grid_format_label (grid, g_array_index (occupied, RdtHex, i), label);
          g_string_append_printf (list, "%s%s", i ? ", " : "", label);
        }
      /* TRANSLATORS: %s is a list of hex labels. */
      g_string_append_printf (text, _("; %s treated as occupied"), list->str);
    }
  return g_string_free (text, FALSE);
}

gboolean
rdt_rule_overlays_export_point (RdtMapRenderer               *renderer,
                                const RdtRenderExportOptions *options,
                                double                        map_x,
                                double                        map_y,
                                double                       *out_x,
                                double                       *out_y,
                                GError                      **error)
{
  RdtRenderRect rect;
  double scale = options->scale > 0 ? options->scale : RDT_RENDER_DEFAULT_SCALE;

  if (!rdt_map_renderer_export_rect (renderer, options, &rect, error))
    return FALSE;
  /* As rdt_map_renderer_draw_export(): origin at -rect * scale. */
  *out_x = (map_x - rect.x) * scale;
  *out_y = (map_y - rect.y) * scale;
  return TRUE;
}
