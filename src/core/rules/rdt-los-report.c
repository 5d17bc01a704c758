/* rdt-los-report.c: the LOS report, its rule table and its text. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-los-report.h"

#define CONV(n) (1u << (n))

typedef struct {
  const char *id;        /* stable, for JSON */
  const char *rule;      /* Series Rules number */
  guint conventions;     /* ../shared/los-conventions.md */
  const char *message;   /* N_() */
} ReasonInfo;

static const ReasonInfo reasons[RDT_LOS_N_REASONS] = {
  [RDT_LOS_REASON_NONE] = { "none", NULL, 0, NULL },
  /* 11.41 covers adjacent hexes only; in one hex there is no hex between the
   * two, and the hex itself never blocks its own LOS (11.42: "LOS can always
   * be traced into blocking terrain or hexes containing combat units"). */
  [RDT_LOS_REASON_SAME_HEX] = { "same-hex", "11.42", CONV (10),
    N_("firer and target share a hex") },
  [RDT_LOS_REASON_ADJACENT] = { "adjacent", "11.41", CONV (10),
    N_("adjacent hexes: the LOS is always clear") },
  [RDT_LOS_REASON_CASE_A] = { "case-a", "11.43 A", CONV (8) | CONV (9),
    N_("neither unit is up slope") },
  [RDT_LOS_REASON_CASE_B] = { "case-b", "11.43 B", CONV (8) | CONV (9),
    N_("one unit is up slope") },
  [RDT_LOS_REASON_CASE_C] = { "case-c", "11.43 C", CONV (8) | CONV (9),
    N_("both units are up slope: the LOS is always clear, blocking terrain is ignored") },
  [RDT_LOS_REASON_END_HEX] = { "end-hex", "11.42", CONV (10),
    N_("the firing or target hex never blocks its own LOS") },
  [RDT_LOS_REASON_BLOCKING_HEX] = { "blocking-hex", "11.42", CONV (3) | CONV (9) | CONV (11),
    N_("passes through a hex with blocking terrain or combat units") },
  [RDT_LOS_REASON_BLOCKING_IGNORED] = { "blocking-ignored", "11.43 C", CONV (9),
    N_("blocking hex ignored because both units are up slope") },
  /* What is decided is whether the LOS goes "through" that hex (11.42: "never
   * through it"; 11.43 A and B: "passes through any blocking terrain hex"). */
  [RDT_LOS_REASON_GRAZED_CORNER] = { "grazed-corner", "11.42", CONV (3) | CONV (4),
    N_("touches a hex at one corner only: not passed through") },
  [RDT_LOS_REASON_SLOPE_BLOCKS_A] = { "slope-blocks", "11.43 A", CONV (4) | CONV (9),
    N_("crosses a slope hexside that is not a hexside of the firing or target hex") },
  [RDT_LOS_REASON_SLOPE_BLOCKS_B] = { "slope-blocks-case-b", "11.43 B", CONV (4) | CONV (9),
    N_("crosses a slope hexside that is not a hexside of the up-slope unit's hex") },
  [RDT_LOS_REASON_SLOPE_END_HEXSIDE] = { "slope-end-hexside", "11.43 A", CONV (9),
    N_("a slope hexside of the firing or target hex does not block") },
  [RDT_LOS_REASON_SLOPE_UP_SLOPE_HEX] = { "slope-up-slope-hex", "11.43 B", CONV (9),
    N_("a slope hexside of the up-slope unit's hex never blocks") },
  [RDT_LOS_REASON_SLOPE_SAME_ORIENTATION] = { "slope-same-orientation", "11.43 B (older edition)", CONV (9),
    N_("an intervening slope hexside with the up-slope orientation of the up-slope end") },
  [RDT_LOS_REASON_SLOPE_OTHER_ORIENTATION] = { "slope-other-orientation", "11.43 B (older edition)", CONV (9),
    N_("an intervening slope hexside whose up-slope orientation differs from the up-slope end's") },
  [RDT_LOS_REASON_RANGE3_NOT_SLOPE] = { "range-3-not-slope", "11.43 B (older edition)", CONV (9),
    N_("at range 3 with slope hexsides at both ends, the intervening hexside must be a slope of the same orientation") },
  [RDT_LOS_REASON_SLOPE_IGNORED] = { "slope-ignored", "11.43 C", CONV (9),
    N_("slope hexside ignored because both units are up slope") },
  [RDT_LOS_REASON_CORNER_NOT_BOTH] = { "corner-not-both", "11.43", CONV (6),
    N_("through a corner: counts as a slope only if both hexsides of the hex at that corner are slopes with the hex on the same side") },
  [RDT_LOS_REASON_UP_SLOPE] = { "up-slope", "11.43", CONV (7) | CONV (8),
    N_("enters the unit's hex across a slope whose high side is that hex: the unit is up slope") },
  [RDT_LOS_REASON_RUN_NOT_CROSSING] = { "run-not-crossing", "11.44", CONV (5),
    N_("runs along the hexside: not a crossing, its slope has no effect") },
  [RDT_LOS_REASON_SPINE_BOTH_BLOCK] = { "spine-both-block", "11.44", CONV (5),
    N_("runs along a hexside both of whose hexes hold blocking terrain or combat units") },
  [RDT_LOS_REASON_SPINE_ONE_SIDE] = { "spine-one-side", "11.44", CONV (5),
    N_("runs along a hexside with only one blocking hex: blocked only if both are") },
  [RDT_LOS_REASON_SPINE_IGNORED] = { "spine-ignored", "11.43 C", CONV (5) | CONV (9),
    N_("hex spine ignored because both units are up slope") },
  [RDT_LOS_REASON_SLOPE_END_HEXSIDE_B] = { "slope-end-hexside-case-b", "11.43 B", CONV (9),
    N_("a slope hexside of the firing or target hex does not block (case B keeps case A's slope rule for the end that is not up slope)") },
  [RDT_LOS_REASON_SLOPE_END_HEXSIDE_OLDER] = { "slope-end-hexside-older", "11.43 B (older edition)", CONV (9),
    N_("a slope hexside of the firing or target hex does not block: only slope hexsides between them must match the up-slope orientation") },
};

void
rdt_los_report_init (RdtLosReport *report)
{
  memset (report, 0, sizeof *report);
  report->steps = g_array_new (FALSE, FALSE, sizeof (RdtLosStep));
}

void
rdt_los_report_clear (RdtLosReport *report)
{
  g_clear_pointer (&report->steps, g_array_unref);
}

const RdtLosStep *
rdt_los_report_get_step (const RdtLosReport *report,
                         guint               index)
{
  g_return_val_if_fail (index < report->steps->len, NULL);
  return &g_array_index (report->steps, RdtLosStep, index);
}

guint
rdt_los_report_get_n_steps (const RdtLosReport *report)
{
  return report->steps->len;
}

const char *
rdt_los_reason_get_rule (RdtLosReason reason)
{
  g_return_val_if_fail (reason < RDT_LOS_N_REASONS, NULL);
  return reasons[reason].rule;
}

guint
rdt_los_reason_get_conventions (RdtLosReason reason)
{
  g_return_val_if_fail (reason < RDT_LOS_N_REASONS, 0);
  return reasons[reason].conventions;
}

const char *
rdt_los_reason_get_id (RdtLosReason reason)
{
  g_return_val_if_fail (reason < RDT_LOS_N_REASONS, NULL);
  return reasons[reason].id;
}

const char *
rdt_los_reason_get_message (RdtLosReason reason)
{
  g_return_val_if_fail (reason < RDT_LOS_N_REASONS, NULL);
  return reasons[reason].message ? _(reasons[reason].message) : "";
}

const char *
rdt_los_case_get_id (RdtLosCase los_case)
{
  static const char *const ids[] = { "none", "A", "B", "C" };
  g_return_val_if_fail (los_case <= RDT_LOS_CASE_C, NULL);
  return ids[los_case];
}

const char *
rdt_los_effect_get_id (RdtLosEffect effect)
{
  static const char *const ids[] = { "none", "blocks", "allowed", "ignored", "up-slope" };
  g_return_val_if_fail (effect <= RDT_LOS_EFFECT_UP_SLOPE, NULL);
  return ids[effect];
}

const char *
rdt_los_step_kind_get_id (RdtLosStepKind kind)
{
  static const char *const ids[] = { "hex", "cross", "run", "corner" };
  g_return_val_if_fail (kind <= RDT_LOS_STEP_CORNER, NULL);
  return ids[kind];
}

static gboolean
decides (const RdtLosReport *report,
         const RdtLosStep   *step)
{
  if (report->verdict == RDT_LOS_BLOCKED)
    return step->effect == RDT_LOS_EFFECT_BLOCKS;
  return step->effect == RDT_LOS_EFFECT_ALLOWED ||
         step->effect == RDT_LOS_EFFECT_IGNORED ||
         step->effect == RDT_LOS_EFFECT_UP_SLOPE;
}

static void
add_rule (GPtrArray  *rules,
          const char *rule)
{
  if (rule == NULL)
    return;
  for (guint i = 0; i < rules->len; i++)
    if (g_str_equal (g_ptr_array_index (rules, i), rule))
      return;
  g_ptr_array_add (rules, g_strdup (rule));
}

char **
rdt_los_report_dup_rules (const RdtLosReport *report,
                          guint              *out_conventions)
{
  GPtrArray *rules = g_ptr_array_new ();
  guint conventions;

  g_return_val_if_fail (report != NULL, NULL);

  add_rule (rules, reasons[report->reason].rule);
  conventions = reasons[report->reason].conventions;
  if (report->distance >= 2)
    conventions |= CONV (1) | CONV (2);
  for (guint i = 0; report->steps && i < report->steps->len; i++)
    {
      const RdtLosStep *step = &g_array_index (report->steps, RdtLosStep, i);
      if (!decides (report, step))
        continue;
      add_rule (rules, reasons[step->reason].rule);
      conventions |= reasons[step->reason].conventions;
      /* Through a corner: conventions 4 (crossing) and 6 (both hexsides). */
      if (step->kind == RDT_LOS_STEP_CORNER)
        conventions |= CONV (6);
      if (step->kind == RDT_LOS_STEP_CROSS && step->via_corner)
        conventions |= CONV (4) | CONV (6);
    }
  g_ptr_array_add (rules, NULL);
  if (out_conventions)
    *out_conventions = conventions;
  return (char **) g_ptr_array_free (rules, FALSE);
}

/* ---- Text --------------------------------------------------------------- */

static const char *
effect_text (RdtLosEffect effect)
{
  switch (effect)
    {
    case RDT_LOS_EFFECT_BLOCKS:
      return _("BLOCKS");
    case RDT_LOS_EFFECT_ALLOWED:
      return _("allowed");
    case RDT_LOS_EFFECT_IGNORED:
      return _("ignored");
    case RDT_LOS_EFFECT_UP_SLOPE:
      return _("up slope");
    case RDT_LOS_EFFECT_NONE:
    default:
      return NULL;
    }
}

/* A hex label, or "off map" for a hex beyond the map edge (a grazed hex or
 * the far side of an edge hexside). */
static const char *
hex_text (const RdtHexGrid *grid,
          RdtHex            hex,
          char              buf[RDT_HEX_LABEL_SIZE])
{
  if (!rdt_hex_grid_contains (grid, hex))
    return _("off map");
  rdt_hex_grid_format_label (grid, hex, buf);
  return buf;
}

static char *
hexside_text (const RdtHexGrid *grid,
              RdtHexside        side)
{
  char a[RDT_HEX_LABEL_SIZE], b[RDT_HEX_LABEL_SIZE];
  char label[RDT_HEXSIDE_LABEL_SIZE];

  if (rdt_hex_grid_contains (grid, side.a) && rdt_hex_grid_contains (grid, side.b))
    {
      rdt_hex_grid_format_hexside (grid, side, label);
      return g_strdup (label);
    }
  /* A hexside of the map edge: the hex on the map first. */
  if (rdt_hex_grid_contains (grid, side.b))
    return g_strdup_printf ("%s|%s", hex_text (grid, side.b, b), hex_text (grid, side.a, a));
  return g_strdup_printf ("%s|%s", hex_text (grid, side.a, a), hex_text (grid, side.b, b));
}

/* "3rd Virginia (American), 2nd Virginia (American)": the combat units in
 * `hex`, or NULL without a board or units. */
static char *
units_text (const RdtBoard *board,
            RdtHex          hex)
{
  g_autoptr(GArray) units = NULL;
  GString *out;

  if (board == NULL)
    return NULL;
  units = rdt_board_units_in_hex (board, hex);
  out = g_string_new (NULL);
  for (guint i = 0; i < units->len; i++)
    {
      guint u = g_array_index (units, guint, i);
      const RdtBoardUnit *unit = rdt_board_get_unit (board, u);
      const char *side = rdt_board_get_side_label (board, unit->side);

      if (!(unit->flags & RDT_BOARD_UNIT_COMBAT))
        continue;
      g_string_append_printf (out, "%s%s", out->len ? ", " : "", rdt_board_get_unit_label (board, u));
      if (side)
        g_string_append_printf (out, " (%s)", side);
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static void
append_features (GString       *out,
                 guint          features,
                 RdtLosEdition  edition,
                 const char    *units)
{
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);

  if (features & RDT_LOS_FEATURE_TERRAIN)
    g_ptr_array_add (parts, g_strdup (_("blocking terrain")));
  if ((features & RDT_LOS_FEATURE_UNITS) && units)
    g_ptr_array_add (parts, g_strdup_printf (_("combat units: %s"), units));
  else if (features & RDT_LOS_FEATURE_UNITS)
    g_ptr_array_add (parts, g_strdup (_("combat units")));
  if (features & RDT_LOS_FEATURE_OCCUPIED)
    g_ptr_array_add (parts, g_strdup (_("treated as occupied")));
  /* 11.41 in the words of the edition in force. */
  if ((features & RDT_LOS_FEATURE_SLOPE) && (features & RDT_LOS_FEATURE_WATER))
    g_ptr_array_add (parts, g_strdup (edition == RDT_LOS_EDITION_OLDER ?
                                      _("slope/run hexside (a slope hexside, 11.41)") :
                                      _("slope with run, creek or river (a slope, 11.41)")));
  else if (features & RDT_LOS_FEATURE_SLOPE)
    g_ptr_array_add (parts, g_strdup (_("slope")));
  for (guint i = 0; i < parts->len; i++)
    {
      g_string_append (out, i == 0 ? " [" : ", ");
      g_string_append (out, g_ptr_array_index (parts, i));
    }
  if (parts->len > 0)
    g_string_append (out, "]");
  g_ptr_array_unref (parts);
}

static char *
report_text (const RdtLosReport *report,
             const RdtHexGrid   *grid,
             const RdtBoard     *board)
{
  GString *out = g_string_new (NULL);
  char a[RDT_HEX_LABEL_SIZE], b[RDT_HEX_LABEL_SIZE], c[RDT_HEX_LABEL_SIZE];
  g_auto (GStrv) rules = NULL;
  g_autofree char *rules_text = NULL;

  g_return_val_if_fail (report != NULL, NULL);

  g_string_append_printf (out,
                          report->verdict == RDT_LOS_CLEAR ?
                          _("LOS %s → %s: CLEAR") : _("LOS %s → %s: BLOCKED"),
                          hex_text (grid, report->from, a), hex_text (grid, report->to, b));
  g_string_append_printf (out, _(" (range %d)"), report->distance);
  g_string_append_c (out, '\n');

  if (report->los_case != RDT_LOS_CASE_NONE)
    {
      const char *up;
      switch (report->up_slope)
        {
        case RDT_LOS_UP_SLOPE_FIRER:
          up = _("the firer is up slope");
          break;
        case RDT_LOS_UP_SLOPE_TARGET:
          up = _("the target is up slope");
          break;
        case RDT_LOS_UP_SLOPE_BOTH:
          up = _("both are up slope");
          break;
        default:
          up = _("neither is up slope");
          break;
        }
      /* The two editions differ only in case B (11.43 B): name the one in
       * force there, and nowhere else. */
      if (report->los_case == RDT_LOS_CASE_B)
        g_string_append_printf (out, _("Case B (%s, %s): %s.\n"), reasons[report->reason].rule,
                                report->edition == RDT_LOS_EDITION_OLDER ?
                                _("older edition of the Series Rules") :
                                _("current edition of the Series Rules"), up);
      else
        g_string_append_printf (out, _("Case %s (%s): %s.\n"),
                                rdt_los_case_get_id (report->los_case),
                                reasons[report->reason].rule, up);
    }
  else
    g_string_append_printf (out, "%s (%s).\n", rdt_los_reason_get_message (report->reason),
                            reasons[report->reason].rule);
  if (report->ignore_units)
    g_string_append (out, _("Combat units are ignored on request.\n"));

  for (guint i = 0; report->steps && i < report->steps->len; i++)
    {
      const RdtLosStep *step = &g_array_index (report->steps, RdtLosStep, i);
      const char *effect = effect_text (step->effect);
      g_autofree char *side = NULL;
      g_autofree char *units = NULL;
      gboolean at_corner = FALSE;

      g_string_append_printf (out, "%3u. ", i + 1);
      switch (step->kind)
        {
        case RDT_LOS_STEP_HEX:
          hex_text (grid, step->hex, a);
          if (i == 0)
            g_string_append_printf (out, _("hex %s (firing hex)"), a);
          else if (i + 1 == report->steps->len)
            g_string_append_printf (out, _("hex %s (target hex)"), a);
          else
            g_string_append_printf (out, _("passes through hex %s"), a);
          units = units_text (board, step->hex);
          break;
        case RDT_LOS_STEP_CROSS:
          side = hexside_text (grid, step->hexside);
          if (step->via_corner)
            {
              /* los-conventions rules 4 and 6: a corner passage. */
              g_string_append_printf (out,
                                      _("goes from %s straight into %s through a corner of their hexside %s, "
                                        "touching %s at that single point only (the line does not pass through it)"),
                                      hex_text (grid, step->from, a), hex_text (grid, step->to, b), side,
                                      hex_text (grid, step->grazed, c));
              at_corner = TRUE;
            }
          else
            g_string_append_printf (out, _("crosses hexside %s into %s"), side, hex_text (grid, step->to, a));
          break;
        case RDT_LOS_STEP_RUN:
          side = hexside_text (grid, step->hexside);
          g_string_append_printf (out, _("runs along hexside %s (hex spine)"), side);
          if (step->features & (RDT_LOS_FEATURE_SIDE_A_BLOCKS | RDT_LOS_FEATURE_SIDE_B_BLOCKS))
            g_string_append_printf (out, _(" [%s: %s, %s: %s]"),
                                    hex_text (grid, step->hexside.a, b),
                                    (step->features & RDT_LOS_FEATURE_SIDE_A_BLOCKS) ? _("blocks") : _("open"),
                                    hex_text (grid, step->hexside.b, c),
                                    (step->features & RDT_LOS_FEATURE_SIDE_B_BLOCKS) ? _("blocks") : _("open"));
          break;
        case RDT_LOS_STEP_CORNER:
          g_string_append_printf (out,
                                  step->entering ?
                                  _("enters hex %s through the corner of its hexsides with %s and %s") :
                                  _("leaves hex %s through the corner of its hexsides with %s and %s"),
                                  hex_text (grid, step->hex, a), hex_text (grid, step->side_hexes[0], b),
                                  hex_text (grid, step->side_hexes[1], c));
          at_corner = TRUE;
          break;
        default:
          break;
        }
      append_features (out, step->features & ~(RDT_LOS_FEATURE_SIDE_A_BLOCKS | RDT_LOS_FEATURE_SIDE_B_BLOCKS),
                       report->edition, units);
      if (step->reason != RDT_LOS_REASON_NONE)
        g_string_append_printf (out, ": %s%s%s (%s)", effect ? effect : "", effect ? ", " : "",
                                rdt_los_reason_get_message (step->reason),
                                reasons[step->reason].rule);
      /* How a slope counts at a corner, in words (los-conventions rule 6),
       * unless the reason just said it. */
      if (at_corner && (step->features & RDT_LOS_FEATURE_SLOPE) &&
          step->reason != RDT_LOS_REASON_CORNER_NOT_BOTH)
        g_string_append (out, _("; at a corner, a slope counts only when both hexsides of the hex "
                                "that meet there are slopes with the hex on the same side"));
      g_string_append_c (out, '\n');
    }

  rules = rdt_los_report_dup_rules (report, NULL);
  rules_text = g_strjoinv (", ", rules);
  g_string_append_printf (out, _("Decided by rules %s.\n"), rules_text);
  return g_string_free (out, FALSE);
}

char *
rdt_los_report_to_text (const RdtLosReport *report,
                        const RdtHexGrid   *grid)
{
  return report_text (report, grid, NULL);
}

char *
rdt_los_report_describe (const RdtLosReport *report,
                         const RdtBoard     *board)
{
  g_return_val_if_fail (board != NULL, NULL);
  return report_text (report, rdt_board_get_grid (board), board);
}

/* ---- Symmetry ----------------------------------------------------------- */

static gboolean
hex_eq (RdtHex a,
        RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

static gboolean
step_is_reverse (const RdtLosStep *s,
                 const RdtLosStep *r)
{
  if (s->kind != r->kind || s->features != r->features ||
      s->effect != r->effect || s->reason != r->reason)
    return FALSE;
  switch (s->kind)
    {
    case RDT_LOS_STEP_HEX:
      return hex_eq (s->hex, r->hex);
    case RDT_LOS_STEP_CROSS:
      return rdt_hexside_equal (s->hexside, r->hexside) && hex_eq (s->from, r->to) &&
             hex_eq (s->to, r->from) && s->via_corner == r->via_corner &&
             (!s->via_corner || hex_eq (s->grazed, r->grazed));
    case RDT_LOS_STEP_RUN:
      return rdt_hexside_equal (s->hexside, r->hexside) && hex_eq (s->from, r->to) &&
             hex_eq (s->to, r->from);
    case RDT_LOS_STEP_CORNER:
      return hex_eq (s->hex, r->hex) && s->entering != r->entering &&
             ((hex_eq (s->side_hexes[0], r->side_hexes[0]) && hex_eq (s->side_hexes[1], r->side_hexes[1])) ||
              (hex_eq (s->side_hexes[0], r->side_hexes[1]) && hex_eq (s->side_hexes[1], r->side_hexes[0])));
    default:
      return FALSE;
    }
}

gboolean
rdt_los_report_is_reverse_of (const RdtLosReport *report,
                              const RdtLosReport *reversed)
{
  guint n;
  guint swapped = ((report->up_slope & RDT_LOS_UP_SLOPE_FIRER) ? RDT_LOS_UP_SLOPE_TARGET : 0) |
                  ((report->up_slope & RDT_LOS_UP_SLOPE_TARGET) ? RDT_LOS_UP_SLOPE_FIRER : 0);

  if (!hex_eq (report->from, reversed->to) || !hex_eq (report->to, reversed->from) ||
      report->verdict != reversed->verdict || report->los_case != reversed->los_case ||
      report->reason != reversed->reason || swapped != reversed->up_slope ||
      report->distance != reversed->distance)
    return FALSE;
  n = report->steps->len;
  if (n != reversed->steps->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!step_is_reverse (&g_array_index (report->steps, RdtLosStep, i),
                          &g_array_index (reversed->steps, RdtLosStep, n - 1 - i)))
      return FALSE;
  return TRUE;
}
