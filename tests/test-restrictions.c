/* test-restrictions.c: the volumes' exclusive rules as <restriction> data,
 * read by movement and retreat in a game context (issue 12).  Each test
 * loads a small scenario written in the file format (so the loader and the
 * writer are exercised too) and names the rule it checks.
 *
 * The map is 8 x 8, flat-top, odd columns low: moving along a column
 * (0101, 0102, 0103...) is one hex per step. */
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "redoubt-core.h"
#include "rdt-board.h"
#include "rdt-game-context.h"
#include "rdt-los.h"
#include "rdt-zoc.h"
#include "rdt-movement.h"
#include "rdt-retreat.h"
#include "rdt-scenario-io.h"

static RdtScenario *
load_xml (const char *scenario_id,
          const char *restrictions,
          const char *map_extra,
          const char *sides,
          const char *units,
          int         first_turn,
          int         n_turns)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"%s\">\n"
    "  <title>t</title>\n"
    "  <volume id=\"t\">\n"
    "    <title>t</title>\n"
    "    <series-rules edition=\"current\"/>\n"
    "    <stacking max-sp=\"6\" max-artillery=\"1\" rule=\"7.1\"/>\n"
    "    <terrain id=\"clear\" name=\"Clear\" mp=\"1\"/>\n"
    "    <terrain id=\"chew-house\" name=\"Chew House\" mp=\"1\" zoc=\"false\"/>\n"
    "    <terrain id=\"swamp\" name=\"Swamp\" mp=\"3\"/>\n"
    "    <hexside-type id=\"road\" name=\"Road\" kind=\"road\" mp=\"1\" strategic=\"true\"/>\n"
    "    <hexside-type id=\"fieldwork\" name=\"Fieldwork\" kind=\"fieldwork\" mp=\"1\" zoc=\"false\"/>\n"
    "    <hexside-type id=\"open-work\" name=\"Open work\" kind=\"fieldwork\" mp=\"1\" zoc=\"true\"/>\n"
    "    <state id=\"panic\" name=\"Panic\" zoc=\"false\" rule=\"Germantown 3.2.3\"/>\n"
    "%s"
    "  </volume>\n"
    "  <map default-terrain=\"clear\">\n"
    "    <grid columns=\"8\" rows=\"8\" first-column=\"1\" first-row=\"1\" orientation=\"flat-top\" shift=\"odd\"/>\n"
    "%s"
    "  </map>\n"
    "  <sides>\n%s  </sides>\n"
    "  <turns first=\"%d\" count=\"%d\"/>\n"
    "  <units>\n%s  </units>\n"
    "</scenario>\n",
    scenario_id, restrictions, map_extra, sides, first_turn, n_turns, units);
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(GPtrArray) diags = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_diagnostic_free);
  g_autoptr(GError) error = NULL;
  RdtScenario *sc = rdt_scenario_load_from_bytes (bytes, "test.redoubt", diags, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sc);
  for (guint i = 0; i < diags->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diags, i);
      if (d->severity == RDT_SEVERITY_ERROR)
        g_error ("%d: %s", d->line, d->message);
    }
  return sc;
}

#define TWO_SIDES \
  "    <side id=\"british\" name=\"British\"/>\n" \
  "    <side id=\"american\" name=\"American\"/>\n"

#define UNIT(id, side, kind, mp, hex) \
  "    <unit id=\"" id "\" name=\"" id " name\" side=\"" side "\" kind=\"" kind "\" movement=\"" mp "\">" \
  "<step strength=\"2\" morale=\"0\"/><setup hex=\"" hex "\"/></unit>\n"

static RdtHex
hx (RdtScenario *sc,
    const char  *label)
{
  RdtHex h;

  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (sc), label, &h, NULL));
  return h;
}

static RdtReach *
reach (RdtScenario          *sc,
       const char           *unit,
       gboolean              strategic,
       const RdtGameContext *context)
{
  g_autoptr(RdtMovement) mv = rdt_movement_new (sc, NULL);
  RdtMoveOptions o;
  g_autoptr(GError) error = NULL;
  RdtReach *r;

  rdt_move_options_init (&o);
  o.strategic = strategic;
  o.context = context;
  r = rdt_movement_reach (mv, unit, &o, &error);
  g_assert_no_error (error);
  return r;
}

static RdtRetreat *
retreat (RdtScenario          *sc,
         const char           *unit,
         const RdtGameContext *context)
{
  g_autoptr(RdtMovement) mv = rdt_movement_new (sc, NULL);
  RdtRetreatOptions o;
  g_autoptr(GError) error = NULL;
  RdtRetreat *r;

  rdt_retreat_options_init (&o, 1);
  o.context = context;
  r = rdt_movement_retreat (mv, unit, &o, &error);
  g_assert_no_error (error);
  return r;
}

static gboolean
ok (RdtReach    *r,
    RdtScenario *sc,
    const char  *label)
{
  return rdt_reach_lookup (r, hx (sc, label), NULL);
}

static const char *
why (RdtReach    *r,
     RdtScenario *sc,
     const char  *label)
{
  return rdt_move_reason_get_id (rdt_reach_get_reason (r, hx (sc, label)));
}

static const char *
rule (RdtReach    *r,
      RdtScenario *sc,
      const char  *label)
{
  return rdt_reach_get_reason_rule (r, hx (sc, label));
}

static guint
flags (RdtReach    *r,
       RdtScenario *sc,
       const char  *label)
{
  RdtReachHex e;

  g_assert_true (rdt_reach_lookup (r, hx (sc, label), &e));
  return e.flags;
}

static gboolean
retreat_end (RdtRetreat  *r,
             RdtScenario *sc,
             const char  *label,
             guint       *out_flags)
{
  RdtRetreatEnd e;

  if (!rdt_retreat_lookup (r, hx (sc, label), &e))
    return FALSE;
  if (out_flags != NULL)
    *out_flags = e.flags;
  return TRUE;
}

static void
context (RdtGameContext     *c,
         int                 turn,
         const char *const  *released)
{
  rdt_game_context_init (c);
  c->turn = turn;
  c->released = released;
}

static const char *const no_release[] = { NULL };

/* ---- Brandywine 3.6.1 ------------------------------------------------- */

#define BIVOUAC \
  "    <restriction id=\"bivouac\" effect=\"no-enter\" applies=\"move retreat\" side=\"american\" " \
  "placement=\"at-start\" area=\"bivouac\" outside=\"true\" turns=\"1-5\" until-released=\"sullivan\" " \
  "rule=\"Brandywine 3.6.1\"/>\n"
#define BIVOUAC_AREA "    <area id=\"bivouac\" name=\"Bivouac\">0101 0102 0103 0201 0202 0203</area>\n"

static RdtScenario *
bivouac_scenario (void)
{
  return load_xml ("b", BIVOUAC, BIVOUAC_AREA, TWO_SIDES,
                   UNIT ("va", "american", "infantry", "4", "0102")
                   UNIT ("gb", "british", "infantry", "4", "0808"), 1, 12);
}

static void
test_bivouac_may_not_leave (void)
{
  g_autoptr(RdtScenario) sc = bivouac_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtGameContext c;

  context (&c, 2, no_release);
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (ok (r, sc, "0103"));
  g_assert_false (ok (r, sc, "0104"));
  g_assert_cmpstr (why (r, sc, "0104"), ==, "restricted-enter");
  g_assert_cmpstr (rule (r, sc, "0104"), ==, "Brandywine 3.6.1");
  /* Not even through the outside: 0105 is reachable only through it. */
  g_assert_false (ok (r, sc, "0105"));
}

static void
test_bivouac_not_decided (void)
{
  g_autoptr(RdtScenario) sc = bivouac_scenario ();
  g_autoptr(RdtReach) r = NULL;
  g_autoptr(RdtRetreat) rt = NULL;
  const char *rl = NULL;
  RdtDepends dep = RDT_DEPENDS_NOTHING;
  RdtGameContext c;

  /* No turn: the hexes outside are not "legal", they are not decided. */
  r = reach (sc, "va", FALSE, NULL);
  g_assert_true (ok (r, sc, "0104"));
  g_assert_true (flags (r, sc, "0104") & RDT_REACH_UNDECIDED);
  g_assert_true (flags (r, sc, "0105") & RDT_REACH_UNDECIDED);   /* through 0104 */
  g_assert_false (flags (r, sc, "0103") & RDT_REACH_UNDECIDED);
  g_assert_true (rdt_reach_get_undecided (r, &(RdtHex) { hx (sc, "0104").col, hx (sc, "0104").row }, &rl, &dep));
  g_assert_cmpstr (rl, ==, "Brandywine 3.6.1");
  g_assert_cmpint (dep, ==, RDT_DEPENDS_TURN);
  g_clear_pointer (&r, rdt_reach_unref);
  /* The turn told, the releases not: they decide it. */
  context (&c, 3, NULL);
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (rdt_reach_get_undecided (r, &(RdtHex) { hx (sc, "0104").col, hx (sc, "0104").row }, &rl, &dep));
  g_assert_cmpint (dep, ==, RDT_DEPENDS_RELEASE);
  /* Retreats too: from 0103, 0104 and 0204 lie outside. */
  {
    g_autoptr(RdtScenario) s2 = load_xml ("b", BIVOUAC, BIVOUAC_AREA, TWO_SIDES,
                                          UNIT ("va", "american", "infantry", "4", "0103")
                                          UNIT ("gb", "british", "infantry", "4", "0808"), 1, 12);
    guint f = 0;

    rt = retreat (s2, "va", NULL);
    g_assert_true (rdt_retreat_get_undecided (rt, &rl, &dep));
    g_assert_cmpstr (rl, ==, "Brandywine 3.6.1");
    g_assert_true (retreat_end (rt, s2, "0104", &f));
    g_assert_true (f & RDT_RETREAT_UNDECIDED);
    g_assert_true (retreat_end (rt, s2, "0102", &f));
    g_assert_false (f & RDT_RETREAT_UNDECIDED);
    g_clear_pointer (&rt, rdt_retreat_unref);
    context (&c, 2, no_release);
    rt = retreat (s2, "va", &c);
    g_assert_false (retreat_end (rt, s2, "0104", NULL));
    g_assert_false (rdt_retreat_get_undecided (rt, NULL, NULL));
  }
}

static void
test_bivouac_released (void)
{
  g_autoptr(RdtScenario) sc = bivouac_scenario ();
  g_autoptr(RdtReach) r = NULL;
  static const char *const sullivan[] = { "sullivan", NULL };
  RdtGameContext c;

  /* 3.6.1.1: turn 6 releases everyone. */
  context (&c, 6, NULL);
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (ok (r, sc, "0104"));
  g_assert_false (flags (r, sc, "0104") & RDT_REACH_UNDECIDED);
  g_clear_pointer (&r, rdt_reach_unref);
  /* 3.6.1.3: Sullivan's early release. */
  context (&c, 4, sullivan);
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (ok (r, sc, "0104"));
}

/* ---- Brandywine 3.6.2 ------------------------------------------------- */

static void
test_radley_run (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("b",
    "    <restriction id=\"radley\" effect=\"no-end\" side=\"american\" area=\"north\" rule=\"Brandywine 3.6.2.1\"/>\n",
    "    <area id=\"north\" name=\"North of Radley Run\">0103</area>\n", TWO_SIDES,
    UNIT ("va", "american", "infantry", "4", "0101") UNIT ("gb", "british", "infantry", "4", "0808"), 1, 12);
  g_autoptr(RdtReach) r = reach (sc, "va", FALSE, NULL);

  /* No time condition: decided without a turn.  May pass, not end. */
  g_assert_false (ok (r, sc, "0103"));
  g_assert_cmpstr (why (r, sc, "0103"), ==, "restricted-end");
  g_assert_cmpstr (rule (r, sc, "0103"), ==, "Brandywine 3.6.2.1");
  g_assert_true (ok (r, sc, "0104"));
  g_assert_false (flags (r, sc, "0104") & RDT_REACH_UNDECIDED);
}

static void
test_delaware_and_proctor (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("b",
    "    <restriction id=\"delaware\" effect=\"no-move\" units=\"delaware\" placement=\"at-start\" "
    "until-released=\"delaware-blues\" rule=\"Brandywine 3.6.2.2\"/>\n"
    "    <restriction id=\"proctor\" effect=\"no-move\" units=\"proctor\" placement=\"at-start\" "
    "until-released=\"proctor\" rule=\"Brandywine 3.6.2.3\"/>\n",
    "", TWO_SIDES,
    UNIT ("delaware", "american", "infantry", "4", "0101") UNIT ("proctor", "american", "artillery", "4", "0301")
    UNIT ("gb", "british", "infantry", "4", "0808"), 1, 12);
  static const char *const released[] = { "delaware-blues", NULL };
  g_autoptr(RdtReach) r = NULL;
  const char *rl = NULL;
  RdtDepends dep;
  RdtGameContext c;

  context (&c, 1, no_release);
  r = reach (sc, "delaware", FALSE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_RESTRICTED);
  g_assert_cmpstr (rdt_reach_get_unit_rule (r), ==, "Brandywine 3.6.2.2");
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), ==, 0);
  g_clear_pointer (&r, rdt_reach_unref);
  /* Released. */
  context (&c, 1, released);
  r = reach (sc, "delaware", FALSE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_NONE);
  g_assert_true (ok (r, sc, "0102"));
  g_clear_pointer (&r, rdt_reach_unref);
  /* 3.6.2.3: Proctor is not released by the Delaware's release. */
  r = reach (sc, "proctor", FALSE, &c);
  g_assert_cmpstr (rdt_reach_get_unit_rule (r), ==, "Brandywine 3.6.2.3");
  g_clear_pointer (&r, rdt_reach_unref);
  /* Not told the releases: the whole move is not decided. */
  r = reach (sc, "proctor", FALSE, NULL);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_NONE);
  g_assert_true (rdt_reach_get_undecided (r, NULL, &rl, &dep));
  g_assert_cmpstr (rl, ==, "Brandywine 3.6.2.3");
  g_assert_cmpint (dep, ==, RDT_DEPENDS_RELEASE);
}

/* ---- Brandywine 7.1.3.1 ----------------------------------------------- */

static void
test_renwick_run (void)
{
  const char *restr =
    "    <restriction id=\"renwick\" effect=\"no-enter\" applies=\"move retreat\" scenario=\"feint\" "
    "side=\"british\" area=\"north\" rule=\"Brandywine 7.1.3.1\"/>\n";
  const char *area = "    <area id=\"north\" name=\"North of Renwick Run\">0101 0102 0103 0201 0202 0203 0301 0302</area>\n";
  const char *units = UNIT ("gb", "british", "infantry", "6", "0105") UNIT ("va", "american", "infantry", "4", "0808");
  g_autoptr(RdtScenario) sc = load_xml ("feint", restr, area, TWO_SIDES, units, 7, 6);
  g_autoptr(RdtScenario) other = load_xml ("full", restr, area, TWO_SIDES, units, 7, 6);
  g_autoptr(RdtReach) r = reach (sc, "gb", FALSE, NULL);
  g_autoptr(RdtRetreat) rt = NULL;

  g_assert_true (ok (r, sc, "0104"));
  g_assert_false (ok (r, sc, "0103"));
  g_assert_cmpstr (why (r, sc, "0103"), ==, "restricted-enter");
  g_assert_cmpstr (rule (r, sc, "0103"), ==, "Brandywine 7.1.3.1");
  g_assert_false (ok (r, sc, "0102"));
  g_clear_pointer (&r, rdt_reach_unref);
  /* Another scenario of the volume: the rule is 7.1's only. */
  r = reach (other, "gb", FALSE, NULL);
  g_assert_true (ok (r, other, "0103"));
  g_clear_pointer (&r, rdt_reach_unref);
  /* "move or retreat": from 0104, the retreat into 0103 is blocked. */
  {
    g_autoptr(RdtScenario) s2 = load_xml ("feint", restr, area, TWO_SIDES,
      UNIT ("gb", "british", "infantry", "6", "0104") UNIT ("va", "american", "infantry", "4", "0808"), 7, 6);
    rt = retreat (s2, "gb", NULL);
    g_assert_false (retreat_end (rt, s2, "0103", NULL));
    g_assert_true (retreat_end (rt, s2, "0105", NULL));
    g_assert_cmpint (rdt_retreat_get_reason (rt, hx (s2, "0103")), ==, RDT_RETREAT_REASON_RESTRICTED);
  }
}

/* ---- Brandywine 7.2.1.5, Savannah 4.7 --------------------------------- */

static void
test_arrival_no_strategic (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("flank",
    "    <restriction id=\"arrival\" effect=\"no-strategic\" scenario=\"flank\" side=\"american\" "
    "placement=\"arriving\" arrival-turn=\"true\" rule=\"Brandywine 7.2.1.5\"/>\n",
    "    <hexside at=\"0101|0102\" road=\"road\"/>\n    <hexside at=\"0102|0103\" road=\"road\"/>\n"
    "    <hexside at=\"0103|0104\" road=\"road\"/>\n"
    "    <entry id=\"T11\" at=\"0101\" name=\"Turn 11 arrival\"/>\n", TWO_SIDES,
    "    <unit id=\"va\" name=\"2 Virginia\" side=\"american\" kind=\"infantry\" movement=\"1\">"
    "<step strength=\"2\" morale=\"0\"/><arrive turn=\"11\" entry=\"T11\"/></unit>\n"
    UNIT ("gb", "british", "infantry", "4", "0808"), 6, 7);
  g_autoptr(RdtReach) r = NULL;
  const char *rl = NULL;
  RdtDepends dep;
  RdtGameContext c;

  context (&c, 11, NULL);
  r = reach (sc, "va", TRUE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_RESTRICTED_STRATEGIC);
  g_assert_cmpstr (rdt_reach_get_unit_rule (r), ==, "Brandywine 7.2.1.5");
  g_assert_false (ok (r, sc, "0103"));
  g_clear_pointer (&r, rdt_reach_unref);
  /* Normal movement on the arrival turn is fine. */
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (ok (r, sc, "0102"));
  g_clear_pointer (&r, rdt_reach_unref);
  /* Without the turn: not decided (the CLI gave 8 MP). */
  r = reach (sc, "va", TRUE, NULL);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_NONE);
  g_assert_true (rdt_reach_get_undecided (r, NULL, &rl, &dep));
  g_assert_cmpstr (rl, ==, "Brandywine 7.2.1.5");
  g_assert_cmpint (dep, ==, RDT_DEPENDS_TURN);
  g_clear_pointer (&r, rdt_reach_unref);
  /* A later turn: strategic movement along the road. */
  context (&c, 12, NULL);
  r = reach (sc, "va", TRUE, &c);
  g_assert_true (ok (r, sc, "0103"));
  g_assert_false (rdt_reach_get_undecided (r, NULL, NULL, NULL));
}

static void
test_savannah_4_7_entries (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("sv",
    "    <restriction id=\"arrival-a-f\" effect=\"no-strategic\" placement=\"arriving\" entries=\"A F\" "
    "arrival-turn=\"true\" rule=\"Savannah 4.7\"/>\n",
    "    <hexside at=\"0101|0102\" road=\"road\"/>\n    <hexside at=\"0801|0802\" road=\"road\"/>\n"
    "    <entry id=\"A\" at=\"0101\" name=\"A\"/>\n    <entry id=\"V-1\" at=\"0801\" name=\"V-1\"/>\n",
    TWO_SIDES,
    "    <unit id=\"at-a\" name=\"1st S.C.\" side=\"american\" kind=\"infantry\" movement=\"2\">"
    "<step strength=\"2\" morale=\"0\"/><arrive turn=\"3\" entry=\"A\"/></unit>\n"
    "    <unit id=\"at-v\" name=\"Marine Bn.\" side=\"american\" kind=\"infantry\" movement=\"2\">"
    "<step strength=\"2\" morale=\"0\"/><arrive turn=\"3\" entry=\"V-1\"/></unit>\n"
    UNIT ("gb", "british", "infantry", "4", "0408"), 1, 25);
  g_autoptr(RdtReach) r = NULL;
  RdtGameContext c;

  context (&c, 3, NULL);
  r = reach (sc, "at-a", TRUE, &c);
  g_assert_cmpstr (rdt_reach_get_unit_rule (r), ==, "Savannah 4.7");
  g_clear_pointer (&r, rdt_reach_unref);
  r = reach (sc, "at-v", TRUE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_NONE);
  g_assert_true (ok (r, sc, "0802"));
}

/* ---- Brandywine 3.3.1, 3.3.2 ------------------------------------------ */

static void
test_maxwell_stacking (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("b",
    "    <restriction id=\"maxwell\" effect=\"end-with\" units=\"maxwell\" with-kinds=\"light-infantry\" "
    "with-units=\"simms parker\" rule=\"Brandywine 3.3.1\"/>\n",
    "", TWO_SIDES,
    "    <leader id=\"maxwell\" name=\"Maxwell\" side=\"american\" rank=\"1\" cc-drm=\"+1\" leadership-drm=\"+1\" "
    "movement=\"4\"><setup hex=\"0101\"/></leader>\n"
    UNIT ("simms", "american", "light-infantry", "4", "0103")
    UNIT ("other", "american", "light-infantry", "4", "0104")
    UNIT ("gb", "british", "infantry", "4", "0808"), 1, 12);
  g_autoptr(RdtReach) r = reach (sc, "maxwell", FALSE, NULL);

  g_assert_true (ok (r, sc, "0103"));
  g_assert_false (ok (r, sc, "0102"));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "end-with");
  g_assert_cmpstr (rule (r, sc, "0102"), ==, "Brandywine 3.3.1");
  /* A light infantry unit not of his Detachment does not do. */
  g_assert_false (ok (r, sc, "0104"));
}

static void
test_stirn_stacking (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("b",
    "    <restriction id=\"stirn\" effect=\"no-end-with\" units=\"stirn\" with-units=\"british loyalist\" "
    "with-combat=\"true\" may-retreat=\"true\" rule=\"Brandywine 3.3.2\"/>\n",
    "", TWO_SIDES,
    "    <leader id=\"stirn\" name=\"Stirn\" side=\"british\" nationality=\"hessian\" rank=\"2\" cc-drm=\"+1\" "
    "leadership-drm=\"+1\" movement=\"4\"><setup hex=\"0101\"/></leader>\n"
    "    <unit id=\"fifth\" name=\"5th Foot\" side=\"british\" nationality=\"british\" kind=\"infantry\" movement=\"4\">"
    "<step strength=\"2\" morale=\"0\"/><setup hex=\"0102\"/></unit>\n"
    "    <unit id=\"leib\" name=\"Leib\" side=\"british\" nationality=\"hessian\" kind=\"infantry\" movement=\"4\">"
    "<step strength=\"2\" morale=\"0\"/><setup hex=\"0201\"/></unit>\n"
    "    <leader id=\"grant\" name=\"Grant\" side=\"british\" nationality=\"british\" rank=\"2\" cc-drm=\"+1\" "
    "leadership-drm=\"+1\" movement=\"4\"><setup hex=\"0301\"/></leader>\n"
    UNIT ("va", "american", "infantry", "4", "0808"), 1, 12);
  g_autoptr(RdtReach) r = reach (sc, "stirn", FALSE, NULL);

  /* May pass through the British unit, not end with it. */
  g_assert_false (ok (r, sc, "0102"));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "volume-stacking");
  g_assert_cmpstr (rule (r, sc, "0102"), ==, "Brandywine 3.3.2");
  g_assert_true (ok (r, sc, "0103"));
  /* Hessians and British leaders are no British combat units. */
  g_assert_true (ok (r, sc, "0201"));
  g_assert_true (ok (r, sc, "0301"));
}

static void
test_proctors_battery (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("b",
    "    <restriction id=\"pb\" effect=\"may-pass-overstacked\" side=\"american\" kinds=\"artillery\" "
    "area=\"battery\" rule=\"Brandywine 3.3.3\"/>\n",
    "    <hex at=\"0202\" terrain=\"swamp\"/>\n    <hex at=\"0203\" terrain=\"swamp\"/>\n"
    "    <hex at=\"0204\" terrain=\"swamp\"/>\n"
    "    <area id=\"battery\" name=\"Proctor's Battery\">0103</area>\n", TWO_SIDES,
    UNIT ("proctor", "american", "artillery", "4", "0103") UNIT ("guns", "american", "artillery", "4", "0102")
    UNIT ("gb-guns", "british", "artillery", "4", "0808"), 1, 12);
  g_autoptr(RdtReach) r = reach (sc, "guns", FALSE, NULL);

  /* 7.1: one artillery unit per hex; 3.3.3: through 1127 all the same. */
  g_assert_true (ok (r, sc, "0104"));
  {
    g_autoptr(GArray) path = rdt_reach_dup_path (r, hx (sc, "0104"));
    g_assert_cmpuint (path->len, ==, 3);
  }
  g_assert_false (ok (r, sc, "0103"));
  g_assert_cmpstr (why (r, sc, "0103"), ==, "overstacked");
}

/* ---- Germantown 3.10.1 ------------------------------------------------ */

#define CHEW \
  "    <restriction id=\"chew-end\" effect=\"no-end\" kinds=\"dragoons artillery\" terrain=\"chew-house\" " \
  "rule=\"Germantown 3.10.1\"/>\n" \
  "    <restriction id=\"chew-retreat\" effect=\"no-enter\" applies=\"retreat\" kinds=\"dragoons artillery\" " \
  "terrain=\"chew-house\" rule=\"Germantown 3.10.1\"/>\n"

static void
test_chew_house (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("g", CHEW,
    "    <hex at=\"0102\" terrain=\"chew-house\"/>\n"
    "    <hex at=\"0402\" terrain=\"chew-house\"/>\n", TWO_SIDES,
    UNIT ("guns", "american", "artillery", "4", "0101") UNIT ("horse", "american", "dragoons", "4", "0401")
    UNIT ("foot", "american", "infantry", "4", "0301") UNIT ("gb", "british", "infantry", "4", "0808"), 1, 10);
  g_autoptr(RdtReach) r = reach (sc, "guns", FALSE, NULL);

  /* Artillery moves through (today it was refused passage)... */
  g_assert_true (ok (r, sc, "0103"));
  g_assert_cmpint (rdt_reach_get_n_hexes (r), >, 0);
  /* ...but never ends there. */
  g_assert_false (ok (r, sc, "0102"));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "restricted-end");
  g_assert_cmpstr (rule (r, sc, "0102"), ==, "Germantown 3.10.1");
  g_clear_pointer (&r, rdt_reach_unref);
  /* Dragoons (cavalry) neither. */
  r = reach (sc, "horse", FALSE, NULL);
  g_assert_false (ok (r, sc, "0402"));
  g_assert_true (ok (r, sc, "0403"));
  g_clear_pointer (&r, rdt_reach_unref);
  /* Infantry may end there. */
  r = reach (sc, "foot", FALSE, NULL);
  g_assert_true (ok (r, sc, "0402"));
}

static void
test_chew_house_retreat (void)
{
  /* The dragoons in 0101: 0102 is the Chew House; its other neighbours
   * 0201 and 0202 are free. */
  g_autoptr(RdtScenario) sc = load_xml ("g", CHEW,
    "    <hex at=\"0102\" terrain=\"chew-house\"/>\n", TWO_SIDES,
    UNIT ("horse", "american", "dragoons", "4", "0101") UNIT ("foot", "american", "infantry", "4", "0202")
    UNIT ("gb", "british", "infantry", "4", "0808"), 1, 10);
  g_autoptr(RdtRetreat) r = retreat (sc, "horse", NULL);
  guint f = 0;

  g_assert_false (retreat_end (r, sc, "0102", NULL));
  g_assert_cmpint (rdt_retreat_get_reason (r, hx (sc, "0102")), ==, RDT_RETREAT_REASON_RESTRICTED);
  g_assert_true (retreat_end (r, sc, "0202", &f));
  g_clear_pointer (&r, rdt_retreat_unref);
  /* Infantry may retreat into it. */
  r = retreat (sc, "foot", NULL);
  g_assert_true (retreat_end (r, sc, "0102", NULL));
}

/* ---- Germantown 3.2.3, 3.3 -------------------------------------------- */

static void
test_panic (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("g",
    "    <restriction id=\"panic\" effect=\"no-move\" states=\"panic\" rule=\"Germantown 3.2.3\"/>\n",
    "", TWO_SIDES,
    "    <unit id=\"pa\" name=\"Panicked\" side=\"american\" kind=\"infantry\" movement=\"4\">"
    "<step strength=\"2\" morale=\"0\"/><setup hex=\"0101\" states=\"panic\"/></unit>\n"
    UNIT ("calm", "american", "infantry", "4", "0301") UNIT ("gb", "british", "infantry", "4", "0808"), 1, 10);
  g_autoptr(RdtReach) r = reach (sc, "pa", FALSE, NULL);

  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_RESTRICTED);
  g_assert_cmpstr (rdt_reach_get_unit_rule (r), ==, "Germantown 3.2.3");
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), ==, 0);
  g_clear_pointer (&r, rdt_reach_unref);
  r = reach (sc, "calm", FALSE, NULL);
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), >, 0);
}

static void
test_germantown_3_3 (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("g",
    "    <restriction id=\"t1\" effect=\"no-move\" side=\"british\" area=\"north\" outside=\"true\" turns=\"1\" "
    "rule=\"Germantown 3.3\"/>\n"
    "    <restriction id=\"t2\" effect=\"no-move\" side=\"british\" exempt=\"hessian\" area=\"north\" "
    "outside=\"true\" turns=\"2\" rule=\"Germantown 3.3\"/>\n",
    "    <area id=\"north\" name=\"On or north of row 03xx\">0101 0102 0201 0202 0301 0302</area>\n", TWO_SIDES,
    UNIT ("north", "british", "infantry", "4", "0101") UNIT ("south", "british", "infantry", "4", "0601")
    "    <unit id=\"hesse\" name=\"Hessians\" side=\"british\" nationality=\"hessian\" kind=\"infantry\" movement=\"4\">"
    "<step strength=\"2\" morale=\"0\"/><setup hex=\"0701\"/></unit>\n"
    UNIT ("va", "american", "infantry", "4", "0808"), 1, 10);
  g_autoptr(RdtReach) r = NULL;
  const char *rl = NULL;
  RdtDepends dep;
  RdtGameContext c;

  context (&c, 1, NULL);
  r = reach (sc, "north", FALSE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_NONE);
  g_clear_pointer (&r, rdt_reach_unref);
  r = reach (sc, "south", FALSE, &c);
  g_assert_cmpstr (rdt_reach_get_unit_rule (r), ==, "Germantown 3.3");
  g_clear_pointer (&r, rdt_reach_unref);
  r = reach (sc, "hesse", FALSE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_RESTRICTED);
  g_clear_pointer (&r, rdt_reach_unref);
  /* Turn 2: the Hessians too. */
  context (&c, 2, NULL);
  r = reach (sc, "hesse", FALSE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_NONE);
  g_clear_pointer (&r, rdt_reach_unref);
  r = reach (sc, "south", FALSE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_RESTRICTED);
  g_clear_pointer (&r, rdt_reach_unref);
  /* Turn 3: everyone. */
  context (&c, 3, NULL);
  r = reach (sc, "south", FALSE, &c);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_NONE);
  g_assert_false (rdt_reach_get_undecided (r, NULL, NULL, NULL));
  g_clear_pointer (&r, rdt_reach_unref);
  /* No turn: not decided, and it says so. */
  r = reach (sc, "south", FALSE, NULL);
  g_assert_true (rdt_reach_get_undecided (r, NULL, &rl, &dep));
  g_assert_cmpstr (rl, ==, "Germantown 3.3");
  g_assert_cmpint (dep, ==, RDT_DEPENDS_TURN);
  {
    g_autofree char *text = rdt_undecided_text (rl, dep);
    g_assert_nonnull (strstr (text, "Germantown 3.3"));
    g_assert_nonnull (strstr (text, "--turn"));
  }
}

/* The ids the editor's Game context offers (issue 12): each weather and
 * release id the restrictions name, once, in the volume's order; the
 * "not decided" text worded once for the CLI and the editor. */
static void
test_context_ids_and_text (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("g",
    "    <restriction id=\"a\" effect=\"off-road-penalty\" turns=\"4-6\" weather=\"dense-fog\" rule=\"Germantown 3.1.1\"/>\n"
    "    <restriction id=\"b\" effect=\"no-move\" units=\"x\" until-released=\"sullivan\" rule=\"R1\"/>\n"
    "    <restriction id=\"c\" effect=\"no-move\" units=\"y\" until-released=\"greene\" weather=\"dense-fog\" rule=\"R2\"/>\n"
    "    <restriction id=\"d\" effect=\"no-move\" units=\"z\" until-released=\"sullivan\" rule=\"R3\"/>\n",
    "", TWO_SIDES, UNIT ("x", "american", "infantry", "4", "0101"), 1, 10);
  g_auto(GStrv) weather = rdt_volume_dup_weather_ids (rdt_scenario_get_volume (sc));
  g_auto(GStrv) released = rdt_volume_dup_release_ids (rdt_scenario_get_volume (sc));
  g_auto(GStrv) none = rdt_volume_dup_weather_ids (NULL);
  g_autofree char *cli = rdt_undecided_text ("Germantown 3.1", RDT_DEPENDS_WEATHER);
  g_autofree char *editor = rdt_undecided_text_with_hint ("Germantown 3.1", RDT_DEPENDS_WEATHER,
                                                          RDT_UNDECIDED_HINT_SETTING);
  g_autofree char *release = rdt_undecided_text_with_hint ("R1", RDT_DEPENDS_RELEASE,
                                                           RDT_UNDECIDED_HINT_SETTING);

  g_assert_cmpuint (g_strv_length (weather), ==, 1);
  g_assert_cmpstr (weather[0], ==, "dense-fog");
  g_assert_cmpuint (g_strv_length (released), ==, 2);
  g_assert_cmpstr (released[0], ==, "sullivan");
  g_assert_cmpstr (released[1], ==, "greene");
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_cmpstr (cli, ==, "not decided: Germantown 3.1 depends on the weather; pass --weather");
  g_assert_cmpstr (editor, ==, "not decided: Germantown 3.1 depends on the weather; set the weather");
  g_assert_cmpstr (release, ==, "not decided: R1 depends on the releases made; set the releases made");
}

static void
test_germantown_fog (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("g",
    "    <restriction id=\"fog\" effect=\"off-road-penalty\" turns=\"1-3\" rule=\"Germantown 3.1.1\"/>\n"
    "    <restriction id=\"fog-rolled\" effect=\"off-road-penalty\" turns=\"4-6\" weather=\"dense-fog\" "
    "rule=\"Germantown 3.1.1\"/>\n",
    "    <hexside at=\"0101|0102\" road=\"road\"/>\n    <hexside at=\"0102|0103\" road=\"road\"/>\n"
    "    <hexside at=\"0103|0104\" road=\"road\"/>\n", TWO_SIDES,
    UNIT ("va", "american", "infantry", "3", "0101") UNIT ("gb", "british", "infantry", "4", "0808"), 1, 10);
  g_autoptr(RdtReach) r = NULL;
  const char *rl = NULL;
  RdtDepends dep;
  RdtGameContext c;

  /* Turn 2, dense fog: along the road the full 3 MP... */
  context (&c, 2, NULL);
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (ok (r, sc, "0104"));
  g_assert_false (flags (r, sc, "0104") & RDT_REACH_OFF_ROAD);
  /* ...off it, 1 MP less (3.1.1). */
  g_assert_true (ok (r, sc, "0301"));
  g_assert_true (flags (r, sc, "0301") & RDT_REACH_OFF_ROAD);
  g_assert_false (ok (r, sc, "0401"));
  g_assert_cmpstr (why (r, sc, "0401"), ==, "allowance");
  g_clear_pointer (&r, rdt_reach_unref);
  /* Turn 7: clear. */
  context (&c, 7, NULL);
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (ok (r, sc, "0401"));
  g_clear_pointer (&r, rdt_reach_unref);
  /* Turn 5, the weather not told: not decided where it matters. */
  context (&c, 5, NULL);
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (flags (r, sc, "0401") & RDT_REACH_UNDECIDED);
  g_assert_true (rdt_reach_get_undecided (r, &(RdtHex) { hx (sc, "0401").col, hx (sc, "0401").row }, &rl, &dep));
  g_assert_cmpint (dep, ==, RDT_DEPENDS_WEATHER);
  g_assert_false (flags (r, sc, "0301") & RDT_REACH_UNDECIDED);
  g_assert_false (flags (r, sc, "0104") & RDT_REACH_UNDECIDED);
  g_clear_pointer (&r, rdt_reach_unref);
  c.weather = "dense-fog";
  r = reach (sc, "va", FALSE, &c);
  g_assert_false (ok (r, sc, "0401"));
}

static void
test_germantown_3_4 (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("g",
    "    <restriction id=\"blocked\" effect=\"blocked-entry\" placement=\"arriving\" arrival-turn=\"true\" "
    "rule=\"Germantown 3.4\"/>\n",
    "    <entry id=\"A-1\" at=\"0401\" name=\"A-1\"/>\n", TWO_SIDES,
    "    <unit id=\"va\" name=\"1st Virginia\" side=\"american\" kind=\"infantry\" movement=\"2\">"
    "<step strength=\"2\" morale=\"0\"/><arrive turn=\"2\" entry=\"A-1\"/></unit>\n"
    UNIT ("gb", "british", "infantry", "4", "0402"), 1, 10);
  g_autoptr(RdtReach) r = NULL;
  const char *rl = NULL;
  RdtDepends dep;
  RdtGameContext c;

  /* 0401 is in the ZOC of the British unit in 0402: on the arrival turn the
   * unit enters at the nearest unblocked hexes, two away (0201, 0601...),
   * paying their cost. */
  context (&c, 2, NULL);
  r = reach (sc, "va", FALSE, &c);
  g_assert_true (ok (r, sc, "0201"));
  g_assert_true (flags (r, sc, "0201") & RDT_REACH_OTHER_ENTRY);
  {
    RdtReachHex e;
    g_assert_true (rdt_reach_lookup (r, hx (sc, "0201"), &e));
    g_assert_cmpint (e.cost_halves, ==, 2);
  }
  g_assert_true (ok (r, sc, "0101"));
  /* Not the hexes next to the enemy (in its ZOC) as a place of entry. */
  g_assert_false (flags (r, sc, "0101") & RDT_REACH_ZOC_STOP);
  g_clear_pointer (&r, rdt_reach_unref);
  /* Without the turn: not decided. */
  r = reach (sc, "va", FALSE, NULL);
  g_assert_true (rdt_reach_get_undecided (r, NULL, &rl, &dep));
  g_assert_cmpstr (rl, ==, "Germantown 3.4");
  g_assert_cmpint (dep, ==, RDT_DEPENDS_TURN);
}

/* ---- Savannah 4.1, 4.19 ----------------------------------------------- */

#define ALLIES \
  "    <side id=\"british\" name=\"British\"/>\n" \
  "    <side id=\"american\" name=\"American\" player=\"allies\"/>\n" \
  "    <side id=\"french\" name=\"French\" player=\"allies\"/>\n"

static void
test_savannah_4_1 (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("sv",
    "    <restriction id=\"fa\" effect=\"no-end-with\" side=\"french\" kinds=\"infantry dragoons artillery\" "
    "with-units=\"continental\" with-combat=\"true\" exempt=\"pulaski\" may-retreat=\"true\" rule=\"Savannah 4.1\"/>\n"
    "    <restriction id=\"af\" effect=\"no-end-with\" side=\"american\" kinds=\"infantry dragoons artillery\" "
    "exempt=\"pulaski\" with-units=\"french\" with-combat=\"true\" may-retreat=\"true\" rule=\"Savannah 4.1\"/>\n",
    "", ALLIES,
    "    <unit id=\"foix\" name=\"Foix\" side=\"french\" nationality=\"french\" kind=\"infantry\" movement=\"4\">"
    "<step strength=\"2\" morale=\"0\"/><setup hex=\"0101\"/></unit>\n"
    "    <unit id=\"sc1\" name=\"1st S.C.\" side=\"american\" nationality=\"continental\" kind=\"infantry\" movement=\"4\">"
    "<step strength=\"2\" morale=\"0\"/><setup hex=\"0102\"/></unit>\n"
    "    <unit id=\"pulaski\" name=\"Pulaski\" side=\"american\" nationality=\"continental\" kind=\"dragoons\" movement=\"4\">"
    "<step strength=\"1\" morale=\"0\"/><setup hex=\"0301\"/></unit>\n"
    UNIT ("gb", "british", "infantry", "4", "0808"), 1, 25);
  g_autoptr(RdtReach) r = reach (sc, "foix", FALSE, NULL);
  g_autoptr(RdtRetreat) rt = NULL;
  guint f = 0;

  /* From the volume data, no options: pass through, not end. */
  g_assert_false (ok (r, sc, "0102"));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "volume-stacking");
  g_assert_cmpstr (rule (r, sc, "0102"), ==, "Savannah 4.1");
  g_assert_true (ok (r, sc, "0103"));
  /* Pulaski's Legion is excepted. */
  g_assert_true (ok (r, sc, "0301"));
  /* A retreat may stack them; they must unstack next movement phase. */
  rt = retreat (sc, "foix", NULL);
  g_assert_true (retreat_end (rt, sc, "0102", &f));
  g_assert_true (f & RDT_RETREAT_MUST_UNSTACK);
}

static void
test_savannah_4_1_negro_volunteers (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("sv",
    "    <restriction id=\"nv\" effect=\"no-end-with\" units=\"negro-volunteers\" with-units=\"kings-florida-rangers\" "
    "may-pass=\"false\" rule=\"Savannah 4.1\"/>\n",
    "", TWO_SIDES,
    UNIT ("negro-volunteers", "british", "infantry", "4", "0101")
    UNIT ("kings-florida-rangers", "british", "infantry", "4", "0102")
    UNIT ("va", "american", "infantry", "4", "0808"), 1, 25);
  g_autoptr(RdtReach) r = reach (sc, "negro-volunteers", FALSE, NULL);
  g_autoptr(RdtRetreat) rt = NULL;

  /* Never passes through them: 0103 only around. */
  g_assert_false (ok (r, sc, "0102"));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "volume-stacking");
  g_assert_true (ok (r, sc, "0103"));
  g_assert_cmpint (flags (r, sc, "0103") & RDT_REACH_PASS_ONLY, ==, 0);
  {
    g_autoptr(GArray) path = rdt_reach_dup_path (r, hx (sc, "0103"));
    for (guint i = 0; i < path->len; i++)
      g_assert_false (g_array_index (path, RdtHex, i).col == 1 && g_array_index (path, RdtHex, i).row == 2);
  }
  /* Nor retreats into them (captured instead when that is all). */
  rt = retreat (sc, "negro-volunteers", NULL);
  g_assert_false (retreat_end (rt, sc, "0102", NULL));
}

/* ---- Savannah 4.1 French classes, from the bundled volume --------------- */

/* The bundled Savannah volume's 4.1 restrictions (data/volumes/savannah.xml),
 * so the tests read the rules as the volume states them (transfer full). */
static char *
savannah_4_1_restrictions (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root != NULL ? root : ".", "data", "volumes", "savannah.xml", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GString *out = g_string_new (NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "<restriction ") != NULL && strstr (lines[i], "rule=\"Savannah 4.1\"") != NULL)
      g_string_append_printf (out, "  %s\n", lines[i]);
  g_assert_nonnull (strstr (out->str, "undecided-classes="));
  return g_string_free (out, FALSE);
}

/* A French unit (class "" = not stated). */
#define FRENCH(id, kind, cls, hex) \
  "    <unit id=\"" id "\" name=\"" id " name\" side=\"french\" nationality=\"french\"" \
  cls " kind=\"" kind "\" movement=\"4\"><step strength=\"2\" morale=\"0\"/><setup hex=\"" hex "\"/></unit>\n"
#define CLASS(c) " class=\"" c "\""
#define FRENCH_LEADER(id, hex) \
  "    <leader id=\"" id "\" name=\"" id " name\" side=\"french\" nationality=\"french\" rank=\"1\" " \
  "cc-drm=\"0\" leadership-drm=\"0\" movement=\"6\"><setup hex=\"" hex "\"/></leader>\n"

static RdtScenario *
savannah_french (const char *units)
{
  g_autofree char *rs = savannah_4_1_restrictions ();

  return load_xml ("sv", rs, "", ALLIES, units, 1, 25);
}

static gboolean
hex_undecided (RdtReach    *r,
               RdtScenario *sc,
               const char  *label,
               const char **out_rule,
               RdtDepends  *out_depends)
{
  RdtHex h = hx (sc, label);

  return rdt_reach_get_undecided (r, &h, out_rule, out_depends);
}

static void
test_savannah_4_1_classes_unknown (void)
{
  g_autoptr(RdtScenario) sc = savannah_french (
    FRENCH ("foix", "infantry", "", "0101")
    FRENCH ("auxerrois", "infantry", "", "0103")
    FRENCH ("volunteers", "infantry", CLASS ("colonial-militia"), "0301")
    FRENCH ("mercenaries", "infantry", CLASS ("mercenary"), "0501")
    FRENCH ("battery", "artillery", "", "0105")
    UNIT ("gb", "british", "infantry", "4", "0808"));
  g_autoptr(RdtReach) r = reach (sc, "foix", FALSE, NULL);
  g_autoptr(RdtReach) m = NULL;
  g_autoptr(RdtRetreat) rt = NULL;
  const char *rl = NULL;
  RdtDepends dep = RDT_DEPENDS_NOTHING;
  g_autofree char *text = NULL;

  /* Two French units of unknown class: not decided, never "legal". */
  g_assert_true (ok (r, sc, "0103"));
  g_assert_true (flags (r, sc, "0103") & RDT_REACH_UNDECIDED);
  g_assert_true (hex_undecided (r, sc, "0103", &rl, &dep));
  g_assert_cmpstr (rl, ==, "Savannah 4.1");
  g_assert_cmpint (dep, ==, RDT_DEPENDS_UNIT_DATA);
  /* Passing through is decided (4.1: they may pass through). */
  g_assert_false (flags (r, sc, "0104") & RDT_REACH_UNDECIDED);
  /* With a stated Colonial Militia unit: still not decided. */
  g_assert_true (flags (r, sc, "0301") & RDT_REACH_UNDECIDED);
  /* With the Mercenary Regiment or artillery: no class can conflict. */
  g_assert_false (flags (r, sc, "0501") & RDT_REACH_UNDECIDED);
  g_assert_false (flags (r, sc, "0105") & RDT_REACH_UNDECIDED);
  g_assert_false (flags (r, sc, "0102") & RDT_REACH_UNDECIDED);
  /* The mercenaries stack freely with every class (4.1). */
  m = reach (sc, "mercenaries", FALSE, NULL);
  g_assert_false (flags (m, sc, "0103") & RDT_REACH_UNDECIDED);
  /* A retreat may stack them anyway (4.1 Exception): decided. */
  rt = retreat (sc, "foix", NULL);
  g_assert_true (retreat_end (rt, sc, "0102", NULL));
  /* The text says what to enter, and where. */
  text = rdt_undecided_text (rl, dep);
  g_assert_cmpstr (text, ==, "not decided: Savannah 4.1 depends on the units' class (counter stripe colour); "
                             "enter it in the scenario");
  g_assert_cmpstr (rdt_depends_get_id (RDT_DEPENDS_UNIT_DATA), ==, "unit-data");
}

static void
test_savannah_4_1_regulars_militia (void)
{
  g_autoptr(RdtScenario) sc = savannah_french (
    FRENCH ("foix", "infantry", CLASS ("regular"), "0101")
    FRENCH ("volunteers", "infantry", CLASS ("colonial-militia"), "0102")
    UNIT ("gb", "british", "infantry", "4", "0808"));
  g_autoptr(RdtReach) r = reach (sc, "foix", FALSE, NULL);
  g_autoptr(RdtReach) v = NULL;
  g_autoptr(RdtRetreat) rt = NULL;
  guint f = 0;

  /* Refused at the end, decided (no "not decided"). */
  g_assert_false (ok (r, sc, "0102"));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "volume-stacking");
  g_assert_cmpstr (rule (r, sc, "0102"), ==, "Savannah 4.1");
  g_assert_false (hex_undecided (r, sc, "0103", NULL, NULL));
  /* But may pass through: 0103 straight on, through 0102. */
  g_assert_true (ok (r, sc, "0103"));
  g_assert_cmpint (flags (r, sc, "0103") & RDT_REACH_UNDECIDED, ==, 0);
  {
    g_autoptr(GArray) path = rdt_reach_dup_path (r, hx (sc, "0103"));
    g_assert_cmpuint (path->len, ==, 3);
  }
  /* Either way round. */
  v = reach (sc, "volunteers", FALSE, NULL);
  g_assert_false (ok (v, sc, "0101"));
  g_assert_cmpstr (rule (v, sc, "0101"), ==, "Savannah 4.1");
  /* A retreat may stack them; they must unstack. */
  rt = retreat (sc, "foix", NULL);
  g_assert_true (retreat_end (rt, sc, "0102", &f));
  g_assert_true (f & RDT_RETREAT_MUST_UNSTACK);
  /* The canonical form keeps the class and the restriction's classes. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = rdt_scenario_to_bytes (sc, &error);
    g_autoptr(RdtScenario) again = NULL;
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_assert_nonnull (strstr (text, " class=\"colonial-militia\" "));
    g_assert_nonnull (strstr (text, " undecided-classes=\"regular colonial-militia\" "));
    again = rdt_scenario_load_from_bytes (bytes, "again.redoubt", NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (rdt_scenario_get_unit (again, 0)->unit_class, ==, "regular");
  }
}

static void
test_savannah_4_1_militia_artillery_leaders (void)
{
  g_autoptr(RdtScenario) sc = savannah_french (
    FRENCH ("volunteers", "infantry", CLASS ("colonial-militia"), "0101")
    FRENCH ("battery", "artillery", CLASS ("regular"), "0102")
    FRENCH ("mortars", "mortar", "", "0103")
    FRENCH_LEADER ("dillon", "0301")
    UNIT ("gb", "british", "infantry", "4", "0808"));
  g_autoptr(RdtReach) r = reach (sc, "volunteers", FALSE, NULL);
  g_autoptr(RdtReach) b = reach (sc, "battery", FALSE, NULL);

  /* French artillery (mortars too) and leaders stack with the militia. */
  g_assert_true (ok (r, sc, "0102"));
  g_assert_false (flags (r, sc, "0102") & RDT_REACH_UNDECIDED);
  g_assert_true (ok (r, sc, "0103"));
  g_assert_false (flags (r, sc, "0103") & RDT_REACH_UNDECIDED);
  g_assert_true (ok (r, sc, "0301"));
  g_assert_false (flags (r, sc, "0301") & RDT_REACH_UNDECIDED);
  g_assert_true (ok (b, sc, "0101"));
  g_assert_false (flags (b, sc, "0101") & RDT_REACH_UNDECIDED);
}

static void
test_savannah_4_1_colonial_stack_freely (void)
{
  g_autoptr(RdtScenario) sc = savannah_french (
    FRENCH ("volunteers", "infantry", CLASS ("colonial-militia"), "0101")
    FRENCH ("martinique", "infantry", CLASS ("colonial-regular"), "0102")
    FRENCH ("dillons-irish", "infantry", CLASS ("mercenary"), "0103")
    FRENCH ("foix", "infantry", CLASS ("regular"), "0501")
    UNIT ("gb", "british", "infantry", "4", "0808"));
  g_autoptr(RdtReach) r = reach (sc, "volunteers", FALSE, NULL);
  g_autoptr(RdtReach) c = reach (sc, "martinique", FALSE, NULL);
  g_autoptr(RdtReach) f = reach (sc, "foix", FALSE, NULL);

  g_assert_true (ok (r, sc, "0102"));
  g_assert_false (flags (r, sc, "0102") & RDT_REACH_UNDECIDED);
  g_assert_true (ok (r, sc, "0103"));
  g_assert_false (flags (r, sc, "0103") & RDT_REACH_UNDECIDED);
  g_assert_true (ok (c, sc, "0101"));
  g_assert_true (ok (c, sc, "0103"));
  /* Regulars stack with colonial regulars and the mercenaries. */
  g_assert_true (ok (f, sc, "0102"));
  g_assert_false (flags (f, sc, "0102") & RDT_REACH_UNDECIDED);
  g_assert_true (ok (f, sc, "0103"));
}

static void
test_savannah_4_1_negro_volunteers_bundled (void)
{
  g_autofree char *rs = savannah_4_1_restrictions ();
  g_autoptr(RdtScenario) sc = load_xml ("sv", rs, "", ALLIES,
    UNIT ("negro-volunteers", "british", "infantry", "4", "0101")
    UNIT ("georgia-loyalists", "british", "infantry", "4", "0102")
    UNIT ("chatham-county-militia", "british", "militia", "4", "0301")
    UNIT ("60th-foot", "british", "infantry", "4", "0501")
    UNIT ("va", "american", "infantry", "4", "0808"), 1, 25);
  g_autoptr(RdtReach) r = reach (sc, "negro-volunteers", FALSE, NULL);
  g_autoptr(RdtReach) g = reach (sc, "georgia-loyalists", FALSE, NULL);

  /* The volume's 4.1 list: never ends with nor passes through them. */
  g_assert_false (ok (r, sc, "0102"));
  g_assert_cmpstr (rule (r, sc, "0102"), ==, "Savannah 4.1");
  g_assert_false (ok (r, sc, "0301"));
  {
    g_autoptr(GArray) path = rdt_reach_dup_path (r, hx (sc, "0103"));
    for (guint i = 0; i < path->len; i++)
      g_assert_false (g_array_index (path, RdtHex, i).col == 1 && g_array_index (path, RdtHex, i).row == 2);
  }
  /* Other British units are not on the list. */
  g_assert_true (ok (r, sc, "0501"));
  /* Either way round. */
  g_assert_false (ok (g, sc, "0101"));
}

static void
test_savannah_4_1_cli_not_decided (void)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GBytes) xml = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = -1;
  int fd;

  g_assert_nonnull (cli);
  {
    g_autoptr(RdtScenario) sc = savannah_french (
      FRENCH ("foix", "infantry", "", "0101")
      FRENCH ("auxerrois", "infantry", "", "0103")
      UNIT ("gb", "british", "infantry", "4", "0808"));
    xml = rdt_scenario_to_bytes (sc, &error);
    g_assert_no_error (error);
  }
  g_assert_nonnull (xml);
  fd = g_file_open_tmp ("test-restrictions-XXXXXX.redoubt", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (xml, NULL), (gssize) g_bytes_get_size (xml), NULL));
  {
    const char *argv[] = { cli, "moves", path, "foix", "--to", "0103", NULL };
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  }
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 4);
  g_assert_nonnull (strstr (out, "Savannah 4.1"));
  g_assert_nonnull (strstr (out, "enter it in the scenario"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* Past the stack, the answer is decided (exit 0). */
  {
    const char *argv[] = { cli, "moves", path, "foix", "--to", "0104", NULL };
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  }
  g_assert_no_error (error);
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_unlink (path);
}

static void
test_savannah_4_19 (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("sv",
    "    <restriction id=\"swamp\" effect=\"no-minimum-move\" terrain=\"swamp\" rule=\"Savannah 4.19\"/>\n"
    "    <restriction id=\"mortars\" effect=\"no-minimum-move\" kinds=\"mortar\" rule=\"Savannah 4.19\"/>\n"
    "    <restriction id=\"naval\" effect=\"no-minimum-move\" units=\"naval-battery\" rule=\"Savannah 4.19\"/>\n",
    "    <hex at=\"0102\" terrain=\"swamp\"/>\n    <hex at=\"0302\" terrain=\"swamp\"/>\n"
    "    <hex at=\"0502\" terrain=\"swamp\"/>\n    <hex at=\"0702\" terrain=\"swamp\"/>\n", TWO_SIDES,
    UNIT ("foot", "american", "infantry", "1", "0101") UNIT ("mortar", "american", "mortar", "2", "0301")
    UNIT ("naval-battery", "british", "artillery", "2", "0501") UNIT ("guns", "british", "artillery", "2", "0701"), 1, 25);
  g_autoptr(RdtReach) r = reach (sc, "foot", FALSE, NULL);

  /* Yamacraw Swamp: not by the minimum move, whoever moves. */
  g_assert_false (ok (r, sc, "0102"));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "no-minimum-move");
  g_assert_cmpstr (rule (r, sc, "0102"), ==, "Savannah 4.19");
  g_clear_pointer (&r, rdt_reach_unref);
  /* Now clear ground for the others: 3 MP of swamp against 2 MP. */
  r = reach (sc, "mortar", FALSE, NULL);
  g_assert_false (ok (r, sc, "0302"));
  g_clear_pointer (&r, rdt_reach_unref);
  r = reach (sc, "naval-battery", FALSE, NULL);
  g_assert_false (ok (r, sc, "0502"));
  g_clear_pointer (&r, rdt_reach_unref);
  /* An artillery unit that is not naval: excluded only in the swamp. */
  r = reach (sc, "guns", FALSE, NULL);
  g_assert_false (ok (r, sc, "0702"));
  g_assert_true (ok (r, sc, "0602"));
}

/* ---- The format ------------------------------------------------------- */

static void
test_restriction_round_trip (void)
{
  g_autoptr(RdtScenario) sc = load_xml ("b", BIVOUAC
    "    <restriction id=\"nv\" effect=\"no-end-with\" units=\"a b\" with-kinds=\"infantry leader\" with-units=\"c\" "
    "with-combat=\"true\" may-pass=\"false\" may-retreat=\"true\" rule=\"Savannah 4.1\" note=\"n\"/>\n",
    BIVOUAC_AREA, TWO_SIDES, UNIT ("va", "american", "infantry", "4", "0102"), 1, 12);
  g_autoptr(GBytes) once = rdt_scenario_to_bytes (sc, NULL);
  g_autoptr(RdtScenario) again = rdt_scenario_load_from_bytes (once, "again", NULL, NULL);
  g_autoptr(GBytes) twice = NULL;
  RdtVolume *v = rdt_scenario_get_volume (sc);
  const RdtRestriction *r;

  g_assert_nonnull (again);
  twice = rdt_scenario_to_bytes (again, NULL);
  g_assert_true (g_bytes_equal (once, twice));
  g_assert_cmpuint (rdt_volume_get_n_restrictions (v), ==, 2);
  r = rdt_volume_get_restriction (v, 0);
  g_assert_cmpint (r->effect, ==, RDT_RESTRICTION_NO_ENTER);
  g_assert_true (r->on_move && r->on_retreat && r->outside);
  g_assert_cmpint (r->first_turn, ==, 1);
  g_assert_cmpint (r->last_turn, ==, 5);
  g_assert_cmpstr (r->until_released, ==, "sullivan");
  r = rdt_volume_get_restriction (v, 1);
  g_assert_false (r->may_pass);
  g_assert_true (r->may_retreat && r->with_combat);
  g_assert_nonnull (strstr (g_bytes_get_data (once, NULL), "with-kinds=\"infantry leader\""));
}

static void
test_restriction_validation (void)
{
  const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"v\"><title>t</title>"
    "<volume id=\"t\"><title>t</title><series-rules edition=\"current\"/>"
    "<stacking max-sp=\"6\" max-artillery=\"1\" rule=\"7.1\"/>"
    "<terrain id=\"clear\" name=\"Clear\" mp=\"1\"/>"
    "<restriction id=\"a\" effect=\"no-move\" states=\"nonesuch\" rule=\"X 1\"/>"
    "<restriction id=\"b\" effect=\"no-end\" terrain=\"nowhere\" area=\"missing\" rule=\"X 2\"/>"
    "</volume><map default-terrain=\"clear\"><grid columns=\"4\" rows=\"4\" first-column=\"1\" "
    "first-row=\"1\" orientation=\"flat-top\" shift=\"odd\"/></map>"
    "<sides><side id=\"a\" name=\"A\"/><side id=\"b\" name=\"B\"/></sides><turns first=\"1\" count=\"2\"/>"
    "<units/></scenario>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, strlen (xml));
  g_autoptr(GPtrArray) diags = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_diagnostic_free);
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_bytes (bytes, "v.redoubt", diags, NULL);
  guint errors = 0, area_warnings = 0;

  g_assert_nonnull (sc);
  for (guint i = 0; i < diags->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diags, i);
      if (d->severity == RDT_SEVERITY_ERROR && g_strcmp0 (d->element, "restriction") == 0)
        errors++;
      if (d->severity == RDT_SEVERITY_WARNING && strstr (d->message, "“missing”") != NULL)
        area_warnings++;
    }
  g_assert_cmpuint (errors, ==, 2);
  g_assert_cmpuint (area_warnings, ==, 1);
}

/* ---- 8.1: the fieldwork hexside's zoc ---------------------------------- */

static void
test_fieldwork_zoc_attribute (void)
{
  /* zoc on a fieldwork type: whether a ZOC crosses it into the symbol hex.
   * 8.1: false, out of but not into; true: both ways. */
  g_autoptr(RdtScenario) sc = load_xml ("f", "",
    "    <hexside at=\"0102|0103\" fieldwork=\"fieldwork\" symbol=\"0102\"/>\n"
    "    <hexside at=\"0502|0503\" fieldwork=\"open-work\" symbol=\"0502\"/>\n", TWO_SIDES,
    UNIT ("in", "british", "infantry", "4", "0102") UNIT ("out", "american", "infantry", "4", "0103")
    UNIT ("in2", "british", "infantry", "4", "0502") UNIT ("out2", "american", "infantry", "4", "0503"), 1, 10);
  g_autoptr(RdtBoard) board = rdt_board_new_from_scenario (sc, NULL, NULL);

  g_assert_nonnull (board);
  g_assert_true (rdt_zoc_reason_exerts (rdt_zoc_unit_into (board, 0, hx (sc, "0103"))));
  g_assert_cmpint (rdt_zoc_unit_into (board, 1, hx (sc, "0102")), ==, RDT_ZOC_REASON_INTO_FIELDWORKS);
  g_assert_true (rdt_zoc_reason_exerts (rdt_zoc_unit_into (board, 2, hx (sc, "0503"))));
  g_assert_true (rdt_zoc_reason_exerts (rdt_zoc_unit_into (board, 3, hx (sc, "0502"))));
}

/* ---- Brandywine 4.5.5 -------------------------------------------------- */

static void
test_amusettes (void)
{
  /* Range 2 (the unit's range), enemy artillery only. */
  g_autoptr(RdtScenario) sc = load_xml ("b", "", "", TWO_SIDES,
    "    <unit id=\"amusettes\" name=\"Amusettes\" side=\"british\" kind=\"amusette\" movement=\"5\" range=\"2\">"
    "<step strength=\"1\" morale=\"0\"/><setup hex=\"0101\"/></unit>\n"
    UNIT ("foot", "american", "infantry", "4", "0202")
    UNIT ("guns", "american", "artillery", "4", "0103")
    UNIT ("far-guns", "american", "artillery", "4", "0104")
    "    <unit id=\"battery\" name=\"Battery\" side=\"british\" kind=\"artillery\" movement=\"4\">"
    "<step strength=\"1\" morale=\"0\"/><setup hex=\"0301\"/></unit>\n", 1, 12);
  g_autoptr(RdtBoard) board = rdt_board_new_from_scenario (sc, NULL, NULL);
  g_autoptr(RdtLos) los = rdt_los_new (board);
  g_autoptr(GArray) targets = NULL;

  g_assert_cmpint (rdt_los_unit_range (los, 0), ==, 2);
  targets = rdt_los_artillery_targets (los, 0);
  g_assert_cmpuint (targets->len, ==, 1);
  g_assert_cmpuint (g_array_index (targets, RdtLosTarget, 0).unit, ==, 2);   /* guns, 2 hexes */
  g_clear_pointer (&targets, g_array_unref);
  /* Ordinary artillery fires at any combat unit (11.2): the infantry too. */
  targets = rdt_los_artillery_targets (los, 4);
  {
    gboolean foot = FALSE;
    for (guint i = 0; i < targets->len; i++)
      foot |= g_array_index (targets, RdtLosTarget, i).unit == 1;
    g_assert_true (foot);
  }
}

/* ---- The bundled volumes: the rules are in the data ------------------- */

static RdtScenario *
load_bundled (const char *name)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root != NULL ? root : ".", "scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  RdtScenario *sc = rdt_scenario_load_from_file (path, NULL, &error);

  g_assert_no_error (error);
  return sc;
}

static void
test_bundled_germantown_chew_house (void)
{
  g_autoptr(RdtScenario) sc = load_bundled ("germantown.redoubt");
  g_autoptr(RdtMovement) mv = rdt_movement_new (sc, NULL);
  g_autoptr(RdtReach) r = rdt_reach_new ();
  const RdtUnit *u = NULL;
  RdtPlacement p = { 0 };
  guint index = 0;

  /* An artillery unit placed next to the Chew House passes through 3313
   * and never ends there (Germantown 3.10.1). */
  for (guint i = 0; i < rdt_scenario_get_n_units (sc); i++)
    {
      const RdtUnit *x = rdt_scenario_get_unit (sc, i);
      if (x->kind == RDT_UNIT_KIND_ARTILLERY)
        {
          u = x;
          index = i;
          break;
        }
    }
  g_assert_nonnull (u);
  p.kind = RDT_PLACEMENT_HEX;
  p.hex = hx (sc, "3312");
  g_assert_true (rdt_scenario_move_unit (sc, u->id, &p, NULL, NULL));
  g_assert_true (rdt_movement_reach_into (mv, index, NULL, r, NULL));
  g_assert_false (ok (r, sc, "3313"));
  g_assert_cmpstr (rule (r, sc, "3313"), ==, "Germantown 3.10.1");
  g_assert_true (ok (r, sc, "3314"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/restrictions/brandywine-3.6.1/bivouac-may-not-leave", test_bivouac_may_not_leave);
  g_test_add_func ("/restrictions/game-context/ids-and-not-decided-text", test_context_ids_and_text);
  g_test_add_func ("/restrictions/brandywine-3.6.1/not-decided-without-turn-or-releases", test_bivouac_not_decided);
  g_test_add_func ("/restrictions/brandywine-3.6.1.1/released-turn-6-or-early", test_bivouac_released);
  g_test_add_func ("/restrictions/brandywine-3.6.2.1/radley-run-no-end", test_radley_run);
  g_test_add_func ("/restrictions/brandywine-3.6.2.2-3.6.2.3/delaware-proctor-may-not-move", test_delaware_and_proctor);
  g_test_add_func ("/restrictions/brandywine-7.1.3.1/renwick-run-move-and-retreat", test_renwick_run);
  g_test_add_func ("/restrictions/brandywine-7.2.1.5/no-strategic-on-arrival", test_arrival_no_strategic);
  g_test_add_func ("/restrictions/savannah-4.7/no-strategic-arriving-at-a-f", test_savannah_4_7_entries);
  g_test_add_func ("/restrictions/brandywine-3.3.1/maxwell-ends-with-light-infantry", test_maxwell_stacking);
  g_test_add_func ("/restrictions/brandywine-3.3.2/stirn-not-with-british-combat-units", test_stirn_stacking);
  g_test_add_func ("/restrictions/brandywine-3.3.3/artillery-through-proctors-battery", test_proctors_battery);
  g_test_add_func ("/restrictions/germantown-3.10.1/chew-house-pass-not-end", test_chew_house);
  g_test_add_func ("/restrictions/germantown-3.10.1/chew-house-no-cavalry-retreat", test_chew_house_retreat);
  g_test_add_func ("/restrictions/germantown-3.10.1/bundled-artillery-passes", test_bundled_germantown_chew_house);
  g_test_add_func ("/restrictions/germantown-3.2.3/panicked-may-not-move", test_panic);
  g_test_add_func ("/restrictions/germantown-3.3/british-turns-1-2", test_germantown_3_3);
  g_test_add_func ("/restrictions/germantown-3.4/blocked-entry-nearest-unblocked-hex", test_germantown_3_4);
  g_test_add_func ("/restrictions/germantown-3.1.1/dense-fog-off-road-minus-one", test_germantown_fog);
  g_test_add_func ("/restrictions/savannah-4.1/french-american-pass-not-end", test_savannah_4_1);
  g_test_add_func ("/restrictions/savannah-4.1/negro-volunteers-never-pass", test_savannah_4_1_negro_volunteers);
  g_test_add_func ("/restrictions/savannah-4.1/french-classes-unknown-not-decided", test_savannah_4_1_classes_unknown);
  g_test_add_func ("/restrictions/savannah-4.1/french-regulars-militia-pass-not-end", test_savannah_4_1_regulars_militia);
  g_test_add_func ("/restrictions/savannah-4.1/french-militia-with-artillery-and-leaders",
                   test_savannah_4_1_militia_artillery_leaders);
  g_test_add_func ("/restrictions/savannah-4.1/french-colonial-and-mercenary-stack-freely",
                   test_savannah_4_1_colonial_stack_freely);
  g_test_add_func ("/restrictions/savannah-4.1/negro-volunteers-from-volume-data",
                   test_savannah_4_1_negro_volunteers_bundled);
  g_test_add_func ("/restrictions/savannah-4.1/cli-not-decided-exit-4", test_savannah_4_1_cli_not_decided);
  g_test_add_func ("/restrictions/savannah-4.19/no-minimum-move-from-data", test_savannah_4_19);
  g_test_add_func ("/restrictions/format/round-trip", test_restriction_round_trip);
  g_test_add_func ("/restrictions/format/unknown-references", test_restriction_validation);
  g_test_add_func ("/restrictions/8.1/fieldwork-zoc-attribute", test_fieldwork_zoc_attribute);
  g_test_add_func ("/restrictions/brandywine-4.5.5/amusettes-range-2-artillery-only", test_amusettes);
  return g_test_run ();
}
